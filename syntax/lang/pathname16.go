package lang

import "strings"

// Ruby's Pathname methods that delete or write the path they hold (red
// team 16 PY1): Pathname(P).rmtree and Pathname.new(P).rmtree delete
// the tree, #delete and #unlink the file, #rmdir the empty directory,
// #write and #binwrite write it (File.write's arguments; mode: "a"
// appends). The path is the constructor's literal; another receiver is
// one only known at run time.

// rubyPathnameWrites returns what the Pathname method name (as the
// parser names it: "Pathname.rmtree") does, or "".
func rubyPathnameWrites(name string) string {
	recv, method, ok := cutLast(name)
	if !ok || recv != "Pathname" && recv != "Pathname.new" {
		return ""
	}
	switch method {
	case "rmtree":
		return "rmtree"
	case "delete", "unlink":
		return "delete"
	case "rmdir":
		return "rmdir"
	case "write", "binwrite":
		return "write"
	}
	return ""
}

// rubyPathnameEffects are the effects of the Pathname call c.
func rubyPathnameEffects(c call) []Effect {
	what := rubyPathnameWrites(c.name)
	name := "Pathname." + lastSegment(c.name)
	if !c.recvLit {
		if c.recvText == "" && c.recvName == "" {
			return nil // a name the analysis does not follow
		}
		text := c.recvText
		if text == "" {
			text = c.recvName
		}
		return []Effect{{Kind: Hidden, Call: name, Text: text, Offset: c.off}}
	}
	e := Effect{Call: name, Path: c.recv, Tilde: c.recvTilde, Offset: c.off}
	switch what {
	case "rmtree":
		e.Kind, e.Recursive = Delete, true
	case "delete":
		e.Kind = Delete
	case "rmdir":
		e.Kind, e.Dir = Delete, true
	default:
		e.Kind = Write
		if m, ok := rubyModeKeyword(c.args); ok {
			e.Append = strings.Contains(m, "a")
		}
	}
	return []Effect{e}
}
