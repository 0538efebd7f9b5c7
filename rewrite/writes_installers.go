package rewrite

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/bounded"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// Installers whose output name is implicit: go install PKG writes
// $GOBIN/NAME (else $GOPATH/bin, else ~/go/bin) for each main package,
// NAME the last element of its import path; cargo install --path DIR
// writes ~/.cargo/bin (or --root/bin, CARGO_INSTALL_ROOT/bin,
// CARGO_HOME/bin) for each binary of DIR/Cargo.toml; npm install -g DIR
// and npm link put the "bin" names of DIR/package.json in the global
// prefix's bin; pipx install DIR and uv tool install DIR put the
// [project.scripts] names of DIR/pyproject.toml in ~/.local/bin. No
// word of the command names those files, so the write tables never see
// them: an output that is corral's own program (or a corral on PATH,
// which the plugin's launcher runs) replaces the guard. Only that is
// judged here; an ordinary tool installed there passes.

// maxInstallDirs bounds the directories go install ./... reads, and
// maxGoFiles the .go files whose heads (8 KiB each) it reads in all.
const (
	maxInstallDirs = 2000
	maxGoFiles     = 4000
)

// installedProgram is one file an installer writes, and the word that
// makes it.
type installedProgram struct {
	arg  syntax.Arg
	file string // absolute
}

func (p *Pass) checkInstallerOutputs(c *syntax.Call) {
	if p.Config.NoScriptFiles {
		return
	}
	var outs []installedProgram
	verb := c.Name
	switch compilerName(c.Name) {
	case "go":
		outs, verb = p.goInstallOutputs(c), "go install"
	case "cargo":
		outs, verb = p.cargoInstallOutputs(c), "cargo install"
	case "npm", "pnpm", "yarn", "bun":
		outs = p.npmGlobalOutputs(c)
	case "pipx":
		outs, verb = p.pyToolOutputs(c, 1), "pipx install"
	case "uv":
		outs, verb = p.pyToolOutputs(c, 2), "uv tool install"
	case "gem":
		outs, verb = p.gemOutputs(c), "gem install"
	default:
		outs, verb = p.pipUserOutputs(c), "pip install --user"
	}
	seen := map[string]bool{}
	for _, o := range outs {
		if seen[o.file] {
			continue
		}
		seen[o.file] = true
		if why, ok := p.selfProgram(c, o.file); ok {
			p.Report(c, Finding{Rule: "bash-write", Decision: Deny, PathContext: guards.ContextBlocked,
				Message: fmt.Sprintf("%s writes %s (the program it builds from %s is named %s): %s", verb, o.file, o.arg.Raw, path.Base(o.file), why)})
			return
		}
	}
}

// selfProgram reports whether writing abs replaces corral's own program,
// a file corral protects as its own, or a program the agents' settings
// run.
func (p *Pass) selfProgram(c *syntax.Call, abs string) (string, bool) {
	cfg := p.Config
	for _, prot := range cfg.Protected {
		if prot != "" && guards.Within(prot, abs) {
			return "it is corral's own configuration, state or program", true
		}
	}
	if cfg.Paths == nil {
		return "", false
	}
	env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	if !c.Dir.Known {
		env.Cwd = cfg.Project
	}
	if d := cfg.Paths.Decide(env, abs, guards.Write); d.Verdict == guards.Deny && d.Rule == "self-protection" {
		return d.Message, true
	}
	return "", false
}

// homePath expands a leading ~ with the configured home.
func (p *Pass) homePath(v string) string {
	if v == "~" {
		return p.Config.Home
	}
	if rest, ok := strings.CutPrefix(v, "~/"); ok && p.Config.Home != "" {
		return path.Join(p.Config.Home, rest)
	}
	return v
}

// localDir returns the directory a word names from the call's directory.
func (p *Pass) localDir(c *syntax.Call, dir syntax.Dir, v string) (string, bool) {
	v = p.homePath(v)
	d := dir.Join(v)
	if !d.Known {
		return "", false
	}
	return d.Path, true
}

// envDir returns a directory variable the call's environment sets (a
// prefix, env, an export here); else "".
func envDir(c *syntax.Call, name string) string {
	if v, ok := c.EnvKnown(name); ok && v != "" {
		return v
	}
	return ""
}

// goValued are go build's flags that take a value (go help build).
var goValued = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"C": true, "p": true, "tags": true, "ldflags": true, "gcflags": true, "asmflags": true,
		"gccgoflags": true, "mod": true, "modfile": true, "buildmode": true, "pkgdir": true, "toolexec": true, "compiler": true,
		"installsuffix": true, "overlay": true, "pgo": true, "coverpkg": true, "covermode": true, "o": true, "exec": true}
}}

