package syntax

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
)

// Build toolchains run programs besides the compiler, chosen by the
// command line, a file it reads or the environment:
//
//   - gcc and clang: -wrapper PROG[,ARGS] runs every subprogram (cc1, as,
//     collect2) through PROG; -B DIR and COMPILER_PATH=DIR[:DIR] make
//     the driver run DIR/cc1, DIR/as, DIR/collect2 and DIR/ld (or the
//     ones in DIR/MACHINE/VERSION) before its own; -fplugin=FILE.so loads a
//     library into the compiler; -specs=FILE rewrites the command lines
//     it runs (gccspecs.go); @FILE reads more options from FILE (a
//     response file).
//   - go: -ldflags '-extld=PROG' links with PROG, -ldflags
//     '-extldflags=…' and CGO_CFLAGS/CGO_LDFLAGS (…) are the C compiler's
//     options, read as above.
//   - rustc -C linker=PROG (also in .cargo/config.toml's rustflags).
//   - rustup's proxies (cargo, rustc, rustfmt…) run DIR/bin/NAME of the
//     selected toolchain, which can be a directory: cargo +DIR,
//     RUSTUP_TOOLCHAIN=DIR, rust-toolchain.toml's [toolchain] path = DIR,
//     a legacy rust-toolchain file holding a path, or a name linked to DIR
//     (rustup toolchain link NAME DIR). rustup default and rustup
//     override set store the choice for every later command.
//
// Each program is judged as if the command ran it.

// maxResponseDepth bounds the response files read one inside another
// (gcc reads nested @FILE); maxCompilerWords bounds the words read.
const (
	maxResponseDepth = 4
	maxCompilerWords = 4096
)

// gccHelpers are the subprograms the gcc driver looks for in -B and
// COMPILER_PATH directories (gcc -v shows them).
var gccHelpers = []string{"cc1", "cc1plus", "cc1obj", "as", "collect2", "ld", "lto-wrapper", "lto1", "cpp"}

// cgoFlagVars are the variables whose words the go command hands the C
// compiler (go help environment).
var cgoFlagVars = []string{"CGO_CFLAGS", "CGO_CPPFLAGS", "CGO_CXXFLAGS", "CGO_FFLAGS", "CGO_LDFLAGS"}

// compilerHelpers judges the helper programs a C compiler call runs.
func (w *walker) compilerHelpers(c scope, call *Call, st *state, envWords map[string]string) {
	switch {
	case isCompilerName(call.Name):
		n := 0
		w.compilerOptions(c, call, call.Name, call.Args, 0, &n)
		if v, ok := commandEnv(st, envWords, "COMPILER_PATH"); ok && v != "" {
			for _, d := range filepath.SplitList(v) {
				w.helperDir(c, call, "COMPILER_PATH", d)
			}
		}
	case call.Name == "go":
		for _, name := range cgoFlagVars {
			v, ok := commandEnv(st, envWords, name)
			if !ok || v == "" {
				continue
			}
			n := 0
			w.compilerOptions(c, call, name, staticWords(strings.Fields(v), name), 0, &n)
		}
	}
}

// staticWords makes known words of ws, raw being what shows them.
func staticWords(ws []string, raw string) []Arg {
	out := make([]Arg, len(ws))
	for i, s := range ws {
		out[i] = Arg{Value: s, Raw: raw, Static: true}
	}
	return out
}

