package syntax

import (
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
	sh "mvdan.cc/sh/v3/syntax"
)

// MaxScriptFile is the largest script file read; MaxScriptBytes the most
// bytes of script files read for one command.
const (
	MaxScriptFile  = 1 << 20
	MaxScriptBytes = 4 << 20
)

// errNotScript reports a path that is not a regular file of bounded size
// that may be read.
var errNotScript = errors.New("not a readable script file")

// ReadScript reads the script file at path, an absolute path, for
// analysis at hook time. Only a regular file of at most MaxScriptFile
// bytes is read: never a device, a FIFO, a socket or a file under /proc,
// /sys or /dev, whatever symbolic links lead there, so that reading
// cannot hang or exhaust the hook. The file is opened without blocking and
// checked again once open.
func ReadScript(path string) (string, error) {
	if !filepath.IsAbs(path) {
		return "", errNotScript
	}
	real, err := resolveOrdinary(path)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(real)
	if err != nil || !st.Mode().IsRegular() || st.Size() > MaxScriptFile {
		return "", errNotScript
	}
	f, err := os.OpenFile(real, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	st, err = f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() > MaxScriptFile {
		return "", errNotScript
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxScriptFile+1))
	if err != nil || len(data) > MaxScriptFile {
		return "", errNotScript
	}
	return string(data), nil
}

// resolveOrdinary follows the symbolic links of path one at a time and
// returns the file it names, refusing a path that passes through /proc,
// /sys or /dev on the way: /dev/stdin and /proc/self/fd/0 are the hook's
// own descriptors, which filepath.EvalSymlinks would resolve into
// whatever file they have open, so a command's verdict would depend on
// how corral was started.
func resolveOrdinary(path string) (string, error) {
	p := filepath.Clean(path)
	for hops := 0; ; hops++ {
		if hops > 40 {
			return "", errNotScript
		}
		for _, special := range []string{"/proc/", "/sys/", "/dev/"} {
			if strings.HasPrefix(p+"/", special) {
				return "", errNotScript
			}
		}
		parts := strings.Split(strings.TrimPrefix(p, "/"), "/")
		linked := false
		for i := range parts {
			q := "/" + strings.Join(parts[:i+1], "/")
			fi, err := os.Lstat(q)
			if err != nil {
				return "", err
			}
			if fi.Mode()&os.ModeSymlink == 0 {
				continue
			}
			target, err := os.Readlink(q)
			if err != nil {
				return "", err
			}
			if !filepath.IsAbs(target) {
				target = filepath.Join(filepath.Dir(q), target)
			}
			p = filepath.Clean(filepath.Join(append([]string{target}, parts[i+1:]...)...))
			linked = true
			break
		}
		if !linked {
			return p, nil
		}
	}
}

// readScript reads the file at d (a known path) within the per-command
// budget.
func (w *walker) readScript(d Dir) (string, bool) {
	if !d.Known {
		return "", false
	}
	w.noteBgRead(d.Path) // bgrace.go
	if text, ok := w.written[d.Path]; ok {
		return text, true
	}
	if w.opaque[d.Path] {
		// The command changed the file with content corral cannot know
		// (jq … > p && mv p package.json, sed -i … Makefile): what the
		// disk holds now is not what will run.
		if w.reading != nil && !w.opaqueRead[d.Path] {
			if w.opaqueRead == nil {
				w.opaqueRead = map[string]bool{}
			}
			w.opaqueRead[d.Path] = true
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: w.reading, Always: true, Text: d.Path,
				What: w.reading.Name + " reads " + d.Path + ", which this command changed with content only known at run time"})
		}
		return "", false
	}
	if w.read == nil {
		return "", false
	}
	text, err := w.read(d.Path)
	if err != nil {
		w.noteAbsentRead(d.Path)
		w.noteUnreadable(d.Path)
		return "", false
	}
	if w.files += len(text); w.files > MaxScriptBytes {
		w.m.Truncated = true
		return "", false
	}
	w.noteDiskRead(d.Path)
	return text, true
}

// DiskRead is a file read from disk for a call (Model.DiskReads).
type DiskRead struct {
	Call *Call
	Path string
}

// maxDiskReads bounds Model.DiskReads.
const maxDiskReads = 4096

// noteAbsentRead records a file looked for and not found on disk: one
// an earlier call makes is read by the program then (a script an archive
// brings, a GNUmakefile before the Makefile, a conftest.py).
func (w *walker) noteAbsentRead(path string) {
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		w.noteDiskRead(path)
	}
}

// noteDiskRead records that the file at path was read from disk (or
// looked for there) for the call whose code is being read. A program
// this command builds from sources it judged (cc -o prog, go build -o
// app) or copies from the system is not recorded: the model knows what
// it holds.
func (w *walker) noteDiskRead(path string) {
	if w.m == nil {
		return
	}
	if _, built := w.compiled[path]; built {
		return
	}
	if _, copied := w.programs2[path]; copied {
		return
	}
	call := w.reading // only code that runs: not a copy's source
	if call == nil || len(w.m.DiskReads) >= maxDiskReads {
		return
	}
	for i := len(w.m.DiskReads) - 1; i >= 0 && i >= len(w.m.DiskReads)-8; i-- {
		if r := w.m.DiskReads[i]; r.Call == call && r.Path == path {
			return
		}
	}
	w.m.DiskReads = append(w.m.DiskReads, DiskRead{Call: call, Path: path})
}

// setupOutput matches commands whose output is shell set-up meant to be
// sourced (kubectl completion bash, pyenv init -, brew shellenv,
// ssh-agent -s, direnv hook bash): sourcing them is everyday work.
var setupOutput = lazy.Regexp{Expr: `\b(?:completions?|init|shellenv|hook|activate|env)\b|ssh-agent`}

// systemPrograms are directories whose programs are the system's, not
// scripts the agent wrote: they are not read.
var systemPrograms = []string{"/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/opt/", "/nix/", "/snap/", "/etc/"}

// shadowInterpreter models a program named by a path whose last name is
// an interpreter's or a shell's (./python -V, py/python3, ./bash): the
// kernel runs the file at that path, so a script there (a text file on
// disk, or one this command writes) runs as itself, whatever its name
// suggests. It is judged besides the interpreter reading of the words
// (a pyenv shim is a shell script that runs the real interpreter with
// them); a binary there, a venv's link to the system interpreter and
// the system's own directories are the interpreter only.
func (w *walker) shadowInterpreter(c scope, call *Call) {
	v := call.NameArg.Value
	if call.Name == "" || !call.NameArg.Static || !strings.Contains(v, "/") || !IsShell(call.Name) && lang.ForProgram(call.Name) == "" {
		return
	}
	for _, p := range systemPrograms {
		if strings.HasPrefix(v, p) {
			return
		}
	}
	d := call.Dir.Join(expandTilde(v, w.home))
	if !d.Known {
		return
	}
	if _, wrote := w.written[d.Path]; !wrote {
		fi, err := os.Stat(d.Path)
		if err != nil || !fi.Mode().IsRegular() || binaryHead(d.Path) {
			return
		}
	}
	w.runScriptFile(c, call, call.NameArg)
}