var majorVersion = lazy.Regexp{Expr: `^v[0-9]+$`}

// goBinName is the program name go install gives the package whose
// import path is ip: its last element, or the one before a major
// version suffix (example.com/tool/v2 installs tool).
func goBinName(ip string) string {
	ip = strings.TrimSuffix(ip, "/")
	el := strings.Split(ip, "/")
	if n := len(el); n > 1 && majorVersion.Get().MatchString(el[n-1]) {
		return el[n-2]
	}
	return el[len(el)-1]
}

func (p *Pass) goInstallOutputs(c *syntax.Call) []installedProgram {
	args := c.Args
	if len(args) == 0 || args[0].Value != "install" {
		return nil
	}
	dir := c.Dir
	var pkgs []syntax.Arg
	for i := 1; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if !a.Static {
			continue
		}
		if v == "--" {
			pkgs = append(pkgs, args[i+1:]...)
			break
		}
		if strings.HasPrefix(v, "-") {
			name, val, eq := strings.Cut(strings.TrimLeft(v, "-"), "=")
			if goValued.Get()[name] && !eq && i+1 < len(args) {
				val = args[i+1].Value
				i++
			}
			if name == "C" {
				if d, ok := p.localDir(c, dir, val); ok {
					dir = syntax.Dir{Path: d, Known: true}
				}
			}
			continue
		}
		pkgs = append(pkgs, a)
	}
	if len(pkgs) == 0 {
		pkgs = []syntax.Arg{{Value: ".", Raw: ".", Static: true, Start: c.Start, End: c.End}}
	}
	// Where go puts them: GOBIN, else the first GOPATH entry's bin,
	// else ~/go/bin. With none given here every one go may take is
	// judged (the hook's environment need not be the shell's).
	var bins []string
	if b := envDir(c, "GOBIN"); b != "" {
		bins = []string{p.homePath(b)}
	} else if gp := envDir(c, "GOPATH"); gp != "" {
		first, _, _ := strings.Cut(gp, ":")
		bins = []string{path.Join(p.homePath(first), "bin")}
	} else {
		bins = []string{path.Join(p.Config.Home, "go", "bin")}
		if b := os.Getenv("GOBIN"); filepath.IsAbs(b) {
			bins = append(bins, b)
		}
		if gp := os.Getenv("GOPATH"); gp != "" {
			first, _, _ := strings.Cut(gp, ":")
			if filepath.IsAbs(first) {
				bins = append(bins, path.Join(first, "bin"))
			}
		}
	}
	var names []string
	var from []syntax.Arg
	for _, a := range pkgs {
		if !a.Static {
			continue
		}
		v := a.Value
		if spec, _, ok := strings.Cut(v, "@"); ok {
			// A module at a version, not read here: the name is its
			// import path's.
			if !strings.HasSuffix(spec, "...") {
				names, from = append(names, goBinName(spec)), append(from, a)
			}
			continue
		}
		if v == "." || v == ".." || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") {
			for _, n := range p.goMainNames(c, dir, v) {
				names, from = append(names, n), append(from, a)
			}
			continue
		}
		if !strings.Contains(v, "...") {
			names, from = append(names, goBinName(v)), append(from, a)
		}
	}
	var out []installedProgram
	for i, n := range names {
		if n == "" || n == "." || n == "/" {
			continue
		}
		for _, b := range bins {
			if path.IsAbs(b) {
				out = append(out, installedProgram{arg: from[i], file: path.Join(b, n)})
			}
		}
	}
	return out
}

// goMainNames returns the program names go install gives the main
// packages a relative package pattern names (DIR, DIR/...), read from
// the .go files on disk when the hook runs.
func (p *Pass) goMainNames(c *syntax.Call, dir syntax.Dir, v string) []string {
	recursive := false
	if rest, ok := strings.CutSuffix(v, "/..."); ok {
		v, recursive = rest, true
	} else if v == "..." {
		v, recursive = ".", true
	}
	root, ok := p.localDir(c, dir, v)
	if !ok {
		return nil
	}
	var out []string
	budget := maxGoFiles
	name := func(d string) {
		if goMainPackage(d, &budget) {
			out = append(out, goDirName(d))
			out = append(out, p.goModInitNames(c, d)...)
		}
	}
	if !recursive {
		name(root)
		return out
	}
	n := 0
	_ = filepath.WalkDir(root, func(d string, e fs.DirEntry, err error) error {
		if err != nil || !e.IsDir() {
			return nil
		}
		if n++; n > maxInstallDirs {
			return filepath.SkipAll
		}
		b := e.Name()
		if d != root && (strings.HasPrefix(b, ".") || strings.HasPrefix(b, "_") || b == "testdata" || b == "vendor" || exists(filepath.Join(d, "go.mod"))) {
			return filepath.SkipDir
		}
		name(d)
		return nil
	})
	return out
}