// compilerOptions reads a C compiler's options for the programs they run;
// how names where they come from (gcc, CGO_CFLAGS, go -ldflags).
func (w *walker) compilerOptions(c scope, call *Call, how string, args []Arg, depth int, n *int) {
	for i := 0; i < len(args); i++ {
		*n++
		if *n > maxCompilerWords {
			w.m.Truncated = true
			return
		}
		a := args[i]
		v := a.Value
		value := func(opt string) (Arg, bool) {
			if v == opt {
				if i+1 < len(args) {
					i++
					return args[i], true
				}
				return Arg{}, false
			}
			if rest, ok := strings.CutPrefix(v, opt+"="); ok {
				return Arg{Value: rest, Raw: a.Raw, Static: a.Static}, true
			}
			return Arg{}, false
		}
		switch {
		case strings.HasPrefix(v, "@") && len(v) > 1 && a.Static:
			w.responseFile(c, call, how, v[1:], depth, n)
		case v == "-wrapper":
			p, ok := value("-wrapper")
			if !ok {
				continue
			}
			parts := strings.Split(p.Value, ",")
			words := make([]Arg, 0, len(parts))
			for _, s := range parts {
				words = append(words, Arg{Value: s, Raw: p.Raw, Static: p.Static})
			}
			w.argvChild(c, call, words, how+" -wrapper", nil, call.Dir)
		case v == "-B" || strings.HasPrefix(v, "-B") && len(v) > 2:
			d := strings.TrimPrefix(v, "-B")
			if v == "-B" {
				if i+1 >= len(args) {
					continue
				}
				i++
				d = args[i].Value
			}
			w.helperDir(c, call, how+" -B", d)
		case strings.HasPrefix(v, "-fplugin="):
			w.compilerFile(c, call, how+" -fplugin", strings.TrimPrefix(v, "-fplugin="))
		case strings.HasPrefix(v, "-fpass-plugin="):
			// clang loads an LLVM pass plugin into the compiler.
			w.compilerFile(c, call, how+" -fpass-plugin", strings.TrimPrefix(v, "-fpass-plugin="))
		case v == "-Xclang" && i+3 < len(args) && args[i+1].Value == "-load" && args[i+2].Value == "-Xclang":
			// -Xclang -load -Xclang FILE: clang's front end loads FILE.
			w.compilerFile(c, call, how+" -Xclang -load", args[i+3].Value)
			i += 3
		case v == "-specs" || strings.HasPrefix(v, "-specs=") || strings.HasPrefix(v, "--specs="):
			p := strings.TrimPrefix(strings.TrimLeft(v, "-"), "specs=")
			if v == "-specs" {
				if i+1 >= len(args) {
					continue
				}
				i++
				p = args[i].Value
			}
			w.specsFile(c, call, how+" -specs", p, 0)
		case v == "-fuse-ld" || strings.HasPrefix(v, "-fuse-ld=") || strings.HasPrefix(v, "--ld-path="):
			_, p, _ := strings.Cut(v, "=")
			if strings.Contains(p, "/") {
				w.argvChild(c, call, []Arg{{Value: p, Raw: a.Raw, Static: a.Static}}, how+" "+v[:strings.Index(v, "=")+1], nil, call.Dir)
			}
		}
	}
}

// responseFile reads @FILE's words as more options (gcc's response
// files: blanks separate words, quotes and backslashes group them).
func (w *walker) responseFile(c scope, call *Call, how, file string, depth int, n *int) {
	if depth >= maxResponseDepth {
		return
	}
	d := call.Dir.Join(file)
	text, ok := w.readScript(d)
	if !ok || strings.Contains(text[:min(len(text), 8192)], "\x00") {
		return
	}
	w.compilerOptions(c, call, how+" @"+file, staticWords(responseWords(text), "@"+file), depth+1, n)
}

// responseWords splits a response file's text into words as libiberty's
// buildargv does: blanks separate words, single and double quotes group,
// a backslash takes the next character as it is.
func responseWords(s string) []string {
	var out []string
	var cur strings.Builder
	have := false
	var q byte
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			have = true
		case q != 0 && ch == q:
			q = 0
		case q != 0:
			cur.WriteByte(ch)
		case ch == '\'' || ch == '"':
			q, have = ch, true
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v':
			if have {
				out = append(out, cur.String())
				cur.Reset()
				have = false
			}
		default:
			cur.WriteByte(ch)
			have = true
		}
		if len(out) > maxCompilerWords {
			break
		}
	}
	if have {
		out = append(out, cur.String())
	}
	return out
}

