package syntax

import (
	"regexp"
	"slices"
	"sort"

	sh "mvdan.cc/sh/v3/syntax"
)

// Variables bash sets itself (red team 16 SV1): BASH_ARGV0 sets $0
// (state.setVar), ~+ reads $PWD (resolver.tildeDir), and [[ S =~ RE ]]
// fills BASH_REMATCH with the part of S the regular expression matched
// and the part each group matched (bash(1), Conditional Expressions:
// "Substrings matched by parenthesized subexpressions within the regular
// expression are saved in the indexed array variable BASH_REMATCH").

// maxRematchValues bounds the values BASH_REMATCH is known to hold.
const maxRematchValues = 16

// rematch models BASH_REMATCH after a [[ ]] clause. When the clause is
// one S =~ RE with S and RE known, the match is computed (POSIX
// leftmost-longest, as regcomp's REG_EXTENDED); its elements are then
// each a candidate of an array only run time fixes (a group's match by
// another engine's rules may differ, and a failed match empties it).
// Any other =~ leaves BASH_REMATCH only known at run time.
func (w *walker) rematch(c scope, t *sh.TestClause, st *state) {
	found := false
	walkTree(t.X, func(n sh.Node) bool {
		if b, ok := n.(*sh.BinaryTest); ok && b.Op == sh.TsReMatch {
			found = true
		}
		switch n.(type) {
		case *sh.CmdSubst, *sh.ProcSubst:
			return false
		}
		return !found
	})
	if !found {
		return
	}
	unknown := variable{array: true}
	b, ok := t.X.(*sh.BinaryTest)
	if !ok || b.Op != sh.TsReMatch {
		st.setVar("BASH_REMATCH", unknown)
		return
	}
	left, lok := b.X.(*sh.Word)
	right, rok := b.Y.(*sh.Word)
	if !lok || !rok {
		st.setVar("BASH_REMATCH", unknown)
		return
	}
	s := w.resolver(c, st).arg(left)
	expr, ok := w.regexText(c, st, right)
	if !s.Static || !ok {
		st.setVar("BASH_REMATCH", unknown)
		return
	}
	re, err := regexp.CompilePOSIX(expr)
	if err != nil {
		st.setVar("BASH_REMATCH", unknown)
		return
	}
	m := re.FindStringSubmatch(s.Value)
	vals := append([]string{""}, m...)
	sort.Strings(vals)
	vals = slices.Compact(vals)
	if len(vals) > maxRematchValues {
		st.setVar("BASH_REMATCH", unknown)
		return
	}
	st.setVar("BASH_REMATCH", variable{array: true, cands: vals, candLen: max(len(m), 1)})
}

// regexText returns the regular expression the right side of =~ makes:
// unquoted literal text as written, quoted text matched literally.
func (w *walker) regexText(c scope, st *state, wd *sh.Word) (string, bool) {
	var out []byte
	for _, p := range wd.Parts {
		switch p := p.(type) {
		case *sh.Lit:
			out = append(out, p.Value...)
		case *sh.SglQuoted:
			if p.Dollar {
				return "", false
			}
			out = append(out, regexp.QuoteMeta(p.Value)...)
		case *sh.DblQuoted:
			a := w.resolver(c, st).arg(&sh.Word{Parts: []sh.WordPart{p}})
			if !a.Static {
				return "", false
			}
			out = append(out, regexp.QuoteMeta(a.Value)...)
		default:
			return "", false
		}
	}
	return string(out), true
}
