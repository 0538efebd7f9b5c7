package lang

import (
	"slices"
	"strings"
)

// sexp is an Emacs Lisp form: a list, a string or an atom.
type sexp struct {
	list   []sexp
	isList bool
	str    string
	isStr  bool
	atom   string
	off    int
}

// maxSexpDepth bounds the nesting of forms read.
const maxSexpDepth = 200

// elisp reads Emacs Lisp (emacs --eval, -l FILE, --batch): shell-command,
// shell-command-to-string, async-shell-command and the *-shell-command
// process functions run shell text; call-process, start-process,
// process-lines and make-process run a program; delete-directory deletes
// (a tree when its second argument is non-nil) and delete-file deletes a
// file; write-region, append-to-file and with-temp-file write a file.
// A string built with concat or format is read with its run-time parts.
func elisp(src string) []Effect {
	r := &sexpReader{src: src}
	var out []Effect
	for steps := 0; r.i < len(src) && steps < 1<<16; steps++ {
		f, ok := r.read(0)
		if !ok {
			break
		}
		elispWalk(f, &out, 0)
	}
	return out
}

func elispWalk(f sexp, out *[]Effect, depth int) {
	if !f.isList || len(f.list) == 0 || depth > maxSexpDepth {
		return
	}
	head := f.list[0].atom
	args := f.list[1:]
	if head == "quote" {
		return // data
	}
	arg := func(i int) *sexp {
		if i < len(args) {
			return &args[i]
		}
		return nil
	}
	switch head {
	case "shell-command", "shell-command-to-string", "async-shell-command", "call-process-shell-command",
		"process-file-shell-command", "shell-command-on-region":
		i := 0
		if head == "shell-command-on-region" {
			i = 2
		}
		*out = append(*out, elispShell(head, arg(i), f.off))
	case "start-process-shell-command", "start-file-process-shell-command":
		*out = append(*out, elispShell(head, arg(2), f.off))
	case "call-process", "process-lines", "start-process", "process-file", "start-file-process":
		first := 0
		if len(args) == 0 {
			break
		}
		switch head {
		case "call-process", "process-file":
			// program, infile, destination, display, args…
			args = append([]sexp{args[0]}, skipN(args[1:], 3)...)
		case "start-process", "start-file-process":
			first = 2 // name, buffer, program, args…
		}
		if len(args) <= first {
			break
		}
		*out = append(*out, elispExec(head, args[first:], f.off))
	case "make-process":
		for i := 0; i+1 < len(args); i++ {
			if args[i].atom == ":command" {
				c := args[i+1]
				if len(c.list) == 2 && c.list[0].atom == "quote" {
					c = c.list[1]
				} else if len(c.list) > 0 && c.list[0].atom == "list" {
					c.list = c.list[1:]
				}
				*out = append(*out, elispExec(head, c.list, f.off))
			}
		}
	case "delete-directory", "delete-file":
		p := arg(0)
		rec := head == "delete-directory" && arg(1) != nil && arg(1).atom != "nil"
		switch {
		case p == nil:
		case p.isStr:
			*out = append(*out, Effect{Kind: Delete, Call: head, Path: p.str, Recursive: rec, Dir: head == "delete-directory" && !rec, Tilde: strings.HasPrefix(p.str, "~"), Offset: f.off})
		default:
			*out = append(*out, Effect{Kind: Hidden, Call: head, Text: elispText(*p), Offset: f.off})
		}
	case "write-region", "append-to-file", "with-temp-file":
		i := 2
		if head == "with-temp-file" {
			i = 0
		}
		if p := arg(i); p != nil && p.isStr {
			app := head == "append-to-file" || head == "write-region" && arg(3) != nil && arg(3).atom != "nil"
			*out = append(*out, Effect{Kind: Write, Call: head, Path: p.str, Append: app, Tilde: strings.HasPrefix(p.str, "~"), Offset: f.off})
		}
	case "insert-file-contents", "find-file", "insert-file-contents-literally":
		if p := arg(0); p != nil && p.isStr {
			*out = append(*out, Effect{Kind: Read, Call: head, Path: p.str, Tilde: strings.HasPrefix(p.str, "~"), Offset: f.off})
		}
	}
	for _, a := range args {
		elispWalk(a, out, depth+1)
	}
}

