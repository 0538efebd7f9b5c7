package syntax

import (
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// This file is the one table of programs that run code handed to them:
// every list of such command words in corral (the consumers a download
// piped into them runs in, the shells whose -c strings are parsed again,
// the run-time-script rule's commands) is derived from it, and a test
// (TestNoRunnerListsOutsideTable in rewrite) fails when a list of these
// names is written anywhere else.

// Runner says how a program runs code handed to it.
type Runner int

const (
	// NotRunner is a program that runs no code it is handed.
	NotRunner Runner = iota
	// ShellRunner is a shell: a -c string, a script file, or stdin.
	ShellRunner
	// InterpreterRunner is a language interpreter: a code option (-c,
	// -e, …), a script file, or stdin.
	InterpreterRunner
	// HostRunner is a builtin that runs its words or a file in the
	// current shell: eval, source, ".".
	HostRunner
)

// shells are the programs that run a script given with -c or on stdin.
var shells = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "mksh": true,
		// rbash is bash in restricted mode (a link to bash): no cd, no
		// "/" in command names, no output redirection, but every other
		// command of a -c string, a script or stdin runs.
		"rbash": true, "ash": true, "fish": true, "csh": true, "tcsh": true, "yash": true, "posh": true,
		// OpenBSD ksh and its ports, Oils, Plan 9's rc and es, the
		// Schily Bourne shell, and the shells of other languages whose
		// -c runs a command line (nu, xonsh, elvish, ion, murex): their
		// simple commands read as sh's.
		"oksh": true, "loksh": true, "pdksh": true, "osh": true, "ysh": true, "rc": true, "es": true, "bosh": true,
		"nu": true, "xonsh": true, "elvish": true, "ion": true, "murex": true}
}}

// specialBuiltins are POSIX's special built-in utilities (posix.go), and bash's
// source, which bash treats as "." in POSIX mode.
var specialBuiltins = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"break": true, ":": true, ".": true, "source": true, "continue": true, "eval": true,
		"exec": true, "exit": true, "export": true, "readonly": true, "return": true, "set": true, "shift": true,
		"times": true, "trap": true, "unset": true}
}}

// nonPOSIXShells are the shells of the table that do not run in POSIX
// mode by themselves: bash only as sh or when told (posix.go), zsh
// outside sh emulation, and the shells whose language is not sh's.
var nonPOSIXShells = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"bash": true, "rbash": true, "zsh": true, "fish": true, "csh": true, "tcsh": true, "rc": true, "es": true,
		"nu": true, "xonsh": true, "elvish": true, "ion": true, "murex": true, "ysh": true}
}}

// otherInterpreters run a program from a file, an option or stdin like
// the interpreters syntax/lang reads (lang.ForProgram), but have no lexer
// there.
var otherInterpreters = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"pwsh": "powershell", "powershell": "powershell", "pwsh-preview": "powershell", "osascript": "applescript"}
}}

// otherLanguage returns the language of a program otherInterpreters
// holds ("powershell", "applescript"), or "".
func otherLanguage(name string) string { return otherInterpreters.Get()[name] }

// isBash reports the names of bash's program: bash and rbash (bash in
// restricted mode), which read the same start-up files and BASH_ENV.
func isBash(name string) bool { return name == "bash" || name == "rbash" }

// hookShell is the shell that runs the agent's commands: the program a
// command reaches through /proc/self/exe or /proc/$$/exe.
const hookShell = "bash"

// selfShell reports a command word that names the running shell's own
// program: /proc/self/exe (and /proc/thread-self/exe), which the shell's
// child resolves to the shell before it runs anything else, and
// /proc/$$/exe or /proc/$BASHPID/exe, the shell's process by its number.
// Run with -c or fed a script, it is that shell.
func selfShell(a Arg) bool {
	v := a.Value
	if !a.Static {
		v = a.Raw
	}
	v = strings.Trim(v, `"'`)
	if a.Static {
		v = path.Clean(v)
	}
	rest, ok := strings.CutPrefix(v, "/proc/")
	if !ok {
		return false
	}
	pid, file, ok := strings.Cut(rest, "/")
	if !ok || file != "exe" {
		return false
	}
	switch strings.Trim(pid, `"'`) {
	case "self", "thread-self", "$$", "${$}", "$BASHPID", "${BASHPID}":
		return true
	}
	return false
}

