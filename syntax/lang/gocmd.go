package lang

import "strings"

// An exec.Cmd runs the program its Path field names with the argument
// vector of its Args field (Args[0] is only the name the program sees;
// an empty Args runs Path with no arguments). exec.Command fills both,
// and golang reads that call; a program can also fill them itself:
//
//	c := &exec.Cmd{Path: "/bin/sh", Args: []string{"sh", "-c", "rm -rf ~"}}
//	c := exec.Command("true"); c.Path = "/bin/sh"; c.Args = []string{…}
//
// goCmdFields reads both forms. A literal exec.Cmd{…} whose Path is known
// and whose Args is absent or a []string{…} of literals is that program
// run with those arguments (judged as exec.Command's vector is);
// otherwise the command is one only run time knows, and so is an
// assignment to the Path or Args field of a name the code binds to an
// exec.Cmd (exec.Command, exec.CommandContext, exec.Cmd{…}, new(exec.Cmd),
// var c exec.Cmd): what that runs is not the call corral read. A Path or
// Args field of anything else (url.URL's Path) is not one.
func (p *parser) goCmdFields() []Effect {
	if !strings.Contains(p.src, "exec.C") {
		return nil
	}
	var out []Effect
	cmds := map[string]bool{}
	for i, t := range p.toks {
		if t.kind != tIdent || t.text != "exec" || !isP(p.tok(i+1), ".") {
			continue
		}
		ctor := p.tok(i + 2)
		if ctor.kind != tIdent || ctor.text != "Command" && ctor.text != "CommandContext" && ctor.text != "Cmd" {
			continue
		}
		if name := p.goBoundTo(i); name != "" {
			cmds[name] = true
		}
		if ctor.text == "Cmd" && isP(p.tok(i+3), "{") {
			if e, ok := p.goCmdLiteral(i, i+3); ok {
				out = append(out, e)
			}
		}
	}
	if len(cmds) == 0 {
		return out
	}
	type fields struct {
		path, args []arg
		hidden     []Effect
	}
	set := map[string]*fields{}
	var order []string
	for i, t := range p.toks {
		if t.kind != tIdent || t.text != "Path" && t.text != "Args" || !isP(p.tok(i-1), ".") || !isP(p.tok(i+1), "=") || isP(p.tok(i+2), "=") {
			continue
		}
		if p.tok(i-2).kind != tIdent {
			continue
		}
		recv, _ := p.dotted(i - 2)
		if !cmds[recv] {
			continue
		}
		vals, _ := p.bareArgs(i + 2)
		text := recv + "." + t.text + " = "
		v := arg{}
		if len(vals) > 0 {
			text += vals[0].text
			v = vals[0]
		}
		f := set[recv]
		if f == nil {
			f = &fields{}
			set[recv] = f
			order = append(order, recv)
		}
		if t.text == "Path" {
			f.path = append(f.path, v)
		} else {
			f.args = append(f.args, v)
		}
		f.hidden = append(f.hidden, Effect{Kind: Hidden, Call: "exec.Cmd." + t.text, Text: text, Offset: t.off})
	}
	for _, recv := range order {
		// c.Path = "/bin/sh"; c.Args = []string{"sh", "-c", "…"}, each
		// once and literal: that program with that vector. Anything
		// else (one field changed, a value only run time knows, several
		// assignments) runs what corral cannot name.
		f := set[recv]
		if len(f.path) == 1 && len(f.args) == 1 && f.path[0].lit && f.path[0].str != "" {
			if vec, ok := p.goStrings(f.args[0]); ok {
				argv := append([]string{f.path[0].str}, vec[min(1, len(vec)):]...)
				out = append(out, Effect{Kind: Exec, Call: "exec.Cmd", Argv: argv, Offset: f.hidden[0].Offset})
				continue
			}
		}
		out = append(out, f.hidden...)
	}
	return out
}

// goBoundTo returns the name (x, s.cmd) that the expression starting at
// token i (exec.Command(…), exec.Cmd{…}) is assigned to or declared
// with: x := …, x = …, x := &…, var x = …, var x exec.Cmd, var x
// *exec.Cmd, x := new(exec.Cmd); "" when none.
func (p *parser) goBoundTo(i int) string {
	j := i - 1
	if isP(p.tok(j), "&") || isP(p.tok(j), "*") {
		j--
	}
	if isP(p.tok(j), "(") && isI(p.tok(j-1), "new") {
		j -= 2
	}
	switch {
	case isP(p.tok(j), ":=") || isP(p.tok(j), "="):
		if p.tok(j-1).kind == tIdent {
			name, _ := p.dotted(j - 1)
			return name
		}
	case p.tok(j).kind == tIdent && isI(p.tok(j-1), "var"):
		return p.tok(j).text // var c exec.Cmd
	}
	return ""
}

// goCmdLiteral reads the exec.Cmd{…} literal whose brace is at open
// (start is its first token); false for one that runs nothing yet.
func (p *parser) goCmdLiteral(start, open int) (Effect, bool) {
	end := p.closeOf(p.toks, open)
	call := call{name: "exec.Cmd", off: p.toks[start].off}
	if end < 0 {
		end = len(p.toks)
	}
	text := p.src[p.toks[start].off:min(len(p.src), p.toks[min(end, len(p.toks)-1)].off+1)]
	hidden := Effect{Kind: Hidden, Call: call.name, Text: text, Offset: call.off}
	var path, args *arg
	a := open + 1
	for j := open + 1; j <= end && j < len(p.toks); j++ {
		tk := p.toks[j]
		if j < end && tk.kind == tPunct && (tk.text == "(" || tk.text == "[" || tk.text == "{") {
			if c := p.closeOf(p.toks, j); c > j && c < end {
				j = c
			}
			continue
		}
		if j < end && !isP(tk, ",") {
			continue
		}
		for a < j && p.toks[a].kind == tNewline {
			a++
		}
		if a+2 <= j && p.toks[a].kind == tIdent && isP(p.toks[a+1], ":") {
			v := p.arg(a+2, j)
			switch p.toks[a].text {
			case "Path":
				path = &v
			case "Args":
				args = &v
			}
		}
		a = j + 1
	}
	if path == nil {
		if args == nil {
			return Effect{}, false // exec.Cmd{Stdout: …}: filled in later, or nothing to run
		}
		return hidden, true
	}
	if !path.lit || path.str == "" {
		return hidden, true
	}
	argv := []string{path.str}
	if args != nil {
		vec, ok := p.goStrings(*args)
		if !ok {
			return hidden, true
		}
		argv = append(argv, vec[min(1, len(vec)):]...)
	}
	return Effect{Kind: Exec, Call: call.name, Argv: argv, Offset: call.off}, true
}
