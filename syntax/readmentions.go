package syntax

import (
	"path"
	"slices"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// A value a command substitution prints reaches a variable by more
// routes than x=$(…) (whose mentions substmentions.go gives): read takes
// a line of a pipe, a process substitution or a here-string (cmd | while
// read -r f, read -r f < <(cmd), read -r f <<< "$(cmd)"), and a for loop
// each word of its list (for f in $(cmd)). When corral does not compute
// what the program prints, the variable may hold any of the path-like
// tokens of the program's text, as the substitution may (red team 20:
// command echo ~/.bashrc | while read -r f; do rm -f "$f"; done deleted
// ~/.bashrc). The tokens are values it may hold among others (maybe),
// never the only ones.

// readMentions returns the values the variables read fills may hold
// when its input is the output of commands corral does not compute: the
// path-like tokens of their text (the stage before it in a pipeline, or
// the process substitution it reads), or the values a here-string's
// word may take. Sorted, at most MaxCandidates; nil when there are none.
func (w *walker) readMentions(c scope, call *Call, st *state) []string {
	in := call.Fd(readFd(call))
	if in.Kind != StreamPipe {
		return nil
	}
	r := w.resolver(c, st)
	if r.mask {
		return nil
	}
	home := ""
	if v := r.env().Get("HOME"); v.IsSet() && v.Str != "" {
		home = v.Str
	}
	var found []string
	switch {
	case in.Redirect.Node != nil && in.Redirect.Node.Op == sh.WordHdoc && in.Redirect.Node.Word != nil:
		// read -r f <<< "$(cmd)": what the word may hold.
		a := r.arg(in.Redirect.Node.Word)
		if a.Static {
			return nil
		}
		found = slices.Clone(a.Candidates())
	case in.Pipe != nil && !in.Pipe.Coproc && in.Pipe.Subst == "" && in.Stage > 0 && in.Stage <= len(in.Pipe.Stmts):
		found = mentionPaths(r.spanText(in.Pipe.Stmts[in.Stage-1], in.Pipe.Stmts[in.Stage-1]), home)
		// ls -A ~ | grep rc | while read f: the names the listing
		// prints now (listedinputs.go).
		found = append(r.listedValues(in.Pipe.Stmts[:in.Stage]), found...)
	case in.Pipe != nil && !in.Pipe.Coproc && in.Pipe.Subst == "<(" && len(in.Pipe.Stmts) == 2:
		found = mentionPaths(r.spanText(in.Pipe.Stmts[0], in.Pipe.Stmts[1]), home)
	}
	found = slices.DeleteFunc(found, func(s string) bool { return s == "" })
	if len(found) == 0 {
		return nil
	}
	return topMentions(found, home)
}

// spanText is the source text from the start of node a to the end of
// node b ("" when outside the source).
func (r *resolver) spanText(a, b sh.Node) string {
	s, e := int(a.Pos().Offset()), int(b.End().Offset())
	if s < 0 || e > len(r.src) || s > e {
		return ""
	}
	return r.src[s:e]
}

// mentionPaths are the path-like tokens of a program's text
// (mentionTokensOf), a leading ~ resolved to home (dropped when home is
// not known) and absolute paths cleaned.
func mentionPaths(text, home string) []string {
	if len(text) > maxMentionScan {
		text = text[:maxMentionScan]
	}
	var out []string
	for _, t := range mentionTokensOf(text) {
		if rest, isHome := strings.CutPrefix(t, "~"); isHome {
			if rest != "" && rest[0] != '/' || home == "" {
				continue // ~user, or a home directory not known
			}
			t = path.Clean(home + rest)
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// loopMentions returns the values a for loop's variable may hold among
// others when its list has words only known at run time: the values
// those words may take (for f in $(cmd), for f in "$x").
func loopMentions(vals []Arg, home string) []string {
	var found []string
	for _, v := range vals {
		if v.Static {
			continue
		}
		for _, c := range v.Candidates() {
			if c != "" && !slices.Contains(found, c) {
				found = append(found, c)
			}
		}
	}
	if len(found) == 0 {
		return nil
	}
	return topMentions(found, home)
}

// printfMentions returns the values printf -v NAME %s WORD stores may
// take when WORD is only known at run time: the word's own.
func printfMentions(call *Call) []string {
	if call.Name != "printf" {
		return nil
	}
	var ops []Arg
	for i := 0; i < len(call.Args); i++ {
		a := call.Args[i]
		if len(ops) == 0 && a.Static && a.Value == "-v" {
			i++ // the name
			continue
		}
		if len(ops) == 0 && a.Static && a.Value == "--" {
			continue
		}
		ops = append(ops, a)
	}
	if len(ops) != 2 || !ops[0].Static || ops[0].Value != "%s" && ops[0].Value != `%s\n` {
		return nil
	}
	return loopMentions(ops[1:], "")
}

// maybeInto gives name, not known, values it may hold among others
// (vals, sorted), when it has none yet.
func (st *state) maybeInto(name string, vals []string) {
	if len(vals) == 0 {
		return
	}
	n, ok := st.resolve(name)
	if !ok {
		return
	}
	v := st.vars[n]
	if v.known || v.nameref || len(v.cands) > 0 || len(v.maybe) > 0 {
		return
	}
	v.maybe = vals
	st.setVar(n, v)
}
