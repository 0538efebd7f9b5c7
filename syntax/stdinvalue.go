package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// The value of a command substitution that reads its standard input
// (red team 18 PS1).
//
// A command substitution inherits the standard input of the shell that
// expands it: in echo ~/.bashrc | rm -f "$(cat)" the substitution reads
// the pipe into rm's stage, so the word is the text the stage before
// prints (rm -f ~/.bashrc); after exec < F (or exec < <(…), or inside
// { …; } < F, a function called with < F, a while loop fed by <<<) it
// reads F. A call's own redirections do not reach it: bash expands a
// simple command's words before it applies its redirections, so in
// rm -f "$(cat)" < F the substitution reads what the shell's standard
// input was before (an oracle test holds corral to real bash). The
// readers are the stream readers of streamsubst.go (cat, head, tail,
// tr -d, $(< /dev/stdin)); the text is the stage's output (producedText),
// a here-document or here-string, a process substitution's output or a
// file corral reads. An input corral does not hold (the agent's own
// standard input, a download, a file it cannot read) leaves the value
// to run time; a script made of such text asks (stdinScriptUnknown).

// inputText is the text a reader of the stream in gets, when corral
// knows it: the stage before in a pipeline, a coprocess's output, a
// here-document or here-string, a process substitution, a file.
func (w *walker) inputText(c scope, in Stream) (text string, dynamic, ok bool) {
	if t, d, known, isPipe := w.otherPipeText(c, in); isPipe {
		return t, d, known
	}
	if p := in.Pipe; in.Kind == StreamPipe && p != nil && p.Subst == "" && !p.Coproc && in.Stage >= 1 && in.Stage < len(p.Calls) {
		return w.producedText(c, p, in.Stage-1)
	}
	if r, isFile := in.File(); isFile && r.Op == "<" && r.Target.Static && r.Target.Value == "/dev/null" {
		return "", false, true
	}
	if r := in.Redirect; in.Kind == StreamPipe && in.Pipe == nil && r.expanded != nil && r.expanded.Static && (r.Op == "<<" || r.Op == "<<-") {
		// An unquoted here-document as the shell expanded it where it
		// opened ($HOME/.bashrc).
		t := r.expanded.Value
		if cut, ok := strings.CutSuffix(t, r.Target.Value); ok {
			t = strings.TrimRight(cut, "\t")
		}
		return t, false, true
	}
	return w.streamText(c, in)
}

// firstStdinReader reports a substitution that is the only one in a
// simple command that is a whole pipeline stage, reading that stage's
// pipe: nothing else read the pipe before it, so it gets the whole text
// (in echo ~/.bashrc | rm -f "$(cat)"), not any rest of it.
func firstStdinReader(c scope, cs *sh.CmdSubst, in Stream) bool {
	if c.stage == nil || c.pipe == nil || in.Kind != StreamPipe || in.Pipe != c.pipe || in.Stage != c.pipeIndex || in.Stage < 1 {
		return false
	}
	ce, ok := c.stage.Cmd.(*sh.CallExpr)
	if !ok || len(c.stage.Redirs) > 0 {
		return false
	}
	n := 0
	inStage := false
	walkTree(ce, func(node sh.Node) bool {
		switch node := node.(type) {
		case *sh.CmdSubst:
			n++
			inStage = inStage || node == cs
			return false
		case *sh.ProcSubst:
			n++ // it may read the pipe too
			return false
		}
		return true
	})
	return n == 1 && inStage
}

// stdinScriptUnknown reports, and records as hidden code, a script word
// a of eval or sh -c (kind) that a command substitution builds from the
// standard input of the shell expanding it, when that input is a stream
// the command set up (exec < <(curl URL), exec 0< F, { …; } < F, a
// while loop's <<< "$(…)") and corral does not know its text: a download
// or a file it cannot read runs as code (exec < <(curl URL); eval
// "$(cat)"). An input the agent's shell inherited is not the command's
// doing and leaves the word to run time, as before; a known text is the
// word's value (the resolver computes it) and is judged as the script.
// The pipe into a pipeline stage is ScriptReadsPipe's.
func (w *walker) stdinScriptUnknown(c scope, call *Call, a Arg, kind string) bool {
	if a.Static || a.Word == nil {
		return false
	}
	in, found := w.substStdin(call, a)
	if !found {
		return false
	}
	if _, dynamic, ok := w.inputText(c, in); ok && !dynamic {
		return false // known: the resolver gave the word its value
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
		What: kind + " runs " + clip(a.Raw, 40) + ", text read from the standard input a redirection of this command gave the shell, which corral cannot compute"})
	return true
}

// substStdin returns the standard input a command substitution in the
// word a of call reads, when it reads one the command set up: a filter
// reader (cat, head, sed, sort, … with no file but standard input) of
// the substitutions whose host is call, or $(< /dev/stdin).
func (w *walker) substStdin(call *Call, a Arg) (Stream, bool) {
	for _, r := range w.m.Calls {
		if r.Host != call || r.Subst != "$(" || r.Script != call.Script || r.Start < a.Start || r.End > a.End {
			continue
		}
		in := r.Fd(0)
		if !setUpStdin(in) || ownInput(r, in) || !readsStdinText(r) {
			continue
		}
		return in, true
	}
	if wordReadsStdinFile(a) {
		for _, rd := range call.Redirs {
			if rd.Fd == "" && strings.HasPrefix(rd.Op, "<") || rd.Fd == "0" {
				return Stream{}, false // the call's own: not what $(< /dev/stdin) reads
			}
		}
		if in := call.Fd(0); setUpStdin(in) {
			return in, true
		}
	}
	return Stream{}, false
}

// setUpStdin reports a standard input the command itself opened: not
// the one the agent's shell inherited (nor one corral lost track of),
// nor the pipe into a pipeline stage (ScriptReadsPipe's).
func setUpStdin(in Stream) bool {
	switch in.Kind {
	case StreamInherited, StreamUnknown, StreamClosed:
		return false
	case StreamPipe:
		return in.Pipe == nil || in.Pipe.Subst != "" || in.Pipe.Coproc
	}
	return true
}

// readsStdinText reports a call that reads its standard input as text:
// a filter (cat, head, tail, sed, sort, …) with no input operand but
// standard input, or with options corral does not model.
func readsStdinText(r *Call) bool {
	if !passFilterName(r.Name) || len(r.Wrappers) > 0 {
		return false
	}
	_, ops, ok := passFilterOf(r.Name, r.Args)
	if !ok {
		return true
	}
	for _, op := range ops {
		if n, isFd := fdPath(op.Value); !op.Static || op.Value != "-" && (!isFd || n != 0) {
			return false
		}
	}
	return true
}
