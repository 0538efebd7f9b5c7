package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Go is Go source: a program the agent runs with go run, builds and runs,
// or tests with go test.
const Go Lang = "go"

// goString reads a Go string at lx.i: "…" with Go's escapes, a raw string
// `…` (no escapes, may span lines) or a rune literal. It reports whether
// there was one.
func (lx *lexer) goString() bool {
	start := lx.i
	switch lx.src[lx.i] {
	case '`':
		end := strings.IndexByte(lx.src[lx.i+1:], '`')
		if end < 0 {
			lx.i = len(lx.src)
			lx.str(start, lx.src[start+1:], true, false)
			return true
		}
		lx.i = start + 1 + end + 1
		lx.str(start, lx.src[start+1:start+1+end], true, false)
		return true
	case '"', '\'':
		q := string(lx.src[lx.i])
		lx.i++
		v, _, _ := lx.quoted(q, fullEscape, false)
		lx.str(start, v, true, false)
		return true
	}
	return false
}

// goNames are the calls golang reads, by package and name.
var goNames = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"os.RemoveAll": true, "os.Remove": true, "syscall.Unlink": true, "syscall.Rmdir": true, "unix.Unlink": true,
		"os.WriteFile": true, "ioutil.WriteFile": true, "os.Create": true, "os.OpenFile": true,
		"os.ReadFile": true, "ioutil.ReadFile": true, "os.Open": true,
		"exec.Command": true, "exec.CommandContext": true, "syscall.Exec": true, "unix.Exec": true,
		"os.StartProcess": true, "syscall.ForkExec": true,
		"os.Rename": true, "syscall.Rename": true, "unix.Rename": true,
		"os.DirFS": true, "os.CopyFS": true, "http.Dir": true,
		"os.Symlink": true, "os.Link": true, "syscall.Symlink": true, "syscall.Link": true, "unix.Symlink": true, "unix.Link": true,
		"os.Truncate": true, "syscall.Truncate": true, "os.Chmod": true, "syscall.Chmod": true, "os.Chown": true, "os.Lchown": true,
		"os.Chdir": true, "syscall.Chdir": true, "unix.Chdir": true,
	}
}}

