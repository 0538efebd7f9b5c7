package syntax

import (
	"slices"
	"sort"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// trapVar is a variable a trap's action assigns, when the trap can run
// between two commands of the script.
type trapVar struct {
	name string
	// v is the value the action gives it: known only when it is the same
	// whatever the variables hold when the trap runs (X=~, not X=$Y).
	v variable
	// always reports a DEBUG trap: bash runs it before every simple
	// command of the shell that set it, so the value is certain there.
	// Otherwise (ERR, RETURN, a signal) the trap may have run or not.
	always bool
	// ret reports a RETURN trap: bash runs it when a function it is
	// inherited by returns (set -T, declare -t), so the value is
	// certain right after such a call.
	ret bool
	// home is the home directory the value was found with (X=~ follows
	// HOME): where HOME is another, the value is not known.
	home string
}

// maxTrapVars bounds the variables traps are followed for; past it a
// trap's variables are each made unknown once, where it is set.
const maxTrapVars = 32

// trapVarEffects records the variables the action of a trap assigns,
// found by walking its text from before (the state where the trap is
// set) to after (where its walk ended). sigs are the trap's conditions;
// called the functions its text calls that are only declared later,
// whose assignments are unknown. A DEBUG trap's constant values are
// certain before each later command; other traps make each one of its
// old value and the trap's.
func (w *walker) trapVarEffects(c scope, call *Call, text string, dynamic bool, before, after *state, sigs []Arg, called []string) {
	always := onlyDebug(sigs)
	// The names the action assigns, and the value it gives each when
	// that is a constant: the action walked again from a state where
	// every variable but HOME is unknown (and marked, so that an
	// assignment of an unknown value shows too) gives it there.
	changed := map[string]variable{}
	if !dynamic {
		k := w.mark()
		saved, savedTraps := w.childEnd, w.traps
		st := before.clone()
		home, hasHome := st.vars["HOME"]
		st.forgetAll()
		for name, v := range st.vars {
			v.forgotten = true
			st.vars[name] = v
		}
		if hasHome {
			st.vars["HOME"] = home
		}
		start := st.clone()
		w.childEnd = nil
		tv := w.trapVars
		w.trapVars = nil
		w.childIn(c, call, text, nil, "trap", false, st, call.Dir)
		w.trapVars = tv
		if end := w.childEnd; end != nil {
			for name, v := range end.vars {
				if old, ok := start.vars[name]; !ok || !old.equal(v) {
					if !v.known {
						v = variable{exported: v.exported}
					}
					changed[name] = v
				}
			}
		}
		w.reset(k)
		w.childEnd, w.traps = saved, savedTraps
	}
	// What the walk from the state where the trap is set changed, for a
	// text only known at run time: unknown values.
	if after != nil {
		for name, v := range after.vars {
			if old, ok := before.vars[name]; !ok || !old.equal(v) {
				if _, ok := changed[name]; !ok {
					changed[name] = variable{exported: v.exported}
				}
			}
		}
	}
	for _, f := range called {
		for _, name := range funcAssigns(c.sc, f) {
			if _, ok := changed[name]; !ok {
				changed[name] = variable{}
			}
		}
	}
	if len(changed) == 0 {
		return
	}
	home := before.get("HOME")
	names := make([]string, 0, len(changed))
	for name := range changed {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if len(w.trapVars) >= maxTrapVars {
			// Too many to follow: unknown from here on, once.
			before.setVar(name, variable{exported: before.get(name).exported})
			continue
		}
		ret := onlyReturn(sigs)
		t := trapVar{name: name, v: changed[name], always: always, ret: ret}
		if home.known {
			t.home = home.str
		}
		if i := slices.IndexFunc(w.trapVars, func(o trapVar) bool {
			return o.name == t.name && o.always == t.always && o.ret == t.ret && o.home == t.home && o.v.equal(t.v)
		}); i >= 0 {
			if always || ret {
				before.trapSet |= 1 << i
			}
			continue // the same trap set again (a loop walked once more)
		}
		if always || ret {
			before.trapSet |= 1 << len(w.trapVars)
		}
		w.trapVars = append(w.trapVars, t)
	}
}

// applyTrapVars gives st what the traps' assignments leave before a
// statement. sub reports a statement outside the shell that set them,
// or where it runs without its DEBUG trap (a subshell, a substitution, a
// function's body: there a DEBUG trap's values are possible only);
// before that bash runs the DEBUG trap right before this statement (a
// simple command, for, case, [[ ]], (( )); not a subshell, a group, if or
// while, whose own commands get it). Traps that may run come first: a
// DEBUG trap runs last, right before the command.
func (w *walker) applyTrapVars(st *state, sub, before bool) {
	for _, pass := range []bool{false, true} {
		for i, t := range w.trapVars {
			// Certain only where the trap was set on every path.
			certain := t.always && !sub && st.trapSet&(1<<i) != 0
			if certain && !before {
				continue // the commands inside get it
			}
			if certain != pass {
				continue
			}
			v := t.v
			if v.known {
				if h := st.get("HOME"); !h.known || h.str != t.home {
					v = variable{exported: v.exported}
				}
			}
			old, ok := st.vars[t.name]
			if !ok {
				old = variable{from: st.wild}
			}
			v.exported = v.exported || old.exported
			if !pass {
				v = either(old, v)
			}
			if !old.equal(v) {
				st.setVar(t.name, v)
			}
		}
	}
}

// debugReset makes every DEBUG trap's assignments possible only: a later
// trap command names DEBUG (trap - DEBUG, another action, a condition
// only known at run time), and the earlier action may no longer run.
func (w *walker) debugReset(args []Arg) {
	for _, a := range args {
		if !a.Static || strings.EqualFold(a.Value, "DEBUG") {
			for i := range w.trapVars {
				w.trapVars[i].always = false
			}
			if w.trapMovesDir && !w.trapDirMixed {
				// A DEBUG trap that moved every command may no longer.
				w.trapDir, w.trapDirMixed = Dir{}, true
			}
			return
		}
	}
}

// returnReset makes every RETURN trap's assignments possible only: a
// later trap command names RETURN (trap - RETURN, another action, a
// condition only known at run time).
func (w *walker) returnReset(args []Arg) {
	for _, a := range args {
		if !a.Static || strings.EqualFold(a.Value, "RETURN") {
			for i := range w.trapVars {
				w.trapVars[i].ret = false
			}
			return
		}
	}
}

// returnTrapVars gives st what the RETURN traps set on every path leave
// right after a function they ran for returned (under set -T, or with
// the function's trace attribute): their values, certain. A variable
// local to the function is the function's, not the caller's.
func (w *walker) returnTrapVars(st *state, locals map[string]*variable) {
	for i, t := range w.trapVars {
		if !t.ret || st.trapSet&(1<<i) == 0 {
			continue
		}
		if _, local := locals[t.name]; local {
			continue
		}
		v := t.v
		if v.known {
			if h := st.get("HOME"); !h.known || h.str != t.home {
				v = variable{}
			}
		}
		v.exported = v.exported || st.get(t.name).exported
		st.setVar(t.name, v)
	}
}

// funcAssigns lists, sorted, the names the functions called name in sc
// (and the scripts it is nested in) assign with NAME=value, declare,
// local, export, readonly, read or for.
func funcAssigns(sc *Script, name string) []string {
	var out []string
	for ; sc != nil; sc = sc.Parent {
		if sc.File == nil {
			continue
		}
		walkTree(sc.File, func(n sh.Node) bool {
			fd, ok := n.(*sh.FuncDecl)
			if !ok || fd.Name == nil || fd.Name.Value != name {
				return true
			}
			walkTree(fd.Body, func(n sh.Node) bool {
				switch n := n.(type) {
				case *sh.Assign:
					if n.Name != nil {
						out = append(out, n.Name.Value)
					}
				case *sh.ForClause:
					if wi, ok := n.Loop.(*sh.WordIter); ok && wi.Name != nil {
						out = append(out, wi.Name.Value)
					}
				case *sh.CallExpr:
					if len(n.Args) > 1 {
						if cmd := n.Args[0].Lit(); cmd == "read" || cmd == "mapfile" || cmd == "readarray" || cmd == "printf" {
							for _, a := range n.Args[1:] {
								if l := a.Lit(); isName(l) {
									out = append(out, l)
								}
							}
						}
					}
				}
				return true
			})
			return false
		})
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// debugRunsBefore reports a statement before which bash runs the DEBUG
// trap: a simple command (an assignment, declare, let too), for, select,
// case, an arithmetic command or for, and [[ ]].
func debugRunsBefore(s *sh.Stmt) bool {
	switch s.Cmd.(type) {
	case *sh.CallExpr, *sh.DeclClause, *sh.LetClause, *sh.ForClause, *sh.CaseClause, *sh.ArithmCmd, *sh.TestClause:
		return true
	}
	return false
}