// runsCode models code that call hands to another program: interpreter
// code, script files, package scripts, Makefile recipes, and the shell
// text programs such as trap, watch or git rebase --exec run. It reports
// whether call was handled.
func (w *walker) runsCode(c scope, call *Call) bool {
	prev := w.reading
	w.reading = call
	defer func() { w.reading = prev }()
	w.noteInPlace(c, call)
	w.npmPkgSet(c, call)
	w.optionCode(c, call)
	w.programFilters(c, call)
	if call.NameArg.Static && strings.Contains(call.NameArg.Value, "/") {
		w.venvSite(c, call, call.Dir.Join(call.NameArg.Value)) // .venv/bin/python, .venv/bin/pytest
	} else if !call.NameArg.Static {
		w.substVenvProgram(c, call) // "$(poetry env info -p)/bin/pytest"
	} else if !strings.Contains(call.NameArg.Value, "/") && !w.pathVenv(c, call) {
		w.venvSite(c, call, Dir{})                         // uv run python …
		w.wrapperProgram(c, call, w.wrapperVenvs(c, call)) // poetry run mytool
	}
	w.envFiles(c, call)
	w.shellReads(c, call)
	w.bundledRun(c, call)
	w.wrapperConfigs(c, call)
	w.pathHelpers(c, call) // PATH=bin:$PATH git fetch: bin/ssh (syntax/pathlookup.go)
	if !shellRuns(call, w.cur) && w.shellPathProgram(c, call) || w.dispatchedProgram(c, call) || w.pluginProgram(c, call) {
		return true
	}
	w.pythonPip(c, call)
	w.pyToolConfigs(c, call)
	w.docToolRun(c, call)
	w.debuggerStdin(c, call)
	w.shellVerb(c, call)
	w.phpIni(c, call)
	if w.nodeRunScript(c, call) {
		return true // node --run NAME: a package.json script
	}
	w.bunVerb(c, call) // bun NAME: a script (pmverbs.go)
	if lang.ForProgram(call.Name) == lang.JS && w.testRun(c, call) {
		return true // node --test: the runner's files
	}
	w.shadowInterpreter(c, call)
	if w.interpreter(c, call) {
		return true
	}
	if w.catSubst(c, call) {
		return true
	}
	if w.substScript(c, call) {
		return true
	}
	switch {
	case IsShell(call.Name):
		// bash --rcfile F / --init-file F runs F first (an interactive
		// shell reads it; -i makes one of any shell): read as a script,
		// and then what the shell runs (its -c string, its stdin) as
		// well.
		for _, i := range ShellRCFiles(call) {
			w.scriptFile(c, call, call.Args[i], "sh")
		}
		if i := ShellFile(call); i >= 0 {
			w.scriptFile(c, call, w.searchedArg(call, call.Args[i], false), "sh")
			return true
		}
		return false
	case call.Name == "source" || call.Name == ".":
		if len(call.Args) == 0 {
			return false
		}
		defer w.hideReturns()() // a return there ends the file
		a := w.searchedArg(call, w.sourceGlob(call, call.Args[0]), true)
		n, fd := fdPath(a.Value)
		switch {
		case fd && a.Static:
			call.sourced = w.sourceFd(c, call, n, w.cur) // sourcetext.go
		case strings.HasPrefix(a.Raw, "<("):
			if !setupOutput.Get().MatchString(a.Raw) {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: a.Raw,
					What: call.Name + " runs the output of " + clip(a.Raw, 60) + ", a script only known at run time"})
			}
		default:
			call.sourced = w.sourceFile(c, call, a, w.cur)
		}
		return false
	case call.Name != "" && call.NameArg.Static && w.goInstalled[call.NameArg.Value] != "" && !w.isFunc(call.NameArg.Value):
		// go install ./cmd/x && x: the program the command installed in
		// $GOBIN, by its name, judged by its sources.
		return w.runCompiled(c, call)
	case call.Name != "" && strings.Contains(call.NameArg.Value, "/") && call.NameArg.Static:
		if w.renamedProgram(c, call) || w.runCompiled(c, call) {
			return true
		}
		if deletingPackages.Get()[call.Name] {
			// ./node_modules/.bin/rimraf PATH.
			w.deletingPackage(c, call, call.Name, call.Args)
			return true
		}
		system := false
		for _, p := range systemPrograms {
			system = system || strings.HasPrefix(call.NameArg.Value, p)
		}
		if !system {
			w.runScriptFile(c, call, call.NameArg)
			w.buildTool(c, call) // ./gradlew, ./mvnw: the wrapper runs the build
			return true
		}
		// A system program by its path (/usr/bin/git, /usr/bin/awk,
		// /usr/bin/make) is the program of that name: its file is not
		// read, and what it runs is modelled below as for its bare
		// name (each model was skipped: /usr/bin/watch 'rm -rf ~' was
		// allowed). git's exec path is git SUB (gitDashed).
		w.gitDashed(c, call)
	}
	w.wrapperLocalBuild(c, call) // pybuild.go: pipx run --spec ., uvx --from .
	if w.packageRun(c, call) || w.terraformRun(c, call) {
		return true
	}
	if w.taskRun(c, call) || w.testRun(c, call) || w.cargoRun(c, call) || w.pyprojectRun(c, call) || w.buildTool(c, call) || w.configRun(c, call) || w.notebookRun(c, call) {
		return true
	}
	if call.Name == "make" || call.Name == "gmake" {
		w.makeRun(c, call)
		return true
	}
	if w.codePrograms(c, call) || w.sourceLaunch(c, call) {
		return true
	}
	return w.programs(c, call)
}

// maxScriptMatches bounds the files a pattern naming a script is read as.
const maxScriptMatches = 64

// scriptNames returns the files a script word that is not one name can
// be: the matches of a pattern in the directory, at hook time, or the
// candidate values of a word that takes one of a bounded set. It returns
// nil for a plain name or a word only known at run time.
func (w *walker) scriptNames(call *Call, a Arg) []string {
	switch {
	case a.Static && a.Glob && a.Pattern() != "":
		return w.globNames(call.Dir, a.Pattern())
	case !a.Static && a.OneOf && len(a.Candidates()) > 0:
		return a.Candidates()
	case !a.Static:
		// for f in *.sh; do bash "$f"; done: each item of the loops
		// around the call, a pattern by the files it matches.
		vals, ok := LoopValues(call, a, w.home)
		if !ok {
			return nil
		}
		out := []string{}
		for _, v := range vals {
			if v.Glob {
				pat := v.Pattern()
				if pat == "" {
					pat = v.Value // LoopValues gives the item as written
				}
				out = append(out, w.globNames(call.Dir, pat)...)
			} else {
				out = append(out, v.Value)
			}
			if len(out) > maxScriptMatches {
				w.m.Truncated = true
				return out[:maxScriptMatches]
			}
		}
		return out
	}
	return nil
}

// globNames returns the files pattern matches in dir at hook time
// (sorted), at most maxScriptMatches; none when files are not read.
func (w *walker) globNames(dir Dir, pattern string) []string {
	if !dir.Known || w.read == nil {
		return []string{}
	}
	rel := !filepath.IsAbs(pattern)
	if rel {
		pattern = filepath.Join(dir.Path, pattern)
	}
	matches, err := filepath.Glob(pattern)
	if err != nil {
		return []string{}
	}
	if rel {
		for i, m := range matches {
			if r, err := filepath.Rel(dir.Path, m); err == nil {
				matches[i] = r
			}
		}
	}
	if len(matches) > maxScriptMatches {
		matches = matches[:maxScriptMatches]
		w.m.Truncated = true
	}
	if matches == nil {
		matches = []string{}
	}
	return matches
}

// scriptFile reads the script a at call's directory and models it: as
// shell text ("sh"), in a language, or ("") by its extension and #! line.
// A script that does not exist yet, that is not a regular file or that is
// too large is not read.
func (w *walker) scriptFile(c scope, call *Call, a Arg, as string) {
	if ps, ok := w.m.ArgStream(a); ok && ps.Pipe.Subst == "<(" {
		w.procFile(c, call, ps.Pipe, as)
		return
	}
	if n, ok := fdPath(a.Value); ok && a.Static {
		w.fdScript(c, call, n, as)
		return
	}
	if names := w.scriptNames(call, a); names != nil {
		// A pattern (bash *.sh) or one of a bounded set of values (for f
		// in a.sh b.sh; do bash "$f"; done): every file it can be.
		for _, n := range names {
			w.scriptFile(c, call, Arg{Value: n, Raw: a.Raw, Static: true, Start: a.Start, End: a.End}, as)
		}
		return
	}
	if !a.Static {
		w.runTimeScript(c, call, a, as)
		return
	}
	d := call.Dir.Join(a.Value)
	if !d.Known && d.Maybe != "" {
		// cd sub && x=1; bash ../e.sh: the directory is one of a few
		// (the cd may have failed), and the file is read in each.
		for _, p := range d.Candidates() {
			w.scriptFile(c, call, Arg{Value: p, Raw: a.Raw, Static: true, Start: a.Start, End: a.End}, as)
		}
		return
	}
	if w.opaqueRun(call, d, a.Value) {
		return
	}
	text, ok := w.readScriptDirect(d)
	if !ok {
		w.unreadScript(call, d, a.Value)
		return
	}
	if as == string(lang.Python) && w.pythonZip(c, call, a.Value, text) {
		return // python3 app.pyz: the archive's __main__.py
	}
	if t, ok := bashText(text); ok && (as == "sh" || as == "" && lang.Shebang(text) == "" || as == "" && IsShell(lang.Shebang(t))) {
		// A NUL after the first line: bash drops it and runs the rest
		// (red team 14 NB1).
		text = t
	}
	if strings.Contains(text[:min(len(text), 8192)], "\x00") || strings.HasPrefix(text, "\x7fELF") {
		if _, wrote := w.written[d.Path]; wrote && as == "" {
			// printf '\x7fELF…' > x; ./x: a program this command wrote
			// byte by byte, which corral cannot read.
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Value,
				What: "runs " + a.Value + ", a binary program this command wrote"})
		}
		return // a binary
	}
	l := lang.Lang("")
	switch as {
	case "sh":
	case "":
		w.shebangOptions(c, call, a.Value, text)
		l = lang.ForFile(d.Path, text)
		if l == "" {
			if prog := lang.Shebang(text); prog != "" && !IsShell(prog) {
				// A program that is no language corral reads (make,
				// awk, sed, gdb, dc, …): the kernel runs the command
				// line the #! line makes, judged as typed, so each
				// program's own model reads the file (shebangCommand).
				// One an earlier call decoded is as unread as a binary.
				w.shebangCommand(c, call, a.Value, text)
				w.earlierUnreadText(call, d, a.Value, prog)
				return
			}
		}
	default:
		l = lang.Lang(as)
	}
	name := a.Value
	if w.dependencyFile(d.Path) {
		// An installed package's file (./node_modules/.bin/node-gyp, node
		// node_modules/x/cli.js, a package command npm run finds): read
		// as the module loaders read a package (nodePackage), its
		// run-time values not asking.
		w.lenient++
		defer func() { w.lenient-- }()
	}
	if l != "" {
		origin := name
		if l == lang.JS && !preservesSymlinks(call, true) {
			// Node loads the main module from its real path, so its
			// relative requires are found beside the link's target
			// (node_modules/.bin/x -> ../x/bin/x.js).
			origin = w.realPath(d.Path)
		}
		w.program(c, call, l, text, name, false, origin)
		return
	}
	// The script runs in a new shell with $0 its own path, as bash sets
	// it: hooks and wrappers find their files from it (husky's
	// . "$(dirname "$0")/h").
	env := call.env
	if env == nil {
		env = w.cur.exportedOnly(call.Dir, w.home)
	} else {
		env = env.clone()
	}
	env.setVar("0", variable{known: true, set: true, str: name})
	env.setVar("BASH_SOURCE", variable{known: true, set: true, str: name})
	if w.runArgs == call && !call.ExtraArgs {
		// ./x a b, or x a b found through PATH: "$@" in x is a b.
		env.pos, env.posKnown = w.posWords(call.Args, call.Dir) // globoptions.go
		env.posOpts = nil
	}
	if n := len(w.hookCalls); n > 0 && w.hookCalls[n-1].call == call && w.runArgs == call {
		w.hookCalls[n-1].env = env.clone()
	}
	w.origin = name
	w.childIn(c, call, text, nil, "file", false, env, call.Dir)
	w.origin = ""
	// A script file is a nested script with a path of its own.
	for i := len(w.m.Scripts) - 1; i >= 0; i-- {
		if sc := w.m.Scripts[i]; sc.Kind == "file" && sc.Origin == name && sc.Path == "" && (sc.Src == text || sc.Partial && strings.HasPrefix(text, sc.Src)) {
			sc.Path = name
			break
		}
	}
	for _, sc := range w.m.Unparsed {
		if sc.Kind == "file" && sc.Src == text {
			sc.Path = name
		}
	}
}

