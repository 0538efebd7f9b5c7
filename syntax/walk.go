package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// walker visits statements in execution order, tracking the working
// directory, and records every call.
type walker struct {
	m     *Model
	home  string
	stack []Dir // pushd stack
	// vars are the variables assigned a static value so far.
	vars map[string]string
	// reparsed counts the bytes of nested scripts parsed so far (at most
	// MaxSource): eval eval eval … would otherwise parse the command
	// MaxDepth times over.
	reparsed int
	// origin is the Origin of the next nested script (see Script.Origin).
	origin string
	// files counts the bytes of script files read (at most MaxScriptBytes).
	files int
	// read reads a script file; nil reads none.
	read func(path string) (string, error)
	// written holds the text that earlier commands wrote to files
	// (cat > f <<X, echo … > f), by absolute path.
	written map[string]string
}

// assign records the static values of assignments (a=git, export a=git);
// a value only known at run time forgets the variable.
func (w *walker) assign(c scope, dir Dir, as []*sh.Assign) {
	r := &resolver{src: c.sc.Src, home: w.home, dir: dir, vars: w.vars}
	for _, a := range as {
		if a.Name == nil {
			continue
		}
		if a.Value == nil || a.Append || a.Index != nil || a.Array != nil {
			delete(w.vars, a.Name.Value)
			continue
		}
		v := r.arg(a.Value)
		if !v.Static {
			delete(w.vars, a.Name.Value)
			continue
		}
		if w.vars == nil {
			w.vars = map[string]string{}
		}
		w.vars[a.Name.Value] = v.Value
	}
}

// scope is what a statement inherits from where it is.
type scope struct {
	sc        *Script
	host      *Call
	subst     string
	loop      bool
	pipe      *Pipeline
	pipeIndex int
	stage     *sh.Stmt
}

func (w *walker) full() bool {
	if len(w.m.Calls) >= MaxCalls {
		w.m.Truncated = true
		return true
	}
	return false
}

func (w *walker) script(sc *Script, stmts []*sh.Stmt, dir Dir) Dir {
	return w.stmts(scope{sc: sc}, stmts, dir)
}

func (w *walker) stmts(c scope, list []*sh.Stmt, dir Dir) Dir {
	for _, s := range list {
		dir = w.stmt(c, s, dir)
	}
	return dir
}

func merge(a, b Dir) Dir {
	if a == b {
		return a
	}
	return Dir{}
}

func (w *walker) stmt(c scope, s *sh.Stmt, dir Dir) Dir {
	if s == nil || w.full() {
		return dir
	}
	if call, ok := s.Cmd.(*sh.CallExpr); ok {
		return w.call(c, s, call, dir)
	}
	w.redirects(c, s, dir, nil)
	inner := c
	inner.stage = nil
	switch cmd := s.Cmd.(type) {
	case *sh.BinaryCmd:
		if cmd.Op == sh.Pipe || cmd.Op == sh.PipeAll {
			w.pipeline(inner, s, dir)
			return dir
		}
		d := w.stmt(inner, cmd.X, dir)
		return w.stmt(inner, cmd.Y, d)
	case *sh.Subshell:
		w.stmts(inner, cmd.Stmts, dir)
		return dir
	case *sh.Block:
		return w.stmts(inner, cmd.Stmts, dir)
	case *sh.IfClause:
		return w.ifClause(inner, cmd, dir)
	case *sh.WhileClause:
		return w.loop(inner, dir, func(c scope, d Dir) Dir {
			d = w.stmts(c, cmd.Cond, d)
			return w.stmts(c, cmd.Do, d)
		})
	case *sh.ForClause:
		w.substs(inner, cmd.Loop, dir, nil)
		return w.loop(inner, dir, func(c scope, d Dir) Dir { return w.stmts(c, cmd.Do, d) })
	case *sh.CaseClause:
		w.substs(inner, cmd.Word, dir, nil)
		out := dir
		for _, item := range cmd.Items {
			for _, p := range item.Patterns {
				w.substs(inner, p, dir, nil)
			}
			out = merge(out, w.stmts(inner, item.Stmts, dir))
		}
		return out
	case *sh.FuncDecl:
		w.stmt(inner, cmd.Body, dir)
		return dir
	case *sh.TimeClause:
		if cmd.Stmt != nil {
			return w.stmt(c, cmd.Stmt, dir)
		}
	case *sh.CoprocClause:
		w.stmt(inner, cmd.Stmt, dir)
	case *sh.DeclClause:
		w.substs(inner, cmd, dir, nil)
		w.assign(inner, dir, cmd.Args)
	case nil:
	default:
		w.substs(inner, cmd, dir, nil)
	}
	return dir
}

