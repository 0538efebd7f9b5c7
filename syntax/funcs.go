package syntax

import sh "mvdan.cc/sh/v3/syntax"

// Function is a shell function declared in a command.
type Function struct {
	Name   string
	Script *Script
	// Start and End are the declaration's span in Script.Src.
	Start, End int
	// Multiplies reports that the body calls the function itself more
	// than once per call, or in a pipeline or the background: each call
	// starts several more, the shape of a fork bomb.
	Multiplies bool
}

// Functions lists the functions declared anywhere in the command.
func (m *Model) Functions() []Function {
	var out []Function
	for _, sc := range m.Scripts {
		if sc.File == nil {
			continue
		}
		walkTree(sc.File, func(n sh.Node) bool {
			fd, ok := n.(*sh.FuncDecl)
			if !ok || fd.Name == nil || fd.Body == nil {
				return true
			}
			name := fd.Name.Value
			calls, parallel := 0, false
			visit := func(n sh.Node) {
				walkTree(n, func(n sh.Node) bool {
					switch x := n.(type) {
					case *sh.Stmt:
						if x.Background && callsName(x, name) {
							parallel = true
						}
					case *sh.BinaryCmd:
						if x.Op == sh.Pipe || x.Op == sh.PipeAll {
							if callsName(x.X, name) || callsName(x.Y, name) {
								parallel = true
							}
						}
					case *sh.CallExpr:
						if len(x.Args) > 0 && x.Args[0].Lit() == name {
							calls++
						}
					}
					return true
				})
			}
			visit(fd.Body)
			out = append(out, Function{Name: name, Script: sc, Start: int(fd.Pos().Offset()), End: int(fd.End().Offset()),
				Multiplies: calls >= 2 || parallel && calls >= 1})
			return true
		})
	}
	return out
}

// callsName reports whether statement s is a call of name.
func callsName(s *sh.Stmt, name string) bool {
	if s == nil {
		return false
	}
	c, ok := s.Cmd.(*sh.CallExpr)
	return ok && len(c.Args) > 0 && c.Args[0].Lit() == name
}

// SpawnLoop is a loop that never ends by its condition (while true,
// while :, until false, for ((;;))) and starts a background job on each
// turn without waiting, sleeping, reading or leaving the loop in the
// foreground: the jobs pile up as fast as the shell can fork.
type SpawnLoop struct {
	Script *Script
	// Start and End are the loop's span in Script.Src.
	Start, End int
}

// SpawnLoops lists the spawning endless loops of the command.
func (m *Model) SpawnLoops() []SpawnLoop {
	var out []SpawnLoop
	for _, sc := range m.Scripts {
		if sc.File == nil {
			continue
		}
		walkTree(sc.File, func(n sh.Node) bool {
			var body []*sh.Stmt
			switch x := n.(type) {
			case *sh.WhileClause:
				if !endless(x.Cond, x.Until) {
					return true
				}
				body = x.Do
			case *sh.ForClause:
				cl, ok := x.Loop.(*sh.CStyleLoop)
				if !ok || cl.Cond != nil {
					return true
				}
				body = x.Do
			default:
				return true
			}
			spawns, throttled := false, false
			for _, s := range body {
				walkTree(s, func(n sh.Node) bool {
					switch x := n.(type) {
					case *sh.Stmt:
						if x.Background {
							spawns = true
							return false
						}
					case *sh.CallExpr:
						if len(x.Args) > 0 {
							switch x.Args[0].Lit() {
							case "wait", "break", "exit", "return", "sleep", "read":
								throttled = true
							}
						}
					}
					return true
				})
			}
			if spawns && !throttled {
				out = append(out, SpawnLoop{Script: sc, Start: int(n.Pos().Offset()), End: int(n.End().Offset())})
			}
			return true
		})
	}
	return out
}

// endless reports a loop condition that always holds: true or : for
// while, false for until.
func endless(cond []*sh.Stmt, until bool) bool {
	if len(cond) == 0 {
		return false
	}
	last := cond[len(cond)-1]
	c, ok := last.Cmd.(*sh.CallExpr)
	if !ok || len(c.Args) != 1 || last.Negated || len(last.Redirs) > 0 {
		return false
	}
	switch c.Args[0].Lit() {
	case "true", ":":
		return !until
	case "false":
		return until
	}
	return false
}
