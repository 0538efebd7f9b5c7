package syntax

import (
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// cargo compiles and runs the package's Rust code: every command that
// builds (build, check, clippy, doc, run, test, bench, install --path)
// first runs the build script (build.rs, or Cargo.toml's [package] build
// = "FILE"; build = false has none); cargo run runs the binary (src/main.rs,
// --bin NAME's src/bin/NAME.rs, --example NAME's examples/NAME.rs); cargo
// test and bench run the library's, binaries' and tests' code (src/,
// tests/, benches/). rustc FILE compiles a program the command may then
// run. The files are read as Rust, with the modules they declare (mod x;);
// the build script and the tests as a test runner's files are (only what
// the text shows is judged), the binary cargo run runs as a script is.

// cargoGlobal are cargo's global options that take a value.
var cargoGlobal = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"--color": true, "--config": true, "-Z": true, "-C": true, "--manifest-path": true}
}}

// cargoRun models call when it is cargo or rustc; it reports whether it
// was.
func (w *walker) cargoRun(c scope, call *Call) bool {
	switch call.Name {
	case "cargo":
	case "rustc":
		w.rustc(c, call)
		return true
	default:
		return false
	}
	if w.read == nil && len(w.written) == 0 || !call.Dir.Known {
		return true
	}
	args := call.Args
	dir := call.Dir
	sub := ""
	var rest []Arg
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case strings.HasPrefix(v, "+"): // a toolchain
		case v == "-C" && i+1 < len(args):
			dir = dir.Join(args[i+1].Value)
			i++
		case cargoGlobal.Get()[v]:
			i++
		case strings.HasPrefix(v, "-"):
		default:
			sub, rest = v, args[i+1:]
			i = len(args)
		}
	}
	if sub == "make" {
		w.cargoMake(c, call, dir, rest) // cargo-make: cargomake.go
		return true
	}
	opts := map[string]string{}
	var selected []string // -p/--package NAME, each
	workspace := false    // --workspace, --all
	for i := 0; i < len(rest); i++ {
		v := rest[i].Value
		if v == "--" {
			break
		}
		name, val, eq := strings.Cut(v, "=")
		if name == "--workspace" || name == "--all" {
			workspace = true
		}
		if strings.HasPrefix(name, "-p") && len(name) > 2 && !eq {
			selected = append(selected, name[2:]) // -pNAME
		}
		switch name {
		case "--manifest-path", "--bin", "--example", "--test", "--bench", "--path", "-p", "--package":
			if !eq && i+1 < len(rest) {
				val = rest[i+1].Value
				i++
			}
			opts[name] = val
			if name == "-p" || name == "--package" {
				selected = append(selected, val)
			}
		}
	}
	if m, ok := opts["--manifest-path"]; ok {
		dir = dir.Join(filepath.Dir(m))
	}
	if !dir.Known {
		return true
	}
	building := false
	switch sub {
	case "run", "r", "test", "t", "bench", "build", "b", "check", "c", "clippy", "doc", "d", "rustc", "fix", "install":
		building = sub != "install" || opts["--path"] != ""
	}
	if w.cargoConfig(c, call, dir, sub, building) {
		return true // an alias: its own cargo command line
	}
	switch sub {
	case "run", "r", "test", "t", "bench", "build", "b", "check", "c", "clippy", "doc", "d", "rustc", "fix":
	case "install":
		p, ok := opts["--path"]
		if !ok {
			return true // a crate from the registry
		}
		dir = dir.Join(p)
	default:
		return true
	}
	pkg := dir.Path
	manifest, found := w.readScript(Dir{Path: filepath.Join(pkg, "Cargo.toml"), Known: true})
	if _, given := opts["--manifest-path"]; !found && !given && sub != "install" {
		// cargo looks for Cargo.toml in the working directory and then
		// in each directory above it (cd src && cargo build).
		if up, m, ok := w.cargoManifestAbove(pkg, false); ok {
			pkg, manifest = up, m
		}
	}
	// The workspace root: the package's own manifest when it has a
	// [workspace], else the nearest Cargo.toml above it that has one
	// (cd crates/a && cargo build -p b, --workspace).
	root, rootManifest := pkg, manifest
	if !cargoIsWorkspace(manifest) {
		if up, m, ok := w.cargoManifestAbove(filepath.Dir(pkg), true); ok {
			root, rootManifest = up, m
		}
	}
	w.lenient++
	w.cargoPackage(c, call, pkg, manifest, sub, "")
	// The workspace's members cargo builds besides (or instead of) the
	// root package: --workspace/--all builds every one, -p NAME the ones
	// named, and a virtual manifest (no [package]) its default-members,
	// else every member. From a member's directory, with neither, only
	// that member.
	var members []string
	if root == pkg || workspace || len(selected) > 0 {
		members = w.cargoMembers(root, rootManifest, selected, workspace)
	}
	for _, m := range members {
		mm, _ := w.readScript(Dir{Path: filepath.Join(m, "Cargo.toml"), Known: true})
		w.cargoPackage(c, call, m, mm, sub, relTo(call.Dir.Path, m))
	}
	w.lenient--
	if sub == "run" || sub == "r" {
		if len(selected) > 0 && len(members) == 1 {
			pkg = members[0] // cargo run -p MEMBER runs the member's binary
		}
		var files []string
		switch {
		case opts["--example"] != "":
			e := opts["--example"]
			files = []string{filepath.Join(pkg, "examples", e+".rs"), filepath.Join(pkg, "examples", e, "main.rs")}
		case opts["--bin"] != "":
			b := opts["--bin"]
			files = []string{filepath.Join(pkg, "src", "bin", b+".rs"), filepath.Join(pkg, "src", "bin", b, "main.rs"), filepath.Join(pkg, "src", "main.rs")}
		default:
			files = []string{filepath.Join(pkg, "src", "main.rs")}
			if !w.exists(files[0]) {
				files = w.collect(filepath.Join(pkg, "src", "bin"), func(p string) bool { return strings.HasSuffix(p, ".rs") })
			}
		}
		w.readRust(c, call, pkg, files, "cargo run")
	}
	return true
}