// bashText returns the script text bash runs from a file that holds NUL
// bytes, and whether it runs one: bash refuses a file as binary only when
// a NUL comes before the first newline in its first 80 bytes
// (check_binary_file), and otherwise reads the file with its NUL bytes
// dropped. A file without NUL bytes is returned as it is.
func bashText(text string) (string, bool) {
	if !strings.Contains(text, "\x00") {
		return text, false
	}
	head := text[:min(len(text), 80)]
	if i := strings.IndexByte(head, '\n'); i >= 0 {
		head = head[:i]
	}
	if strings.Contains(head, "\x00") || strings.HasPrefix(text, "\x7fELF") {
		return text, false
	}
	return strings.ReplaceAll(text, "\x00", ""), true
}

// unreadScript notes a script file a shell, source or an interpreter runs
// that is there but that corral does not read whole: larger than
// MaxScriptFile, or not a regular file (a FIFO, a device). What runs is
// then unknown, and asked about (red team 14 BG1: a 1.2 MB script whose
// last line deletes ~/.bashrc ran unjudged). A file that is not there, or
// the per-command budget spent, is not this.
func (w *walker) unreadScript(call *Call, d Dir, name string) {
	if w.read == nil || !d.Known {
		return
	}
	if _, ok := w.written[d.Path]; ok {
		return
	}
	why := unreadableWhy(d.Path)
	if why == "" || why == whyNotRegular && call.NameArg.Static && call.NameArg.Value == name {
		// Run directly (./fifo) the kernel refuses a file that is not
		// regular; a shell or an interpreter reads it (bash fifo).
		return
	}
	w.tellUnreadable(call, d.Path, name, call.Name+" runs "+name+", "+why)
}

// sourceFile reads the script a that source or "." runs and walks it in
// the caller's own state st, as bash runs it in the same shell: the
// variables, functions, aliases and working directory it sets are the
// caller's afterwards. Arguments after the file are its positional
// parameters while it runs, and the caller's come back after. It reports
// whether the file was read and walked whole.
func (w *walker) sourceFile(c scope, call *Call, a Arg, st *state) bool {
	if !a.Static && st != nil {
		if names := w.scriptNames(call, a); len(names) > 0 {
			// for f in conf/*; do . "$f"; done, or a word that is one
			// of a few values: each file it can be is walked in a copy
			// of the state, and what is certain after is what every
			// one of them leaves (a loop walks its body again with
			// that, so files sourced one after another are followed).
			var after *state
			whole := true
			for _, n := range names {
				if strings.ContainsAny(n, "*?[") && len(w.globNames(call.Dir, n)) > 0 {
					continue // the loop's item as written, beside its matches
				}
				cp := st.clone()
				whole = w.sourceFile(c, call, Arg{Value: n, Raw: a.Raw, Static: true, Start: a.Start, End: a.End}, cp) && whole
				if after == nil {
					after = cp
				} else {
					after.merge(cp)
				}
			}
			if whole {
				*st = *after
			}
			return whole
		}
		w.runTimeScript(c, call, a, "sh")
	}
	if !a.Static || st == nil {
		return false
	}
	if w.opaqueRun(call, call.Dir.Join(a.Value), a.Value) {
		return false
	}
	var text string
	ok := true
	if d := call.Dir.Join(a.Value); !d.Known || d.Path != "/dev/null" {
		// source /dev/null reads nothing: no variable changes (red
		// team 20 RF1: it turned a later deny into an ask).
		text, ok = w.readScriptDirect(d)
	}
	if !ok {
		w.unreadScript(call, call.Dir.Join(a.Value), a.Value)
		return false
	}
	// bash sources a file's text without its NUL bytes, wherever they
	// are (it refuses only a script it runs, for one in the first line).
	text = strings.ReplaceAll(text, "\x00", "")
	restorePos := w.sourceArgs(call, st)
	n, truncated := len(w.m.Scripts), w.m.Truncated
	before := st.aliases
	vars := cloneMap(st.vars)
	w.origin = a.Value
	w.childIn(c, call, text, nil, "sourced", false, st, st.dir)
	w.origin = ""
	// Every variable the file set may hold its content, except a
	// setting with a value known here (PlainSetting: DB_HOST=db.internal)
	// that holds no other value the file set (DB_HOST=$API_KEY).
	from := []string{sourcedPath(call.Dir, a.Value)}
	set := map[string]variable{}
	for name, v := range st.vars {
		if old, ok := vars[name]; !ok || !old.equal(v) {
			set[name] = v
		}
	}
	plain := map[string]bool{}
	var secretVals []string
	for name, v := range set {
		switch {
		case v.known && v.set && !v.array && !v.nameref && PlainSetting(name, v.str):
			plain[name] = true
		case v.known && v.str != "":
			secretVals = append(secretVals, v.str)
		}
	}
	for name := range plain {
		for _, s := range secretVals {
			if strings.Contains(set[name].str, s) {
				delete(plain, name)
				break
			}
		}
	}
	for name, v := range set {
		if !plain[name] {
			v.from = union(v.from, from)
			st.setVar(name, v)
		}
	}
	// An alias the file defines applies from the caller's next line (the
	// lines of the file are not the caller's).
	for name, al := range st.aliases {
		if old, ok := before[name]; !ok || old != al {
			st.aliases = cloneMap(st.aliases)
			st.aliases[name] = alias{value: al.value, line: call.Stmt.End().Line(), sc: c.sc, unknown: al.unknown}
		}
	}
	restorePos()
	walked := len(w.m.Scripts) > n && w.m.Scripts[n].Src == text && w.m.Truncated == truncated
	if walked || len(w.m.Scripts) > n && w.m.Scripts[n].Partial && strings.HasPrefix(text, w.m.Scripts[n].Src) {
		w.m.Scripts[n].Path = a.Value
	}
	for _, sc := range w.m.Unparsed {
		if sc.Kind == "sourced" && sc.Src == text {
			sc.Path = a.Value
		}
	}
	return walked
}

// packageRun models npm run NAME, npm test, yarn NAME, pnpm NAME and bun
// run NAME: the scripts of package.json.
func (w *walker) packageRun(c scope, call *Call) bool {
	var name string
	skipOpts := func(ws []string) []string {
		for len(ws) > 0 && strings.HasPrefix(ws[0], "-") {
			ws = ws[1:]
		}
		return ws
	}
	switch call.Name {
	case "npm":
		// npm's options stand anywhere and may take a value (npm
		// --prefix web run build, npm run build --prefix web): the
		// words are its operands. With --prefix DIR the project is
		// DIR's.
		var ws []string
		opts, ops := ScanOptions(call.Args, npmSpec())
		for _, i := range ops {
			ws = append(ws, call.Args[i].Value)
		}
		if len(ws) == 0 {
			return false
		}
		if d := w.npmDir(call); d != call.Dir || !d.Known {
			if !d.Known {
				// npm --prefix "$D" test, --prefix with several
				// matches: scripts corral cannot read ask (npmoptions.go).
				w.npmRunTimeDir(call, ws)
				return false
			}
			inner := *call
			inner.Dir = d
			call = &inner
		}
		// -w NAME, --workspaces: the command runs in each workspace
		// named, with that package's scripts, not the root's.
		wsDirs, withRoot, inWorkspaces := w.npmWorkspaces(call, opts)
		var names []string
		ownCommand := false // pack, publish, version: their scripts, not NAME's
		switch ws[0] {
		case "run", "run-script", "rum", "urn":
			if len(ws) > 1 {
				name = ws[1]
				names = []string{"pre" + name, name, "post" + name}
			}
		case "test", "t", "tst":
			name = "test"
			names = []string{"pretest", "test", "posttest"}
		case "start", "stop", "restart":
			name = ws[0]
			names = []string{"pre" + name, name, "post" + name}
		case "it", "install-test", "cit", "install-ci-test", "clean-install-test", "sit":
			// npm install-test (it) and install-ci-test (cit, sit) are
			// npm install or npm ci, then npm test (npm's command list;
			// red team 14 NP1).
			if len(ws) > 1 {
				return false
			}
			w.lifecycleScripts(c, call, call.Name)
			name = "test"
			names = []string{"pretest", "test", "posttest"}
		case "install", "add", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall",
			"ci", "clean-install", "ic", "install-clean", "isntall-clean", "link", "ln":
			// Installing the project itself (no package named) runs its
			// own lifecycle scripts; npm link with no package installs
			// the project globally, running the same.
			if len(ws) > 1 {
				// A git-hook manager installed by name installs its
				// hooks (hookManagerPackages).
				w.hookManagerPackages(c, call, ws[1:])
				// A directory named (./dir, file:dir, a/b/c) is
				// installed from there: its lifecycle scripts run.
				w.npmDirSpecs(c, call, ws[1:], lifecycleNames, ws[0])
				return false
			}
			if inWorkspaces {
				// With -w the workspace is installed, and the root's own
				// scripts run, but not its other dependencies' (npm
				// install -w w1 ran w1's and the root's postinstall, not
				// a root file: dependency's; npm 11).
				for _, d := range wsDirs {
					inner := *call
					inner.Dir = d
					w.lifecycleScripts(c, &inner, call.Name)
				}
				w.packageScripts(c, call, lifecycleNames, call.Name)
				return true
			}
			w.lifecycleScripts(c, call, call.Name)
			return true
		case "rebuild", "rb":
			w.npmRebuild(c, call, ws[1:], wsDirs)
			return true
		case "pack", "publish", "version", "verison":
			names = npmCommandScripts(ws[0])
			if ws[0] != "version" && ws[0] != "verison" && len(ws) > 1 {
				// npm pack ./dir, npm publish dir/: that directory's.
				w.npmDirSpecs(c, call, ws[1:], names, ws[0])
				return true
			}
			name, ownCommand = ws[0], true
		default:
			return false
		}
		if name == "" {
			return false
		}
		if inWorkspaces {
			for _, d := range wsDirs {
				inner := *call
				inner.Dir = d
				w.ownScripts(c, &inner, d, names, "npm -w")
			}
			if !withRoot {
				return true
			}
		}
		if ownCommand {
			w.packageScripts(c, call, names, call.Name)
			return true
		}
	case "yarn", "pnpm", "bun":
		// -C/--dir/--cwd DIR: the project is DIR's (pmProjectArgs).
		if w.pmAliases(c, call) {
			return true // pnpm t, it, rb; yarn --version (pmverbs.go)
		}
		d, ws := pmProjectArgs(call)
		d = w.pmDir(call, d) // -C /tmp/x/[n] (npmoptions.go)
		if !d.Known {
			w.pmRunTimeDir(call, ws)
			return false
		}
		if d != call.Dir {
			inner := *call
			inner.Dir = d
			call = &inner
		}
		if w.pmWorkspaceRun(c, call, ws) {
			return true // pnpm -r, --filter; yarn workspace(s)
		}
		if len(ws) == 0 {
			if call.Name == "yarn" {
				// yarn alone installs the project.
				w.lifecycleScripts(c, call, call.Name)
				return true
			}
			return false
		}
		if len(ws) == 1 && (ws[0] == "install" || ws[0] == "i") {
			w.lifecycleScripts(c, call, call.Name)
			return true
		}
		if ws[0] == "pack" {
			// yarn pack, pnpm pack: the package's pack scripts.
			w.packageScripts(c, call, npmCommandScripts("pack"), call.Name)
			return true
		}
		// yarn add ./pkg, pnpm add /x/pkg.tgz, bun add file:../p: a
		// local package's install scripts (npmlocal.go).
		w.localPackageSpecs(c, call, skipOpts(pmAddedPackages(call.Name, ws)), lifecycleNames, call.Name+" add", true)
		if ws[0] == "add" && len(ws) > 1 {
			w.hookManagerPackages(c, call, skipOpts(ws[1:]))
			return false
		}
		if ws[0] == "run" {
			if rest := skipOpts(ws[1:]); len(rest) > 0 {
				name = rest[0]
			}
		} else if !packageBuiltins.Get()[ws[0]] {
			name = ws[0]
		}
		if call.Name == "bun" && looksLikeFile(name) {
			return false
		}
	default:
		return false
	}
	if name == "" {
		return false
	}
	if deletingPackages.Get()[name] {
		// yarn rimraf PATH runs the package's command when no script
		// has its name.
		for i, a := range call.Args {
			if a.Static && a.Value == name {
				w.deletingPackage(c, call, name, call.Args[i+1:])
				break
			}
		}
	}
	w.packageScript(c, call, name, call.Name)
	return true
}