func (w *walker) ifClause(c scope, ic *sh.IfClause, dir Dir) Dir {
	if !ic.ThenPos.IsValid() {
		// A plain "else": its body always runs when reached.
		return w.stmts(c, ic.Then, dir)
	}
	d := w.stmts(c, ic.Cond, dir)
	then := w.stmts(c, ic.Then, d)
	other := d
	if ic.Else != nil {
		other = w.ifClause(c, ic.Else, d)
	}
	return merge(then, other)
}

// loop walks a loop body. When the body changes directory, later
// iterations start elsewhere: the body is walked again with the directory
// unknown, and it stays unknown after the loop.
func (w *walker) loop(c scope, dir Dir, body func(scope, Dir) Dir) Dir {
	c.loop = true
	nCalls, nRedirs := len(w.m.Calls), len(w.m.Redirs)
	if body(c, dir) == dir {
		return dir
	}
	w.m.Calls, w.m.Redirs = w.m.Calls[:nCalls], w.m.Redirs[:nRedirs]
	body(c, Dir{})
	return Dir{}
}

func (w *walker) pipeline(c scope, s *sh.Stmt, dir Dir) {
	var stages []*sh.Stmt
	var flatten func(*sh.Stmt)
	flatten = func(st *sh.Stmt) {
		b, ok := st.Cmd.(*sh.BinaryCmd)
		if ok && (b.Op == sh.Pipe || b.Op == sh.PipeAll) && (st == s || len(st.Redirs) == 0 && !st.Negated && !st.Background) {
			flatten(b.X)
			flatten(b.Y)
			return
		}
		stages = append(stages, st)
	}
	flatten(s)
	p := &Pipeline{Stmts: stages, Calls: make([]*Call, len(stages))}
	for i, st := range stages {
		sc := c
		sc.pipe, sc.pipeIndex, sc.stage = p, i, st
		w.stmt(sc, st, dir)
	}
	// Text piped into a shell or an interpreter is a script too.
	for i := 1; i < len(p.Calls); i++ {
		sink := p.Calls[i]
		if sink == nil || !readsScript(sink) {
			continue
		}
		text, dynamic, ok := w.producedText(c, p, i-1)
		if ok {
			w.pipeTo(c, sink, text, dynamic)
			continue
		}
		w.hiddenPipe(p, i)
	}
}

// redirects records the redirections of s and walks the substitutions in
// their words.
func (w *walker) redirects(c scope, s *sh.Stmt, dir Dir, host *Call) []Redirect {
	if len(s.Redirs) == 0 {
		return nil
	}
	r := &resolver{src: c.sc.Src, home: w.home, dir: dir, vars: w.vars}
	out := make([]Redirect, 0, len(s.Redirs))
	for _, rd := range s.Redirs {
		red := Redirect{Node: rd, Op: rd.Op.String(), Dir: dir, Stmt: s, Script: c.sc}
		if rd.N != nil {
			red.Fd = rd.N.Value
		}
		if rd.Word != nil {
			red.Target = r.arg(rd.Word)
			w.substs(c, rd.Word, dir, host)
		}
		out = append(out, red)
	}
	w.m.Redirs = append(w.m.Redirs, out...)
	return out
}

// substs walks the command and process substitutions inside node.
func (w *walker) substs(c scope, node sh.Node, dir Dir, host *Call) {
	if node == nil {
		return
	}
	sh.Walk(node, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.CmdSubst:
			inner := scope{sc: c.sc, host: host, subst: "$(", loop: c.loop}
			w.stmts(inner, n.Stmts, dir)
			return false
		case *sh.ProcSubst:
			inner := scope{sc: c.sc, host: host, subst: n.Op.String(), loop: c.loop}
			w.stmts(inner, n.Stmts, dir)
			return false
		}
		return true
	})
}