// goModInitNames returns the program names a go mod init earlier in the
// command gives a module rooted at d: go mod init corral writes a go.mod
// whose module path names what go install . builds (the go.mod on disk,
// read by goDirName, is not there yet or says something else).
func (p *Pass) goModInitNames(c *syntax.Call, d string) []string {
	var out []string
	for _, e := range p.Model.Calls {
		if e == c || e.Start >= c.Start || compilerName(e.Name) != "go" || !e.Dir.Known || filepath.Clean(e.Dir.Path) != filepath.Clean(d) {
			continue
		}
		if a := e.Args; len(a) > 2 && a[0].Value == "mod" && a[1].Value == "init" && a[2].Static {
			out = append(out, goBinName(a[2].Value))
		}
	}
	return out
}

// goDirName is the last element of the import path of the package in d:
// d's own name, or for a module's root the module path's.
func goDirName(d string) string {
	if text, err := readHead(filepath.Join(d, "go.mod"), 16<<10); err == nil {
		for _, line := range strings.Split(text, "\n") {
			if m, ok := strings.CutPrefix(strings.TrimSpace(line), "module"); ok && m != "" && (m[0] == ' ' || m[0] == '\t') {
				return goBinName(strings.Trim(strings.TrimSpace(m), `"`))
			}
		}
	}
	return filepath.Base(d)
}

// goMainPackage reports whether a .go file in d (not a test) declares
// package main.
func goMainPackage(d string, budget *int) bool {
	es, err := os.ReadDir(d)
	if err != nil {
		return false
	}
	for _, e := range es {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
			continue
		}
		if *budget <= 0 {
			return false
		}
		*budget--
		text, err := readHead(filepath.Join(d, n), 8<<10)
		if err == nil && goPackageName(text) == "main" {
			return true
		}
	}
	return false
}

// goPackageName returns the name of a Go file's package clause: the
// first line that is not blank, a // comment or inside a /* */ one.
func goPackageName(text string) string {
	inBlock := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		for {
			if inBlock {
				i := strings.Index(line, "*/")
				if i < 0 {
					line = ""
					break
				}
				line, inBlock = strings.TrimSpace(line[i+2:]), false
				continue
			}
			if strings.HasPrefix(line, "/*") {
				line, inBlock = line[2:], true
				continue
			}
			break
		}
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "package"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				return strings.TrimSuffix(f[0], ";")
			}
		}
		return ""
	}
	return ""
}

// readHead reads at most n bytes of a regular file.
func readHead(name string, n int64) (string, error) {
	st, err := os.Stat(name)
	if err != nil {
		return "", err
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s: not a regular file", name)
	}
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	buf := make([]byte, n)
	k, _ := f.Read(buf)
	return string(buf[:k]), nil
}

// tomlLines reads a TOML text's key = "string" lines with the table
// header above them ([package], [[bin]]: each [[bin]] a new table,
// numbered).
type tomlLine struct{ table, key, value string }

func tomlLines(text string) []tomlLine {
	var out []tomlLine
	table, n := "", 0
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "[["):
			n++
			table = fmt.Sprintf("%s#%d", strings.Trim(line, "[] "), n)
			continue
		case strings.HasPrefix(line, "["):
			table = strings.Trim(line, "[] ")
			continue
		case strings.HasPrefix(line, "#"):
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') {
			if end := strings.IndexByte(v[1:], v[0]); end >= 0 {
				v = v[1 : end+1]
			}
		}
		out = append(out, tomlLine{table: table, key: strings.Trim(strings.TrimSpace(k), `"'`), value: v})
	}
	return out
}

