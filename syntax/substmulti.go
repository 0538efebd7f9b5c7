package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// substScriptMulti models a shell, eval or source whose script is the
// output of a command substitution of several statements (eval "$(true;
// echo 'rm -rf ~')", eval "$(history -s 'CMD'; history -p '!!')"): what
// each statement prints, in order. When every statement's output is
// known (a statement that calls nothing, or a builtin that prints
// nothing, gives none) the joined text is the script and is walked as
// one; otherwise, when a statement prints static text or its printer
// makes code (an interpreter, a decoder, history -p), the script is only
// known at run time and asks whatever it holds; else the substitution's
// words are judged as a single statement's are (substScript). It
// reports whether the script was walked.
func (w *walker) substScriptMulti(c scope, call *Call, a *Arg, kind string, stmts []*sh.Stmt) bool {
	var b strings.Builder
	known, code := true, false
	var words []string
	for _, s := range stmts {
		start, end := int(s.Pos().Offset()), int(s.End().Offset())
		var last *Call
		for _, in := range w.m.Calls {
			if in.Script == c.sc && in.Subst != "" && in.Start >= start && in.End <= end && in != call {
				if downloaders.Get()[in.Name] && in.Host == call {
					return false // a download run as a script is the pipe-shell rule's
				}
				if last == nil || in.End >= last.End {
					last = in
				}
				words = append(words, in.NameArg.Value)
				words = append(words, in.Words()...)
			}
		}
		if last == nil || silentCall(last) {
			continue
		}
		p, i := last.Pipe, last.PipeIndex
		if p == nil {
			p, i = &Pipeline{Calls: []*Call{last}}, 0
		}
		text, dynamic, ok := w.producedText(c, p, i)
		switch {
		case ok && !dynamic:
			b.WriteString(text)
			if last.Name == "echo" && !echoNoNewline(last) {
				// echo ends its line: eval "$(echo A=1; echo 'rm …')" is
				// two lines, not "A=1rm …" (as compoundText).
				b.WriteByte('\n')
			}
			code = code || strings.TrimSpace(text) != ""
		case ok:
			known, code = false, true
		default:
			known = false
			// A program corral does not compute reading input the agent
			// controls (filtersubst.go): the input's known text is
			// judged, and the script asks.
			code = code || generatesCode(last) || historyFeeds(p, i) || w.judgedInput(c, call, last, kind).any
		}
	}
	what := call.Name + " runs, as a script, the output of " + clip(a.Raw, 60) + ", which is only known at run time"
	switch {
	case known:
		w.childIn(c, call, b.String(), nil, kind, false, w.cur, call.Dir)
		return true
	case code:
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: a.Raw, Always: true, What: what})
	default:
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: strings.Join(words, " "), What: what})
	}
	return false
}

// silentCall reports a call that writes nothing to its standard
// output: the builtins compoundText counts so (printsNothing), and
// history -s/-c.
func silentCall(call *Call) bool {
	if call.Name == "history" {
		return len(call.Args) > 0 && call.Args[0].Static && (call.Args[0].Value == "-s" || call.Args[0].Value == "-c")
	}
	return printsNothing(call.Name)
}
