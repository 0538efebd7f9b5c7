package syntax

import (
	"strings"

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
