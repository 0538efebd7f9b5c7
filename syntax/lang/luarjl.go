package lang

import "strings"

// lua reads Lua (lua -e, a script, stdin): os.execute and io.popen run
// shell text; os.remove deletes a file (or an empty directory) and
// os.rename moves one (mv -T); io.open
// with a write mode writes, and io.open or io.lines of a literal path
// reads. Lua calls a function with one string without parentheses
// (os.execute "ls", os.execute[[ls]]). In Neovim, vim.fn.NAME calls the
// Vim function NAME (vim.fn.writefile, vim.fn.system: read as in Vim
// script) and vim.cmd, vim.api.nvim_command and nvim_exec2 run ex
// command lines. load and loadstring compile a string as Lua code: its
// effects are the code's (a string only known at run time asks).
func lua(p *parser) []Effect {
	names := map[string]bool{"os.execute": true, "io.popen": true, "os.remove": true, "io.open": true, "io.lines": true, "os.rename": true,
		"vim.cmd": true, "vim.api.nvim_command": true, "vim.api.nvim_exec": true, "vim.api.nvim_exec2": true, "pandoc.pipe": true,
		"vim.api.nvim_feedkeys": true, "vim.api.nvim_input": true, "load": true, "loadstring": true}
	var out []Effect
	for _, c := range p.findCalls(true, func(n string) bool {
		f, ok := strings.CutPrefix(n, "vim.fn.")
		return names[n] || ok && vimFuncs.Get()[f]
	}) {
		if c.method {
			continue
		}
		if !c.parens {
			// Only f"str" and f[[str]] are calls without parentheses.
			a := argAt(c.args, 0)
			if a == nil || !a.lit {
				continue
			}
			c.args = c.args[:1]
			if t := strings.TrimSpace(a.text); len(t) > 0 && t[0] != '"' && t[0] != '\'' && t[0] != '[' {
				continue
			}
		}
		first := argAt(c.args, 0)
		if f, ok := strings.CutPrefix(c.name, "vim.fn."); ok {
			v := c
			v.name = f
			out = append(out, vimCall(v, 0)...)
			continue
		}
		switch c.name {
		case "vim.cmd", "vim.api.nvim_command", "vim.api.nvim_exec", "vim.api.nvim_exec2":
			if first != nil && first.lit {
				out = append(out, shiftEffects(exCommands(first.str, 1), c.off)...)
			} else {
				out = append(out, runText(Ex, c, first))
			}
		case "vim.api.nvim_feedkeys", "vim.api.nvim_input":
			// Keys typed into Neovim: read as feedkeys() (red team 14 RG4).
			v := c
			v.name = "feedkeys"
			out = append(out, vimCall(v, 0)...)
		case "os.execute", "io.popen":
			out = append(out, runText(Lua, c, first))
		case "load", "loadstring":
			// load("os.execute'ls'")(): the string is a chunk of Lua
			// (builtname.go).
			if c.parens {
				out = append(out, p.evalCode(c, first)...)
			}
		case "pandoc.pipe":
			// pandoc's Lua filters: pandoc.pipe(PROG, {ARGS}, INPUT)
			// runs PROG with the arguments of the table.
			out = append(out, luaPipe(c, first, argAt(c.args, 1)))
		case "os.remove":
			if e, ok := pathEffect(c, Delete, first, false); ok {
				out = append(out, e)
			}
		case "os.rename":
			// rename(2) of the two paths: mv -T (red team of 2026-12-05).
			out = append(out, renameEffects(c, first, argAt(c.args, 1))...)
		case "io.open", "io.lines":
			m := argAt(c.args, 1)
			if c.name == "io.open" && m != nil && m.lit && strings.ContainsAny(m.str, "wa+") {
				if e, ok := pathEffect(c, Write, first, false); ok {
					e.Append = strings.Contains(m.str, "a")
					out = append(out, e)
				}
			} else if m == nil || m.lit {
				if e, ok := readEffect(c, first); ok {
					out = append(out, e)
				}
			}
		}
	}
	return out
}

// luaPipe is the effect of pandoc.pipe(prog, args, input): a program run
// with a table of literal arguments ({"-l", "x"}), or one only known at
// run time.
func luaPipe(c call, prog, args *arg) Effect {
	if prog == nil || !prog.lit {
		return shellOf(c, prog)
	}
	argv := []string{prog.str}
	if args != nil {
		t := strings.TrimSpace(args.text)
		inner, ok := strings.CutPrefix(t, "{")
		inner, ok2 := strings.CutSuffix(inner, "}")
		if !ok || !ok2 {
			return Effect{Kind: Hidden, Call: c.name, Text: args.text, Offset: c.off}
		}
		src := "f(" + inner + ")"
		sp := &parser{src: src, toks: lex(Lua, src), l: Lua}
		for _, sc := range sp.findCalls(false, func(n string) bool { return n == "f" }) {
			for _, a := range sc.args {
				if !a.lit || a.key != "" {
					return Effect{Kind: Hidden, Call: c.name, Text: args.text, Offset: c.off}
				}
				argv = append(argv, a.str)
			}
			break
		}
	}
	return Effect{Kind: Exec, Call: c.name, Argv: argv, Offset: c.off}
}

