package syntax

import "strings"

// salt-call runs a Salt execution function on this machine, the minion
// (issue 12, class 4): cmd.run, cmd.shell, cmd.run_all, cmd.run_stdout,
// cmd.run_stderr, cmd.retcode and cmd.run_bg run their command (the
// first argument, or cmd=…) with the shell; cmd.exec_code LANG CODE runs
// CODE with LANG's interpreter. Each is judged as if typed (salt-call
// --local cmd.run 'rm -rf ~' was allowed).

// saltCallSpec is salt-call's options that take a value (salt-call
// --help, 3006).
var saltCallSpec = OptSpec{ShortVal: "clt", LongEq: true, Stop: true, LongVal: []string{"config-dir", "log-level",
	"log-file", "log-file-level", "out", "output", "out-file", "output-file", "out-indent", "output-indent", "file-root",
	"pillar-root", "states-dir", "master", "return", "id", "saltenv", "pillarenv", "timeout", "module-dirs"}}

// saltCall models salt-call FUNCTION ARGS.
func (w *walker) saltCall(c scope, call *Call) {
	_, operands := ScanOptions(call.Args, saltCallSpec)
	if len(operands) < 2 {
		return
	}
	fn := call.Args[operands[0]].Value
	args := call.Args[operands[1]:]
	switch fn {
	case "cmd.run", "cmd.shell", "cmd.run_all", "cmd.run_stdout", "cmd.run_stderr", "cmd.retcode", "cmd.run_bg",
		"cmd.powershell":
		for _, a := range args {
			if v, ok := strings.CutPrefix(a.Value, "cmd="); ok {
				w.child(c, call, v, nil, "salt-call "+fn, !a.Static)
				return
			}
		}
		for _, a := range args {
			if !strings.Contains(a.Value, "=") || strings.Contains(a.Value, " ") {
				w.childArg(c, call, &a, "salt-call "+fn)
				return
			}
		}
	case "cmd.exec_code", "cmd.exec_code_all":
		if len(args) >= 2 {
			words := []Arg{args[0], {Value: "-c", Raw: "-c", Static: true}, args[1]}
			w.argvChild(c, call, words, "salt-call "+fn, nil, call.Dir)
		}
	}
}
