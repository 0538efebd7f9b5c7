package syntax

import "github.com/corral-dev/corral/syntax/lang"

// vimScriptinCommands returns the ex commands that keys typed into Vim
// from a -s scriptin file (or stdin) enter, read as Normal-mode keys
// (lang.ExTypedKeys: a ":" anywhere on a line, "!{motion}", Q, ZZ,
// macros; red team 14 RG4). Keys that run a register only run time
// fills add a feedkeys() of a run-time value, which asks.
func vimScriptinCommands(keys string) string {
	text, known := lang.ExTypedKeys(keys)
	if !known {
		text += "\ncall feedkeys(keys_only_known_at_run_time)"
	}
	return text
}

// vimArgBuffers judges a :source of the current buffer's file (or, under
// :bufdo and the like, of each buffer's) where that is a file Vim was
// given (lang.ExArgBuffer, lang.ExEveryArg; red team 17 VM1b): vim -es
// -c 'so %' F sources F. The name is filled into the effect's path
// template (%:r.vim) and the file read as any sourced one; a name only
// known at run time asks, and so does the text of standard input (vim -).
func (w *walker) vimArgBuffers(c scope, call *Call, e lang.Effect, what, label string, dynamic bool) {
	args := w.vimArgs
	if e.Text == lang.ExArgBuffer && len(args) > 1 {
		args = args[:1]
	}
	for _, a := range args {
		if !a.Static || a.Value == "-" {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
				What: what + ": the code of the buffer of " + clip(a.Raw, 40) + ", only known at run time"})
			continue
		}
		if p := lang.ExpandBufferName(e.Path, a.Value); p != "" {
			w.include(c, call, lang.Ex, p, what, label, dynamic, false)
		}
	}
}
