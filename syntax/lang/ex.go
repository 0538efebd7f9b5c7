package lang

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// maxExDepth bounds commands nested in commands (:g/re/cmd, :exe,
// :bufdo, :autocmd).
const maxExDepth = 8

// exCommands reads Vim ex command lines (vim -c, --cmd, +cmd, a file
// given with -S) and returns what they do beyond editing: :!cmd, :r !cmd,
// :w !cmd and :terminal run shell text; system(), systemlist(),
// job_start(), jobstart() and termopen() run a command; delete() deletes
// (recursively with "rf"); :w FILE, :saveas FILE and writefile() write a
// file, and :w, :wq, :x, :update without a name write the files being
// edited (an effect with an empty Path); :python, :lua, :ruby and :perl
// run code in those languages. Ex commands corral does not know, and the
// text of :echo, :normal and :set, are not effects.
func exCommands(src string, depth int) []Effect { return newExState().commands(src, depth) }

// commands is exCommands in the state st (registers set so far).
func (st *exState) commands(src string, depth int) []Effect {
	if depth > maxExDepth {
		return nil
	}
	var out []Effect
	lines := strings.Split(src, "\n")
	off := 0
	for li := 0; li < len(lines); li++ {
		line := lines[li]
		lineOff := off
		off += len(line) + 1
		// A line that begins with a backslash continues the one before.
		for li+1 < len(lines) && strings.HasPrefix(strings.TrimLeft(lines[li+1], " \t"), "\\") {
			li++
			line += strings.TrimPrefix(strings.TrimLeft(lines[li], " \t"), "\\")
			off += len(lines[li]) + 1
		}
		// :lua << EOF … EOF (and :python, :ruby, :perl) take the lines
		// that follow.
		if l, marker, ok := exHeredoc(line); ok {
			var body []string
			for li+1 < len(lines) {
				li++
				off += len(lines[li]) + 1
				if strings.TrimSpace(lines[li]) == marker {
					break
				}
				body = append(body, lines[li])
			}
			out = append(out, shiftEffects(Analyze(l, strings.Join(body, "\n")), lineOff)...)
			continue
		}
		out = append(out, st.line(line, lineOff, depth)...)
	}
	return out
}

// shiftEffects moves effects found in a part of the text to its offset.
func shiftEffects(es []Effect, off int) []Effect {
	for i := range es {
		es[i].Offset += off
	}
	return es
}

// exHeredoc reports a :lua/:python/:ruby/:perl command that takes the
// following lines up to marker (default ".").
func exHeredoc(line string) (Lang, string, bool) {
	name, rest := exName(exStrip(line))
	l := exLang(name)
	if l == "" {
		return "", "", false
	}
	rest = strings.TrimSpace(rest)
	if !strings.HasPrefix(rest, "<<") {
		return "", "", false
	}
	f := strings.Fields(rest[2:])
	marker := "."
	for _, w := range f {
		if w != "trim" && w != "eval" {
			marker = w
		}
	}
	return l, marker, true
}

// exLang returns the language an ex command runs (:py3, :lua, :ruby,
// :perl and their *do forms), or "".
func exLang(name string) Lang {
	switch {
	case exIs(name, "python", 2), exIs(name, "python3", 7), name == "py3", name == "pyx", name == "pythonx",
		name == "pydo", name == "py3do", name == "pyxdo":
		return Python
	case name == "lua", name == "luado":
		return Lua
	case exIs(name, "ruby", 3), exIs(name, "rubydo", 5):
		return Ruby
	case exIs(name, "perl", 2), exIs(name, "perldo", 5):
		return Perl
	}
	return ""
}

// exIs reports whether name is full abbreviated to at least min letters,
// as Vim accepts command names.
func exIs(name, full string, min int) bool {
	return len(name) >= min && len(name) <= len(full) && strings.HasPrefix(full, name)
}

// exStrip removes the leading colons and blanks and the range of an ex
// command line.
func exStrip(line string) string {
	s := strings.TrimLeft(line, " \t:")
	for len(s) > 0 {
		c := s[0]
		switch {
		case strings.IndexByte("%.$,;0123456789+- \t", c) >= 0:
			s = s[1:]
		case c == '\'' && len(s) > 1:
			s = s[2:]
		case c == '/' || c == '?':
			j := 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			s = s[min(j+1, len(s)):]
		case c == '\\' && len(s) > 1 && strings.IndexByte("/?&", s[1]) >= 0:
			s = s[2:]
		default:
			return s
		}
	}
	return s
}

// exName splits an ex command into its name and the rest (the bang stays
// at the start of the rest).
func exName(s string) (string, string) {
	j := 0
	for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
		j++
	}
	name := s[:j]
	if (name == "py" || name == "python" || name == "py3" || name == "pyx") && j < len(s) && s[j] == '3' {
		j++
		name = s[:j]
	}
	if (name == "py" || name == "python") && strings.HasPrefix(s[j:], "3") {
		j++
		name = s[:j]
	}
	if name == "vim" && strings.HasPrefix(s[j:], "9") {
		// :vim9cmd (:vim9, :vim9c…) and :vim9script.
		j++
		for j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
			j++
		}
		name = s[:j]
	}
	if name == "py" && strings.HasPrefix(s[j:], "3do") {
		j += 3
		name = s[:j]
	}
	return name, s[j:]
}

