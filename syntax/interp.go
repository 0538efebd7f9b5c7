package syntax

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
	sh "mvdan.cc/sh/v3/syntax"
)

// Hidden is code that a call runs, or a path it destroys, that corral
// cannot see: a shell-running or deleting call in another language whose
// argument is only known at run time, a Makefile recipe built from make
// variables, text built at run time and fed to a shell.
type Hidden struct {
	Call *Call
	// What says, for people, what runs: "os.system(cmd) in python code
	// (python3 -c, line 1)".
	What string
	// Text is what is known of the code ("" when nothing is).
	Text string
	// Always reports that the call runs or destroys something whatever
	// the text holds; otherwise only text that names a command that
	// acquires content or can destroy data matters.
	Always bool
}

// program is the code an interpreter call runs.
type program struct {
	lang lang.Lang
	// code is the program text given on the command line (-c, -e), with
	// the word that holds it when there is one word.
	code    string
	codeArg *Arg
	hasCode bool
	// codeWord is the word that holds the first code string: its
	// option's own word when attached (-cCODE), else the next word.
	codeWord *Arg
	codeFlag string
	// file is the script file operand.
	file *Arg
	// stdin reports that the program is read from standard input.
	stdin bool
	// run is a package script name (bun run NAME) when no file matches.
	run string
	// module is the module python -m runs.
	module string
	// argv is the program's argument vector as its language indexes it
	// (argvFor), nil when corral does not model it.
	argv []lang.Arg
	// loads are files the interpreter runs before its program
	// (interpSpec.load).
	loads []*Arg
	// loop reports perl or ruby -n/-p: the code runs in a loop over the
	// files the words name, and only its BEGIN blocks see them as words.
	loop bool
}

// interpSpec is an interpreter's command line as the one scanner reads
// it, with which options hold program text (code) and which end the
// options (python -c, -m: the words after them are the program's).
type interpSpec struct {
	opts OptSpec
	// code lists the options whose value is program text (python -c,
	// node -e/--eval, perl -e/-E): each adds a line.
	code []string
	// file lists the options whose value is the script file (php -f,
	// R --file).
	file []string
	// check lists the options with which the interpreter only checks
	// or prints something and runs no program (ruby -c, php -l,
	// --version).
	check []string
	// endDash reports that "-" right after "--" is still standard input
	// (python3, node, ruby, perl and php: "python3 -- -" reads its
	// program from stdin); without it "--" makes "-" a file name (lua).
	endDash bool
	// load lists the options whose value is a file the interpreter runs
	// before its program, which is still read (jshell --startup FILE);
	// builtin are the values that name no file (jshell's DEFAULT).
	load, builtin []string
	// operandsLoad reports that the operands are files the interpreter
	// runs before it reads its program from standard input (jshell
	// x.jsh, jshell PRINTING: builtin names no file).
	operandsLoad bool
	// noFile reports that operands are no script the interpreter runs
	// (sbcl's, erl's and matlab's are the program's arguments, kotlinc
	// compiles its files, ghci loads modules without running them).
	noFile bool
}

// interpSpecs are the interpreters' command lines, from each program's
// manual page or --help. None takes an abbreviated long option (python
// and node refuse --vers, --ev).
func interpSpecFor(l lang.Lang, name string) (interpSpec, bool) {
	switch {
	case l == lang.Python:
		// python3 --help: -c cmd and -m mod end the options; -W arg,
		// -X opt; --check-hash-based-pycs MODE (never "=").
		return interpSpec{opts: OptSpec{ShortVal: "cmWXQ", Stop: true, End: []string{"c", "m"},
			LongVal:  []string{"check-hash-based-pycs"},
			LongFlag: []string{"help", "version", "help-env", "help-xoptions", "help-all"}},
			code: []string{"c"}, check: []string{"help", "version", "help-env", "help-xoptions", "help-all"}, endDash: true}, true
	case name == "bun":
		return interpSpec{opts: OptSpec{ShortVal: "ep", LongEq: true, Stop: true, LongVal: []string{"eval", "print", "cwd"}},
			code: []string{"e", "p", "eval", "print"}, check: []string{"version", "help"}}, true
	case l == lang.JS: // node, nodejs: node --help
		// node's one-dash words are whole option names, never clusters
		// with an attached value: -pe is an alias of --print --eval, and
		// -p/--print takes the next word as code unless it is an option
		// (node -p -e CODE). Every value is a word of its own or after
		// "=", and never begins with "-" (ValNoDash). The value options
		// are those node --help lists with "=..." (nodeLongVal; checked
		// against the installed node by TestNodeValueOptionsFromHelp).
		return interpSpec{opts: OptSpec{ShortNext: "rCep", LongEq: true, Stop: true, ValNoDash: true,
			LongVal: strings.Fields(nodeLongVal)},
			code: []string{"e", "p", "eval", "print"}, check: []string{"version", "help", "check", "c", "v", "h", "v8-options", "completion-bash"}, endDash: true}, true
	case l == lang.Ruby:
		// ruby -c checks the syntax only.
		// ruby --help: -C, -E, -I, -r take the rest of the word or the
		// next one; -i[ext], -x[dir] and -Fpattern only the rest of the
		// word; -0[octal], -l, -W[level] go on with the cluster. Its long
		// options with a value take it after "=" or as the next word
		// (ruby --encoding utf-8 -e CODE runs CODE); no abbreviations.
		return interpSpec{opts: OptSpec{ShortVal: "rICEe", ShortOpt: "ixF", LongEq: true, Stop: true,
			LongVal: []string{"encoding", "external-encoding", "internal-encoding", "backtrace-limit", "enable", "disable",
				"dump", "crash-report", "parser"}},
			code: []string{"e"}, check: []string{"c", "h", "version", "help", "copyright"}, endDash: true}, true
	case l == lang.Perl:
		// perlrun(1): -i, -C, -d, -D, -x and -F take the rest of the word;
		// -l and -0 take only digits, which are no option letters, so
		// the cluster goes on (-lne CODE is -l -n -e).
		return interpSpec{opts: OptSpec{ShortVal: "IMmeE", ShortOpt: "iCdDxF", Stop: true}, code: []string{"e", "E"},
			check: []string{"version", "help"}, endDash: true}, true
	case l == lang.PHP:
		// php -r CODE, -f FILE, -l (lint); -B CODE before the input,
		// -R CODE for each line of it, -E CODE after it (all of them
		// run), -F FILE for each line (php --help).
		// Each short option has a long name (php_cli.c): --run CODE is
		// -r CODE, --file, --php-ini, --define, --server, --docroot,
		// --rf/--rc/… NAME; no abbreviations.
		return interpSpec{opts: OptSpec{ShortVal: "dczrfBREFSt", LongEq: true, Stop: true, LongVal: []string{"file", "run",
			"process-begin", "process-code", "process-end", "process-file", "php-ini", "define", "zend-extension", "server", "docroot",
			"rf", "rfunction", "rc", "rclass", "re", "rextension", "rz", "rzendextension", "ri", "rextinfo"}},
			code: []string{"r", "run", "B", "R", "E", "process-begin", "process-code", "process-end"}, file: []string{"f", "file", "F", "process-file"},
			check: []string{"l", "version", "help", "syntax-check"}, endDash: true}, true
	case l == lang.Lua:
		// lua -e STAT -l MOD.
		return interpSpec{opts: OptSpec{ShortVal: "le", Stop: true}, code: []string{"e"}}, true
	case l == lang.Tcl && name == "expect":
		return interpSpec{opts: OptSpec{ShortVal: "bDcf", Stop: true}, code: []string{"c"}, file: []string{"f"}}, true
	case l == lang.Tcl && name == "jimsh":
		return interpSpec{opts: OptSpec{ShortVal: "e", Stop: true}, code: []string{"e"}}, true
	case l == lang.Tcl && name == "wish":
		return interpSpec{opts: OptSpec{LongOne: true, Stop: true,
			LongVal: []string{"encoding", "display", "geometry", "name", "visual", "colormap", "use", "class"}}}, true
	case l == lang.Tcl:
		// tclsh [-encoding NAME] [FILE ARG…].
		return interpSpec{opts: OptSpec{LongOne: true, Stop: true, LongVal: []string{"encoding"}}}, true
	case l == lang.R:
		// Rscript -e EXPR, R -e EXPR, R -f FILE, R --file=FILE; --args
		// ends R's options.
		return interpSpec{opts: OptSpec{ShortVal: "dgef", LongEq: true, Stop: true,
			LongVal: []string{"debugger", "gui", "encoding", "default-packages", "file"}},
			code: []string{"e"}, file: []string{"f", "file"}, check: []string{"version", "help"}}, true
	case l == lang.Scheme || l == lang.Lisp || l == lang.Clojure || l == lang.Erlang || l == lang.Elixir || l == lang.Gnuplot ||
		l == lang.Octave || l == lang.JVM || l == lang.Prolog || l == lang.Haskell || l == lang.OCaml:
		return foreignInterpSpec(l, name)
	case l == lang.Julia:
		return interpSpec{opts: OptSpec{ShortVal: "pLtCJeE", LongEq: true, Stop: true,
			LongVal: []string{"project", "threads", "procs", "load", "sysimage", "machine-file", "eval", "print"}},
			code: []string{"e", "E", "eval", "print"}, check: []string{"version", "help"}}, true
	}
	return interpSpec{}, false
}

