package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// Programs that run what they read as code although they are not
// interpreters of the runner table: compilers whose output is a program
// (cc -x c -, tcc -run -, rustc -), sed's script file (its e command runs
// the shell), m4 (syscmd), gdb's command files and stdin (shell), irb and
// ipython reading their input, cmake -P, ninja -f and just -f (build
// files hold commands), ansible-playbook's playbooks, vim and nvim -S
// (Vim script), PowerShell's -Command -, pip install -r (packages run
// their setup code), and xargs feeding package names to an installer.
// codeInputs says where each takes its code from.

// codeInput is where a call takes code from: stdin, and the indexes in
// call.Args of the files it reads as code.
type codeInput struct {
	stdin bool
	files []int
	// lang is the language of the code read on stdin, for the programs
	// whose stdin is read by stdinProgram (gdb, irb, ipython).
	lang lang.Lang
}

// pipName matches pip, pip3, pip3.12.
var pipName = lazy.Regexp{Expr: `^pip(?:[0-9](?:\.[0-9]+)?)?$`}

// rustcValued are the options of rustc (rustc --help) and the
// compilers' -o and -x that take the next word; the C compilers' others
// are compilerValued.
var rustcValued = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"-o": true, "-x": true, "--out-dir": true, "--crate-type": true, "--crate-name": true,
		"--edition": true, "--emit": true, "-L": true, "-l": true, "--cfg": true, "--target": true, "-C": true, "--codegen": true,
		"-W": true, "-A": true, "-D": true, "-F": true, "--cap-lints": true, "--extern": true, "--sysroot": true, "--print": true,
		"--explain": true, "--error-format": true, "--json": true, "--color": true, "--remap-path-prefix": true, "-Z": true,
		"-include": true}
}}

// m4Spec is GNU m4's options (m4 --help, 1.4; getopt_long, which
// permutes): -d and --debugfile take an optional attached value.
var m4Spec = OptSpec{ShortVal: "DUIlotFRLW", ShortOpt: "d", LongEq: true, Abbrev: true,
	LongVal: []string{"define", "undefine", "include", "arglength", "error-output", "trace", "freeze-state", "reload-state",
		"nesting-limit", "word-regexp", "debuglen"},
	LongFlag: []string{"prefix-builtins", "quiet", "silent", "fatal-warnings", "synclines", "traditional", "interactive", "gnu",
		"help", "version", "debugfile", "debug"}}