// exBar splits a command line at a | that ends a command (not one in a
// string or escaped).
func exBar(s string) (string, string, bool) {
	inStr := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr != 0:
			if c == '\\' && inStr == '"' {
				i++
			} else if c == inStr {
				inStr = 0
			}
		case c == '"' || c == '\'':
			inStr = c
		case c == '\\':
			i++
		case c == '|':
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// exLine reads one command line, which may hold several commands joined
// by |.
func (st *exState) line(line string, off, depth int) []Effect {
	var out []Effect
	for steps := 0; steps < 256; steps++ {
		s := exStrip(line)
		if s == "" || s[0] == '"' || s[0] == '#' && (len(s) == 1 || s[1] == ' ' || s[1] == '!') {
			return out
		}
		at := off + len(line) - len(s)
		if s[0] == '!' {
			// :!cmd, :{range}!filter: the rest of the line is shell text,
			// bars included.
			out = append(out, Effect{Kind: Shell, Call: ":!", Text: strings.TrimSpace(s[1:]), Offset: at})
			return out
		}
		if (s[0] == '@' || s[0] == '*') && len(s) > 1 {
			// :@r and :*r run register r's lines as ex commands.
			return append(out, st.runRegister(s[1], ":"+s[:2], at, depth)...)
		}
		name, rest := exName(s)
		bang := strings.HasPrefix(rest, "!")
		if bang {
			rest = rest[1:]
		}
		arg := strings.TrimLeft(rest, " \t")
		st.buf.note(name, arg) // exbuffer.go
		switch {
		case name == "":
			return out
		case exIs(name, "read", 1):
			// :r !cmd and :r!cmd both read a command's output.
			if bang || strings.HasPrefix(arg, "!") {
				st.buf.dirty = true // the command's output joins the buffer
				out = append(out, Effect{Kind: Shell, Call: ":read !", Text: strings.TrimSpace(strings.TrimPrefix(arg, "!")), Offset: at})
				return out
			}
			if f, _, _ := exBar(arg); strings.TrimSpace(f) != "" {
				st.buf.read(exFile(f))
				if u := exFile(f); exNetrwURL(u) {
					out = append(out, exNetrwFetch(":read", u, at))
				} else {
					out = append(out, Effect{Kind: Read, Call: ":read", Path: u, Offset: at})
				}
			}
		case exEditCommand(name):
			// :e FILE, :sp FILE, :tabe FILE, :badd FILE, :args FILE…,
			// :file NAME: the buffer's file, which a :w without a name
			// writes; opening it reads it.
			f, _, _ := exBar(arg)
			st.buf.edit(name, st.buf.exEditFiles(f, name)) // exbuffer.go
			for _, w := range exFileArgs(f, exIs(name, "args", 2) || exIs(name, "argadd", 4) || exIs(name, "next", 1)) {
				if p, ok := exPath(w); ok && exNetrwURL(p) {
					// The buffer holds what netrw fetched; a :w without a
					// name would send it back there.
					out = append(out, exNetrwFetch(":"+name, p, at))
				} else if ok {
					out = append(out, Effect{Kind: Read, Call: ":" + name, Path: p, Tilde: strings.HasPrefix(p, "~"), Edits: true, Offset: at})
				} else {
					out = append(out, Effect{Kind: Hidden, Call: ":" + name, Text: w, Offset: at})
				}
			}
		case exIs(name, "cd", 2), exIs(name, "chdir", 3), exIs(name, "lcd", 2), exIs(name, "lchdir", 3), exIs(name, "tcd", 3), exIs(name, "tchdir", 3):
			// :cd DIR: the file names after it are in DIR; :cd alone is
			// the home directory (Unix); :cd - the one before.
			f, _, _ := exBar(arg)
			f = strings.TrimSpace(f)
			switch p, ok := exPath(f); {
			case f == "":
				out = append(out, Effect{Kind: Chdir, Call: ":" + name, Path: "~", Tilde: true, Offset: at})
			case ok && f != "-":
				out = append(out, Effect{Kind: Chdir, Call: ":" + name, Path: p, Tilde: strings.HasPrefix(p, "~"), Offset: at})
			default:
				out = append(out, Effect{Kind: Chdir, Call: ":" + name, Text: f, Offset: at})
			}
		case exIs(name, "set", 2), exIs(name, "setlocal", 4), exIs(name, "setglobal", 4):
			f, _, _ := exBar(arg)
			out = append(out, st.options(f, at, depth)...)
		case exIs(name, "runtime", 2), exIs(name, "packadd", 2), exIs(name, "packloadall", 5):
			// Scripts found on 'runtimepath'/'packpath': a project
			// directory added to either (set rtp^=dir) is code corral
			// judges at the :set; the user's own directories are theirs.
		case exIs(name, "write", 1), name == "wq", exIs(name, "xit", 1), exIs(name, "exit", 3), exIs(name, "update", 2),
			exIs(name, "saveas", 3), exIs(name, "wall", 2), exIs(name, "wqall", 3), exIs(name, "xall", 2), exIs(name, "wnext", 2):
			if !bang && strings.HasPrefix(arg, "!") && arg != "!" && (exIs(name, "write", 1)) {
				out = append(out, Effect{Kind: Shell, Call: ":write !", Text: strings.TrimSpace(arg[1:]), Offset: at})
				return out
			}
			f, next, more := exBar(arg)
			f = strings.TrimSpace(f)
			app := strings.HasPrefix(f, ">>")
			f = strings.TrimSpace(strings.TrimPrefix(f, ">>"))
			for strings.HasPrefix(f, "++") {
				// ++opt arguments (++enc=…, ++bin).
				if sp := strings.IndexAny(f, " \t"); sp >= 0 {
					f = strings.TrimSpace(f[sp:])
				} else {
					f = ""
				}
			}
			if p, ok := exPath(f); ok || f == "" {
				out = append(out, Effect{Kind: Write, Call: ":" + name, Path: p, Append: app, Tilde: strings.HasPrefix(p, "~"), Offset: at})
			} else {
				out = append(out, Effect{Kind: Hidden, Call: ":" + name, Text: f, Offset: at})
			}
			if !more {
				return out
			}
			line, off = next, off+len(line)-len(next)
			continue
		case exIs(name, "redir", 4):
			// :redir[!] > FILE and :redir >> FILE send the messages that
			// follow into FILE (=> VAR and @REG are not files).
			f, _, _ := exBar(arg)
			f = strings.TrimSpace(f)
			if strings.HasPrefix(f, "@") && len(f) > 1 {
				st.setReg(f[1], "", false) // the messages go into a register
			}
			if strings.HasPrefix(f, ">") && !strings.HasPrefix(f, "=>") {
				app := strings.HasPrefix(f, ">>")
				f = strings.TrimSpace(strings.TrimLeft(f, ">"))
				if f != "" {
					out = append(out, Effect{Kind: Write, Call: ":redir", Path: exFile(f), Append: app, Offset: at})
				}
			}
		case exIs(name, "mksession", 3), exIs(name, "mkvimrc", 3), exIs(name, "mkexrc", 2), exIs(name, "mkview", 5),
			exIs(name, "wviminfo", 2), exIs(name, "wshada", 3):
			// These write the session, options, view or history into the
			// file named, or without one into Vim's default (exMkDefault):
			// .vimrc, .exrc, Session.vim in the working directory, a view
			// under ~/.vim/view, ~/.viminfo, Neovim's main.shada.
			f, _, _ := exBar(arg)
			if f = strings.TrimSpace(f); f != "" && !(exIs(name, "mkview", 5) && strings.Trim(f, "0123456789") == "") {
				out = append(out, Effect{Kind: Write, Call: ":" + name, Path: exFile(f), Offset: at})
			} else {
				p := exMkDefault(name, f)
				out = append(out, Effect{Kind: Write, Call: ":" + name, Path: p, Tilde: strings.HasPrefix(p, "~"), Offset: at})
			}
		case exIs(name, "source", 2):
			// :so[urce][!] FILE runs the file's ex commands (with the
			// bang, its normal-mode keys: still the file's doing); %, #
			// and a range name the buffers' files and lines (exbuffer.go).
			ln := strings.TrimLeft(line, " \t:")
			return append(out, st.source(arg, strings.TrimSpace(ln[:len(ln)-len(s)]), at)...)
		case exIs(name, "bufdo", 5), exIs(name, "argdo", 5), name == "windo", exIs(name, "tabdo", 4), name == "cdo", name == "ldo",
			exIs(name, "cfdo", 3), exIs(name, "lfdo", 3):
			// The command runs in each buffer: % is each (exbuffer.go).
			return append(out, st.eachBuffer(arg, depth)...)
		case exIs(name, "terminal", 3):
			cmd := arg
			for strings.HasPrefix(cmd, "++") {
				if sp := strings.IndexAny(cmd, " \t"); sp >= 0 {
					cmd = strings.TrimLeft(cmd[sp:], " \t")
				} else {
					cmd = ""
				}
			}
			if strings.TrimSpace(cmd) != "" {
				out = append(out, Effect{Kind: Shell, Call: ":terminal", Text: strings.TrimSpace(cmd), Offset: at})
			}
			return out
		case exIs(name, "global", 1) || exIs(name, "vglobal", 1):
			if arg == "" {
				return out
			}
			d := arg[0]
			j := 1
			for j < len(arg) && arg[j] != d {
				if arg[j] == '\\' {
					j++
				}
				j++
			}
			if j < len(arg) {
				out = append(out, st.commands(arg[j+1:], depth+1)...)
			}
			return out
		case exIs(name, "bufdo", 5), exIs(name, "argdo", 5), name == "windo", exIs(name, "tabdo", 4), name == "cdo", name == "ldo",
			exIs(name, "cfdo", 3), exIs(name, "lfdo", 3), exIs(name, "folddoopen", 5), exIs(name, "folddoclosed", 7),
			exIs(name, "silent", 3), exIs(name, "unsilent", 3), exIs(name, "noautocmd", 3), exIs(name, "vertical", 4), exIs(name, "keepjumps", 5),
			exIs(name, "keepmarks", 3), exIs(name, "keepalt", 5), exIs(name, "keeppatterns", 5), exIs(name, "lockmarks", 3),
			exIs(name, "topleft", 2), exIs(name, "botright", 2), exIs(name, "aboveleft", 3), exIs(name, "belowright", 3),
			exIs(name, "leftabove", 5), exIs(name, "rightbelow", 6), name == "tab", exIs(name, "hide", 3), exIs(name, "confirm", 4),
			exIs(name, "browse", 3), exIs(name, "try", 3), exIs(name, "verbose", 4),
			exIs(name, "noswapfile", 3), exIs(name, "vim9cmd", 4), exIs(name, "legacy", 3), exIs(name, "horizontal", 3),
			exIs(name, "sandbox", 3), exIs(name, "debug", 3):
			out = append(out, st.commands(arg, depth+1)...)
			return out
		case exIs(name, "autocmd", 2):
			if cmd, ok := autocmdCommand(arg); ok {
				out = append(out, st.commands(cmd, depth+1)...)
			}
			return out
		case exLang(name) != "":
			out = append(out, shiftEffects(Analyze(exLang(name), arg), at+len(s)-len(arg))...)
			return out
		case exIs(name, "normal", 4):
			// :normal {keys}: the keys, up to the end of the line, run
			// as typed in Normal mode; the ex commands they type run.
			return append(out, st.typed(":normal", arg, at, depth)...)
		case exIs(name, "filter", 4):
			// :filter[!] {pattern} {command}
			f := strings.TrimLeft(arg, " \t")
			if f == "" {
				return out
			}
			if c := f[0]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
				_, f, _ = strings.Cut(f, " ")
			} else {
				j := 1
				for j < len(f) && f[j] != c {
					if f[j] == '\\' {
						j++
					}
					j++
				}
				f = f[min(j+1, len(f)):]
			}
			return append(out, st.commands(f, depth+1)...)
		case exIs(name, "command", 3):
			// :command[!] [-attr…] Name REPLACEMENT: the replacement runs
			// when Name is used; one with <args> when it is, with them.
			return append(out, st.userCommand(arg, at, depth)...)
		case exIs(name, "map", 3) || strings.HasSuffix(name, "map") || strings.HasSuffix(name, "noremap") ||
			strings.HasSuffix(name, "menu") && name != "emenu" && name != "tmenu" && !strings.HasPrefix(name, "un"):
			// A mapping's (or menu item's) keys run when it is used: they
			// are read as keys (<expr>: an expression).
			return append(out, st.mapping(name, arg, at, depth)...)
		case exIs(name, "cabbrev", 2), exIs(name, "cnoreabbrev", 6):
			// A command-line abbreviation's text is typed into a command
			// line.
			if f := strings.Fields(arg); len(f) > 1 {
				rhs := strings.TrimSpace(arg[strings.Index(arg, f[0])+len(f[0]):])
				return append(out, st.commands(rhs, depth+1)...)
			}
			return out
		case len(name) > 0 && name[0] >= 'A' && name[0] <= 'Z' && st.userCmd(name) != "":
			// A user command: its replacement with the arguments given.
			f, _, _ := exBar(arg)
			repl := st.userCmd(name)
			b := "!"
			if !bang {
				b = ""
			}
			f = strings.TrimSpace(f)
			q := "'" + strings.ReplaceAll(f, "'", "''") + "'"
			repl = strings.NewReplacer("<args>", f, "<q-args>", q, "<f-args>", q, "<bang>", b, "<lt>", "<").Replace(repl)
			return append(out, st.commands(repl, depth+1)...)
		case name == "let" && strings.HasPrefix(arg, "@") && len(arg) > 1:
			// :let @r = EXPR (.= appends): the register's keys.
			e, next, more := exBar(arg)
			out = append(out, st.letRegister(e, at+len(s)-len(arg), depth)...)
			if !more {
				return out
			}
			line, off = next, off+len(line)-len(next)
			continue
		case exIs(name, "yank", 1), exIs(name, "delete", 1):
			// :yank r, :delete r fill register r with buffer text.
			if a := strings.TrimSpace(arg); a != "" && (a[0] >= 'a' && a[0] <= 'z' || a[0] >= 'A' && a[0] <= 'Z') {
				st.setReg(a[0], "", false)
			}
		case exIs(name, "hardcopy", 2):
			// :hardcopy > FILE writes the PostScript into FILE (without
			// ">" it goes to the printer through 'printexpr').
			f, _, _ := exBar(arg)
			if _, file, ok := strings.Cut(f, ">"); ok {
				app := strings.HasPrefix(file, ">")
				if p, ok := exPath(strings.TrimLeft(file, "> \t")); ok && p != "" {
					out = append(out, Effect{Kind: Write, Call: ":hardcopy >", Path: p, Append: app, Tilde: strings.HasPrefix(p, "~"), Offset: at})
				}
			}
		case exIs(name, "profile", 4):
			// :profile start FILE writes the profile into FILE (at exit).
			f, _, _ := exBar(arg)
			if w := strings.Fields(f); len(w) > 1 && w[0] == "start" {
				if p, ok := exPath(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(f), "start"))); ok {
					out = append(out, Effect{Kind: Write, Call: ":profile start", Path: p, Tilde: strings.HasPrefix(p, "~"), Offset: at})
				}
			}
		case exIs(name, "wundo", 2), exIs(name, "mkspell", 4):
			// :wundo FILE writes the undo history into FILE; :mkspell
			// [-ascii] OUT IN… writes the spell file OUT.
			f, _, _ := exBar(arg)
			for _, w := range exFileArgs(f, true) {
				if w == "-ascii" {
					continue
				}
				if p, ok := exPath(w); ok {
					out = append(out, Effect{Kind: Write, Call: ":" + name, Path: p, Tilde: strings.HasPrefix(p, "~"), Offset: at})
				}
				break
			}
		case exIs(name, "vimgrep", 3), exIs(name, "vimgrepadd", 8), exIs(name, "lvimgrep", 2), exIs(name, "lvimgrepadd", 9):
			// :vimgrep /RE/ FILES… loads the files and makes the first
			// match's the current buffer, which a bare :w writes.
			f, _, _ := exBar(arg)
			if f = strings.TrimSpace(f); f != "" {
				if c := f[0]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' {
					if sp := strings.IndexAny(f, " \t"); sp >= 0 {
						f = f[sp:]
					} else {
						f = ""
					}
				} else {
					j := 1
					for j < len(f) && f[j] != c {
						if f[j] == '\\' {
							j++
						}
						j++
					}
					f = strings.TrimLeft(f[min(j+1, len(f)):], "gj")
				}
				for _, w := range exFileArgs(f, true) {
					if p, ok := exPath(w); ok {
						out = append(out, Effect{Kind: Read, Call: ":" + name, Path: p, Tilde: strings.HasPrefix(p, "~"), Edits: true, Offset: at})
					} else {
						out = append(out, Effect{Kind: Hidden, Call: ":" + name, Text: w, Offset: at})
					}
				}
			}
		case exIs(name, "substitute", 1) || name == "sno" || name == "sm" || name == "smagic" || name == "snomagic":
			// Patterns are data; a | ends them.
		case name == "let" && strings.HasPrefix(arg, "&"), exIs(name, "execute", 3):
			// :let &makeprg = 'rm -rf ~' sets an option by expression;
			// :execute runs the command its expression makes.
			e, next, more := exBar(arg)
			if name == "let" {
				out = append(out, st.letOption(e, at+len(s)-len(arg), depth)...)
			} else {
				out = append(out, st.execute(e, at+len(s)-len(arg), depth)...)
			}
			if !more {
				return out
			}
			line, off = next, off+len(line)-len(next)
			continue
		default:
			// An expression command (call, let, echo, if, return, …) or
			// any other: its function calls are read.
			e, next, more := exBar(arg)
			out = append(out, shiftEffects(st.expr(e, depth), at+len(s)-len(arg))...)
			if !more {
				return out
			}
			line, off = next, off+len(line)-len(next)
			continue
		}
		_, next, more := exBar(arg)
		if !more {
			return out
		}
		line, off = next, off+len(line)-len(next)
	}
	return out
}