// nodeLongVal are node's long options that take a value (node --help
// marks them "=..."; --inspect, --inspect-brk and --inspect-wait take one
// only after "="), node 20's and the later versions' (node 22-24:
// --run, --experimental-config-file, --localstorage-file, --test-*).
// Written as one string of option names, not a list of programs.
const nodeLongVal = "allow-fs-read allow-fs-write build-snapshot-config conditions cpu-prof-dir cpu-prof-interval cpu-prof-name " +
	"diagnostic-dir disable-proto disable-warning dns-result-order env-file env-file-if-exists eval print experimental-default-type " +
	"loader experimental-loader experimental-policy experimental-sea-config heap-prof-dir heap-prof-interval heap-prof-name " +
	"heapsnapshot-near-heap-limit heapsnapshot-signal icu-data-dir import input-type inspect-port debug-port inspect-publish-uid " +
	"max-http-header-size network-family-autoselection-attempt-timeout openssl-config policy-integrity redirect-warnings " +
	"report-directory report-dir report-filename report-signal require secure-heap secure-heap-min snapshot-blob " +
	"test-concurrency test-name-pattern test-skip-pattern test-reporter test-reporter-destination test-shard test-timeout " +
	"test-coverage-include test-coverage-exclude test-coverage-branches test-coverage-functions test-coverage-lines " +
	"test-isolation experimental-test-isolation test-global-setup test-rerun-failures title tls-cipher-list tls-keylog " +
	"trace-event-categories trace-event-file-pattern trace-require-module unhandled-rejections use-largepages v8-pool-size " +
	"watch-path watch-kill-signal run experimental-config-file localstorage-file max-old-space-size-percentage stack-size"

// noRunOptions are long options with which any interpreter only prints
// or checks something.
var noRunOptions = []string{"version", "help", "check", "syntax-check"}

// interpreterProgram reads an interpreter's options with the one scanner
// and its table (interpSpecFor) and returns the program it runs.
func interpreterProgram(c *Call) (program, bool) {
	l := lang.ForProgram(c.Name)
	if l == "" {
		return program{}, false
	}
	p := program{lang: l}
	args := c.Args
	name := strings.TrimRight(c.Name, "0123456789.")
	switch name {
	case "deno":
		if len(args) > 0 && args[0].Static && looksLikeFile(args[0].Value) && (strings.Contains(args[0].Value, ".") || strings.Contains(args[0].Value, "/")) {
			// deno FILE: Deno 2 runs a script given without "run".
			args = append([]Arg{{Value: "run", Raw: "run", Static: true}}, args...)
		}
		if len(args) == 0 || args[0].Value != "eval" && args[0].Value != "run" {
			return p, false
		}
		sub := args[0].Value
		args = args[1:]
		if sub == "eval" {
			// --env-file[=FILE], --v8-flags[=…], --lock[=FILE] and
			// --reload[=…] take a value only after "=" (deno's
			// require_equals): deno eval --env-file CODE runs CODE.
			spec := OptSpec{LongEq: true, LongVal: denoValueOptions}
			_, operands := ScanOptions(args, spec)
			if len(operands) == 0 {
				return p, false
			}
			k := operands[0]
			p.code, p.codeArg, p.hasCode, p.codeFlag = args[k].Value, &args[k], true, "deno eval"
			return p, true
		}
	case "bun":
		if len(args) > 0 && args[0].Value == "run" {
			args = args[1:]
			if len(args) > 0 && !strings.HasPrefix(args[0].Value, "-") && !looksLikeFile(args[0].Value) {
				p.run = args[0].Value
				return p, true
			}
		} else if _, ws := pmProjectArgs(c); len(ws) > 1 && ws[0] == "run" && !looksLikeFile(ws[1]) {
			// bun --cwd DIR run NAME: DIR's script (pmProjectArgs).
			p.run = ws[1]
			return p, true
		}
	}
	if l == lang.Clojure && name != "bb" {
		rest, ok := clojureMainArgs(args)
		if !ok {
			return p, false
		}
		args = rest
	}
	spec, ok := interpSpecFor(l, name)
	if !ok {
		return p, false
	}
	if name == "deno" {
		spec = interpSpec{opts: OptSpec{LongEq: true, Stop: true,
			LongVal: denoValueOptions}}
	}
	if name == "R" {
		spec.opts.LongFlag = []string{"args"}
		spec.opts.End = []string{"args"}
	}
	opts, operands := ScanOptions(args, spec.opts)
	if alt, ok := unknownValueReading(spec, args, opts); ok {
		// node --new-option X -e CODE: an option the table does not
		// know may take the next word as its value, as newer versions'
		// do. When that reading finds code the first one does not, the
		// code is read (the other reading would take X for the script).
		// The word the first reading takes for the script is read as
		// one too (node --trace-warnings x.js -e CODE runs x.js).
		altOpts, altOperands := ScanOptions(args, alt.opts)
		if hasCodeOption(alt, altOpts) && !hasCodeOption(spec, opts) {
			if len(operands) > 0 && !spec.noFile && args[operands[0]].Value != "-" {
				p.loads = append(p.loads, &args[operands[0]])
			}
			spec, opts, operands = alt, altOpts, altOperands
		}
	}
	var codes []string
	var codeArgs []*Arg
	for _, o := range opts {
		switch {
		case slices.Contains(spec.check, o.Name) || o.Long && slices.Contains(noRunOptions, o.Name):
			return program{}, false // a syntax check or a version runs nothing
		case l == lang.Python && o.Name == "m":
			// python -m module (-mjson.tool): the module runs and
			// standard input is its data.
			return program{lang: l, module: o.Val.Value}, false
		case slices.Contains(spec.code, o.Name):
			if !o.HasVal {
				continue
			}
			word := &args[o.Idx]
			var codeArg *Arg
			if !o.Attached {
				word = &args[o.ValIdx]
				codeArg = word
			}
			if p.codeWord == nil {
				p.codeWord = word
			}
			codes = append(codes, o.Val.Value)
			codeArgs = append(codeArgs, codeArg)
			p.codeFlag = "-" + o.Name
			if o.Long && strings.HasPrefix(args[o.Idx].Value, "--") {
				p.codeFlag = "--" + o.Name
			}
		case slices.Contains(spec.file, o.Name) && o.HasVal && len(codes) == 0 && p.file == nil:
			if o.Attached {
				f := o.Val
				p.file = &f
			} else {
				p.file = &args[o.ValIdx]
			}
		case slices.Contains(spec.load, o.Name) && o.HasVal && !slices.Contains(spec.builtin, o.Val.Value):
			// jshell --startup FILE runs FILE and then its program.
			if o.Attached {
				f := o.Val
				p.loads = append(p.loads, &f)
			} else {
				p.loads = append(p.loads, &args[o.ValIdx])
			}
		case name == "R" && o.Name == "args":
			operands = nil // what follows is the program's
		}
	}
	loop := false // perl -n/-p, ruby -n/-p: the words are files to read
	for _, o := range opts {
		loop = loop || !o.Long && (o.Name == "n" || o.Name == "p") && (l == lang.Perl || l == lang.Ruby)
	}
	words := func(from int) []Arg {
		var out []Arg
		for _, k := range operands[min(from, len(operands)):] {
			out = append(out, args[k])
		}
		return out
	}
	if len(codes) > 0 {
		p.hasCode = true
		if l == lang.PHP {
			// php -r/-B/-R/-E code starts in PHP, not in the output
			// text before an opening tag: a ?> in it leaves PHP (and a
			// later <?php comes back), and a "<?php" string in it is
			// no start of the code.
			for i := range codes {
				codes[i] = "<?php " + codes[i]
			}
		}
		p.code = strings.Join(codes, "\n")
		if len(codes) == 1 {
			p.codeArg = codeArgs[0]
		}
		p.argv = argvFor(l, name, "", words(0))
		p.loop = loop
		return p, true
	}
	if spec.operandsLoad && p.file == nil {
		// jshell PRINTING <<< CODE runs the start-up file, then CODE.
		for _, k := range operands {
			if a := &args[k]; !a.Static || a.Value != "-" && !slices.Contains(spec.builtin, a.Value) {
				p.loads = append(p.loads, a)
			}
		}
		p.stdin = true
		return p, true
	}
	if p.file == nil && len(operands) > 0 && !spec.noFile {
		k := operands[0]
		if a := args[k]; a.Static && a.Value == "-" && (spec.endDash || k == 0 || args[k-1].Value != "--") {
			p.stdin = true
			if !loop {
				p.argv = argvFor(l, name, "-", words(1))
			}
			return p, true
		}
		p.file = &args[k]
		operands = operands[1:]
	}
	if p.file == nil {
		p.stdin = true
	} else if !loop {
		p.argv = argvFor(l, name, "file", words(0))
		if p.argv != nil && len(p.argv) > 0 && (l == lang.Python || l == lang.PHP) {
			p.argv[0] = lang.Arg{Value: p.file.Value, Known: p.file.Static}
		}
	}
	return p, true
}

