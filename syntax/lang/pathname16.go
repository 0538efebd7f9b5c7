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
	case "read", "binread", "readlines", "each_line":
		return "read"
	}
	return ""
}

// rubyPathMethods are the Pathname methods whose value is a path the
// text shows, as the pathlib method of the same meaning (pathMethods):
// join is joinpath, expand_path expands ~ as expanduser does, and
// realpath and cleanpath name the same file.
func rubyPathMethod(name string) string {
	switch name {
	case "join":
		return "joinpath"
	case "expand_path":
		return "expanduser"
	case "realpath", "realdirpath", "cleanpath":
		return "resolve"
	}
	return ""
}

// rubyPathClass reports Pathname's constructors: Pathname("/x") and
// Pathname.new("/x") are path objects that +, / and join extend.
func rubyPathClass(name string) bool {
	return name == "Pathname" || name == "Pathname.new"
}

// rubyPathnameEffects are the effects of the Pathname call c.
func rubyPathnameEffects(c call) []Effect {
	what := rubyPathnameWrites(c.name)
	name := "Pathname." + lastSegment(c.name)
	if what == "read" && !c.recvLit {
		// A file only known at run time: judged by its pieces, as
		// File.read's is.
		text := c.recvText
		if text == "" {
			text = c.recvName
		}
		if e, ok := runTimePath(c, Read, &arg{text: text, assigned: c.recvAssigned}, false); ok {
			e.Call = name
			return []Effect{e}
		}
		return nil
	}
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
	case "read":
		e.Kind = Read
	default:
		e.Kind = Write
		if m, ok := rubyModeKeyword(c.args); ok {
			e.Append = strings.Contains(m, "a")
		}
	}
	return []Effect{e}
}