// packageBuiltins are yarn's, pnpm's and bun's own commands, which are not
// package scripts.
var packageBuiltins = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"add": true, "install": true, "i": true, "remove": true, "rm": true, "upgrade": true,
		"up": true, "update": true, "init": true, "info": true, "list": true, "ls": true, "link": true, "unlink": true,
		"publish": true, "pack": true, "cache": true, "config": true, "global": true, "why": true, "bin": true, "audit": true,
		"outdated": true, "version": true, "login": true, "logout": true, "create": true, "dlx": true, "exec": true, "x": true,
		"workspace": true, "workspaces": true, "import": true, "store": true, "env": true, "build": false, "test": false,
		"help": true, "node": true, "plugin": true, "set": true, "patch": true, "dedupe": true, "prune": true, "licenses": true}
}}

// lifecycleNames are the scripts of its own package.json that installing a
// project runs, in order (npm's documentation, "npm install" with no
// arguments; yarn, pnpm and bun run the same of the root package).
var lifecycleNames = []string{"preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"}

// lifecycleScripts runs the install lifecycle scripts of the nearest
// package.json.
func (w *walker) lifecycleScripts(c scope, call *Call, tool string) {
	w.packageScripts(c, call, lifecycleNames, tool)
	// The git-hook managers among its dependencies install their hooks.
	w.hookManagerPackages(c, call, nil)
	// Then those of its local (file:) dependencies, which it installs.
	if dir, _, found := w.manifestScripts(call.Dir, "package.json"); found {
		w.fileDepScripts(c, call, dir, tool, map[string]bool{dir.Path: true})
		// And those of its workspaces, which it links and installs.
		for _, d := range w.npmWorkspaceDirs(dir) {
			w.ownScripts(c, call, d, lifecycleNames, tool+", a workspace")
		}
	}
}

// packageScript runs scripts NAME of the nearest package.json, with its
// pre and post scripts.
func (w *walker) packageScript(c scope, call *Call, name, tool string) {
	w.packageScripts(c, call, []string{"pre" + name, name, "post" + name}, tool)
}

// packageScriptCall is call as the package manager runs a script of the
// package in dir: from dir, with node_modules/.bin first on PATH
// (nodebin.go).
func (w *walker) packageScriptCall(call *Call, dir Dir) (*Call, *state) {
	inner := *call
	inner.Dir = dir
	env := call.env
	if env == nil {
		env = w.cur.exportedOnly(dir, w.home)
	}
	return &inner, w.nodeBinEnv(env, dir)
}

// packageScripts runs the scripts names of the nearest package.json.
func (w *walker) packageScripts(c scope, call *Call, names []string, tool string) {
	dir, scripts, found := w.manifestScripts(call.Dir, "package.json")
	if !found {
		return
	}
	inner, env := w.packageScriptCall(call, dir)
	names, scripts = defaultScripts(names, scripts)
	for _, n := range names {
		for _, s := range scripts[n] {
			w.origin = "package.json scripts." + n + " (" + tool + ")"
			w.childIn(c, inner, s, nil, "package script", false, env, dir)
			w.origin = ""
		}
	}
}

// defaultScripts adds the scripts npm runs for a package that does not
// define them (npm's run-script and restart documentation): start, when
// there is no start script, is "node server.js" (npm checks that the file
// exists; node of a missing file runs nothing), and restart, when there
// is no restart script, runs stop and then start, each with its pre and
// post scripts, inside prerestart and postrestart. pnpm's start has the
// same default.
func defaultScripts(names []string, scripts map[string][]string) ([]string, map[string][]string) {
	var out []string
	changed := false
	for _, n := range names {
		switch {
		case n == "restart" && scripts["restart"] == nil:
			out = append(out, "prestop", "stop", "poststop", "prestart", "start", "poststart")
			changed = true
		default:
			out = append(out, n)
		}
	}
	if !changed {
		out = names
	}
	for _, n := range out {
		if n == "start" && scripts["start"] == nil {
			with := make(map[string][]string, len(scripts)+1)
			for k, v := range scripts {
				with[k] = v
			}
			with["start"] = []string{"node server.js"}
			return out, with
		}
	}
	return out, scripts
}

// manifestScripts reads the "scripts" object of the nearest file (a
// package.json, a composer.json) from dir upwards: each name's command,
// or commands when the value is a list of strings (composer's). It
// returns the directory the file is in, where the scripts run.
func (w *walker) manifestScripts(dir Dir, file string) (Dir, map[string][]string, bool) {
	path, text, found := w.findUp(dir, file)
	if !found {
		return Dir{}, nil, false
	}
	var pkg struct {
		Scripts map[string]json.RawMessage `json:"scripts"`
	}
	if json.Unmarshal([]byte(text), &pkg) != nil {
		return Dir{}, nil, false
	}
	out := make(map[string][]string, len(pkg.Scripts))
	for n, raw := range pkg.Scripts {
		var one string
		var many []string
		switch {
		case json.Unmarshal(raw, &one) == nil:
			out[n] = []string{one}
		case json.Unmarshal(raw, &many) == nil:
			out[n] = many
		}
	}
	return Dir{Path: filepath.Dir(path), Known: true}, out, true
}