// golang reads Go source:
//   - os/exec's Command and CommandContext run a program with the
//     arguments after its name (sh -c TEXT runs TEXT, which the shell
//     model reads); syscall.Exec, os.StartProcess and ForkExec run one
//     from an argument vector, read when it is a []string{…} of literals;
//   - os.RemoveAll deletes a tree, os.Remove a file or an empty
//     directory; os.Rename moves its first path to its second (mv -T);
//   - os.WriteFile, os.Create and os.OpenFile with O_WRONLY, O_RDWR,
//     O_CREATE or O_APPEND write their path; os.ReadFile and os.Open read
//     it.
//
// A path is known when it is a literal, a constant, filepath.Join of
// known parts, the home directory (os.UserHomeDir, os.Getenv("HOME"),
// os.ExpandEnv("$HOME/…")), or what a function of the code returns
// without using its parameters (heldValue). The comment before import
// "C" is C code cgo compiles into the program (cgoPreamble).
func golang(p *parser) []Effect {
	out := p.cgoPreamble()
	out = append(out, p.goCmdFields()...) // gocmd.go
	for _, c := range p.findCalls(false, func(n string) bool { return goNames.Get()[n] }) {
		if !c.parens {
			continue
		}
		args := positional(p.callArgs(c))
		switch c.name {
		case "exec.Command", "exec.CommandContext":
			if c.name == "exec.CommandContext" && len(args) > 0 {
				args = args[1:]
			}
			if len(args) > 0 && strings.HasSuffix(args[len(args)-1].text, "...") {
				// exec.Command(name, args...): the vector is a
				// variable's.
				out = append(out, Effect{Kind: Hidden, Call: c.name, Text: c.argsText(), Offset: c.off})
				continue
			}
			out = append(out, execOf(c, args))
		case "syscall.Exec", "unix.Exec", "os.StartProcess", "syscall.ForkExec":
			if len(args) < 2 {
				continue
			}
			vec, ok := p.goStrings(args[1])
			if !ok || !args[0].lit {
				out = append(out, Effect{Kind: Hidden, Call: c.name, Text: c.argsText(), Offset: c.off})
				continue
			}
			argv := append([]string{args[0].str}, vec[min(1, len(vec)):]...)
			out = append(out, Effect{Kind: Exec, Call: c.name, Argv: argv, Offset: c.off})
		case "os.RemoveAll", "os.Remove", "syscall.Unlink", "syscall.Rmdir", "unix.Unlink":
			if e, ok := pathEffect(c, Delete, argAt(args, 0), c.name == "os.RemoveAll"); ok {
				e.Dir = c.name == "syscall.Rmdir"
				out = append(out, e)
			}
		case "os.Rename", "syscall.Rename", "unix.Rename":
			out = append(out, renameEffects(c, argAt(args, 0), argAt(args, 1))...)
		case "os.WriteFile", "ioutil.WriteFile", "os.Create":
			if e, ok := pathEffect(c, Write, argAt(args, 0), false); ok {
				out = append(out, e)
			}
		case "os.OpenFile":
			if f := argAt(args, 1); f != nil && (strings.Contains(f.text, "O_WRONLY") || strings.Contains(f.text, "O_RDWR") ||
				strings.Contains(f.text, "O_CREATE") || strings.Contains(f.text, "O_APPEND") || strings.Contains(f.text, "O_TRUNC")) {
				if e, ok := pathEffect(c, Write, argAt(args, 0), false); ok {
					e.Append = strings.Contains(f.text, "O_APPEND")
					out = append(out, e)
				}
			} else if e, ok := readEffect(c, argAt(args, 0)); ok {
				out = append(out, e)
			}
		case "os.ReadFile", "ioutil.ReadFile", "os.Open":
			if e, ok := readEffect(c, argAt(args, 0)); ok {
				out = append(out, e)
			}
		case "os.DirFS":
			// A file system of the tree: the program reads what it
			// opens in it (fs.ReadFile, fs.WalkDir, os.CopyFS, a
			// server of http.FS), so the tree is read as tar -c reads it.
			if a := argAt(args, 0); a != nil && a.lit && a.str != "" {
				out = append(out, Effect{Kind: Shell, Call: c.name, Text: "tar -cf - -- " + shellPath(a), Offset: c.off})
			} else if e, ok := readEffect(c, a); ok {
				out = append(out, e)
			}
		case "os.CopyFS":
			// os.CopyFS(dir, fsys) writes fsys's files under dir, as cp
			// -rT of the tree does (the source, os.DirFS(src), is read
			// above): a tree corral cannot name lands in dir.
			dst := argAt(args, 0)
			if dst == nil || !dst.lit || dst.str == "" {
				if e, ok := pathEffect(c, Write, dst, false); ok {
					out = append(out, e)
				}
				continue
			}
			src := `"$FS"`
			if a, ok := p.goDirFSArg(c.next); ok {
				src = shellPath(&a)
			}
			out = append(out, Effect{Kind: Shell, Call: c.name, Text: "cp -rT -- " + src + " " + shellPath(dst), Offset: c.off})
		case "os.Symlink", "os.Link", "syscall.Symlink", "syscall.Link", "unix.Symlink", "unix.Link":
			// os.Symlink(old, new) is ln -s, os.Link ln: new is written,
			// a name that leads to old.
			ln := "ln -s"
			if strings.HasSuffix(c.name, ".Link") {
				ln = "ln"
			}
			out = append(out, linkEffects(c, argAt(args, 0), argAt(args, 1), ln)...)
		case "os.Truncate", "syscall.Truncate":
			if e, ok := pathEffect(c, Write, argAt(args, 0), false); ok {
				out = append(out, e)
			}
		case "os.Chmod", "syscall.Chmod", "os.Chown", "os.Lchown":
			// A change of the file's mode or owner, judged as chmod's
			// and chown's are (a literal mode as written, another as
			// one that takes all access away).
			a := argAt(args, 0)
			cmd := "chown 0:0"
			if strings.HasSuffix(c.name, "Chmod") {
				cmd = "chmod " + chmodMode(argAt(args, 1))
			}
			if e, ok := shellOrRunTime(c, c.name, Write, a, cmd+" -- "); ok {
				out = append(out, e)
			}
		case "os.Chdir", "syscall.Chdir", "unix.Chdir":
			out = append(out, chdirEffect(c, argAt(args, 0), false))
		case "http.Dir":
			// http.FileServer(http.Dir(d)): d's files served to the
			// network, as the shell's file servers serve them.
			if e, ok := shellOrRunTime(c, "http.FileServer(http.Dir(…))", Read, argAt(args, 0), "python3 -m http.server -d "); ok {
				out = append(out, e)
			}
		}
	}
	return out
}