// unknownValueReading returns spec with every long option the table
// does not know added to those that take a value, when opts holds one
// written without "=" and followed by a word: the reading of a program
// version that knows the option (node --disable-warning X, ruby
// --encoding E in versions the table predates).
func unknownValueReading(spec interpSpec, args []Arg, opts []Option) (interpSpec, bool) {
	var add []string
	for _, o := range opts {
		if !o.Long || o.HasVal || o.Idx+1 >= len(args) || strings.HasSuffix(o.Name, "=") ||
			slices.Contains(spec.opts.LongVal, o.Name) || slices.Contains(spec.opts.LongFlag, o.Name) {
			continue
		}
		add = append(add, o.Name)
	}
	if len(add) == 0 {
		return spec, false
	}
	alt := spec
	alt.opts.LongVal = append(slices.Clip(spec.opts.LongVal), add...)
	return alt, true
}

// hasCodeOption reports whether opts hold an option of spec whose value
// is program text.
func hasCodeOption(spec interpSpec, opts []Option) bool {
	for _, o := range opts {
		if o.HasVal && slices.Contains(spec.code, o.Name) {
			return true
		}
	}
	return false
}

// argvFor returns the argument vector of a program run by interpreter
// name of language l with the words rest after its code or script
// (how is "" for code on the command line, "-" for a program on standard
// input, "file" for a script file), indexed as the language indexes it:
// Python's sys.argv starts with "-c", "-" or the script, Node's
// process.argv with the node binary (and the script), PHP's $argv with
// "Standard input code" or the script; Perl's @ARGV and Ruby's ARGV hold
// only the words. The first word of a script's vector is set by the
// caller. nil for a program whose vector corral does not model.
func argvFor(l lang.Lang, name, how string, rest []Arg) []lang.Arg {
	var out []lang.Arg
	switch {
	case l == lang.Python:
		zero := "-c"
		if how != "" {
			zero = "-"
		}
		out = append(out, lang.Arg{Value: zero, Known: how != "file"})
	case l == lang.JS && (name == "node" || name == "nodejs"):
		out = append(out, lang.Arg{}) // the node binary's path
		if how == "file" {
			out = append(out, lang.Arg{}) // the script, made absolute
		}
	case l == lang.PHP:
		out = append(out, lang.Arg{Value: "Standard input code", Known: how == ""})
	case l == lang.Perl, l == lang.Ruby:
	default:
		return nil
	}
	// A word only known at run time or a pattern can be any number of
	// words: the ones after it are at indexes only known at run time.
	certain := true
	for _, a := range rest {
		out = append(out, lang.Arg{Value: a.Value, Known: certain && a.Static && !a.Glob, Shell: runTimeWord(a, certain)})
		certain = certain && (a.Static && !a.Glob || oneField(a))
	}
	return out
}

// ProgramFromStdin reports whether interpreter call c reads the program
// it runs from standard input: python3, node -r dotenv/config, perl -n,
// php with no script, a lone "-". A code option (python -c, node -e,
// ruby -e), a module (python -m json.tool), a script file, a syntax check
// or --version leave standard input as data. known is false for a program
// whose options corral does not model (lua, Rscript, pwsh).
func ProgramFromStdin(c *Call) (stdin, known bool) {
	if lang.ForProgram(c.Name) == "" {
		return false, false
	}
	if strings.TrimRight(c.Name, "0123456789.") == "deno" && (len(c.Args) == 0 || c.Args[0].Value == "repl") {
		return true, true // deno's REPL reads its input as code
	}
	p, ok := interpreterProgram(c)
	if !ok {
		return replModules.Get()[p.module], true
	}
	return p.stdin && !p.hasCode && p.file == nil && p.run == "", true
}

// InterpreterWords returns, for an interpreter call read with its own
// options (the table interpreterProgram models), the index in c.Args of
// the word that holds its program text (-c/-e's value, or the option's
// own word when the code is attached: -cCODE) and of its script file, or
// -1 for either; module reports python -m MODULE. ok is false for a
// program whose options corral does not model.
func InterpreterWords(c *Call) (code, file int, module, ok bool) {
	code, file = -1, -1
	if lang.ForProgram(c.Name) == "" {
		return code, file, false, false
	}
	p, ok := interpreterProgram(c)
	if !ok {
		return code, file, p.module != "", p.module != ""
	}
	for i := range c.Args {
		if p.codeWord == &c.Args[i] && p.hasCode {
			code = i
		}
		if p.file == &c.Args[i] {
			file = i
		}
	}
	return code, file, false, true
}

// moduleCode models the standard library modules python -m runs that
// run code of their own arguments or input: the interactive interpreters
// (code, asyncio: replModules) read standard input as a program, and
// timeit runs its -s setup and its statements (python3 -m timeit
// 'os.system(…)').
func (w *walker) moduleCode(c scope, call *Call, p program) bool {
	label := call.Name + " -m " + p.module
	switch {
	case replModules.Get()[p.module]:
		for _, in := range w.codeOnStdin(c, call) {
			w.program(c, call, p.lang, in.text, label+" "+in.kind, in.dynamic, "")
		}
		if r, ok := call.Fd(0).File(); ok && r.Op == "<" {
			w.interpreterFile(c, call, r.Target, p.lang)
		}
		return true
	case p.module == "venv" || p.module == "virtualenv":
		for i, a := range call.Args {
			if a.Value == "-m" && i+2 <= len(call.Args) && i+1 < len(call.Args) && call.Args[i+1].Value == p.module {
				w.venvClear(c, call, call.Args[i+2:])
				break
			}
		}
		return true
	case p.module == "timeit":
		// The words after the module: timeit's options (-n N, -r N, -s
		// SETUP, -u UNIT; -p, -v, -h) and the statements.
		rest := -1
		for i, a := range call.Args {
			if a.Value == "-m" && i+1 < len(call.Args) && call.Args[i+1].Value == "timeit" {
				rest = i + 2
				break
			}
			if a.Value == "-mtimeit" {
				rest = i + 1
				break
			}
		}
		if rest < 0 {
			return false
		}
		args := call.Args[rest:]
		opts, operands := ScanOptions(args, OptSpec{ShortVal: "nrsu", LongEq: true, Abbrev: true,
			LongVal: []string{"number", "repeat", "setup", "unit"}, LongFlag: []string{"process", "verbose", "help"}})
		var code []string
		dynamic := false
		for _, o := range opts {
			if (o.Name == "s" || o.Name == "setup") && o.HasVal {
				code = append(code, o.Val.Value)
				dynamic = dynamic || !o.Val.Static
			}
		}
		for _, k := range operands {
			code = append(code, args[k].Value)
			dynamic = dynamic || !args[k].Static
		}
		if len(code) > 0 {
			w.program(c, call, p.lang, strings.Join(code, "\n"), label, dynamic, "")
		}
		return true
	}
	return false
}

// venvClear models python -m venv --clear DIR… and virtualenv --clear
// DIR: each DIR's contents are deleted before the environment is made
// again, as rm -rf DIR would (python3 -m venv --clear ~ empties the home
// directory).
func (w *walker) venvClear(c scope, call *Call, args []Arg) {
	opts, operands := ScanOptions(args, OptSpec{LongEq: true, Abbrev: true, ShortVal: "pa",
		LongVal:  []string{"prompt", "python", "activators", "app-data", "creator", "seeder", "discovery", "extra-search-dir", "pip", "setuptools", "wheel"},
		LongFlag: []string{"clear", "system-site-packages", "symlinks", "copies", "upgrade", "without-pip", "upgrade-deps", "without-scm-ignore-files", "help"}})
	clear := false
	for _, o := range opts {
		clear = clear || o.Name == "clear"
	}
	if !clear {
		return
	}
	var paths []string
	for _, k := range operands {
		paths = append(paths, args[k].Raw)
	}
	if len(paths) == 0 {
		return
	}
	w.origin = call.Name + " --clear deletes what its directories hold"
	w.child(c, call, "rm -rf -- "+strings.Join(paths, " "), nil, "venv --clear", false)
	w.origin = ""
}