// rlang reads R (Rscript -e, R -e, a script): system(), shell() and
// pipe() run shell text; system2(cmd, args) joins its command and
// arguments and runs them with the shell; unlink() deletes (a tree with
// recursive = TRUE) and file.remove() deletes files; writeLines(x, f),
// cat(…, file = f) and sink(f) write; readLines(f) reads. parse(text =
// s), str2lang(s) and str2expression(s) make R code of s, read as R (a
// string only known at run time asks): what eval then runs.
func rlang(p *parser) []Effect {
	names := map[string]bool{"system": true, "shell": true, "pipe": true, "system2": true, "unlink": true,
		"file.remove": true, "writeLines": true, "cat": true, "sink": true, "readLines": true,
		"parse": true, "str2lang": true, "str2expression": true}
	var out []Effect
	for _, c := range p.findCalls(false, func(n string) bool { return names[n] }) {
		if c.method {
			continue
		}
		first := argAt(c.args, 0)
		if k := keyword(c.args, "command"); k != nil && first == nil {
			first = k
		}
		switch c.name {
		case "system", "shell", "pipe":
			out = append(out, runText(R, c, first))
		case "parse", "str2lang", "str2expression":
			// parse(text = "system('ls')") is R code, evaluated by
			// the eval it is handed to (builtname.go); parse(file)
			// reads a file.
			code := first
			if c.name == "parse" {
				code = keyword(c.args, "text")
			}
			if code != nil {
				out = append(out, p.evalCode(c, code)...)
			}
		case "system2":
			args := keyword(c.args, "args")
			if args == nil {
				args = argAt(c.args, 1)
			}
			switch {
			case first == nil || !first.lit:
				out = append(out, runText(R, c, first))
			case args == nil:
				out = append(out, Effect{Kind: Shell, Call: c.name, Text: first.str, Offset: c.off})
			case args.isList:
				out = append(out, Effect{Kind: Shell, Call: c.name, Text: first.str + " " + strings.Join(args.list, " "), Offset: c.off})
			case args.lit:
				out = append(out, Effect{Kind: Shell, Call: c.name, Text: first.str + " " + args.str, Offset: c.off})
			default:
				out = append(out, builtText(R, c.name, first.text+" "+args.text, c.off))
			}
		case "unlink", "file.remove":
			rec := false
			if r := keyword(c.args, "recursive"); r != nil && rTrue(r) {
				rec = true
			}
			for _, a := range positional(c.args) {
				a := a
				// R expands a leading ~ of the names it deletes.
				if a.isList {
					for _, v := range a.list {
						out = append(out, Effect{Kind: Delete, Call: c.name, Path: v, Recursive: rec, Tilde: strings.HasPrefix(v, "~"), Offset: c.off})
					}
					continue
				}
				if e, ok := pathEffect(c, Delete, &a, rec); ok {
					e.Tilde = strings.HasPrefix(e.Path, "~")
					out = append(out, e)
				}
			}
		case "writeLines":
			con := keyword(c.args, "con")
			if con == nil {
				con = argAt(c.args, 1)
			}
			if e, ok := pathEffect(c, Write, con, false); ok {
				out = append(out, e)
			}
		case "cat":
			if f := keyword(c.args, "file"); f != nil && !(f.lit && f.str == "") {
				if e, ok := pathEffect(c, Write, f, false); ok {
					if ap := keyword(c.args, "append"); ap != nil && rTrue(ap) {
						e.Append = true
					}
					out = append(out, e)
				}
			}
		case "sink":
			if first != nil && first.lit && first.str != "" {
				out = append(out, Effect{Kind: Write, Call: c.name, Path: first.str, Offset: c.off})
			}
		case "readLines":
			if e, ok := readEffect(c, first); ok {
				out = append(out, e)
			}
		}
	}
	return out
}

