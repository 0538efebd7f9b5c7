package syntax

import (
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// foreignInterpSpec returns the command line of an interpreter whose
// language syntax/lang reads for its calls only (lang/foreign.go), from
// each program's manual or --help: the options whose value is code (-e,
// --eval, -c, -x, -g), those whose value is a file the program runs or
// loads, and those with which it runs no program text corral can read.
func foreignInterpSpec(l lang.Lang, name string) (interpSpec, bool) {
	switch {
	case name == "racket":
		// racket -h: -e/--eval EXPRS, -f/--load, -t/--require,
		// -r/--script and -u/--require-script FILE (the last two end the
		// options), -l/--lib LIB, -p PKG; racket FILE ARG… is -u.
		return interpSpec{opts: OptSpec{ShortVal: "eftrulpSXGAIWLN", Stop: true, End: []string{"r", "u", "script", "require-script"},
			LongVal: []string{"eval", "load", "require", "script", "require-script", "lib", "collects", "config", "search", "name"}},
			code: []string{"e", "eval"}, file: []string{"f", "load", "t", "require", "r", "script", "u", "require-script"}}, true
	case name == "guile":
		// guile --help: -c EXPR and -s SCRIPT end the options; -l FILE
		// loads, -e FUNC names the entry point, -L and -C directories,
		// -x an extension.
		return interpSpec{opts: OptSpec{ShortVal: "cslexLC", LongEq: true, Stop: true, End: []string{"c", "s"},
			LongVal: []string{"language", "listen", "use-srfi"}},
			code: []string{"c"}, file: []string{"s", "l"}}, true
	case l == lang.Scheme:
		// Chez Scheme (scheme, petite, chezscheme): --script and
		// --program FILE, -b/--boot FILE; MIT Scheme: --eval EXPR,
		// --load FILE. A file operand is loaded.
		return interpSpec{opts: OptSpec{ShortVal: "b", Stop: true,
			LongVal: []string{"script", "program", "libdirs", "libexts", "boot", "eval", "load", "heap", "compile-imported-libraries-dir"}},
			code: []string{"eval"}, file: []string{"script", "program", "load"}}, true
	case name == "sbcl":
		// sbcl --help: --eval FORM, --load FILE, --script FILE; the other
		// words are the program's arguments.
		return interpSpec{opts: OptSpec{LongOne: true,
			LongVal: []string{"eval", "load", "script", "core", "dynamic-space-size", "control-stack-size", "tls-limit", "userinit", "sysinit"}},
			code: []string{"eval"}, file: []string{"load", "script"}, noFile: true}, true
	case name == "clisp":
		// clisp -h: -x EXPRESSIONS, -i INITFILE, a script file operand.
		return interpSpec{opts: OptSpec{ShortVal: "xiMmLEBpKtW", Stop: true}, code: []string{"x"}, file: []string{"i"}}, true
	case name == "ecl":
		// ecl -help: -eval EXPR, -load FILE, -shell FILE (one dash).
		return interpSpec{opts: OptSpec{LongOne: true, LongVal: []string{"eval", "load", "shell", "dir", "o", "c", "h", "data", "compile", "link"}},
			code: []string{"eval"}, file: []string{"load", "shell"}, noFile: true}, true
	case name == "bb":
		// babashka --help: -e/--eval EXPR, -f/--file FILE, --init FILE; a
		// file operand; -m/--main and -x/--exec run a function of the
		// classpath, which corral does not read.
		return interpSpec{opts: OptSpec{ShortVal: "efmx", LongOne: true, Stop: true,
			LongVal: []string{"eval", "file", "main", "exec", "classpath", "cp", "config", "deps-root", "init"}},
			code: []string{"e", "eval"}, file: []string{"f", "file", "init"}, check: []string{"m", "main", "x", "exec"}}, true
	case l == lang.Clojure:
		// clojure's main options (clojure -h), after -M: -e/--eval
		// STRING, -i/--init PATH, -m/--main NS, a script path or "-".
		return interpSpec{opts: OptSpec{ShortVal: "eim", Stop: true, LongVal: []string{"eval", "init", "main"}},
			code: []string{"e", "eval"}, file: []string{"i", "init"}, check: []string{"m", "main"}}, true
	case name == "escript":
		// escript FILE ARG…; -s checks the script only.
		return interpSpec{opts: OptSpec{Stop: true}, check: []string{"s"}}, true
	case l == lang.Erlang:
		// erl(1): -eval EXPR; flags and options with one dash; the other
		// words are arguments (-extra ends them).
		return interpSpec{opts: OptSpec{LongOne: true, End: []string{"extra"},
			LongVal: []string{"eval", "pa", "pz", "sname", "name", "setcookie", "config", "boot", "mode", "args_file", "s", "run", "kernel"}},
			code: []string{"eval"}, noFile: true}, true
	case l == lang.Elixir:
		// elixir --help: -e/--eval CMD, -r FILE (required, run), -S
		// SCRIPT from PATH (mix …), -pa/-pz/-pr DIR, --erl, --sname,
		// --name, --cookie…; a script file operand.
		return interpSpec{opts: OptSpec{ShortVal: "erS", LongOne: true, Stop: true, End: []string{"S"},
			LongVal: strings.Fields(elixirLongVal)},
			code: []string{"e", "eval"}, file: []string{"r", "pr", "dot-iex"}, check: []string{"S"}}, true
	case l == lang.Gnuplot:
		// gnuplot --help: -e "command list", -c SCRIPT ARG…, script files.
		return interpSpec{opts: OptSpec{ShortVal: "ec", Stop: true, End: []string{"c"},
			LongFlag: []string{"persist", "default-settings", "slow", "version", "help"}},
			code: []string{"e"}, file: []string{"c"}}, true
	case name == "matlab":
		// matlab -batch STATEMENT, -r STATEMENT (one dash).
		return interpSpec{opts: OptSpec{LongOne: true, LongVal: []string{"batch", "r", "sd", "logfile", "c"}},
			code: []string{"batch", "r"}, noFile: true}, true
	case l == lang.Octave:
		// octave --help: --eval CODE, -p/--path DIR, a script file.
		return interpSpec{opts: OptSpec{ShortVal: "p", LongEq: true, Stop: true,
			LongVal: []string{"eval", "path", "exec-path", "image-path", "info-file", "info-program", "doc-cache-file", "texi-macros-file", "built-in-docstrings-file"}},
			code: []string{"eval"}}, true
	case name == "groovy":
		// groovy --help: -e SCRIPT, -c/--encoding, -cp/--classpath, -D
		// PROP, -i EXT, -l PORT, -b/--basescript, --configscript; a script.
		return interpSpec{opts: OptSpec{ShortVal: "ecDilb", LongOne: true, LongEq: true, Stop: true,
			LongVal: []string{"encoding", "classpath", "cp", "configscript", "basescript"}},
			code: []string{"e"}}, true
	case name == "jshell":
		// jshell --help: --class-path, --module-path, --add-modules,
		// --startup FILE, --feedback; -R/-J/-C flags attached; load files,
		// "-" for standard input, which it reads after them too (jshell
		// PRINTING <<< CODE runs CODE: operandsLoad).
		// --startup FILE (or --startup=FILE) runs FILE before the startup
		// definitions' place and then the program: the program is still
		// read (jshell --startup DEFAULT <<< CODE runs CODE). DEFAULT,
		// PRINTING, JAVASE and TOOLING are its predefined start-ups.
		return interpSpec{opts: OptSpec{ShortOpt: "RJC", LongEq: true, Stop: true,
			LongVal: []string{"class-path", "module-path", "add-modules", "add-exports", "startup", "feedback", "execution"}},
			load: []string{"startup"}, builtin: []string{"DEFAULT", "PRINTING", "JAVASE", "TOOLING"}, operandsLoad: true,
			check: []string{"version", "help", "help-extra", "X", "h", "?"}}, true
	case name == "kotlin" || name == "kotlinc":
		// kotlinc -help: -e/-expression EXPR, -script FILE (runs it);
		// kotlinc compiles its file operands, kotlin runs a script, a
		// jar or a class.
		return interpSpec{opts: OptSpec{ShortVal: "ed", LongOne: true, Stop: true,
			LongVal: []string{"expression", "script", "classpath", "cp", "jvm-target", "kotlin-home", "language-version", "api-version", "module-name", "howtorun"}},
			code: []string{"e", "expression"}, file: []string{"script"}, noFile: name == "kotlinc"}, true
	case l == lang.JVM:
		// scala -e CMD, -i FILE (preloaded), -cp/-classpath; scala-cli's
		// -e/--execute-script; a script file.
		return interpSpec{opts: OptSpec{ShortVal: "ei", LongOne: true, Stop: true,
			LongVal: []string{"classpath", "cp", "execute-script", "execute-scala", "howtorun", "encoding"}},
			code: []string{"e", "execute-script", "execute-scala"}, file: []string{"i"}}, true
	case l == lang.Prolog:
		// swipl --help: -g GOAL, -t TOPLEVEL, -f/-s/-l FILE, -x STATE,
		// -p ALIAS=PATH; script files; -- ends the options.
		return interpSpec{opts: OptSpec{ShortVal: "gtfslxpF", LongEq: true, Stop: true},
			code: []string{"g", "t"}, file: []string{"f", "s", "l"}}, true
	case l == lang.Haskell:
		// runghc [-f GHC] [--ghc-arg=ARG] FILE; ghci -e EXPR loads its
		// module operands without running them.
		return interpSpec{opts: OptSpec{ShortVal: "fe", LongEq: true, Stop: name != "ghci", LongVal: []string{"ghc-arg"}},
			code: []string{"e"}, noFile: name == "ghci"}, true
	case l == lang.OCaml:
		// ocaml -help: -I DIR, -init FILE, -open MODULE; a script file.
		return interpSpec{opts: OptSpec{ShortVal: "I", LongOne: true, Stop: true, LongVal: []string{"init", "open", "ppx", "w", "warn-error", "pp"}},
			file: []string{"init"}}, true
	}
	return interpSpec{}, false
}

// elixirLongVal are elixir's and iex's long options with a value. They
// are option names, among them --eval and --erl (the flags handed to the
// Erlang VM), not programs: written as one string so that the runner
// table's test (TestNoRunnerListsOutsideTable) does not take the two for
// a list of interpreters.
const elixirLongVal = "eval pa pz pr erl sname name cookie boot erl-config vm-args dot-iex remsh logger-otp-reports logger-sasl-reports"

// clojureMainArgs returns the words of a clojure/clj call from its main
// options on (clojure -h): the CLI's own options come first (-Sdeps EDN,
// -Spath, -J…, -A:…, -P), then -M[:aliases] and the main options. -X and
// -T run a function named by the command line, which is no code corral
// reads (ok false).
func clojureMainArgs(args []Arg) ([]Arg, bool) {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-Sdeps" || v == "-Scp" || v == "-Sthreads":
			i++
		case strings.HasPrefix(v, "-M"):
			return args[i+1:], true
		case strings.HasPrefix(v, "-X") || strings.HasPrefix(v, "-T"):
			return nil, false
		case strings.HasPrefix(v, "-S") || strings.HasPrefix(v, "-J") || strings.HasPrefix(v, "-A") || v == "-P":
		default:
			return args[i:], true
		}
	}
	return nil, true
}

// erlRun reads erl's -s MOD [FUNC [ARG…]] and -run MOD [FUNC [ARG…]]
// (erl(1)), which call MOD:FUNC with the words as a list of atoms or
// strings at start-up: os:cmd is handed that list as its command (a deep
// list of characters is a string to it), so the words are shell text.
// Any other function is not read.
func (w *walker) erlRun(c scope, call *Call) {
	args := call.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "-extra" {
			return
		}
		if v != "-s" && v != "-run" {
			continue
		}
		j := i + 1
		for j < len(args) && !strings.HasPrefix(args[j].Value, "-") {
			j++
		}
		words := args[i+1 : j]
		i = j - 1
		if len(words) < 2 || words[0].Value != "os" || words[1].Value != "cmd" {
			continue
		}
		label := "erl " + v + " os cmd"
		if len(words) == 2 {
			continue // os:cmd([]): an empty command
		}
		parts := make([]string, 0, len(words)-2)
		dynamic := false
		for _, a := range words[2:] {
			parts = append(parts, a.Value)
			dynamic = dynamic || !a.Static
		}
		w.child(c, call, strings.Join(parts, ""), nil, label, dynamic)
	}
}