// noteWrite records the text a call writes to a file when it is known:
// cat > f <<X (the here-document), echo and printf > f. A script written
// this way and run later in the same command (cat > f <<X … X; bash f) is
// read from there. Any other write to a noted file forgets it.
func (w *walker) noteWrite(c scope, call *Call) {
	for _, rd := range call.Redirs {
		if !rd.Writes() {
			continue
		}
		if rd.Fd != "" && rd.Fd != "1" {
			// 3>x.sh >&3, 2>x.sh, exec 3>x.sh; echo … >&3: the file gets
			// what the descriptor carries, text corral does not follow;
			// a later run of it asks (red team rb).
			if d := rd.Dir.Join(rd.Target.Value); rd.Target.Static && d.Known && !strings.HasPrefix(rd.Target.Value, "&") && !strings.HasPrefix(d.Path, "/dev/") {
				w.setOpaque(d.Path)
			}
			continue
		}
		d := rd.Dir.Join(rd.Target.Value)
		runTime := !rd.Target.Static || !d.Known
		if !runTime {
			w.noteDecoded(call, d.Path)
		}
		text, ok := "", false
		dynText := "" // the text with its run-time parts as written
		in := call.Fd(0)
		copies, changed := passThrough(call)
		switch {
		case copies && in.Kind == StreamPipe && in.Pipe != nil && in.Stage > 0:
			// echo … | cat > f, … | xargs echo > f: what the stage
			// before it wrote.
			t, dynamic, known := w.producedText(c, in.Pipe, in.Stage-1)
			text, ok = t, known && !dynamic && !changed
			if known && !ok {
				dynText = t
			}
		case xargsRun(call):
			// xargs echo > f: the words xargs reads.
		case call.Name == "cat":
			if len(call.Args) == 0 {
				if ins := w.stdinTexts(c, call); len(ins) == 1 {
					text, ok = ins[0].text, !ins[0].dynamic
					dynText = ins[0].text
				}
			} else {
				// cat a b > c: what the files hold, one after the other.
				t, dynamic, known := w.producedText(c, &Pipeline{Calls: []*Call{call}}, 0)
				text, ok = t, known && !dynamic
			}
		case call.Name == "echo" || call.Name == "printf":
			var dynamic bool
			var known bool
			text, dynamic, known = echoText(call)
			ok = known && !dynamic
			if known && call.Name == "echo" {
				text += "\n"
			}
			if known && dynamic {
				dynText = text
			}
		}
		if runTime {
			// f=$(mktemp); echo … > "$f"; source "$f": a file whose
			// name only run time knows may be the one run later.
			w.runTimeWrites = append(w.runTimeWrites, runTimeWrite{name: rd.Target.Raw, text: text, known: ok})
			continue
		}
		if w.written == nil {
			w.written = map[string]string{}
		}
		if w.racingWrite(d.Path) {
			// echo ls > f & echo 'rm -rf /' > f & read v < f (fifo.go).
			ok = false
		}
		if !ok {
			if dynText != "" && w.indexCollect && IsPackageIndexFile(d.Path) {
				w.indexPending = append(w.indexPending, indexWrite{path: d.Path, text: dynText, dynamic: true})
			}
			w.setOpaque(d.Path)
			if rd.Op != ">>" && printsNumber(call) {
				// wc -l < f > n.txt: a count, whatever the files hold.
				w.numberFiles[d.Path] = true
			}
			w.siteWrite(c, call, d.Path, "", false)
			continue
		}
		if rd.Op == ">>" || rd.Op == "&>>" || rd.Op == "<>" {
			// The file keeps what it held: the text is added after it
			// (or, for <>, written over its start).
			prev := w.written[d.Path]
			all, ok := w.addedText(d.Path, text, rd.Op == "<>")
			if !ok {
				w.setOpaque(d.Path)
				w.siteWrite(c, call, d.Path, "", false)
				continue
			}
			w.setWrittenPart(d.Path, all)
			// Python's start-up files are judged by the text this
			// command gives them, as before: what was on disk runs at
			// every start whether or not this command adds to it.
			w.siteWrite(c, call, d.Path, prev+text, true)
			continue
		}
		w.setWritten(d.Path, text)
		w.siteWrite(c, call, d.Path, text, true)
	}
}

// catOutput matches a substitution that only prints a file: "$(cat f)",
// `cat f`, <(cat f), $(< f).
var catOutput = lazy.Regexp{Expr: `^"?(?:\$\(|<\(|` + "`" + `)\s*(?:cat\s+(?:--\s+)?|<\s*)([^\s()$` + "`" + `;|&<>'"]+)\s*(?:\)|` + "`" + `)"?$`}

// catSubst models a shell, eval or source whose script is the output of
// cat of a file (sh -c "$(cat f)", eval "$(cat f)", bash <(cat f),
// source <(cat f)): the file is the script.
func (w *walker) catSubst(c scope, call *Call) bool {
	a, _, _ := ScriptWord(call)
	if a == nil || a.Static {
		return false
	}
	m := catOutput.Get().FindStringSubmatch(a.Raw)
	if m == nil {
		return false
	}
	text, ok := w.readScript(call.Dir.Join(m[1]))
	if !ok {
		return false
	}
	if call.Name == "eval" || call.Name == "source" || call.Name == "." {
		// eval "$(cat f)", . <(cat f), . /dev/stdin <<< "$(cat f)": f's
		// text runs in this shell, which keeps what it sets, as . f
		// does (red team 17 SS1, sourcetext.go).
		walked := w.sourceFile(c, call, Arg{Value: m[1], Raw: m[1], Static: true}, w.cur)
		call.sourced = walked && call.Name != "eval"
		return true
	}
	w.origin = m[1]
	w.child(c, call, text, nil, "file", false)
	w.origin = ""
	for i := len(w.m.Scripts) - 1; i >= 0; i-- {
		if sc := w.m.Scripts[i]; sc.Kind == "file" && sc.Origin == m[1] && sc.Path == "" {
			sc.Path = m[1]
			break
		}
	}
	return true
}

// encoders are programs whose output, fed to a shell, is text they
// decode or compute rather than their own: the ways to hide a command
// from a reader (base64 -d, xxd -r, rev, an interpreter printing it).
var encoders = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"base64": true, "base32": true, "basenc": true, "xxd": true, "openssl": true, "rev": true,
		"tr": true, "gunzip": true, "zcat": true, "gzip": true, "bzcat": true, "bzip2": true, "xzcat": true, "xz": true,
		"uudecode": true, "od": true, "echo": true, "printf": true}
}}

// generatesCode reports whether src's output, run as a script, is text a
// program computed rather than its own: an interpreter, a decoder, a
// shell, or a call whose name only run time knows. Such output run by a
// shell asks whatever words the command holds.
func generatesCode(src *Call) bool {
	_, isCode := interpreterProgram(src)
	// history and fc print entries of the shell's history list: code.
	return isCode || encoders.Get()[src.Name] || src.Name == "" || IsShell(src.Name) || src.Name == "history" || src.Name == "fc"
}

// substScript models a shell, eval or source whose script is only the
// output of one command or process substitution (sh -c "$(…)",
// eval "$(…)", eval `…`, source <(…), . <(…), bash <(…)). When the
// substitution prints static text (echo or printf of static words, cat of
// a here-document, base64 -d of such text), that text is the script and is
// analysed as one. Otherwise the script is only known at run time: when
// the text comes from a decoder or an interpreter (base64 -d "$x",
// python3 -c 'print(…)', echo "$x"), it asks, naming what runs it; the
// output of another local program (eval "$(ssh-agent -s)", source
// <(kubectl completion bash)) asks only when the substitution mentions
// a command that acquires content or destroys data, as a pipe into a
// shell does. It reports whether the script was analysed.
func (w *walker) substScript(c scope, call *Call) bool {
	// file: the word names a file to run (source F, bash F), so only a
	// process substitution's output is the script; otherwise the word is
	// the script text (eval W, trap W SIG, sh -c W, bash <<< W), so a
	// command substitution's is.
	a, kind, file := ScriptWord(call)
	sourced := kind == "source"
	if sourced {
		kind = "eval"
	}
	w.evalWords(c, call) // eval x=1 ";" "$(pr -t F)": substruntime.go
	if a == nil || a.Static || a.Word == nil {
		return false
	}
	stmts, proc, ok := onlySubst(a.Word)
	if ok && proc == file && len(stmts) > 1 {
		walked := w.substScriptMulti(c, call, a, kind, stmts) // substmulti.go
		call.sourced = walked && sourced
		return walked
	}
	if !ok && !file {
		// eval "x=1; $(pr -t F)": a substitution inside the script
		// text (substruntime.go).
		w.embeddedSubsts(c, call, a, kind)
	}
	if !ok || proc != file || len(stmts) != 1 {
		return false
	}
	// The calls the substitution's statement made (walked already, as
	// part of the call's words), in order: the last is what prints.
	start, end := int(stmts[0].Pos().Offset()), int(stmts[0].End().Offset())
	var last *Call
	var words []string
	for _, in := range w.m.Calls {
		if in.Script == c.sc && in.Subst != "" && in.Start >= start && in.End <= end && in != call {
			if downloaders.Get()[in.Name] && in.Host == call {
				// A download run as a script is the pipe-shell rule's; one
				// a program in the substitution reads (pr -t <(curl …)) is
				// that program's input (substInput).
				return false
			}
			if last == nil || in.End >= last.End {
				last = in
			}
			words = append(words, in.NameArg.Value)
			words = append(words, in.Words()...)
		}
	}
	if last == nil {
		return false
	}
	p, i := last.Pipe, last.PipeIndex
	if p == nil {
		p, i = &Pipeline{Calls: []*Call{last}}, 0
	}
	text, dynamic, known := w.producedText(c, p, i)
	if w.printedAsk(c, call, p, i) {
		// eval "$(head -5 f)": a file's text printed in a way corral
		// does not compute asks, and is judged for what it holds.
		if known {
			w.childIn(c, call, text, nil, kind, true, w.cur, call.Dir)
		}
		return true
	}
	if known && !dynamic {
		w.childIn(c, call, text, nil, kind, false, w.cur, call.Dir)
		// source <(echo 'x=…'): what it set is the caller's (sourcetext.go).
		call.sourced = sourced
		return true
	}
	what := call.Name + " runs, as a script, the output of " + clip(a.Raw, 60) + ", which is only known at run time"
	if generatesCode(last) || historyFeeds(p, i) {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: a.Raw, Always: true,
			What: what + " (" + clip(last.Text(), 40) + " builds it)"})
		return false
	}
	if w.substInput(c, call, last, kind) {
		// eval "$(pr -t F)", "$(iconv … <(curl …))": input the agent
		// controls through a program corral does not model
		// (filtersubst.go).
		return true
	}
	if w.runtimeInputScript(call, p, i, a.Raw) {
		// eval "$(pr -t "$f")": a file only known at run time
		// (substruntime.go).
		return true
	}
	if file || setupOutput.Get().MatchString(a.Raw) {
		// source <(…) is judged below, as before; a program printing its
		// own shell set-up (eval "$(pyenv init -)") is that program's.
		return false
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: strings.Join(words, " "), What: what})
	return false
}

