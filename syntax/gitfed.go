package syntax

import (
	"slices"
	"strings"
)

// maxGitFed bounds the fed git commands walked per call.
const maxGitFed = 16

// gitFed walks the git commands xargs or GNU parallel run with the words
// they feed git (red team 14 XA1): printf '%s\0' -c
// 'core.fsmonitor=rm …' status | xargs -0 git runs git -c
// core.fsmonitor=… status, whose -c runs a program. The inputs corral
// knows at hook time (a here-string, the stage before, parallel's :::)
// are appended, or put at the replace string (-I{}), as fedArgvs does
// for interpreters, and each resulting git call is walked as git's own
// model walks a written one (its -c keys, aliases, helpers). Inputs only
// known at run time fed to a git with no subcommand written ask: they
// stand before any subcommand, where git's options (-c KEY=VALUE,
// --exec-path, --config-env) run programs.
func (w *walker) gitFed(c scope, call *Call) {
	last := lastWrapper(call)
	if !call.ExtraArgs || last != "xargs" && last != "parallel" && last != "sem" {
		return
	}
	ph := call.Replace
	if ph == "" && last != "xargs" {
		ph = "{}"
	}
	placed := false
	for _, a := range call.Args {
		placed = placed || ph != "" && strings.Contains(a.Value, ph)
	}
	if ph != "" && !placed && last == "xargs" {
		return // xargs -I{} git … without {}: no input reaches it
	}
	_, operands := ScanOptions(call.Args, GitGlobalOptions)
	inputs, known := w.templateInputs(c, call, call.Replace != "" || last != "xargs")
	if !known || len(inputs) > maxTemplateInputs {
		if len(operands) == 0 && !placed {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
				What: last + " feeds git words only known at run time before its subcommand, where git's options (-c KEY=VALUE) can make it run any program"})
		}
		return
	}
	var argvs [][]Arg
	if placed {
		for _, in := range inputs {
			run := slices.Clone(call.Args)
			for i := range run {
				if strings.Contains(run[i].Value, ph) {
					run[i].Value = strings.ReplaceAll(run[i].Value, ph, in.Value)
					run[i].Static = run[i].Static && in.Static
				}
			}
			argvs = append(argvs, run)
		}
	} else {
		// xargs passes as many as fit: all at once, and each alone.
		all := append(slices.Clone(call.Args), inputs...)
		argvs = append(argvs, all)
		if len(inputs) > 1 && last != "xargs" {
			for _, in := range inputs {
				argvs = append(argvs, append(slices.Clone(call.Args), in))
			}
		}
	}
	for i, argv := range argvs {
		if i >= maxGitFed {
			break
		}
		inner := *call
		inner.Args = argv
		inner.ExtraArgs = false
		w.git(c, &inner)
	}
}
