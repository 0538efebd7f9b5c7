package syntax

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// Task runners run text from a file of the project: just's recipes,
// deno's tasks, rake's Rakefile, tox's commands and the setup.py that pip
// runs to install a local project.
// The agent can write that file and run the runner in the same command,
// or in the next one, so each is read like a Makefile: the text that runs
// is modelled as the shell text (or the language) it is, and the part
// only known when the runner runs (just's {{…}}, tox's {posargs}) asks
// when it names a command that acquires content or can destroy data.

// taskRun models call when it is a task runner; it reports whether call
// was handled.
func (w *walker) taskRun(c scope, call *Call) bool {
	if strings.TrimRight(call.Name, "0123456789.") == "pydoc" {
		// pydoc, pydoc3, pydoc3.12: the modules it documents are imported.
		w.pydocRun(c, call, call.Name, call.Args)
		return true
	}
	switch call.Name {
	case "just":
		w.justRun(c, call)
		return true
	case "deno":
		return w.denoTask(c, call)
	case "rake":
		w.rakeRun(c, call)
		return true
	case "tox":
		w.toxRun(c, call)
		return true
	case "pip", "pip3":
		w.pipInstall(c, call, call.Args)
		return true
	case "uv", "poetry", "pdm", "hatch", "pyproject-build", "pipx":
		return w.pythonBuild(c, call, call.Args)
	case "direnv":
		return w.direnvAllow(c, call)
	case "turbo":
		return w.turboRun(c, call)
	case "ninja", "samu":
		w.ninjaClean(c, call) // ninja -t clean: the build's outputs
		return w.ninjaRun(c, call)
	case "lerna":
		w.lernaRun(c, call)
		return false
	case "nx":
		w.nxRun(c, call)
		return false
	case "dotnet", "msbuild", "xbuild":
		w.msbuildRun(c, call)
		return false // dotnet script, dotnet-foo: read elsewhere
	case "zig", "swift":
		return w.codeBuild(c, call)
	case "devbox":
		return w.devboxRun(c, call) // devbox run CMD is the wrapper's too
	case "makers":
		w.cargoMake(c, call, call.Dir, call.Args)
		return true
	case "task", "go-task":
		w.taskRunFile(c, call)
		return true
	case "erb":
		w.erbRun(c, call)
		return true
	case "gem":
		w.gemBuild(c, call)
		return false // gem install and the rest are read elsewhere
	case "prove":
		w.proveRun(c, call)
		return true
	case "snapcraft":
		w.snapcraftRun(c, call) // projectrunners.go
		return true
	case "nimble":
		w.nimbleRun(c, call) // projectrunners.go
		return true
	case "nim":
		w.nimRun(c, call) // projectrunners.go
		return false
	case "lein":
		w.leinRun(c, call) // projectrunners.go
		return false       // project.clj is configtools.go's
	case "mise":
		w.miseRun(c, call)
		w.miseHooks(c, call)
		return false // mise exec and the rest are read elsewhere
	}
	return false
}

// direnvAllow models direnv allow [PATH] (permit, grant): the .envrc of
// PATH (a directory, or the file itself; the working directory by
// default) is trusted, and from then on runs in the user's shell each time
// it enters the directory, outside the agent and any hook. It is read and
// judged now, as if sourced.
func (w *walker) direnvAllow(c scope, call *Call) bool {
	if len(call.Args) == 0 {
		return false
	}
	switch call.Args[0].Value {
	case "allow", "permit", "grant":
	default:
		return false
	}
	target := "."
	for _, a := range call.Args[1:] {
		if !strings.HasPrefix(a.Value, "-") {
			if !a.Static {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
					What: "direnv allow trusts the .envrc of " + a.Raw + ", a path only known at run time"})
				return true
			}
			target = a.Value
			break
		}
	}
	file := target
	if filepath.Base(target) != ".envrc" && filepath.Base(target) != ".env" {
		file = filepath.Join(target, ".envrc")
	}
	w.scriptFile(c, call, Arg{Value: file, Raw: file, Static: true}, "sh")
	return true
}

// pythonPip models python -m pip install … and python -m tox: their own
// options follow -m pip, -m tox; the modules of pyModuleCommands run as
// their commands.
func (w *walker) pythonPip(c scope, call *Call) {
	if lang.ForProgram(call.Name) != lang.Python {
		return
	}
	m, rest, ok := PythonModuleArgs(call)
	if !ok {
		return
	}
	switch m.Value {
	case "pip":
		w.pipInstall(c, call, rest)
	case "pytest":
		w.pytestRun(c, call, rest)
	case "build":
		inner := *call
		inner.Name = "pyproject-build"
		w.pythonBuild(c, &inner, rest)
	case "unittest":
		w.unittestRun(c, call, rest)
	case "doctest":
		w.doctestRun(c, call, rest)
	case "nox":
		w.noxRun(c, call, rest)
	case "runpy":
		// python3 -m runpy MODULE ARGS: runpy's own command line runs
		// MODULE as python3 -m MODULE would (red team 20 ML1).
		if len(rest) > 0 {
			w.argvChild(c, call, append([]Arg{{Value: call.Name, Raw: call.Name, Static: true}, {Value: "-m", Raw: "-m", Static: true}}, rest...), call.Name+" -m runpy", call.env, call.Dir)
		}
	case "pdb", "cProfile", "profile", "trace", "coverage":
		w.pyRunScript(c, call, m.Value, rest)
	case "IPython":
		// python3 -m IPython ARGS is the ipython front end.
		w.ipythonRun(c, call, rest)
	case "pydoc":
		w.pydocRun(c, call, call.Name+" -m pydoc", rest)
	case "inspect":
		w.inspectRun(c, call, call.Name+" -m inspect", rest)
	case "pickle", "pickletools":
		// python3 -m pickle FILE…: each file is unpickled (pickletools
		// only disassembles, but -m pickle is its look-alike).
		if m.Value == "pickletools" {
			return
		}
		for _, a := range rest {
			if a.Static && !strings.HasPrefix(a.Value, "-") {
				w.pickleFile(c, call, a.Value, call.Name+" -m pickle")
			}
		}
	case "tox":
		// python -m tox: tox with its own words.
		inner := *call
		inner.Args = rest
		w.toxRun(c, &inner)
	default:
		// python -m MODULE ARGS is the MODULE's command line when
		// the module is a command corral models (python3 -m
		// jupyter nbconvert --execute NB, -m twine upload).
		if m.Static && len(pyModuleCommands.Get()[m.Value]) > 0 {
			var words []Arg
			for _, v := range pyModuleCommands.Get()[m.Value] {
				words = append(words, Arg{Value: v, Raw: v, Static: true})
			}
			words = append(words, rest...)
			w.argvChild(c, call, words, call.Name+" -m "+m.Value, call.env, call.Dir)
		}
	}
}

