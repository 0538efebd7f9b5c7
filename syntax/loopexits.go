package syntax

import (
	"strconv"

	sh "mvdan.cc/sh/v3/syntax"
)

// loopExit collects, for one loop being walked, the states in which a
// break leaves it and a continue starts its next pass. bash runs nothing
// after either in the list they stand in: the path ends there (the state
// is marked dead) and goes on from the loop's end or its next pass.
type loopExit struct {
	breaks, conts []*state
}

// loopJump records a break or continue of the builtin call (args are its
// words after the name) in state st, and ends the path. break N and
// continue N act on the Nth loop out (the outermost when N is more);
// a count only run time knows may be any of them, and a count bash
// refuses (0, a word) leaves the loop as an error: both are taken as a
// jump of every kind to every loop, with the path going on as well. A
// break outside a loop does nothing (bash prints an error).
func (w *walker) loopJump(kind string, args []Arg, st *state) {
	if len(w.loopExits) == 0 || st.dead {
		return
	}
	n := 1
	if len(args) > 0 {
		v, err := strconv.Atoi(args[0].Value)
		if !args[0].Static || err != nil || v < 1 || len(args) > 1 {
			for _, e := range w.loopExits {
				e.breaks = append(e.breaks, st.clone())
				e.conts = append(e.conts, st.clone())
			}
			return
		}
		n = v
	}
	e := w.loopExits[max(len(w.loopExits)-n, 0)]
	if kind == "break" {
		e.breaks = append(e.breaks, st.clone())
	} else {
		e.conts = append(e.conts, st.clone())
	}
	st.dead = true
}

// isolateLoops hides the loops being walked while a subshell, a command
// substitution, a pipeline element or a function body is: bash's break
// and continue there do not leave the loop around it. The returned
// function shows them again.
func (w *walker) isolateLoops() func() {
	saved, savedRets := w.loopExits, w.returnExits
	w.loopExits, w.returnExits = nil, nil
	return func() { w.loopExits, w.returnExits = saved, savedRets }
}

// returnExit collects the states in which return builtins leave one
// function call's body.
type returnExit struct {
	states []*state
}

// returnJump records a return of the function call being walked in
// state st and ends the path: bash runs nothing after it in the body,
// whether it stands in a loop, a branch or an eval'd text, and the call
// goes on from there. Outside a function (at the top level, in a
// subshell of the body, in a sourced file) it does not leave a
// function: a sourced file's return ends only the file, and bash
// refuses one elsewhere.
func (w *walker) returnJump(st *state) {
	if len(w.returnExits) == 0 || st.dead {
		return
	}
	e := w.returnExits[len(w.returnExits)-1]
	e.states = append(e.states, st.clone())
	st.dead = true
}

// hideReturns hides the function calls being walked while a sourced
// file is: its return ends the file, not the function. The returned
// function shows them again.
func (w *walker) hideReturns() func() {
	saved := w.returnExits
	w.returnExits = nil
	return func() { w.returnExits = saved }
}

// leavesCaller reports a break, continue or exit in the statements:
// outside a loop of the body they leave the caller's loop or the script.
func leavesCaller(list []*sh.Stmt) bool {
	found := false
	for _, s := range list {
		walkTree(s, func(n sh.Node) bool {
			if ce, ok := n.(*sh.CallExpr); ok && len(ce.Args) > 0 {
				if l := ce.Args[0].Lit(); l == "break" || l == "continue" || l == "exit" {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// pass walks one pass of a loop body from st, and returns the states its
// breaks leave the loop in. What a continue leaves is merged into st, the
// state the next pass starts from.
func (w *walker) pass(c scope, st *state, body func(scope, *state)) []*state {
	e := &loopExit{}
	w.loopExits = append(w.loopExits, e)
	body(c, st)
	w.loopExits = w.loopExits[:len(w.loopExits)-1]
	for _, s := range e.conts {
		st.merge(s)
	}
	return e.breaks
}

// mergeAll merges every state of list into st.
func (st *state) mergeAll(list []*state) {
	for _, s := range list {
		st.merge(s)
	}
}

// hiddenJumps reports statements that may break out of a loop where the
// walk cannot see it: a command whose name only run time knows, eval,
// source or . (their text may not be readable), or a break or continue
// whose count is not a literal number.
func hiddenJumps(list []*sh.Stmt) bool {
	found := false
	for _, s := range list {
		walkTree(s, func(n sh.Node) bool {
			ce, ok := n.(*sh.CallExpr)
			if !ok || len(ce.Args) == 0 {
				return !found
			}
			if name := ce.Args[0].Lit(); name == "" || RunnerOf(name) == HostRunner {
				found = true
			}
			return !found
		})
	}
	return found
}

// hasReturn reports a return in the statements.
func hasReturn(list []*sh.Stmt) bool {
	found := false
	for _, s := range list {
		walkTree(s, func(n sh.Node) bool {
			if ce, ok := n.(*sh.CallExpr); ok && len(ce.Args) > 0 && ce.Args[0].Lit() == "return" {
				found = true
			}
			return !found
		})
	}
	return found
}

// whileClause walks a while or until loop. A condition known before the
// loop and at every pass's start decides more than the fixed point does:
// one that never lets the body run (while false) leaves the state as it
// was, the body read for what it holds on a copy that adds nothing; one
// that always lets it run (while true, until false) ends the loop only at
// a break, so the state after it is one a break leaves, and no path gets
// past the loop when none breaks. A jump the walk cannot see (eval, a
// command named at run time, a trap, return) keeps the fixed point's
// reading.
func (w *walker) whileClause(c scope, wc *sh.WhileClause, st *state) {
	body := func(c scope, st *state) {
		w.stmts(c, wc.Cond, st)
		w.stmts(c, wc.Do, st)
	}
	runs := func(st *state) truth {
		t := w.condTruth(c, wc.Cond, st)
		if wc.Until {
			t = t.not()
		}
		return t
	}
	t := runs(st)
	if t == alwaysFalse {
		w.stmts(c, wc.Cond, st)
		never := st.clone()
		never.dead = true
		w.loop(c, never, func(c scope, st *state) { w.stmts(c, wc.Do, st) })
		return
	}
	cur, breaks := w.loopStates(c, st, body)
	if t == alwaysTrue && runs(cur) == alwaysTrue && len(w.traps) == 0 && len(w.trapVars) == 0 &&
		!hiddenJumps(wc.Cond) && !hiddenJumps(wc.Do) && (!hasReturn(wc.Do) || len(w.returnExits) > 0) {
		out := cur.clone()
		out.dead = true
		out.mergeAll(breaks)
		*st = *out
		return
	}
	cur.mergeAll(breaks)
	*st = *cur
}