func skipN(s []sexp, n int) []sexp {
	if len(s) <= n {
		return nil
	}
	return s[n:]
}

// elispShell is the effect of a function that runs form a as shell text.
func elispShell(name string, a *sexp, off int) Effect {
	if a == nil {
		return Effect{Kind: Hidden, Call: name, Offset: off}
	}
	if a.isStr {
		return Effect{Kind: Shell, Call: name, Text: a.str, Offset: off}
	}
	tpl := elispTemplate(*a)
	e := Effect{Kind: Hidden, Call: name, Text: elispText(*a), Offset: off}
	if strings.Trim(tpl, runtimePart+" \t\n") != "" {
		e.Built = !commandPlace(tpl)
	}
	return e
}

// elispExec is the effect of a function that runs a program with
// arguments.
func elispExec(name string, args []sexp, off int) Effect {
	argv := make([]string, 0, len(args))
	for _, a := range args {
		if !a.isStr {
			if len(argv) == 0 {
				return Effect{Kind: Hidden, Call: name, Text: elispText(a), Offset: off}
			}
			return Effect{Kind: Hidden, Call: name, Text: strings.Join(argv, " ") + " " + elispText(a), Built: true, Offset: off}
		}
		argv = append(argv, a.str)
	}
	if len(argv) == 0 {
		return Effect{Kind: Hidden, Call: name, Offset: off}
	}
	return Effect{Kind: Exec, Call: name, Argv: argv, Offset: off}
}

// elispTemplate is the value of a string form with run-time parts as
// runtimePart (concat, format).
func elispTemplate(a sexp) string {
	switch {
	case a.isStr:
		return a.str
	case a.isList && len(a.list) > 0 && a.list[0].atom == "concat":
		var b strings.Builder
		for _, x := range a.list[1:] {
			b.WriteString(elispTemplate(x))
		}
		return b.String()
	case a.isList && len(a.list) > 1 && a.list[0].atom == "format" && a.list[1].isStr:
		return formatTemplate(a.list[1].str)
	}
	return runtimePart
}

// elispText is a form's text for messages.
func elispText(a sexp) string {
	switch {
	case a.isStr:
		return `"` + a.str + `"`
	case a.isList:
		parts := make([]string, len(a.list))
		for i, x := range a.list {
			parts[i] = elispText(x)
		}
		return "(" + strings.Join(parts, " ") + ")"
	}
	return a.atom
}

type sexpReader struct {
	src string
	i   int
}

// read reads one form.
func (r *sexpReader) read(depth int) (sexp, bool) {
	r.skip()
	if r.i >= len(r.src) || depth > maxSexpDepth {
		return sexp{}, false
	}
	start := r.i
	c := r.src[r.i]
	switch c {
	case '(', '[':
		closing := byte(')')
		if c == '[' {
			closing = ']'
		}
		r.i++
		f := sexp{isList: true, off: start}
		for {
			r.skip()
			if r.i >= len(r.src) {
				return f, true
			}
			if r.src[r.i] == closing || r.src[r.i] == ')' || r.src[r.i] == ']' {
				r.i++
				return f, true
			}
			x, ok := r.read(depth + 1)
			if !ok {
				return f, true
			}
			f.list = append(f.list, x)
		}
	case ')', ']':
		r.i++
		return sexp{atom: "", off: start}, true
	case '"':
		str, end := backslashString(r.src, r.i+1)
		r.i = end + 1
		return sexp{str: str, isStr: true, off: start}, true
	case '\'', '`':
		r.i++
		x, ok := r.read(depth + 1)
		if !ok {
			return sexp{}, false
		}
		if c == '`' {
			return x, true // a backquoted form may be evaluated in part
		}
		return sexp{isList: true, list: []sexp{{atom: "quote"}, x}, off: start}, true
	case '#':
		if r.i+1 < len(r.src) && r.src[r.i+1] == '\'' {
			r.i += 2
			return r.read(depth + 1)
		}
	case ',':
		r.i++
		if r.i < len(r.src) && r.src[r.i] == '@' {
			r.i++
		}
		return r.read(depth + 1)
	}
	for r.i < len(r.src) && !strings.ContainsRune(" \t\n\r()[]\";'", rune(r.src[r.i])) {
		if r.src[r.i] == '\\' {
			r.i++
		}
		r.i++
	}
	if r.i == start {
		r.i++
	}
	return sexp{atom: r.src[start:min(r.i, len(r.src))], off: start}, true
}

