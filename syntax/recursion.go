package syntax

import (
	"os"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// A function that calls itself (directly or through others) runs its
// body again from the state at the recursive call: f(){ rm -rf "$d";
// d=~; f; }; d=x; f deletes x, then ~ (red team 20 RF1 follow-up). The
// first walk of the body stops at the recursive call; the state there is
// the entry of the next run, which is walked after the outermost call
// returns, until the entry states stop changing (a fixed point, as loops
// are walked) or maxRecursionPasses. What the recursive call leaves is
// unknown, but only for what the functions can change: a variable no
// function body names, and the working directory when none changes
// directory, keep their values (f(){ [ -n "$1" ] && f; }; f 1; rm -f
// ~/.bashrc stays denied: the recursion cannot have moved HOME).

// maxRecursionPasses bounds the extra walks of a recursive body.
const maxRecursionPasses = 3

// recursed records a recursive call of decl: the state it starts the
// next run with, merged with the ones recorded before.
func (w *walker) recursed(decl *sh.FuncDecl, call *Call, st *state) {
	entry := st.clone()
	entry.pos, entry.posKnown = w.posWords(call.Args, st.dir) // globoptions.go
	entry.posOpts = nil
	if w.recEntry == nil {
		w.recEntry = map[*sh.FuncDecl]*state{}
	}
	if old, ok := w.recEntry[decl]; ok {
		old.merge(entry)
		return
	}
	w.recEntry[decl] = entry
}

// afterRecursion is the state a recursive call leaves: the functions'
// changes unknown, the rest kept.
func (w *walker) afterRecursion(st *state) {
	names, dynamic, moves := funcNames(st)
	if dynamic {
		st.forgetAll()
		st.dir = Dir{}
		return
	}
	kept := map[string]variable{}
	for n, v := range st.vars {
		if !names[n] && !v.nameref {
			kept[n] = v
		}
	}
	st.forgetAll()
	for n, v := range kept {
		st.vars[n] = v
	}
	if moves {
		st.dir = Dir{}
		st.stackPathsMoved()
	}
}

// rewalkRecursion walks decl's body again from the entry states its
// recursive calls recorded, until they stop changing: what the later
// runs do is judged. The states these walks leave are dropped; the
// caller's already allows for them (afterRecursion).
func (w *walker) rewalkRecursion(c scope, decl *sh.FuncDecl, def funcDef) {
	for pass := 0; pass < maxRecursionPasses; pass++ {
		entry, ok := w.recEntry[decl]
		if !ok {
			return
		}
		delete(w.recEntry, decl)
		st := entry.clone()
		inner := def.c
		inner.host, inner.subst = c.host, c.subst
		inner.loop = true
		w.active[decl] = true
		frame := map[string]*variable{}
		w.frames = append(w.frames, frame)
		w.stmt(inner, decl.Body, st)
		w.frames = w.frames[:len(w.frames)-1]
		delete(w.active, decl)
		if next, ok := w.recEntry[decl]; ok && next.equal(entry) {
			delete(w.recEntry, decl)
			return
		}
	}
	delete(w.recEntry, decl)
}

// funcNames returns the names the function bodies of st use as words,
// parameters or assignments (a superset of the variables they can
// assign), whether one of them can assign a name only run time knows
// (eval, source, a declaration or read of a name not written out,
// ${!x}, a name reference), and whether one can change directory.
func funcNames(st *state) (names map[string]bool, dynamic, moves bool) {
	names = map[string]bool{}
	for _, def := range st.funcs {
		if def.body == nil || def.body.decl == nil {
			continue
		}
		walkTree(def.body.decl.Body, func(n sh.Node) bool {
			switch n := n.(type) {
			case *sh.Lit:
				// Every name-like piece: let d=1, ((d++)), x[d]=…
				for _, piece := range strings.FieldsFunc(n.Value, func(r rune) bool {
					return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
				}) {
					names[piece] = true
				}
			case *sh.Assign:
				if n.Name != nil {
					names[n.Name.Value] = true
				}
			case *sh.ParamExp:
				if n.Param != nil {
					names[n.Param.Value] = true
				}
				if n.Excl {
					dynamic = true // ${!x}: a name only run time knows
				}
			case *sh.CallExpr:
				if len(n.Args) == 0 {
					break
				}
				name := n.Args[0].Lit()
				if name == "builtin" || name == "command" {
					name = n.Args[min(1, len(n.Args)-1)].Lit()
				}
				if scriptHosts.Get()[name] {
					dynamic = true // eval, source, .: text that may assign anything
					break
				}
				switch name {
				case "declare", "typeset", "local", "export", "readonly", "unset",
					"read", "mapfile", "readarray", "printf", "let", "getopts", "set", "shift", "alias", "enable":
					for _, a := range n.Args[1:] {
						if a.Lit() == "" {
							dynamic = true // a word only run time knows: any name
						}
					}
				case "cd", "pushd", "popd":
					moves = true
				case "":
					dynamic = true // a command name only run time knows
				}
			case *sh.DeclClause:
				for _, a := range n.Args {
					if a.Name == nil && a.Value != nil && a.Value.Lit() == "" {
						dynamic = true
					}
				}
			}
			return true
		})
	}
	for n := range names {
		if v, ok := st.vars[n]; ok && v.nameref {
			dynamic = true
		}
	}
	return names, dynamic, moves
}

// sourceMissing reports a source or . of a file named by a path (a word
// with a /, so PATH is not searched) that is not on disk when the hook
// runs and that no earlier command of this one writes, and returns its
// path: bash reports the error and sets nothing (red team 20 RF1: source
// ./missing.sh made every variable unknown, turning a later deny into an
// ask). A file made between the hook and the run is the race the
// README's limits name; what it would hold is still counted as what the
// variables may carry (taintFrom), as for a file corral does not read.
func (w *walker) sourceMissing(call *Call) (string, bool) {
	if len(call.Args) == 0 || !call.Args[0].Static || !strings.Contains(call.Args[0].Value, "/") {
		return "", false
	}
	d := call.Dir.Join(call.Args[0].Value)
	if !d.Known || w.wrote(d.Path) {
		return "", false
	}
	_, err := os.Lstat(d.Path)
	return d.Path, os.IsNotExist(err)
}

// taintFrom records that every variable, and every one the environment
// gives, may hold file's content, without changing what is known of
// their values.
func (st *state) taintFrom(file string) {
	f := []string{file}
	st.wild = union(st.wild, f)
	st.taint = true
	for k, v := range st.vars {
		v.from = union(v.from, f)
		st.vars[k] = v
	}
}