// PythonModuleArgs returns the module python -m runs (python3 -X dev -m
// unittest, -W ignore -mpytest, -u -B -m pip) and the words after it,
// read with python's own option table: an option that takes a value
// (-X OPT, -W ARG, -Q, --check-hash-based-pycs MODE) takes the next
// word, and -c CODE or a script file ends the options with no module.
func PythonModuleArgs(call *Call) (module Arg, rest []Arg, ok bool) {
	if call == nil || lang.ForProgram(call.Name) != lang.Python {
		return Arg{}, nil, false
	}
	spec, found := interpSpecFor(lang.Python, strings.TrimRight(call.Name, "0123456789."))
	if !found {
		return Arg{}, nil, false
	}
	opts, _ := ScanOptions(call.Args, spec.opts)
	for _, o := range opts {
		switch {
		case o.Name == "c":
			return Arg{}, nil, false
		case o.Name == "m" && o.HasVal:
			next := o.Idx + 1
			if !o.Attached {
				next = o.Idx + 2
			}
			return o.Val, call.Args[min(next, len(call.Args)):], true
		}
	}
	return Arg{}, nil, false
}

// findUp returns the first of names found in dir or a directory above
// it, with the directory it was found in.
func (w *walker) findUp(dir Dir, names ...string) (path, text string, ok bool) {
	if !dir.Known {
		return "", "", false
	}
	d := dir.Path
	for k := 0; k < 32; k++ {
		for _, n := range names {
			p := filepath.Join(d, n)
			if t, found := w.readScript(Dir{Path: p, Known: true}); found {
				return p, t, true
			}
		}
		if d == "/" {
			break
		}
		d = filepath.Dir(d)
	}
	return "", "", false
}

// taskFile reads a runner's file: the one an option names (file, from
// dir), or the first of names found from dir upwards.
func (w *walker) taskFile(dir Dir, file string, names ...string) (path, text string, ok bool) {
	if file == "" {
		return w.findUp(dir, names...)
	}
	d := dir.Join(file)
	text, ok = w.readScript(d)
	return d.Path, text, ok
}

// runTaskText models one piece of shell text a task runner runs at
// where: plain text as a nested script with the runner's call, text with
// the runner's own substitutions as hidden code.
func (w *walker) runTaskText(c scope, call *Call, dir Dir, text, where string, substituted bool) {
	if strings.TrimSpace(text) == "" {
		return
	}
	if substituted {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: text,
			What: where + " holds values only known when " + call.Name + " runs, so its commands are only known then"})
		return
	}
	inner := *call
	inner.Dir = dir
	if w.taskEnv != nil {
		inner.env = w.taskEnv
	}
	w.origin = where
	w.child(c, &inner, text, nil, call.Name+" task", false)
	w.origin = ""
}

// justSpec is just's options (just --help, 1.x; clap, so long options are
// not abbreviated). --set takes two words, read as NAME here and VALUE
// skipped below; -c/--command ends the options: the words after it are a
// command line just runs.
var justSpec = OptSpec{ShortVal: "fdcE", LongEq: true,
	LongVal: []string{"justfile", "working-directory", "command", "set", "shell", "shell-arg", "dotenv-filename",
		"dotenv-path", "color", "command-color", "chooser", "completions", "dump-format", "list-heading", "list-prefix",
		"list-submodules", "request", "timestamp-format", "show", "usage", "alias-style", "tempdir", "ceiling",
		"cygpath", "log-level"},
	LongFlag: []string{"changelog", "check", "choose", "clear-shell-args", "dry-run", "dump", "edit", "evaluate",
		"explain", "fmt", "global-justfile", "groups", "help", "highlight", "init", "list", "man", "no-aliases",
		"no-deps", "no-dotenv", "no-highlight", "one", "quiet", "shell-command", "summary", "timestamps", "unsorted",
		"unstable", "variables", "verbose", "version", "yes", "allow-missing"},
	End: []string{"c", "command"}}

// justNoRun are just's options that print, edit or check the justfile
// instead of running a recipe.
var justNoRun = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"l": true, "list": true, "n": true, "dry-run": true, "s": true, "show": true,
		"summary": true, "dump": true, "evaluate": true, "variables": true, "fmt": true, "init": true, "e": true,
		"edit": true, "h": true, "help": true, "V": true, "version": true, "changelog": true, "completions": true,
		"man": true, "groups": true, "check": true, "usage": true, "request": true, "choose": false}
}}

// justfileNames are the names just looks for, in each directory upwards
// (it matches "justfile" case-insensitively, and .justfile).
var justfileNames = []string{"justfile", "Justfile", "JUSTFILE", ".justfile"}