// replModules are Python modules that run an interactive interpreter,
// which reads its input as code (python3 -m code).
var replModules = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"code": true, "asyncio": true, "IPython": true, "ptpython": true, "bpython": true}
}}

func looksLikeFile(v string) bool {
	if strings.Contains(v, "/") {
		return true
	}
	for _, ext := range []string{".js", ".ts", ".mjs", ".cjs", ".mts", ".jsx", ".tsx"} {
		if strings.HasSuffix(v, ext) {
			return true
		}
	}
	return false
}

// interpreter models the program an interpreter call runs: code on the
// command line, here-documents and here-strings on its standard input,
// and script files. It reports whether c is an interpreter.
func (w *walker) interpreter(c scope, call *Call) bool {
	w.preloads(c, call)
	w.moduleStartup(c, call)
	p, ok := interpreterProgram(call)
	if !ok {
		return p.module != "" && w.moduleCode(c, call, p)
	}
	label := call.Name
	// xargs python3 -c CODE, echo ~/.bashrc | xargs python3 x.py: the
	// words the launcher adds (fedArgvs).
	argvs := w.fedArgvs(c, call, p.argv)
	for _, a := range p.loads {
		w.interpreterFile(c, call, *a, p.lang)
	}
	switch {
	case p.hasCode:
		label += " " + p.codeFlag
		dynamic := p.codeArg != nil && !p.codeArg.Static
		if texts, placed, known := w.fedCode(c, call, p.code); placed && (known || strings.TrimSpace(p.code) == "{}" || strings.TrimSpace(p.code) == call.Replace) {
			// parallel python3 -c {} ::: CODE, xargs -I{} python3 -c {}
			// <<< CODE: the code is what the launcher puts there (an
			// input only known at run time inside literal code, print("{}"),
			// is left to the literal code's reading).
			if !known {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: p.code,
					What: label + " runs, as " + string(p.lang) + " code, the input " + lastWrapper(call) + " hands it at run time"})
				return true
			}
			for _, t := range texts {
				w.argv, w.argvLoop = p.argv, p.loop
				w.program(c, call, p.lang, t, label+" ("+lastWrapper(call)+" input)", false, "")
			}
			w.argvLoop = false
			return true
		}
		if p.codeArg != nil && dynamic && p.codeArg.Word != nil {
			// python3 -c "$x" after x=$(cat f.py), python3 -c "$(cat
			// f.py)": the program is that file's text (what this
			// command wrote there, else the disk).
			if t, files, ok := w.catFedText(call, p.codeArg.Word, c.sc.Src, false); ok {
				for _, argv := range argvs {
					w.argv, w.argvLoop = argv, p.loop
					w.program(c, call, p.lang, t, label+" ("+clip(strings.Join(files, ", "), 60)+")", false, "")
				}
				w.argvLoop = false
				return true
			}
		}
		if p.codeArg != nil {
			if first, _, whole := p.codeArg.WholeSubst(); whole && !downloaders.Get()[first] {
				// (A download there is the pipe-shell rule's.)
				// python3 -c "$(… | base64 -d)": the program is whatever
				// the substitution prints.
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: p.codeArg.Raw,
					What: label + " runs, as " + string(p.lang) + " code, what " + clip(p.codeArg.Raw, 60) + " prints at run time"})
				return true
			}
		}
		for _, argv := range argvs {
			w.argv, w.argvLoop = argv, p.loop
			w.program(c, call, p.lang, p.code, label, dynamic, "")
		}
		w.argvLoop = false
	case p.run != "":
		inner := *call
		inner.Dir, _ = pmProjectArgs(call)
		if !inner.Dir.Known {
			w.pmRunTimeDir(call, []string{"run"})
			return true
		}
		w.packageScript(c, &inner, p.run, "bun")
	case p.file != nil:
		if p.file.Static {
			// perl x.pl > f: a script that fetches and prints.
			if text, ok := w.readScript(call.Dir.Join(p.file.Value)); ok {
				codeFetchPrint(call, p.lang, text)
			}
		}
		for _, argv := range argvs {
			w.argv = argv
			w.interpreterFile(c, call, *p.file, p.lang)
		}
		w.argv = nil
		if p.lang == lang.JS && p.file.Static && p.file.Value == "watch" {
			// tsx watch FILE (vite-node watch FILE) runs FILE; node runs
			// a file named watch. Both are read.
			for i := range call.Args {
				if &call.Args[i] == p.file && i+1 < len(call.Args) {
					w.scriptFile(c, call, call.Args[i+1], string(p.lang))
				}
			}
		}
	case p.stdin:
		if call.ExtraArgs && len(call.Args) == 0 {
			// xargs python3: the input words are appended, the first
			// of them the script file.
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
				What: call.Name + " runs the script file named by its input, only known at run time"})
			return true
		}
		for _, in := range w.stdinTexts(c, call) {
			w.argv = p.argv
			w.program(c, call, p.lang, in.text, label+" "+in.kind, in.dynamic, "")
			codeFetchPrint(call, p.lang, in.text) // python3 <<'E' … print(urlopen(URL).read()) E > f
		}
		if in, ok := w.stdinFileText(call); ok {
			codeFetchPrint(call, p.lang, in.text) // python3 < fetch.py > f
		}
		if in := call.Fd(0); in.Kind == StreamPipe && in.Pipe != nil && in.Pipe.Subst == "" && in.Stage > 0 && in.Stage < len(in.Pipe.Calls) {
			// echo CODE | python3 > f: the text the stage before prints.
			if text, _, ok := w.producedText(c, in.Pipe, in.Stage-1); ok {
				codeFetchPrint(call, p.lang, text)
			}
		}
		if r, ok := call.Fd(0).File(); ok && r.Op == "<" {
			// python3 < evil.py: the program is the file's text.
			w.interpreterFile(c, call, r.Target, p.lang)
		}
	}
	return true
}

// interpreterFile models the script file a of an interpreter call: read
// by scriptFile (a pattern or a loop's items file by file), asked about
// when its name is only known at run time (python3 "$f", find … -exec
// python3 {} \;, xargs -I{} node {}), and when it is compiled bytecode
// the interpreter loads (python3 x.pyc), which corral cannot read.
func (w *walker) interpreterFile(c scope, call *Call, a Arg, l lang.Lang) {
	if _, ok := w.m.ArgStream(a); ok {
		w.scriptFile(c, call, a, string(l)) // python3 <(…): what it prints
		return
	}
	placeholder := call.ExtraArgs && (a.Value == "{}" || call.HasPlaceholder(a.Value))
	if placeholder || !a.Static && w.scriptNames(call, a) == nil {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
			What: call.Name + " runs " + clip(a.Raw, 40) + ", a script file only known at run time"})
		return
	}
	if a.Static && l == lang.Python && (strings.HasSuffix(a.Value, ".pyc") || strings.HasSuffix(a.Value, ".pyo")) {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
			What: call.Name + " runs " + clip(a.Raw, 40) + ", compiled bytecode corral cannot read"})
		return
	}
	if e, ok := w.interpEntry(call, a, l); ok {
		a = e // python3 DIR: DIR/__main__.py; node DIR: its main
	}
	w.scriptFile(c, call, a, string(l))
}

// stdinText is program text a call reads on its standard input.
type stdinText struct {
	text    string
	kind    string
	dynamic bool
	// file is the name of the file the text was read from (stdinFile),
	// or "".
	file string
}

// stdinTexts returns the here-documents and here-strings of call.
func (w *walker) stdinTexts(c scope, call *Call) []stdinText {
	var out []stdinText
	if in := call.Fd(0); !ownStream(call, in) {
		// A here-document or here-string opened on another statement
		// (exec 3<<<'…'; python3 <&3) or around a compound command.
		if text, static, ok := in.Text(); ok {
			kind := "here-document"
			if in.Redirect.Op == "<<<" {
				kind = "here-string"
			}
			out = append(out, stdinText{text: text, kind: kind, dynamic: !static})
		} else if text, dynamic, ok, isPipe := w.otherPipeText(c, in); isPipe {
			// python3 <&${P[0]}: what the coprocess prints.
			if !ok {
				text, dynamic = "", true
			}
			out = append(out, stdinText{text: text, kind: "pipe", dynamic: dynamic})
		}
		return out
	}
	for i := range call.Redirs {
		rd := &call.Redirs[i]
		switch rd.Node.Op {
		case sh.Hdoc, sh.DashHdoc:
			if rd.Node.Hdoc == nil {
				continue
			}
			r := &resolver{src: c.sc.Src, dir: call.Dir, st: w.cur}
			body := r.arg(rd.Node.Hdoc)
			quoted := rd.Target.Raw != rd.Target.Value
			text := body.Raw
			if !quoted && body.Static {
				// x=~; python3 <<EOF / …rmtree("$x")… / EOF: bash expands
				// the body with this script's variables, and removes its
				// escapes (hdocBody), before the program reads it.
				text = r.hdocBody(rd.Node.Hdoc).Value
			}
			if trimmed, ok := strings.CutSuffix(text, rd.Target.Value); ok {
				text = strings.TrimRight(trimmed, "\t")
			}
			if !quoted && !body.Static {
				// <<EOF / $(cat f) / EOF: the file's text.
				if t, files, ok := w.catFedText(call, rd.Node.Hdoc, c.sc.Src, true); ok {
					if trimmed, cut := strings.CutSuffix(t, rd.Target.Value); cut {
						t = strings.TrimRight(trimmed, "\t")
					}
					out = append(out, stdinText{text: t, kind: "here-document (" + clip(strings.Join(files, ", "), 60) + ")"})
					continue
				}
			}
			out = append(out, stdinText{text: text, kind: "here-document", dynamic: !quoted && !body.Static})
		case sh.WordHdoc:
			if !rd.Target.Static {
				// <<< "$(cat f)", <<< "$(< f)": the file's text.
				if t, files, ok := w.catFedText(call, rd.Target.Word, c.sc.Src, false); ok {
					out = append(out, stdinText{text: t + "\n", kind: "here-string (" + clip(strings.Join(files, ", "), 60) + ")"})
					continue
				}
			}
			out = append(out, stdinText{text: rd.Target.Value, kind: "here-string", dynamic: !rd.Target.Static})
		}
	}
	return out
}

