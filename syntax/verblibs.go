package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// Some libraries turn an interpreter's command line into a shell
// command: the words after the program are the arguments of a
// coreutils-like verb the code names (red team 6).
//
//   - ruby -run -e VERB -- ARGS (ruby -r un: Ruby's un.rb) runs VERB
//     with ARGS as its command line: cp, ln, mv, rm, mkdir, rmdir,
//     install, chmod, touch (FileUtils underneath, with the coreutils
//     options), and httpd [DIR] serves DIR (rewrite's file servers).
//   - perl -MExtUtils::Command -e VERB ARGS (core Perl) runs VERB on
//     @ARGV: rm_rf, rm_f, cp, mv, touch, mkpath, chmod, cat, dos2unix;
//     every word is a file (no options).
//   - shx VERB ARGS (the npm package, run by npx, npm exec, pnpm dlx,
//     bunx or its name) runs shelljs's VERB with ARGS.
//
// Each is judged as the shell command it stands for.

// unVerbs are un.rb's verbs that touch files, with the command they
// stand for.
var unVerbs = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"cp": "cp", "ln": "ln", "mv": "mv", "rm": "rm", "mkdir": "mkdir", "rmdir": "rmdir",
		"install": "install", "chmod": "chmod", "touch": "touch", "httpd": "httpd"}
}}

// extUtilsVerbs are ExtUtils::Command's functions, with the command line
// (options included) each stands for.
var extUtilsVerbs = lazy.Value[map[string][]string]{New: func() map[string][]string {
	return map[string][]string{"rm_rf": {"rm", "-rf", "--"}, "rm_f": {"rm", "-f", "--"}, "cp": {"cp", "--"},
		"mv": {"mv", "--"}, "touch": {"touch", "--"}, "mkpath": {"mkdir", "-p", "--"}, "chmod": {"chmod"}, "cat": {"cat", "--"},
		"dos2unix": {"dos2unix", "--"}}
}}

// ShellVerb returns the verb a ruby -run or perl -MExtUtils::Command
// command line runs (un.rb's name: "rm", "httpd"; ExtUtils::Command's:
// "rm_rf") and the words it takes: the program's arguments. ok is false
// for any other call.
func ShellVerb(c *Call) (verb string, args []Arg, ok bool) {
	l := lang.ForProgram(c.Name)
	if l != lang.Ruby && l != lang.Perl {
		return "", nil, false
	}
	spec, known := interpSpecFor(l, strings.TrimRight(c.Name, "0123456789."))
	if !known {
		return "", nil, false
	}
	opts, operands := ScanOptions(c.Args, spec.opts)
	loaded := false
	code := 0
	for _, o := range opts {
		switch {
		case l == lang.Ruby && o.Name == "r" && o.HasVal:
			loaded = loaded || o.Val.Value == "un"
		case l == lang.Perl && (o.Name == "M" || o.Name == "m") && o.HasVal:
			mod, _, _ := strings.Cut(o.Val.Value, "=")
			loaded = loaded || strings.TrimSpace(mod) == "ExtUtils::Command"
		case o.Name == "e" || l == lang.Perl && o.Name == "E":
			code++
			if o.HasVal && o.Val.Static {
				// The code is the verb's name, as a call: rm_rf, rm_rf(),
				// rm_rf; (the library reads the arguments itself).
				verb = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(o.Val.Value), ";"))
				verb = strings.TrimSuffix(verb, "()")
			}
		}
	}
	if !loaded || code != 1 {
		return "", nil, false
	}
	if l == lang.Ruby && unVerbs.Get()[verb] == "" || l == lang.Perl && extUtilsVerbs.Get()[verb] == nil {
		return "", nil, false
	}
	for _, k := range operands {
		args = append(args, c.Args[k])
	}
	return verb, args, true
}

// shellVerb judges a ruby -run or perl -MExtUtils::Command command line
// as the command it runs (ruby -run -e rm -- -rf ~ is rm -rf ~); un.rb's
// httpd is rewrite's (a file server).
func (w *walker) shellVerb(c scope, call *Call) {
	verb, args, ok := ShellVerb(call)
	if !ok || verb == "httpd" {
		return
	}
	var words []Arg
	lib, how := "un.rb", call.Name+" -run -e "
	if lang.ForProgram(call.Name) == lang.Perl {
		lib, how = "ExtUtils::Command", call.Name+" -MExtUtils::Command -e "
		for _, v := range extUtilsVerbs.Get()[verb] {
			words = append(words, Arg{Value: v, Raw: v, Static: true})
		}
	} else {
		v := unVerbs.Get()[verb]
		words = append(words, Arg{Value: v, Raw: v, Static: true})
	}
	words = append(words, args...)
	w.origin = how + verb + " runs " + words[0].Value + " with the words after it (" + lib + ")"
	w.argvChild(c, call, words, call.Name+" "+lib, call.env, call.Dir)
	w.origin = ""
}

// shx models shx [OPTIONS] VERB ARGS: shelljs's VERB (rm, cp, mv, sed,
// chmod, touch, ln, cat …) with ARGS, as the command of that name.
func (w *walker) shx(c scope, call *Call, args []Arg) {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].Value, "-") && args[i].Static {
		i++ // --silent, --verbose, --noglob, --negate
	}
	if i >= len(args) {
		return
	}
	w.origin = "shx runs " + args[i].Value + " with the words after it"
	w.argvChild(c, call, args[i:], "shx", call.env, call.Dir)
	w.origin = ""
}

// doctestRun models python -m doctest [-v] [-f] [-o OPTION] FILE…: a .py
// file is imported (its top-level code runs) and the examples in its
// docstrings run; any other file is a text whose examples run. An
// example is the text after each ">>> " prompt and its "... "
// continuation lines: Python code, read as a script would be.
func (w *walker) doctestRun(c scope, call *Call, args []Arg) {
	opts, operands := ScanOptions(args, OptSpec{ShortVal: "o", LongVal: []string{"option"}, LongFlag: []string{"verbose", "fail-fast"}, LongEq: true})
	for _, o := range opts {
		if o.Name == "h" || o.Name == "help" {
			return
		}
	}
	for _, k := range operands {
		a := args[k]
		if !a.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
				What: call.Name + " -m doctest runs the examples of " + clip(a.Raw, 40) + ", a file only known at run time"})
			continue
		}
		if strings.HasSuffix(a.Value, ".py") {
			w.interpreterFile(c, call, a, lang.Python)
		}
		text, ok := w.readScript(call.Dir.Join(a.Value))
		if !ok {
			continue
		}
		if code := doctestExamples(text); code != "" {
			w.program(c, call, lang.Python, code, a.Value, false, a.Value+" (doctest examples)")
		}
	}
}

// doctestExamples returns the examples of a doctest text, one statement
// after another, with the prompts and their indentation taken off.
func doctestExamples(text string) string {
	var out []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimLeft(line, " \t")
		switch {
		case t == ">>>" || strings.HasPrefix(t, ">>> "):
			out = append(out, strings.TrimPrefix(strings.TrimPrefix(t, ">>>"), " "))
			in = true
		case in && (t == "..." || strings.HasPrefix(t, "... ")):
			out = append(out, strings.TrimPrefix(strings.TrimPrefix(t, "..."), " "))
		default:
			in = false
		}
	}
	return strings.Join(out, "\n")
}