// helperDir judges the subprograms the driver finds in directory d
// (and in d/MACHINE/VERSION, which gcc searches too): each one that
// exists or this command wrote runs as if typed.
func (w *walker) helperDir(c scope, call *Call, how, d string) {
	if d == "" {
		return
	}
	base := call.Dir.Join(d)
	if !base.Known || systemPath(base.Path) {
		return
	}
	dirs := []string{base.Path}
	if w.read != nil {
		if subs, err := os.ReadDir(base.Path); err == nil {
			for k, m := range subs {
				if k >= 16 || !m.IsDir() {
					continue
				}
				vers, err := os.ReadDir(filepath.Join(base.Path, m.Name()))
				for n, v := range vers {
					if err == nil && n < 16 && v.IsDir() {
						dirs = append(dirs, filepath.Join(base.Path, m.Name(), v.Name()))
					}
				}
			}
		}
	}
	for p := range w.written {
		if up := filepath.Dir(filepath.Dir(filepath.Dir(p))); up == base.Path {
			dirs = append(dirs, filepath.Dir(p))
		}
	}
	sort.Strings(dirs)
	dirs = compactStrings(dirs)
	for _, dir := range dirs {
		for _, name := range gccHelpers {
			p := filepath.Join(dir, name)
			if !w.exists(p) {
				continue
			}
			w.argvChild(c, call, []Arg{{Value: p, Raw: d, Static: true}}, how, nil, call.Dir)
		}
	}
}

// compilerFile judges a library an option loads into the compiler
// (-fplugin=FILE, clang's -fpass-plugin=FILE and -Xclang -load FILE, a
// linker -plugin a specs file hands on): a library this command builds
// is read from its sources; one on disk is code corral cannot read and
// asks, unless its bytes are no shared object (dlopen then fails and
// nothing runs). A plugin by name (no /) is looked for in the compiler's
// plugin directory or the system's library path; a system file passes.
func (w *walker) compilerFile(c scope, call *Call, how, file string) {
	if !strings.Contains(file, "/") {
		return
	}
	d := call.Dir.Join(file)
	if !d.Known || systemPath(d.Path) {
		return
	}
	if _, ok := w.compiled[d.Path]; ok {
		w.loadLibrary(c, call, how, d.Path)
		return
	}
	if text, ok := w.readScript(d); ok && !strings.HasPrefix(text, "\x7fELF") {
		return // not a shared object: it cannot be loaded
	}
	if !w.exists(d.Path) && !w.opaque[d.Path] {
		if w.read == nil {
			return
		}
		if _, err := os.Stat(d.Path); err != nil {
			return
		}
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: file,
		What: how + " loads " + d.Path + " into " + call.Name + ", a library whose code corral cannot read"})
}

// goLdflags judges the programs go's -ldflags value names: -extld PROG
// (the external linker) and -extldflags (the C compiler's options).
func (w *walker) goLdflags(c scope, call *Call, a Arg) {
	words := goFlagWords(a.Value)
	for i := 0; i < len(words); i++ {
		name, val, eq := strings.Cut(strings.TrimLeft(words[i], "-"), "=")
		if !strings.HasPrefix(words[i], "-") {
			continue
		}
		if !eq && (name == "extld" || name == "extldflags" || name == "extar") {
			if i+1 >= len(words) {
				continue
			}
			i++
			val = words[i]
		}
		switch name {
		case "extld", "extar":
			prog := strings.Fields(val)
			if len(prog) > 0 {
				w.argvChild(c, call, staticWords(prog, a.Raw), "go -ldflags -"+name, nil, call.Dir)
			}
		case "extldflags":
			n := 0
			w.compilerOptions(c, call, "go -ldflags -extldflags", staticWords(goFlagWords(val), a.Raw), 0, &n)
		}
	}
}