// julia reads Julia (julia -e, a script): a command literal `…` runs when
// it is passed to run, read, success or pipeline (its effect is the
// literal's, found wherever it is); run(x) of a command built elsewhere
// runs code only known at run time; rm(p; recursive=true) deletes (a
// tree); write(path, …) and open(path, "w") write; read(path, …) of a
// literal path reads.
func julia(p *parser) []Effect {
	names := map[string]bool{"run": true, "success": true, "rm": true, "write": true, "open": true, "read": true, "readlines": true}
	var out []Effect
	for _, c := range p.findCalls(false, func(n string) bool { return names[lastSegment(n)] }) {
		if c.method && !strings.HasPrefix(c.name, "Base.") && !strings.HasPrefix(c.name, "Filesystem.") {
			continue
		}
		name := lastSegment(c.name)
		var first *arg
		if a := argAt(c.args, 0); a != nil {
			// rm(p; recursive=true): the keyword part follows a ;.
			head, _, _ := strings.Cut(a.text, ";")
			v, ok := litOf(Julia, head)
			first = &arg{text: strings.TrimSpace(head), lit: ok, str: v}
		}
		callText := ""
		for _, a := range c.args {
			callText += a.text + ","
		}
		switch name {
		case "run", "success":
			if first == nil || strings.HasPrefix(first.text, "`") || strings.HasPrefix(first.text, "Cmd(") || strings.HasPrefix(first.text, "pipeline(") {
				continue // a command literal, found as one
			}
			out = append(out, Effect{Kind: Hidden, Call: name, Text: first.text, Offset: c.off})
		case "rm":
			rec := strings.Contains(strings.ReplaceAll(callText, " ", ""), "recursive=true")
			if e, ok := pathEffect(c, Delete, first, rec); ok {
				out = append(out, e)
			}
		case "write":
			if first != nil && first.lit {
				out = append(out, Effect{Kind: Write, Call: name, Path: first.str, Offset: c.off})
			}
		case "open":
			m := argAt(c.args, 1)
			switch {
			case first != nil && m != nil && m.lit && strings.ContainsAny(m.str, "wa+"):
				if first.lit {
					out = append(out, Effect{Kind: Write, Call: name, Path: first.str, Append: strings.Contains(m.str, "a"), Offset: c.off})
				} else if e, ok := runTimePath(c, Write, first, strings.Contains(m.str, "a")); ok {
					out = append(out, e)
				}
			case first != nil && (m == nil || m.lit):
				if e, ok := juliaRead(c, name, first); ok {
					out = append(out, e)
				}
			}
		case "read", "readlines":
			if e, ok := juliaRead(c, name, first); ok {
				out = append(out, e)
			}
		}
	}
	return out
}

// juliaRead is the read of the file a names: a literal, or a path only
// run time knows judged by its pieces (read(joinpath(homedir(), x)):
// red team of 2026-12-05). An IO value (read(stdin), read(io, String))
// gives no pieces and so nothing.
func juliaRead(c call, name string, a *arg) (Effect, bool) {
	if a == nil {
		return Effect{}, false
	}
	if a.lit {
		return Effect{Kind: Read, Call: name, Path: a.str, Offset: c.off}, true
	}
	c.name = name
	return runTimePath(c, Read, a, false)
}

// litOf returns the value of text when it is one literal string of
// language l.
func litOf(l Lang, text string) (string, bool) {
	var toks []token
	for _, t := range lex(l, text) {
		if t.kind != tNewline {
			toks = append(toks, t)
		}
	}
	if len(toks) == 1 && toks[0].kind == tString && toks[0].lit && !toks[0].shell {
		return toks[0].text, true
	}
	return "", false
}

// rTrue reports a keyword argument whose value is TRUE or T.
func rTrue(a *arg) bool {
	_, v, _ := strings.Cut(a.text, "=")
	v = strings.TrimSpace(v)
	return v == "TRUE" || v == "T"
}

// XMake is an xmake.lua: xmake runs its description when it loads the
// project and its on_*/before_*/after_* scripts when it builds, Lua with
// xmake's os module besides the standard one. Premake is a premake5.lua
// (premake4.lua): premake runs it whole to generate the project files,
// Lua with premake's os additions.
const (
	XMake   Lang = "xmake"
	Premake Lang = "premake"
)

// luaBuild reads an xmake.lua or premake5.lua: as Lua, and the os
// functions each tool adds (xmake's manual, "os"; premake's "os"):
// xmake's os.exec, os.run, os.iorun, os.vrun and os.execv/os.runv/
// os.vexecv/os.vrunv(program, {args}) run a program (the string split
// into words, quotes kept together, no shell); os.rm, os.tryrm and
// os.rmdir delete a tree; premake's os.rmdir deletes a directory with
// everything in it, os.execute runs shell text (standard Lua).
func luaBuild(l Lang, src string) []Effect {
	out := analyze(Lua, src, 0)
	p := &parser{src: src, toks: lex(Lua, src), l: Lua}
	names := map[string]bool{"os.rmdir": true}
	if l == XMake {
		for _, n := range []string{"os.exec", "os.run", "os.iorun", "os.vrun", "os.execv", "os.runv", "os.vexecv", "os.vrunv", "os.iorunv", "os.rm", "os.tryrm"} {
			names[n] = true
		}
	}
	for _, c := range p.findCalls(true, func(n string) bool { return names[n] }) {
		if c.method {
			continue
		}
		first := argAt(c.args, 0)
		switch c.name {
		case "os.rm", "os.tryrm", "os.rmdir":
			if e, ok := pathEffect(c, Delete, first, true); ok {
				out = append(out, e)
			}
		case "os.execv", "os.runv", "os.vexecv", "os.vrunv", "os.iorunv":
			out = append(out, luaPipe(c, first, argAt(c.args, 1)))
		default:
			if first == nil || !first.lit {
				out = append(out, shellOf(c, first))
				continue
			}
			if argv := shellWords(first.str); len(argv) > 0 {
				out = append(out, Effect{Kind: Exec, Call: c.name, Argv: argv, Offset: c.off})
			}
		}
	}
	return out
}
