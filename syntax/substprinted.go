package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// What a command substitution whose body is a list, a compound command or
// a function call prints, read from the calls the walk made of it (red
// team 18 HD2): $(cat f; :), $(cat f || true), $({ cat f; }), $(f) of a
// function whose body prints a file. substPrinted reads a single
// pipeline from its last call; a list prints what each of its calls
// writes to the substitution's pipe, in order — the calls whose standard
// output is that pipe, not a later stage's pipe, a file or /dev/null —
// so sh <<X / $(cat p.sh; :) / X runs p.sh's text, as
// eval "$(cat p.sh; :)" and f() { cat p.sh; }; eval "$(f)" do. A call
// that prints nothing (true, :, cd, test …) adds nothing. When a part
// may not run (&&, ||, if, case, a loop, a function body, whose shape is
// not followed here) the text is the union of what the parts print,
// dynamic: judged for what it holds. A part whose output corral does not
// know leaves the whole output to run time (with why, when it is
// code-like), as for a single pipeline.

// listPrinted returns what the list or compound substitution cs prints
// (see above); ok is false for a substitution of another shape, which
// substPrinted reads from its last call.
func (w *walker) listPrinted(c scope, host *Call, cs *sh.CmdSubst) (text string, dynamic, known bool, what string, ok bool) {
	if !w.listShaped(c, host, cs) {
		return "", false, false, "", false
	}
	start, end := int(cs.Pos().Offset()), int(cs.End().Offset())
	var b strings.Builder
	var whys []string
	inside := false
	dynamic = conditionalParts(cs)
	for _, in := range w.m.Calls {
		if in.Host != host || in.Subst != "$(" || in == host {
			continue
		}
		switch {
		case in.Script == c.sc && in.Start >= start && in.End <= end:
			inside = true
		case in.Script == c.sc && in.Start >= host.Start:
			inside = false // another substitution of the host's
		case inside:
			// The body of a function called inside, defined before
			// the host (or in another script): its shape is not
			// followed here.
			dynamic = true
		}
		if !inside {
			continue
		}
		if downloaders.Get()[in.Name] {
			return "", false, false, "", true // a download run as a script is the pipe-shell rule's
		}
		if out := in.Stdout(); out.Kind != StreamPipe || out.Pipe != nil {
			continue // into a later stage, a file, /dev/null
		}
		if in.Loop {
			dynamic = true
		}
		if printsNothing(in.Name) && len(in.Wrappers) == 0 || w.shadowed[in] {
			continue // a function's body prints for it
		}
		t, dyn, k, why := w.callPrinted(c, in)
		if why != "" {
			whys = append(whys, why)
		}
		if !k {
			return "", false, false, strings.Join(whys, "; "), true
		}
		dynamic = dynamic || dyn
		b.WriteString(t)
		if dynamic && t != "" && !strings.HasSuffix(t, "\n") {
			b.WriteString("\n") // a union of parts: each its own lines
		}
	}
	return b.String(), dynamic, true, strings.Join(whys, "; "), true
}

// listShaped reports a substitution substPrinted's reading of one
// pipeline does not cover: several statements, or one that is a
// compound command, an && / || list, a negation, or a call that ran a
// function.
func (w *walker) listShaped(c scope, host *Call, cs *sh.CmdSubst) bool {
	if len(cs.Stmts) != 1 {
		return len(cs.Stmts) > 1
	}
	st := cs.Stmts[0]
	if st.Negated {
		return true
	}
	switch cmd := st.Cmd.(type) {
	case *sh.Block, *sh.Subshell, *sh.IfClause, *sh.CaseClause, *sh.WhileClause, *sh.ForClause:
		return true
	case *sh.BinaryCmd:
		return cmd.Op == sh.AndStmt || cmd.Op == sh.OrStmt
	case *sh.CallExpr:
		for _, in := range w.m.Calls {
			if in.Host == host && in.Script == c.sc && in.Stmt == st && w.shadowed[in] {
				return true
			}
		}
	}
	return false
}

// conditionalParts reports a substitution with a part that may not run,
// or run more than once: && or ||, if, case, a loop.
func conditionalParts(cs *sh.CmdSubst) bool {
	found := false
	walkTree(cs, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.CmdSubst:
			return n == cs // a nested substitution prints into its own word
		case *sh.BinaryCmd:
			found = found || n.Op == sh.AndStmt || n.Op == sh.OrStmt
		case *sh.IfClause, *sh.CaseClause, *sh.WhileClause, *sh.ForClause:
			found = true
		}
		return !found
	})
	return found
}
