package syntax

import (
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
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
	if call.Args[0].Value == "env" {
		// go env -w GOFLAGS=… CC=…: the values are the flags and
		// programs of every later go command; judged now, and the keys
		// that make go run or fetch code elsewhere ask, since they stay.
		flags = nil
		write := false
		for _, a := range call.Args[1:] {
			k, v, ok := strings.Cut(a.Value, "=")
			if a.Value == "-w" {
				write = true
			}
			if write && ok && goPersistKeys.Get()[k] && !(k == "GOWORK" && (v == "off" || v == "")) {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
					What: "go env -w " + clip(a.Raw, 60) + " is kept in go's env file: every later go command, in every project, runs with it"})
			}
			switch {
			case !ok:
			case k == "GOFLAGS":
				for _, f := range strings.Fields(v) {
					flags = append(flags, Arg{Value: f, Raw: a.Raw, Static: a.Static})
				}
			case commandVarText.Has(k):
				w.child(c, call, v, nil, "go env -w "+k, !a.Static)
			}
		}
	}
	goflags, given := envWords["GOFLAGS"]
	if !given {
		if v, ok := st.vars["GOFLAGS"]; ok && v.exported && v.known && v.set {
			goflags, given = v.str, true
		}
	}
	if !given {
		// export GOFLAGS=… earlier in the script (red team 19 GO2).
		if v, known, ok := w.envValue(c, call, "GOFLAGS", true); ok && known {
			goflags, given = v, true
		} else if ok && strings.Contains(v, "-modfile") {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "GOFLAGS",
				What: "GOFLAGS names a module file only known at run time: its replacements compile into the program"})
		}
	}
	envFile := w.goEnvFile(c, call, st, envWords)
	if !given {
		// The go env file's GOFLAGS and CC=… lines are as if set in
		// the environment (the environment's own value wins).
		for _, line := range strings.Split(envFile, "\n") {
			k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
			switch {
			case !ok:
			case k == "GOFLAGS":
				goflags, given = v, true
			case commandVarText.Has(k):
				if _, set := envWords[k]; !set {
					w.child(c, call, v, nil, "go env file "+k, false)
				}
			}
		}
	}
	w.goToolchain(c, call, st, envWords, envFile)
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
		if name == "ldflags" {
			// -ldflags '-extld=PROG -extldflags=…': the linker go runs.
			a := flags[i]
			a.Value = val
			if !hasVal && i+1 < len(flags) {
				a = flags[i+1]
				i++
			}
			w.goLdflags(c, call, a)
			continue
		}
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
	if len(args) > 0 {
		switch args[0].Value {
		case "generate":
			w.goGenerate(c, call, args[1:], dir)
		case "mod", "work":
			w.goModEdit(call, args[0].Value, args[1:], dir)
		case "run", "test", "build", "install":
			gowork, known := w.goWorkValue(c, call, envWords, envFile)
			if !known {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "GOWORK",
					What: "go " + args[0].Value + " reads the workspace file GOWORK names, only known at run time: its replacements compile into the program"})
			}
			w.goProgram(c, call, args[0].Value, args[1:], dir, goflags, gowork)
		}
	}
}

// goValueFlags are the go command's build and test flags whose value is
// the next word when not given with "=" (go help build, go help
// testflag).
var goValueFlags = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"o": true, "p": true, "tags": true, "mod": true, "modfile": true, "overlay": true,
		"pkgdir": true, "ldflags": true, "gcflags": true, "asmflags": true, "gccgoflags": true, "installsuffix": true,
		"buildmode": true, "compiler": true, "pgo": true, "covermode": true, "coverpkg": true, "coverprofile": true,
		"run": true, "skip": true, "bench": true, "benchtime": true, "count": true, "cpu": true, "parallel": true,
		"timeout": true, "fuzz": true, "fuzztime": true, "fuzzminimizetime": true, "list": true, "shuffle": true,
		"outputdir": true, "memprofile": true, "cpuprofile": true, "blockprofile": true, "mutexprofile": true,
		"trace": true, "json": false, "benchmem": false, "exec": true, "toolexec": true, "vet": true, "debug-actiongraph": true}
}}

