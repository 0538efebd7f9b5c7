package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// C is C or C++ source: a program the agent compiles and then runs, or a
// library it preloads into another program (LD_PRELOAD).
const C Lang = "c"

// cString reads a C or C++ string or character literal at lx.i: "…" with
// C escapes and an optional encoding prefix (L, u, U, u8), C++ raw
// strings R"delim(…)delim" (with or without a prefix), and character
// literals 'x'. It reports whether there was one.
func (lx *lexer) cString() bool {
	start := lx.i
	j := lx.i
	// An encoding prefix, only when it does not end a longer name.
	if j == 0 || !isIdent(lx.src[j-1]) {
		for _, pre := range []string{"u8R", "LR", "uR", "UR", "R", "u8", "L", "u", "U"} {
			if strings.HasPrefix(lx.src[j:], pre) && j+len(pre) < len(lx.src) && (lx.src[j+len(pre)] == '"' || lx.src[j+len(pre)] == '\'' && !strings.HasSuffix(pre, "R")) {
				j += len(pre)
				break
			}
		}
	}
	if j >= len(lx.src) {
		return false
	}
	q := lx.src[j]
	if q != '"' && q != '\'' {
		return false
	}
	raw := j > start && lx.src[j-1] == 'R'
	lx.i = j + 1
	if raw {
		// R"delim( … )delim": no escapes; the delimiter is at most 16
		// characters.
		open := strings.IndexByte(lx.src[lx.i:min(len(lx.src), lx.i+17)], '(')
		if open < 0 {
			lx.i = start
			return false
		}
		delim := lx.src[lx.i : lx.i+open]
		body := lx.i + open + 1
		end := strings.Index(lx.src[body:], ")"+delim+`"`)
		if end < 0 {
			lx.i = len(lx.src)
			lx.str(start, lx.src[body:], true, false)
			return true
		}
		lx.i = body + end + len(delim) + 2
		lx.str(start, lx.src[body:body+end], true, false)
		return true
	}
	v, _, _ := lx.quoted(string(q), fullEscape, false)
	lx.str(start, v, true, false)
	return true
}

// cNull reports an argument that is a null pointer: the end of execl's
// argument list.
func cNull(a arg) bool {
	t := strings.Join(strings.Fields(a.text), "")
	t = strings.TrimPrefix(strings.TrimPrefix(t, "(char*)"), "(constchar*)")
	return t == "NULL" || t == "0" || t == "nullptr" || t == "(void*)0"
}

