package syntax

import (
	"sort"

	"github.com/corral-dev/corral/syntax/lang"
	sh "mvdan.cc/sh/v3/syntax"
)

// The helpers here let the exfiltrate rule follow what prints the
// session's environment (env, declare -p, a loop of echo "${!v}" over
// compgen -e) to where bash sends that output: a later stage of a
// pipeline, the words of a command whose substitution holds it, or a
// file a redirection names. They read the parsed script, which the
// rules do not import.

// StageSpan returns the byte span, in the script of the pipeline's
// calls, of stage i's statement (a compound stage included: while …;
// done), and false when there is none.
func (p *Pipeline) StageSpan(i int) (start, end int, ok bool) {
	if p == nil || i < 0 || i >= len(p.Stmts) || p.Stmts[i] == nil || p.Subst != "" || p.Coproc {
		return 0, 0, false
	}
	s := p.Stmts[i]
	return int(s.Pos().Offset()), int(s.End().Offset()), true
}

// PrintedCode returns the JavaScript of call c whose value the runtime
// prints (node -p/--print CODE, bun -p: "evaluate and print the
// result"), read with the interpreter's option table; nil for none or
// for a value only run time knows.
func PrintedCode(c *Call) []string {
	l := lang.ForProgram(c.Name)
	if l != lang.JS {
		return nil
	}
	spec, ok := interpSpecFor(l, c.Name)
	if !ok {
		return nil
	}
	opts, _ := ScanOptions(c.Args, spec.opts)
	var out []string
	for _, o := range opts {
		if (o.Name == "p" || o.Name == "print") && o.HasVal && o.Val.Static {
			out = append(out, o.Val.Value)
		}
	}
	return out
}

// ParamRefs returns the variables word a expands by name, sorted and
// once each ($KEY, ${KEY}, ${KEY:-x}, "k=$KEY", also inside its command
// substitutions), and the ones it expands indirectly (${!v}: the variable
// whose name v holds). ${#KEY} (a length), ${!prefix*} and ${!arr[@]}
// (names, not values) are neither.
func (a Arg) ParamRefs() (names, indirect []string) {
	if a.Word == nil {
		return nil, nil
	}
	return paramRefs(a.Word)
}

func paramRefs(n sh.Node) (names, indirect []string) {
	seen := map[string]bool{}
	seenInd := map[string]bool{}
	walkTree(n, func(n sh.Node) bool {
		pe, ok := n.(*sh.ParamExp)
		if !ok || pe.Param == nil {
			return true
		}
		name := pe.Param.Value
		switch {
		case pe.Length || pe.Width:
		case pe.Excl && (pe.Names != 0 || pe.Index != nil && isAllIndex(pe.Index)):
			// ${!prefix*}, ${!arr[@]}: names or keys.
		case pe.Excl:
			if !seenInd[name] {
				seenInd[name] = true
				indirect = append(indirect, name)
			}
		case !seen[name]:
			seen[name] = true
			names = append(names, name)
		}
		return true
	})
	sort.Strings(names)
	sort.Strings(indirect)
	return names, indirect
}

// isAllIndex reports an index of @ or *: every key of an array.
func isAllIndex(x sh.ArithmExpr) bool {
	w, ok := x.(*sh.Word)
	if !ok {
		return false
	}
	l := w.Lit()
	return l == "@" || l == "*"
}

// Assignment is a variable's assignment in a script: NAME=…,
// export/declare/local NAME=…, or a for loop's NAME in ….
type Assignment struct {
	Name string
	// Refs are the variables the value expands, by name or indirectly
	// (also inside its command substitutions).
	Refs []string
	// Start and End are the value's span in the script.
	Start, End int
}

// Assignments returns the assignments of script sc, so that a copy of a
// credential (T=$GITHUB_TOKEN, T=$(echo "$GITHUB_TOKEN")) is known by the
// variable it came from, and a value that holds a command's output
// (x=$(env)) by that command's span. Scope is not followed: a copy in
// any branch counts.
func (sc *Script) Assignments() []Assignment {
	var out []Assignment
	if sc == nil || sc.File == nil {
		return out
	}
	add := func(name string, n sh.Node) {
		if n == nil || name == "" {
			return
		}
		refs, ind := paramRefs(n)
		out = append(out, Assignment{Name: name, Refs: append(refs, ind...), Start: int(n.Pos().Offset()), End: int(n.End().Offset())})
	}
	walkTree(sc.File, func(n sh.Node) bool {
		switch x := n.(type) {
		case *sh.Assign:
			if x.Name == nil {
				return true
			}
			if x.Value != nil {
				add(x.Name.Value, x.Value)
			}
			if x.Array != nil {
				add(x.Name.Value, x.Array)
			}
		case *sh.Stmt:
			// printf -v NAME, read NAME <<< …, mapfile NAME <<< …:
			// builtins that assign what they are given. Every word that
			// is a name may be the one assigned (an over-approximation
			// that only adds copies).
			call, ok := x.Cmd.(*sh.CallExpr)
			if !ok || len(call.Args) < 2 {
				return true
			}
			var from []sh.Node
			switch call.Args[0].Lit() {
			case "printf":
				from = append(from, call)
			case "read", "mapfile", "readarray":
				for _, r := range x.Redirs {
					if r.Op == sh.WordHdoc && r.Word != nil {
						from = append(from, r.Word)
					}
					if r.Hdoc != nil {
						from = append(from, r.Hdoc)
					}
				}
			}
			for _, w := range call.Args[1:] {
				if l := w.Lit(); !isName(l) {
					continue
				}
				for _, n := range from {
					add(w.Lit(), n)
				}
			}
		case *sh.ForClause:
			if wi, ok := x.Loop.(*sh.WordIter); ok && wi.Name != nil {
				for _, w := range wi.Items {
					add(wi.Name.Value, w)
				}
			}
		}
		return true
	})
	return out
}

// StdoutTargets returns the files, as written, that the statements
// enclosing the span [start, end) of sc send standard output to (>, >>,
// >|, &>, &>>, 1>): the innermost statement that redirects it. Only
// static targets are returned.
func (sc *Script) StdoutTargets(start, end int) []string {
	if sc == nil || sc.File == nil {
		return nil
	}
	var found []string
	walkTree(sc.File, func(n sh.Node) bool {
		st, ok := n.(*sh.Stmt)
		if !ok {
			return true
		}
		if int(st.Pos().Offset()) > start || int(st.End().Offset()) < end {
			return false
		}
		var here []string
		for _, r := range st.Redirs {
			if r.Word == nil {
				continue
			}
			fd := ""
			if r.N != nil {
				fd = r.N.Value
			}
			switch r.Op {
			case sh.RdrOut, sh.AppOut, sh.RdrClob:
				if fd != "" && fd != "1" {
					continue
				}
			case sh.RdrAll, sh.AppAll:
			default:
				continue
			}
			if l := r.Word.Lit(); l != "" {
				here = append(here, l)
			}
		}
		if len(here) > 0 {
			found = here // inner statements come later in the walk
		}
		return true
	})
	return found
}