// goFlagWords splits a go flag list value as cmd/internal/quoted does:
// blanks separate words, single or double quotes group one.
func goFlagWords(s string) []string {
	var out []string
	for {
		s = strings.TrimLeft(s, " \t\n\r")
		if s == "" {
			return out
		}
		if s[0] == '\'' || s[0] == '"' {
			if j := strings.IndexByte(s[1:], s[0]); j >= 0 {
				out = append(out, s[1:1+j])
				s = s[2+j:]
				continue
			}
		}
		i := strings.IndexAny(s, " \t\n\r")
		if i < 0 {
			i = len(s)
		}
		out = append(out, s[:i])
		s = s[i:]
	}
}

// goOverlay returns the files the overlay JSON FILE (go -overlay) puts
// in place of the ones on disk: the replacement paths, absolute, sorted.
func (w *walker) goOverlay(dir Dir, file string) ([]string, bool) {
	text, ok := w.readScript(dir.Join(file))
	if !ok {
		return nil, false
	}
	var o struct{ Replace map[string]string }
	if json.Unmarshal([]byte(text), &o) != nil {
		return nil, false
	}
	base := filepath.Dir(dir.Join(file).Path)
	var out []string
	for from, to := range o.Replace {
		// The file replaced decides how the text is compiled: any name
		// put in the place of a .go file is Go source (red team 18
		// GO1: main.go -> evil.go.txt); an empty one deletes it.
		if !strings.HasSuffix(from, ".go") || to == "" {
			continue
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(base, to)
		}
		out = append(out, filepath.Clean(to))
	}
	return out, true
}

// goLocalModules returns the directories of the modules the go.mod above
// dir replaces with a local directory (replace X => ./DIR) and the go.work
// above it uses (use ./DIR): their packages compile into the program, and
// their init functions run with it.
func (w *walker) goLocalModules(dir Dir, sel goModSel) []string {
	if !dir.Known {
		return nil
	}
	var out []string
	found := map[string]bool{}
	if sel.gowork != "" {
		// GOWORK=FILE is the workspace file (GOWORK=off: none).
		found["go.work"] = true
		if sel.gowork != "off" {
			p := dir.Join(sel.gowork)
			if text, ok := w.readCode(sel.call, p); ok {
				out = append(out, w.goModReplaced(text, true, filepath.Dir(p.Path))...)
			}
		}
	}
	d := dir.Path
	for k := 0; k < 64; k++ {
		for _, name := range []string{"go.mod", "go.work"} {
			if found[name] {
				continue
			}
			read := w.readScript
			if name == "go.work" && sel.call != nil {
				// A workspace file this command wrote with text only run
				// time knows asks (go.mod is rewritten by go get, go mod
				// tidy: ordinary work).
				read = func(d Dir) (string, bool) { return w.readCode(sel.call, d) }
			}
			text, ok := read(Dir{Path: filepath.Join(d, name), Known: true})
			if !ok {
				continue
			}
			found[name] = true
			if name == "go.mod" && sel.modfile != "" {
				// go -modfile FILE: go.mod marks the module's root,
				// FILE is read in its place.
				if text, ok = w.readCode(sel.call, dir.Join(sel.modfile)); !ok {
					continue
				}
			}
			out = append(out, w.goModReplaced(text, name == "go.work", d)...)
		}
		if found["go.mod"] && found["go.work"] || d == "/" {
			break
		}
		d = filepath.Dir(d)
	}
	return out
}