func (p *Pass) cargoInstallOutputs(c *syntax.Call) []installedProgram {
	args := c.Args
	for len(args) > 0 && strings.HasPrefix(args[0].Value, "+") {
		args = args[1:] // cargo +nightly install
	}
	if len(args) == 0 || args[0].Value != "install" {
		return nil
	}
	var dirArg *syntax.Arg
	var crates []syntax.Arg
	var only []string
	root := ""
	for i := 1; i < len(args); i++ {
		a := args[i]
		v := a.Value
		opt, val, eq := strings.Cut(v, "=")
		next := func() string {
			if eq {
				return val
			}
			if i+1 < len(args) {
				i++
				return args[i].Value
			}
			return ""
		}
		switch {
		case opt == "--path":
			if eq {
				dirArg = &syntax.Arg{Value: val, Raw: a.Raw, Static: a.Static, Start: a.Start, End: a.End}
			} else if i+1 < len(args) {
				i++
				dirArg = &args[i]
			}
		case opt == "--root":
			root = next()
		case opt == "--bin":
			only = append(only, next())
		case opt == "--git" || opt == "--index" || opt == "--registry":
			return nil // remote-run's
		case strings.HasPrefix(v, "-") && cargoValued.Get()[opt]:
			if !eq {
				i++
			}
		case strings.HasPrefix(v, "-"):
		default:
			crates = append(crates, a)
		}
	}
	binDir := ""
	switch {
	case root != "":
		binDir = path.Join(p.homePath(root), "bin")
	case envDir(c, "CARGO_INSTALL_ROOT") != "":
		binDir = path.Join(p.homePath(envDir(c, "CARGO_INSTALL_ROOT")), "bin")
	case envDir(c, "CARGO_HOME") != "":
		binDir = path.Join(p.homePath(envDir(c, "CARGO_HOME")), "bin")
	default:
		binDir = path.Join(p.Config.Home, ".cargo", "bin")
	}
	if !path.IsAbs(binDir) {
		return nil
	}
	var out []installedProgram
	add := func(a syntax.Arg, names []string) {
		for _, n := range names {
			if len(only) > 0 && !contains(only, n) {
				continue
			}
			if n != "" && !strings.Contains(n, "/") {
				out = append(out, installedProgram{arg: a, file: path.Join(binDir, n)})
			}
		}
	}
	if dirArg != nil && dirArg.Static {
		d, ok := p.localDir(c, c.Dir, dirArg.Value)
		if !ok {
			return nil
		}
		add(*dirArg, cargoBinNames(d))
	}
	for _, a := range crates {
		if a.Static {
			// A crate from the registry: its binaries are mostly named
			// after it, or chosen with --bin.
			name, _, _ := strings.Cut(a.Value, "@")
			names := only
			if len(names) == 0 {
				names = []string{name}
			}
			add(a, names)
		}
	}
	return out
}

var cargoValued = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"--version": true, "--vers": true, "--branch": true, "--tag": true, "--rev": true,
		"--features": true, "-F": true, "--profile": true, "--target": true, "--target-dir": true, "-j": true, "--jobs": true,
		"--example": true, "--config": true, "-Z": true, "--color": true, "--message-format": true}
}}

// cargoBinNames returns the binaries of the package in d: its [[bin]]
// names, src/main.rs as the package's name, and src/bin/NAME.rs or
// src/bin/NAME/main.rs (cargo's target auto-discovery).
func cargoBinNames(d string) []string {
	text, err := readHead(filepath.Join(d, "Cargo.toml"), 256<<10)
	if err != nil {
		return nil
	}
	var out []string
	pkg := ""
	for _, l := range tomlLines(text) {
		switch {
		case l.table == "package" && l.key == "name":
			pkg = l.value
		case strings.HasPrefix(l.table, "bin#") && l.key == "name":
			out = append(out, l.value)
		}
	}
	if pkg != "" && exists(filepath.Join(d, "src", "main.rs")) {
		out = append(out, pkg)
	}
	if es, err := os.ReadDir(filepath.Join(d, "src", "bin")); err == nil {
		for _, e := range es {
			n := e.Name()
			if !e.IsDir() && strings.HasSuffix(n, ".rs") {
				out = append(out, strings.TrimSuffix(n, ".rs"))
			} else if e.IsDir() && exists(filepath.Join(d, "src", "bin", n, "main.rs")) {
				out = append(out, n)
			}
		}
	}
	sort.Strings(out)
	return out
}