func (w *walker) call(c scope, s *sh.Stmt, ce *sh.CallExpr, dir Dir) Dir {
	r := &resolver{src: c.sc.Src, home: w.home, dir: dir, vars: w.vars}
	if len(ce.Args) == 0 {
		for _, a := range ce.Assigns {
			w.substs(c, a, dir, nil)
		}
		w.assign(c, dir, ce.Assigns)
		w.redirects(c, s, dir, nil)
		return dir
	}
	args := make([]Arg, len(ce.Args))
	for i, word := range ce.Args {
		args[i] = r.arg(word)
	}
	inv := unwrap(args, dir)
	call := w.newCall(c, s, ce, inv)
	call.Start = int(ce.Pos().Offset())
	call.End = int(ce.End().Offset())
	if c.pipe != nil && c.stage == s {
		c.pipe.Calls[c.pipeIndex] = call
	}
	w.m.Calls = append(w.m.Calls, call)
	for _, a := range ce.Assigns {
		w.substs(c, a, dir, call)
	}
	for _, word := range ce.Args {
		w.substs(c, word, dir, call)
	}
	call.Redirs = w.redirects(c, s, dir, call)
	w.noteWrite(c, call)

	if inv.split != nil {
		text := inv.split.Value
		for _, a := range inv.rest {
			text += " " + a.Value
		}
		host := inv.split
		if len(inv.rest) > 0 {
			host = nil
		}
		w.child(c, call, text, host, "env -S", !inv.split.Static)
		return dir
	}
	if call.Name == "find" {
		w.findExec(c, s, ce, call)
	}
	if inv.inputsAreCommands {
		// parallel ::: 'cmd1' 'cmd2': each input is a command line.
		for i := range inv.inputs {
			a := &inv.inputs[i]
			w.child(c, call, a.Value, a, "parallel", !a.Static)
		}
	} else if len(inv.inputs) > 0 && len(call.Args) > 0 {
		// parallel CMD ::: inputs: the inputs replace {} or are appended.
		call.Inputs = inv.inputs
	}
	w.nested(c, call)
	if len(call.Wrappers) == 0 || call.Wrappers[0] == "builtin" || call.Wrappers[0] == "command" {
		return w.chdir(call, dir)
	}
	return dir
}

func (w *walker) newCall(c scope, s *sh.Stmt, ce *sh.CallExpr, inv invocation) *Call {
	call := &Call{Script: c.sc, Stmt: s, Expr: ce, Wrappers: inv.wrappers, Dir: inv.dir,
		Pipe: c.pipe, PipeIndex: c.pipeIndex, Host: c.host, Subst: c.subst, Loop: c.loop, ExtraArgs: inv.extra}
	if c.stage != s {
		call.Pipe, call.PipeIndex = nil, 0
	}
	if len(inv.words) > 0 {
		call.NameArg = inv.words[0]
		if inv.words[0].Static {
			call.Name = base(inv.words[0].Value)
		}
		call.Args = inv.words[1:]
	}
	return call
}

// findExec records the commands that find runs with -exec, -execdir, -ok
// and -okdir.
func (w *walker) findExec(c scope, s *sh.Stmt, ce *sh.CallExpr, find *Call) {
	args := find.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v != "-exec" && v != "-execdir" && v != "-ok" && v != "-okdir" {
			continue
		}
		j := i + 1
		for j < len(args) && args[j].Value != ";" && args[j].Value != "+" {
			j++
		}
		if j > i+1 {
			inv := unwrap(args[i+1:j], find.Dir)
			if v == "-execdir" || v == "-okdir" {
				inv.dir = Dir{}
			}
			inv.wrappers = append(append([]string{}, find.Wrappers...), append([]string{"find " + v}, inv.wrappers...)...)
			inv.extra = true
			call := w.newCall(c, s, ce, inv)
			call.Pipe, call.PipeIndex = nil, 0
			call.Start, call.End = args[i+1].Start, args[j-1].End
			w.m.Calls = append(w.m.Calls, call)
			w.nested(c, call)
		}
		i = j
	}
}