// cargoPackage reads what cargo runs to build the package in pkg (its
// Cargo.toml text manifest): the build script, its path dependencies'
// build scripts and procedural macros, and, for cargo test and bench, the
// package's own code and tests. member names a workspace member in the
// labels ("" for the package cargo was run in).
func (w *walker) cargoPackage(c scope, call *Call, pkg, manifest, sub, member string) {
	build := "build.rs"
	if b, ok := tomlKey(manifest, "package", "build"); ok {
		build = b
		if b == "false" {
			build = ""
		}
	}
	of := ""
	if member != "" {
		of = " of member " + member
	}
	if build != "" {
		w.readRust(c, call, pkg, []string{filepath.Join(pkg, build)}, "cargo "+sub+" (build script"+of+")")
	}
	w.cargoDepScripts(c, call, pkg, manifest, sub, 0, map[string]bool{pkg: true})
	switch sub {
	case "test", "t", "bench":
		var files []string
		for _, d := range []string{"src", "tests", "benches"} {
			files = append(files, w.collect(filepath.Join(pkg, d), func(p string) bool { return strings.HasSuffix(p, ".rs") })...)
		}
		label := "cargo " + sub
		if member != "" {
			label += " (member " + member + ")"
		}
		w.readRust(c, call, pkg, files, label)
	}
}

// maxCargoMembers bounds the workspace members read.
const maxCargoMembers = 64

