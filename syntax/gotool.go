package syntax

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// The go command runs programs besides the compiler: -toolexec PROG runs
// every tool through PROG, -exec PROG runs the test or program binary
// through it, go vet -vettool=PROG runs PROG (also set in GOFLAGS), and
// go generate runs the //go:generate lines of the package's files. A
// file the agent wrote can be any of them.

// goFlagsWithProgram are the go command's build flags whose value is a
// program it runs (go help build, go help test, go vet -h).
var goFlagsWithProgram = []string{"toolexec", "exec", "vettool"}

// maxGenerateFiles bounds the Go files go generate is read in.
const maxGenerateFiles = 500

// goTool models the programs a go command runs besides the compiler.
func (w *walker) goTool(c scope, call *Call, st *state, envWords map[string]string) {
	if call.Name != "go" || len(call.Args) == 0 {
		return
	}
	var flags []Arg
	flags = append(flags, call.Args[1:]...)
	goflags, given := envWords["GOFLAGS"]
	if !given {
		if v, ok := st.vars["GOFLAGS"]; ok && v.exported && v.known && v.set {
			goflags, given = v.str, true
		}
	}
	if given {
		for _, f := range strings.Fields(goflags) {
			flags = append(flags, Arg{Value: f, Raw: "GOFLAGS", Static: true})
		}
	}
	for i := 0; i < len(flags); i++ {
		v := flags[i].Value
		if v == "--" || !strings.HasPrefix(v, "-") {
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(v, "-"), "=")
		isProg := false
		for _, f := range goFlagsWithProgram {
			isProg = isProg || name == f
		}
		if !isProg {
			continue
		}
		a := flags[i]
		if !hasVal {
			if i+1 >= len(flags) {
				continue
			}
			a = flags[i+1]
			val = a.Value
			i++
		}
		prog := strings.Fields(val)
		if len(prog) == 0 {
			continue
		}
		w.argvChild(c, call, []Arg{{Value: prog[0], Raw: a.Raw, Static: a.Static}}, "go -"+name, nil, call.Dir)
	}
	args := call.Args
	dir := call.Dir
	if d, n := goChdir(args); n > 0 {
		// go -C DIR generate (the go command also takes -C first).
		dir, args = dir.Join(d), args[n:]
	}
	if len(args) > 0 && args[0].Value == "generate" {
		w.goGenerate(c, call, args[1:], dir)
	}
}

// goChdir reads a leading -C DIR (or -C=DIR): go changes to DIR first. It
// returns DIR and the words it took.
func goChdir(args []Arg) (string, int) {
	if len(args) == 0 {
		return "", 0
	}
	if v, ok := strings.CutPrefix(args[0].Value, "-C="); ok {
		return v, 1
	}
	if args[0].Value == "-C" && len(args) > 1 {
		return args[1].Value, 2
	}
	return "", 0
}

// goGenerate models go generate [-C dir] [-run re] [-skip re] [-n] [-x]
// [-v] [packages or files] (args: the words after generate), from dir: the //go:generate lines of the files, run as
// commands (not through a shell) from each file's directory. -n prints
// them and runs nothing.
func (w *walker) goGenerate(c scope, call *Call, args []Arg, dir Dir) {
	var pkgs []Arg
	if d, n := goChdir(args); n > 0 {
		// go generate -C DIR: -C must be the first flag.
		dir, args = dir.Join(d), args[n:]
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-n":
			return
		case v == "-run" || v == "-skip" || v == "-tags" || v == "-mod":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			pkgs = append(pkgs, args[i])
		}
	}
	if len(pkgs) == 0 {
		pkgs = []Arg{{Value: ".", Static: true}}
	}
	var files []string
	for _, p := range pkgs {
		if !p.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: p.Value,
				What: "go generate runs the //go:generate lines of " + clip(p.Raw, 40) + ", files only known at run time"})
			continue
		}
		v := p.Value
		if strings.HasSuffix(v, ".go") {
			if d := dir.Join(v); d.Known {
				files = append(files, d.Path)
			}
			continue
		}
		recursive := false
		if rest, ok := strings.CutSuffix(v, "/..."); ok {
			v, recursive = rest, true
			if v == "" {
				v = "."
			}
		} else if v == "..." {
			v, recursive = ".", true
		}
		if !strings.HasPrefix(v, ".") && !strings.HasPrefix(v, "/") {
			continue // an import path: a module's package, not the project's files
		}
		d := dir.Join(v)
		if d.Known {
			files = append(files, w.goFiles(d.Path, recursive)...)
		}
	}
	sort.Strings(files)
	files = compactStrings(files)
	if len(files) > maxGenerateFiles {
		files = files[:maxGenerateFiles]
		w.m.Truncated = true
	}
	for _, f := range files {
		text, ok := w.readScript(Dir{Path: f, Known: true})
		if !ok {
			continue
		}
		w.goGenerateLines(c, call, f, text)
	}
}