// clang reads C and C++ source (a file compiled and run, or preloaded):
//   - system, popen (and std::system) run shell text;
//   - the exec family runs a program: execl, execlp and execle take the
//     argument list in the call (ended by a null pointer), execv,
//     execvp, execve, execvpe and posix_spawn(p) an array, followed when
//     it is an array of literals the source initialises (char *a[] =
//     {"rm", "-rf", "x", NULL}); the program run is the path or file
//     argument, argv[0] being only its name;
//   - unlink, remove and std::filesystem::remove delete a file, rmdir an
//     empty directory, std::filesystem::remove_all a tree, unlinkat
//     either; syscall(SYS_unlink, …) and its siblings are the same calls;
//   - nftw, ftw and fts_open walk a tree and hand each file to a callback:
//     when the source also deletes (a callback that removes), the walk of
//     a literal path is a deletion corral cannot follow, and asks;
//   - fopen and freopen with a write mode, open, openat and creat with
//     write flags, and std::ofstream write; a read of a literal path is a
//     read;
//   - chdir and std::filesystem::current_path(p) move the working
//     directory; symlink and link (and the std::filesystem create_*
//     forms) are ln -s and ln; truncate writes; chmod and chown are the
//     shell's (a mode only run time knows as 000);
//   - #include "file" reads that file's code in where it stands.
//
// Preprocessor lines are read as code (a macro body can call system); a
// string is data unless one of these calls receives it.
func clang(p *parser) []Effect {
	names := map[string]bool{"system": true, "popen": true, "_popen": true,
		"execl": true, "execlp": true, "execle": true, "execv": true, "execvp": true, "execve": true, "execvpe": true, "fexecve": false,
		"posix_spawn": true, "posix_spawnp": true,
		"unlink": true, "remove": true, "rmdir": true, "remove_all": true, "unlinkat": true, "syscall": true,
		"rename": true, "renameat": true, "renameat2": true,
		"nftw": true, "ftw": true, "fts_open": true,
		"chdir": true, "symlink": true, "link": true, "truncate": true, "chmod": true, "chown": true, "lchown": true,
		"create_symlink": true, "create_directory_symlink": true, "create_hard_link": true, "current_path": true,
		"fopen": true, "freopen": true, "open": true, "openat": true, "creat": true,
		// The large-file forms (a macro such as #define fopen fopen64
		// makes the call one of them).
		"fopen64": true, "freopen64": true, "open64": true, "openat64": true, "creat64": true}
	deletes := false
	for _, c := range p.findCalls(false, func(n string) bool { return names[lastSegment(n)] }) {
		switch lastSegment(c.name) {
		case "unlink", "remove", "rmdir", "remove_all", "unlinkat":
			deletes = true
		}
	}
	var out []Effect
	for _, c := range p.findCalls(false, func(n string) bool { return names[lastSegment(n)] }) {
		if c.method || !c.parens {
			continue
		}
		// A declaration (int unlink(const char *);) is not a call; a
		// macro's body (#define NUKE system("…")) is.
		if prev := p.tok(c.first - 1); prev.kind == tIdent && prev.text != "return" && prev.text != "else" && prev.text != "do" && !isI(p.tok(c.first-2), "define") {
			continue
		}
		// A declaration returning a pointer (FILE *popen(const char *,
		// const char *);): every parameter a type.
		if isP(p.tok(c.first-1), "*") && p.tok(c.first-2).kind == tIdent && cParamTypes(c.args) {
			continue
		}
		name := lastSegment(c.name)
		switch name {
		case "fopen64", "freopen64", "open64", "openat64", "creat64":
			name = strings.TrimSuffix(name, "64")
		}
		args := c.args
		first := argAt(args, 0)
		switch name {
		case "system", "popen", "_popen":
			if name != "system" && len(args) < 2 {
				continue
			}
			out = append(out, runText(C, c, first))
		case "execl", "execlp", "execle":
			list := args
			if name == "execle" && len(list) > 0 {
				list = list[:len(list)-1] // the environment
			}
			if len(list) > 0 && cNull(list[len(list)-1]) {
				list = list[:len(list)-1]
			}
			out = append(out, cExec(c, list, nil))
		case "execv", "execvp", "execve", "execvpe", "posix_spawn", "posix_spawnp":
			pi, ai := 0, 1
			if strings.HasPrefix(name, "posix_spawn") {
				pi, ai = 1, 4
			}
			if len(args) <= ai {
				continue
			}
			vec, ok := p.cArray(args[ai])
			if !ok {
				out = append(out, Effect{Kind: Hidden, Call: name, Text: args[pi].text + ", " + args[ai].text, Offset: c.off})
				continue
			}
			out = append(out, cExec(c, []arg{args[pi]}, vec))
		case "unlink", "remove", "rmdir", "remove_all":
			// unlink and rmdir take a path; remove and remove_all a path
			// and maybe an error code. std::remove(first, last, value)
			// moves a range's elements.
			if len(args) == 0 || len(args) > 2 || len(args) == 2 && (name == "unlink" || name == "rmdir") {
				continue
			}
			if e, ok := pathEffect(c, Delete, first, name == "remove_all"); ok {
				e.Dir = name == "rmdir"
				out = append(out, e)
			}
		case "rename":
			// rename(old, new), std::rename, std::filesystem::rename (an
			// error code may follow): mv -T of the same paths.
			if len(args) == 2 || len(args) == 3 && strings.Contains(c.name, "filesystem.") {
				out = append(out, renameEffects(c, first, argAt(args, 1))...)
			}
		case "renameat", "renameat2":
			// renameat(olddirfd, old, newdirfd, new[, flags]): the paths
			// are the working directory's when the descriptors are
			// AT_FDCWD; a descriptor of another directory is judged as a
			// path only run time knows.
			if len(args) < 4 {
				continue
			}
			src, dst := argAt(args, 1), argAt(args, 3)
			if !strings.Contains(args[0].text, "AT_FDCWD") {
				src = &arg{text: args[0].text + ", " + src.text, assigned: src.assigned}
			}
			if !strings.Contains(args[2].text, "AT_FDCWD") {
				dst = &arg{text: args[2].text + ", " + dst.text, assigned: dst.assigned}
			}
			out = append(out, renameEffects(c, src, dst)...)
		case "unlinkat":
			if e, ok := pathEffect(c, Delete, argAt(args, 1), false); ok {
				if f := argAt(args, 2); f != nil && strings.Contains(f.text, "AT_REMOVEDIR") {
					e.Dir = true
				}
				out = append(out, e)
			}
		case "syscall":
			if first == nil {
				continue
			}
			sys := strings.TrimPrefix(strings.TrimPrefix(first.text, "SYS_"), "__NR_")
			switch sys {
			case "unlink", "rmdir":
				if e, ok := pathEffect(c, Delete, argAt(args, 1), false); ok {
					e.Dir = sys == "rmdir"
					out = append(out, e)
				}
			case "unlinkat":
				if e, ok := pathEffect(c, Delete, argAt(args, 2), false); ok {
					out = append(out, e)
				}
			case "execve", "execveat":
				out = append(out, Effect{Kind: Hidden, Call: "syscall(" + first.text + ")", Text: c.argsText(), Offset: c.off})
			}
		case "chdir", "current_path":
			// chdir(p), std::filesystem::current_path(p): the relative
			// paths after it are the new directory's (current_path()
			// with no argument only reads it).
			if len(args) == 1 || name == "current_path" && len(args) == 2 {
				out = append(out, chdirEffect(c, first, false))
			}
		case "symlink", "link", "create_symlink", "create_directory_symlink", "create_hard_link":
			// symlink(target, linkpath) is ln -s, link ln; the C++
			// std::filesystem forms take the same order (an error code
			// may follow).
			if len(args) == 2 || len(args) == 3 && strings.HasPrefix(name, "create_") {
				ln := "ln -s"
				if name == "link" || name == "create_hard_link" {
					ln = "ln"
				}
				out = append(out, linkEffects(c, first, argAt(args, 1), ln)...)
			}
		case "truncate":
			if len(args) == 2 {
				if e, ok := pathEffect(c, Write, first, false); ok {
					out = append(out, e)
				}
			}
		case "chmod", "chown", "lchown":
			if len(args) < 2 || len(args) > 3 {
				continue
			}
			cmd := "chown 0:0"
			if name == "chmod" {
				cmd = "chmod " + chmodMode(argAt(args, 1))
			}
			if e, ok := shellOrRunTime(c, name, Write, first, cmd+" -- "); ok {
				out = append(out, e)
			}
		case "nftw", "ftw", "fts_open":
			if deletes && first != nil {
				out = append(out, Effect{Kind: Hidden, Call: name, Text: first.text + " (a callback that deletes)", Offset: c.off})
			}
		case "fopen", "freopen":
			m := argAt(args, 1)
			if m != nil && m.lit && strings.ContainsAny(m.str, "wa+") {
				if e, ok := pathEffect(c, Write, first, false); ok {
					e.Append = strings.Contains(m.str, "a")
					out = append(out, e)
				}
			} else if m != nil && m.lit {
				if e, ok := readEffect(c, first); ok {
					out = append(out, e)
				}
			}
		case "open", "openat", "creat":
			pa, fl := first, argAt(args, 1)
			if name == "openat" {
				pa, fl = argAt(args, 1), argAt(args, 2)
			}
			switch {
			case name == "creat", fl != nil && (strings.Contains(fl.text, "O_WRONLY") || strings.Contains(fl.text, "O_RDWR") || strings.Contains(fl.text, "O_CREAT") || strings.Contains(fl.text, "O_TRUNC") || strings.Contains(fl.text, "O_APPEND")):
				if e, ok := pathEffect(c, Write, pa, false); ok {
					e.Append = fl != nil && strings.Contains(fl.text, "O_APPEND") && !strings.Contains(fl.text, "O_TRUNC")
					out = append(out, e)
				}
			case fl != nil:
				if e, ok := readEffect(c, pa); ok {
					out = append(out, e)
				}
			}
		}
	}
	out = append(out, p.cStreams()...)
	out = append(out, p.cFuncValues()...)
	out = append(out, cIncludes(p.src)...)
	return out
}

