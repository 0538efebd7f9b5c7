package syntax

import (
	"sort"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// The shell's process id printed by a command substitution.
//
// /proc/$$/cwd, /proc/self/task/$$/root and x=/proc/self/task/$$ are the
// shell's own entries, judged through /proc/self (pidOnly in expand.go).
// The same text printed by a command corral computes —
// x=$(printf %s /proc/self/task/$$), "$(echo /proc/$$)/cwd/../x" — names
// the same place (red team 17 PR1c): the word is computed again with each
// plain $$ and $BASHPID written as self, and a result that is the shell's
// /proc directory or a path through its cwd or root is the word's
// candidate, as for the literal spelling.

// pidSubst gives a dynamic word w whose command substitutions print a
// path under the shell's own /proc entry (their only run-time part being
// the shell's process id) that path as its candidate; it reports whether
// it did. Inside the substitution only $$ is the shell's: $BASHPID there
// is the subshell's, whose entry is gone when the word is used.
func (r *resolver) pidSubst(a *Arg, w *sh.Word) bool {
	if r.st == nil || r.mask {
		return false
	}
	start, end := int(w.Pos().Offset()), int(w.End().Offset())
	if start < 0 || start > end || end > len(r.src) {
		return false
	}
	var pids []*sh.ParamExp
	inSubst, bad := false, false
	var walk func(n sh.Node, subst bool)
	walk = func(n sh.Node, subst bool) {
		walkTree(n, func(m sh.Node) bool {
			switch m := m.(type) {
			case *sh.CmdSubst:
				if m != n {
					for _, st := range m.Stmts {
						walk(st, true)
					}
					return false
				}
			case *sh.ParamExp:
				if subst && m.Param != nil && m.Param.Value == "BASHPID" {
					// The subshell's own id, gone once it has printed.
					bad = true
				}
				if plainPid(m) {
					pids = append(pids, m)
					inSubst = inSubst || subst
				}
			}
			return true
		})
	}
	walk(w, false)
	if !inSubst || bad || len(pids) > 16 {
		return false
	}
	sort.Slice(pids, func(i, j int) bool { return pids[i].Pos().Offset() < pids[j].Pos().Offset() })
	var b strings.Builder
	at := start
	for _, p := range pids {
		ps, pe := int(p.Pos().Offset()), int(p.End().Offset())
		if ps < at || pe > end {
			return false
		}
		b.WriteString(r.src[at:ps])
		b.WriteString("self")
		at = pe
	}
	b.WriteString(r.src[at:end])
	text := b.String()
	var words []*sh.Word
	err := newParser().Words(strings.NewReader(text), func(x *sh.Word) bool {
		words = append(words, x)
		return len(words) < 2
	})
	if err != nil || len(words) != 1 {
		return false
	}
	nr := &resolver{src: text, dir: r.dir, st: r.st, toggles: r.toggles, stream: r.stream, wrote: r.wrote}
	v := nr.literal(words[0], false)
	if !v.Static || v.Glob {
		return false
	}
	place, ok := shellProcPlace(v.Value)
	if !ok {
		place, ok = shellProcDir(v.Value)
	}
	if !ok {
		return false
	}
	a.SetCandidates(append(a.Candidates(), place))
	a.OneOf = true
	return true
}

// plainPid reports $$ or $BASHPID (also ${$}, ${BASHPID}) with no
// operator: the shell's process id as it is.
func plainPid(p *sh.ParamExp) bool {
	return p.Param != nil && (p.Param.Value == "$" || p.Param.Value == "BASHPID") &&
		!p.Excl && !p.Length && !p.Width && !p.IsSet && p.NestedParam == nil && p.Flags == nil &&
		len(p.Modifiers) == 0 && p.Names == 0 && p.Index == nil && p.Slice == nil && p.Repl == nil && p.Exp == nil
}