// justRun models just [options] [recipe [args…]]…: the recipes it runs,
// with their dependencies, from the justfile (-f FILE, or found upwards
// from -d DIR or the directory). A recipe with a #! line runs in that
// interpreter; backticks in assignments run whenever the justfile is
// read; --command runs its words; --shell runs recipes in another
// program, which asks.
func (w *walker) justRun(c scope, call *Call) {
	args := call.Args
	opts, operands := ScanOptions(args, justSpec)
	dir := call.Dir
	file := ""
	skip := map[int]bool{}
	command := -1
	shell := ""
	var dotenvFile *Arg
	noDotenv := false
	for _, o := range opts {
		if justNoRun.Get()[o.Name] {
			return
		}
		switch o.Name {
		case "f", "justfile":
			if o.HasVal {
				file = o.Val.Value
			}
		case "d", "working-directory":
			dir = w.optionDir(dir, o) // a pattern, a run-time value: dirword.go
		case "set":
			if o.Idx+1 < len(args) && o.HasVal {
				skip[o.Idx+1] = true
			}
		case "c", "command":
			command = o.Idx
		case "shell":
			if o.HasVal {
				shell = o.Val.Value
			}
		case "dotenv-filename", "dotenv-path":
			if o.HasVal {
				dotenvFile = &o.Val
			}
		case "no-dotenv":
			noDotenv = true
		}
	}
	if command >= 0 {
		// just --command CMD ARGS…: the command runs with the
		// justfile's variables exported; its own words are a command.
		var words []string
		for _, a := range args[command:] {
			if a.Value == "-c" || a.Value == "--command" {
				continue
			}
			words = append(words, a.Value)
		}
		if v, ok := strings.CutPrefix(args[command].Value, "--command="); ok {
			words = append([]string{v}, words...)
		}
		if len(words) > 0 {
			w.runTaskText(c, call, dir, quoteArgv(words), "just --command", false)
		}
		return
	}
	var known bool
	if dir, known = w.taskDir(call, dir, file, "its justfile"); !known {
		return
	}
	path, text, ok := w.taskFile(dir, file, justfileNames...)
	if !ok {
		return
	}
	jf := parseJustfile(text)
	w.justImports(&jf, filepath.Dir(path), 0)
	if shell == "" {
		shell = jf.shell
	}
	base := filepath.Base(path)
	runDir := Dir{Path: filepath.Dir(path), Known: true}
	if shell != "" && !IsShell(shell) {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: shell,
			What: "just runs recipes with " + clip(shell, 40) + ", not a shell corral reads"})
		return
	}
	if (jf.dotenv || dotenvFile != nil) && !noDotenv {
		// The recipes and backticks run with the env file's variables,
		// exported (just loads it from the justfile's directory).
		env := call.env
		if env == nil {
			env = w.cur.exportedOnly(runDir, w.home)
		} else {
			env = env.clone()
		}
		file := Arg{Value: ".env", Raw: ".env", Static: true}
		var must, maybe []Arg
		switch {
		case dotenvFile != nil:
			must = []Arg{*dotenvFile}
		case jf.dotenvFile != "":
			must = []Arg{{Value: jf.dotenvFile, Raw: jf.dotenvFile, Static: true}}
		default:
			maybe = []Arg{file}
		}
		w.loadEnvFiles(env, runDir, must, maybe)
		saved := w.taskEnv
		w.taskEnv = env
		defer func() { w.taskEnv = saved }()
	}
	for _, b := range jf.backticks {
		w.runTaskText(c, call, runDir, b.text, fmt.Sprintf("%s:%d (backtick)", base, b.line), strings.Contains(b.text, "{{"))
	}
	var goals []string
	for _, i := range operands {
		if skip[i] {
			continue
		}
		v := args[i].Value
		if mod, _, isPath := strings.Cut(v, "::"); (isPath || slices.Contains(jf.mods, v)) && args[i].Static {
			if isPath {
				v = mod
			}
			if slices.Contains(jf.mods, v) {
				// A module's recipes live in another file (mod NAME):
				// not read.
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: args[i].Value,
					What: "just runs a recipe of the module " + clip(v, 40) + ", whose justfile corral does not read"})
				return
			}
		}
		if !args[i].Static {
			// A recipe named at run time: any of them.
			goals = jf.order
			break
		}
		if _, isRecipe := jf.recipes[jf.resolve(v)]; isRecipe {
			goals = append(goals, jf.resolve(v))
		}
	}
	if len(operands) == 0 && jf.def != "" {
		goals = []string{jf.def}
	}
	seen := map[string]bool{}
	var run func(name string, depth int)
	run = func(name string, depth int) {
		r, ok := jf.recipes[name]
		if !ok || seen[name] || depth > 64 {
			return
		}
		seen[name] = true
		for _, d := range r.before {
			run(jf.resolve(d), depth+1)
		}
		file := base
		if r.file != "" {
			file = r.file
		}
		where := fmt.Sprintf("%s:%d (recipe %s)", file, r.line, name)
		switch {
		case len(r.body) > 0 && strings.HasPrefix(r.body[0].text, "#!"):
			w.justShebang(c, call, runDir, r, where)
		case r.script != "" && len(r.body) > 0:
			// [script("python3")]: the body is a script file run by
			// that command, read as a #! line naming it would be.
			interp := r.script
			if interp == justBareScript {
				interp = jf.scriptInterp
			}
			if interp == "" {
				interp = "sh -eu" // just's default script-interpreter
			}
			sr := r
			sr.body = append([]justLine{{text: "#!/usr/bin/env " + interp, line: r.line}}, r.body...)
			w.justShebang(c, call, runDir, sr, where)
		default:
			for _, l := range r.body {
				t := strings.TrimLeft(l.text, "@-")
				w.runTaskText(c, call, runDir, strings.ReplaceAll(t, "{{{{", "{{"),
					fmt.Sprintf("%s:%d (recipe %s)", file, l.line, name), strings.Contains(strings.ReplaceAll(t, "{{{{", ""), "{{"))
			}
		}
		for _, d := range r.after {
			run(jf.resolve(d), depth+1)
		}
	}
	for _, g := range goals {
		run(g, 0)
	}
}

// justImports adds the recipes of the files jf imports (relative to its
// directory dir), followed to a bounded depth; a recipe of the importing
// file wins.
func (w *walker) justImports(jf *justfile, dir string, depth int) {
	if depth > 8 {
		return
	}
	for _, imp := range jf.imports {
		p := imp
		if strings.HasPrefix(p, "~/") {
			p = filepath.Join(w.home, p[2:])
		} else if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		text, ok := w.readScript(Dir{Path: filepath.Clean(p), Known: true})
		if !ok {
			continue
		}
		sub := parseJustfile(text)
		w.justImports(&sub, filepath.Dir(p), depth+1)
		for _, name := range sub.order {
			if _, have := jf.recipes[name]; !have {
				r := sub.recipes[name]
				if r.file == "" {
					r.file = filepath.Base(p)
				}
				jf.recipes[name] = r
				jf.order = append(jf.order, name)
			}
		}
		for k, v := range sub.aliases {
			if _, have := jf.aliases[k]; !have {
				jf.aliases[k] = v
			}
		}
		jf.backticks = append(jf.backticks, sub.backticks...)
		jf.mods = append(jf.mods, sub.mods...)
		if jf.def == "" {
			jf.def = sub.def
		}
	}
}

// justShebang models a recipe whose body starts with #!: just writes it
// to a file and runs it with that interpreter.
func (w *walker) justShebang(c scope, call *Call, dir Dir, r justRecipe, where string) {
	var b strings.Builder
	for _, l := range r.body {
		b.WriteString(l.text)
		b.WriteByte('\n')
	}
	text := b.String()
	if strings.Contains(text, "{{") {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: text,
			What: where + " holds values only known when just runs, so its commands are only known then"})
		return
	}
	l := lang.ForFile("recipe", text)
	inner := *call
	inner.Dir = dir
	switch {
	case l != "":
		w.program(c, &inner, l, text, where, false, where)
	case IsShell(filepath.Base(strings.Fields(strings.TrimPrefix(r.body[0].text, "#!") + " sh")[0])) || strings.Contains(r.body[0].text, "env bash") || strings.Contains(r.body[0].text, "env sh"):
		w.runTaskText(c, call, dir, text, where, false)
	default:
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: text,
			What: where + " runs with " + clip(r.body[0].text, 40) + ", which corral does not read"})
		// The interpreter's own words run whatever the body holds:
		// #!/usr/bin/env -S cat .env, [script('cat', '.env')] print the
		// file before the script's path (just adds that path last).
		f := strings.Fields(strings.TrimPrefix(r.body[0].text, "#!"))
		for len(f) > 0 && (filepath.Base(f[0]) == "env" || strings.HasPrefix(f[0], "-")) {
			f = f[1:]
		}
		if len(f) > 1 {
			w.runTaskText(c, call, dir, strings.Join(f, " "), where, false)
		}
	}
}

