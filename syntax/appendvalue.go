package syntax

import (
	"slices"
	"sort"

	sh "mvdan.cc/sh/v3/syntax"
)

// appendedValue is the value x+=WORD gives a scalar x when the old value
// or the word is not known: the old value (or the values it can take)
// followed by each value the word can take, as x=$x$WORD gives (red team
// 16 AR1: while read -r l; do x+=$l; done <<< ~; rm -rf "$x" removed the
// home directory, where x was judged a value only run time knows with no
// candidates, which rm -rf "$x" passes). A variable never assigned may
// come from the environment: it is then any value, of which the empty
// one is tried, so x is not known but may be each value (maybe), never a
// harmless guess. ok is false when the values are not bounded (the word
// has no candidates, too many of them, longer together than
// MaxValueBytes, or past the analysis's MaxServedBytes), or x is an
// array, a name reference or an integer.
func appendedValue(st *state, old variable, val Arg) (variable, bool) {
	if old.array || old.nameref || old.integer {
		return variable{}, false
	}
	var olds []string
	oneOf := true
	switch {
	case old.known && old.set:
		olds = []string{old.str}
	case old.known:
		olds = []string{""} // unset
	case len(old.cands) > 0:
		olds = old.cands
	case len(old.maybe) > 0:
		olds, oneOf = old.maybe, false
	default:
		olds, oneOf = []string{""}, false
	}
	var adds []string
	switch {
	case val.Static:
		adds = []string{val.Value}
	case len(val.Candidates()) > 0:
		adds, oneOf = val.Candidates(), oneOf && val.OneOf
	default:
		return variable{}, false
	}
	if len(olds)*len(adds) > MaxCandidates {
		return variable{}, false
	}
	var out []string
	size := 0
	for _, o := range olds {
		for _, a := range adds {
			// The values together stay within the value budget
			// (valuebudget.go): x+=$x repeated doubles them.
			if size += len(o) + len(a); size > MaxValueBytes {
				return variable{}, false
			}
			out = append(out, o+a)
		}
	}
	if !st.serve(int64(size)) {
		return variable{}, false // the analysis has built enough values
	}
	sort.Strings(out)
	out = slices.Compact(out)
	switch {
	case oneOf && len(out) == 1:
		return variable{known: true, set: true, str: out[0]}, true
	case oneOf:
		return variable{cands: out}, true
	}
	return variable{maybe: out, nonEmpty: !slices.Contains(out, "")}, true
}

// carryParams gives v, a value not known that word assigns (y=$x,
// x+=$l, x="$x,$l"), the text the variables the word expands carry into
// bash's arithmetic: a program's output (wroteRead: git log … | while
// read -r l; do x+=$l; done's l) and the values files give (fileVals).
// A value rebuilt from such text still holds it, and $((x)) of it runs
// a[$(cmd)] in it (red team 16 AR1). ${#x} (a length) and ${!x} (another
// variable) carry nothing of x's text.
func carryParams(st *state, wd *sh.Word, v *variable) {
	if wd == nil || v.known {
		return
	}
	walkTree(wd, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.CmdSubst, *sh.ProcSubst, *sh.ArithmExp:
			return false
		case *sh.ParamExp:
			if n.Param == nil || n.Excl || n.Length || n.Width {
				return true
			}
			sv := st.get(n.Param.Value)
			if sv.known {
				return true
			}
			if v.wroteRead == nil && sv.wroteRead != nil {
				v.wroteRead, v.wrotePath = sv.wroteRead, sv.wrotePath
			}
			if len(sv.fileVals) > 0 {
				vals := append(slices.Clone(v.fileVals), sv.fileVals...)
				sort.Strings(vals)
				vals = slices.Compact(vals)
				if len(vals) > MaxReadLines {
					vals = vals[:MaxReadLines]
				}
				v.fileVals = vals
			}
		}
		return true
	})
}