// goDirFSArg returns the literal argument of os.DirFS(…) when it is the
// second argument of the call whose parenthesis is at token open
// (os.CopyFS(dst, os.DirFS("src"))).
func (p *parser) goDirFSArg(open int) (arg, bool) {
	end := p.closeOf(p.toks, open)
	for j := open + 1; j < end; j++ {
		t := p.toks[j]
		if isP(t, "(") || isP(t, "[") || isP(t, "{") {
			if c := p.closeOf(p.toks, j); c > j && c < end {
				j = c
			}
			continue
		}
		if !isP(t, ",") {
			continue
		}
		if !isI(p.tok(j+1), "os") || !isP(p.tok(j+2), ".") || !isI(p.tok(j+3), "DirFS") || !isP(p.tok(j+4), "(") {
			return arg{}, false
		}
		in, next := p.args(j+4, ")")
		if len(in) != 1 || !in[0].lit || in[0].str == "" || next != end {
			return arg{}, false
		}
		return in[0], true
	}
	return arg{}, false
}

// goStrings reads a []string{…} of literals.
func (p *parser) goStrings(a arg) ([]string, bool) {
	t := strings.TrimSpace(a.text)
	rest, ok := strings.CutPrefix(t, "[]string{")
	if !ok || !strings.HasSuffix(rest, "}") {
		return nil, false
	}
	sub := &parser{src: rest[:len(rest)-1], l: Go}
	sub.toks = lex(Go, sub.src)
	var out []string
	for i, tk := range sub.toks {
		switch {
		case tk.kind == tString && tk.lit && i%2 == 0:
			out = append(out, tk.text)
		case tk.kind == tPunct && tk.text == "," && i%2 == 1:
		case tk.kind == tNewline:
			return nil, false
		default:
			return nil, false
		}
	}
	return out, len(out) > 0
}

// maxGoImports bounds the import paths read from one Go file.
const maxGoImports = 256

// GoImports returns the import paths a Go file's import declarations
// name, in order: import "p", import name "p", import _ "p", import . "p"
// and the same lines in an import ( … ) group. The go command compiles
// each imported package into the program, running its init functions
// when the program starts.
func GoImports(src string) []string {
	toks := lex(Go, src)
	var out []string
	for i := 0; i < len(toks) && len(out) < maxGoImports; i++ {
		if !isI(toks[i], "import") || i > 0 && !(toks[i-1].kind == tNewline || isP(toks[i-1], ";")) {
			continue
		}
		j := i + 1
		if j < len(toks) && isP(toks[j], "(") {
			for j++; j < len(toks) && !isP(toks[j], ")") && len(out) < maxGoImports; j++ {
				if toks[j].kind == tString && toks[j].lit {
					out = append(out, toks[j].text)
				}
			}
			i = j
			continue
		}
		// An optional name (an identifier, _ or .) before the path.
		for k := j; k < len(toks) && k <= j+1; k++ {
			if toks[k].kind == tString {
				if toks[k].lit {
					out = append(out, toks[k].text)
				}
				i = k
				break
			}
		}
	}
	return out
}

// maxCgoPreambles bounds the cgo preambles read in one file.
const maxCgoPreambles = 8