// goModLocalDirs returns the local directories of a go.mod's replace
// directives (the target after => that starts with ./, ../ or /), or a
// go.work's use directives.
func goModLocalDirs(text string, work bool) []string {
	var out []string
	block := ""
	for _, line := range strings.Split(text, "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		switch {
		case line == ")":
			block = ""
			continue
		case strings.HasSuffix(line, "("):
			block = strings.TrimSpace(strings.TrimSuffix(line, "("))
			continue
		}
		verb := block
		if verb == "" {
			f := strings.Fields(line)
			if len(f) < 2 {
				continue
			}
			verb, line = f[0], strings.TrimSpace(strings.TrimPrefix(line, f[0]))
		}
		var target string
		switch {
		case verb == "replace":
			_, t, ok := strings.Cut(line, "=>")
			if !ok {
				continue
			}
			f := strings.Fields(t)
			if len(f) != 1 {
				continue // a module path and version
			}
			target = f[0]
		case verb == "use" && work:
			target = line
		default:
			continue
		}
		target = strings.Trim(target, "\"`")
		if strings.HasPrefix(target, "./") || strings.HasPrefix(target, "../") || strings.HasPrefix(target, "/") || target == "." || target == ".." {
			out = append(out, target)
		}
	}
	return out
}

// rustProxies are the programs rustup installs as proxies: each runs the
// program of the same name in the selected toolchain's bin directory.
var rustProxies = lazy.Set{List: []string{"cargo", "rustc", "rustdoc", "rustfmt", "cargo-fmt", "cargo-clippy",
	"clippy-driver", "rust-gdb", "rust-gdbgui", "rust-lldb", "rust-analyzer", "cargo-miri"}}

// rustToolchain judges, for a rustup proxy call, the toolchain directory
// it runs from when the selection is a directory, and, for rustup
// default/override set/toolchain link, the choice kept for later commands.
func (w *walker) rustToolchain(c scope, call *Call, st *state, envWords map[string]string) {
	if call.Name == "rustup" {
		w.rustupCommand(c, call)
		return
	}
	if !rustProxies.Has(call.Name) || !call.Dir.Known || strings.Contains(call.NameArg.Value, "/") {
		return // a program run by its path is no proxy (DIR/bin/cargo itself)
	}
	args := call.Args
	sel, how := "", ""
	if len(args) > 0 && strings.HasPrefix(args[0].Value, "+") && args[0].Static {
		sel, how = args[0].Value[1:], call.Name+" "+args[0].Value
	} else if v, ok := commandEnv(st, envWords, "RUSTUP_TOOLCHAIN"); ok && v != "" {
		sel, how = v, "RUSTUP_TOOLCHAIN="+v
	} else {
		// rustup's order: a directory override, the toolchain file,
		// the default.
		var def, defHow string
		sel, how, def, defHow = w.rustupSettings(call.Dir)
		if sel == "" {
			sel, how = w.rustToolchainFile(call.Dir)
		}
		if sel == "" {
			sel, how = def, defHow
		}
	}
	if sel == "" {
		return
	}
	dir, ok := w.rustToolchainDir(call.Dir, sel)
	if !ok {
		return
	}
	p := filepath.Join(dir, "bin", call.Name)
	if !w.exists(p) {
		return
	}
	w.argvChild(c, call, append([]Arg{{Value: p, Raw: how, Static: true}}, args...), how, nil, call.Dir)
}

// rustToolchainFile returns the toolchain rust-toolchain.toml (or the
// legacy rust-toolchain) nearest above dir names: its [toolchain] path,
// absolute, or the legacy file's one line when it is a path.
func (w *walker) rustToolchainFile(dir Dir) (string, string) {
	d := dir.Path
	for k := 0; k < 64; k++ {
		for _, name := range []string{"rust-toolchain", "rust-toolchain.toml"} {
			f := filepath.Join(d, name)
			text, ok := w.readScript(Dir{Path: f, Known: true})
			if !ok {
				continue
			}
			line := strings.TrimSpace(text)
			if name == "rust-toolchain" && !strings.Contains(line, "\n") && !strings.Contains(line, "[") {
				if strings.Contains(line, "/") {
					return w.rustPathFrom(d, line), f
				}
				return "", ""
			}
			if p, ok := tomlKey(text, "toolchain", "path"); ok && p != "" {
				return w.rustPathFrom(d, p), f + " path"
			}
			return "", ""
		}
		if d == "/" {
			break
		}
		d = filepath.Dir(d)
	}
	return "", ""
}

