package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// An interpreter told to go interactive after its program (red team 16
// IR1) reads more code from standard input once the program ends:
// CPython's -i (also -ic CODE, -i SCRIPT, -i -m MOD, and PYTHONINSPECT
// set to a non-empty value) runs its REPL, node's -i/--interactive
// after -e its REPL, perl's -d (plain, the debugger, not -d:MODULE) runs
// each line it reads that is not a debugger command as Perl. Their input
// (a here-document, a here-string, a pipe, a redirected file) is then
// code, judged as python3 < F is; a file corral cannot read asks as
// there. Without the option the program's input is data
// (python3 -c 'print(input())' < data.txt).

// interactiveFlag returns the option that makes call's interpreter read
// code from its input after the program, and the program's language, or
// "" when there is none.
func (w *walker) interactiveFlag(c scope, call *Call) (string, lang.Lang) {
	l := lang.ForProgram(call.Name)
	switch l {
	case lang.Python:
		for _, o := range pythonInterpreterOpts(call) {
			if o.Name == "i" && !o.Long {
				return "-i", l
			}
		}
		if vals, _, set := w.envChoices(c, call, "PYTHONINSPECT", true); set {
			for _, v := range vals {
				if v != "" {
					return "PYTHONINSPECT=" + v, l
				}
			}
		}
	case lang.JS, lang.Perl:
		name := strings.TrimRight(call.Name, "0123456789.")
		if strings.Contains(name, "/") {
			name = name[strings.LastIndexByte(name, '/')+1:]
		}
		if l == lang.JS && name != "node" && name != "nodejs" {
			return "", ""
		}
		spec, ok := interpSpecFor(l, name)
		if !ok {
			return "", ""
		}
		opts, _ := ScanOptions(call.Args, spec.opts)
		for _, o := range opts {
			switch {
			case l == lang.JS && (o.Name == "i" && !o.Long || o.Name == "interactive" && o.Long):
				return "--interactive", l
			case l == lang.Perl && o.Name == "d" && !o.Long && perlDebugger(o):
				return "-d", l
			}
		}
	}
	return "", ""
}

// interactiveStdin judges the input of an interpreter that goes
// interactive after a program given on its command line (-c, -e, a
// script, -m) as code.
func (w *walker) interactiveStdin(c scope, call *Call) {
	flag, l := w.interactiveFlag(c, call)
	if flag == "" {
		return
	}
	p, ok := interpreterProgram(call)
	if p.stdin || !ok && p.module == "" {
		return // the program itself is read from the input: judged as such
	}
	if !p.hasCode && p.file == nil && p.module == "" {
		return
	}
	label := call.Name + " " + flag + " (its input after the program)"
	for _, in := range w.codeOnStdin(c, call) {
		w.program(c, call, l, in.text, label+" "+in.kind, in.dynamic, "")
	}
	if r, ok := call.Fd(0).File(); ok && r.Op == "<" {
		w.interpreterFile(c, call, r.Target, l)
	}
}

// perlDebugger reports that perl's -d option o starts the debugger
// (perl.c: -d, -dt, and the cluster going on after them: -de 0 is -d -e
// 0), not -d:MODULE or -d=… (Devel::MODULE).
func perlDebugger(o Option) bool {
	v := strings.TrimPrefix(o.Val.Value, "t")
	return !o.HasVal || !strings.HasPrefix(v, ":") && !strings.HasPrefix(v, "=")
}

// REPLs and debuggers fed a file (red team 16 IR1 rest). irb with no
// script (irb < x.rb, irb -f --noecho < x.rb), gdb without -batch, and
// the debuggers python3 -m pdb FILE and perl -d read their standard
// input as code; a file redirected there (< F) is that code as much as
// a here-document or a pipe is. Program code that starts a REPL or the
// debugger on the process's standard input does the same: Python's
// pdb.set_trace(), breakpoint(), pdb.run(…) (each line a pdb command or
// a Python statement), Node's require("repl").start() (each line
// JavaScript), Ruby's binding.irb and IRB.start (each line Ruby).

// stdinFileCode judges the file a "< F" redirection gives call as its
// standard input as code of language l; debugger lines lose the "!" that
// forces a statement. A file corral cannot read asks, as python3 < F
// does.
func (w *walker) stdinFileCode(c scope, call *Call, l lang.Lang, label string, debugger bool) {
	f := stdinFile(call)
	if f == nil {
		return
	}
	in, ok := w.stdinFileText(call)
	if !ok {
		w.interpreterFile(c, call, *f, l) // asks: a file corral cannot read
		return
	}
	text := in.text
	if debugger {
		lines := strings.Split(text, "\n")
		for i, line := range lines {
			lines[i] = strings.TrimPrefix(strings.TrimLeft(line, " \t"), "!")
		}
		text = strings.Join(lines, "\n")
	}
	w.program(c, call, l, text, label+" ("+in.kind+" on stdin)", false, "")
}

// replCall matches program code that starts a REPL on the process's
// standard input: Node's repl.start (the module by any name: require of
// "repl" or "node:repl" is looked for beside it), Ruby's binding.irb
// and IRB.start.
var replCall = lazy.Regexp{Expr: `\.\s*start\s*\(|\bbinding\s*\.\s*irb\b|\bIRB\s*\.\s*start\b`}

// replInCode judges the standard input of an interpreter whose program
// text enters the debugger or a REPL on it (pdbCall in Python, replCall
// in JavaScript and Ruby) as code, unless the program itself is read
// from that input.
func (w *walker) replInCode(c scope, call *Call, l lang.Lang, text string) {
	debugger := false
	switch l {
	case lang.Python:
		if !strings.Contains(text, "pdb") && !strings.Contains(text, "breakpoint") || !pdbCall.Get().MatchString(text) {
			return
		}
		debugger = true
	case lang.JS:
		if !strings.Contains(text, "repl") || !replCall.Get().MatchString(text) {
			return
		}
	case lang.Ruby:
		if !strings.Contains(text, "irb") && !strings.Contains(text, "IRB") || !replCall.Get().MatchString(text) {
			return
		}
	default:
		return
	}
	if lang.ForProgram(call.Name) != l || w.replStdinSeen[call] {
		return
	}
	if p, ok := interpreterProgram(call); !ok || p.stdin {
		return // the program is read from the input itself
	}
	if w.replStdinSeen == nil {
		w.replStdinSeen = map[*Call]bool{}
	}
	w.replStdinSeen[call] = true
	label := call.Name + " (a REPL its code starts)"
	if debugger {
		label = call.Name + " (the debugger its code starts)"
	}
	for _, in := range w.codeOnStdin(c, call) {
		text := in.text
		if debugger {
			lines := strings.Split(text, "\n")
			for i, line := range lines {
				lines[i] = strings.TrimPrefix(strings.TrimLeft(line, " \t"), "!")
			}
			text = strings.Join(lines, "\n")
		}
		w.program(c, call, l, text, label+" ("+in.kind+" on stdin)", in.dynamic, "")
	}
	w.stdinFileCode(c, call, l, label, debugger)
}

// irbScript judges irb's program file: irb [options] FILE reads FILE as
// its input, each line run as Ruby (checked with irb 1.x: irb x.rb ran
// x.rb).
func (w *walker) irbScript(c scope, call *Call) {
	for _, i := range codeInputs(call).files {
		w.interpreterFile(c, call, call.Args[i], lang.Ruby)
	}
}