// exEditCommand reports the ex commands that open a file as a buffer or
// name the buffer's file, taking file names as their arguments.
func exEditCommand(name string) bool {
	for _, c := range []struct {
		full string
		min  int
	}{{"edit", 1}, {"visual", 2}, {"view", 3}, {"split", 2}, {"vsplit", 2}, {"new", 3}, {"vnew", 3}, {"sview", 2},
		{"tabedit", 4}, {"tabnew", 6}, {"badd", 3}, {"balt", 4}, {"argadd", 4}, {"args", 2}, {"next", 1},
		{"find", 3}, {"sfind", 2}, {"tabfind", 4}, {"file", 1}, {"drop", 2}, {"tab", 3},
		{"diffsplit", 5}, {"pedit", 3}} {
		if c.full == "tab" {
			continue
		}
		if exIs(name, c.full, c.min) {
			return true
		}
	}
	return false
}

// exFileArgs splits the file arguments of an ex command at unescaped
// blanks (several only where the command takes a list), dropping ++opt
// and +cmd arguments.
func exFileArgs(f string, list bool) []string {
	var words []string
	var cur strings.Builder
	for i := 0; i < len(f); i++ {
		switch {
		case f[i] == '\\' && i+1 < len(f):
			cur.WriteByte(f[i])
			cur.WriteByte(f[i+1])
			i++
		case f[i] == ' ' || f[i] == '\t':
			if cur.Len() > 0 {
				words = append(words, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteByte(f[i])
		}
	}
	if cur.Len() > 0 {
		words = append(words, cur.String())
	}
	var out []string
	for _, w := range words {
		if strings.HasPrefix(w, "++") || strings.HasPrefix(w, "+") {
			continue
		}
		out = append(out, w)
		if !list {
			break
		}
	}
	return out
}

// exPath is a file name as Vim expands it: escapes removed, a leading
// $HOME or ${HOME} as ~ (the home directory). A name with another
// environment variable or a backtick expansion is only known at run
// time (ok false).
func exPath(f string) (string, bool) {
	p := exFile(f)
	for _, h := range []string{"$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(p, h); ok && (rest == "" || rest[0] == '/') {
			p = "~" + rest
		}
	}
	if strings.ContainsAny(p, "$`") {
		return "", false
	}
	return p, true
}

// exProgramOptions are the options whose value is a program or shell
// text Vim runs (:make with 'makeprg', :grep with 'grepprg', K with
// 'keywordprg', = with 'equalprg', gq with 'formatprg', :! with 'shell');
// exExprOptions those whose value is an expression or function Vim
// evaluates; exFileOptions those that name a file Vim writes.
var (
	exProgramOptions = lazy.Set{List: []string{"makeprg", "mp", "grepprg", "gp", "keywordprg", "kp", "equalprg", "ep",
		"formatprg", "fp", "shell", "sh"}}
	exExprOptions = lazy.Set{List: []string{"diffexpr", "dex", "patchexpr", "pex", "charconvert", "ccv", "printexpr", "pexpr",
		"includeexpr", "inex", "formatexpr", "fex", "indentexpr", "inde", "foldexpr", "fde", "foldtext", "fdt", "omnifunc", "ofu",
		"completefunc", "cfu", "operatorfunc", "opfunc", "tagfunc", "tfu", "statusline", "stl", "tabline", "tal", "findfunc", "ffu",
		"quickfixtextfunc", "qftf", "imactivatefunc", "imaf", "imstatusfunc", "imsf", "thesaurusfunc", "tsrfu"}}
	exFileOptions = lazy.Set{List: []string{"verbosefile", "vfile", "viminfofile", "vif", "shadafile", "sdf", "spellfile", "spf"}}
	exPathOptions = lazy.Set{List: []string{"runtimepath", "rtp", "packpath", "pp"}}
	// exDirOptions name directories Vim writes files into.
	exDirOptions = lazy.Set{List: []string{"backupdir", "bdir", "directory", "dir", "undodir", "udir", "viewdir", "vdir"}}
)

// exMkDefault is the file :mkvimrc, :mkexrc, :mksession, :mkview [N],
// :wviminfo and :wshada write when given no name (Vim's :help
// :mkvimrc, :mksession, :mkview, 'viewdir', 'viminfofile'; Neovim's
// shada file).
func exMkDefault(name, n string) string {
	switch {
	case exIs(name, "mkvimrc", 3):
		return ".vimrc"
	case exIs(name, "mkexrc", 2):
		return ".exrc"
	case exIs(name, "mksession", 3):
		return "Session.vim"
	case exIs(name, "mkview", 5):
		return "~/.vim/view/buffer=" + n + ".vim" // named after the edited file's path
	case exIs(name, "wviminfo", 2):
		return "~/.viminfo"
	}
	return "~/.local/share/nvim/shada/main.shada"
}

// exOptions reads the arguments of :set: an option naming a program gets
// shell text (judged as what it runs: :make, :grep, K use it), an
// expression option's value is read as a Vim expression, a file option
// is a file written, and a directory added to 'runtimepath' or
// 'packpath' makes the Vim scripts found there run (:runtime, plugins).
func (st *exState) options(text string, at, depth int) []Effect {
	var out []Effect
	for _, w := range exFileArgs(text, true) {
		name, val, ok := strings.Cut(w, "=")
		if !ok {
			continue
		}
		name = strings.TrimRight(name, "+-^")
		val = exFile(val)
		switch {
		case exProgramOptions.Has(name) && val != "":
			out = append(out, Effect{Kind: Shell, Call: "'" + name + "'", Text: val, Offset: at})
		case exExprOptions.Has(name) && val != "":
			out = append(out, shiftEffects(st.expr(val, depth+1), at)...)
			if !strings.Contains(val, "(") {
				// A function named by the option ('omnifunc' and the
				// like): Vim calls it by name.
				if vimFuncs.Get()[strings.TrimPrefix(val, "v:lua.")] {
					out = append(out, Effect{Kind: Hidden, Call: "'" + name + "'", Text: val, Offset: at})
				}
			}
		case (name == "shada" || name == "sd" || name == "viminfo" || name == "vi") && val != "":
			// 'shada'/'viminfo' items: n{file} names the file written
			// when Vim exits (:set shada=n~/.bashrc).
			for _, item := range strings.Split(val, ",") {
				if f, ok := strings.CutPrefix(item, "n"); ok && f != "" {
					if p, ok := exPath(f); ok {
						out = append(out, Effect{Kind: Write, Call: "'" + name + "' n", Path: p, Tilde: strings.HasPrefix(p, "~"), Offset: at})
					}
				}
			}
		case exDirOptions.Has(name) && val != "":
			// 'backupdir', 'directory', 'undodir', 'viewdir': Vim
			// creates files there whose names come from the edited
			// file's (NAME~, .NAME.swp, %path%NAME, a view): each
			// directory is written; one outside the working directory
			// holds names corral does not know, which asks.
			for _, d := range strings.Split(val, ",") {
				d = strings.TrimRight(d, "/")
				if d == "" || d == "." {
					continue // beside the edited file
				}
				p, ok := exPath(d)
				if !ok {
					out = append(out, Effect{Kind: Hidden, Call: "'" + name + "'", Text: d, Offset: at})
					continue
				}
				out = append(out, Effect{Kind: Write, Call: "'" + name + "'", Path: p, Tilde: strings.HasPrefix(p, "~"), Offset: at})
				if strings.HasPrefix(p, "~") || filepath.IsAbs(p) || slices.Contains(strings.Split(p, "/"), "..") {
					out = append(out, Effect{Kind: Hidden, Call: "'" + name + "'", Text: "files named after the edited one in " + p, Offset: at})
				}
			}
		case exFileOptions.Has(name) && val != "":
			if p, ok := exPath(val); ok {
				out = append(out, Effect{Kind: Write, Call: "'" + name + "'", Path: p, Tilde: strings.HasPrefix(p, "~"), Offset: at})
			}
		case exPathOptions.Has(name):
			out = append(out, Effect{Kind: Hidden, Call: "'" + name + "'", Text: w, Offset: at})
		}
	}
	return out
}

// exLetOption reads :let &OPTION = EXPR: a literal string is the option's
// value as :set gives it; one built at run time for a program option
// runs what only run time knows.
func (st *exState) letOption(text string, off, depth int) []Effect {
	name, expr, ok := strings.Cut(strings.TrimPrefix(text, "&"), "=")
	if !ok {
		return nil
	}
	name = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(name), ".+-^"))
	name = strings.TrimPrefix(strings.TrimPrefix(name, "l:"), "g:")
	expr = strings.TrimSpace(expr)
	out := shiftEffects(st.expr(expr, depth+1), off)
	tpl := template(Ex, expr)
	switch {
	case !exProgramOptions.Has(name) && !exExprOptions.Has(name) && !exFileOptions.Has(name) && !exPathOptions.Has(name):
	case strings.Contains(tpl, runtimePart) || tpl == "":
		out = append(out, Effect{Kind: Hidden, Call: "&" + name, Text: expr, Offset: off})
	default:
		out = append(out, st.options(name+"="+strings.ReplaceAll(tpl, " ", "\\ "), off, depth)...)
	}
	return out
}

