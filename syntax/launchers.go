package syntax

import (
	"slices"
	"strings"
)

// Launchers that take their command as a template run by a shell (GNU
// parallel, rush) or read the commands themselves from their input
// (parallel and xjobs without a command, rush without one).

// maxTemplateInputs bounds the inputs a template is judged with.
const maxTemplateInputs = 16

// templateNeedsShell reports whether a command template given as words
// holds text the shell reads (a blank, an operator, a quote, an
// expansion): GNU parallel joins its command words with spaces and
// gives the line to a shell, so 'rm -rf {}' is the command rm -rf {}.
func templateNeedsShell(words []Arg) bool {
	for _, a := range words {
		if a.Static && strings.ContainsAny(a.Value, " \t\n;|&<>()$`'\"\\") {
			return true
		}
	}
	return false
}

// templateInputs returns the inputs of a parallel or rush call that are
// known at hook time: its ::: words, or the lines of a static text on
// its stdin (echo /root |, <<< .env), each line one input (lines) or
// each blank-separated word (xargs without -I); known is false when they are read
// at run time (a file, a pipe from another program).
func (w *walker) templateInputs(c scope, call *Call, lines bool) (inputs []Arg, known bool) {
	defer w.asData()() // words, not code (unreadable.go)
	if len(call.Inputs) > 0 {
		return call.Inputs, true
	}
	if call.ArgFile != "" {
		return nil, false
	}
	if text, static, ok := call.Fd(0).Text(); ok && static {
		return xargsItems(text, lines, call.argDelim)
	}
	if in := call.Fd(0); in.Kind == StreamPipe && in.Pipe != nil && in.Pipe.Subst == "" && !in.Pipe.Coproc &&
		in.Stage > 0 && in.Stage < len(in.Pipe.Calls) {
		// echo /root | parallel 'rm -rf {}', and inside the stage: echo
		// /root | (parallel 'rm -rf {}') (stdinconsumers.go)
		if text, dynamic, ok := w.producedText(c, in.Pipe, in.Stage-1); ok && !dynamic {
			return xargsItems(text, lines, call.argDelim)
		}
	}
	return nil, false
}

// xargsShell walks the script of a shell that xargs runs (xargs sh -c
// 'rm -rf "$1"' _, xargs -I{} sh -c 'cat {}') once for each input
// corral knows at hook time (the words of a text on its stdin or of
// the stage before it, the items of xargs -a FILE): the input appended
// as the shell's last parameter, or put in place of -I's string in every
// word, as xargs builds the command; with several inputs and no -I, also
// all of them appended at once, since xargs passes as many as fit. The
// commands are then judged with their operands known. It reports false,
// leaving the script to be walked with its parameters unknown, when the
// inputs are not all known or are too many to follow one by one.
func (w *walker) xargsShell(c scope, call *Call, script int, env *state) bool {
	if lastWrapper(call) != "xargs" || !call.ExtraArgs {
		return false
	}
	inputs, known := w.templateInputs(c, call, call.Replace != "")
	if !known || len(inputs) == 0 || len(inputs) > maxTemplateInputs ||
		len(call.Args[script].Value)*(len(inputs)+1) > MaxSource/4 {
		return false
	}
	words := append([]Arg{call.NameArg}, call.Args...)
	var runs [][]Arg
	for _, in := range inputs {
		if call.Replace == "" {
			runs = append(runs, append(slices.Clone(words), in))
			continue
		}
		run := slices.Clone(words)
		for i := range run {
			if call.HasPlaceholder(run[i].Value) {
				run[i] = call.FillArg(run[i], in)
			}
		}
		runs = append(runs, run)
	}
	if call.Replace == "" && len(inputs) > 1 {
		runs = append(runs, append(slices.Clone(words), inputs...))
	}
	// The commands built are whole: their words are no longer appended
	// at run time.
	call.ExtraArgs = false
	for _, run := range runs {
		w.argvChild(c, call, run, "xargs "+call.Name, env, call.Dir)
	}
	call.ExtraArgs = true
	return true
}

// shellTemplate walks the command line a template launcher runs for each
// input: the words joined with spaces, {} replaced by the input as the
// shell quotes it (appended when the line has no {}). An input only
// known at run time stands as "$(cat)", text read at run time.
func (w *walker) shellTemplate(c scope, call *Call, words []Arg, kind string) {
	parts := make([]string, len(words))
	dynamic := false
	for i, a := range words {
		parts[i] = a.Value
		dynamic = dynamic || !a.Static
	}
	line := strings.Join(parts, " ")
	inputs, known := w.templateInputs(c, call, true)
	if !known {
		inputs = []Arg{{Value: `$(cat)`, Raw: `$(cat)`}}
	}
	for k, in := range inputs {
		if k == maxTemplateInputs {
			break
		}
		v := in.Value
		if in.Static {
			v = Quote(v)
		}
		text, computed := line+" "+v, false
		switch {
		case call.HasPlaceholder(line) && in.Static:
			// parallel 'rm -rf ~/.{}' ::: bashrc, 'rm -rf {//}': each
			// replacement string is what it computes of the input,
			// quoted (placeholders.go).
			t, fine := call.fill(line, in.Value, Quote)
			text, computed = t, !fine
		case call.HasPlaceholder(line):
			text, _ = call.fill(line, v, func(string) string { return v })
		case strings.Contains(line, "{}"):
			text = strings.ReplaceAll(line, "{}", v)
		}
		w.child(c, call, text, nil, kind, dynamic || computed || !in.Static)
	}
}