func (r *sexpReader) skip() {
	for r.i < len(r.src) {
		c := r.src[r.i]
		if c == ';' {
			for r.i < len(r.src) && r.src[r.i] != '\n' {
				r.i++
			}
			continue
		}
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			r.i++
			continue
		}
		return
	}
}

// skipOptions drops the options that start a debugger command's text,
// and the value of each of valued, up to and with "--".
func skipOptions(rest string, valued ...string) string {
	for strings.HasPrefix(rest, "-") {
		f, r, _ := strings.Cut(rest, " ")
		rest = strings.TrimSpace(r)
		if f == "--" {
			break
		}
		if slices.Contains(valued, f) {
			_, rest, _ = strings.Cut(rest, " ")
			rest = strings.TrimSpace(rest)
		}
	}
	return rest
}

// gdbCommands reads gdb commands (gdb -ex, -x FILE, --batch): shell CMD
// and !CMD run shell text, pipe COMMAND | SHELL-COMMAND (and | …) runs
// its shell part, python and py run Python code. lldb's commands (lldb
// -o, -s FILE) are read by the same reader: platform shell [-h] [--]
// CMD runs shell text, script [--language python] [--] CODE runs Python,
// command source FILE reads a file of commands. Commands that write a
// file: set logging file FILE (the log, written once logging is on),
// dump and append … memory|value FILE, save breakpoints|tracepoints
// FILE, gcore and generate-core-file FILE; gdb takes any unambiguous
// prefix of a command word (set logg fi F).
func gdbCommands(src string) []Effect {
	var out []Effect
	off := 0
	for _, line := range strings.Split(src, "\n") {
		at := off
		off += len(line) + 1
		s := strings.TrimSpace(line)
		name, rest, _ := strings.Cut(s, " ")
		if name == "platform" || name == "command" {
			// lldb: platform shell …, command source …
			sub, more, _ := strings.Cut(strings.TrimSpace(rest), " ")
			if name == "platform" && sub == "shell" || name == "command" && sub == "source" {
				name, rest = sub, strings.TrimSpace(more)
				if name == "shell" {
					// -h (on the host), -s SHELL, -t TIMEOUT, --.
					rest = skipOptions(rest, "-s", "-t")
				}
			}
		}
		if name == "script" {
			// lldb: script [-l python] [--] CODE runs Python.
			rest = skipOptions(rest, "-l", "--language")
			name = "python"
		}
		switch {
		case strings.HasPrefix(s, "!"):
			out = append(out, Effect{Kind: Shell, Call: "!", Text: strings.TrimSpace(s[1:]), Offset: at})
		case name == "shell" || name == "she" || name == "shel":
			out = append(out, Effect{Kind: Shell, Call: "shell", Text: strings.TrimSpace(rest), Offset: at})
		case name == "pipe" || strings.HasPrefix(s, "|"):
			body := strings.TrimPrefix(s, "|")
			if name == "pipe" {
				body = rest
			}
			body = strings.TrimSpace(body)
			delim := "|"
			if strings.HasPrefix(body, "-d ") {
				f := strings.Fields(body)
				if len(f) >= 2 {
					delim = f[1]
					body = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(body[2:]), delim))
				}
			}
			if _, shellPart, ok := strings.Cut(body, delim); ok {
				out = append(out, Effect{Kind: Shell, Call: "pipe", Text: strings.TrimSpace(shellPart), Offset: at})
			} else if strings.HasPrefix(s, "|") {
				out = append(out, Effect{Kind: Shell, Call: "pipe", Text: body, Offset: at})
			}
		case gdbShellText(s) != "":
			out = append(out, Effect{Kind: Shell, Call: name, Text: gdbShellText(s), Offset: at})
		case name == "python" || name == "py" || name == "python-interactive" || name == "pi":
			out = append(out, shiftEffects(Analyze(Python, rest), at)...)
		case gdbWrite(s) != "":
			out = append(out, Effect{Kind: Write, Call: name, Path: gdbWrite(s), Offset: at})
		case name == "source" || name == "so":
			// source [-s] [-v] FILE runs the file's commands.
			f := strings.Fields(rest)
			for len(f) > 1 && strings.HasPrefix(f[0], "-") {
				f = f[1:]
			}
			if len(f) > 0 {
				out = append(out, Effect{Kind: Include, Call: "source", Path: f[0], Offset: at})
			}
		}
	}
	return out
}

