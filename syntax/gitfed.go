package syntax

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
	argvs, _, placed, known, ok := w.fedArgvList(c, call)
	if !ok {
		return
	}
	if !known {
		if _, operands := ScanOptions(call.Args, GitGlobalOptions); len(operands) == 0 && !placed {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
				What: lastWrapper(call) + " feeds git words only known at run time before its subcommand, where git's options (-c KEY=VALUE) can make it run any program"})
		}
		return
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
