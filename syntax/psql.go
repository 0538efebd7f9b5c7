package syntax

import "github.com/corral-dev/corral/syntax/lang"

// psqlProgram reads what psql runs as lang.Psql beyond its \! lines
// (read by escapes): the -c/--command texts, the -f/--file scripts (on
// disk, or stdin for -f -) and the input on stdin (a here-document, a
// here-string, < FILE), where COPY … FROM/TO PROGRAM 'cmd' has the
// server run cmd by the shell, \copy … program 'cmd' has psql run it,
// and \o |cmd, \g |cmd and `cmd` in a meta-command's arguments run cmd.
func (w *walker) psqlProgram(c scope, call *Call) {
	opts, _ := ScanOptions(call.Args, psqlSpec)
	var pieces []codePiece
	for _, o := range opts {
		if !o.HasVal {
			continue
		}
		switch o.Name {
		case "c", "command":
			v := o.Val
			pieces = append(pieces, codePiece{text: v.Value, arg: &v})
		case "f", "file":
			if o.Val.Value == "-" && o.Val.Static {
				continue // stdin: read below
			}
			v := o.Val
			pieces = append(pieces, codePiece{file: &v})
		}
	}
	w.runPieces(c, call, lang.Psql, "psql", pieces)
	for _, in := range w.commandInput(c, call) {
		w.program(c, call, lang.Psql, in.text, "psql ("+in.kind+")", in.dynamic, "")
	}
}