// cargoMembers returns the directories of the workspace members (of the
// [workspace] in manifest, the Cargo.toml in root) that a cargo command
// with -p NAMEs selected (a name or a glob of names) or --workspace
// builds, besides the root package itself; a virtual manifest builds its
// default-members, else all of them, when neither is given.
func (w *walker) cargoMembers(root, manifest string, selected []string, workspace bool) []string {
	members, ok := tomlKeyRaw(manifest, "workspace", "members")
	if !ok {
		return nil
	}
	want := func(string) bool { return true }
	_, isPackage := tomlKeyRaw(manifest, "package", "name")
	switch {
	case workspace:
	case len(selected) > 0:
		want = func(name string) bool {
			for _, s := range selected {
				// -p takes a package spec: NAME, NAME@VERSION, or a
				// glob of names.
				s, _, _ = strings.Cut(s, "@")
				if ok, _ := path.Match(s, name); ok || s == name {
					return true
				}
			}
			return false
		}
	case isPackage:
		return nil
	default:
		if d, ok := tomlKeyRaw(manifest, "workspace", "default-members"); ok {
			members = d
		}
	}
	excluded := map[string]bool{}
	if e, ok := tomlKeyRaw(manifest, "workspace", "exclude"); ok {
		for _, x := range tomlStrings(e) {
			excluded[filepath.Join(root, x)] = true
		}
	}
	var out []string
	seen := map[string]bool{root: true}
	for _, pat := range tomlStrings(members) {
		dirs := []string{filepath.Join(root, pat)}
		if strings.ContainsAny(pat, "*?[") && w.read != nil {
			dirs, _ = filepath.Glob(filepath.Join(root, pat))
		}
		for _, d := range dirs {
			d = filepath.Clean(d)
			if seen[d] || excluded[d] || len(out) >= maxCargoMembers {
				continue
			}
			seen[d] = true
			m, ok := w.readScript(Dir{Path: filepath.Join(d, "Cargo.toml"), Known: true})
			if !ok {
				continue
			}
			name, _ := tomlKey(m, "package", "name")
			if want(name) {
				out = append(out, d)
			}
		}
	}
	sort.Strings(out)
	return out
}

// readRust reads the Rust files that exist among files (absolute), each
// with the modules it declares, through the include reader.
func (w *walker) readRust(c scope, call *Call, pkg string, files []string, label string) {
	sort.Strings(files)
	seen := map[string]bool{}
	for _, f := range files {
		if seen[f] || !w.exists(f) {
			continue
		}
		seen[f] = true
		text, ok := w.readScript(Dir{Path: f, Known: true})
		if !ok {
			continue
		}
		name := relTo(call.Dir.Path, f)
		w.program(c, call, lang.Rust, text, label+" "+name, false, name)
	}
}

// rustc models rustc FILE [-o OUT]: the program it builds (OUT, or the
// file's name without .rs) is recorded, and read as Rust when the command
// runs it.
func (w *walker) rustc(c scope, call *Call) {
	if !call.Dir.Known {
		return
	}
	// rustc -C linker=PROG: the program rustc runs to link. rustc reads
	// an @FILE word as more options, one a line.
	words := make([]string, 0, len(call.Args))
	for _, a := range call.Args {
		if f, ok := strings.CutPrefix(a.Value, "@"); ok && a.Static && f != "" {
			if text, ok := w.readScript(call.Dir.Join(f)); ok && len(text) < 1<<20 {
				words = append(words, strings.Split(strings.TrimRight(text, "\n"), "\n")...)
			}
			continue
		}
		words = append(words, a.Value)
	}
	for _, p := range rustLinkerWords(words) {
		w.child(c, call, Quote(p), nil, "rustc -C linker", false)
	}
	var src, out Arg
	for i := 0; i < len(call.Args); i++ {
		a := call.Args[i]
		switch v := a.Value; {
		case v == "-o" && i+1 < len(call.Args):
			out = call.Args[i+1]
			i++
		case strings.HasPrefix(v, "-o") && len(v) > 2:
			out = Arg{Value: v[2:], Static: a.Static}
		case v == "--crate-type" || v == "--edition" || v == "--cfg" || v == "-L" || v == "-l" || v == "--out-dir" || v == "--target" || v == "-C" || v == "--crate-name" || v == "--emit" || v == "-A" || v == "-W" || v == "-D":
			i++
		case strings.HasSuffix(v, ".rs") && a.Static:
			src = a
		}
	}
	if src.Value == "" {
		return
	}
	name := out.Value
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(src.Value), ".rs")
	} else if !out.Static {
		return
	}
	if w.compiled == nil {
		w.compiled = map[string]compiledFile{}
	}
	w.compiled[call.Dir.Join(name).Path] = compiledFile{compiler: "rustc",
		sources: []compiledSource{{name: src.Value, dir: call.Dir.Join(src.Value), lang: lang.Rust}}, call: call, c: c}
}

