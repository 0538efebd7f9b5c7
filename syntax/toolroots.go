package syntax

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
	sh "mvdan.cc/sh/v3/syntax"
)

// A toolchain's root variable names the directory its launcher runs the
// toolchain's own programs from (red team 18 TR1), so a command that
// points it at a directory the agent can write runs the programs there
// though it names only the launcher:
//   - GOROOT: the go command runs the compiler, linker, assembler, cgo,
//     vet and cover from GOROOT/pkg/tool/GOOS_GOARCH (go build, vet,
//     test, run, install, tool NAME) and go fmt runs GOROOT/bin/gofmt
//     (go help environment, cmd/go). GOTOOLDIR is only printed by go env:
//     go computes it from GOROOT and does not read it (checked with go
//     1.26: GOTOOLDIR=DIR go build runs none of DIR's programs).
//   - JAVA_HOME: the launch scripts of Maven (mvn, ./mvnw), Gradle
//     (gradle, ./gradlew), Ant and sbt run JAVA_HOME/bin/java (JAVACMD, which they take first, is a command
//     variable: runvia.go).
//   - CARGO_HOME: cargo runs an external subcommand, cargo NAME for a NAME
//     it does not have, as CARGO_HOME/bin/cargo-NAME before searching
//     PATH (cargo's search_directories; cargo fmt and cargo clippy are
//     cargo-fmt and cargo-clippy there).
//   - RUSTUP_HOME: a rustup proxy (cargo, rustc…) runs the selected
//     toolchain's bin/NAME from RUSTUP_HOME/toolchains/TOOLCHAIN, whose
//     settings.toml chooses the default (toolchain.go reads the choice;
//     here the toolchains of a RUSTUP_HOME the command gives are its
//     directories).
//   - GEM_HOME and GEM_PATH: the gem command loads every
//     plugins/*_plugin.rb of each gem directory (RubyGems'
//     Gem.load_plugins), Ruby code read as the program's.
//   - GRADLE_USER_HOME (or gradle -g/--gradle-user-home DIR, else
//     ~/.gradle): Gradle runs every init.d/*.gradle(.kts) there before the
//     build, and gradle -I/--init-script FILE, read as the build files are
//     (lang.Gradle).
//   - PYTHONHOME is pythonHome's (startup.go): it moves the standard
//     library, which is read.
//
// A program found under a root is read as pathProgram reads one found
// through PATH: a script is judged as if typed, one an earlier call wrote
// with bytes corral could not read (the sandbox) asks, and a binary runs
// as itself — unless the root is in the project, where the agent builds
// and writes binaries, which asks (a toolchain in the system's directories
// or the user's, ~/sdk/go1.22 or ~/.sdkman/…, is an installed one). A
// root only known at run time asks, unless it is what the launcher itself
// reports as its root (GOROOT=$(go env GOROOT)) or an unset variable of
// the user's own environment.

// toolRoot is one root variable: the programs that read it and what
// they run under it.
type toolRoot struct {
	// vars are the variables naming it (GEM_PATH: a list of them).
	vars []string
	// list reports a colon-separated list of roots.
	list bool
	// progs are the programs that read it.
	progs []string
	// tools are the programs run, as paths under the root (a "*" is one
	// directory's entries, as filepath.Glob takes it).
	tools []string
	// code is the language of code files the program loads from the
	// root (tools then being patterns of those files).
	code lang.Lang
	// self is the command that prints the root the program already uses
	// (go env GOROOT): a value it printed is that root.
	self string
}

