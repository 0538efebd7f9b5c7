package syntax

import (
	sh "mvdan.cc/sh/v3/syntax"
)

// renamedName reports a variable set to what a text program prints of a
// name the command was handed (new=$(echo "$f" | tr ' ' _), d=$(dirname
// "$fn"), b=$(basename "$1" .txt)): the first program is echo, printf,
// basename or dirname, and its words expand a variable the command did
// not give a value it chose — a loop's or read's name (find … | while
// read fn), or a positional parameter (sh -c '…' {}). Such a value is a
// file the command is renaming, not a path a program computed to hide
// it: the write rules treat it as they do the name itself (printedBy
// "name"; rm -r of it still asks as any printed path does).
func renamedName(st *state, w *sh.Word) bool {
	switch substFirst(w) {
	case "echo", "printf", "basename", "dirname":
	default:
		return false
	}
	part := w.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok && len(dq.Parts) == 1 {
		part = dq.Parts[0]
	}
	cs, ok := part.(*sh.CmdSubst)
	if !ok || len(cs.Stmts) == 0 {
		return false
	}
	first := cs.Stmts[0]
	for {
		bc, ok := first.Cmd.(*sh.BinaryCmd)
		if !ok {
			break
		}
		first = bc.X
	}
	ce, ok := first.Cmd.(*sh.CallExpr)
	if !ok || len(first.Redirs) > 0 {
		return false
	}
	handed := false
	for _, a := range ce.Args[1:] {
		walkTree(a, func(n sh.Node) bool {
			switch n := n.(type) {
			case *sh.CmdSubst, *sh.ProcSubst:
				return false
			case *sh.ParamExp:
				if n.Param == nil {
					return true
				}
				name := n.Param.Value
				if len(name) > 0 && name[0] >= '0' && name[0] <= '9' {
					handed = true
					return true
				}
				if !isName(name) {
					return true
				}
				v := st.get(name)
				switch {
				case v.known, v.exported, len(v.from) > 0:
					// A value the command chose, the environment's, or
					// one holding a file's content (for f in $(cat p)).
				case !v.printed:
					handed = true // a loop's name, an unknown value
				case v.printedBy == "read" || v.printedBy == "mapfile" || v.printedBy == "readarray",
					v.printedBy == "find" || v.printedBy == "ls" || v.printedBy == "glob":
					// Names a loop reads or a listing of the tree gives.
					handed = true
				}
			}
			return true
		})
	}
	return handed
}