// scriptHosts are the builtins that run their words or a file as shell
// code in the current shell.
var scriptHosts = lazy.Value[map[string]bool]{New: func() map[string]bool { return map[string]bool{"eval": true, "source": true, ".": true} }}

// RunnerOf returns how program name runs code it is handed: a shell, an
// interpreter (python3.12, node, perl5.36 … by lang.ForProgram, or lua,
// Rscript, pwsh), eval/source/".", or NotRunner.
func RunnerOf(name string) Runner {
	switch {
	case shells.Get()[name]:
		return ShellRunner
	case scriptHosts.Get()[name]:
		return HostRunner
	case lang.ForProgram(name) != "" || otherInterpreters.Get()[name] != "":
		return InterpreterRunner
	}
	return NotRunner
}

// pythonConsoleScripts are programs installed as Python console scripts:
// a #! line names CPython, which runs its site module (the .pth files
// and sitecustomize/usercustomize of PYTHONPATH and PYTHONUSERBASE)
// before the program, as python3 does. A version suffix is dropped
// (pip3.12 is pip).
var pythonConsoleScripts = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"pip": true, "pytest": true, "py.test": true, "tox": true, "nox": true, "black": true,
		"flake8": true, "mypy": true, "pylint": true, "isort": true, "ipython": true, "jupyter": true, "django-admin": true,
		"flask": true, "gunicorn": true, "uvicorn": true, "celery": true, "alembic": true, "coverage": true,
		"sphinx-build": true, "mkdocs": true, "twine": true, "virtualenv": true, "pipx": true, "pre-commit": true,
		"ansible": true, "ansible-playbook": true, "yamllint": true, "cookiecutter": true, "poetry": true,
		"pipenv": true, "hatch": true, "pdm": true, "pip-compile": true, "pip-sync": true, "httpie": true,
		"pydoc": true}
}}

// ipythonFrontEnds are IPython's terminal front ends: they run Python
// with IPython's own syntax (! shell lines, %run, shell cells) from -c,
// files, modules, stdin, settings and the profile directory
// (syntax/ipython.go).
var ipythonFrontEnds = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"ipython": true, "ipython3": true}
}}

// NodeRuntime reports node itself (not deno or bun, whose options
// differ), by either of its names.
func NodeRuntime(name string) bool { return name == "node" || name == "nodejs" }

// IPythonFrontEnd reports a program of ipythonFrontEnds (a version
// suffix dropped: ipython3.11).
func IPythonFrontEnd(name string) bool {
	t := ipythonFrontEnds.Get()
	return t[name] || t[strings.TrimRight(name, "0123456789.")]
}

// PythonConsoleScript reports a program that is a Python console script
// (pythonConsoleScripts).
func PythonConsoleScript(name string) bool {
	t := pythonConsoleScripts.Get()
	return t[name] || t[strings.TrimRight(name, "0123456789.")]
}

// Unversioned returns the name a versioned interpreter or pip is known by
// without its version (python3.11 is python, pip3.11 pip, ruby3.2 ruby),
// or name: the rules that list a program judge its versioned names, as
// RunnerOf and PythonConsoleScript read them.
func Unversioned(name string) string {
	base := strings.TrimRight(name, "0123456789.")
	if base == "" || base == name || lang.ForProgram(name) == "" && base != "pip" {
		return name
	}
	return base
}

// packageRunners are the programs that run the command of an npm package
// their first operand names (fetched from the registry when it is not
// installed), with the subcommands that do it (none: the program itself):
// npx, bunx, pnpx; npm exec/x, pnpm and yarn dlx/exec; bun x; deno x and
// deno run of an npm: specifier. Every rule that judges "a named npm
// package run" reads this one table (PackageRunArgs), so that another
// runner's spelling of degit or create-vite is the same call.
var packageRunners = lazy.Value[map[string][]string]{New: func() map[string][]string {
	return map[string][]string{"npx": nil, "bunx": nil, "pnpx": nil, "npm": {"exec", "x"}, "pnpm": {"dlx", "exec", "x"},
		"yarn": {"dlx", "exec", "x"}, "bun": {"x"}, "deno": {"run", "x"}}
}}