// cParamTypes reports a parameter list of a declaration: each parameter
// names a type (const char *, FILE *f, ...), none is a literal.
func cParamTypes(args []arg) bool {
	if len(args) == 0 {
		return false
	}
	for _, a := range args {
		if a.lit {
			return false
		}
		typed := strings.TrimSpace(a.text) == "..."
		for _, w := range strings.FieldsFunc(a.text, func(r rune) bool { return r > 127 || !isIdent(byte(r)) }) {
			switch w {
			case "char", "int", "void", "const", "size_t", "long", "short", "unsigned", "signed", "FILE", "struct", "wchar_t", "mode_t", "pid_t":
				typed = true
			}
		}
		if !typed {
			return false
		}
	}
	return true
}

// cValueSinks are the functions of the table whose use as a value (a
// function pointer the reader cannot follow) asks. remove, open and
// openat, common names of variables and members too, only when their
// address is taken (&remove).
var cValueSinks = lazy.Set{List: []string{"system", "popen", "_popen", "execl", "execlp", "execle", "execv", "execvp", "execve", "execvpe",
	"posix_spawn", "posix_spawnp", "unlink", "rmdir", "remove_all", "unlinkat", "nftw", "ftw", "fopen", "freopen", "creat"}}

// cFuncValues finds functions of the table used as values rather than
// called: in an initializer ({system}, {.f = system} is followed by
// cmacro.go), an array element (t[0] = system), an argument (run(system,
// "…")), a parenthesised callee ((system)("…")). What the pointer is
// later called with is not followed: ask.
func (p *parser) cFuncValues() []Effect {
	var out []Effect
	for i, t := range p.toks {
		if t.kind != tIdent {
			continue
		}
		addr := isP(p.tok(i-1), "&") && !isP(p.tok(i-2), ")") && p.tok(i-2).kind != tIdent
		if !cValueSinks.Has(t.text) && !(addr && (t.text == "remove" || t.text == "open" || t.text == "openat")) {
			continue
		}
		next, prev := p.tok(i+1), p.tok(i-1)
		if isP(next, "(") || isP(prev, ".") || isP(prev, "->") || prev.kind == tIdent && prev.text != "return" {
			continue // a call, a member, a declaration or a macro's name
		}
		if isP(prev, "::") && p.tok(i-2).kind == tIdent && p.tok(i-2).text != "std" {
			continue // another namespace's name
		}
		if isP(next, ")") && isP(p.tok(i+2), "(") && (isP(prev, "*") || isP(prev, "(")) {
			continue // (*system)(…) or (system)(…): a call the reader reads
		}
		// f = system; and {.f = system}: the pointer is followed where it
		// is called (cmacro.go).
		eq := i - 1
		if addr {
			eq--
		}
		if isP(p.tok(eq), "=") && (isP(next, ";") || isP(next, ",") || isP(next, "}")) {
			if b := p.tok(eq - 1); b.kind == tIdent || isP(b, ")") {
				continue
			}
		}
		out = append(out, Effect{Kind: Hidden, Call: t.text, Text: t.text + " used as a value (a function pointer corral does not follow)", Offset: t.off})
	}
	return out
}

