package rewrite

import (
	"fmt"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// oneOf reports a word whose values are a known bounded set: each
// variable it depends on holds one of the values that different paths
// gave it (syntax.Arg.OneOf: if …; then D=build; else D=~; fi, ${x:-/}).
func oneOf(a syntax.Arg) bool { return !a.Static && a.OneOf && len(a.Candidates()) > 0 }

// candidateArgs returns the words a can be: when oneOf(a), one static word
// per value, its Raw naming the value ("$D (/root)"), so that a rule that
// judges paths judges each and the worst verdict wins; otherwise a itself.
// Every path-judging rule reads its words through it (rm-root,
// bash-delete, bash-write, chmod-recursive, secret-read, disk-write).
func candidateArgs(a syntax.Arg) []syntax.Arg {
	if !oneOf(a) {
		return []syntax.Arg{a}
	}
	return valueArgs(a, " (%s)")
}

// valueArgs returns one static word per candidate value of a (empty ones
// left out), its Raw naming the value with format ("$D (/root)").
func valueArgs(a syntax.Arg, format string) []syntax.Arg {
	out := make([]syntax.Arg, 0, len(a.Candidates()))
	for _, v := range a.Candidates() {
		if v == "" && !a.OneOf {
			continue // an unknown variable guessed empty: not a value it is given
		}
		r := a
		r.Value, r.Static, r.OneOf = v, true, false
		r.SetCandidates(nil)
		r.SetUnknown(nil)
		r.Raw = a.Raw + fmt.Sprintf(format, v)
		// A value with pattern characters is taken for a pattern when the
		// word's are unquoted, and when it is one of a bounded set: a for
		// list's pattern is one of its loop variable's values, standing
		// for every name it matches (for f in ~/*; do rm -rf "$f").
		r.Glob = (a.Glob || a.OneOf) && strings.ContainsAny(v, "*?[")
		r.SetPattern(v)
		out = append(out, r)
	}
	return out
}

// maybeArgs returns, for a word only known at run time whose values are
// not a bounded set but include some corral can compute — the ones its
// variables give when unset or empty (${x:-$HOME} is the home directory
// when x is unset) — one static word per such value, its Raw saying so
// ("${x:-$HOME} (can be /root)"). A rule judges them under
// Pass.judgeMaybe, where a deny becomes an ask: the value is possible,
// not certain. nil for a static word or a bounded set (candidateArgs).
func maybeArgs(a syntax.Arg) []syntax.Arg {
	if a.Static || a.OneOf || len(a.Candidates()) == 0 {
		return nil
	}
	return valueArgs(a, " (can be %s)")
}

// judgeMaybe runs judge with every deny it reports turned into an ask
// and every lesser finding dropped (a possible value outside the safe
// paths is not worth a question), and reports whether it reported
// anything.
func (p *Pass) judgeMaybe(judge func()) bool {
	n := len(p.findings)
	p.mayBe++
	judge()
	p.mayBe--
	return len(p.findings) > n
}