// goProgram models go run, go test and go build of the project's own
// packages (paths that start with . or /, or .go files): go run runs the
// package's code now, so its files (not _test.go) are read as Go; go test
// runs the package's code and its tests, read as a test runner's files
// are (testrunners.go: only what the text shows is judged); go build
// records the program it builds (-o OUT, or the package's or first
// file's name), whose sources are read when the command then runs it
// (./OUT). An import path (example.com/x@v1) is a module's package.
func (w *walker) goProgram(c scope, call *Call, verb string, args []Arg, dir Dir, goflags, gowork string) {
	if d, n := goChdir(args); n > 0 {
		dir, args = dir.Join(d), args[n:]
	}
	var pkgs []Arg
	out := Arg{}
	var overlays []string
	sel := goModSel{gowork: gowork, call: call}
	for _, g := range strings.Fields(goflags) {
		if v, ok := strings.CutPrefix(strings.TrimLeft(g, "-"), "overlay="); ok {
			overlays = append(overlays, v)
		}
		if v, ok := strings.CutPrefix(strings.TrimLeft(g, "-"), "modfile="); ok {
			sel.modfile = v
		}
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" || !strings.HasPrefix(v, "-") {
			pkgs = args[i:]
			if v == "--" {
				pkgs = args[i+1:]
			}
			break
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(v, "-"), "=")
		if name == "o" && i+1 < len(args) && !hasVal {
			out = args[i+1]
		}
		if name == "overlay" && !hasVal && i+1 < len(args) {
			val, hasVal = args[i+1].Value, args[i+1].Static
		}
		if name == "overlay" && hasVal {
			overlays = append(overlays, val)
		}
		if name == "modfile" {
			// -modfile FILE: FILE is read in place of go.mod.
			a := args[i]
			if !hasVal && i+1 < len(args) {
				a, val = args[i+1], args[i+1].Value
			}
			sel.modfile = val
			if !a.Static {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
					What: "go " + verb + " -modfile " + clip(a.Raw, 40) + " reads a module file only known at run time: its replacements compile into the program"})
			}
		}
		if goValueFlags.Get()[name] && !hasVal {
			i++
		}
	}
	if verb == "run" {
		// go run FILES.go… ARGS or go run PKG ARGS: the program's
		// arguments follow.
		n := 0
		for n < len(pkgs) && strings.HasSuffix(pkgs[n].Value, ".go") {
			n++
		}
		if n == 0 && len(pkgs) > 0 {
			n = 1
		}
		pkgs = pkgs[:n]
	}
	if len(pkgs) == 0 {
		pkgs = []Arg{{Value: ".", Raw: ".", Static: true}}
	}
	if verb == "install" {
		// go install of one of the project's packages: the program is
		// built from its sources, as go build's is, into $GOBIN. A
		// module at a version, several packages or a pattern are not
		// followed here.
		if len(pkgs) != 1 || !pkgs[0].Static || strings.Contains(pkgs[0].Value, "@") || strings.Contains(pkgs[0].Value, "...") || strings.HasSuffix(pkgs[0].Value, ".go") {
			return
		}
	}
	var files []string
	for _, f := range w.goPackageFiles(dir, pkgs, func(p Arg) {
		if verb == "run" {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: p.Value,
				What: "go run runs " + clip(p.Raw, 40) + ", Go code only known at run time"})
		}
	}) {
		if verb == "test" || !strings.HasSuffix(f, "_test.go") {
			files = append(files, f)
		}
	}
	// first is the package's own first file, which names the program go
	// build writes.
	first := ""
	for _, f := range files {
		if first == "" || f < first {
			first = f
		}
	}
	// The packages of the main module the files import compile into the
	// program (and into a test binary), their init functions running
	// when it starts: followed from import to import.
	// They are read as a test runner's files are (only what the text
	// shows is judged): a library's commands and paths built at run time
	// are its ordinary work.
	imported := map[string]bool{}
	for _, f := range w.goImported(dir, files) {
		imported[f] = true
		files = append(files, f)
	}
	if len(files) > 0 {
		// The modules go.mod replaces with a local directory (and go.work
		// uses) compile into the program: their init functions run with
		// it. The files an -overlay names replace the ones on disk.
		for _, m := range w.goLocalModules(dir, sel) {
			for _, f := range w.goFiles(m, true) {
				if !strings.HasSuffix(f, "_test.go") {
					files = append(files, f)
				}
			}
		}
	}
	for _, o := range overlays {
		// A map go cannot read or parse stops the build: nothing runs.
		f, _ := w.goOverlay(dir, o)
		files = append(files, f...)
	}
	sort.Strings(files)
	files = compactStrings(files)
	if len(files) > maxGenerateFiles {
		files = files[:maxGenerateFiles]
		w.m.Truncated = true
	}
	switch verb {
	case "install":
		if len(files) == 0 || !dir.Known || first == "" {
			return
		}
		name, bin := w.goInstallTarget(c, call, filepath.Dir(first))
		if name == "" {
			return
		}
		var srcs []compiledSource
		for _, f := range files {
			srcs = append(srcs, compiledSource{name: relTo(dir.Path, f), dir: Dir{Path: f, Known: true}, lang: lang.Go, lenient: imported[f]})
		}
		if w.compiled == nil {
			w.compiled = map[string]compiledFile{}
		}
		if w.goInstalled == nil {
			w.goInstalled = map[string]string{}
		}
		p := filepath.Join(bin, name)
		w.compiled[p] = compiledFile{compiler: "go install", sources: srcs, call: call, c: c}
		w.goInstalled[name] = p
		return
	case "build":
		if len(files) == 0 || !dir.Known {
			return
		}
		name := out.Value
		if name != "" && !out.Static {
			return
		}
		if first == "" {
			first = files[0] // only an overlay's files
		}
		if name == "" {
			name = filepath.Base(filepath.Dir(first))
			if strings.HasSuffix(pkgs[0].Value, ".go") {
				name = strings.TrimSuffix(filepath.Base(first), ".go")
			}
		}
		var srcs []compiledSource
		for _, f := range files {
			srcs = append(srcs, compiledSource{name: relTo(dir.Path, f), dir: Dir{Path: f, Known: true}, lang: lang.Go, lenient: imported[f]})
		}
		if w.compiled == nil {
			w.compiled = map[string]compiledFile{}
		}
		w.compiled[dir.Join(name).Path] = compiledFile{compiler: "go build", sources: srcs, call: call, c: c}
		return
	case "test":
		w.lenient++
		defer func() { w.lenient-- }()
	}
	for _, f := range files {
		text, ok := w.readScript(Dir{Path: f, Known: true})
		if !ok {
			continue
		}
		name := relTo(call.Dir.Path, f)
		if imported[f] {
			w.lenient++
		}
		w.program(c, call, lang.Go, text, "go "+verb+" "+name, false, name)
		if imported[f] {
			w.lenient--
		}
	}
}