// commandLines walks the commands a launcher reads one a line, from the
// file it names (parallel -a FILE, :::: FILE) or from its stdin: a
// here-document or a here-string as the lines, a file redirected in as a
// script on disk (sh < FILE's case). Text piped in is pipeTo's.
func (w *walker) commandLines(c scope, call *Call, file string, env *state) {
	if file == "?" {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
			What: "runs the command lines of a file only known at run time"})
		return
	}
	if file != "" {
		w.scriptFile(c, call, Arg{Value: file, Raw: file, Static: true}, "sh")
		return
	}
	in := call.Fd(0)
	if _, _, ok := in.Text(); ok {
		w.scriptFromFd(c, call, in, env)
		return
	}
	if _, ok := in.File(); ok {
		w.scriptFromFd(c, call, in, env)
	}
}

// xjobsSpec is xjobs' options that take a value (xjobs(1)): -j jobs,
// -l lines, -s script (the file of job lines), -v verbosity, -q queue.
var xjobsSpec = OptSpec{ShortVal: "jlsvq", Stop: true}

// rushSpec is rush's options that take a value (rush --help).
var rushSpec = OptSpec{ShortVal: "jDdnJrtvCT", LongEq: true, Stop: true, LongVal: []string{"jobs", "record-delimiter",
	"field-delimiter", "nrecords", "records-join-sep", "retries", "retry-interval", "timeout", "assign", "succ-cmd-file"}}

// lineRunnerFile reports xjobs or rush given no command: each line of
// their stdin is a command line they run with the shell.
func lineRunnerFile(call *Call) bool {
	switch call.Name {
	case "xjobs":
		opts, operands := ScanOptions(call.Args, xjobsSpec)
		for _, o := range opts {
			if o.Name == "s" {
				return false // the jobs come from the file
			}
		}
		return len(operands) == 0
	case "rush":
		_, operands := ScanOptions(call.Args, rushSpec)
		return len(operands) == 0
	}
	return false
}

// lineRunners models xjobs and rush: the command lines they read (from
// stdin, or xjobs -s FILE), or rush's command template.
func (w *walker) lineRunners(c scope, call *Call) bool {
	switch call.Name {
	case "xjobs":
		opts, _ := ScanOptions(call.Args, xjobsSpec)
		for _, o := range opts {
			if o.Name == "s" && o.HasVal {
				w.scriptFile(c, call, o.Val, "sh")
				return true
			}
		}
	case "rush":
		if _, operands := ScanOptions(call.Args, rushSpec); len(operands) > 0 {
			// rush 'rm -rf {}': the command line the shell runs for
			// each input.
			w.shellTemplate(c, call, call.Args[operands[0]:], "rush")
			return true
		}
	default:
		return false
	}
	if lineRunnerFile(call) {
		w.commandLines(c, call, "", nil)
	}
	return true
}

// inputsNameCommand reports xargs (or xe, parallel) running a wrapper
// given no command of its own, with the inputs appended: xargs env <
// cmds.txt, xargs -a f -L1 nice. The inputs are then the command.
func inputsNameCommand(call *Call) bool {
	last := lastWrapper(call)
	if last != "xargs" && last != "xe" && last != "parallel" || call.Replace != "" || !call.NameArg.Static {
		return false
	}
	spec, ok := wrapperFor(base(call.Name))
	if !ok {
		return false
	}
	words := append([]Arg{call.NameArg}, call.Args...)
	i, _, split, _, query := spec.skipOptions(words)
	return !query && split == nil && i >= len(words) && len(spec.verbs) == 0
}

// inputCommands walks the command xargs env builds from its inputs:
// the inputs known at hook time appended to the words, or the lines of
// the file they come from, read as a script (its words are the
// commands; a file not on disk is sh FILE's case).
func (w *walker) inputCommands(c scope, call *Call, env *state) {
	if inputs, known := w.templateInputs(c, call, lastWrapper(call) == "parallel"); known {
		words := append([]Arg{call.NameArg}, call.Args...)
		w.argvChild(c, call, append(words, inputs...), lastWrapper(call)+" "+call.Name, env, call.Dir)
		return
	}
	if call.ArgFile != "" {
		w.commandLines(c, call, call.ArgFile, env)
		return
	}
	if _, ok := call.Fd(0).File(); ok {
		w.commandLines(c, call, "", env)
	}
}