// npmGlobalOutputs models npm install -g DIR (also i, add, yarn global
// add, pnpm add -g, bun add -g) and npm link [DIR]: the package's "bin"
// names are linked into the global prefix's bin directory.
func (p *Pass) npmGlobalOutputs(c *syntax.Call) []installedProgram {
	args := c.Args
	verb, k := managerVerb(c)
	if k < 0 {
		return nil
	}
	if c.Name != "npm" {
		verb = args[k].Value
	}
	// The options before the verb count as the verb's (npm -g install
	// DIR, npm --prefix P i -g DIR); their other values are not operands.
	var rest []syntax.Arg
	for i := 0; i < k; i++ {
		v := args[i].Value
		if opt, _, eq := strings.Cut(v, "="); (opt == "--prefix" || opt == "--global-dir" || v == "--location") && !eq && i+1 < k {
			rest = append(rest, args[i], args[i+1])
			i++
		} else if strings.HasPrefix(v, "-") {
			rest = append(rest, args[i])
		}
	}
	rest = append(rest, args[k+1:]...)
	if c.Name == "yarn" && verb == "global" && len(rest) > 0 && rest[0].Value == "add" {
		verb, rest = "add", rest[1:]
		rest = append([]syntax.Arg{{Value: "-g", Static: true}}, rest...)
	}
	link := verb == "link" || verb == "ln"
	if !link && verb != "install" && verb != "i" && verb != "add" && verb != "isntall" && verb != "in" {
		return nil
	}
	global := link
	prefix := ""
	var dirs []syntax.Arg
	type installedName struct {
		arg  syntax.Arg
		name string
	}
	var named []installedName
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		v := a.Value
		opt, val, eq := strings.Cut(v, "=")
		switch {
		case v == "-g" || v == "--global" || opt == "--location" && val == "global" || v == "--location" && i+1 < len(rest) && rest[i+1].Value == "global":
			global = true
		case opt == "--prefix" || opt == "--global-dir":
			if !eq && i+1 < len(rest) {
				i++
				val = rest[i].Value
			}
			prefix = val
		case strings.HasPrefix(v, "-"):
		default:
			if a.Static && (v == "." || v == ".." || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~/") || strings.HasPrefix(v, "file:")) {
				dirs = append(dirs, a)
			} else if n := npmRegistryName(v); a.Static && n != "" {
				// A registry package, not read here: a bin of its
				// name, as a "bin" string names it (go install
				// PKG@VERSION is judged so too).
				named = append(named, installedName{a, n})
			}
		}
	}
	if !global {
		return nil
	}
	if link && len(dirs) == 0 && len(rest) == 0 {
		dirs = []syntax.Arg{{Value: ".", Raw: ".", Static: true, Start: c.Start, End: c.End}}
	}
	if len(dirs) == 0 && len(named) == 0 {
		return nil
	}
	var bins []string
	for _, pre := range []string{prefix, envDir(c, "npm_config_prefix"), envDir(c, "NPM_CONFIG_PREFIX")} {
		if pre != "" {
			bins = append(bins, path.Join(p.homePath(pre), "bin"))
			break
		}
	}
	if len(bins) == 0 {
		// The prefix npm takes: ~/.npmrc's prefix=, else the one node
		// runs from (its bin is node's own directory); a user's PATH
		// holds those, and a corral there is what runs.
		if text, err := readHead(filepath.Join(p.Config.Home, ".npmrc"), 64<<10); err == nil {
			for _, line := range strings.Split(text, "\n") {
				if k, v, ok := strings.Cut(line, "="); ok && strings.TrimSpace(k) == "prefix" {
					bins = append(bins, path.Join(p.homePath(strings.TrimSpace(v)), "bin"))
				}
			}
		}
		bins = append(bins, "/usr/local/bin", "/usr/bin", path.Join(p.Config.Home, ".local", "bin"), path.Join(p.Config.Home, ".npm-global", "bin"))
	}
	// pnpm links global bins into PNPM_HOME, bun into BUN_INSTALL/bin
	// (~/.bun/bin).
	if h := envDir(c, "PNPM_HOME"); c.Name == "pnpm" && h != "" {
		bins = append(bins, p.homePath(h))
	}
	if c.Name == "bun" {
		b := path.Join(p.Config.Home, ".bun")
		if h := envDir(c, "BUN_INSTALL"); h != "" {
			b = p.homePath(h)
		}
		bins = append(bins, path.Join(b, "bin"))
	}
	var out []installedProgram
	for _, n := range named {
		for _, b := range bins {
			if path.IsAbs(b) {
				out = append(out, installedProgram{arg: n.arg, file: path.Join(b, n.name)})
			}
		}
	}
	for _, a := range dirs {
		d, ok := p.localDir(c, c.Dir, strings.TrimPrefix(strings.TrimPrefix(a.Value, "file://"), "file:"))
		if !ok {
			continue
		}
		names := npmBinNames(d)
		if fi, err := os.Stat(d); err == nil && fi.Mode().IsRegular() {
			// npm i -g ./x.tgz: the package.json inside the tarball.
			names = npmTarballBins(d)
		}
		for _, n := range names {
			for _, b := range bins {
				if path.IsAbs(b) {
					out = append(out, installedProgram{arg: a, file: path.Join(b, n)})
				}
			}
		}
	}
	return out
}