// toolRoots is the table of roots.
var toolRoots = lazy.Value[[]toolRoot]{New: func() []toolRoot {
	return []toolRoot{
		{vars: []string{"GOROOT"}, progs: []string{"go"}, tools: []string{"pkg/tool/*/*", "bin/gofmt"}, self: "go env GOROOT"},
		{vars: []string{"JAVA_HOME"}, progs: []string{"mvn", "mvnw", "mvnDebug", "gradle", "gradlew", "ant", "sbt"},
			tools: []string{"bin/java"}, self: "/usr/libexec/java_home"},
		{vars: []string{"CARGO_HOME"}, progs: []string{"cargo"}, tools: []string{"bin/cargo-{SUB}"}},
		{vars: []string{"GEM_HOME", "GEM_PATH"}, list: true, progs: []string{"gem"}, tools: []string{"plugins/*_plugin.rb"}, code: lang.Ruby},
	}
}}

// maxRootTools bounds the files looked at under one root.
const maxRootTools = 64

// cargoOwnCommands are cargo's built-in subcommands (cargo --list, 1.79):
// any other runs cargo-NAME.
var cargoOwnCommands = lazy.Set{List: []string{"add", "b", "bench", "build", "c", "check", "clean", "config", "d", "doc",
	"fetch", "fix", "generate-lockfile", "git-checkout", "help", "info", "init", "install", "locate-project", "login", "logout",
	"metadata", "new", "owner", "package", "pkgid", "publish", "r", "read-manifest", "remove", "report", "rm", "run", "rustc",
	"rustdoc", "search", "t", "test", "tree", "uninstall", "update", "vendor", "verify-project", "version", "yank"}}

// toolRootsAt judges the roots call's program runs code from.
func (w *walker) toolRootsAt(c scope, call *Call) {
	if call.Name == "" || !call.NameArg.Static {
		return
	}
	for _, r := range toolRoots.Get() {
		if !containsString(r.progs, call.Name) {
			continue
		}
		tools := r.tools
		if call.Name == "go" && goNoTools(call) {
			continue
		}
		if call.Name == "cargo" {
			sub, ok := cargoExternal(call)
			if !ok {
				continue
			}
			tools = []string{strings.ReplaceAll(tools[0], "{SUB}", sub)}
		}
		for _, name := range r.vars {
			w.toolRootVar(c, call, r, name, tools)
		}
	}
	w.gradleInitScripts(c, call)
}

// goNoTools reports a go call that runs none of GOROOT's programs: go
// version, env, help (and go with no subcommand).
func goNoTools(call *Call) bool {
	for _, a := range call.Args {
		if strings.HasPrefix(a.Value, "-") {
			continue
		}
		switch a.Value {
		case "version", "env", "help":
			return true
		}
		return false
	}
	return true
}

// cargoExternal returns the subcommand of a cargo call that runs
// cargo-NAME: one cargo does not have itself.
func cargoExternal(call *Call) (string, bool) {
	spec, _ := dispatcherOptions("cargo")
	_, ops := ScanOptions(call.Args, spec)
	if len(ops) == 0 {
		return "", false
	}
	sub := call.Args[ops[0]]
	if !sub.Static || sub.Value == "" || strings.ContainsAny(sub.Value, "/=") || strings.HasPrefix(sub.Value, "+") || cargoOwnCommands.Has(sub.Value) {
		return "", false
	}
	return sub.Value, true
}

// toolRootVar judges the root variable name as call's program gets it.
func (w *walker) toolRootVar(c scope, call *Call, r toolRoot, name string, tools []string) {
	vals, open, set := w.envChoices(c, call, name, true)
	if !set {
		return
	}
	if open && !w.rootFromSelf(c, call, name, r.self) {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
			What: name + " makes " + call.Name + " run its toolchain's programs from a directory only known at run time"})
	}
	for _, v := range vals {
		roots := []string{v}
		if r.list {
			roots = strings.Split(v, ":")
		}
		for _, root := range roots {
			if root == "" {
				continue
			}
			d := call.Dir.Join(expandTilde(root, w.home))
			if !d.Known || systemPath(d.Path+"/") {
				continue
			}
			w.rootTools(c, call, name, d, r, tools)
		}
	}
}