// argsText is the source text of a call's arguments.
func (c call) argsText() string {
	parts := make([]string, len(c.args))
	for i, a := range c.args {
		parts[i] = a.text
	}
	return strings.Join(parts, ", ")
}

// cExec is the effect of an exec-family call: head holds the path of the
// program (and, for execl, argv[0] and the rest); vec, when not nil, is
// the argument array. The program run is the path; argv[0] is only the
// name it sees.
func cExec(c call, head []arg, vec []string) Effect {
	var argv []string
	all := len(head) > 0
	var text []string
	for i, a := range head {
		text = append(text, a.text)
		if !a.lit {
			all = false
		}
		if i != 1 || vec != nil {
			argv = append(argv, a.str)
		}
	}
	if vec != nil && len(vec) > 1 {
		argv = append(argv, vec[1:]...)
	}
	if !all {
		return Effect{Kind: Hidden, Call: c.name, Text: strings.Join(text, ", "), Offset: c.off}
	}
	return Effect{Kind: Exec, Call: c.name, Argv: argv, Offset: c.off}
}

// cArray returns the values of the argument array a names: an array the
// source initialises once with literals ending in a null pointer (char
// *args[] = {"rm", "-rf", "x", NULL};), or a compound literal of them
// ((char *[]){"ls", NULL}). It reports false when the values are not all
// known, or the name is assigned elsewhere.
func (p *parser) cArray(a arg) ([]string, bool) {
	name := strings.TrimSpace(a.text)
	if i := strings.LastIndexByte(name, '}'); strings.HasPrefix(name, "(") && i > 0 {
		if j := strings.IndexByte(name, '{'); j > 0 && j < i {
			return cLiterals(name[j+1 : i])
		}
	}
	if !isIdentName(name) {
		return nil, false
	}
	var vals []string
	found := 0
	for i := 0; i+1 < len(p.toks); i++ {
		t := p.toks[i]
		if t.kind != tIdent || t.text != name {
			continue
		}
		j := i + 1
		if isP(p.tok(j), "[") {
			for j < len(p.toks) && !isP(p.toks[j], "]") {
				j++
			}
			j++
		}
		switch {
		case isP(p.tok(j), "=") && !isP(p.tok(j+1), "="):
			found++
			if !isP(p.tok(j+1), "{") {
				return nil, false
			}
			inner, _ := p.args(j+1, "}")
			vals = nil
			for k, x := range inner {
				if cNull(x) && k == len(inner)-1 {
					break
				}
				if !x.lit {
					return nil, false
				}
				vals = append(vals, x.str)
			}
		case isP(p.tok(j), "[") || isP(p.tok(i+1), "[") && isP(p.tok(j), "="):
			return nil, false // an element assigned later
		}
	}
	if found != 1 || len(vals) == 0 {
		return nil, false
	}
	return vals, true
}

