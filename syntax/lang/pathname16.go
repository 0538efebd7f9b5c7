package lang

import (
	"slices"
	"strings"
)

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

// rubyHeldPathname reads a Pathname method called on a name that holds
// the path object (red team of 2026-12-05: p = Pathname.new(Dir.home);
// p.rmtree was allowed). name is the dotted callee whose first word is
// the name at token first. A name bound once to a Pathname the text
// shows (a constant, or one flow.go follows to this statement) makes the
// call the method on that path, after any expand_path, realpath or
// cleanpath between; a name assigned a Pathname whose value only run
// time knows keeps its assigned texts, which rubyPathnameEffects judges
// by their pieces (a read) or asks about (a deletion or a write).
func (p *parser) rubyHeldPathname(c *call, name string, first int) {
	_, rest, ok := strings.Cut(name, ".")
	if !ok {
		return
	}
	if k, ok := p.constRecv(first); ok {
		if !k.path {
			return // a string: "x".delete("x") is String#delete
		}
		recv, tilde := k.str, k.tilde
		for {
			head, tail, ok := strings.Cut(rest, ".")
			if !ok {
				break
			}
			m := rubyPathMethod(head)
			if m == "" || m == "joinpath" {
				return // p.join(x).read: a path the text does not show here
			}
			if head == "expand_path" {
				tilde = recv == "~" || strings.HasPrefix(recv, "~/")
			}
			rest = tail
		}
		if rubyPathnameWrites("Pathname."+rest) == "" {
			return
		}
		c.method, c.recv, c.recvLit, c.recvTilde = true, recv, true, tilde
		c.name = "Pathname." + rest
		return
	}
	if strings.Contains(rest, ".") || rubyPathnameWrites("Pathname."+rest) == "" {
		return
	}
	recv := p.toks[first].text
	for _, v := range p.assigned[recv] {
		if strings.HasPrefix(v, "Pathname") || p.rubyPathnameDerived(v) {
			c.method, c.name = true, "Pathname."+rest
			c.recvName, c.recvAssigned = recv, p.assignedFurther(slices.Clone(p.assigned[recv]), map[string]bool{recv: true})
			return
		}
	}
}

// rubyPathnameDerived reports that the assigned text v is a Pathname
// built from a name that holds one: q.join("x"), q.expand_path, q +
// "x", q / "x", where q = Pathname(…) (x = q.join("x"); x.write(…)).
func (p *parser) rubyPathnameDerived(v string) bool {
	q, rest, ok := strings.Cut(v, ".")
	if !ok || !isIdentName(q) {
		q, rest, ok = strings.Cut(v, " ")
		if !ok || !isIdentName(q) || !strings.HasPrefix(rest, "+ ") && !strings.HasPrefix(rest, "/ ") {
			return false
		}
	} else {
		m := rest
		if i := strings.IndexAny(m, "( ."); i >= 0 {
			m = m[:i]
		}
		if rubyPathMethod(m) == "" {
			return false
		}
	}
	for _, w := range p.assigned[q] {
		if strings.HasPrefix(w, "Pathname") {
			return true
		}
	}
	return false
}

// heldPathChain reports that the name at token k holds a constant path
// object (p = Path.home(), p = Pathname.new(Dir.home)) and starts a
// chain of path methods: p.joinpath(".bashrc"), p.expanduser(),
// Ruby's p.join(".ssh"). The chain's value is the constant's path
// extended by each method (red team of 2026-12-06: p.joinpath(".bashrc")
// .write_text(…) was allowed, as p / ".bashrc" was not).
func (p *parser) heldPathChain(k, b int) bool {
	if p.l != Python && p.l != Ruby || k+3 >= b || p.tok(k).kind != tIdent ||
		!isP(p.tok(k+1), ".") || !isP(p.tok(k+3), "(") || isP(p.tok(k-1), ".") {
		return false
	}
	m := p.tok(k + 2).text
	if p.l == Python && !pathMethods.Get()[m] || p.l == Ruby && rubyPathMethod(m) == "" {
		return false
	}
	c, ok := p.constRecv(k)
	return ok && c.path
}

// pathChainUnknown reports that the chain of path methods starting at
// token start, whose last method is method, is a path object's though
// its value is not known: pathlib's own joinpath, expanduser and with_*
// on anything, and any path method on a name assigned a Path or a
// Pathname (p = Path(input()); p.resolve()). resolve, absolute and
// Ruby's join on another value (a list's join, a resolver's resolve)
// are another class's.
func (p *parser) pathChainUnknown(start int, method string) bool {
	if p.l == Python && method != "resolve" && method != "absolute" {
		return true
	}
	t := p.tok(start)
	if t.kind != tIdent || !isP(p.tok(start+1), ".") {
		return false
	}
	for _, v := range p.assigned[t.text] {
		if p.l == Ruby && strings.HasPrefix(v, "Pathname") ||
			p.l == Python && (strings.HasPrefix(v, "Path") || strings.HasPrefix(v, "pathlib.")) {
			return true
		}
	}
	return false
}