// rustupSettings returns the toolchains rustup's settings file chooses
// for dir: the override of dir or the nearest directory above it
// (rustup override set), and the default (rustup default), each with
// where it comes from.
func (w *walker) rustupSettings(dir Dir) (string, string, string, string) {
	home := w.rustupHome()
	if home == "" || !dir.Known {
		return "", "", "", ""
	}
	f := filepath.Join(home, "settings.toml")
	text, ok := w.readScript(Dir{Path: f, Known: true})
	if !ok {
		return "", "", "", ""
	}
	best, sel := "", ""
	def := ""
	for _, e := range tomlEntries(text) {
		v := tomlStrings(e.value)
		if len(v) == 0 {
			continue
		}
		switch {
		case e.table == "" && e.key == "default_toolchain":
			def = v[0]
		case e.table == "overrides":
			d := strings.Trim(e.key, `"'`)
			if guards.Within(d, dir.Path) && len(d) > len(best) {
				best, sel = d, v[0]
			}
		}
	}
	how := ""
	if sel != "" {
		how = f + " override for " + best
	}
	return sel, how, def, f + " default_toolchain"
}

// rustPathFrom makes p absolute from dir (rustup resolves a toolchain
// file's path from the file's directory).
func (w *walker) rustPathFrom(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// rustupHome returns rustup's data directory: RUSTUP_HOME or ~/.rustup.
func (w *walker) rustupHome() string {
	if v, ok := w.rustupHomeGiven(); ok {
		return v
	}
	if w.home == "" {
		return ""
	}
	return filepath.Join(w.home, ".rustup")
}

// rustToolchainDir returns the directory of toolchain sel when it is one
// outside rustup's own installs: a path, or a name linked to a directory
// (in this command, or a link in rustup's toolchains directory).
func (w *walker) rustToolchainDir(dir Dir, sel string) (string, bool) {
	if strings.Contains(sel, "/") {
		d := dir.Join(sel)
		return d.Path, d.Known && !systemPath(d.Path)
	}
	if p, ok := w.rustLinks[sel]; ok {
		return p, true
	}
	home := w.rustupHome()
	if home == "" || w.read == nil {
		return "", false
	}
	if _, given := w.rustupHomeGiven(); given {
		// A RUSTUP_HOME the command gives: its toolchains are whatever
		// that directory holds (toolroots.go).
		if d, ok := w.givenRustToolchain(home, sel); ok {
			return d, true
		}
	}
	link := filepath.Join(home, "toolchains", sel)
	target, err := os.Readlink(link)
	if err != nil {
		return "", false
	}
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(link), target)
	}
	return filepath.Clean(target), !systemPath(target)
}

