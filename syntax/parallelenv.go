package syntax

import (
	"slices"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// GNU parallel reads $PARALLEL as words put before its own (parallel(1),
// "ENVIRONMENT VARIABLES": options, and the command too, split at blanks,
// a backslash keeping the character after it): PARALLEL='rm -rf'
// parallel ::: ~ runs rm -rf ~, as parallel rm -rf ::: ~ does.

// parallelEnvWords returns args with the words of $PARALLEL put after the
// word that starts GNU parallel (or sem), when the command runs it and
// the variable's value is known there: a prefix assignment of the same
// command, or a value the shell state holds (set earlier, or the
// environment's). ok is false when there is nothing to add.
func (w *walker) parallelEnvWords(c scope, ce *sh.CallExpr, st *state, args []Arg, inv invocation) ([]Arg, bool) {
	k := -1
	for i, name := range inv.wrappers {
		if name == "parallel" || name == "sem" {
			k = i
			break
		}
	}
	if k < 0 {
		return nil, false
	}
	text, known := "", false
	if v := st.get("PARALLEL"); v.known && v.set {
		text, known = v.str, true
	}
	for _, as := range ce.Assigns {
		if as.Name == nil || as.Name.Value != "PARALLEL" || as.Append || as.Array != nil || as.Index != nil {
			continue
		}
		text, known = "", true
		if as.Value != nil {
			a := w.resolver(c, st).arg(as.Value)
			if !a.Static {
				return nil, false
			}
			text = a.Value
		}
	}
	envAt := slices.Index(inv.wrappers, "env")
	if envAt >= 0 && envAt < k && !slices.Contains(inv.wrappers[k+1:], "env") {
		// env PARALLEL='rm -rf' parallel ::: ~
		if val, decided := inv.env.get("PARALLEL"); decided {
			if val != nil && !val.Static {
				return nil, false
			}
			text, known = "", true
			if val != nil {
				text = val.Value
			}
		}
	}
	words := parallelWords(text)
	if !known || len(words) == 0 {
		return nil, false
	}
	// The word that starts parallel: the first of that name among the
	// words the wrappers took.
	at := -1
	for i := 0; i < len(args)-len(inv.words); i++ {
		if args[i].Static && (base(args[i].Value) == "parallel" || base(args[i].Value) == "sem") {
			at = i
			break
		}
	}
	if at < 0 {
		return nil, false
	}
	out := make([]Arg, 0, len(args)+len(words))
	out = append(out, args[:at+1]...)
	for _, v := range words {
		out = append(out, Arg{Value: v, Raw: v + " (from $PARALLEL)", Static: true, Start: args[at].End, End: args[at].End})
	}
	return append(out, args[at+1:]...), true
}

// parallelWords splits $PARALLEL's value as GNU parallel does: at blanks,
// a backslash keeping the character after it.
func parallelWords(v string) []string {
	var out []string
	var cur strings.Builder
	have := false
	for i := 0; i < len(v); i++ {
		ch := v[i]
		switch {
		case ch == '\\' && i+1 < len(v):
			i++
			cur.WriteByte(v[i])
			have = true
		case ch == ' ' || ch == '\t' || ch == '\n':
			if have {
				out = append(out, cur.String())
			}
			cur.Reset()
			have = false
		default:
			cur.WriteByte(ch)
			have = true
		}
	}
	if have {
		out = append(out, cur.String())
	}
	return out
}