// catStage returns the stage before call in its pipeline when it is cat
// given only files named at hook time (no option, no "-"): what it
// prints is those files, one after the other; nil otherwise.
func catStage(call *Call) *Call {
	in := call.Fd(0)
	if in.Kind != StreamPipe || in.Pipe == nil || in.Pipe != call.Pipe || call.PipeIndex == 0 || in.Stage != call.PipeIndex {
		return nil
	}
	src := call.Pipe.Calls[call.PipeIndex-1]
	if src == nil || src.Name != "cat" || len(src.Wrappers) > 0 || len(src.Args) == 0 || len(src.Args) > 8 {
		return nil
	}
	for _, a := range src.Args {
		if !a.Static || a.Value == "" || strings.HasPrefix(a.Value, "-") {
			return nil
		}
	}
	return src
}

// xargsFileInputs reads the inputs of xargs -a FILE (--arg-file), of
// xargs < FILE, or of cat FILE… | xargs, at hook time, as a script on disk is read: FILE must be a regular file of at
// most MaxScriptFile bytes (or text this command wrote to it), split as
// xargs splits it (-0, -d, lines for -I). ok is false when the file
// cannot be read, gives no input, or gives more than corral follows.
func (w *walker) xargsFileInputs(call *Call) (inputs []Arg, ok bool) {
	defer w.asData()() // words, not code (unreadable.go)
	file, d := call.ArgFile, call.Dir
	text := ""
	switch {
	case file != "":
	case catStage(call) != nil:
		// cat list.txt | xargs rm -rf: the files cat prints, each read
		// the same way (cat adds nothing between them).
		src := catStage(call)
		var b strings.Builder
		for _, a := range src.Args {
			t, ok := w.readScript(src.Dir.Join(a.Value))
			if !ok || b.Len()+len(t) > MaxScriptFile {
				return nil, false
			}
			b.WriteString(t)
		}
		text, file = b.String(), src.Args[0].Value
		if len(src.Args) > 1 {
			file += " …"
		}
	default:
		// xargs rm -rf < list.txt: the file on its stdin, read the same
		// way.
		r, isFile := call.Fd(0).File()
		if !isFile || r.Op != "<" || !r.Target.Static {
			return nil, false
		}
		file, d = r.Target.Value, r.Dir
	}
	if file == "?" {
		return nil, false
	}
	if text == "" {
		t, ok := w.readScript(d.Join(file))
		if !ok {
			return nil, false
		}
		text = t
	}
	in, complete := xargsItems(text, call.Replace != "", call.argDelim)
	if !complete || len(in) == 0 {
		return nil, false
	}
	for i := range in {
		in[i].Raw += " (from " + file + ")"
	}
	return in, true
}

// maxNestedLaunchers bounds the launchers whose inputs fill another's.
const maxNestedLaunchers = 4

// outerFilledInputs returns the ::: inputs of call's GNU parallel (or
// sem) as an xargs (or xe) that runs that parallel builds them: its
// replace string (xargs -I%) in an input filled by each of xargs's
// inputs (echo ~/.bash.y | xargs -I% parallel cp x {.}rc ::: % runs cp
// x ~/.bashrc). ok is false when no such xargs runs the parallel, or no
// input holds its string. With xargs's inputs unknown or too many the
// result is nil: parallel then takes its inputs at run time, from the
// stream xargs reads (the judgement xargs parallel CMD ::: gets). A
// chain of launchers is followed up to maxNestedLaunchers.
func (w *walker) outerFilledInputs(c scope, call *Call, inputs []Arg) (out []Arg, ok bool) {
	if call.Replace == "" {
		return nil, false
	}
	last := lastWrapper(call)
	if last != "parallel" && last != "sem" {
		return nil, false
	}
	outer := -1
	n := 0
	for i, wr := range call.Wrappers {
		switch wr {
		case "xargs", "xe", "parallel", "sem":
			n++
			if wr == "xargs" || wr == "xe" {
				outer = i
			}
		}
	}
	if outer < 0 || outer == len(call.Wrappers)-1 || n > maxNestedLaunchers {
		return nil, false
	}
	if !slices.ContainsFunc(inputs, func(a Arg) bool { return strings.Contains(a.Value, call.Replace) }) {
		return nil, false
	}
	saved, savedIn := call.argDelim, call.Inputs
	call.argDelim, call.Inputs = "", nil
	given, known := w.templateInputs(c, call, true)
	call.argDelim, call.Inputs = saved, savedIn
	if !known || len(given)*len(inputs) > maxTemplateInputs {
		return nil, true
	}
	for _, in := range inputs {
		if !strings.Contains(in.Value, call.Replace) {
			out = append(out, in)
			continue
		}
		for _, g := range given {
			x := in
			x.Value = strings.ReplaceAll(in.Value, call.Replace, g.Value)
			x.Static = in.Static && g.Static
			x.Raw = g.Raw
			out = append(out, x)
		}
	}
	return out, true
}