// cgoPreamble reads the C code of a cgo preamble, the comment that
// directly precedes import "C" (a /* … */ block or // lines): cgo
// compiles it into the program, and the Go code calls its functions as
// C.name. Its effects are the C reader's, at their place in the file.
func (p *parser) cgoPreamble() []Effect {
	var out []Effect
	n := 0
	for i, t := range p.toks {
		if !isI(t, "import") || !(p.tok(i+1).kind == tString && p.tok(i+1).lit && p.tok(i+1).text == "C") || n >= maxCgoPreambles {
			continue
		}
		n++
		before := strings.TrimRight(p.src[:t.off], " \t\r\n")
		var code string
		start := 0
		if strings.HasSuffix(before, "*/") {
			open := strings.LastIndex(before, "/*")
			if open < 0 {
				continue
			}
			start = open + 2
			code = before[start : len(before)-2]
		} else {
			// // lines, each directly above the next.
			end := len(before)
			s := end
			for s > 0 {
				ls := strings.LastIndexByte(before[:s], '\n') + 1
				if !strings.HasPrefix(strings.TrimLeft(before[ls:s], " \t"), "//") {
					break
				}
				s = ls - 1
				if s < 0 {
					s = 0
					break
				}
			}
			if s >= end {
				continue
			}
			start = s
			if start > 0 {
				start++
			}
			var b strings.Builder
			for _, ln := range strings.SplitAfter(before[start:end], "\n") {
				x := strings.TrimLeft(ln, " \t")
				b.WriteString(strings.Repeat(" ", len(ln)-len(x)+2))
				b.WriteString(strings.TrimPrefix(x, "//"))
			}
			code = b.String()
		}
		for _, e := range analyze(C, code, p.depth) {
			e.Offset += start
			out = append(out, e)
		}
	}
	return out
}

