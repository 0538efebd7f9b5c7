package syntax

import (
	"github.com/corral-dev/corral/internal/lazy"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
	sh "mvdan.cc/sh/v3/syntax"
)

// compiledFile is a program or library a C or C++ compiler built earlier
// in the same command: the sources it was built from.
type compiledFile struct {
	compiler string
	sources  []compiledSource
	// call and c are the compiler's call and scope: a program built and
	// not run in the command is judged there (builtForLater).
	call *Call
	c    scope
}

// compiledSource is one source of a compiled file: a file by path, or
// the compiler's standard input (a here-document).
type compiledSource struct {
	name string
	dir  Dir
	// lang is the source's language: C (or C++) unless set (Go).
	lang lang.Lang
	// text is standard input's text when stdin and known; dynamic
	// reports that it has parts only known at run time.
	stdin, known, dynamic bool
	text                  string
	// lenient reads the source as a test runner's files are (only what
	// the text shows is judged): a package the program imports.
	lenient bool
}

// isCompilerName reports whether name is a C or C++ compiler, with a
// target prefix or a version suffix (x86_64-linux-gnu-gcc-12, clang++-17):
// words of letters, digits, "_" and "." each followed by "-", a compiler,
// then maybe "-" and digits and dots. It is read for every call, so it is
// written out rather than a regular expression, which every hook call
// compiled (TestIsCompilerName checks both agree).
func isCompilerName(name string) bool {
	parts := strings.Split(name, "-")
	for k, p := range parts {
		switch p {
		case "gcc", "g++", "cc", "c++", "clang", "clang++", "tcc", "icc", "icx", "icpx", "c89", "c99":
			if k == len(parts)-1 || k == len(parts)-2 && versionWord(parts[k+1]) {
				return true
			}
		}
		if !targetWord(p) {
			return false
		}
	}
	return false
}

// targetWord reports whether s is one or more letters, digits, "_" or ".".
func targetWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.') {
			return false
		}
	}
	return s != ""
}

// versionWord reports whether s is one or more digits or dots.
func versionWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c == '.') {
			return false
		}
	}
	return s != ""
}

// compilerValued are the compiler options whose value is the next word
// when not attached (gcc(1), clang(1)).
var compilerValued = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"-I": true, "-L": true, "-D": true, "-U": true, "-imacros": true, "-isystem": true,
		"-iquote": true, "-idirafter": true, "-iprefix": true, "-MF": true, "-MT": true, "-MQ": true, "-Xlinker": true,
		"-Xassembler": true, "-Xpreprocessor": true, "-Xclang": true, "-T": true, "-u": true, "-z": true, "--param": true,
		"-arch": true, "-target": true, "-isysroot": true, "--sysroot": true, "-aux-info": true, "-l": true, "-B": true}
}}