// gdbShellText returns the shell text a gdb command line hands to the
// shell when the program starts (gdb_startup_inferior: $SHELL -c "exec
// WRAPPER PROGRAM ARGS" while startup-with-shell is on, the default):
// set exec-wrapper TEXT, whose text runs before the program, and the
// arguments of run, start and starti (r, ru) and of set args, whose
// substitutions and redirections the shell performs (run $(cmd), run >
// FILE). The program's own name stands as true. "" when there is none.
func gdbShellText(line string) string {
	f := strings.Fields(line)
	word := func(i int, full string, min int) bool {
		return i < len(f) && len(f[i]) >= min && strings.HasPrefix(full, f[i])
	}
	rest := func(n int) string {
		s := strings.TrimSpace(line)
		for k := 0; k < n; k++ {
			s = strings.TrimLeft(strings.TrimLeft(s, " \t")[len(strings.Fields(s)[0]):], " \t")
		}
		return s
	}
	switch {
	case len(f) > 2 && word(0, "set", 3) && word(1, "exec-wrapper", 6):
		return rest(2)
	case len(f) > 2 && word(0, "set", 3) && word(1, "args", 3):
		return "true " + rest(2)
	case len(f) > 1 && (f[0] == "r" || f[0] == "ru" || f[0] == "run" || f[0] == "start" || f[0] == "starti"):
		return "true " + rest(1)
	}
	return ""
}

// gdbWrite returns the file a gdb command line writes, or "".
func gdbWrite(line string) string {
	f := strings.Fields(line)
	word := func(i int, full string, min int) bool {
		return i < len(f) && len(f[i]) >= min && strings.HasPrefix(full, f[i])
	}
	switch {
	case word(0, "set", 3) && word(1, "logging", 4) && word(2, "file", 1) && len(f) > 3:
		return strings.Join(f[3:], " ")
	case word(0, "dump", 2) || word(0, "append", 3):
		for i := 1; i+1 < len(f); i++ {
			if f[i] == "memory" || f[i] == "value" {
				return f[i+1]
			}
		}
	case word(0, "save", 3) && (word(1, "breakpoints", 1) || word(1, "tracepoints", 1)) && len(f) > 2:
		return f[2]
	case (word(0, "gcore", 5) || word(0, "generate-core-file", 8)) && len(f) > 1:
		return f[1]
	}
	return ""
}

// backslashString reads a double-quoted string whose body starts at i,
// as Emacs Lisp and CMake write one: \n and \t are a newline and a tab,
// a backslash before a newline joins the lines, and any other escaped
// character stands for itself. It returns the string and the index of
// the closing quote (len(src) when there is none).
func backslashString(src string, i int) (string, int) {
	var b strings.Builder
	for i < len(src) && src[i] != '"' {
		if src[i] == '\\' && i+1 < len(src) {
			switch src[i+1] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case '\n':
			default:
				b.WriteByte(src[i+1])
			}
			i += 2
			continue
		}
		b.WriteByte(src[i])
		i++
	}
	return b.String(), i
}
