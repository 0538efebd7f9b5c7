package syntax

import sh "mvdan.cc/sh/v3/syntax"

// A pipeline stage's standard input is read by whatever the stage runs
// with it, not only by the stage's own command: the commands of a
// compound stage (echo … | (sh), | { bash; }, | if …; then sh; fi, | for
// …; do sh; done), of a function called as the stage (f() { sh; }; echo
// … | f), of a nested script the stage runs (| sh -c 'sh', | bash -c
// '(sh)', | sh -c 'exec "$0"' sh), and a shell a program starts with
// the stdin it was given (| script -qc sh, | python3 -c
// 'os.system("sh")', | perl -e 'exec "sh"'). The walk gives each of
// those commands the stage's pipe as its Fd(0); every one that reads its
// stdin as a script runs the text the stage before prints (red team 18
// CS2, RD2). xargs is the exception: the commands it runs read
// /dev/null (GNU and BSD xargs), unless -a/--arg-file gives it its
// items from a file.

// stdinConsumers judges the script every command read from the pipe into
// a stage of p runs, for the commands other than the stage's own (whose
// script pipeline judges): from is the index in w.m.Calls of the first
// call the walk of p made. Known text is walked as that command's script
// (echo 'rm -f ~/.bashrc' | (sh) is echo 'rm -f ~/.bashrc' | sh); text
// only run time knows asks, as for a simple stage (hiddenPipe); the files
// read for it are read for the command's code (w.reading: a download run
// so asks, run-download).
func (w *walker) stdinConsumers(c scope, p *Pipeline, from int) {
	if from < 0 || from > len(w.m.Calls) || p.Subst != "" {
		return
	}
	// The walk of one text appends calls; those are judged by the walk
	// that made them, so the list is fixed before.
	calls := w.m.Calls[from:len(w.m.Calls):len(w.m.Calls)]
	for _, sink := range calls {
		i, ok := stdinStage(sink, p)
		if !ok || xargsChild(sink) || memberChild(sink) || !readsPipeScript(sink) {
			continue
		}
		sql := SQLiteReadsStdin(sink) || escapeReader(sink.Name)
		saved := w.reading
		if !sql {
			w.reading = sink
		}
		text, dynamic, known := w.producedText(c, p, i-1)
		w.reading = saved
		asked := !sql && w.printedAsk(c, sink, p, i-1)
		switch {
		case known:
			w.pipeTo(c, sink, text, dynamic)
		case sql || asked:
		default:
			w.hiddenPipeTo(p, i, sink)
		}
	}
}

// stdinStage returns the stage of p whose pipe call reads as its
// standard input when call is not that stage's own command: a command
// inside the stage (compound, function body, nested script, a program's
// child), the pipe unchanged by a redirection of its own or of a block
// around it (Fd).
func stdinStage(call *Call, p *Pipeline) (int, bool) {
	in := call.Fd(0)
	if in.Kind != StreamPipe || in.Pipe != p || in.Stage < 1 || in.Stage >= len(p.Calls) {
		return 0, false
	}
	if p.Calls[in.Stage] == call {
		return 0, false
	}
	return in.Stage, true
}

// readsPipeScript reports whether call runs what it reads on stdin as a
// script: a shell or an interpreter without a script (readsScript), or
// a program whose commands on stdin reach a shell (sqlite3's .shell,
// ed's and dc's !, the SQL clients' \!).
func readsPipeScript(call *Call) bool {
	return readsScript(call) || SQLiteReadsStdin(call) || escapeReader(call.Name)
}

// xargsChild reports a command xargs runs (itself, or a command in a
// script xargs runs) with its standard input taken from /dev/null: GNU
// xargs does so unless -a/--arg-file names the file of items (its
// manual: "Otherwise, stdin is redirected from /dev/null"), as BSD
// xargs does. The pipe into the stage is then xargs's items, not the
// command's stdin.
func xargsChild(call *Call) bool {
	for x, n := call, 0; x != nil && n < 64; x, n = x.RunBy, n+1 {
		for _, wr := range x.Wrappers {
			if wr == "xargs" && x.ArgFile == "" {
				return true
			}
		}
	}
	return false
}