// onlySubst returns the statements of the one command or process
// substitution a word consists of ("$(…)", $(…), `…`, <(…)), and whether
// it is a process substitution.
func onlySubst(wd *sh.Word) (stmts []*sh.Stmt, proc, ok bool) {
	if len(wd.Parts) != 1 {
		return nil, false, false
	}
	part := wd.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok {
		if len(dq.Parts) != 1 {
			return nil, false, false
		}
		part = dq.Parts[0]
	}
	switch n := part.(type) {
	case *sh.CmdSubst:
		return n.Stmts, false, true
	case *sh.ProcSubst:
		return n.Stmts, true, true
	}
	return nil, false, false
}

// sourcedPath is how a file that source runs is named in a variable's
// from: absolute when the directory is known, else as written.
func sourcedPath(dir Dir, name string) string {
	if d := dir.Join(name); d.Known {
		return d.Path
	}
	return name
}

// sedSpec is GNU sed's options: -i and --in-place take an optional
// attached suffix; -e, -f, -l a value.
var sedSpec = OptSpec{ShortVal: "efl", ShortOpt: "i", LongEq: true, Abbrev: true,
	LongVal: []string{"expression", "file", "line-length"},
	LongFlag: []string{"in-place", "quiet", "silent", "debug", "posix", "regexp-extended", "separate", "sandbox",
		"unbuffered", "null-data", "zero-terminated", "follow-symlinks", "binary", "help", "version"}}

// awkInPlaceSpec is gawk's options that take a value.
var awkInPlaceSpec = OptSpec{ShortVal: "fvFiEelLW", LongEq: true,
	LongVal: []string{"file", "assign", "field-separator", "include", "exec", "load", "source", "lint",
		"dump-variables", "profile", "pretty-print", "debug"}}

// noteInPlace marks the files an in-place editor changes (sed -i, perl -i,
// ruby -i) as changed with content corral does not know: a runner that
// reads one later in the command asks (readScript), and a file something
// runs by itself (a site directory's .pth, sitecustomize, VS Code's
// settings) is judged as a write whose text is only known at run time
// (siteWrite): the script can turn a commented line into code.
func (w *walker) noteInPlace(c scope, call *Call) {
	l := lang.ForProgram(call.Name)
	switch {
	case call.Name == "sed" || call.Name == "gsed":
		opts, ops := ScanOptions(call.Args, sedSpec)
		inPlace, script := false, false
		for _, o := range opts {
			inPlace = inPlace || o.Name == "i" || o.Name == "in-place"
			script = script || o.Name == "e" || o.Name == "expression" || o.Name == "f" || o.Name == "file"
		}
		if !inPlace {
			return
		}
		if !script && len(ops) > 0 {
			ops = ops[1:] // the first operand is the script
		}
		for _, i := range ops {
			w.inPlaceArg(c, call, call.Args[i])
		}
	case call.Name == "awk" || call.Name == "gawk":
		// gawk -i inplace / --include=inplace edits its file operands
		// (not var=value assignments) after the program text.
		opts, ops := ScanOptions(call.Args, awkInPlaceSpec)
		inPlace, program := false, true
		for _, o := range opts {
			if o.HasVal && (o.Name == "i" || o.Name == "include") && strings.TrimSuffix(o.Val.Value, ".awk") == "inplace" {
				inPlace = true
			}
			switch o.Name {
			case "f", "file", "e", "source", "E", "exec":
				program = false
			}
		}
		if !inPlace {
			return
		}
		if program && len(ops) > 0 {
			ops = ops[1:]
		}
		for _, i := range ops {
			if a := call.Args[i]; !(a.Static && strings.Contains(a.Value, "=") && !strings.Contains(a.Value, "/")) {
				w.inPlaceArg(c, call, a)
			}
		}
	case l == lang.Perl || l == lang.Ruby:
		inPlace := false
		for _, a := range call.Args {
			if a.Static && strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.Contains(strings.SplitN(a.Value, "e", 2)[0], "i") {
				inPlace = true
			}
		}
		if !inPlace {
			return
		}
		// The files are the operands after the code (-e CODE, or the
		// script file).
		_, ops := ScanOptions(call.Args, OptSpec{ShortVal: "eEIlMmrxCdD"})
		hasE := false
		for _, a := range call.Args {
			hasE = hasE || a.Value == "-e" || a.Value == "-E" || strings.HasSuffix(a.Value, "e") && strings.HasPrefix(a.Value, "-")
		}
		if !hasE && len(ops) > 0 {
			ops = ops[1:]
		}
		for _, i := range ops {
			w.inPlaceArg(c, call, call.Args[i])
		}
	}
}

func (w *walker) inPlaceArg(c scope, call *Call, a Arg) {
	d := call.Dir.Join(a.Value)
	if !a.Static || !d.Known {
		return
	}
	if w.referencing(d.Path) {
		// Read before the edit marks it changed (memoryedits.go).
		old, ok := w.readScript(d)
		w.setOpaque(d.Path)
		w.m.RunFileWrites = append(w.m.RunFileWrites, RunFileWrite{Call: call, Path: d.Path})
		w.referencingEdit(call, d.Path, old, ok)
		return
	}
	w.setOpaque(d.Path)
	w.siteWrite(c, call, d.Path, "", false)
}

// npmPkgSet models npm pkg set KEY=VALUE…: a value set under scripts is
// shell text npm runs later (npm pkg set scripts.test='rm -rf ~'; npm
// test), so it is judged where it is set, and the package.json corral
// reads afterwards holds it.
func (w *walker) npmPkgSet(c scope, call *Call) {
	w.npmConfigSet(c, call)
	// The shell texts it sets, under any key spelling (npmpkgset.go).
	w.npmPkgSetHooks(c, call)
	if call.Name != "npm" || len(call.Args) < 3 || call.Args[0].Value != "pkg" || call.Args[1].Value != "set" {
		return
	}
	path, text, ok := w.findUp(call.Dir, "package.json")
	var doc map[string]any
	if !ok || json.Unmarshal([]byte(text), &doc) != nil {
		doc = nil
	}
	changed := false
	for _, a := range call.Args[2:] {
		key, val, isSet := strings.Cut(a.Value, "=")
		if !isSet || strings.HasPrefix(a.Value, "-") {
			continue
		}
		name, isScript := strings.CutPrefix(key, "scripts.")
		if !isScript {
			continue
		}
		if doc != nil && a.Static {
			scripts, _ := doc["scripts"].(map[string]any)
			if scripts == nil {
				scripts = map[string]any{}
				doc["scripts"] = scripts
			}
			scripts[name] = val
			changed = true
		} else if path != "" {
			w.setOpaque(path)
			doc = nil
		}
	}
	if changed && doc != nil {
		if out, err := json.Marshal(doc); err == nil {
			w.setWritten(path, string(out))
		}
	}
}

// npmConfigSet models npm config set (npm set, pnpm config set) of the
// keys that name a program npm runs later: script-shell runs every
// package script (judged as the program it names), node-options is given
// to every node npm starts (asks: it can preload any module).
func (w *walker) npmConfigSet(c scope, call *Call) {
	if call.Name != "npm" && call.Name != "pnpm" {
		return
	}
	args := call.Args
	switch {
	case len(args) >= 2 && (args[0].Value == "config" || args[0].Value == "c") && args[1].Value == "set":
		args = args[2:]
	case len(args) >= 1 && args[0].Value == "set" && call.Name == "npm":
		args = args[1:]
	default:
		return
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a.Value, "-") {
			continue
		}
		key, val, eq := strings.Cut(a.Value, "=")
		valArg := Arg{Value: val, Raw: a.Raw, Static: a.Static}
		if !eq && i+1 < len(args) {
			valArg = args[i+1]
			i++
		}
		switch strings.ToLower(strings.ReplaceAll(key, "_", "-")) {
		case "script-shell":
			if !valArg.Static {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: valArg.Value,
					What: call.Name + " config set script-shell makes every package script run with " + clip(valArg.Raw, 40) + ", a program only known at run time"})
				continue
			}
			if f := strings.Fields(valArg.Value); len(f) > 0 {
				w.argvChild(c, call, []Arg{{Value: f[0], Raw: valArg.Raw, Static: true}}, call.Name+" config set script-shell", nil, call.Dir)
			}
		case "node-options":
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: valArg.Value,
				What: call.Name + " config set node-options gives every node it starts the options " + clip(valArg.Raw, 40) + ", which can load any module"})
		}
	}
}

// pathDirs are the directories of a PATH value known in whole, or of its
// known head (PATH=bin:$PATH: the last entry goes on at run time); ok is
// false when no entry is known.
func pathDirs(v variable) ([]string, bool) {
	switch {
	case v.known && v.set:
		return strings.Split(v.str, ":"), true
	case v.head != "":
		dirs := strings.Split(v.head, ":")
		return dirs[:len(dirs)-1], true
	}
	return nil, false
}

