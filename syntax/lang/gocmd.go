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
// var c exec.Cmd, a parameter or struct field of that type, a call of a
// function of this source that returns one), or of a second name for one
// (d := c, d = c, var d = c, p := &c, d := *p, s.cmd = c, (*p).Path):
// what that runs is not the call corral read. A name whose type the
// source does not tell (a function of another package made it) counts
// when it gets both Path and Args and one of its run methods (Run,
// Start, Output, CombinedOutput) is called or the source imports
// os/exec, or when the source imports os/exec and it gets one of them
// and is run: no other common type has Path, Args and Run. A Path field
// of anything else (url.URL's Path) is not one.
func (p *parser) goCmdFields() []Effect {
	if !strings.Contains(p.src, "exec.C") && !strings.Contains(p.src, ".Args") {
		return nil
	}
	var out []Effect
	cmds := map[string]bool{}   // names bound to an exec.Cmd
	fields := map[string]bool{} // struct fields that hold one
	makers := map[string]bool{} // functions of this source that return one
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
		if ctor.text == "Cmd" {
			if name, field := p.goDeclaredCmd(i); name != "" {
				cmds[name] = true
				if field {
					fields[name] = true
				}
			}
			if f := p.goCmdMaker(i); f != "" {
				makers[f] = true
			}
		}
		if ctor.text == "Cmd" && isP(p.tok(i+3), "{") {
			if e, ok := p.goCmdLiteral(i, i+3); ok {
				out = append(out, e)
			}
		}
	}
	isCmd := func(name string) bool {
		if cmds[name] {
			return true
		}
		dot := strings.LastIndexByte(name, '.')
		return dot > 0 && fields[name[dot+1:]]
	}
	// c := mk() (or c, err := mk()) for a function mk that returns an
	// exec.Cmd, then second names, until no name is added.
	for i, t := range p.toks {
		if t.kind != tIdent || !makers[t.text] || !isP(p.tok(i+1), "(") || isI(p.tok(i-1), "func") {
			continue
		}
		if _, first := p.dotted(i); first >= 0 {
			if name := p.goBoundFirst(first); name != "" {
				cmds[name] = true
			} else if name := p.goBoundTo(first); name != "" {
				cmds[name] = true
			}
		}
	}
	for round := 0; round < 8 && len(cmds)+len(fields) > 0; round++ {
		added := false
		for k, t := range p.toks {
			if !isP(t, ":=") && !isP(t, "=") || p.tok(k-1).kind != tIdent || isP(p.tok(k+1), "=") {
				continue
			}
			lhs, _ := p.dotted(k - 1)
			if cmds[lhs] {
				continue
			}
			j := k + 1
			if isP(p.tok(j), "&") || isP(p.tok(j), "*") {
				j++
			}
			if p.tok(j).kind != tIdent {
				continue
			}
			rhs := p.dottedFrom(j, len(p.toks))
			end := p.tok(j + 2*strings.Count(rhs, ".") + 1)
			if (end.kind == tNewline || isP(end, ";") || isP(end, "}")) && isCmd(rhs) {
				cmds[lhs], added = true, true
			}
		}
		if !added {
			break
		}
	}
	type assigned struct {
		path, args []arg
		hidden     []Effect
		ran        bool
	}
	set := map[string]*assigned{}
	var order []string
	for i, t := range p.toks {
		if t.kind != tIdent || !isP(p.tok(i-1), ".") {
			continue
		}
		recv := p.goRecv(i - 2)
		if recv == "" {
			continue
		}
		switch t.text {
		case "Run", "Start", "Output", "CombinedOutput":
			if isP(p.tok(i+1), "(") {
				if f := set[recv]; f != nil {
					f.ran = true
				} else {
					set[recv] = &assigned{ran: true}
				}
			}
			continue
		case "Path", "Args":
		default:
			continue
		}
		if !isP(p.tok(i+1), "=") || isP(p.tok(i+2), "=") {
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
			f = &assigned{}
			set[recv] = f
		}
		if f.path == nil && f.args == nil {
			order = append(order, recv)
		}
		if t.text == "Path" {
			f.path = append(f.path, v)
		} else {
			f.args = append(f.args, v)
		}
		f.hidden = append(f.hidden, Effect{Kind: Hidden, Call: "exec.Cmd." + t.text, Text: text, Offset: t.off})
	}
	imports := strings.Contains(p.src, `"os/exec"`)
	for _, recv := range order {
		f := set[recv]
		both := len(f.path) > 0 && len(f.args) > 0
		if !isCmd(recv) && !(both && (f.ran || imports) || imports && f.ran) {
			continue // url.URL's Path, or a type the source does not tell
		}
		// c.Path = "/bin/sh"; c.Args = []string{"sh", "-c", "…"}, each
		// once and literal: that program with that vector. Anything
		// else (one field changed, a value only run time knows, several
		// assignments) runs what corral cannot name.
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

// goRecv returns the receiver whose last token is at i, before a "."
// and a field or method: a dotted name (c, s.cmd) or (*p) ("p"); ""
// for anything else.
func (p *parser) goRecv(i int) string {
	if p.tok(i).kind == tIdent {
		name, _ := p.dotted(i)
		return name
	}
	if isP(p.tok(i), ")") && p.tok(i-1).kind == tIdent && isP(p.tok(i-2), "*") && isP(p.tok(i-3), "(") {
		return p.tok(i - 1).text
	}
	return ""
}

// goDeclaredCmd returns the name a parameter, result or struct field
// declares with the type exec.Cmd or *exec.Cmd whose "exec" is token i
// (func run(c *exec.Cmd), struct{ cmd *exec.Cmd }); field reports that
// it may be a struct field, which a receiver's last name (s.cmd)
// matches. A composite literal's key (S{cmd: exec.Cmd{…}}) is one too.
func (p *parser) goDeclaredCmd(i int) (string, bool) {
	j := i - 1
	if isP(p.tok(j), "*") {
		j--
	}
	name := p.tok(j)
	if name.kind != tIdent || isI(name, "var") || isI(name, "return") {
		return "", false
	}
	switch prev := p.tok(j - 1); {
	case prev.kind == tNewline || isP(prev, "{") || isP(prev, ";"):
		return name.text, true // a struct field
	case isP(prev, "(") || isP(prev, ","):
		return name.text, false // a parameter or a named result
	}
	return "", false
}

// goCmdMaker returns the function whose result list holds the exec.Cmd
// type whose "exec" is token i (func mk() *exec.Cmd, func (s *S)
// cmd(name string) (*exec.Cmd, error)); "" otherwise.
func (p *parser) goCmdMaker(i int) string {
	j := i - 1
	if isP(p.tok(j), "*") {
		j--
	}
	if isP(p.tok(j), "(") || isP(p.tok(j), ",") {
		// (*exec.Cmd, error): back to the list's "(".
		for n := 0; n < 8 && !isP(p.tok(j), "("); n++ {
			j--
		}
		j--
	}
	if !isP(p.tok(j), ")") {
		return ""
	}
	open := p.matchBack(j)
	if open < 2 || p.tok(open-1).kind != tIdent {
		return ""
	}
	name := p.tok(open - 1).text
	if isI(p.tok(open-2), "func") {
		return name
	}
	if isP(p.tok(open-2), ")") { // a method: func (s *S) name(…)
		if r := p.matchBack(open - 2); r > 0 && isI(p.tok(r-1), "func") {
			return name
		}
	}
	return ""
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

// goBoundFirst returns the first name of a two-name assignment of the
// call starting at token i (c, err := mk()); "" for any other.
func (p *parser) goBoundFirst(i int) string {
	j := i - 1
	if !isP(p.tok(j), ":=") && !isP(p.tok(j), "=") || p.tok(j-1).kind != tIdent {
		return ""
	}
	_, first := p.dotted(j - 1)
	if !isP(p.tok(first-1), ",") || p.tok(first-2).kind != tIdent {
		return ""
	}
	name, _ := p.dotted(first - 2)
	return name
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
