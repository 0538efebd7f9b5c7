package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// The rest of red team 19 RD3: the output of a program corral does not
// compute reaching a shell, when what the program reads is only known at
// run time, or when the substitution is one piece of a longer script.
//
//   - eval "$(pr -t "$f")": pr prints the file "$f" names, which the
//     agent chooses at run time (any file it wrote); substInput only took
//     an operand that names a regular file on disk as the program's
//     input. An operand only known at run time (not an option) of a
//     program corral does not compute may name the file it prints, so the
//     script is only known at run time: ask (hidden-code), unless the
//     substitution is a program printing its own shell set-up (eval
//     "$(docker-machine env "$m")", setupOutput), as before.
//   - eval "x=1; $(pr -t F)", sh -c "cd d && $(gen)": bash expands the
//     substitution before eval or the shell parses the text, so what it
//     prints is part of the script as surely as when it is the whole
//     word. Each such substitution is judged as the whole-word one is
//     (substScript): an interpreter or decoder building it, or a program
//     corral does not compute reading input the agent controls, asks;
//     the output of a local program that reads nothing (sh -c "echo
//     $(date)", "cd $(pwd) && make") passes.

// runtimeOperand returns the first word of src, or of a stage before it
// in its pipeline, only known at run time that is not an option (nor a
// word after "=" as in KEY=$v): a file name the program may read. It
// skips echo and printf, whose words are text, not files.
func runtimeOperand(p *Pipeline, i int) (string, bool) {
	for k := i; k >= 0 && i-k < maxFilterDepth; k-- {
		src := p.Stage(k)
		if src == nil {
			break
		}
		if src.Name != "echo" && src.Name != "printf" && src.Name != "" {
			for _, a := range src.Args {
				if a.Static || a.Word == nil || strings.HasPrefix(a.Raw, "-") || strings.Contains(a.Raw, "=") {
					continue
				}
				return a.Raw, true
			}
		}
		if p.Subst != "" || k == 0 || !readsStage(src, p, k) {
			break
		}
	}
	return "", false
}

// runtimeInputScript asks, for sink running the output of stage i of p
// as a script, when a stage up to there has an operand only known at run
// time (runtimeOperand). It reports whether it did.
func (w *walker) runtimeInputScript(sink *Call, p *Pipeline, i int, raw string) bool {
	if setupOutput.Get().MatchString(raw) {
		return false
	}
	op, ok := runtimeOperand(p, i)
	if !ok {
		return false
	}
	src := p.Stage(i)
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: sink, Text: src.Text(), Always: true,
		What: sink.Name + " runs, as a script, what " + readerName(src) + " (a program corral does not model) prints from " +
			clip(op, 40) + ", a file only known at run time: the script is only known at run time"})
	return true
}

// evalWords judges the command substitutions of eval's words after the
// first (eval x=1 ";" "$(pr -t F)", eval x=1\; $(gen)): eval joins its
// words into one script, so each one's output is part of it, as in
// embeddedSubsts. The first word is substScript's.
func (w *walker) evalWords(c scope, call *Call) {
	if call.Name != "eval" || len(call.Args) < 2 {
		return
	}
	for i := 1; i < len(call.Args); i++ {
		if a := &call.Args[i]; !a.Static && a.Word != nil {
			w.embeddedSubsts(c, call, a, "eval")
		}
	}
}

// embeddedSubsts judges each command substitution inside a script word
// that holds more than the substitution (eval "x=1; $(pr -t F)") as
// substScript judges a word that is one: its output is part of the
// script. It reports whether one asks.
func (w *walker) embeddedSubsts(c scope, call *Call, a *Arg, kind string) bool {
	var substs []*sh.CmdSubst
	for _, part := range a.Word.Parts {
		switch part := part.(type) {
		case *sh.CmdSubst:
			substs = append(substs, part)
		case *sh.DblQuoted:
			for _, in := range part.Parts {
				if cs, ok := in.(*sh.CmdSubst); ok {
					substs = append(substs, cs)
				}
			}
		}
	}
	asked := false
	for _, cs := range substs {
		if len(cs.Stmts) != 1 {
			continue
		}
		start, end := int(cs.Stmts[0].Pos().Offset()), int(cs.Stmts[0].End().Offset())
		var last *Call
		for _, in := range w.m.Calls {
			if in.Script == c.sc && in.Subst != "" && in.Start >= start && in.End <= end && in != call {
				if last == nil || in.End >= last.End {
					last = in
				}
			}
		}
		if last == nil || downloaders.Get()[last.Name] {
			continue // a download run as a script is the pipe-shell rule's
		}
		p, i := last.Pipe, last.PipeIndex
		if p == nil {
			p, i = &Pipeline{Calls: []*Call{last}}, 0
		}
		if _, dynamic, known := w.producedText(c, p, i); known && !dynamic {
			continue
		}
		raw := "$(" + clip(last.Text(), 60) + ")"
		switch {
		case generatesCode(last) && last.Name != "echo" && last.Name != "printf":
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: a.Raw, Always: true,
				What: call.Name + " runs, as part of its script, the output of " + raw + ", which " + readerName(last) + " builds at run time"})
			asked = true
		case w.substInput(c, call, last, kind):
			asked = true
		case w.runtimeInputScript(call, p, i, raw):
			asked = true
		}
	}
	return asked
}