// relTo returns path relative to dir when it is under it, else path.
func relTo(dir, path string) string {
	if rel, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}

// goPersistKeys are the go env keys whose value makes go run a program or
// fetch modules from elsewhere (go help environment).
var goPersistKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"GOFLAGS": true, "CC": true, "CXX": true, "FC": true, "AR": true, "PKG_CONFIG": true,
		"CGO_CFLAGS": true, "CGO_CPPFLAGS": true, "CGO_CXXFLAGS": true, "CGO_FFLAGS": true, "CGO_LDFLAGS": true,
		"GOPROXY": true, "GOSUMDB": true, "GONOSUMDB": true, "GONOSUMCHECK": true, "GOINSECURE": true, "GOPRIVATE": true,
		"GONOPROXY": true, "GOTOOLCHAIN": true, "GOENV": true,
		"GOWORK": true} // GOWORK: its replacements compile into every program (red team 19 GO2)
}}

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
	files := w.goPackageFiles(dir, pkgs, func(p Arg) {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: p.Value,
			What: "go generate runs the //go:generate lines of " + clip(p.Raw, 40) + ", files only known at run time"})
	})
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

// goPackageFiles returns the .go files the package patterns pkgs name
// from dir: FILE.go, ./DIR, ./DIR/... (and ... alone); an import path is a
// module's package, not the project's files. dynamic is called for a
// pattern only known at run time.
func (w *walker) goPackageFiles(dir Dir, pkgs []Arg, dynamic func(Arg)) []string {
	var files []string
	for _, p := range pkgs {
		if !p.Static {
			dynamic(p)
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
			// An import path of the main module (MODULE, MODULE/lib,
			// MODULE/...) is its directory; any other is a module's
			// package.
			if pd, ok := w.goModulePackageDir(dir, v); ok {
				files = append(files, w.goFiles(pd, recursive)...)
			}
			continue
		}
		if d := dir.Join(v); d.Known {
			files = append(files, w.goFiles(d.Path, recursive)...)
		}
	}
	return files
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

// goModule returns the directory of the go.mod nearest above dir and the
// module path its module line declares: the main module, whose import
// paths name its own directories.
func (w *walker) goModule(dir Dir) (root, path string, ok bool) {
	if !dir.Known {
		return "", "", false
	}
	d := dir.Path
	for k := 0; k < 64; k++ {
		if text, found := w.readScript(Dir{Path: filepath.Join(d, "go.mod"), Known: true}); found {
			for _, line := range strings.Split(text, "\n") {
				if i := strings.Index(line, "//"); i >= 0 {
					line = line[:i]
				}
				f := strings.Fields(line)
				if len(f) == 2 && f[0] == "module" {
					return d, strings.Trim(f[1], "\"`"), true
				}
			}
			return "", "", false
		}
		if d == "/" {
			break
		}
		d = filepath.Dir(d)
	}
	return "", "", false
}

// goModulePackageDir returns the directory of import path p when it is a
// package of the main module above dir.
func (w *walker) goModulePackageDir(dir Dir, p string) (string, bool) {
	root, mod, ok := w.goModule(dir)
	if !ok {
		return "", false
	}
	return goModuleDir(root, mod, p)
}

// goModuleDir returns the directory of import path p in module mod, whose
// go.mod is in root.
func goModuleDir(root, mod, p string) (string, bool) {
	if mod == "" {
		return "", false
	}
	if p == mod {
		return root, true
	}
	rest, ok := strings.CutPrefix(p, mod+"/")
	if !ok || rest == "" {
		return "", false
	}
	d := filepath.Join(root, filepath.FromSlash(rest))
	if rel, err := filepath.Rel(root, d); err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return "", false
	}
	return d, true
}