// cSource reports a file name the compilers read as C or C++ by its
// suffix.
func cSource(name string) bool {
	for _, s := range []string{".c", ".cc", ".cpp", ".cxx", ".c++", ".C", ".cp", ".CPP", ".i", ".ii", ".h", ".hpp"} {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// noteCompile records what a C or C++ compiler call builds: its output
// (-o FILE, or a.out when it links) and the sources it compiles (the
// files named, -include FILE, standard input after -x c, and the sources
// of objects compiled earlier in the command). tcc -run FILE runs the
// program at once: its source is read now.
func (w *walker) noteCompile(c scope, call *Call) {
	if !isCompilerName(call.Name) || !call.Dir.Known {
		return
	}
	var out Arg
	hasOut, link, lang := false, true, ""
	var srcs []compiledSource
	add := func(a Arg) {
		if !a.Static {
			srcs = append(srcs, compiledSource{name: a.Value})
			return
		}
		if a.Value == "-" {
			s := compiledSource{name: "standard input", stdin: true}
			ins := w.stdinTexts(c, call)
			if in := call.Fd(0); len(ins) == 0 && in.Kind == StreamPipe && in.Pipe != nil && in.Pipe.Subst == "" && in.Stage > 0 && in.Stage < len(in.Pipe.Calls) {
				// echo '…' | cc -x c - -o t: the text the stage before
				// writes (text only known at run time is codeinputs.go's).
				if text, dynamic, ok := w.producedText(c, in.Pipe, in.Stage-1); ok {
					ins = append(ins, stdinText{text: text, kind: "pipe", dynamic: dynamic})
				}
			}
			if rd, ok := call.Fd(0).File(); ok && len(ins) == 0 && rd.Node != nil && rd.Node.Op == sh.RdrIn && rd.Target.Static {
				// cc -x c - < FILE: the file's text, read as a named
				// source is.
				srcs = append(srcs, compiledSource{name: rd.Target.Value, dir: call.Dir.Join(rd.Target.Value)})
				return
			}
			if len(ins) == 1 {
				s.text, s.known, s.dynamic = ins[0].text, true, ins[0].dynamic
			}
			srcs = append(srcs, s)
			return
		}
		d := call.Dir.Join(a.Value)
		if prev, ok := w.compiled[d.Path]; ok {
			w.markRan(d.Path)                    // judged with what it is linked into
			srcs = append(srcs, prev.sources...) // an object built earlier
			return
		}
		if lang != "" && lang != "none" || cSource(a.Value) {
			srcs = append(srcs, compiledSource{name: a.Value, dir: d})
		}
	}
	run := -1
	for i := 0; i < len(call.Args); i++ {
		a := call.Args[i]
		v := a.Value
		next := func() (Arg, bool) {
			if i+1 < len(call.Args) {
				i++
				return call.Args[i], true
			}
			return Arg{}, false
		}
		switch {
		case v == "-o" || v == "--output":
			out, hasOut = next()
		case strings.HasPrefix(v, "--output="):
			out, hasOut = a, true
			out.Value = strings.TrimPrefix(v, "--output=")
		case strings.HasPrefix(v, "-o") && len(v) > 2:
			out, hasOut = a, true
			out.Value = v[2:]
		case v == "-x":
			if x, ok := next(); ok {
				lang = x.Value
			}
		case strings.HasPrefix(v, "-x") && len(v) > 2:
			lang = v[2:]
		case v == "-include":
			if x, ok := next(); ok {
				add(x)
			}
		case v == "-c" || v == "-S" || v == "-E" || v == "-M" || v == "-MM" || v == "-fsyntax-only":
			link = v == "-c"
			if v != "-c" {
				return // nothing built that runs
			}
		case v == "-run" && call.Name == "tcc":
			run = len(srcs)
		case compilerValued.Get()[v]:
			next()
		case v == "-":
			add(a)
		case strings.HasPrefix(v, "-") && a.Static:
		default:
			add(a)
			if run >= 0 && len(srcs) > run {
				// tcc -run FILE ARGS: the words after FILE are the
				// program's arguments.
				i = len(call.Args)
			}
		}
	}
	if len(srcs) == 0 {
		return
	}
	if run >= 0 {
		w.runSources(c, call, srcs, "tcc -run")
		return
	}
	if !hasOut {
		if !link {
			return // -c without -o: FILE.o beside each source
		}
		out = Arg{Value: "a.out", Static: true}
	}
	if !out.Static {
		return
	}
	d := call.Dir.Join(out.Value)
	if !d.Known {
		return
	}
	if w.compiled == nil {
		w.compiled = map[string]compiledFile{}
	}
	w.compiled[d.Path] = compiledFile{compiler: call.Name, sources: srcs, call: call, c: c}
	delete(w.earlier, d.Path)
}

// runSources analyses the sources of a program that runs: each one read
// (a file on disk or written earlier in the command, a here-document) is
// C code whose calls are judged; it reports whether every source was
// read.
func (w *walker) runSources(c scope, call *Call, srcs []compiledSource, how string) bool {
	all := true
	for _, s := range srcs {
		text, ok := s.text, s.known
		if !s.stdin {
			text, ok = w.readScript(s.dir)
		}
		if !ok || strings.Contains(text[:min(len(text), 8192)], "\x00") {
			all = false
			continue
		}
		l := s.lang
		if l == "" {
			l = lang.C
		}
		if s.lenient {
			w.lenient++
		}
		w.program(c, call, l, text, how+" "+s.name, s.dynamic, s.name)
		if s.lenient {
			w.lenient--
		}
	}
	return all
}

// runCompiled models running a program a compiler built earlier in the
// same command (gcc -o x x.c && ./x): its sources are its code. A program
// whose sources cannot be read runs as any program does. It reports
// whether call runs such a program.
func (w *walker) runCompiled(c scope, call *Call) bool {
	if len(w.compiled) == 0 || !call.NameArg.Static {
		return false
	}
	d := call.Dir.Join(call.NameArg.Value)
	if p, ok := w.goInstalled[call.NameArg.Value]; ok {
		d = Dir{Path: p, Known: true} // go install . && gx: found in $GOBIN
	}
	f, ok := w.compiled[d.Path]
	if !ok || !d.Known {
		return false
	}
	w.markRan(d.Path)
	w.runSources(c, call, f.sources, f.compiler+" -o "+call.NameArg.Value)
	return true
}

// markRan records that the program or library at path, built earlier in
// the command, was judged where it runs.
func (w *walker) markRan(path string) {
	if w.ranCompiled == nil {
		w.ranCompiled = map[string]bool{}
	}
	w.ranCompiled[path] = true
}

// builtForLater judges the programs and libraries the command builds and
// does not run itself (cc -x c - -o t <<E … E, then ./t in the agent's
// next call, which the hook sees alone, as a binary it cannot read): the
// sources are read now, as code that runs. Source the command carries (a
// here-document or pipe on the compiler's standard input) is judged as a
// run in the command is, a call whose argument is only known at run time
// asking; a source file is judged for what its literal calls do (a run-time
// argument does not ask: every C program that removes a file it is
// given would), as a test suite is.
func (w *walker) builtForLater() {
	paths := make([]string, 0, len(w.compiled))
	for p := range w.compiled {
		if !w.ranCompiled[p] {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	for _, p := range paths {
		if w.full() {
			return
		}
		f := w.compiled[p]
		if f.call == nil {
			continue
		}
		w.markRan(p)
		for _, s := range f.sources {
			if !s.stdin {
				w.lenient++
			}
			w.runSources(f.c, f.call, []compiledSource{s}, f.compiler+" builds "+relTo(f.call.Dir.Path, p)+", run later:")
			if !s.stdin {
				w.lenient--
			}
		}
	}
}

// loaderVars are the dynamic linker's variables that load code into
// every dynamically linked program started (ld.so(8)): LD_PRELOAD and
// LD_AUDIT name libraries, separated by colons or spaces; LD_LIBRARY_PATH
// names directories searched first.
var loaderVars = []string{"LD_PRELOAD", "LD_AUDIT", "LD_LIBRARY_PATH"}

// shellOwn are commands bash runs itself, without starting a program:
// the loader's variables do nothing to them.
var shellOwn = lazy.Set{List: []string{
	"export", "cd", "echo", "printf", ":", "true", "false", "test", "[", "read", "set", "unset",
	"local", "declare", "typeset", "readonly", "exit", "return", "shift", "alias", "pushd", "popd",
	"let", "wait", "type", "hash",
}}

// runByShell reports a call bash runs itself, starting no program: a
// shellOwn command named without a directory and with no wrapper.
// /bin/true, /usr/bin/test, /bin/echo are programs the loader starts
// (red team 18 LP1: LD_PRELOAD=x.so /bin/true ran x.so).
func runByShell(call *Call) bool {
	return len(call.Wrappers) == 0 && shellOwn.Has(call.Name) && !strings.Contains(call.NameArg.Raw, "/")
}

// loader models the code the dynamic linker loads into the program call
// starts: a library named by LD_PRELOAD or LD_AUDIT, or found first in
// an LD_LIBRARY_PATH directory, that this command compiled (cc -shared -o
// x.so x.c) has its sources read as C code, and asks when they cannot
// be read; one this command wrote by other means (a here-document,
// printf) asks. vars are the values from the exported state and env's
// NAME=value words. A library that existed before the command is not
// judged (see the README's limits).
func (w *walker) loader(c scope, call *Call, st *state, envWords map[string]string) {
	if call.Name == "" || runByShell(call) || len(w.compiled) == 0 && len(w.written) == 0 {
		return
	}
	for _, name := range loaderVars {
		val, ok := envWords[name]
		if !ok {
			v, set := st.vars[name]
			if !set || !v.exported || !v.known || !v.set {
				continue
			}
			val = v.str
		}
		if name == "LD_LIBRARY_PATH" {
			for _, dir := range strings.Split(val, ":") {
				d := call.Dir.Join(dir)
				if dir == "" {
					d = call.Dir
				}
				if !d.Known {
					continue
				}
				for _, p := range w.librariesIn(d.Path) {
					w.loadLibrary(c, call, name, p)
				}
			}
			continue
		}
		for _, lib := range strings.FieldsFunc(val, func(r rune) bool { return r == ':' || r == ' ' }) {
			if !strings.Contains(lib, "/") {
				continue // searched for in the library directories
			}
			if d := call.Dir.Join(lib); d.Known {
				w.loadLibrary(c, call, name, d.Path)
			}
		}
	}
}

// librariesIn returns, sorted, the shared libraries (a name with .so)
// this command built or wrote in directory dir.
func (w *walker) librariesIn(dir string) []string {
	var out []string
	for p := range w.compiled {
		if filepath.Dir(p) == dir && strings.Contains(filepath.Base(p), ".so") {
			out = append(out, p)
		}
	}
	for p := range w.written {
		if _, ok := w.compiled[p]; !ok && filepath.Dir(p) == dir && strings.Contains(filepath.Base(p), ".so") {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// loadLibrary judges the library at path that the loader puts into call's
// program through variable name.
func (w *walker) loadLibrary(c scope, call *Call, name, path string) {
	if f, ok := w.compiled[path]; ok {
		if w.loaded[path] {
			return
		}
		if w.loaded == nil {
			w.loaded = map[string]bool{}
		}
		w.loaded[path] = true
		w.markRan(path)
		if !w.runSources(c, call, f.sources, name+" "+filepath.Base(path)) {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: path,
				What: name + " loads " + path + " into " + call.Name + ", a library " + f.compiler + " built in this command from source corral cannot read"})
		}
		return
	}
	if _, ok := w.written[path]; ok {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: path,
			What: name + " loads " + path + " into " + call.Name + ", a file this command wrote: its code runs in the program"})
	}
}
