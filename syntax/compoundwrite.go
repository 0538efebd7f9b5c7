package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// compoundWrites records the text a compound command ({ …; }, ( … ), if,
// for, while, case) writes to a file its own output redirection opens
// ({ cat p.sh; } > m.sh, (cat p.sh; echo) > m.sh, for …; done > m.sh),
// as noteWrite does for a simple command's (red team 17 CS1): the
// commands inside whose standard output is that file write, in order,
// what corral knows they print — cat of static files, echo and printf of
// static words, nothing for the builtins that print nothing. A script or
// a makefile written so and run later in the command (sh m.sh, make -f
// M) is read from there. When one of them prints what only run time
// knows ({ date; cat p.sh; } > m.sh, a while loop, which runs its body
// any number of times), the file's text is unknown (opaque): a later run
// of it asks. from is the index of the first call the compound made.
func (w *walker) compoundWrites(c scope, s *sh.Stmt, reds []Redirect, from int) {
	if from > len(w.m.Calls) {
		return
	}
	_, loop := s.Cmd.(*sh.WhileClause)
	for _, rd := range reds {
		if !rd.Writes() || rd.Fd != "" && rd.Fd != "1" || rd.Op == "<>" || rd.Node == nil {
			continue
		}
		d := rd.Dir.Join(rd.Target.Value)
		if !rd.Target.Static || !d.Known {
			continue
		}
		var b strings.Builder
		known := true
		for _, call := range w.m.Calls[from:] {
			out := call.Fd(1)
			if out.Kind != StreamFile || out.Redirect.Node != rd.Node {
				continue
			}
			if silentCall(call) {
				continue
			}
			t, ok := w.printedToFile(c, call)
			if !ok || loop {
				known = false
				break
			}
			b.WriteString(t)
		}
		if !known {
			w.setOpaque(d.Path)
			continue
		}
		text := b.String()
		if rd.Op == ">>" || rd.Op == "&>>" {
			all, ok := w.addedText(d.Path, text, false)
			if !ok {
				w.setOpaque(d.Path)
				continue
			}
			w.setWrittenPart(d.Path, all)
			continue
		}
		w.setWritten(d.Path, text)
	}
}

// printedToFile returns what call prints to its standard output when
// corral knows it: cat of static files (or of a here-document or
// here-string on its standard input), echo (with its newline) and printf
// of static words.
func (w *walker) printedToFile(c scope, call *Call) (string, bool) {
	switch call.Name {
	case "cat":
		if len(call.Args) == 0 {
			if ins := w.stdinTexts(c, call); len(ins) == 1 && !ins[0].dynamic {
				return ins[0].text, true
			}
			return "", false
		}
		return w.catFilesText(call)
	case "echo", "printf":
		text, dynamic, ok := echoText(call)
		if !ok || dynamic {
			return "", false
		}
		if call.Name == "echo" && !echoNoNewline(call) {
			text += "\n"
		}
		return text, true
	}
	return "", false
}