// memberChild reports a command tar runs for each member it extracts
// (--to-command): GNU tar gives it the member's data on its standard
// input, not the stdin tar itself reads, so the pipe into the stage is
// tar's archive, judged by the extraction's rules. A tar that also runs
// a compression program (-I, --use-compress-program, which reads tar's
// input: the pipe) is not taken to, whichever of its commands call is.
func memberChild(call *Call) bool {
	for x, n := call, 0; x != nil && x.RunBy != nil && n < 64; x, n = x.RunBy, n+1 {
		switch x.RunBy.Name {
		case "tar", "gtar":
		default:
			continue
		}
		opts, _ := ScanOptions(TarArgs(x.RunBy.Args), TarOptions)
		member := false
		for _, o := range opts {
			switch o.Name {
			case "use-compress-program", "I":
				return false
			case "to-command":
				member = true
			}
		}
		return member
	}
	return false
}

// innerStageText returns the text xargs reads as its items when it runs
// inside a pipeline stage without being the stage's own command (echo
// ~/.bashrc | (xargs rm -f), | { cd ~ && xargs rm -f; }, f() { xargs rm
// -f; }; echo … | f): what the stage before prints, when corral knows
// it exactly. A stage's own xargs is read from the stage (rewrite's
// pipeInputs).
func (w *walker) innerStageText(c scope, call *Call) (string, bool) {
	if call.ArgFile != "" {
		return "", false
	}
	in := call.Fd(0)
	if in.Kind != StreamPipe || in.Pipe == nil || in.Pipe.Subst != "" || in.Pipe.Coproc {
		return "", false
	}
	i, ok := stdinStage(call, in.Pipe)
	if !ok {
		return "", false
	}
	text, dynamic, known := w.producedText(c, in.Pipe, i-1)
	return text, known && !dynamic
}

// outerStageCopy returns what src copies to its stdout when src passes
// its standard input on (cat, cat -, tee, pv, dd) and that input is the
// pipe into a stage of another pipeline that src runs inside: the text
// that stage's producer prints (… | bash -c 'cat | sh', … | { tee
// /dev/null | sh; }, … | sh <(cat): the inner pipe or file carries the
// outer pipe's text). found is false for any other src.
func (w *walker) outerStageCopy(c scope, src *Call) (text string, dynamic, ok, found bool) {
	copies, changed := passThrough(src)
	if !copies || xargsRun(src) {
		return "", false, false, false
	}
	in := src.Fd(0)
	if in.Kind != StreamPipe || in.Pipe == nil || in.Pipe.Subst != "" || in.Pipe.Coproc {
		return "", false, false, false
	}
	i, inner := stdinStage(src, in.Pipe)
	if !inner {
		return "", false, false, false
	}
	text, dynamic, ok = w.producedText(c, in.Pipe, i-1)
	return text, dynamic || changed, ok, true
}

// stdinID identifies a standard input for funcCallKey: a command of a
// function body walked again is the same call only when it reads the same
// stream (f() { sh; }; f < /dev/null; curl URL | f: the second sh reads
// the download).
type stdinID struct {
	kind  StreamKind
	fd    int
	pipe  *Pipeline
	stage int
	node  *sh.Redirect
}

// stdinOf returns the stdinID of descriptor 0 in fds (inherited when it
// is not there).
func stdinOf(fds map[int]Stream) stdinID {
	s, ok := fds[0]
	if !ok {
		return stdinID{kind: StreamInherited}
	}
	return stdinID{kind: s.Kind, fd: s.Fd, pipe: s.Pipe, stage: s.Stage, node: s.Redirect.Node}
}