// stdinFile returns the file a "< FILE" (or "<> FILE") redirection
// opens as call's standard input, with a path opened before a cd made
// absolute; nil when the input is something else, or a file named only
// at run time (the programs that read commands from it, ed, ex, sqlite3
// and the SQL clients, are mostly given data that way).
func stdinFile(call *Call) *Arg {
	r, ok := call.Fd(0).File()
	if !ok || r.Op != "<" && r.Op != "<>" || !r.Target.Static || r.Target.Value == "" {
		return nil
	}
	a := r.Target
	d := r.Dir.Join(a.Value)
	if d.Known && r.Dir != call.Dir {
		a.Value = d.Path
	}
	if d.Known {
		// < /dev/null, a terminal, a FIFO: no command text to read.
		if fi, err := os.Stat(d.Path); err == nil && !fi.Mode().IsRegular() {
			return nil
		}
	}
	return &a
}

// stdinFileText returns the text of stdinFile as call's input: what the
// command wrote there earlier, else the file on disk.
func (w *walker) stdinFileText(call *Call) (stdinText, bool) {
	a := stdinFile(call)
	if a == nil {
		return stdinText{}, false
	}
	text, ok := w.readScript(call.Dir.Join(a.Value))
	if !ok {
		return stdinText{}, false
	}
	return stdinText{text: text, kind: "file " + clip(a.Raw, 60), file: a.Raw}, true
}

// codeOnStdin returns the text call reads as code when a file it is given
// names its standard input (make -f -, awk -f /dev/stdin, gdb -x
// /dev/fd/0): its here-documents and here-strings, or what the stage
// before it in a pipeline writes, when corral knows that text. Text the
// pipe carries that is only known at run time is reported by hiddenPipe.
func (w *walker) codeOnStdin(c scope, call *Call) []stdinText {
	out := w.stdinTexts(c, call)
	in := call.Fd(0)
	if in.Kind == StreamPipe && in.Pipe != nil && in.Pipe.Subst == "" && in.Stage > 0 && in.Stage < len(in.Pipe.Calls) {
		if text, dynamic, ok := w.producedText(c, in.Pipe, in.Stage-1); ok {
			out = append(out, stdinText{text: text, kind: "pipe", dynamic: dynamic})
		} else {
			w.hiddenPipe(in.Pipe, in.Stage)
		}
	}
	return out
}

// stdinName reports a file name that is the reader's standard input:
// /dev/stdin, /dev/fd/0, /proc/self/fd/0, and "-" where the program
// reads it so (dash is true).
func stdinName(name string, dash bool) bool {
	return name == "/dev/stdin" || name == "/dev/fd/0" || name == "/proc/self/fd/0" || dash && name == "-"
}