// pathProgram models a command found by name through PATH (bash's
// search_for_command) when the file found may be one the agent made: the
// file found there runs, and is read as a script. The PATH is the one the
// command changed (PATH=.:$PATH ls after writing ./ls) or the one it
// inherits, the hook's own (Options.Path), searched in order: the known
// directories a command put before the inherited PATH, the inherited
// PATH's, then the entries appended after it (PATH=$PATH:./bin). In each
// directory, a file this command writes, links or copies there runs
// (echo … > ~/.local/bin/git; git status); a program found first in one
// of the system's directories is the usual one and ends the search. A
// file on disk in a directory the command set is read whatever it is
// (the command may chmod it first); one on disk in a directory of the
// inherited PATH is read when the agent could have written it
// (inheritedProgram), as well as the name's own meaning, and the search
// ends at it. It reports whether the file found replaces the program the
// name is judged as.
func (w *walker) pathProgram(c scope, call *Call) bool {
	if call.Name == "" || strings.Contains(call.NameArg.Value, "/") || !call.NameArg.Static {
		return false
	}
	st := w.callState
	if st == nil {
		return false
	}
	if _, hashed := st.hashed[call.Name]; hashed || st.hashAny {
		return false // hash -p PATH NAME: no search (hashedCall)
	}
	dirs, ok := w.searchPath(call, st)
	if !ok {
		return false
	}
	for i, e := range dirs {
		if i >= maxPathEntries {
			return false
		}
		d := e.dir
		if d == "" {
			d = "." // an empty entry is the working directory
		}
		p := call.Dir.Join(d).Join(call.Name)
		if p.Known {
			if prog, ok := w.programs2[p.Path]; ok {
				// A link or copy of a program made in this command (ln -s
				// /bin/rm ./ls; PATH=.:$PATH ls): that program runs.
				w.runProgramCopy(c, call, prog, call.Name+" (found through PATH: a copy of "+prog+")")
				return true
			}
			if _, written := w.written[p.Path]; written || w.opaque[p.Path] {
				// A file this command writes there, before any program of
				// that name in a later directory (echo … >
				// ~/.local/bin/git; git status).
				w.runScriptFile(c, call, Arg{Value: p.Path, Raw: call.NameArg.Raw, Static: true})
				return true
			}
		}
		if filepath.IsAbs(d) && systemProgram(filepath.Clean(d)+"/") {
			// A system directory: its program, when it has one, is the
			// usual one and ends the search.
			if fi, ok := w.hookStat(filepath.Join(d, call.Name)); ok && fi.Mode().IsRegular() {
				return false
			}
			continue
		}
		if !p.Known {
			return false
		}
		if e.hook {
			if w.read == nil {
				return false
			}
			if w.inheritedProgram(c, call, p) {
				return false
			}
			continue
		}
		if w.read != nil {
			// Executable or not: the command may make it so before the
			// lookup (chmod +x bin/x && PATH=bin:$PATH x), and bash
			// skips a file it cannot run only then.
			if fi, err := os.Stat(p.Path); err == nil && fi.Mode().IsRegular() {
				if w.earlierRun(call, p, call.Name) {
					return true // a binary an earlier call decoded
				}
				if binaryFile(p.Path) {
					// A program that is not a script (a virtual
					// environment's python, a link to the system's): it
					// runs as itself, read by its name (python -c CODE).
					return false
				}
				w.runScriptFile(c, call, Arg{Value: p.Path, Raw: call.NameArg.Raw, Static: true})
				return true
			}
		}
	}
	return false
}

// pathEntry is a directory of the PATH a name is searched in; hook marks
// one of the PATH the shell inherits, the hook's own.
type pathEntry struct {
	dir  string
	hook bool
}

// searchPath returns the directories bash searches for call's name, in
// order, with the PATH of st (pathVar): a PATH the command set, or the
// inherited one (Options.Path) with what the command put before and
// after it. ok is false when none is known.
func (w *walker) searchPath(call *Call, st *state) ([]pathEntry, bool) {
	var hook []pathEntry
	if w.hookPath != "" {
		for _, d := range strings.Split(w.hookPath, ":") {
			hook = append(hook, pathEntry{dir: d, hook: true})
		}
	}
	add := func(out []pathEntry, list string) []pathEntry {
		for _, d := range strings.Split(list, ":") {
			out = append(out, pathEntry{dir: d})
		}
		return out
	}
	v, ok := w.pathVar(st)
	switch {
	case !ok:
		return hook, hook != nil
	case v.known && v.set:
		return add(nil, v.str), true
	case v.known:
		return nil, false // unset: shellPathProgram searches the working directory
	}
	var dirs []pathEntry
	if v.head != "" {
		dirs = add(nil, strings.TrimSuffix(v.head, ":"))
		if !strings.HasSuffix(v.head, ":") {
			dirs = dirs[:len(dirs)-1]
		}
	}
	if v.inherits || v.head != "" && !v.headOnly {
		switch {
		case hook != nil:
			dirs = append(dirs, hook...)
			if v.tail != "" {
				dirs = add(dirs, v.tail)
			}
		case v.tail != "" && !hookPathHas(call.Name):
			// PATH=$PATH:./bin tool: a name the inherited PATH lacks
			// is found in the entries appended after it.
			dirs = add(dirs, v.tail)
		}
	}
	return dirs, len(dirs) > 0
}

// hookStat is a file looked for in a directory of PATH.
type hookStat struct {
	fi os.FileInfo
	ok bool
}

// maxHookStats bounds the files looked for in PATH for one command.
const maxHookStats = 4096

// hookStat stats the file at p (following links) once per command.
func (w *walker) hookStat(p string) (os.FileInfo, bool) {
	if r, ok := w.hookStats[p]; ok {
		return r.fi, r.ok
	}
	fi, err := os.Stat(p)
	if w.hookStats == nil {
		w.hookStats = map[string]hookStat{}
	}
	if len(w.hookStats) < maxHookStats {
		w.hookStats[p] = hookStat{fi: fi, ok: err == nil}
	}
	return fi, err == nil
}

// inheritedProgram looks at p, call's name in a directory of the PATH
// the command inherits that is not one of the system's, and reports
// whether bash runs it (an executable file that is not a directory: the
// search ends there). A regular file there that the agent could have
// written (owned by the hook's user, or writable by it) and that is not
// a binary is read as the script the name runs (a text file without #!
// runs with sh; #! names its interpreter), as ./file is: one written by
// an earlier command (printf '#!/bin/sh\nrm -rf ~\n' >
// ~/.local/bin/cleanup) is judged where its name runs. A link is judged
// by its target (npm's bin links lead to .js files); a target in a
// system directory is the system's program, not read.
func (w *walker) inheritedProgram(c scope, call *Call, p Dir) bool {
	fi, ok := w.hookStat(p.Path)
	if !ok || fi.IsDir() {
		return false
	}
	if !fi.Mode().IsRegular() {
		return true // a device or a FIFO: never read
	}
	if fi.Mode()&0o111 == 0 {
		return false // bash runs a later executable of that name
	}
	real, err := resolveOrdinary(p.Path)
	if err != nil || systemProgram(real) || !ownedByUs(real) && !writableByUs(real) {
		return true
	}
	if w.earlierRun(call, Dir{Path: real, Known: true}, call.Name) || binaryFile(real) {
		return true // a binary: judged by its name
	}
	// A script that runs itself by name with the same words while it is
	// read (a pyenv or rbenv shim: exec pyenv exec "$program" "$@",
	// which runs the real program once pyenv has changed PATH) is read
	// once: reading it again tells nothing new.
	key := real
	for _, a := range call.Args {
		if !a.Static {
			key += "\x00$"
			break
		}
		key += "\x00" + a.Value
	}
	if slices.Contains(w.hookReading, key) {
		return true
	}
	w.hookReading = append(w.hookReading, key)
	w.hookCalls = append(w.hookCalls, hookRun{call: call})
	defer func() {
		w.hookReading, w.hookCalls = w.hookReading[:len(w.hookReading)-1], w.hookCalls[:len(w.hookCalls)-1]
	}()
	w.runScriptFile(c, call, Arg{Value: real, Raw: call.NameArg.Raw, Static: true})
	return true
}

// hookRun is a script found through the inherited PATH being read: the
// call that runs it and the environment it starts with.
type hookRun struct {
	call *Call
	env  *state
}

// rerunWrapper reports the commands a shim runs its own name through
// with the words it was given: exec, and the version managers' exec,
// which run the real program once they have put its version first on
// PATH. A switch, not a map, so that nothing is built when the hook
// starts (internal/lazy's TestNothingBuiltAtStartup).
func rerunWrapper(name string) bool {
	switch name {
	case "exec", "command", "asdf", "rbenv", "pyenv", "nodenv", "goenv", "jenv", "plenv":
		return true
	}
	return false
}

// hookRerun reports a call, in a script found through the inherited PATH
// and read as that name runs it, that runs the same name again with the
// words the script was given, forwarded as "$@" (a pyenv or asdf shim:
// exec "$PYENV_ROOT/libexec/pyenv" exec "$program" "$@"), through exec
// or a version manager only, without redirections or assignments: the
// name with those words is the call that ran the script, judged by its
// meaning where it was written (pip download x is moved into the sandbox
// there), so the shim's copy adds nothing. Any other call in the script,
// another name, or the words used otherwise (rm -rf "$1") is judged. A
// call that forwards them the same way after the script changed the
// environment it exports is judged with that environment and marked as
// the typed call again (Call.Forwards).
func (w *walker) hookRerun(call *Call, ce *sh.CallExpr, st *state) bool {
	if len(w.hookCalls) == 0 || ce == nil {
		return false
	}
	run := w.hookCalls[len(w.hookCalls)-1]
	outer := run.call
	if run.env == nil || call.Name != outer.Name || len(call.Redirs) > 0 || len(ce.Assigns) > 0 || call.ExtraArgs ||
		!call.Dir.Known || call.Dir != outer.Dir {
		return false
	}
	var own []string // the version managers' own variables (PYENV_ROOT)
	for _, wr := range call.Wrappers {
		if !rerunWrapper(wr) {
			return false
		}
		if wr != "exec" && wr != "command" {
			own = append(own, strings.ToUpper(wr)+"_", "_"+strings.ToUpper(wr)+"_")
		}
	}
	// The environment it runs with is the one the script was given, but
	// for the version manager's own settings: an export in the script
	// (GIT_SSH_COMMAND, LD_PRELOAD) changes what the name does.
	sameVar := func(a, b variable) bool { return reflect.DeepEqual(a, b) }
	ownVar := func(k string) bool {
		if k == "_" {
			return true // bash's last word
		}
		for _, p := range own {
			if strings.HasPrefix(k, p) {
				return true
			}
		}
		return false
	}
	var changed []string
	for k, v := range st.vars {
		if o, ok := run.env.vars[k]; (v.exported || ok && o.exported) && !ownVar(k) && (!ok || !sameVar(v, o)) {
			changed = append(changed, k)
		}
	}
	for k, o := range run.env.vars {
		if _, ok := st.vars[k]; o.exported && !ok && !ownVar(k) {
			changed = append(changed, k)
		}
	}
	for _, a := range call.Args {
		if a.Raw != `"$@"` && a.Raw != `"${@}"` {
			return false
		}
	}
	known := !outer.ExtraArgs
	for _, a := range outer.Args {
		known = known && a.Static
	}
	if !known {
		// The script's words are only known at run time ("$@" is not
		// known): the call forwards them, whatever they are.
		if len(call.Args) != 1 || call.Args[0].Static {
			return false
		}
	} else {
		if len(call.Args) != len(outer.Args) {
			return false
		}
		for i, a := range call.Args {
			if !a.Static || a.Value != outer.Args[i].Value {
				return false
			}
		}
	}
	if len(changed) == 0 {
		return true
	}
	// A wrapper that changes the environment first (GIT_CONFIG_GLOBAL=…;
	// export GIT_CONFIG_GLOBAL; exec /usr/bin/git "$@"): the call is
	// judged with that environment, as if it were set on the typed
	// command (GIT_SSH_COMMAND or a configuration's code is found
	// here), and what it acquires is the typed call's (Call.Forwards).
	slices.Sort(changed)
	call.Forwards, call.ForwardEnv = outer, changed
	return false
}