// rootFromSelf reports a value of name printed by the launcher's own
// report of the root it uses (GOROOT="$(go env GOROOT)", also exported
// earlier: export GOROOT=$(go env GOROOT)): the root that would be used
// anyway. The prefix assignment decides when there is one; else every
// assignment of name in the script must be such a report.
func (w *walker) rootFromSelf(c scope, call *Call, name, self string) bool {
	if self == "" || c.sc == nil {
		return false
	}
	if call.Expr != nil {
		for _, as := range call.Expr.Assigns {
			if as.Name != nil && as.Name.Value == name {
				return selfReport(c.sc.Src, as, self)
			}
		}
	}
	if c.sc.File == nil {
		return false
	}
	found, all := false, true
	walkTree(c.sc.File, func(n sh.Node) bool {
		if as, ok := n.(*sh.Assign); ok && as.Name != nil && as.Name.Value == name {
			found = true
			all = all && selfReport(c.sc.Src, as, self)
		}
		return all
	})
	return found && all
}

// selfReport reports an assignment whose value is the output of self
// (with options): NAME=$(go env GOROOT), NAME="$(/usr/libexec/java_home
// -v 17)".
func selfReport(src string, as *sh.Assign, self string) bool {
	if as.Value == nil || as.Append {
		return false
	}
	start, end := int(as.Value.Pos().Offset()), int(as.Value.End().Offset())
	if start < 0 || end > len(src) || start >= end {
		return false
	}
	text := src[start:end]
	if strings.HasPrefix(text, `"`) {
		text = strings.TrimSuffix(strings.TrimPrefix(text, `"`), `"`)
	}
	inner, ok := strings.CutPrefix(text, "$(")
	if !ok {
		return false
	}
	inner, ok = strings.CutSuffix(inner, ")")
	if !ok || strings.ContainsAny(inner, "$`;&|<>()\\\n") {
		return false
	}
	f := strings.Join(strings.Fields(inner), " ")
	return f == self || strings.HasPrefix(f, self+" -")
}

// rootTools judges the programs (or code files) r's launcher runs under
// the root d.
func (w *walker) rootTools(c scope, call *Call, name string, d Dir, r toolRoot, tools []string) {
	var paths []string
	for _, t := range tools {
		p := filepath.Join(d.Path, t)
		if !strings.Contains(t, "*") {
			paths = append(paths, p)
			continue
		}
		if w.read != nil {
			m, _ := filepath.Glob(p)
			paths = append(paths, m...)
		}
		for f := range w.written {
			if ok, _ := filepath.Match(p, f); ok {
				paths = append(paths, f)
			}
		}
	}
	sort.Strings(paths)
	paths = dedupSorted(paths)
	if len(paths) > maxRootTools {
		paths = paths[:maxRootTools]
	}
	how := name + "=" + d.Path
	for _, p := range paths {
		if r.code != "" {
			if w.exists(p) {
				w.scriptFile(c, call, Arg{Value: p, Raw: how, Static: true}, string(r.code))
			}
			continue
		}
		w.rootProgram(c, call, d, p, how)
	}
}

// dedupSorted drops repeated entries of a sorted list.
func dedupSorted(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// rootProgram judges the program at p that call's launcher runs from the
// root d, as pathProgram judges one found through PATH; a binary under a
// root in the project asks.
func (w *walker) rootProgram(c scope, call *Call, root Dir, p, how string) {
	label := how + " (" + call.Name + " runs " + p + ")"
	if prog, ok := w.programs2[p]; ok {
		w.runProgramCopy(c, call, prog, label)
		return
	}
	_, written := w.written[p]
	found := written || w.opaque[p]
	if !found && w.read != nil {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			found = true
		}
	}
	if !found {
		return
	}
	d := Dir{Path: p, Known: true}
	if !written && w.earlierRun(call, d, p) {
		return
	}
	if !written && binaryFile(p) {
		if _, built := w.compiled[p]; built || w.project == "" || !pathWithin(root.Path, w.project) {
			return
		}
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: how,
			What: how + " makes " + call.Name + " run " + p + ", a program in the project corral cannot read"})
		return
	}
	w.scriptFile(c, call, Arg{Value: p, Raw: how, Static: true}, "")
}