// rustupCommand models rustup toolchain link NAME DIR (the name runs
// DIR's programs from now on), rustup default NAME and rustup override
// set NAME (kept in rustup's settings: every later cargo, in every
// project or in this directory, runs with it), and rustup run NAME CMD.
func (w *walker) rustupCommand(c scope, call *Call) {
	var words []Arg
	for _, a := range call.Args {
		if !strings.HasPrefix(a.Value, "-") {
			words = append(words, a)
		}
	}
	if len(words) == 0 {
		return
	}
	keep := func(sel Arg, what string) {
		if !sel.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: sel.Raw,
				What: what + " keeps a toolchain only known at run time for every later cargo and rustc"})
			return
		}
		dir, ok := w.rustToolchainDir(call.Dir, sel.Value)
		if !ok {
			return
		}
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: sel.Raw,
			What: what + " " + sel.Value + " is kept in rustup's settings: every later cargo and rustc runs " + filepath.Join(dir, "bin") + "'s programs"})
	}
	switch words[0].Value {
	case "toolchain":
		if len(words) >= 4 && words[1].Value == "link" && words[2].Static {
			d := call.Dir.Join(words[3].Value)
			if !words[3].Static || !d.Known {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: words[3].Raw,
					What: "rustup toolchain link " + words[2].Value + " names a directory only known at run time"})
				return
			}
			if w.rustLinks == nil {
				w.rustLinks = map[string]string{}
			}
			w.rustLinks[words[2].Value] = d.Path
		}
	case "default":
		if len(words) >= 2 {
			keep(words[1], "rustup default")
		}
	case "override":
		if len(words) >= 3 && words[1].Value == "set" {
			keep(words[2], "rustup override set")
		}
	case "run":
		if len(words) >= 3 && words[1].Static {
			dir, ok := w.rustToolchainDir(call.Dir, words[1].Value)
			if !ok {
				return
			}
			// rustup run NAME PROG ARGS: PROG from the toolchain's bin
			// first.
			i := 0
			for i < len(call.Args) && call.Args[i].Value != words[2].Value {
				i++
			}
			p := filepath.Join(dir, "bin", words[2].Value)
			if w.exists(p) && i < len(call.Args) {
				w.argvChild(c, call, append([]Arg{{Value: p, Raw: words[1].Raw, Static: true}}, call.Args[i+1:]...), "rustup run "+words[1].Value, nil, call.Dir)
			}
		}
	}
}

// cargoPathDeps returns the directories of the path dependencies (and
// [patch] path overrides) a Cargo.toml names, absolute: cargo builds
// them, running their build scripts.
func cargoPathDeps(pkg, manifest string) []string {
	var out []string
	for _, e := range tomlEntries(manifest) {
		t := e.table
		dep := strings.HasSuffix(t, "dependencies") || strings.HasPrefix(t, "patch.") || strings.Contains(t, "dependencies.")
		if !dep {
			continue
		}
		var p string
		switch {
		case e.key == "path" && (strings.Contains(t, "dependencies.") || strings.Count(t, ".") >= 2 && strings.HasPrefix(t, "patch.")):
			// [dependencies.dep] path = "dep"
			s := tomlStrings(e.value)
			if len(s) == 0 {
				continue
			}
			p = s[0]
		case strings.HasPrefix(strings.TrimSpace(e.value), "{"):
			p = inlineTableString(e.value, "path")
		}
		if p == "" {
			continue
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(pkg, p)
		}
		out = append(out, filepath.Clean(p))
	}
	return out
}

// inlineTableString returns the string value of key in a TOML inline
// table ({ path = "dep", version = "1" }), "" when it has none.
func inlineTableString(v, key string) string {
	v = strings.TrimSpace(v)
	v = strings.TrimSuffix(strings.TrimPrefix(v, "{"), "}")
	for len(v) > 0 {
		k, rest, ok := strings.Cut(v, "=")
		if !ok {
			return ""
		}
		k = strings.Trim(strings.TrimSpace(k), `"'`)
		rest = strings.TrimLeft(rest, " \t")
		var val string
		if rest != "" && (rest[0] == '"' || rest[0] == '\'') {
			j := strings.IndexByte(rest[1:], rest[0])
			if j < 0 {
				return ""
			}
			val, rest = rest[1:1+j], rest[2+j:]
		} else {
			// a number, a boolean, an array or table: to the next comma
			// outside brackets.
			depth, j := 0, 0
		scan:
			for ; j < len(rest); j++ {
				switch rest[j] {
				case '[', '{':
					depth++
				case ']', '}':
					depth--
				}
				if rest[j] == ',' && depth == 0 {
					break scan
				}
			}
			rest = rest[j:]
		}
		if k == key {
			return val
		}
		_, rest, ok = strings.Cut(rest, ",")
		if !ok {
			return ""
		}
		v = rest
	}
	return ""
}