type justLine struct {
	text string
	line int
}

type justRecipe struct {
	// file is the base name of the file an imported recipe is in.
	file          string
	line          int
	body          []justLine
	before, after []string
	// script is the command a [script(…)] attribute names (its words
	// joined by blanks), or the justfile's script-interpreter (sh -eu by
	// default) for a bare [script]: just writes the body to a file and
	// runs it with that command, as for a #! line. "" otherwise.
	script string
}

type justfile struct {
	// imports are the files import pulls in (their recipes are the
	// justfile's); mods the names of modules (mod NAME).
	imports   []string
	mods      []string
	recipes   map[string]justRecipe
	order     []string
	aliases   map[string]string
	def       string
	shell     string
	backticks []justLine
	// dotenv reports set dotenv-load (or a dotenv file setting): the
	// recipes run with ./.env's variables (dotenvFile's, when set) in
	// their environment.
	dotenv     bool
	dotenvFile string
	// scriptInterp is set script-interpreter := [...]'s command, the one
	// a bare [script] recipe runs with ("" for just's sh -eu).
	scriptInterp string
}

func (jf justfile) resolve(name string) string {
	if a, ok := jf.aliases[name]; ok {
		return a
	}
	return name
}

var (
	justRecipeHead = lazy.Regexp{Expr: `^@?([A-Za-z_][A-Za-z0-9_-]*)(\s[^:]*)?:(?:[^=]|$)`}
	justAlias      = lazy.Regexp{Expr: `^alias\s+([A-Za-z_][A-Za-z0-9_-]*)\s*:=\s*([A-Za-z_][A-Za-z0-9_-]*)`}
	justShellSet   = lazy.Regexp{Expr: `^set\s+(?:windows-)?shell\s*:=\s*\[\s*['"]([^'"]+)['"]`}
	// set dotenv-load [:= true], set dotenv-filename/dotenv-path := "F"
	// (which load F), set dotenv-required: recipes get the file's
	// variables in their environment.
	justDotenvSet = lazy.Regexp{Expr: `^set\s+dotenv-(load|filename|path|required)\s*(?::=\s*(true|false|['"]([^'"]*)['"]))?\s*(?:#.*)?$`}
	justBacktick  = lazy.Regexp{Expr: "`([^`]*)`"}
	justImport    = lazy.Regexp{Expr: `^import\??\s+['"]([^'"]+)['"]`}
	justMod       = lazy.Regexp{Expr: `^mod\??\s+([A-Za-z_][A-Za-z0-9_-]*)`}
	justDepName   = lazy.Regexp{Expr: `[A-Za-z_][A-Za-z0-9_-]*`}
	// [script], [script("python3")], [private, script('uv', 'run')]:
	// an attribute of the list (not a word inside another's string,
	// [doc("a script")]).
	justScriptAttr = lazy.Regexp{Expr: `(?:^\[|,)\s*script\s*(?:\(([^)]*)\))?\s*(?:,|\])`}
	// set script-interpreter := ['python3', '-u']
	justScriptInterp = lazy.Regexp{Expr: `^set\s+script-interpreter\s*:=\s*\[([^\]]*)\]`}
	justQuoted       = lazy.Regexp{Expr: `'([^']*)'|"([^"]*)"`}
)

// justBareScript marks a recipe with a bare [script] attribute.
const justBareScript = "[script]"

// justWords joins the quoted strings of an attribute's or a setting's
// list ('uv', 'run', '--script') with blanks.
func justWords(list string) string {
	var words []string
	for _, m := range justQuoted.Get().FindAllStringSubmatch(list, -1) {
		words = append(words, m[1]+m[2])
	}
	return strings.Join(words, " ")
}

// parseJustfile reads the parts of a justfile that say what runs: its
// recipes (header, dependencies, indented body), aliases, the shell
// setting, the default recipe (the first, or the one marked [default])
// and the backticks of its assignments.
func parseJustfile(text string) justfile {
	jf := justfile{recipes: map[string]justRecipe{}, aliases: map[string]string{}}
	lines := strings.Split(text, "\n")
	markDefault := false
	scriptCmd := ""
	for i := 0; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], "\r")
		if l == "" || l[0] == ' ' || l[0] == '\t' || l[0] == '#' {
			continue
		}
		if strings.HasPrefix(l, "[") {
			if strings.Contains(l, "default") {
				markDefault = true
			}
			if m := justScriptAttr.Get().FindStringSubmatch(l); m != nil {
				scriptCmd = justWords(m[1])
				if scriptCmd == "" {
					// The justfile's script-interpreter, wherever
					// the setting is: taken when the recipe runs.
					scriptCmd = justBareScript
				}
			}
			continue
		}
		if m := justScriptInterp.Get().FindStringSubmatch(l); m != nil {
			jf.scriptInterp = justWords(m[1])
			continue
		}
		if m := justImport.Get().FindStringSubmatch(l); m != nil {
			jf.imports = append(jf.imports, m[1])
			continue
		}
		if m := justMod.Get().FindStringSubmatch(l); m != nil {
			jf.mods = append(jf.mods, m[1])
			continue
		}
		if m := justAlias.Get().FindStringSubmatch(l); m != nil {
			jf.aliases[m[1]] = m[2]
			continue
		}
		if m := justShellSet.Get().FindStringSubmatch(l); m != nil {
			jf.shell = filepath.Base(m[1])
			continue
		}
		if m := justDotenvSet.Get().FindStringSubmatch(l); m != nil {
			switch {
			case m[2] == "false":
			case m[1] == "filename" || m[1] == "path":
				jf.dotenvFile, jf.dotenv = m[3], true
			default:
				jf.dotenv = true
			}
			continue
		}
		if strings.Contains(l, ":=") && !justRecipeHead.Get().MatchString(l) {
			// An assignment: its backticks run when the justfile is read.
			for _, m := range justBacktick.Get().FindAllStringSubmatch(l, -1) {
				jf.backticks = append(jf.backticks, justLine{m[1], i + 1})
			}
			continue
		}
		m := justRecipeHead.Get().FindStringSubmatchIndex(l)
		if m == nil {
			continue
		}
		name := l[m[2]:m[3]]
		r := justRecipe{line: i + 1, script: scriptCmd}
		scriptCmd = ""
		deps := l[m[1]-1:]
		if k := strings.IndexByte(l[m[2]:], ':'); k >= 0 {
			deps = l[m[2]+k+1:]
		}
		if k := strings.Index(deps, "#"); k >= 0 {
			deps = deps[:k]
		}
		before, after, _ := strings.Cut(deps, "&&")
		r.before = justDeps(before)
		r.after = justDeps(after)
		for i+1 < len(lines) {
			next := strings.TrimRight(lines[i+1], "\r")
			if next != "" && next[0] != ' ' && next[0] != '\t' {
				break
			}
			i++
			if t := strings.TrimSpace(next); t != "" && (!strings.HasPrefix(t, "#") || strings.HasPrefix(t, "#!") && len(r.body) == 0) {
				r.body = append(r.body, justLine{t, i + 1})
			} else if len(r.body) > 0 && strings.HasPrefix(r.body[0].text, "#!") && t != "" {
				r.body = append(r.body, justLine{t, i + 1})
			}
		}
		if _, dup := jf.recipes[name]; !dup {
			jf.order = append(jf.order, name)
		}
		jf.recipes[name] = r
		if jf.def == "" || markDefault {
			jf.def = name
		}
		markDefault = false
	}
	return jf
}