// pathRunners are the shells a program starts by name, found through
// the PATH it inherits (pathHelpers, syntax/pathlookup.go; red team 14
// PH1): npm runs each package script as "sh -c SCRIPT" (script-shell's
// default), and npx runs the package's bin the same way; real npm 11
// ran the sh found first on PATH.
var pathRunners = lazy.Value[map[string][]string]{New: func() map[string][]string {
	return map[string][]string{"npm": {"sh"}, "npx": {"sh"}}
}}

// corepackBinaries are the package managers corepack runs by name
// (corepack NAME[@VERSION] ARGS): its shims' names.
var corepackBinaries = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"npm": true, "npx": true, "pnpm": true, "pnpx": true, "yarn": true, "yarnpkg": true}
}}

// PackageRunnerNames returns the programs of packageRunners, sorted.
func PackageRunnerNames() []string {
	var out []string
	for n := range packageRunners.Get() {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// PackageRunArgs returns, for a call that runs a named npm package's
// command, the words from the runner's options on (npx -y degit a/b x:
// "-y degit a/b x"; the package word is the first that is no option, with
// deno's "npm:" taken off), and whether c is one. deno run runs a package
// only for an npm: specifier (deno run -A npm:degit a/b x); deno run
// FILE is a script.
func PackageRunArgs(c *Call) ([]Arg, bool) {
	name := strings.TrimRight(c.Name, "0123456789.")
	verbs, ok := packageRunners.Get()[name]
	if !ok {
		return nil, false
	}
	args := c.Args
	if verbs != nil {
		if len(args) == 0 || !args[0].Static || !slices.Contains(verbs, args[0].Value) {
			return nil, false
		}
		args = args[1:]
	}
	if name != "deno" {
		return args, true
	}
	// deno's options that take a value take it after "=", but for
	// these (deno run --help).
	_, operands := ScanOptions(args, OptSpec{ShortVal: "c", LongEq: true, Stop: true, LongVal: denoValueOptions})
	if len(operands) == 0 {
		return nil, false
	}
	k := operands[0]
	pkg := args[k]
	if v, ok := strings.CutPrefix(pkg.Value, "npm:"); ok && pkg.Static {
		pkg.Value, pkg.Raw = v, v
	} else if c.Args[0].Value == "run" || strings.Contains(pkg.Value, ":") {
		return nil, false // a script, or a jsr: or URL module
	}
	out := append([]Arg{pkg}, args[k+1:]...)
	return out, true
}

// RunnerNames returns the names of the table with the given kind, sorted
// (interpreters: their base names; a version suffix such as python3.12
// also counts through RunnerOf).
func RunnerNames(kind Runner) []string {
	var out []string
	switch kind {
	case ShellRunner:
		out = keys(shells.Get())
	case HostRunner:
		out = keys(scriptHosts.Get())
	case InterpreterRunner:
		for n := range otherInterpreters.Get() {
			out = append(out, n)
		}
		out = append(out, lang.ProgramNames()...)
	}
	sort.Strings(out)
	return out
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// envLoader is a program that loads an env file (KEY=value lines) into
// its own environment or into the environment of the command it runs,
// as set -a; source FILE would: opts are its options that name a file
// (--env-file=F, -e F), defaults the files it loads when none names one
// (when they are there), valueless an option that, given without a
// value, loads ".env" (deno's --env-file), off an option that turns
// the defaults off, and verbs the subcommands whose options follow them
// (deno run --env-file).
type envLoader struct {
	verbs     []string
	opts      []string
	defaults  []string
	valueless bool
	off       string
	// anywhere: the program takes its options after its operands too
	// (uvicorn app:app --env-file .env; click's parser).
	anywhere bool
}

// envLoaders are the programs and wrappers that load an env file by
// themselves (their manuals): node, bun and deno with --env-file (bun
// also reads ./.env unless --no-env-file), uv run --env-file, dotenv-cli
// -e (./.env by default), python-dotenv's dotenv -f … run, dotenvx run
// -f, env-cmd -f, and honcho run, foreman run (-e) and pipenv run, which
// load ./.env; flask -e, uvicorn --env-file (after its app too) and op
// run --env-file.
var envLoaders = lazy.Value[map[string]envLoader]{New: func() map[string]envLoader {
	return map[string]envLoader{
		"node":    {opts: []string{"env-file", "env-file-if-exists"}},
		"nodejs":  {opts: []string{"env-file", "env-file-if-exists"}},
		"bun":     {opts: []string{"env-file"}, defaults: []string{".env", ".env.local"}, off: "no-env-file"},
		"deno":    {opts: []string{"env-file"}, valueless: true, verbs: []string{"run", "eval", "test", "serve", "repl", "bench", "task"}},
		"uv":      {opts: []string{"env-file"}},
		"dotenv":  {opts: []string{"e", "f"}, defaults: []string{".env"}},
		"dotenvx": {opts: []string{"f", "env-file"}, defaults: []string{".env"}},
		"env-cmd": {opts: []string{"f", "file"}, defaults: []string{".env"}},
		"honcho":  {opts: []string{"e", "env"}, defaults: []string{".env"}},
		"foreman": {opts: []string{"e", "env"}, defaults: []string{".env"}},
		"pipenv":  {defaults: []string{".env"}},
		// flask -e/--env-file FILE (python-dotenv) for its command,
		// uvicorn --env-file FILE for the app it serves, 1Password's op
		// run --env-file FILE for the command after --.
		"flask":   {opts: []string{"e", "env-file"}},
		"uvicorn": {opts: []string{"env-file"}, anywhere: true},
		"op":      {opts: []string{"env-file"}, verbs: []string{"run"}},
	}
}}

// envFileLoads returns the env files the program of a call loads into
// its environment: through the wrappers before it (pre: from a loader's
// name to the next "--" or loader) and through its own options (words,
// its name first, up to its first operand). A file an option names is
// loaded whatever is on disk (must); a default only when it is there
// (maybe).
func envFileLoads(pre, words []Arg) (must, maybe []Arg) {
	scan := func(ws []Arg, program bool) {
		cur := false
		named, off := false, false
		var l envLoader
		end := func() {
			if cur && !named && !off {
				for _, d := range l.defaults {
					maybe = append(maybe, Arg{Value: d, Raw: d, Static: true})
				}
			}
			cur = false
		}
		for i := 0; i < len(ws); i++ {
			a := ws[i]
			if !a.Static {
				continue
			}
			v := a.Value
			if i == 0 || !program && !strings.HasPrefix(v, "-") {
				if nl, ok := envLoaders.Get()[wrapperName(path.Base(v))]; ok {
					end()
					cur, l, named, off = true, nl, false, false
					continue
				}
				if i == 0 && program {
					return
				}
			}
			if !cur {
				continue
			}
			if v == "--" {
				end()
				continue
			}
			if !strings.HasPrefix(v, "-") || len(v) < 2 {
				if program && i == 1 && slices.Contains(l.verbs, v) {
					continue
				}
				if program && !l.anywhere {
					break // the script: the words after it are its own
				}
				continue
			}
			name, val, hasVal := "", "", false
			if long, ok := strings.CutPrefix(v, "--"); ok {
				name, val, hasVal = strings.Cut(long, "=")
			} else {
				name, val, hasVal = v[1:2], v[2:], len(v) > 2
			}
			if name == l.off && l.off != "" {
				off = true
				continue
			}
			if !slices.Contains(l.opts, name) {
				continue
			}
			named = true
			switch {
			case hasVal:
				must = append(must, Arg{Value: val, Raw: a.Raw, Static: true, Start: a.Start, End: a.End})
			case l.valueless:
				must = append(must, Arg{Value: ".env", Raw: ".env", Static: true})
			case i+1 < len(ws):
				i++
				must = append(must, ws[i])
			}
		}
		end()
	}
	scan(pre, false)
	scan(words, true)
	return must, maybe
}

// EnvFileWords returns the words that name the env files the program of
// call c loads into its environment, through its own options (node
// --env-file=.env, uv run --env-file .env) or the loaders wrapped around
// it (dotenv -e .env -- CMD): files its table says it uses as
// configuration, not ones it prints.
func EnvFileWords(c *Call) []Arg {
	words := append([]Arg{c.NameArg}, c.Args...)
	if !c.NameArg.Static || c.NameArg.Value == "" {
		words[0] = Arg{Value: c.Name, Raw: c.Name, Static: true}
	}
	must, _ := envFileLoads(c.PreWords(), words)
	return must
}

// homeRCFile is a start-up file a program runs as code from the user's
// home: path under HOME, or under the user configuration directory
// (XDG_CONFIG_HOME, else HOME/.config) when xdg; l is its language ("" for
// psql's backslash commands, whose \! runs the shell).
type homeRCFile struct {
	path string
	xdg  bool
	l    lang.Lang
}

// homeRCSpec is what a program reads from the home at start: its files,
// the variable that names another file in their place (IRBRC), and the
// options that skip them (an option ending in "=" takes a value, as
// vim's -u FILE, which names the only vimrc read).
type homeRCSpec struct {
	files   []homeRCFile
	envFile string
	off     []string
}

// homeRCSpecs are the programs that run code from a start-up file in the
// user's home or configuration directory (their manuals: gdb(1)
// "~/.gdbinit" and ~/.config/gdb/gdbinit; vim :help vimrc, which also
// reads ~/.exrc; nvim :help init.vim/init.lua; emacs "Init File"; irb
// ~/.irbrc or $IRBRC; psql ~/.psqlrc or $PSQLRC; R ?Startup, ~/.Rprofile
// or $R_PROFILE_USER). vim's other names share vim's entry and nvim's
// names nvim's (homeRC). sqlite3 is not one: it finds ~/.sqliterc from
// the account's passwd entry, not from HOME (checked with sqlite3 3.40).
var homeRCSpecs = lazy.Value[map[string]homeRCSpec]{New: func() map[string]homeRCSpec {
	gdb := homeRCSpec{files: []homeRCFile{{".gdbinit", false, lang.Gdb}, {"gdb/gdbinit", true, lang.Gdb}},
		off: []string{"-nx", "--nx", "-n", "-nh", "--nh"}}
	r := homeRCSpec{files: []homeRCFile{{".Rprofile", false, lang.R}}, envFile: "R_PROFILE_USER",
		off: []string{"--vanilla", "--no-init-file"}}
	emacs := homeRCSpec{files: []homeRCFile{{".emacs", false, lang.Elisp}, {".emacs.el", false, lang.Elisp},
		{".emacs.d/init.el", false, lang.Elisp}, {"emacs/init.el", true, lang.Elisp}},
		off: []string{"-q", "--no-init-file", "-Q", "--quick", "--batch", "-batch", "--script", "-script", "-x"}}
	return map[string]homeRCSpec{
		"gdb": gdb, "gdb-multiarch": gdb,
		"vim": {files: []homeRCFile{{".vimrc", false, lang.Ex}, {".vim/vimrc", false, lang.Ex}, {"vim/vimrc", true, lang.Ex},
			{".exrc", false, lang.Ex}}, off: []string{"-u=", "--clean"}},
		"nvim": {files: []homeRCFile{{"nvim/init.vim", true, lang.Ex}, {"nvim/init.lua", true, lang.Lua}},
			off: []string{"-u=", "--clean"}},
		"emacs": emacs,
		"irb":   {files: []homeRCFile{{".irbrc", false, lang.Ruby}, {"irb/irbrc", true, lang.Ruby}}, envFile: "IRBRC", off: []string{"-f"}},
		"psql":  {files: []homeRCFile{{".psqlrc", false, ""}}, envFile: "PSQLRC", off: []string{"-X", "--no-psqlrc"}},
		"R":     r, "Rscript": r,
	}
}}