// runScriptFile reads the script file a that call runs as its program
// (./x a b, a name PATH finds), with call's words its positional
// parameters.
func (w *walker) runScriptFile(c scope, call *Call, a Arg) {
	saved := w.runArgs
	w.runArgs = call
	defer func() { w.runArgs = saved }()
	w.scriptFile(c, call, a, "")
}

// fdScript models a script file that names one of call's own descriptors
// (bash /dev/stdin, python3 /dev/fd/3 3<<<'…', source /proc/self/fd/0):
// the program is what that descriptor carries — a here-document or
// here-string, what the stage before it in a pipeline writes (a download
// piped in is pipe-shell's), a process substitution's output, or the
// file a redirection opened on it. as is scriptFile's. A descriptor the
// command does not set is the agent's, which gives no program.
func (w *walker) fdScript(c scope, call *Call, n int, as string) {
	w.streamScript(c, call, call.Fd(n), n == 0, as)
}

// streamScript is fdScript for the stream s a descriptor points at
// (stdin: it is the call's standard input, or may be).
func (w *walker) streamScript(c scope, call *Call, s Stream, stdin bool, as string) {
	if text, dynamic, ok, isPipe := w.otherPipeText(c, s); isPipe {
		// . /dev/fd/${P[0]}: what the coprocess prints.
		if !ok {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
				What: call.Name + " runs a script it reads from a coprocess whose output only run time knows"})
			return
		}
		if as == "" || as == "sh" {
			w.child(c, call, text, nil, call.Name+" coprocess", dynamic)
		} else {
			w.program(c, call, lang.Lang(as), text, call.Name+" coprocess", dynamic, "")
		}
		return
	}
	if s.Kind == StreamPipe && s.Pipe != nil && s.Pipe.Subst == "<(" {
		w.procFile(c, call, s.Pipe, as)
		return
	}
	if r, ok := s.File(); ok && (r.Op == "<" || r.Op == "<>") && r.Target.Static {
		if _, again := fdPath(r.Target.Value); !again {
			w.scriptFile(c, call, r.Target, as)
		}
		return
	}
	var texts []stdinText
	if stdin || s.Same(call.Fd(0)) {
		texts = w.codeOnStdin(c, call) // also 3<&0
	} else if text, static, ok := s.Text(); ok {
		kind := "here-document"
		if s.Redirect.Op == "<<<" {
			kind = "here-string"
		}
		texts = append(texts, stdinText{text: text, kind: kind, dynamic: !static})
	}
	for _, in := range texts {
		label := call.Name + " " + in.kind
		if as == "" || as == "sh" {
			w.child(c, call, in.text, nil, label, in.dynamic)
			continue
		}
		w.program(c, call, lang.Lang(as), in.text, label, in.dynamic, "")
	}
}

// binaryFile reports a file that starts as an ELF or Mach-O program.
func binaryFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var head [4]byte
	n, _ := f.Read(head[:])
	h := string(head[:n])
	return h == "\x7fELF" || h == "\xcf\xfa\xed\xfe" || h == "\xce\xfa\xed\xfe" || h == "\xca\xfe\xba\xbe"
}

// pathVenv judges the virtual environment whose bin directory PATH leads
// call's program to (source .venv/bin/activate; python …): it reports
// whether PATH led to a program in a directory that is not a system one.
func (w *walker) pathVenv(c scope, call *Call) bool {
	if call.Name == "" || !call.NameArg.Static || w.callState == nil || w.read == nil {
		return false
	}
	v, ok := w.pathVar(w.callState)
	if !ok {
		return false
	}
	var dirs []string
	switch {
	case v.known && v.set:
		dirs = strings.Split(v.str, ":")
	case v.head != "":
		dirs = strings.Split(v.head, ":")
		dirs = dirs[:len(dirs)-1]
	}
	for i, d := range dirs {
		if i >= 64 {
			break
		}
		if d == "" {
			d = "."
		}
		p := call.Dir.Join(d).Join(call.Name)
		if !p.Known {
			return false
		}
		fi, err := os.Stat(p.Path)
		if err != nil || !fi.Mode().IsRegular() || fi.Mode()&0o111 == 0 {
			continue
		}
		if filepath.IsAbs(p.Path) && systemProgram(filepath.Dir(p.Path)+"/") {
			return false
		}
		if w.venvRoot(p) == "" {
			return false
		}
		w.venvSite(c, call, p)
		return true
	}
	return false
}

// shebangOptions models the options of a script's #! line when the
// kernel's command line differs from running the file in its language:
// Linux passes everything after the interpreter as one argument, so
// "#!/usr/bin/env -S python3 -c CODE" runs env with "-S python3 -c CODE"
// and the script's path, and env -S splits that into python3 -c CODE
// FILE: CODE runs, not the file. That command line is read as shell text
// (env -S is modelled as env does it). Other interpreters' options are
// theirs (#!/bin/sh -e), read with the file as before.
func (w *walker) shebangOptions(c scope, call *Call, name, text string) {
	if !strings.HasPrefix(text, "#!") {
		return
	}
	line, _, _ := strings.Cut(text[2:min(len(text), 4096)], "\n")
	line = strings.TrimSpace(strings.TrimRight(line, "\r"))
	interp, arg, _ := strings.Cut(line, " ")
	if i := strings.IndexByte(interp, '\t'); i >= 0 {
		interp, arg = interp[:i], interp[i+1:]+" "+arg
	}
	arg = strings.TrimSpace(arg)
	if filepath.Base(interp) != "env" || !strings.HasPrefix(arg, "-") || strings.HasPrefix(arg, "--") && !strings.HasPrefix(arg, "--split-string") {
		return
	}
	if opts, _, _ := strings.Cut(arg, " "); !strings.HasPrefix(arg, "--split-string") && !strings.Contains(opts, "S") {
		return // env -i, env -u NAME: no splitting, one program name
	}
	cmd := "env " + Quote(arg) + " " + Quote(name)
	for _, x := range call.Args {
		if !x.Static {
			break
		}
		cmd += " " + Quote(x.Value)
	}
	w.runTaskText(c, call, call.Dir, cmd, name+" (#! line)", false)
}

// shebangCommand judges a script run directly whose #! line names a
// program that is no language corral reads as the command line the
// kernel makes of it: the interpreter, the rest of the line as one
// argument (Linux does not split it), the script's path, and the words
// the script was given. #!/usr/bin/make -f runs make -f ./rules clean,
// whose recipes are make's (./debian/rules clean, a #!/usr/bin/awk -f
// script's system(), a #!/usr/bin/sed -f script's e command, a
// #!/usr/bin/gdb -x script's shell: each was allowed). The env -S
// line is shebangOptions'; a word only known at run time ends the words.
func (w *walker) shebangCommand(c scope, call *Call, name, text string) {
	line, _, _ := strings.Cut(text[2:min(len(text), 4096)], "\n")
	line = strings.TrimSpace(strings.TrimRight(line, "\r"))
	interp, arg, _ := strings.Cut(line, " ")
	if i := strings.IndexByte(interp, '\t'); i >= 0 {
		interp, arg = interp[:i], interp[i+1:]+" "+arg
	}
	arg = strings.TrimSpace(arg)
	if interp == "" || filepath.Base(interp) == "env" && strings.HasPrefix(arg, "-") {
		return // #!/usr/bin/env -S …: shebangOptions
	}
	cmd := Quote(interp)
	if arg != "" {
		cmd += " " + Quote(arg)
	}
	cmd += " " + Quote(name)
	for _, x := range call.Args {
		if !x.Static {
			break
		}
		cmd += " " + Quote(x.Value)
	}
	w.runTaskText(c, call, call.Dir, cmd, name+" (#! line)", false)
}

// isFunc reports a shell function of that name defined where the walk is.
func (w *walker) isFunc(name string) bool {
	if w.cur == nil {
		return false
	}
	_, ok := w.cur.funcs[name]
	return ok
}

// ModelsWrites reports a call whose writes the shell model follows
// itself, so that a later read of what it writes needs no question from
// the rules (rewrite/changed_here.go): copies, moves and links (the
// source's text, or a program's name, goes with the name), and the
// builds of compilers and of go, cargo and rustc (a program made from
// sources the model judges where they are compiled).
func ModelsWrites(call *Call) bool {
	if _, ok := CopyOptions(call.Name); ok || isCompilerName(call.Name) {
		return true
	}
	switch call.Name {
	case "tee", "rustc":
		return true
	case "go", "cargo":
		return len(call.Args) > 0 && (call.Args[0].Value == "build" || call.Args[0].Value == "install")
	}
	return false
}