// justDeps returns the recipe names of a dependency list: bare names and
// the first word of each (name args…) group.
func justDeps(s string) []string {
	var out []string
	depth := 0
	for i := 0; i < len(s); {
		switch s[i] {
		case '(':
			depth++
			i++
			if loc := justDepName.Get().FindStringIndex(s[i:]); loc != nil && depth == 1 {
				out = append(out, s[i+loc[0]:i+loc[1]])
				i += loc[1]
			}
			continue
		case ')':
			depth--
		case '"', '\'':
			q := s[i]
			j := strings.IndexByte(s[i+1:], q)
			if j < 0 {
				return out
			}
			i += j + 2
			continue
		}
		if depth == 0 {
			if loc := justDepName.Get().FindStringIndex(s[i:]); loc != nil && loc[0] == 0 {
				out = append(out, s[i:i+loc[1]])
				i += loc[1]
				continue
			}
		}
		i++
	}
	return out
}

// denoTaskSpec is deno task's options (deno task --help, 2.x).
var denoTaskSpec = OptSpec{ShortVal: "cf", LongEq: true, Stop: true,
	LongVal:  []string{"config", "cwd", "filter", "node-modules-dir", "lock", "env-file"},
	LongFlag: []string{"recursive", "eval", "frozen", "no-lock", "no-config", "quiet", "unstable", "help"}}

// denoTask models deno task NAME (or deno task --eval TEXT): the task's
// command from deno.json or deno.jsonc (a string or {"command": …} with
// its "dependencies"), else the package.json script of that name, as
// deno does. deno task runs its command in its own shell, whose syntax is
// a subset of sh's.
func (w *walker) denoTask(c scope, call *Call) bool {
	if len(call.Args) == 0 || call.Args[0].Value != "task" {
		return false
	}
	args := call.Args[1:]
	opts, operands := ScanOptions(args, denoTaskSpec)
	dir := call.Dir
	config := ""
	eval := false
	for _, o := range opts {
		switch o.Name {
		case "cwd":
			dir = w.optionDir(dir, o)
		case "c", "config":
			if o.HasVal {
				config = o.Val.Value
			}
		case "eval":
			eval = true
		case "help":
			return true
		}
	}
	if len(operands) == 0 {
		return true // lists the tasks
	}
	name := args[operands[0]]
	if eval {
		var words []string
		for _, i := range operands {
			words = append(words, args[i].Value)
		}
		w.runTaskText(c, call, dir, strings.Join(words, " "), "deno task --eval", false)
		return true
	}
	var path, text string
	var ok bool
	if config == "" {
		var known bool
		if dir, known = w.taskDir(call, dir, config, "its deno.json tasks"); !known {
			return true
		}
	}
	if config != "" {
		path = call.Dir.Join(config).Path
		text, ok = w.readScript(call.Dir.Join(config))
	} else {
		path, text, ok = w.findUp(dir, "deno.json", "deno.jsonc")
	}
	if !ok {
		w.packageScript(c, call, name.Value, "deno task")
		return true
	}
	var cfg struct {
		Tasks map[string]json.RawMessage `json:"tasks"`
	}
	if json.Unmarshal([]byte(StripJSONC(text)), &cfg) != nil {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
			What: "deno task reads " + filepath.Base(path) + ", which corral could not read as JSON"})
		return true
	}
	runDir := Dir{Path: filepath.Dir(path), Known: true}
	if !name.Static {
		for k := range cfg.Tasks {
			w.denoRun(c, call, runDir, cfg.Tasks, k, path, map[string]bool{})
		}
		return true
	}
	if _, found := cfg.Tasks[name.Value]; !found {
		w.packageScript(c, call, name.Value, "deno task")
		return true
	}
	w.denoRun(c, call, runDir, cfg.Tasks, name.Value, path, map[string]bool{})
	return true
}

func (w *walker) denoRun(c scope, call *Call, dir Dir, tasks map[string]json.RawMessage, name, path string, seen map[string]bool) {
	raw, ok := tasks[name]
	if !ok || seen[name] || len(seen) > 64 {
		return
	}
	seen[name] = true
	var command string
	var deps []string
	if json.Unmarshal(raw, &command) != nil {
		var obj struct {
			Command      string   `json:"command"`
			Dependencies []string `json:"dependencies"`
		}
		if json.Unmarshal(raw, &obj) != nil {
			return
		}
		command, deps = obj.Command, obj.Dependencies
	}
	for _, d := range deps {
		w.denoRun(c, call, dir, tasks, d, path, seen)
	}
	w.runTaskText(c, call, dir, command, filepath.Base(path)+" tasks."+name+" (deno task)", false)
}