// codeInputs returns where call takes code from, for the programs above.
func codeInputs(call *Call) codeInput {
	var in codeInput
	args := call.Args
	name := call.Name
	switch {
	case isCompilerName(name) || name == "rustc":
		// A source operand (- is stdin) is compiled into a program, or
		// run (tcc -run); -fsyntax-only, -E and -M only check it or print
		// text.
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			switch {
			case v == "-fsyntax-only" || v == "-E" || v == "-M" || v == "-MM" || v == "--version" || v == "--help":
				return codeInput{}
			case v == "-":
				in.stdin = true
			case rustcValued.Get()[v] || name != "rustc" && compilerValued.Get()[v]:
				i++
			case strings.HasPrefix(v, "-"):
			default:
				in.files = append(in.files, i)
			}
		}
	case name == "sed" || name == "gsed":
		opts, _ := ScanOptions(args, sedSpec)
		for _, o := range opts {
			if (o.Name == "f" || o.Name == "file") && o.HasVal {
				if stdinName(o.Val.Value, true) && o.Val.Static {
					in.stdin = true
				} else if !o.Attached {
					in.files = append(in.files, o.Idx+1)
				}
			}
		}
	case name == "m4":
		opts, operands := ScanOptions(args, m4Spec)
		for _, o := range opts {
			if o.Name == "help" || o.Name == "version" {
				return codeInput{}
			}
		}
		in.stdin = len(operands) == 0
		for _, i := range operands {
			if args[i].Value == "-" {
				in.stdin = true
			} else {
				in.files = append(in.files, i)
			}
		}
	case name == "gdb":
		// gdb reads commands on stdin unless -batch; -x/--command FILE
		// and -ix FILE run a file of them (getopt_long_only: one dash
		// or two).
		batch, dash := false, false
		for i := 0; i < len(args); i++ {
			v := strings.TrimPrefix(args[i].Value, "-")
			switch {
			case v == "-batch" || v == "batch":
				batch = true
			case (v == "x" || v == "-x" || v == "command" || v == "-command" || v == "ix" || v == "-ix" ||
				v == "init-command" || v == "-init-command") && i+1 < len(args):
				i++
				if args[i].Static && args[i].Value == "-" {
					dash = true // gdb -x - reads the commands on stdin
					continue
				}
				in.files = append(in.files, i)
			case v == "-args" || v == "args":
				i = len(args)
			}
		}
		in.stdin = !batch || dash
		in.lang = lang.Gdb
	case name == "irb" || IPythonFrontEnd(name):
		in.lang = lang.Ruby
		if name != "irb" {
			in.lang = lang.Python
		}
		// The REPLs run their input when given no script.
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			switch {
			case v == "-c" || v == "-m" || v == "-v" || v == "--version" || v == "-h" || v == "--help":
				return codeInput{} // ipython -c CODE is an interpreter's code option
			case v == "-I" || v == "-r" || v == "-E" || v == "--prompt" || v == "--prompt-mode" || v == "--context-mode" ||
				v == "--back-trace-limit" || v == "--profile" || v == "--profile-dir" || v == "--ext" || v == "--ipython-dir" || v == "--config" || v == "--log-level" ||
				v == "--colors" || v == "--logfile" || v == "--logappend":
				i++
			case v == "-":
				in.stdin = true
				return in
			case strings.HasPrefix(v, "-"):
			default:
				in.files = append(in.files, i)
				return in
			}
		}
		in.stdin = true
	case name == "cmake":
		in.files = valueFiles(args, "-P")
	case name == "ninja":
		in.files = valueFiles(args, "-f")
	case name == "just":
		in.files = valueFiles(args, "-f", "--justfile")
	case name == "ansible-playbook":
		for i, a := range args {
			if !strings.HasPrefix(a.Value, "-") && (i == 0 || !strings.HasPrefix(args[i-1].Value, "-") || strings.Contains(args[i-1].Value, "=")) {
				in.files = append(in.files, i)
			}
		}
	case vimNames.Has(name):
		in.files = valueFiles(args, "-S", "-u")
	case otherLanguage(name) == "powershell":
		// pwsh -Command - (any unambiguous prefix, any case) reads the
		// commands on stdin.
		for i, a := range args {
			v := strings.ToLower(a.Value)
			if len(v) >= 2 && strings.HasPrefix("-command", v) && i+1 < len(args) && args[i+1].Value == "-" {
				in.stdin = true
			}
		}
	case pipName.Get().MatchString(name):
		if len(args) > 0 && args[0].Value == "install" {
			in.files = valueFiles(args, "-r", "--requirement")
		}
	}
	if installsPackages(call) && len(call.Wrappers) > 0 && call.ExtraArgs && call.ArgFile == "" {
		// curl … | xargs pip install: the names on stdin are packages,
		// whose install scripts run.
		if l := lastWrapper(call); l == "xargs" || l == "parallel" || l == "xe" {
			in.stdin = true
		}
	}
	return in
}

// valueFiles returns the indexes of the values of the named options
// (-f FILE, --file=FILE: the word itself for an attached value).
func valueFiles(args []Arg, names ...string) []int {
	var out []int
	for i, a := range args {
		for _, n := range names {
			switch {
			case a.Value == n && i+1 < len(args):
				out = append(out, i+1)
			case strings.HasPrefix(n, "--") && strings.HasPrefix(a.Value, n+"="):
				out = append(out, i)
			}
		}
	}
	return out
}