// maxGoImportedPackages bounds the packages of the main module followed
// from a program's imports.
const maxGoImportedPackages = 200

// goImportBudget bounds the bytes of the command's reading (MaxScriptBytes
// counts it) up to which imported packages are followed: a large module's
// import graph is read that far, nearest imports first, and the rest is
// left unread rather than making every go run of it unreadable.
const goImportBudget = 3 << 20

// peekGo returns the text of a Go file as readScript would give it,
// without counting it against the command's budget (it is counted when
// the file is read as code).
func (w *walker) peekGo(p string) (string, bool) {
	if text, ok := w.written[p]; ok {
		return text, true
	}
	if w.opaque[p] || w.read == nil {
		return "", false
	}
	text, err := w.read(p)
	return text, err == nil
}

// goImported returns the non-test Go files of the main module's packages
// that files import, and the ones those import in turn (the import graph
// go list -deps gives, within the module), nearest first, at most
// maxGoImportedPackages packages, maxGenerateFiles files and, with what
// the command read before and files themselves, goImportBudget bytes: the
// go command compiles them into the program and runs their init
// functions before main.
func (w *walker) goImported(dir Dir, files []string) []string {
	root, mod, ok := w.goModule(dir)
	if !ok || mod == "" || len(files) == 0 {
		return nil
	}
	have := map[string]bool{}
	texts := map[string]string{}
	used := w.files
	for _, f := range files {
		have[f] = true
		if t, ok := w.peekGo(f); ok {
			texts[f] = t
			used += len(t)
		}
	}
	seenPkg := map[string]bool{}
	var out []string
	queue := append([]string{}, files...)
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		for _, ip := range lang.GoImports(texts[f]) {
			pd, ok := goModuleDir(root, mod, ip)
			if !ok || seenPkg[pd] {
				continue
			}
			if len(seenPkg) >= maxGoImportedPackages {
				return out
			}
			seenPkg[pd] = true
			pkgFiles := w.goFiles(pd, false)
			sort.Strings(pkgFiles)
			var add []string
			size := 0
			for _, g := range compactStrings(pkgFiles) {
				if strings.HasSuffix(g, "_test.go") || have[g] {
					continue
				}
				t, ok := w.peekGo(g)
				if !ok {
					continue
				}
				texts[g] = t
				size += len(t)
				add = append(add, g)
			}
			if used+size > goImportBudget || len(out)+len(add) > maxGenerateFiles {
				return out // the rest of the graph is not read
			}
			used += size
			for _, g := range add {
				have[g] = true
			}
			out = append(out, add...)
			queue = append(queue, add...)
		}
	}
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