// StripJSONC removes the comments and trailing commas of JSON with
// comments (deno.jsonc, tsconfig.json), outside strings.
func StripJSONC(s string) string {
	var b strings.Builder
	inStr := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case inStr:
			b.WriteByte(ch)
			if ch == '\\' && i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			} else if ch == '"' {
				inStr = false
			}
		case ch == '"':
			inStr = true
			b.WriteByte(ch)
		case ch == '/' && i+1 < len(s) && s[i+1] == '/':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			b.WriteByte('\n')
		case ch == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				i = len(s)
			} else {
				i += end + 3
			}
			b.WriteByte(' ')
		case ch == ',':
			j := i + 1
			for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r') {
				j++
			}
			if j < len(s) && (s[j] == '}' || s[j] == ']') {
				continue
			}
			b.WriteByte(ch)
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// rakeSpec is rake's options (rake --help, 13.x; OptionParser, which
// takes unambiguous prefixes of long options).
var rakeSpec = OptSpec{ShortVal: "CfIreEpRgG", ShortOpt: "", LongEq: true, Abbrev: true,
	LongVal: []string{"directory", "rakefile", "libdir", "require", "execute", "execute-continue", "execute-print",
		"rakelibdir", "job-stats", "jobs", "suppress-backtrace", "trace", "tasks", "describe", "where"},
	LongFlag: []string{"all", "backtrace", "build-all", "comments", "dry-run", "help", "multitask", "nosearch",
		"no-search", "no-system", "nosystem", "prereqs", "quiet", "silent", "system", "verbose", "no-verbose",
		"version", "no-deprecation-warnings", "rules"}}

// rakeDSL are the methods a Rakefile calls without a receiver that run a
// command or delete files: rake's sh and ruby, and FileUtils, which rake
// mixes into the Rakefile's scope. They are read as the calls they stand
// for (sh is system).
var rakeDSL = lazy.Regexp{Expr: `(?m)(^|[^.\w:])(sh|rm_rf|rm_r|rm_f|rm|rmtree|remove_dir|remove_entry|safe_unlink|rmdir)\b(\s*[("'%]|\s+[A-Za-z_@$:\[])`}

// rakeRun models rake [options] [tasks]: rake loads the Rakefile (-f
// FILE, or Rakefile/rakefile/*.rb found upwards), and the .rake files of
// rakelib, running all of their top-level code, then the tasks; the
// whole text is read as Ruby with rake's DSL. -e/-p/-E CODE is Ruby
// code too.
func (w *walker) rakeRun(c scope, call *Call) {
	opts, _ := ScanOptions(call.Args, rakeSpec)
	dir := call.Dir
	file := ""
	for _, o := range opts {
		switch o.Name {
		case "h", "help", "V", "version":
			return
		case "C", "directory":
			dir = w.optionDir(dir, o)
		case "f", "rakefile":
			if o.HasVal {
				file = o.Val.Value
			}
		case "e", "execute", "p", "execute-print", "E", "execute-continue":
			if o.HasVal {
				w.program(c, call, lang.Ruby, rakeText(o.Val.Value), "rake -"+o.Name, !o.Val.Static, "")
			}
		}
	}
	var known bool
	if dir, known = w.taskDir(call, dir, file, "its Rakefile"); !known {
		return
	}
	path, text, ok := w.taskFile(dir, file, "rakefile", "Rakefile", "rakefile.rb", "Rakefile.rb")
	if !ok {
		return
	}
	inner := *call
	inner.Dir = Dir{Path: filepath.Dir(path), Known: true}
	w.program(c, &inner, lang.Ruby, rakeText(text), filepath.Base(path), false, filepath.Base(path))
}

// rakeText rewrites rake's DSL calls as the Ruby calls they are: sh is
// system, FileUtils' methods get their module.
func rakeText(text string) string {
	return rakeDSL.Get().ReplaceAllStringFunc(text, func(m string) string {
		sub := rakeDSL.Get().FindStringSubmatch(m)
		if sub[2] == "sh" {
			return sub[1] + "system" + sub[3]
		}
		return sub[1] + "FileUtils." + sub[2] + sub[3]
	})
}

// toxSpec is tox's options (tox 4 --help; argparse, which takes
// unambiguous prefixes of long options).
var toxSpec = OptSpec{ShortVal: "cexmf", LongEq: true, Abbrev: true,
	LongVal: []string{"conf", "root", "workdir", "runner", "exit-and-dump-after", "override", "result-json",
		"hashseed", "discover", "installpkg", "skip-env", "labels", "factors", "colored", "stderr-color"},
	LongFlag: []string{"help", "version", "verbose", "quiet", "recreate", "no-recreate-provision", "no-test",
		"skip-missing-interpreters", "parallel", "parallel-live", "parallel-no-spinner", "develop", "notest",
		"skip-pkg-install", "no-provision", "list-dependencies", "no-list-dependencies", "sdistonly"}}

// toxKeys are the keys of a tox environment whose lines are commands.
var toxKeys = []string{"commands_pre", "commands", "commands_post"}

// toxRun models tox [run] [options]: the commands of the test
// environments of the configurations tox 4 and tox 3 find (toxSources:
// tox.ini, setup.cfg, pyproject.toml, tox.toml; or -c FILE, or -c DIR's),
// every one of them (which run
// depends on -e, env_list and the factors). tox runs each line as a
// command, not through a shell; a line with tox's {…} substitutions is
// only known when tox runs. tox exec -- CMD runs CMD. tox list, config,
// depends and quickstart run nothing.
func (w *walker) toxRun(c scope, call *Call) {
	args := call.Args
	if len(args) > 0 {
		switch args[0].Value {
		case "l", "list", "c", "config", "de", "depends", "q", "quickstart", "schema":
			return
		case "e", "exec":
			for i, a := range args {
				if a.Value == "--" && i+1 < len(args) {
					var words []string
					for _, b := range args[i+1:] {
						words = append(words, b.Value)
					}
					w.runTaskText(c, call, call.Dir, quoteArgv(words), "tox exec", false)
					break
				}
			}
			return
		case "r", "run", "p", "run-parallel", "devenv", "d", "legacy", "le":
			args = args[1:]
		}
	}
	opts, _ := ScanOptions(args, toxSpec)
	dir := call.Dir
	file := ""
	for _, o := range opts {
		switch o.Name {
		case "h", "help", "version":
			return
		case "c", "conf":
			if o.HasVal {
				file = o.Val.Value
			}
		case "root":
			dir = w.optionDir(dir, o)
		}
	}
	var known bool
	if dir, known = w.taskDir(call, dir, file, "its tox.ini"); !known {
		return
	}
	for _, src := range w.toxSources(dir, file) {
		lines, open := toxSourceCommands(src)
		base := filepath.Base(src.path)
		if open {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: base,
				What: "tox runs the commands of " + src.path + ", a TOML text corral could not read"})
		}
		runDir := Dir{Path: filepath.Dir(src.path), Known: true}
		for _, cmd := range lines {
			t := strings.TrimLeft(cmd.text, "-! ")
			where := fmt.Sprintf("%s:%d (%s)", base, cmd.line, cmd.key)
			if cmd.line == 0 {
				where = fmt.Sprintf("%s (%s)", base, cmd.key)
			}
			w.runTaskText(c, call, runDir, t, where, cmd.subst || strings.Contains(t, "{"))
		}
	}
}