// program models program text in language l run by call. origin names a
// file the text came from ("" for text on the command line).
func (w *walker) program(c scope, call *Call, l lang.Lang, text, label string, dynamic bool, origin string) {
	if len(text) > MaxSource {
		w.m.Truncated = true
		return
	}
	if l == lang.Rust {
		text = w.rustIncluded(call, text, origin) // include_str!("p.sh"): rustinclude.go
	}
	if l == lang.Python && !w.inBreakpointHook {
		w.breakpointCalls(c, call, text, label, dynamic, origin)
	}
	if l == lang.Python {
		w.pdbInCode(c, call, text) // breakpoint(), pdb.set_trace(): the .pdbrc files
	}
	w.replInCode(c, call, l, text) // pdb.set_trace(), repl.start(), binding.irb: stdin (interactive.go)
	where := label
	if origin != "" {
		where = origin
	}
	var effects []lang.Effect
	argv, loop := w.argv, w.argvLoop
	w.argv, w.argvLoop = nil, false // the program's own; a program it runs has its own
	src := text
	if l == lang.Perl && origin == "" {
		// perl -MFile::Copy -e 'copy(…)', -MIPC::Open3 -e 'open3(…)':
		// the program's copy, move and open3 are the module's, as with a
		// use line (added at the end, so that lines and offsets stay the
		// program's).
		for _, m := range perlLoadedModules(call) {
			src += "\n;use " + m + ";"
		}
	}
	switch {
	case l == lang.Awk && len(w.awkVars) > 0:
		effects = lang.AnalyzeAwk(text, w.awkVars)
	case len(argv) > 0 && loop:
		effects = lang.AnalyzeLoopArgv(l, src, argv)
	case len(argv) > 0:
		effects = lang.AnalyzeArgv(l, src, argv)
	default:
		effects = lang.Analyze(l, src)
	}
	if w.read != nil || len(w.written) > 0 {
		effects = append(effects, lang.ImportsArgv(l, text, argv, loop)...)
		if l == lang.Python {
			// import requests: a package from site-packages, whose own
			// imports find the library-named project files first.
			w.pyThirdPartyImports(c, call, effects, origin, label)
		}
	}
	// Code that sets PATH for the programs it starts (os.environ["PATH"]
	// = …, an environment copy with PATH handed to a child): a program it
	// runs by name is the file that PATH finds (lang.SetsPath).
	pathSetter, setsPath := "", false
	if origin == "" || w.lenient == 0 {
		pathSetter, setsPath = lang.SetsPath(l, text)
		w.codeShellEnv(c, call, l, text, where) // envbash.go (red team 17 BF1)
	}
	// cwd is the program's working directory as its chdir calls leave
	// it; dir the one of the effect being judged.
	cwd := call.Dir
	var blocks []Dir // the directories before each block's chdir
	for _, e := range effects {
		if e.Kind == lang.Chdir {
			switch {
			case e.Back && len(blocks) > 0:
				cwd, blocks = blocks[len(blocks)-1], blocks[:len(blocks)-1]
			case e.Back:
			default:
				if e.Block {
					blocks = append(blocks, cwd)
				}
				cwd = w.codeDir(call, cwd, e.Path, e.Tilde, e.Path == "", origin)
			}
			continue
		}
		dir := cwd
		if e.Cwd != "" || e.CwdHidden {
			dir = w.codeDir(call, cwd, e.Cwd, e.CwdTilde, e.CwdHidden, origin)
		}
		w.effectDir = &dir
		if w.restricted && (e.Kind == lang.Shell || e.Kind == lang.Exec || e.Kind == lang.Hidden) {
			continue
		}
		if w.lenient > 0 && e.Kind == lang.Hidden && !e.Unset {
			continue // a test suite's run-time calls (testrunners.go)
		}
		at := fmt.Sprintf("%s, line %d", where, e.Line)
		if origin != "" {
			at = fmt.Sprintf("%s:%d", origin, e.Line)
		}
		if e.ArgvWords {
			w.argvWordEffect(c, call, e, argv, l, at, origin, dynamic) // interpargvword.go
			continue
		}
		if (e.Kind == lang.Write || e.Kind == lang.Read) && e.Path == "" && (len(e.Pieces) > 0 || e.Hides != "" || e.Home || e.Computed != "" || len(e.Env) > 0 || len(e.Listed) > 0) {
			// Code written in the command, and scripts of the languages
			// one runs by name (python3 f.py, node f.js) that are not a
			// test suite's; a compiled program's or a test's own files
			// (os.WriteFile(filepath.Join(dir, ".env")) in a Go test)
			// are how projects work with paths they are given.
			if origin == "" || w.lenient == 0 && (l == lang.Python || l == lang.JS || l == lang.Ruby || l == lang.Perl || l == lang.PHP) {
				w.runTimePathShape(call, e, l, at, origin)
				w.envPathEffects(c, call, e, "in "+string(l)+" code ("+at+"): "+e.Call, dynamic)
				if len(e.Pieces) > 0 {
					w.runTimePathEffect(c, call, e, "in "+string(l)+" code ("+at+"): "+e.Call, dynamic)
				}
				for _, f := range e.Listed {
					// The value a listing finds (lang.listedWrites):
					// the files its pattern matches are written.
					w.effect(c, call, "tee -- "+pathWord(f)+" </dev/null", "in "+string(l)+" code ("+at+"): "+e.Call+" writes what a listing finds ("+clip(e.Text, 60)+")", dynamic, false)
				}
			} else if e.Home && len(e.Pieces) > 0 && w.lenient == 0 {
				// Any other program's path built from the home
				// directory (fmt.Sprintf("%s/.ssh/id_rsa",
				// os.Getenv("HOME")) in Go, C's snprintf of getenv's
				// value) is judged by its pieces: its head is no path
				// the project gave it (red team of 2026-12-05).
				w.runTimePathEffect(c, call, e, "in "+string(l)+" code ("+at+"): "+e.Call, dynamic)
			}
			continue
		}
		if setsPath && (e.Kind == lang.Shell && strings.TrimSpace(e.Text) != "" || e.Kind == lang.Exec && len(e.Argv) > 0 && !strings.Contains(e.Argv[0], "/")) {
			// e = dict(os.environ); e["PATH"] = "/tmp/x:" + e["PATH"];
			// subprocess.run(["ls"], env=e) runs /tmp/x/ls.
			name := e.Text
			if e.Kind == lang.Exec {
				name = e.Argv[0]
			}
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: clip(name, 60),
				What: e.Call + " in " + string(l) + " code (" + at + ") runs " + clip(name, 40) + " by name, looked up through the PATH the code sets (" +
					clip(pathSetter, 60) + "): which file runs is only known at run time"})
		}
		switch e.Kind {
		case lang.Shell:
			w.effect(c, call, e.Text, "in "+string(l)+" code ("+at+"): "+e.Call, dynamic, true)
		case lang.Exec:
			w.effect(c, call, quoteArgv(e.Argv), "in "+string(l)+" code ("+at+"): "+e.Call, dynamic, true)
		case lang.Delete:
			cmd := "rm -f -- "
			switch {
			case e.Recursive:
				cmd = "rm -rf -- "
			case e.Dir:
				cmd = "rmdir -- "
			}
			w.effect(c, call, cmd+pathWord(e), "in "+string(l)+" code ("+at+"): "+e.Call+" deletes "+e.Path, dynamic, false)
		case lang.Write:
			if e.Path == "" {
				// :w, :wq, :x of the files being edited.
				for _, f := range w.editing {
					w.effect(c, call, ": > "+f, "in "+string(l)+" code ("+at+"): "+e.Call+" writes "+f, dynamic, false)
				}
				continue
			}
			op := " > "
			if e.Append {
				op = " >> "
			}
			w.effect(c, call, ":"+op+pathWord(e), "in "+string(l)+" code ("+at+"): "+e.Call+" writes "+e.Path, dynamic, false)
		case lang.Read:
			if e.CommandOnly && origin != "" {
				continue
			}
			// A read is judged as cat of the same path: the secret class
			// decides, with cat's reason. A directory walked and its
			// files opened is find … -exec cat, judged by the files
			// under it.
			if e.Walk {
				if origin != "" {
					// A script on disk listing a tree and opening what it
					// finds is how programs work; only code written in the
					// command is read this way.
					continue
				}
				depth := " -maxdepth 1"
				if e.Recursive {
					depth = ""
				}
				name := ""
				if e.Text != "" {
					name = " -name " + Quote(e.Text)
				}
				dir := Quote(e.Path)
				if e.Tilde && (e.Path == "~" || strings.HasPrefix(e.Path, "~/")) {
					dir = pathWord(lang.Effect{Path: e.Path, Tilde: true})
				}
				w.effect(c, call, "find "+dir+depth+" -type f"+name+" -exec cat {} +", "in "+string(l)+" code ("+at+"): "+e.Call+" lists "+e.Path+" and the code opens what it finds", dynamic, false)
				continue
			}
			if e.Edits && w.editing != nil {
				// :e FILE, :file NAME: a later :w writes it, in the
				// directory the program is in now.
				word := pathWord(e)
				if !strings.HasPrefix(word, "~") && !filepath.IsAbs(e.Path) && dir.Known && dir.Path != call.Dir.Path {
					word = Quote(filepath.Join(dir.Path, e.Path))
				}
				w.editing = append(w.editing, word)
			}
			w.effect(c, call, "cat -- "+pathWord(e), "in "+string(l)+" code ("+at+"): "+e.Call+" reads "+e.Path, dynamic, false)
		case lang.Send, lang.Print:
			// Only code written in the command: a script on disk
			// (python app.py after source .env) is the project's own
			// program using its configuration.
			if origin == "" {
				w.m.EnvSends = append(w.m.EnvSends, EnvSend{Call: call, Names: e.Argv, Any: e.Text == "*",
					What: "in " + string(l) + " code (" + at + "): " + e.Call, Print: e.Kind == lang.Print, Hosts: e.Hosts})
			}
		case lang.Upload:
			// Code written in the command, as for Send: a script on
			// disk that reads its data and posts it is the project's
			// own program.
			if origin == "" {
				w.m.CodeUploads = append(w.m.CodeUploads, CodeUpload{Call: call, Path: e.Path, Hosts: e.Argv,
					What: "in " + string(l) + " code (" + at + "): " + e.Call})
			}
		case lang.Fetch:
			// Code written in the command, as for Send: a script on
			// disk that downloads is the project's own program.
			if origin == "" {
				w.m.NetWrites = append(w.m.NetWrites, NetWrite{Call: call, Path: e.Path,
					What: "in " + string(l) + " code (" + at + "): " + e.Call})
			}
		case lang.Extract:
			if e.Path == "" {
				// An archive or a directory named at run time: code
				// written in the command asks; a script on disk doing so
				// is the project's own program.
				if origin == "" {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: e.Call,
						What: e.Call + " in " + string(l) + " code (" + at + ") extracts an archive whose member names can be absolute or pass through links, named only at run time"})
				}
				continue
			}
			// Judged as the module's command line, which extracts as the
			// call does (rewrite/writes_extract.go lists the members).
			interp := call.Name
			if !strings.HasPrefix(interp, "python") && !strings.HasPrefix(interp, "pypy") {
				interp = "python3"
			}
			w.effect(c, call, interp+" -m "+e.Argv[0]+" -e "+pathWord(e)+" "+Quote(e.Text),
				"in "+string(l)+" code ("+at+"): "+e.Call+" extracts "+e.Path, dynamic, false)
		case lang.Include:
			if l == lang.Python && e.Call == "site.addsitedir" {
				w.sitePth(c, call, e.Path) // its .pth files' import lines
				continue
			}
			what := e.Call + " " + e.Path + " in " + string(l) + " code (" + at + ")"
			if e.Text == lang.PickleBytes {
				if imp := pickleRiskyImport(e.Path); imp != "" {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: e.Call,
						What: e.Call + " in " + string(l) + " code (" + at + ") unpickles bytes written in the code: loading them calls " + imp})
				}
				w.pickleModuleImports(c, call, e.Path, "in "+string(l)+" code ("+at+"): "+e.Call) // interploaders.go
				continue
			}
			if e.Text == lang.YAMLData {
				w.yamlFile(c, call, e, "in "+string(l)+" code ("+at+"): "+e.Call, dynamic)
				continue
			}
			if e.Text == lang.LoggingConfig {
				w.loggingConfigFile(c, call, e.Path, "in "+string(l)+" code ("+at+"): "+e.Call) // interploaders.go
				continue
			}
			if e.Text == lang.PickleData {
				w.pickleFile(c, call, e.Path, "in "+string(l)+" code ("+at+"): "+e.Call)
				continue
			}
			if e.Text == lang.NativeLib {
				// dlopen resolves a relative path from the working
				// directory, wherever the code is.
				if d := call.Dir.Join(e.Path); d.Known && w.native(d.Path) {
					w.nativeCode(c, call, d.Path, what, "native code")
				}
				continue
			}
			if l == lang.JS && e.Text == lang.NodeRequire {
				// require("./x"): the file Node's require finds (x,
				// x.js, x.json, x.node, the directory's main or
				// index); a .node file is a native addon.
				file := e.Path
				if origin != "" && !filepath.IsAbs(file) {
					file = filepath.Join(filepath.Dir(originFile(origin)), file)
				}
				if d := call.Dir.Join(file); d.Known {
					f := w.nodeRequireFile(d.Path)
					if f != "" && !preservesSymlinks(call, false) {
						f = w.realPath(f) // the module is known by its real path
					}
					switch {
					case f == "" || strings.HasSuffix(f, ".json"):
					case strings.HasSuffix(f, ".node"):
						w.nativeLoad(c, call, l, f, what)
					default:
						w.include(c, call, l, f, what, label, dynamic, false)
					}
				}
				continue
			}
			if l == lang.JS && e.Text == lang.NodePackage {
				from := call.Dir
				if origin != "" {
					from = call.Dir.Join(filepath.Dir(originFile(origin)))
				}
				w.nodePackage(c, call, from, e.Path, what, e.Call != "require")
				continue
			}
			if e.Text == lang.PyStdlib {
				// sys.path[0]: the script's directory, the working
				// directory for code on the command line.
				dir := "."
				if origin != "" {
					dir = filepath.Dir(originFile(origin))
				}
				w.pyStdlibShadows(c, call, append(w.pyPathZero(c, call, dir), call.modPath...), e.Argv, e.Call+" in "+string(l)+" code ("+at+")", label, false)
				continue
			}
			if l == lang.Ex && (e.Text == lang.ExArgBuffer || e.Text == lang.ExEveryArg) {
				w.vimArgBuffers(c, call, e, what, label, dynamic) // vimkeys.go
				continue
			}
			if e.Search {
				w.searchModule(c, call, l, e.Path, what, label, dynamic)
				if !e.Relative {
					continue // only on the search path
				}
			}
			file := e.Path
			if e.Relative && origin != "" && !filepath.IsAbs(file) {
				// A module beside the file that imports it.
				file = filepath.Join(filepath.Dir(originFile(origin)), file)
			}
			if l == lang.Python && !dynamic && w.pythonZipModule(c, call, file) {
				continue // a member of a zip on sys.path (zipimport)
			}
			if l == lang.PHP && !e.Search {
				// PHP prints the text of an included file outside its
				// <?php tags as it is: include ~/.ssh/id_rsa prints the
				// key, so the file is read as cat reads it.
				w.effect(c, call, "cat -- "+Quote(file), "in "+string(l)+" code ("+at+"): "+e.Call+" prints "+file, dynamic, false)
			}
			w.include(c, call, l, file, what, label, dynamic, l == lang.Awk)
		case lang.Hidden:
			if name, ok := lang.EnvOnly(e.Text); ok && !e.Deletes {
				// os.system(os.environ["CMD"]) with CMD='rm -rf ~' set by
				// the command: the value is the text that runs, judged
				// as a shell runs it (or as the program it names).
				if val, known, set := w.envValue(c, call, name, true); known && set {
					w.effect(c, call, val, "in "+string(l)+" code ("+at+"): "+e.Call+" runs $"+name+", which the command sets to "+clip(val, 60), dynamic, true)
					continue
				}
			}
			what := e.Call
			if e.Text != "" {
				what += "(" + clip(e.Text, 60) + ")"
			}
			if e.Built {
				// A command whose name is written in the code and whose
				// arguments are run-time values: it matters when that
				// name is a command that can do harm.
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: e.Text,
					What: what + " in " + string(l) + " code (" + at + ") runs a command whose arguments are only known at run time"})
				continue
			}
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: e.Text,
				What: what + " in " + string(l) + " code (" + at + ") runs or deletes something only known at run time"})
		}
	}
	w.effectDir = nil
}

