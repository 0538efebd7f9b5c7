package syntax

import sh "mvdan.cc/sh/v3/syntax"

// env -S STRING splits STRING into a command line, name and arguments
// (no shell: quotes and backslashes only). When STRING is one command
// substitution, "$(cat F)", the command is whatever it prints at run
// time, as for "$(…)" run as a command (dynamic-command): the call asks
// (red team 16 FF1: env -S "$(cat fifo)" passed, as did any file's text).

// splitString is env -S's string as a word of its own: a without the
// option it is attached to (-S"$(…)", --split-string="$(…)"), when the
// option is a plain prefix of the word; else a.
func splitString(a *Arg, prefix string) Arg {
	if prefix == "" || a.Word == nil || len(a.Word.Parts) < 2 {
		return *a
	}
	if lit, ok := a.Word.Parts[0].(*sh.Lit); !ok || lit.Value != prefix {
		return *a
	}
	wd := *a.Word
	wd.Parts = wd.Parts[1:]
	b := *a
	b.Word = &wd
	return b
}