type toxLine struct {
	text, key string
	line      int
	subst     bool // holds tox's substitutions
}

var toxKey = lazy.Regexp{Expr: `^([A-Za-z_]+)\s*=\s*(.*)$`}

// toxCommands returns the command lines of every testenv section of an
// ini text: the value of each commands key, one command per line
// (indented continuation lines, and a trailing backslash joining two).
func toxCommands(text string) []toxLine {
	var out []toxLine
	section := ""
	key := ""
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], "\r")
		t := strings.TrimSpace(l)
		if t == "" || t[0] == '#' || t[0] == ';' {
			continue
		}
		if t[0] == '[' {
			section = strings.Trim(t, "[] ")
			key = ""
			continue
		}
		inEnv := section == "testenv" || strings.HasPrefix(section, "testenv:")
		if l[0] != ' ' && l[0] != '\t' {
			key = ""
			m := toxKey.Get().FindStringSubmatch(t)
			if m == nil || !inEnv {
				continue
			}
			for _, k := range toxKeys {
				if m[1] == k {
					key = k
				}
			}
			if v := strings.TrimSpace(m[2]); key != "" && v != "" {
				at := i + 1
				for strings.HasSuffix(v, "\\") && i+1 < len(lines) {
					i++
					v = strings.TrimSuffix(v, "\\") + " " + strings.TrimSpace(lines[i])
				}
				out = append(out, toxLine{text: v, key: key, line: at})
			}
			continue
		}
		if key == "" {
			continue
		}
		at := i + 1
		for strings.HasSuffix(t, "\\") && i+1 < len(lines) {
			i++
			t = strings.TrimSuffix(t, "\\") + " " + strings.TrimSpace(lines[i])
		}
		out = append(out, toxLine{text: t, key: key, line: at})
	}
	return out
}

// pipSpec is pip install's options (pip 23 --help; optparse, which takes
// unambiguous prefixes of long options).
// pipConfigSpec is pip config's options (pip config --help, with pip's
// general options that take a value).
var pipConfigSpec = OptSpec{LongEq: true, Abbrev: true,
	LongVal:  []string{"editor", "log", "proxy", "retries", "timeout", "exists-action", "trusted-host", "cert", "client-cert", "cache-dir", "python", "use-feature", "use-deprecated"},
	LongFlag: []string{"global", "user", "site", "isolated", "require-virtualenv", "verbose", "quiet", "version", "help", "no-input", "no-cache-dir", "disable-pip-version-check", "no-color", "debug"}}

var pipSpec = OptSpec{ShortVal: "rcetifC", LongEq: true, Abbrev: true,
	LongVal: []string{"requirement", "constraint", "editable", "target", "platform", "python-version",
		"implementation", "abi", "root", "prefix", "src", "upgrade-strategy", "config-settings", "global-option",
		"no-binary", "only-binary", "progress-bar", "root-user-action", "report", "index-url", "extra-index-url",
		"find-links", "log", "proxy", "retries", "timeout", "exists-action", "trusted-host", "cert", "client-cert",
		"cache-dir", "python", "use-feature", "use-deprecated", "keyring-provider", "group", "dry-run-report"},
	LongFlag: []string{"no-deps", "pre", "dry-run", "user", "upgrade", "force-reinstall", "ignore-installed",
		"ignore-requires-python", "no-build-isolation", "use-pep517", "no-use-pep517", "check-build-dependencies",
		"break-system-packages", "compile", "no-compile", "no-warn-script-location", "no-warn-conflicts",
		"prefer-binary", "require-hashes", "no-clean", "no-index", "help", "debug", "isolated",
		"require-virtualenv", "verbose", "version", "quiet", "no-input", "no-cache-dir", "disable-pip-version-check",
		"no-color", "no-python-version-warning"}}

// pipInstall models pip install (and wheel, download) of a local project:
// a directory operand, or -e DIR, is built by running its setup.py,
// which is read as Python.
func (w *walker) pipInstall(c scope, call *Call, args []Arg) {
	if len(args) == 0 {
		return
	}
	if len(args) >= 2 && args[0].Value == "config" {
		// pip config's options stand before or after the action (pip
		// config --site set KEY VALUE): the action and its words are
		// the operands. pip config edit runs the editor --editor names
		// (or $VISUAL, $EDITOR) on the configuration file, as shell
		// text.
		opts, ops := ScanOptions(args[1:], pipConfigSpec)
		var words []Arg
		for _, i := range ops {
			words = append(words, args[1+i])
		}
		if len(words) > 0 && words[0].Value == "edit" {
			named := false
			for _, o := range opts {
				named = named || o.Name == "editor"
			}
			if st := w.callState; !named && st != nil {
				// No --editor: $VISUAL, else $EDITOR, when this
				// command set it (EDITOR=./x.sh pip config edit).
				for _, n := range []string{"VISUAL", "EDITOR"} {
					v, ok := st.vars[n]
					if !ok || !v.exported {
						continue
					}
					if v.known && v.set && !v.seeded && v.str != "" {
						w.child(c, call, v.str+" pip.conf", nil, "pip config edit $"+n, false)
					}
					break
				}
			}
			for _, o := range opts {
				if o.Name == "editor" && o.HasVal {
					if o.Val.Static {
						w.child(c, call, o.Val.Value+" pip.conf", nil, "pip config --editor", false)
					} else {
						w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Raw,
							What: "pip config edit runs the editor " + clip(o.Val.Raw, 40) + ", a program only known at run time"})
					}
				}
			}
		}
		if len(words) < 2 || words[0].Value != "set" {
			return
		}
		args = append([]Arg{args[0]}, words...)
	}
	if len(args) >= 3 && args[0].Value == "config" && args[1].Value == "set" {
		// pip config set global.index-url URL: kept for every later pip
		// install, whose packages run their build code here.
		key := args[2].Value
		if i := strings.LastIndexByte(key, '.'); i >= 0 {
			key = key[i+1:]
		}
		switch key {
		case "index-url", "extra-index-url", "trusted-host", "find-links":
			// The value judged as the same line written into pip.conf is:
			// the default index over https (pip config set
			// global.index-url https://pypi.org/simple) passes.
			if len(args) == 4 && args[2].Static && !indexKeyRisky(pipConfFile, key, args[3].Value, !args[3].Static) {
				return
			}
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: args[2].Raw,
				What: "pip config set " + clip(args[2].Raw, 40) + " is kept in pip's configuration: every later pip install fetches packages, and runs their build code, from there"})
		}
		return
	}
	switch args[0].Value {
	case "install", "wheel", "download":
	default:
		return
	}
	opts, operands := ScanOptions(args[1:], pipSpec)
	var dirs []Arg
	editable := map[int]bool{}
	for _, o := range opts {
		switch {
		case (o.Name == "e" || o.Name == "editable") && o.HasVal:
			editable[len(dirs)] = true
			dirs = append(dirs, o.Val)
		case (o.Name == "r" || o.Name == "requirement") && o.HasVal && o.Val.Static:
			// pip install -r req.txt: its lines are requirements as if
			// given here, a local directory among them built.
			w.pipReqDirs(c, call, call.Dir.Join(o.Val.Value), 0, map[string]bool{})
		}
	}
	for _, i := range operands {
		dirs = append(dirs, args[1+i])
	}
	for i, a := range dirs {
		if a.Static {
			w.pipLocalDir(c, call, a.Value, editable[i])
		}
	}
}