// goFiles returns the .go files in dir (and, when recursive, below it, as
// go's ./... pattern reads: not in testdata, vendor or directories whose
// name begins with "." or "_"), on disk and written by this command.
func (w *walker) goFiles(dir string, recursive bool) []string {
	var out []string
	for p := range w.written {
		if strings.HasSuffix(p, ".go") && (filepath.Dir(p) == dir || recursive && strings.HasPrefix(p, dir+"/")) {
			out = append(out, p)
		}
	}
	if w.read == nil {
		return out
	}
	var walk func(d string, depth int)
	walk = func(d string, depth int) {
		entries, err := os.ReadDir(d)
		if err != nil || len(out) > maxGenerateFiles {
			return
		}
		for _, e := range entries {
			n := e.Name()
			switch {
			case e.Type().IsRegular() && strings.HasSuffix(n, ".go"):
				out = append(out, filepath.Join(d, n))
			case e.IsDir() && recursive && depth < 32 && n != "testdata" && n != "vendor" && !strings.HasPrefix(n, ".") && !strings.HasPrefix(n, "_"):
				walk(filepath.Join(d, n), depth+1)
			}
		}
	}
	walk(dir, 0)
	return out
}

func compactStrings(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// goGenerateLines models the //go:generate lines of one Go file: each is
// split into words as go generate splits it (spaces; "…" strings in Go's
// syntax), -command NAME … defines a name later lines use, and the words
// run as a command from the file's directory.
func (w *walker) goGenerateLines(c scope, call *Call, file, text string) {
	aliases := map[string][]string{}
	dir := Dir{Path: filepath.Dir(file), Known: true}
	for n, line := range strings.Split(text, "\n") {
		rest, ok := strings.CutPrefix(strings.TrimRight(line, "\r"), "//go:generate ")
		if !ok {
			continue
		}
		words, ok := goGenerateWords(rest)
		if !ok || len(words) == 0 {
			continue
		}
		if words[0] == "-command" {
			if len(words) >= 3 {
				aliases[words[1]] = words[2:]
			}
			continue
		}
		if a, ok := aliases[words[0]]; ok {
			words = append(append([]string{}, a...), words[1:]...)
		}
		args := make([]Arg, len(words))
		for i, wd := range words {
			args[i] = Arg{Value: wd, Raw: wd, Static: !strings.Contains(wd, "$")}
		}
		w.origin = filepath.Base(file) + ":" + strconv.Itoa(n+1) + " (go:generate)"
		w.argvChild(c, call, args, "go generate", nil, dir)
		w.origin = ""
	}
}

// goGenerateWords splits a //go:generate line: words separated by spaces
// and tabs, a word starting with a double quote being a Go string.
func goGenerateWords(s string) ([]string, bool) {
	var out []string
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			return out, true
		}
		if s[0] == '"' {
			end := 1
			for end < len(s) && s[end] != '"' {
				if s[end] == '\\' {
					end++
				}
				end++
			}
			if end >= len(s) {
				return nil, false
			}
			v, err := strconv.Unquote(s[:end+1])
			if err != nil {
				return nil, false
			}
			out = append(out, v)
			s = s[end+1:]
			continue
		}
		i := strings.IndexAny(s, " \t")
		if i < 0 {
			i = len(s)
		}
		out = append(out, s[:i])
		s = s[i:]
	}
}