// runTimePathEffect judges a write or a read of a path program code
// builds at run time (lang.runTimePath) as the same write or read of a
// path whose head only run time knows and whose tail is one of the
// literal pieces it is built from: read -r P; : > "$P/.bashrc". The path
// guards then ask when that can be a protected file or a secret (the
// head can be the home directory or the project), and pass a piece no
// such path ends with.
func (w *walker) runTimePathEffect(c scope, call *Call, e lang.Effect, label string, dynamic bool) {
	op, verb := pathCommand(e)
	var b strings.Builder
	b.WriteString("read -r P")
	for _, piece := range e.Pieces {
		b.WriteString("\n" + op + "\"$P\"" + Quote("/"+strings.TrimPrefix(piece, "/")))
	}
	w.effect(c, call, b.String(), label+verb+"a path built at run time ("+clip(e.Text, 60)+")", dynamic, false)
}

// pathCommand returns the shell command that stands for a program's
// write or read of a path (": > ", ": >> " or "cat -- ", the path to
// follow) and the verb that says it.
func pathCommand(e lang.Effect) (op, verb string) {
	switch {
	case e.Kind == lang.Read:
		return "cat -- ", " reads "
	case e.Append:
		return ": >> ", " writes "
	}
	return ": > ", " writes "
}

// envPathEffects judges a write or read in program code of a path it
// takes from the environment (open(os.environ["T"], "w")) with the value
// the command gives that variable (T=~/.local/state/corral/allowlist.json
// python3 -c …, export T=…): the path itself when it is the variable
// alone, else the value followed by each literal piece. A variable the
// command does not set, or sets to a value only run time knows, adds
// nothing (its pieces are judged as before).
func (w *walker) envPathEffects(c scope, call *Call, e lang.Effect, label string, dynamic bool) {
	op, verb := pathCommand(e)
	for _, name := range e.Env {
		// The prefix, env NAME=value, or an exported variable: what the
		// program sees.
		val, known, set := w.envValue(c, call, name, true)
		if set && !known && e.Kind == lang.Write && w.envPrinted(c, call, name) {
			// T=$(cat f) python3 -c 'open(os.environ["T"], "w")': a
			// file a program's output names, asked as bash's : > "$T"
			// is (envpaths.go).
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: e.Text,
				What: label + verb + "$" + name + ", which the command sets to a value only run time knows: which file is not known until it runs"})
			continue
		}
		if !known || !set || val == "" {
			continue
		}
		var b strings.Builder
		if e.EnvWhole || len(e.Pieces) == 0 {
			b.WriteString(op + Quote(val))
		}
		if !e.EnvWhole {
			for _, piece := range e.Pieces {
				if b.Len() > 0 {
					b.WriteString("\n")
				}
				b.WriteString(op + Quote(strings.TrimSuffix(val, "/")+"/"+strings.TrimPrefix(piece, "/")))
			}
		}
		w.effect(c, call, b.String(), label+verb+"$"+name+", which the command sets to "+clip(val, 60), dynamic, false)
	}
}

// runTimePathShape asks about a write or read of a path built at run time
// whose form hides the file it names (lang's pathShape): its text is
// computed from literals by an operation corral does not evaluate
// ("~/.bashrX".replace("X", "c"), b64decode, chr codes), or it is a write
// under the home directory with a name only known at run time, or, in
// code written in the command itself, it is a read under the home
// directory, or (Python, Node, Ruby, Perl, PHP) it comes from a call that
// is no path builder. A script on disk deriving names from names it is
// given (out.replace(".txt", ".json")) is judged by the pieces alone.
func (w *walker) runTimePathShape(call *Call, e lang.Effect, l lang.Lang, at, origin string) {
	_, verb := pathCommand(e)
	why := ""
	switch {
	case e.Hides != "":
		why = "a path whose text " + e.Hides + " computes at run time"
	case e.Home && (e.Kind == lang.Write || origin == ""):
		why = "a file under the home directory whose name is only known at run time"
	case e.Computed != "" && origin == "" && (l == lang.Python || l == lang.JS || l == lang.Ruby || l == lang.Perl || l == lang.PHP):
		why = "a path that " + e.Computed + " returns at run time"
	default:
		return
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: e.Text,
		What: e.Call + " in " + string(l) + " code (" + at + ")" + verb + why + " (" + clip(e.Text, 60) + "): which file is not known until it runs"})
}

// codeDir returns the directory program code run by call enters from
// dir: the literal path p (a leading ~ the program expanded is the home
// directory), or one only known at run time (hidden). A script on disk
// that enters a directory it computes (os.chdir(os.path.dirname(
// __file__))) is taken to stay where it is: that is how project scripts
// find their own files; code written in the command is not trusted so.
func (w *walker) codeDir(call *Call, dir Dir, p string, tilde, hidden bool, origin string) Dir {
	if hidden || p == "" {
		if origin != "" {
			return dir
		}
		return Dir{}
	}
	if tilde && (p == "~" || strings.HasPrefix(p, "~/")) {
		st := call.env
		if st == nil {
			st = w.cur
		}
		h := st.get("HOME")
		if !h.known || !h.set || h.str == "" {
			return Dir{}
		}
		p = h.str + p[1:]
	}
	return dir.Join(p)
}

// originFile returns the file name an origin names: "f.py", or the
// "justfile" of "justfile:3 (recipe x)".
func originFile(origin string) string {
	if i := strings.IndexAny(origin, ": "); i > 0 {
		return origin[:i]
	}
	return origin
}