// npmBinNames returns the command names package.json's "bin" gives: the
// keys of an object, or the package's name (without its scope) for a
// string.
func npmBinNames(d string) []string {
	text, err := readHead(filepath.Join(d, "package.json"), 1<<20)
	if err != nil {
		return nil
	}
	return npmJSONBins(text)
}

// npmTarballBins returns the "bin" names of the package.json in an npm
// tarball (npm pack's package/package.json; npm takes the first
// directory's, whatever its name), read within the bounds of Python's
// tarfile reading.
func npmTarballBins(file string) []string {
	var out []string
	_ = readTarFiles(file, func(name string) bool {
		n := strings.TrimPrefix(name, "./")
		i := strings.IndexByte(n, '/')
		return i > 0 && n[i+1:] == "package.json"
	}, func(name, text string) bool {
		out = npmJSONBins(text)
		return false
	})
	return out
}

// npmJSONBins returns the program names a package.json's "bin" gives.
func npmJSONBins(text string) []string {
	var pkg struct {
		Name string          `json:"name"`
		Bin  json.RawMessage `json:"bin"`
	}
	if json.Unmarshal([]byte(text), &pkg) != nil {
		return nil
	}
	var one string
	if json.Unmarshal(pkg.Bin, &one) == nil && one != "" {
		n := pkg.Name
		if i := strings.LastIndexByte(n, '/'); i >= 0 {
			n = n[i+1:]
		}
		return []string{n}
	}
	var many map[string]string
	if json.Unmarshal(pkg.Bin, &many) == nil {
		var out []string
		for k := range many {
			if i := strings.LastIndexByte(k, '/'); i >= 0 {
				k = k[i+1:]
			}
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	return nil
}

// pyToolOutputs models pipx install DIR and uv tool install DIR (verb
// words from args[0]): the scripts of DIR/pyproject.toml land in
// PIPX_BIN_DIR or UV_TOOL_BIN_DIR (else XDG_BIN_HOME), else ~/.local/bin.
func (p *Pass) pyToolOutputs(c *syntax.Call, words int) []installedProgram {
	args := c.Args
	if len(args) < words {
		return nil
	}
	if words == 1 && args[0].Value != "install" || words == 2 && (args[0].Value != "tool" || args[1].Value != "install") {
		return nil
	}
	binDir := path.Join(p.Config.Home, ".local", "bin")
	envs := []string{"PIPX_BIN_DIR"}
	if words == 2 {
		envs = []string{"UV_TOOL_BIN_DIR", "XDG_BIN_HOME"}
	}
	for _, e := range envs {
		if v := envDir(c, e); v != "" {
			binDir = p.homePath(v)
			break
		}
	}
	var out []installedProgram
	for i := words; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if strings.HasPrefix(v, "-") {
			if !strings.Contains(v, "=") && pyToolValued.Get()[v] {
				i++
			}
			continue
		}
		if !a.Static || !(v == "." || v == ".." || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~/")) {
			continue
		}
		d, ok := p.localDir(c, c.Dir, v)
		if !ok {
			continue
		}
		for _, n := range pyScriptNames(d) {
			out = append(out, installedProgram{arg: a, file: path.Join(binDir, n)})
		}
	}
	return out
}

// pyScriptNames returns the programs a Python project in d installs:
// the [project.scripts], [project.gui-scripts] and
// [tool.poetry.scripts] keys of pyproject.toml, and setup.cfg's
// console_scripts and gui_scripts under [options.entry_points] (NAME =
// module:func lines) and the files of [options] scripts (installed by
// their base names).
func pyScriptNames(d string) []string {
	var out []string
	if text, err := readHead(filepath.Join(d, "pyproject.toml"), 256<<10); err == nil {
		for _, l := range tomlLines(text) {
			if (l.table == "project.scripts" || l.table == "project.gui-scripts" || l.table == "tool.poetry.scripts") && l.key != "" && !strings.Contains(l.key, "/") {
				out = append(out, l.key)
			}
		}
	}
	text, err := readHead(filepath.Join(d, "setup.cfg"), 256<<10)
	if err != nil {
		return out
	}
	section, key := "", ""
	for _, raw := range strings.Split(text, "\n") {
		line := strings.TrimRight(raw, "\r")
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, ";"):
			continue
		case strings.HasPrefix(trimmed, "["):
			section, key = strings.TrimSpace(strings.Trim(trimmed, "[]")), ""
			continue
		}
		value := trimmed
		if line[0] != ' ' && line[0] != '\t' {
			// key = value; the value may go on in indented lines.
			k, v, ok := strings.Cut(line, "=")
			if !ok {
				k, v, ok = strings.Cut(line, ":")
			}
			if !ok {
				key = ""
				continue
			}
			key, value = strings.TrimSpace(k), strings.TrimSpace(v)
		}
		if value == "" {
			continue
		}
		switch {
		case section == "options.entry_points" && (key == "console_scripts" || key == "gui_scripts"):
			if n, _, ok := strings.Cut(value, "="); ok {
				if n = strings.TrimSpace(n); n != "" && !strings.Contains(n, "/") {
					out = append(out, n)
				}
			}
		case section == "options" && key == "scripts":
			for _, f := range strings.Fields(value) {
				out = append(out, path.Base(f))
			}
		}
	}
	return out
}