// installsPackages reports a package installer: pip install, npm, pnpm,
// yarn and bun install/add, gem install, cargo install.
func installsPackages(call *Call) bool {
	if len(call.Args) == 0 {
		return false
	}
	verb := call.Args[0].Value
	switch {
	case pipName.Get().MatchString(call.Name), call.Name == "gem", call.Name == "cargo", call.Name == "pipx":
		return verb == "install"
	case call.Name == "npm", call.Name == "pnpm", call.Name == "yarn", call.Name == "bun":
		return verb == "install" || verb == "i" || verb == "add"
	}
	return false
}

// codeFromStdin reports a call of the programs above that runs code it
// reads on stdin: from stdin itself, or a file naming it (sed -f
// /dev/stdin, cmake -P /dev/fd/0, pip install -r /dev/stdin).
func codeFromStdin(call *Call) bool {
	in := codeInputs(call)
	if in.stdin {
		return true
	}
	for _, i := range in.files {
		a := call.Args[i]
		v := a.Value
		if j := strings.IndexByte(v, '='); j >= 0 && strings.HasPrefix(v, "--") {
			v = v[j+1:]
		}
		if n, ok := fdPath(v); ok && a.Static && (n == 0 || call.Fd(n).Same(call.Fd(0))) {
			return true
		}
	}
	return false
}

// CodeFileArg reports whether call reads its argument i as code, for the
// programs above (m4 FILE, sed -f FILE, gcc -x c FILE, gdb -x FILE):
// a download handed as that file (m4 <(curl …)) is run.
func CodeFileArg(call *Call, i int) bool {
	for _, j := range codeInputs(call).files {
		if j == i {
			return true
		}
	}
	return false
}

// stdinProgram reads the code a program of codeInputs with a language
// takes on stdin (gdb without -batch or with -x -, irb, ipython): a
// here-document, a here-string or what a pipe carries, in that language.
func (w *walker) stdinProgram(c scope, call *Call) {
	in := codeInputs(call)
	if !in.stdin || in.lang == "" {
		return
	}
	for _, t := range w.codeOnStdin(c, call) {
		w.program(c, call, in.lang, t.text, call.Name+" ("+t.kind+" on stdin)", t.dynamic, "")
	}
	w.stdinFileCode(c, call, in.lang, call.Name, false) // irb < x.rb (interactive.go)
}

// debuggerStdin reads the commands an interpreter's debugger takes on
// stdin as the language's code: python -m pdb FILE (a line is a
// debugger command or a Python statement, "!" forcing the latter) and
// perl -d (each line a debugger command or Perl code).
func (w *walker) debuggerStdin(c scope, call *Call) {
	var l lang.Lang
	switch lang.ForProgram(call.Name) {
	case lang.Python:
		if m, _, ok := PythonModuleArgs(call); !ok || m.Value != "pdb" {
			return
		}
		l = lang.Python
	case lang.Perl:
		spec, ok := interpSpecFor(lang.Perl, "perl")
		if !ok {
			return
		}
		opts, _ := ScanOptions(call.Args, spec.opts)
		debug := false
		for _, o := range opts {
			debug = debug || o.Name == "d" && !o.Long && perlDebugger(o) // not -d:MODULE
		}
		if !debug {
			return
		}
		l = lang.Perl
	default:
		return
	}
	for _, t := range w.codeOnStdin(c, call) {
		lines := strings.Split(t.text, "\n")
		for i, line := range lines {
			lines[i] = strings.TrimPrefix(strings.TrimLeft(line, " \t"), "!")
		}
		w.program(c, call, l, strings.Join(lines, "\n"), call.Name+" debugger ("+t.kind+" on stdin)", t.dynamic, "")
	}
	if flag, _ := w.interactiveFlag(c, call); flag == "" {
		// python3 -m pdb FILE < cmds (interactive.go; perl -de 0 < F is
		// interactiveStdin's).
		w.stdinFileCode(c, call, l, call.Name+" debugger", true)
	}
}