// exFile is a file argument of :write or :read, with backslash escapes
// removed; "" when none is given.
func exFile(f string) string {
	f = strings.TrimSpace(f)
	return strings.NewReplacer(`\ `, " ", `\\`, `\`).Replace(f)
}

// autocmdCommand returns the command of :autocmd [group] {event}
// {pattern} [++once] [++nested] {cmd}.
func autocmdCommand(arg string) (string, bool) {
	f := strings.Fields(arg)
	i := 0
	if len(f) > 0 && !strings.ContainsAny(f[0], ",") && !isEventName(f[0]) && len(f) > 3 {
		i++ // a group name
	}
	i += 2 // events, pattern
	for i < len(f) && strings.HasPrefix(f[i], "++") {
		i++
	}
	if i >= len(f) {
		return "", false
	}
	// Cut the text after the i-th field.
	rest := arg
	for k := 0; k < i; k++ {
		rest = strings.TrimLeft(rest, " \t")
		sp := strings.IndexAny(rest, " \t")
		if sp < 0 {
			return "", false
		}
		rest = rest[sp:]
	}
	return strings.TrimSpace(rest), true
}

// isEventName reports a word that looks like an autocommand event
// (BufWritePost, VimEnter, *): it starts with a capital letter or is *.
func isEventName(w string) bool {
	return w == "*" || len(w) > 0 && w[0] >= 'A' && w[0] <= 'Z'
}

// exExecute reads :execute {expr}…: literal strings are the command run;
// a command built at run time matters when its known parts run a shell
// command.
func (st *exState) execute(text string, off, depth int) []Effect {
	var out []Effect
	tpl := template(Ex, text)
	if t, ok := exSourceCurrent(text); ok {
		tpl = t // exe 'so' expand('%'): :so % (exexpand.go)
	}
	if !strings.Contains(tpl, runtimePart) {
		return shiftEffects(st.commands(tpl, depth+1), off)
	}
	if strings.Trim(tpl, runtimePart+" \t") == "" || strings.HasPrefix(strings.TrimLeft(tpl, " \t:"), runtimePart) {
		return []Effect{{Kind: Hidden, Call: ":execute", Text: text, Offset: off}}
	}
	for _, e := range st.commands(tpl, depth+1) {
		if e.Kind == Shell && strings.Contains(e.Text, runtimePart) {
			e = builtFrom(e.Call, e.Text, off)
		}
		e.Offset = off
		if strings.Contains(e.Path, runtimePart) {
			if e.Kind == Write || e.Kind == Read && !e.Edits {
				continue
			}
			// exe "e " . name: a buffer only run time names, which a
			// :w without a name would write.
			e = Effect{Kind: Hidden, Call: e.Call, Text: text, Offset: off}
		}
		out = append(out, e)
	}
	return out
}

// builtFrom is a Hidden effect for shell text with run-time parts (as
// runtimePart) in it.
func builtFrom(name, tpl string, off int) Effect {
	return Effect{Kind: Hidden, Call: name, Text: strings.ReplaceAll(tpl, runtimePart, "…"), Built: !commandPlace(tpl), Offset: off}
}

// vimFuncs are the Vim and Neovim functions with effects.
var vimFuncs = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"system": true, "systemlist": true, "job_start": true, "jobstart": true, "termopen": true,
		"term_start": true, "delete": true, "writefile": true, "rename": true, "filecopy": true, "execute": true, "luaeval": true,
		"py3eval": true, "pyeval": true, "pyxeval": true, "rubyeval": true, "perleval": true,
		"call": true, "function": true, "funcref": true, "libcall": true, "libcallnr": true, "readfile": true, "readblob": true,
		"feedkeys": true, "setreg": true}
}}

// vimExpr reads the function calls of a Vim expression.
func (st *exState) expr(text string, depth int) []Effect {
	p := &parser{src: text, toks: lex(Ex, text), l: Ex}
	var out []Effect
	for _, c := range p.findCalls(false, func(name string) bool { return vimFuncs.Get()[name] }) {
		if c.method {
			continue
		}
		out = append(out, st.call(c, depth)...)
	}
	return out
}

// vimCall reads one call of a Vim function (vimFuncs), written in Vim
// script or from Neovim's Lua as vim.fn.NAME (c.name is then NAME).
func vimCall(c call, depth int) []Effect { return newExState().call(c, depth) }

// call is vimCall in the state st.
func (st *exState) call(c call, depth int) []Effect {
	var out []Effect
	first := argAt(c.args, 0)
	switch c.name {
	case "system", "systemlist":
		out = append(out, runText(Ex, c, first))
	case "job_start", "jobstart", "termopen", "term_start":
		if first != nil && first.lit {
			out = append(out, Effect{Kind: Shell, Call: c.name, Text: first.str, Offset: c.off})
		} else {
			out = append(out, runText(Ex, c, first))
		}
	case "delete":
		flags := argAt(c.args, 1)
		rec := flags != nil && flags.lit && strings.Contains(flags.str, "rf")
		if e, ok := pathEffect(c, Delete, first, rec); ok {
			e.Dir = flags != nil && flags.lit && flags.str == "d"
			out = append(out, e)
		}
	case "writefile":
		if e, ok := pathEffect(c, Write, argAt(c.args, 1), false); ok {
			if fl := argAt(c.args, 2); fl != nil && fl.lit && strings.Contains(fl.str, "a") {
				e.Append = true
			}
			out = append(out, e)
		}
	case "rename", "filecopy":
		// rename(from, to) and filecopy(from, to) write to; rename
		// removes from.
		if e, ok := pathEffect(c, Write, argAt(c.args, 1), false); ok {
			out = append(out, e)
		}
		if c.name == "rename" {
			if e, ok := pathEffect(c, Delete, first, false); ok && e.Kind == Delete {
				out = append(out, e)
			}
		}
	case "execute":
		if first != nil {
			out = append(out, st.execute(first.text, c.off, depth)...)
		}
	case "call", "function", "funcref":
		// call("system", [cmd]), function("system")(cmd): a function
		// with effects called by its name; call() of a function named
		// at run time could be any.
		text := ""
		if first != nil {
			text = first.text
		}
		switch list := argAt(c.args, 1); {
		case c.name == "call" && first != nil && first.lit && vimFuncs.Get()[first.str] && list != nil && list.isList:
			// call("system", ["rm -rf ~"]): the function with the list's
			// literals as its arguments.
			inner := call{name: first.str, off: c.off}
			for _, v := range list.list {
				inner.args = append(inner.args, arg{lit: true, str: v, text: v})
			}
			out = append(out, st.call(inner, depth+1)...)
		case first != nil && first.lit && vimFuncs.Get()[first.str]:
			out = append(out, Effect{Kind: Hidden, Call: c.name + "(\"" + first.str + "\")", Text: text, Offset: c.off})
		case c.name == "call" && (first == nil || !first.lit):
			out = append(out, Effect{Kind: Hidden, Call: "call", Text: text, Offset: c.off})
		}
	case "feedkeys":
		// feedkeys(KEYS, MODE): the keys are typed (at once with "x",
		// else when the script is done): the ex commands they type run.
		if first != nil && first.lit {
			out = append(out, st.typed("feedkeys", first.str, c.off, depth)...)
		} else if first != nil {
			out = append(out, Effect{Kind: Hidden, Call: "feedkeys", Text: first.text, Offset: c.off})
		}
	case "setreg":
		// setreg(R, VALUE): the register's keys.
		val := argAt(c.args, 1)
		switch {
		case first == nil || !first.lit || len(first.str) != 1:
			st.anyUnknown = true
		case val != nil && val.lit:
			st.setReg(first.str[0], val.str, true)
		default:
			st.setReg(first.str[0], "", false)
		}
	case "libcall", "libcallnr":
		// libcall(LIB, FUNC, ARG): a function of a shared library.
		text := ""
		if first != nil {
			text = first.text
		}
		out = append(out, Effect{Kind: Hidden, Call: c.name, Text: text, Offset: c.off})
	case "readfile", "readblob":
		if e, ok := pathEffect(c, Read, first, false); ok {
			out = append(out, e)
		}
	default:
		l := map[string]Lang{"luaeval": Lua, "py3eval": Python, "pyeval": Python, "pyxeval": Python, "rubyeval": Ruby, "perleval": Perl}[c.name]
		if first != nil && first.lit {
			out = append(out, shiftEffects(Analyze(l, first.str), c.off)...)
		} else if first != nil {
			out = append(out, Effect{Kind: Hidden, Call: c.name, Text: first.text, Offset: c.off})
		}
	}
	return out
}

// exNetrwURL reports a file name Vim's netrw plugin reads over the
// network (netrw.vim's netrw#NetRead: http, https, ftp, scp, sftp,
// rsync, dav, davs, fetch), as :e URL, :r URL and vim URL do.
func exNetrwURL(f string) bool {
	scheme, rest, ok := strings.Cut(f, "://")
	if !ok || rest == "" {
		return false
	}
	switch scheme {
	case "http", "https", "ftp", "scp", "sftp", "rsync", "dav", "davs", "fetch":
		return true
	}
	return false
}

// exNetrwFetch is what netrw runs for :read URL or :edit URL: its
// g:netrw_http_cmd (curl, else wget; scp, rsync, … for the other
// schemes) fetches URL, and the bytes go into the buffer. It is given
// as the curl that prints the URL, whose output the buffer takes (as
// :read !curl URL), so that the acquisition rules see a download whose
// bytes a later :w writes.
func exNetrwFetch(call, url string, at int) Effect {
	return Effect{Kind: Shell, Call: call + " " + url + " (netrw)", Text: "curl -sL -- " + shQuote(url), Offset: at}
}

// typed reads keys typed into Vim (:normal, feedkeys()) as the ex
// command lines they enter (exState.keys); keys only run time knows are
// a Hidden effect.
func (st *exState) typed(call, keys string, at, depth int) []Effect {
	if depth > maxExDepth {
		return nil
	}
	lines, unknown := st.keys(keys)
	out := st.commands(strings.Join(lines, "\n"), depth+1)
	for i := range out {
		out[i].Offset = at
	}
	if unknown != "" {
		out = append(out, Effect{Kind: Hidden, Call: call, Text: unknown + ": " + keys, Offset: at})
	}
	return out
}

// letRegister reads :let @r = EXPR and :let @r .= EXPR.
func (st *exState) letRegister(text string, off, depth int) []Effect {
	lhs, expr, ok := strings.Cut(text, "=")
	if !ok {
		return nil
	}
	lhs = strings.TrimSpace(lhs)
	if len(lhs) < 2 {
		return nil
	}
	app := strings.HasSuffix(lhs, ".")
	r := lhs[1]
	out := shiftEffects(st.expr(strings.TrimSpace(expr), depth+1), off)
	tpl := template(Ex, strings.TrimSpace(expr))
	known := !strings.Contains(tpl, runtimePart)
	if app && known {
		if r >= 'a' && r <= 'z' {
			r -= 'a' - 'A' // appended as an upper-case name appends
		}
	}
	st.setReg(r, tpl, known)
	return out
}

// runRegister is :@r (:*r): register r's lines run as ex commands.
func (st *exState) runRegister(r byte, call string, at, depth int) []Effect {
	if r == ':' || r == '@' || depth > maxExDepth {
		return nil // the last command line or register again
	}
	body, ok := st.reg(r)
	if !ok {
		return []Effect{{Kind: Hidden, Call: call, Text: "register " + string(r) + " filled at run time", Offset: at}}
	}
	if st.runs++; st.runs > maxExRegisterRuns {
		return []Effect{{Kind: Hidden, Call: call, Text: "registers run nested too deep", Offset: at}}
	}
	out := st.commands(strings.ReplaceAll(exKeyBytes(body), "\r", "\n"), depth+1)
	for i := range out {
		out[i].Offset = at
	}
	return out
}

// userCommand reads :command's definition: Name and its replacement
// (kept for a later use); a replacement that takes no arguments is read
// now too.
func (st *exState) userCommand(arg string, at, depth int) []Effect {
	rest := strings.TrimLeft(arg, " \t")
	for strings.HasPrefix(rest, "-") {
		sp := strings.IndexAny(rest, " \t")
		if sp < 0 {
			return nil
		}
		rest = strings.TrimLeft(rest[sp:], " \t")
	}
	name, repl, ok := strings.Cut(rest, " ")
	if !ok || name == "" {
		return nil
	}
	repl = strings.TrimSpace(repl)
	if st.cmds == nil {
		st.cmds = map[string]string{}
	}
	st.cmds[name] = repl
	if strings.Contains(repl, "args>") {
		return nil
	}
	out := st.commands(repl, depth+1)
	for i := range out {
		out[i].Offset = at
	}
	return out
}

// userCmd returns the replacement of the user command name (or the one
// it abbreviates without ambiguity), "" when none.
func (st *exState) userCmd(name string) string {
	if r, ok := st.cmds[name]; ok {
		return r
	}
	found := ""
	for n, r := range st.cmds {
		if strings.HasPrefix(n, name) {
			if found != "" {
				return ""
			}
			found = r
		}
	}
	return found
}

// mapping reads a :map-family (or :menu-family) definition: its
// right-hand side is keys typed when it is used, or an expression with
// <expr>.
func (st *exState) mapping(name, arg string, at, depth int) []Effect {
	rest := strings.TrimLeft(arg, " \t")
	expr := false
	for strings.HasPrefix(rest, "<") {
		end := strings.IndexByte(rest, '>')
		if end < 0 {
			break
		}
		switch strings.ToLower(rest[1:end]) {
		case "buffer", "nowait", "silent", "special", "script", "unique", "expr":
			expr = expr || strings.EqualFold(rest[1:end], "expr")
			rest = strings.TrimLeft(rest[end+1:], " \t")
			continue
		}
		break
	}
	if strings.HasSuffix(name, "menu") {
		// [priority] Menu.Path RHS
		if f := strings.Fields(rest); len(f) > 0 && strings.Trim(f[0], "0123456789.") == "" {
			rest = strings.TrimLeft(rest[len(f[0]):], " \t")
		}
	}
	// The left-hand side: up to an unescaped blank.
	j := 0
	for j < len(rest) && rest[j] != ' ' && rest[j] != '\t' {
		if rest[j] == '\\' || rest[j] == 0x16 {
			j++
		}
		j++
	}
	rhs := strings.TrimLeft(rest[min(j, len(rest)):], " \t")
	if rhs == "" {
		return nil
	}
	if expr {
		return shiftEffects(st.expr(rhs, depth+1), at)
	}
	return st.typed(":"+name, rhs, at, depth)
}