// nested parses the scripts a call runs: bash -c strings, eval, su -c,
// here-documents and here-strings fed to a shell.
func (w *walker) nested(c scope, call *Call) {
	if w.runsCode(c, call) {
		return
	}
	switch call.Name {
	case "eval":
		if len(call.Args) == 1 {
			w.child(c, call, call.Args[0].Value, &call.Args[0], "eval", !call.Args[0].Static)
		} else if len(call.Args) > 1 {
			parts := make([]string, len(call.Args))
			dynamic := false
			for i, a := range call.Args {
				parts[i] = a.Value
				dynamic = dynamic || !a.Static
			}
			w.child(c, call, strings.Join(parts, " "), nil, "eval", dynamic)
		}
		return
	case "su", "runuser":
		for i := 0; i < len(call.Args); i++ {
			v := call.Args[i].Value
			if (v == "-c" || v == "--command") && i+1 < len(call.Args) {
				a := &call.Args[i+1]
				w.child(c, call, a.Value, a, "su -c", !a.Static)
				return
			}
			if strings.HasPrefix(v, "--command=") {
				w.child(c, call, strings.TrimPrefix(v, "--command="), nil, "su -c", !call.Args[i].Static)
				return
			}
		}
		return
	}
	idx, stdin := ShellScript(call)
	if idx >= 0 {
		a := &call.Args[idx]
		w.child(c, call, a.Value, a, "bash -c", !a.Static)
		return
	}
	if !stdin {
		return
	}
	for i := range call.Redirs {
		rd := &call.Redirs[i]
		switch rd.Node.Op {
		case sh.Hdoc, sh.DashHdoc:
			if rd.Node.Hdoc == nil {
				continue
			}
			r := &resolver{src: c.sc.Src, home: w.home, dir: call.Dir, vars: w.vars}
			body := r.arg(rd.Node.Hdoc)
			quoted := rd.Target.Raw != rd.Target.Value
			text := body.Raw
			// The body as parsed ends with the closing delimiter line.
			if trimmed, ok := strings.CutSuffix(text, rd.Target.Value); ok {
				trimmed = strings.TrimRight(trimmed, "\t")
				body.End -= len(text) - len(trimmed)
				text = trimmed
				body.Raw, body.Value = text, text
			}
			w.child(c, call, text, &body, "heredoc", !quoted && !body.Static)
		case sh.WordHdoc:
			w.child(c, call, rd.Target.Value, &rd.Target, "herestring", !rd.Target.Static)
		}
	}
}

// child parses text as a script run by call and walks it.
func (w *walker) child(c scope, call *Call, text string, host *Arg, kind string, dynamic bool) {
	if c.sc.Depth+1 > MaxDepth {
		w.m.Truncated = true
		return
	}
	if dynamic && host != nil && host.Word != nil {
		// Substitutions in the host word run in the outer shell; they are
		// already walked there. Mask them so they are not counted twice.
		r := &resolver{src: c.sc.Src, home: w.home, dir: call.Dir, mask: true, vars: w.vars}
		text = r.arg(host.Word).Value
	}
	if w.reparsed += len(text); w.reparsed > MaxSource {
		w.m.Truncated = true
		return
	}
	sc := &Script{Src: text, Parent: c.sc, Host: host, Kind: kind, Depth: c.sc.Depth + 1, Dynamic: dynamic, Origin: w.origin}
	f, err := parseSource(text)
	if err != nil {
		w.m.Unparsed = append(w.m.Unparsed, sc)
		return
	}
	sc.File = f
	w.m.Scripts = append(w.m.Scripts, sc)
	n := len(w.m.Calls)
	w.stmts(scope{sc: sc, loop: c.loop}, f.Stmts, call.Dir)
	if call.ExtraArgs {
		// xargs bash -c 'rm -rf {}': the script's commands get their
		// arguments at run time too.
		for _, inner := range w.m.Calls[n:] {
			inner.ExtraArgs = true
		}
	}
}

// chdir returns the directory after a cd, pushd or popd call.
func (w *walker) chdir(call *Call, dir Dir) Dir {
	switch call.Name {
	case "cd", "pushd":
		var target *Arg
		for i := range call.Args {
			a := &call.Args[i]
			if a.Static && strings.HasPrefix(a.Value, "-") && a.Value != "-" {
				continue // -L, -P, --
			}
			target = a
			break
		}
		next := Dir{}
		switch {
		case target == nil && call.Name == "cd":
			if w.home != "" {
				next = Dir{Path: cleanPath(w.home), Known: true}
			}
		case target == nil || !target.Static || target.Value == "-" || strings.HasPrefix(target.Value, "+"):
		default:
			next = dir.Join(target.Value)
		}
		if call.Name == "pushd" {
			w.stack = append(w.stack, dir)
		}
		return next
	case "popd":
		if n := len(w.stack); n > 0 {
			d := w.stack[n-1]
			w.stack = w.stack[:n-1]
			return d
		}
		return Dir{}
	}
	return dir
}