// pipLocalDir builds the project a pip requirement names when it is a
// local directory: a path (., ./x, ../x, /x, ~/x, or any value with a
// slash in it, as pip takes a requirement holding a path separator that
// names a directory: r10/pdep, r10/pdep/), a file: URL (file:///abs/dir)
// or a PEP 508 direct reference to one (pdep @ file:///abs/dir), or, for
// an editable one (-e), any value that is not a VCS or other URL (pip
// install -e pdep builds ./pdep: an editable requirement is a directory
// or a VCS URL).
func (w *walker) pipLocalDir(c scope, call *Call, v string, editable bool) {
	v = strings.TrimSpace(v)
	if name, ref, ok := strings.Cut(v, "@"); ok && pep508Name(strings.TrimSpace(name)) {
		// name @ URL: the URL is what is installed; markers follow a ";".
		ref, _, _ = strings.Cut(ref, ";")
		if ref = strings.TrimSpace(ref); strings.HasPrefix(ref, "file:") {
			v = ref
		}
	}
	if rest, ok := strings.CutPrefix(v, "file:"); ok {
		// file:///abs, file://localhost/abs, file:/abs; a fragment
		// (#egg=name) is not part of the path.
		rest, _, _ = strings.Cut(rest, "#")
		if r, ok := strings.CutPrefix(rest, "//"); ok {
			rest = strings.TrimPrefix(r, "localhost")
		}
		if !strings.HasPrefix(rest, "/") {
			return
		}
		if u, err := url.PathUnescape(rest); err == nil {
			rest = u
		}
		v = rest
	}
	if strings.Contains(v, "://") || strings.Contains(v, " @ ") {
		return
	}
	pathLike := v == "." || v == ".." || strings.Contains(v, "/") || strings.HasPrefix(v, "~")
	if !pathLike && !(editable && v != "" && !strings.HasPrefix(v, "-") && !strings.Contains(strings.SplitN(v, "/", 2)[0], "+")) {
		return
	}
	v, _, _ = strings.Cut(v, "[") // pip install .[dev]
	if rest, ok := strings.CutPrefix(v, "~/"); ok && w.home != "" {
		v = filepath.Join(w.home, rest)
	}
	w.buildProject(c, call, call.Dir.Join(v), v)
}

// pep508Name reports whether s is a distribution name as PEP 508 spells
// one (letters, digits, '.', '-', '_'), optionally with [extras].
func pep508Name(s string) bool {
	s, extras, _ := strings.Cut(s, "[")
	if s == "" || strings.ContainsAny(extras, "/:@") {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// maxPipReqDepth bounds the nested requirements files (-r inside one)
// read.
const maxPipReqDepth = 5

// pipReqDirs builds the local directories a requirements file names:
// -e/--editable lines and path lines, relative to the working directory
// as pip takes them; a nested -r file is relative to the file naming it.
func (w *walker) pipReqDirs(c scope, call *Call, f Dir, depth int, seen map[string]bool) {
	if !f.Known || depth > maxPipReqDepth || seen[f.Path] {
		return
	}
	seen[f.Path] = true
	text, ok := w.readScript(f)
	if !ok {
		return
	}
	for _, line := range strings.Split(text, "\n") {
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		opt, val := line, ""
		if i := strings.IndexAny(line, " \t="); i >= 0 && line[0] == '-' {
			opt, val = line[:i], strings.TrimSpace(line[i+1:])
		}
		switch {
		case opt == "-e" || opt == "--editable":
			w.pipLocalDir(c, call, val, true)
		case strings.HasPrefix(line, "-e") && line[0] == '-' && opt == line:
			w.pipLocalDir(c, call, line[2:], true)
		case opt == "-r" || opt == "--requirement":
			w.pipReqDirs(c, call, Dir{Path: filepath.Dir(f.Path), Known: true}.Join(val), depth+1, seen)
		case line[0] != '-' && strings.Contains(line, "@"):
			// name @ file:///dir (a direct reference, spaces and all).
			w.pipLocalDir(c, call, line, false)
		case line[0] != '-':
			w.pipLocalDir(c, call, strings.Fields(line)[0], false)
		}
	}
}

// pyModuleCommands are Python modules that are the command line of a
// program corral models, with that command's words: python -m MODULE
// ARGS runs as the command would.
var pyModuleCommands = lazy.Value[map[string][]string]{New: func() map[string][]string {
	return map[string][]string{"jupyter": {"jupyter"}, "nbconvert": {"jupyter", "nbconvert"},
		"papermill": {"papermill"}, "twine": {"twine"}, "poetry": {"poetry"}, "pdm": {"pdm"}, "hatch": {"hatch"}, "uv": {"uv"},
		"pipx": {"pipx"}, "pre_commit": {"pre-commit"}, "invoke": {"invoke"}, "gdown": {"gdown"}, "yt_dlp": {"yt-dlp"},
		"kaggle": {"kaggle"}, "awscli": {"aws"},
		// Jupyter's servers: python3 -m jupyterlab is jupyter-lab, -m
		// notebook jupyter-notebook (notebook 6 and 7), -m nbclassic
		// jupyter-nbclassic, -m jupyter_server jupyter-server, and
		// jupyter_core's __main__ the jupyter command.
		"jupyterlab": {"jupyter-lab"}, "notebook": {"jupyter-notebook"}, "nbclassic": {"jupyter-nbclassic"},
		"jupyter_server": {"jupyter-server"}, "jupyter_core": {"jupyter"},
		// The app servers and tools of pyapps.go.
		"uvicorn": {"uvicorn"}, "flask": {"flask"}, "celery": {"celery"}, "gunicorn": {"gunicorn"}, "hypercorn": {"hypercorn"},
		"daphne": {"daphne"}, "granian": {"granian"}, "streamlit": {"streamlit"}, "fastapi": {"fastapi"}, "alembic": {"alembic"},
		"waitress": {"waitress-serve"}}
}}