// goMethods makes the methods of the code's own types readable as the
// functions returnBindings reads (flow.go): a method definition func (c
// C) NAME(…) … is read as a function named C·NAME (its receiver dropped,
// so a body that uses it gives no known value), and a call x.NAME(…)
// whose receiver's type the code gives (var x C, x := C{…}, x := &C{…},
// x := new(C), a method's receiver (x C), a parameter x C), or C{}.NAME(…),
// as a call of C·NAME. The value a method returns then reaches the call
// that runs or opens it (func (c C) cmd() string { return "rm -rf ~" }
// and exec.Command("sh", "-c", c.cmd())). A receiver bound more than
// once to different types, or to anything else (x := f()), is not
// followed: the call stays unknown (asked about where it matters). The
// middle dot cannot be in a Go name, so no function of the code can
// take the place of a method.
func (p *parser) goMethods() {
	toks := p.toks
	if len(toks) > 1<<18 {
		return
	}
	closeIdx := closers(toks)
	closeOf := func(i int) int {
		if i < 0 || i >= len(closeIdx) {
			return -1
		}
		return int(closeIdx[i])
	}
	methods := map[string]bool{} // TYPE·NAME
	drop := map[int]bool{}       // receiver tokens of definitions
	rename := map[int]string{}
	types := map[string]string{} // variable -> type, "" when not one known type
	bind := func(name, typ string) {
		if old, ok := types[name]; ok && old != typ {
			typ = ""
		}
		types[name] = typ
	}
	// typeAt reads a type at k: T or *T (a named type of the code is an
	// identifier), returning it and the index after.
	typeAt := func(k int) (string, int) {
		if isP(p.tok(k), "*") {
			k++
		}
		if t := p.tok(k); t.kind == tIdent && !isP(p.tok(k+1), ".") && !isP(p.tok(k+1), "[") {
			return t.text, k + 1
		}
		return "", k
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind != tIdent {
			continue
		}
		switch {
		case t.text == "func" && isP(p.tok(i+1), "("):
			// func (c C) NAME(: a method.
			c := closeOf(i + 1)
			if c < 0 || p.tok(c+1).kind != tIdent || !isP(p.tok(c+2), "(") {
				continue
			}
			r := i + 2
			recv := ""
			if p.tok(r).kind == tIdent && (p.tok(r+1).kind == tIdent || isP(p.tok(r+1), "*")) {
				recv = p.tok(r).text
				r++
			}
			typ, e := typeAt(r)
			if typ == "" || e != c {
				continue
			}
			if recv != "" {
				bind(recv, typ)
			}
			for k := i + 1; k <= c; k++ {
				drop[k] = true
			}
			rename[c+1] = typ + "·" + p.tok(c+1).text
			methods[typ+"·"+p.tok(c+1).text] = true
		case isI(t, "var") && p.tok(i+1).kind == tIdent:
			name := p.tok(i + 1).text
			if isP(p.tok(i+2), "=") {
				bind(name, p.goValueType(i+3, closeOf))
			} else if typ, e := typeAt(i + 2); typ != "" && !isP(p.tok(e), "=") {
				bind(name, typ)
			} else {
				bind(name, "")
			}
		case isP(p.tok(i+1), ":=") || isP(p.tok(i+1), "=") && !isP(p.tok(i-1), "."):
			bind(t.text, p.goValueType(i+2, closeOf))
		case isP(p.tok(i+1), ",") && !isP(p.tok(i-1), "."):
			bind(t.text, "") // a, x := …, a parameter list x, y T
		case (isP(p.tok(i-1), "(") || isP(p.tok(i-1), ",")) && (p.tok(i+1).kind == tIdent || isP(p.tok(i+1), "*")):
			// A parameter: (x T, y *U).
			if typ, e := typeAt(i + 1); typ != "" && (isP(p.tok(e), ",") || isP(p.tok(e), ")")) {
				bind(t.text, typ)
			}
		case isI(t, "range") || isI(t, "for"):
		}
	}
	if len(methods) == 0 {
		return
	}
	// The calls: x.NAME( with x of a known type, T{}.NAME(.
	for i := 0; i+3 < len(toks); i++ {
		t := toks[i]
		if t.kind != tIdent || isP(p.tok(i-1), ".") || drop[i] {
			continue
		}
		switch {
		case isP(p.tok(i+1), ".") && p.tok(i+2).kind == tIdent && isP(p.tok(i+3), "("):
			if typ := types[t.text]; typ != "" && methods[typ+"·"+p.tok(i+2).text] {
				drop[i], drop[i+1] = true, true
				rename[i+2] = typ + "·" + p.tok(i+2).text
			}
		case isP(p.tok(i+1), "{") && isP(p.tok(i+2), "}") && isP(p.tok(i+3), ".") && p.tok(i+4).kind == tIdent && isP(p.tok(i+5), "("):
			if m := t.text + "·" + p.tok(i+4).text; methods[m] {
				for k := i; k < i+4; k++ {
					drop[k] = true
				}
				rename[i+4] = m
			}
		}
	}
	out := make([]token, 0, len(toks))
	for i, t := range toks {
		if drop[i] {
			continue
		}
		if n, ok := rename[i]; ok {
			t.text = n
		}
		out = append(out, t)
	}
	p.toks = out
	p.closeIdx = nil
}

// goValueType returns the type a value at k has when the text gives it:
// T{…}, &T{…}, new(T) (a named type of the code), or "".
func (p *parser) goValueType(k int, closeOf func(int) int) string {
	amp := isP(p.tok(k), "&")
	if amp {
		k++
	}
	t := p.tok(k)
	if t.kind != tIdent {
		return ""
	}
	if t.text == "new" && !amp && isP(p.tok(k+1), "(") && p.tok(k+2).kind == tIdent && isP(p.tok(k+3), ")") {
		return p.tok(k + 2).text
	}
	if isP(p.tok(k+1), "{") {
		if c := closeOf(k + 1); c > k && (p.tok(c+1).kind == tNewline || isP(p.tok(c+1), ";") || isP(p.tok(c+1), "}") || c+1 >= len(p.toks)) {
			return t.text
		}
	}
	return ""
}