// gradleInitScripts reads the init scripts Gradle runs before a build:
// -I/--init-script FILE, and init.d/*.gradle(.kts) of the Gradle user
// home (-g/--gradle-user-home DIR, GRADLE_USER_HOME, else ~/.gradle).
func (w *walker) gradleInitScripts(c scope, call *Call) {
	if call.Name != "gradle" && call.Name != "gradlew" {
		return
	}
	opts, _ := ScanOptions(call.Args, OptSpec{ShortVal: "IgpbcDPx", LongEq: true,
		LongVal: []string{"init-script", "gradle-user-home", "project-dir", "build-file", "settings-file", "exclude-task", "project-cache-dir", "include-build"}})
	home := ""
	homeHow := ""
	for _, o := range opts {
		if !o.HasVal {
			continue
		}
		switch o.Name {
		case "I", "init-script":
			if !o.Val.Static {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Raw,
					What: call.Name + " --init-script runs a script only known at run time"})
				continue
			}
			w.scriptFile(c, call, o.Val, string(lang.Gradle))
		case "g", "gradle-user-home":
			if !o.Val.Static {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Raw,
					What: call.Name + " --gradle-user-home runs the init scripts of a directory only known at run time"})
				return
			}
			home, homeHow = o.Val.Value, call.Name+" "+o.Val.Raw
		}
	}
	if home == "" {
		vals, open, set := w.envChoices(c, call, "GRADLE_USER_HOME", true)
		switch {
		case set && open:
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "GRADLE_USER_HOME",
				What: "GRADLE_USER_HOME makes " + call.Name + " run the init scripts of a directory only known at run time"})
			return
		case set && len(vals) > 0:
			home, homeHow = vals[0], "GRADLE_USER_HOME="+vals[0]
		case w.home != "":
			home, homeHow = filepath.Join(w.home, ".gradle"), "~/.gradle"
		}
	}
	if home == "" {
		return
	}
	d := call.Dir.Join(expandTilde(home, w.home))
	if !d.Known {
		return
	}
	w.rootTools(c, call, homeHow, d, toolRoot{code: lang.Gradle}, []string{"init.d/*.gradle", "init.d/*.gradle.kts"})
}

// rustupHomeGiven returns the RUSTUP_HOME the command gives the program
// it starts (a prefix, env's word or an exported variable), absolute.
func (w *walker) rustupHomeGiven() (string, bool) {
	st := w.cur
	if w.callState != nil {
		st = w.callState
	}
	if v, ok := commandEnv(st, nil, "RUSTUP_HOME"); ok && filepath.IsAbs(v) {
		return filepath.Clean(v), true
	}
	return "", false
}

// givenRustToolchain returns the directory of toolchain sel in the rustup
// home a command gives (home/toolchains/sel, or sel with the host's
// triple added, as rustup names stable-x86_64-unknown-linux-gnu), when it
// is outside the system's directories: the proxies run its bin/NAME.
func (w *walker) givenRustToolchain(home, sel string) (string, bool) {
	if systemPath(home+"/") || strings.ContainsAny(sel, "*?[") {
		return "", false
	}
	cands := []string{filepath.Join(home, "toolchains", sel)}
	if w.read != nil {
		m, _ := filepath.Glob(filepath.Join(home, "toolchains", sel+"-*"))
		sort.Strings(m)
		cands = append(cands, m...)
	}
	for _, d := range cands {
		if w.isDir(Dir{Path: d, Known: true}) || w.wroteUnder(d) {
			return d, true
		}
	}
	return "", false
}