// GoRunPackage returns the package go run builds and runs (args: the
// words after run): the first word after the build flags and their
// values (go help build), and whether there is one. A module path with
// a version (example.com/x/cmd/y@v1) is fetched from its repository.
func GoRunPackage(args []Arg) (Arg, bool) {
	if _, n := goChdir(args); n > 0 {
		args = args[n:]
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			if i+1 < len(args) {
				return args[i+1], true
			}
			return Arg{}, false
		}
		if !strings.HasPrefix(v, "-") {
			return args[i], true
		}
		name, _, hasVal := strings.Cut(strings.TrimLeft(v, "-"), "=")
		if goValueFlags.Get()[name] && !hasVal {
			i++
		}
	}
	return Arg{}, false
}

// goInstallTarget returns the name go install gives the program built
// from the package in pkgDir (the last element of its import path, the
// one before a major version suffix: example.com/tool/v2 installs tool)
// and the directory it goes to: GOBIN, else the first GOPATH entry's
// bin, else ~/go/bin (a value the command gives, or the default).
func (w *walker) goInstallTarget(c scope, call *Call, pkgDir string) (name, bin string) {
	root, mod, ok := w.goModule(Dir{Path: pkgDir, Known: true})
	ip := ""
	if ok {
		if rel, err := filepath.Rel(root, pkgDir); err == nil && !strings.HasPrefix(rel, "..") {
			ip = path.Join(mod, filepath.ToSlash(rel))
		}
	}
	if ip == "" {
		ip = filepath.Base(pkgDir)
	}
	el := strings.Split(strings.TrimSuffix(ip, "/"), "/")
	name = el[len(el)-1]
	if n := len(el); n > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = el[n-2]
	}
	if v, known, set := w.envOf(c, call, "GOBIN"); set {
		if !known || !filepath.IsAbs(v) {
			return "", ""
		}
		return name, filepath.Clean(v)
	}
	if v, known, set := w.envOf(c, call, "GOPATH"); set {
		first, _, _ := strings.Cut(v, ":")
		if !known || !filepath.IsAbs(first) {
			return "", ""
		}
		return name, filepath.Join(first, "bin")
	}
	if w.home == "" {
		return "", ""
	}
	return name, filepath.Join(w.home, "go", "bin")
}

// goEnvFile returns the text of the go env file a go call reads, the
// file go env -w writes: GOENV=FILE (a relative name from the working
// directory), else env under the user configuration directory
// (os.UserConfigDir: XDG_CONFIG_HOME, else HOME/.config) when the
// command moved it (HOME=DIR go vet reads DIR/.config/go/env); the
// user's own is not read (go env -w, which writes it, is judged where
// it runs). "" when there is none.
func (w *walker) goEnvFile(c scope, call *Call, st *state, envWords map[string]string) string {
	goenv, have := envWords["GOENV"]
	if !have {
		if v, ok := st.vars["GOENV"]; ok && v.exported && v.known && v.set {
			goenv, have = v.str, true
		}
	}
	if have {
		if goenv == "" || goenv == "off" {
			return ""
		}
		text, _ := w.readScript(call.Dir.Join(goenv))
		return text
	}
	cfg := w.userDir(c, call, "XDG_CONFIG_HOME", "")
	if _, _, set := w.envOf(c, call, "XDG_CONFIG_HOME"); !set {
		home, ok := w.userHome(c, call, "") // HOME=$(mktemp -d) go test: a fresh home, not asked
		if !ok || home == "" || home == w.home {
			return ""
		}
		cfg = filepath.Join(home, ".config")
	}
	if cfg == "" || w.home != "" && cfg == filepath.Join(w.home, ".config") {
		return ""
	}
	text, _ := w.readScript(Dir{Path: filepath.Join(cfg, "go", "env"), Known: true})
	return text
}