// maxCargoDepth bounds the path dependencies followed one into another.
const maxCargoDepth = 4

// cargoDepScripts reads the build scripts of the path dependencies (and
// [patch] path overrides) manifest names: cargo builds each, running its
// build.rs first, as it does the package's own.
func (w *walker) cargoDepScripts(c scope, call *Call, pkg, manifest, sub string, depth int, seen map[string]bool) {
	if depth >= maxCargoDepth {
		return
	}
	for _, dep := range cargoPathDeps(pkg, manifest) {
		if seen[dep] || len(seen) > 64 {
			continue
		}
		seen[dep] = true
		m, ok := w.readScript(Dir{Path: filepath.Join(dep, "Cargo.toml"), Known: true})
		if !ok {
			continue
		}
		build := "build.rs"
		if b, ok := tomlKey(m, "package", "build"); ok {
			build = b
			if b == "false" {
				build = ""
			}
		}
		if build != "" {
			w.readRust(c, call, dep, []string{filepath.Join(dep, build)}, "cargo "+sub+" (build script of "+relTo(call.Dir.Path, dep)+")")
		}
		if cargoProcMacro(m) {
			// A procedural macro crate: rustc loads it and runs its
			// code when the crate that depends on it is compiled.
			lib := "src/lib.rs"
			if p, ok := tomlKey(m, "lib", "path"); ok {
				lib = p
			}
			w.readRust(c, call, dep, []string{filepath.Join(dep, lib)}, "cargo "+sub+" (procedural macro "+relTo(call.Dir.Path, dep)+")")
		}
		w.cargoDepScripts(c, call, dep, m, sub, depth+1, seen)
	}
}

// cargoProcMacro reports whether a Cargo.toml's [lib] is a procedural
// macro crate (proc-macro = true, or the old proc_macro spelling).
func cargoProcMacro(manifest string) bool {
	for _, k := range []string{"proc-macro", "proc_macro"} {
		if v, ok := tomlKey(manifest, "lib", k); ok && strings.TrimSpace(v) == "true" {
			return true
		}
	}
	return false
}

// cargoManifestAbove returns the nearest directory from dir upwards
// whose Cargo.toml exists (with workspace, one that declares a
// [workspace]) and that manifest's text.
func (w *walker) cargoManifestAbove(dir string, workspace bool) (string, string, bool) {
	d := dir
	for k := 0; k < 64; k++ {
		if m, ok := w.readScript(Dir{Path: filepath.Join(d, "Cargo.toml"), Known: true}); ok && (!workspace || cargoIsWorkspace(m)) {
			return d, m, true
		}
		if d == "/" || d == "." {
			break
		}
		d = filepath.Dir(d)
	}
	return "", "", false
}

// cargoIsWorkspace reports a manifest with a [workspace] table.
func cargoIsWorkspace(manifest string) bool {
	for _, line := range strings.Split(manifest, "\n") {
		line = strings.TrimSpace(line)
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		if line == "[workspace]" || strings.HasPrefix(line, "[workspace.") {
			return true
		}
	}
	return false
}