var pyToolValued = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"--python": true, "-p": true, "--with": true, "-w": true, "--from": true, "--spec": true,
		"--index-url": true, "-i": true, "--pip-args": true, "--suffix": true, "--with-requirements": true, "--constraints": true,
		"-c": true, "--extra-index-url": true, "--index": true, "--default-index": true, "--preinstall": true}
}}

// pipUserOutputs models pip install --user DIR (also python3 -m pip,
// PIP_USER=1): the scripts of the project in DIR (pyScriptNames) land in
// the user scheme's bin, PYTHONUSERBASE/bin, else ~/.local/bin. An
// install into an environment writes that environment's bin.
func (p *Pass) pipUserOutputs(c *syntax.Call) []installedProgram {
	args := c.Args
	if n := compilerName(c.Name); n != "pip" && n != "pip3" {
		m, margs := pythonModule(c)
		if m != "pip" {
			return nil
		}
		args = margs
	}
	local, _, ok := pipUserLocal(c, args)
	if !ok || !local.Static {
		return nil
	}
	d, ok := p.localDir(c, c.Dir, strings.TrimPrefix(strings.TrimPrefix(local.Value, "file://"), "file:"))
	if !ok {
		return nil
	}
	binDir := path.Join(p.Config.Home, ".local", "bin")
	if v := envDir(c, "PYTHONUSERBASE"); v != "" {
		binDir = path.Join(p.homePath(v), "bin")
	}
	var out []installedProgram
	for _, n := range pyScriptNames(d) {
		out = append(out, installedProgram{arg: local, file: path.Join(binDir, n)})
	}
	return out
}

// gemOutputs models gem install of a .gem file on disk: its
// specification's executables are written, as wrappers, into --bindir
// (-n) DIR, else with --user-install the user gem directory's bin (each
// ~/.gem/ruby/VERSION/bin and ~/.local/share/gem/ruby/VERSION/bin on
// disk, as RubyGems picks one by its version), else /usr/local/bin
// (Debian's RubyGems) and GEM_HOME's bin. A gem from a registry is not
// read.
func (p *Pass) gemOutputs(c *syntax.Call) []installedProgram {
	args := c.Args
	if len(args) == 0 || args[0].Value != "install" && args[0].Value != "i" {
		return nil
	}
	var gems []syntax.Arg
	bindir, user := "", false
	for i := 1; i < len(args); i++ {
		a := args[i]
		v := a.Value
		opt, val, eq := strings.Cut(v, "=")
		switch {
		case opt == "--bindir" || opt == "-n":
			if !eq && i+1 < len(args) {
				i++
				val = args[i].Value
			}
			bindir = val
		case v == "--user-install":
			user = true
		case v == "--no-user-install":
			user = false
		case strings.HasPrefix(v, "-"):
			if gemValued.Get()[opt] && !eq {
				i++
			}
		case a.Static && strings.HasSuffix(v, ".gem"):
			gems = append(gems, a)
		}
	}
	var bins []string
	switch {
	case bindir != "":
		bins = []string{p.homePath(bindir)}
	case user:
		for _, base := range []string{path.Join(p.Config.Home, ".gem", "ruby"), path.Join(p.Config.Home, ".local", "share", "gem", "ruby")} {
			es, _ := os.ReadDir(base)
			for _, e := range es {
				if e.IsDir() {
					bins = append(bins, path.Join(base, e.Name(), "bin"))
				}
			}
		}
	default:
		bins = []string{"/usr/local/bin", "/usr/bin"}
		if h := envDir(c, "GEM_HOME"); h != "" {
			bins = append(bins, path.Join(p.homePath(h), "bin"))
		}
	}
	var out []installedProgram
	for _, g := range gems {
		f := c.Dir.Join(p.homePath(g.Value))
		if !f.Known {
			continue
		}
		for _, n := range gemExecutables(f.Path) {
			for _, b := range bins {
				if path.IsAbs(b) {
					out = append(out, installedProgram{arg: g, file: path.Join(b, n)})
				}
			}
		}
	}
	return out
}