// maxIncludes bounds how deeply files read by :source, @include or gdb's
// source are followed into the files they read in turn.
const maxIncludes = 8

// include models a file whose code a program reads in and runs (Vim's
// :source, gawk's @include, gdb's source): a file on disk is read with the
// script reader (a regular file of at most MaxScriptFile bytes) and
// analysed with the program's reader; one that exists but cannot be read
// that way (a FIFO, a device, too large), or whose name is only known at
// run time, asks. A file that does not exist runs nothing: the program
// reports an error. An awk program file is looked up as gawk looks it up
// (awkSearch); a library (@include, -i) not found is taken as one of
// gawk's own (-i inplace).
func (w *walker) include(c scope, call *Call, l lang.Lang, file, what, label string, dynamic, library bool) {
	if dynamic || file == "" || strings.ContainsAny(file, "$`") {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: file,
			What: what + ": the code of a file only known at run time"})
		return
	}
	if w.read == nil && len(w.written) == 0 {
		return // files are not read (a virtual machine)
	}
	p := file
	if strings.HasPrefix(p, "~/") && w.home != "" {
		p = w.home + p[1:]
	}
	names := []string{p}
	if l == lang.Perl && strings.HasSuffix(p, ".pm") {
		// perl's require loads Foo.pmc in place of Foo.pm when there is
		// one in the same directory.
		names = []string{p + "c", p}
	}
	if l == lang.Awk {
		var open bool
		names, open = w.awkSearch(c, call, p, library)
		if open {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: file,
				What: what + ": the code of a file found on an AWKPATH only known at run time"})
			return
		}
	}
	if w.includes >= maxIncludes {
		w.m.Truncated = true
		return
	}
	for _, name := range names {
		d := call.Dir.Join(name)
		if !d.Known {
			break
		}
		if w.included[d.Path] {
			// Read already in this command (modules that import each
			// other): its code was judged there.
			return
		}
		if l == lang.Python && w.pyCompiled(c, call, d.Path, what) {
			return // native code or bytecode loaded in its place
		}
		if w.nativeLoad(c, call, l, d.Path, what) {
			return // a native addon or extension (.node, Ruby's .so)
		}
		text, ok := w.readScript(d)
		if !ok {
			// A name under a file that is not a directory (bin/pip is
			// the console script, not the package pip/) cannot exist.
			if l == lang.JS && w.isDir(d) {
				// import "./components": no module Node loads (a
				// directory's index is its own candidate).
				continue
			}
			if _, err := os.Lstat(d.Path); w.read != nil && (err == nil || !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR)) {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: file,
					What: what + ": the code of " + d.Path + ", which corral could not read (not a regular file of at most 1 MiB)"})
				return
			}
			continue
		}
		if strings.Contains(text[:min(len(text), 8192)], "\x00") {
			return
		}
		il := l
		switch {
		case strings.HasSuffix(name, ".py") && l == lang.Gdb:
			il = lang.Python // gdb's source runs a .py file as Python
		case strings.HasSuffix(name, ".lua") && l == lang.Ex:
			il = lang.Lua // Neovim's :source runs a .lua file as Lua
		}
		if w.included == nil {
			w.included = map[string]bool{}
		}
		w.included[d.Path] = true
		w.includes++
		w.program(c, call, il, text, label, false, file)
		w.includes--
		return
	}
}

// effect walks shell text that stands for what program code does; shell
// says the code runs that text (or argv) itself.
func (w *walker) effect(c scope, call *Call, text, origin string, dynamic, shell bool) {
	w.origin = origin
	n, calls := len(w.m.Scripts), len(w.m.Calls)
	d := w.effectDir
	w.effectDir = nil // not the directory of what the child runs in turn
	if d != nil {
		// In the directory the code's chdir or the call's cwd option
		// names.
		env := call.env
		if env == nil {
			env = w.cur.exportedOnly(*d, w.home)
		}
		w.childIn(c, call, text, nil, "program", dynamic, env, *d)
	} else {
		w.child(c, call, text, nil, "program", dynamic)
	}
	w.effectDir = d
	w.origin = ""
	if shell && len(w.m.Scripts) > n {
		w.m.Scripts[n].FromCode = true
		w.codeFedShell(w.m.Scripts[n], w.m.Calls[calls:], origin)
	}
}

// infoOnly reports a call that only prints the program's version or
// usage (python3 -V, node -v, perl -v, bash --version) and reads no
// commands.
func infoOnly(cl *Call) bool {
	for _, a := range cl.Args {
		switch a.Value {
		case "-V", "--version", "-h", "--help", "-?":
			return true
		case "-v":
			if !IsShell(cl.Name) && !strings.HasPrefix(cl.Name, "python") {
				return true // node -v, perl -v, ruby -v; python's and sh's -v is verbose
			}
		}
	}
	return false
}

// codeFedShell asks about a shell or an interpreter that program code
// starts without a script, reading commands from the standard input it
// inherits from the code (pty.spawn("/bin/sh"), subprocess.call(["sh",
// "-i"]) after os.dup2 of a socket, exec("/bin/sh -i <&3 >&3") in PHP,
// Popen(["bash"], stdin=PIPE)): the code decides what that input is (a
// network connection in a reverse shell, text it writes), so the
// commands are only known at run time. A here-document or a pipe inside
// the shell text gives it known input instead.
func (w *walker) codeFedShell(sc *Script, calls []*Call, origin string) {
	for _, cl := range calls {
		if cl.Script != sc || !readsScript(cl) || infoOnly(cl) {
			continue
		}
		if in := cl.Fd(0); in.Kind != StreamInherited && in.Kind != StreamUnknown {
			if _, ok := in.File(); !ok || in.Redirect.Op != "<&" {
				continue
			}
		}
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: cl, Always: true, Text: cl.Text(),
			What: origin + " starts " + cl.Name + " reading commands from the input the program gives it (a socket, a pipe it writes), only known at run time"})
	}
}

// pathWord is the shell word for an effect's path: quoted, with a leading
// ~ left for the shell to expand when the program expands it too.
func pathWord(e lang.Effect) string {
	if e.Glob {
		// The pattern's characters quoted, its *, ? and [ ] left to
		// match.
		var b strings.Builder
		lit := ""
		rest := e.Path
		if e.Tilde && (rest == "~" || strings.HasPrefix(rest, "~/")) {
			// ~/.ss*/id_*: the home directory the program expands.
			b.WriteString("~")
			rest = rest[1:]
		}
		for _, r := range rest {
			if r == '*' || r == '?' || r == '[' || r == ']' {
				if lit != "" {
					b.WriteString(Quote(lit))
					lit = ""
				}
				b.WriteRune(r)
				continue
			}
			lit += string(r)
		}
		if lit != "" {
			b.WriteString(Quote(lit))
		}
		return b.String()
	}
	if e.Tilde && (e.Path == "~" || strings.HasPrefix(e.Path, "~/")) {
		if e.Path == "~" {
			return "~"
		}
		return "~/" + Quote(e.Path[2:])
	}
	return Quote(e.Path)
}

func quoteArgv(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = argvWord(a)
	}
	return strings.Join(q, " ")
}

// argvWord is the shell word of an item of a program's argument vector:
// quoted, but for an item the program made the home directory
// (lang.HomeMark), whose ~ is left for the shell to expand (~/'rest').
func argvWord(a string) string {
	rest, ok := lang.HomeWord(a)
	switch {
	case !ok:
		return Quote(a)
	case rest == "~":
		return "~"
	case strings.HasPrefix(rest, "~/") && len(rest) > 2:
		return "~/" + Quote(rest[2:])
	case strings.HasPrefix(rest, "~/"):
		return "~/"
	}
	return Quote(rest)
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// denoValueOptions are the options of deno run and deno eval that take
// the next word as their value; the optional values of --env-file,
// --lock, --reload and --v8-flags are only given attached with "=".
var denoValueOptions = []string{"ext", "config", "import-map", "location", "cert"}

// yamlFile judges the YAML file program code loads with an unsafe
// loader: the calls its python/object tags make (lang.YAMLPythonCalls),
// shell text and argument vectors as the command they run.
func (w *walker) yamlFile(c scope, call *Call, e lang.Effect, label string, dynamic bool) {
	text, ok := w.readScript(call.Dir.Join(e.Path))
	if !ok {
		return
	}
	for _, y := range lang.YAMLPythonCalls(text, e.Call, e.Offset) {
		switch y.Kind {
		case lang.Shell:
			w.effect(c, call, y.Text, label+" loads "+e.Path+": "+y.Call, dynamic, true)
		case lang.Exec:
			w.effect(c, call, quoteArgv(y.Argv), label+" loads "+e.Path+": "+y.Call, dynamic, true)
		default:
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: e.Path,
				What: label + " loads " + e.Path + ": its tag calls " + y.Text})
		}
	}
}