// goToolchain judges the toolchain a go call switches to (go help
// toolchain): GOTOOLCHAIN=goX.Y.Z (the environment, else the go env
// file; goX+auto and goX+path too), and under the default auto or path
// the go.mod of the main module's toolchain line (or its go line). go
// then looks for a program named goX.Y.Z on PATH and runs it with the
// same arguments, when it is newer than its own version (else it
// downloads the release, whose checksum go verifies). The switch is
// judged as that program run by name in the call's environment: a
// goX.Y.Z the agent put on a PATH the command set is read or asked
// about as any program found there; one only on the user's PATH is
// the user's own. GOTOOLCHAIN=local switches to nothing.
func (w *walker) goToolchain(c scope, call *Call, st *state, envWords map[string]string, envFile string) {
	v, known, set := w.envOf(c, call, "GOTOOLCHAIN")
	if !set {
		for _, line := range strings.Split(envFile, "\n") {
			if k, val, ok := strings.Cut(strings.TrimSpace(line), "="); ok && k == "GOTOOLCHAIN" {
				v, known, set = strings.Trim(val, `"'`), true, true
			}
		}
	}
	if !set || v == "" {
		v, known = "auto", true
	}
	if !known {
		return
	}
	name, mode, _ := strings.Cut(v, "+")
	if name == "auto" || name == "path" {
		name, mode = "", name
	}
	var names []string
	if goToolchainName(name) {
		names = append(names, name)
	}
	root, _, inModule := w.goModule(call.Dir)
	if inModule && len(call.Args) > 0 {
		// go mod edit -toolchain=goX, go get toolchain@goX / go@X: the
		// go.mod line later go commands of this command switch by.
		var set []string
		switch call.Args[0].Value {
		case "mod":
			for i, a := range call.Args {
				if v, ok := strings.CutPrefix(a.Value, "-toolchain="); ok {
					set = append(set, v)
				} else if a.Value == "-toolchain" && i+1 < len(call.Args) {
					set = append(set, call.Args[i+1].Value)
				}
			}
		case "get":
			for _, a := range call.Args[1:] {
				if v, ok := strings.CutPrefix(a.Value, "toolchain@"); ok {
					set = append(set, v)
				} else if v, ok := strings.CutPrefix(a.Value, "go@"); ok {
					set = append(set, "go"+v)
				}
			}
		}
		for _, v := range set {
			if goToolchainName(v) {
				if w.goToolchains == nil {
					w.goToolchains = map[string][]string{}
				}
				w.goToolchains[root] = append(w.goToolchains[root], v)
			}
		}
	}
	if mode == "auto" || mode == "path" {
		if inModule {
			names = append(names, w.goToolchains[root]...)
			text, _ := w.readScript(Dir{Path: filepath.Join(root, "go.mod"), Known: true})
			for _, line := range strings.Split(text, "\n") {
				if i := strings.Index(line, "//"); i >= 0 {
					line = line[:i]
				}
				f := strings.Fields(line)
				switch {
				case len(f) == 2 && f[0] == "toolchain" && goToolchainName(f[1]):
					names = append(names, f[1])
				case len(f) == 2 && f[0] == "go" && goToolchainName("go"+f[1]):
					names = append(names, "go"+f[1])
				}
			}
		}
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			continue
		}
		seen[n] = true
		words := append([]Arg{{Value: n, Raw: "GOTOOLCHAIN=" + n, Static: true}}, call.Args...)
		w.argvChild(c, call, words, "GOTOOLCHAIN "+n, st.exportedOnly(call.Dir, w.home), call.Dir)
	}
}

// goToolchainName reports a toolchain name go switches to by running it:
// go1.N, go1.N.M, go1.NrcM (go help toolchain).
func goToolchainName(n string) bool {
	rest, ok := strings.CutPrefix(n, "go")
	if !ok || rest == "" || rest[0] < '0' || rest[0] > '9' {
		return false
	}
	for _, r := range rest {
		if !(r >= '0' && r <= '9' || r == '.' || r >= 'a' && r <= 'z') {
			return false
		}
	}
	return true
}