var gemValued = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"-v": true, "--version": true, "-i": true, "--install-dir": true, "-s": true, "--source": true,
		"-p": true, "--http-proxy": true, "--platform": true, "-g": true, "--file": true,
		"--without": true, "--build-root": true, "--target-rbconfig": true}
}}

// gemExecutables returns the executables: list of a .gem's
// specification (metadata.gz, gzipped YAML, in the gem's plain tar).
func gemExecutables(file string) []string {
	var out []string
	_ = readTarFiles(file, func(name string) bool { return name == "metadata.gz" }, func(name, text string) bool {
		z, err := gzip.NewReader(strings.NewReader(text))
		if err != nil {
			return false
		}
		b, _ := io.ReadAll(io.LimitReader(z, 1<<20))
		in := false
		for _, line := range strings.Split(string(b), "\n") {
			switch {
			case strings.HasPrefix(line, "executables:"):
				rest := strings.TrimSpace(strings.TrimPrefix(line, "executables:"))
				in = rest == ""
				if strings.HasPrefix(rest, "[") {
					// executables: [a, b]
					for _, n := range strings.Split(strings.Trim(rest, "[]"), ",") {
						if n = strings.Trim(strings.TrimSpace(n), `"'`); n != "" {
							out = append(out, path.Base(n))
						}
					}
				}
			case in && strings.HasPrefix(line, "- "):
				if n := strings.Trim(strings.TrimSpace(line[2:]), `"'`); n != "" {
					out = append(out, path.Base(n))
				}
			case in && strings.HasPrefix(line, "  - "):
				if n := strings.Trim(strings.TrimSpace(line[4:]), `"'`); n != "" {
					out = append(out, path.Base(n))
				}
			default:
				in = false
			}
		}
		return false
	})
	return out
}

// readTarFiles reads the regular members of the tar (plain or gzip) at
// file that want selects, giving each's text (at most 1 MiB) to use
// until it returns false; within Python tarfile reading's bounds.
func readTarFiles(file string, want func(string) bool, use func(name, text string) bool) error {
	f, br, budget, err := openBudget(file)
	if err != nil {
		return err
	}
	defer f.Close()
	var r io.Reader = br
	if head, _ := br.Peek(2); bytes.Equal(head, []byte{0x1f, 0x8b}) {
		z, err := gzip.NewReader(br)
		if err != nil {
			return err
		}
		r = &bounded.Reader{R: z, Left: pyTarMaxBytes, Deadline: budget.Deadline, Err: errArchiveTooLarge}
	}
	tr := tar.NewReader(r)
	for n := 0; n < maxArchiveMembers; n++ {
		h, err := tr.Next()
		if err != nil {
			return err
		}
		if h.Typeflag != tar.TypeReg || !want(h.Name) {
			continue
		}
		b, err := io.ReadAll(io.LimitReader(tr, 1<<20))
		if err != nil {
			return err
		}
		if !use(h.Name, string(b)) {
			return nil
		}
	}
	return errArchiveTooLarge
}

// npmRegistryName returns the name without its scope of a registry
// package spec (name, name@version, @scope/name@tag), or "" for any
// other (a URL, git, github:, a path, an alias).
func npmRegistryName(v string) string {
	if v == "" || strings.ContainsAny(v, ":\\") || strings.HasPrefix(v, "-") || strings.HasPrefix(v, ".") {
		return ""
	}
	rest := v
	if strings.HasPrefix(rest, "@") {
		scope, name, ok := strings.Cut(rest[1:], "/")
		if !ok || scope == "" {
			return ""
		}
		rest = name
	}
	rest, _, _ = strings.Cut(rest, "@")
	if rest == "" || strings.Contains(rest, "/") {
		return ""
	}
	return rest
}