// cLiterals reads a brace list's text as literals ending in a null pointer.
func cLiterals(text string) ([]string, bool) {
	p := &parser{src: "(" + text + ")", l: C}
	p.toks = lex(C, p.src)
	inner, _ := p.args(0, ")")
	var vals []string
	for k, x := range inner {
		if cNull(x) && k == len(inner)-1 {
			break
		}
		if !x.lit {
			return nil, false
		}
		vals = append(vals, x.str)
	}
	return vals, len(vals) > 0
}

func isIdentName(s string) bool {
	if s == "" || !isIdentStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isIdent(s[i]) {
			return false
		}
	}
	return true
}

// cStreams finds C++ output file streams opened on a literal path:
// std::ofstream f("x"), std::ofstream("x"), f.open("x") of a declared
// ofstream, with std::ios::app appending.
func (p *parser) cStreams() []Effect {
	var out []Effect
	streams := map[string]bool{}
	for i, t := range p.toks {
		if t.kind != tIdent || t.text != "ofstream" && t.text != "fstream" {
			continue
		}
		j := i + 1
		if n := p.tok(j); n.kind == tIdent {
			streams[n.text] = true
			j++
		}
		if !isP(p.tok(j), "(") && !isP(p.tok(j), "{") {
			continue
		}
		closeTok := ")"
		if isP(p.tok(j), "{") {
			closeTok = "}"
		}
		args, _ := p.args(j, closeTok)
		if len(args) == 0 || t.text == "fstream" && (len(args) < 2 || !strings.Contains(args[1].text, "out") && !strings.Contains(args[1].text, "app")) {
			continue
		}
		c := call{name: "std::" + t.text, off: t.off}
		if e, ok := pathEffect(c, Write, &args[0], false); ok {
			e.Append = len(args) > 1 && strings.Contains(args[1].text, "app")
			out = append(out, e)
		}
	}
	for i, t := range p.toks {
		if t.kind != tIdent || t.text != "open" || !isP(p.tok(i-1), ".") || !streams[p.tok(i-2).text] || !isP(p.tok(i+1), "(") {
			continue
		}
		args, _ := p.args(i+1, ")")
		if len(args) == 0 {
			continue
		}
		c := call{name: p.tok(i-2).text + ".open", off: p.tok(i - 2).off}
		if e, ok := pathEffect(c, Write, &args[0], false); ok {
			e.Append = len(args) > 1 && strings.Contains(args[1].text, "app")
			out = append(out, e)
		}
	}
	return out
}

// cIncludes finds #include "file" directives: the file's code is read in
// where the directive stands (a header of the agent's can hold the call).
// <…> headers are the system's.
func cIncludes(src string) []Effect {
	out := lineIncludes(src, "#include", false, func(s string) (string, bool) {
		rest, ok := strings.CutPrefix(s, "#")
		if !ok {
			return "", false
		}
		return strings.CutPrefix(strings.TrimLeft(rest, " \t"), "include")
	})
	for i := range out {
		// A quoted include is looked up first beside the file that holds
		// the directive.
		out[i].Relative = true
	}
	return out
}
