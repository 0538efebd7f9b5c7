package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// oneOf reports a word whose values are a known bounded set: each
// variable it depends on holds one of the values that different paths
// gave it (syntax.Arg.OneOf: if …; then D=build; else D=~; fi, ${x:-/}).
func oneOf(a syntax.Arg) bool { return !a.Static && a.OneOf && len(a.Candidates) > 0 }

// candidateArgs returns the words a can be: when oneOf(a), one static word
// per value, its Raw naming the value ("$D (/root)"), so that a rule that
// judges paths judges each and the worst verdict wins; otherwise a itself.
// Every path-judging rule reads its words through it (rm-root,
// bash-delete, bash-write, chmod-recursive, secret-read, disk-write).
func candidateArgs(a syntax.Arg) []syntax.Arg {
	if !oneOf(a) {
		return []syntax.Arg{a}
	}
	out := make([]syntax.Arg, 0, len(a.Candidates))
	for _, v := range a.Candidates {
		r := a
		r.Value, r.Static, r.OneOf, r.Candidates, r.Unknown = v, true, false, nil, nil
		r.Raw = a.Raw + " (" + v + ")"
		r.Glob = a.Glob && strings.ContainsAny(v, "*?[")
		r.Pattern = v
		out = append(out, r)
	}
	return out
}
