package lang

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// constant is a name the program binds once, at top level, to a string
// literal: p = "/root/.bashrc", const f = "…", $f = '…', f = "…".
type constant struct {
	str   string
	tilde bool
	// path reports a pathlib path (p = Path.home() / ".ssh"): its
	// methods (p.read_text(), p.unlink()) act on str.
	path bool
}

// assignOps are the operators that, followed by "=", assign to the name
// before them (p += "x", $f .= "y", x ||= z). A comparison such as p <= 3
// reads the same way: the name is then taken as assigned, the cautious
// reading.
var assignOps = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"+": true, "-": true, "*": true, "/": true, ".": true, "|": true, "&": true, "%": true, "^": true,
		"<": true, ">": true, "?": true, ":": true, "~": true, "!": true, "**": true, "<<": true, "||": true, "&&": true}
}}

// constants finds the names the text binds exactly once, with a plain
// assignment at top level (no enclosing bracket; in Python and Ruby, an
// unindented line) whose whole value is a string literal or a path built
// of literals (os.path.join("/home", "u")). A name bound anywhere else as
// well — assigned again, in a branch or a function, with an operator
// (+=), as a loop variable, a with/except target or a parameter — is not
// one: its value at a use is only known at run time.
func (p *parser) constants() map[string]constant {
	switch p.l {
	case Python, JS, Ruby, Perl, PHP, Go, Rust:
	default:
		return nil
	}
	toks := p.toks
	binds := map[string]int{}
	// top2 weighs the bindings that are statements of their own at top
	// level as binds does: a name bound only by those is followed from
	// statement to statement (flow.go).
	top2 := map[string]int{}
	top := map[string]constant{}
	depth := 0
	params := -1 // the depth of a parameter list being read, or -1
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind == tPunct {
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				if depth > 0 {
					depth--
				}
				if depth < params {
					params = -1
				}
			case "|":
				// Ruby block parameters: { |f| … }, do |f| … end.
				if p.l == Ruby && (isP(p.tok(i-1), "{") || isI(p.tok(i-1), "do")) {
					for j := i + 1; j < len(toks) && j < i+64 && !isP(toks[j], "|"); j++ {
						if toks[j].kind == tIdent {
							binds[toks[j].text] += 2
						}
					}
				}
			case "=>":
				// A JavaScript arrow's parameters: f => …, (a, f) => ….
				if p.l == JS {
					if prev := p.tok(i - 1); prev.kind == tIdent {
						binds[prev.text] += 2
					} else if isP(prev, ")") {
						for j := p.matchBack(i - 1); j >= 0 && j < i; j++ {
							if toks[j].kind == tIdent {
								binds[toks[j].text] += 2
							}
						}
					}
				}
			}
			continue
		}
		if t.kind != tIdent {
			continue
		}
		switch t.text {
		case "def", "function", "lambda", "sub", "fn":
			// The names up to the body are parameters.
			params = depth + 1
			if t.text == "lambda" {
				for j := i + 1; j < len(toks) && j < i+64 && !isP(toks[j], ":"); j++ {
					if toks[j].kind == tIdent {
						binds[toks[j].text] += 2
					}
				}
			}
			continue
		case "for", "foreach", "as", "global", "nonlocal", "local", "our":
			// for f in …, with … as f, except E as f, foreach ($a as $f),
			// JavaScript's for (const f of …): the next names are bound
			// at run time.
			for j := i + 1; j < len(toks) && j < i+16 && toks[j].kind != tNewline; j++ {
				if isI(toks[j], "in") || isP(toks[j], ":") || isP(toks[j], ")") || isP(toks[j], "=") || p.l == JS && isI(toks[j], "of") {
					break
				}
				if toks[j].kind == tIdent {
					binds[toks[j].text] += 2
				}
			}
			continue
		}
		if params >= 0 && depth >= params {
			binds[t.text] += 2
			continue
		}
		next := p.tok(i + 1)
		if next.kind != tPunct {
			continue
		}
		if assignOps.Get()[next.text] && isP(p.tok(i+2), "=") {
			binds[t.text] += 2
			if depth == 0 && p.constStart(i) && !((p.l == Python || p.l == Ruby) && p.indented(t.off)) {
				top2[t.text] += 2 // p += "/.bashrc" as a statement of its own: flow.go
			}
			continue
		}
		if next.text != "=" {
			continue
		}
		binds[t.text]++
		if depth > 0 || !p.constStart(i) || (p.l == Python || p.l == Ruby) && p.indented(t.off) {
			binds[t.text]++
			continue
		}
		top2[t.text]++
		j := i + 2
		for j < len(toks) && !p.statementEnd(j) {
			if isP(toks[j], "(") || isP(toks[j], "[") || isP(toks[j], "{") {
				if e := p.closeOf(toks, j); e > j {
					j = e
				}
			}
			j++
		}
		if j == i+2 {
			continue
		}
		if p.l == Perl && (t.text[0] == '@' || t.text[0] == '%') {
			// An array or hash, not a string: my @a = ("rm") is a list
			// of one word that push @a, … grows (heldlist.go).
			continue
		}
		if a := p.arg(i+2, j); a.lit && a.key == "" {
			top[t.text] = constant{str: a.str, tilde: a.tilde, path: a.pathObj}
		} else if p.l == Ruby && j == i+4 && isP(toks[i+2], ":") && toks[i+3].kind == tIdent && toks[i+3].off == toks[i+2].off+1 {
			// m = :system, a symbol: the name it holds.
			top[t.text] = constant{str: toks[i+3].text}
		}
	}
	p.targetBinds(binds, 0, len(toks))
	if p.rebindsByName() || p.mutateBinds(binds) {
		return nil
	}
	out := map[string]constant{}
	for name, c := range top {
		if binds[name] == 1 {
			out[name] = c
		}
	}
	p.flowNames = map[string]bool{}
	for name, n := range top2 {
		if _, ok := out[name]; !ok && n == binds[name] && !(p.l == Perl && (name[0] == '@' || name[0] == '%')) {
			p.flowNames[name] = true
		}
	}
	return out
}

// constStart reports whether the name at i starts a statement, after
// JavaScript's const/let/var or Perl's my.
func (p *parser) constStart(i int) bool {
	prev := p.tok(i - 1)
	if prev.kind == tIdent && (prev.text == "const" || prev.text == "let" || prev.text == "var" || prev.text == "my") {
		i--
		prev = p.tok(i - 1)
	}
	return i == 0 || prev.kind == tNewline || isP(prev, ";")
}

// indented reports whether the line holding offset off starts with
// white space (a Python or Ruby block's body).
func (p *parser) indented(off int) bool {
	start := strings.LastIndexByte(p.src[:off], '\n') + 1
	return start < len(p.src) && (p.src[start] == ' ' || p.src[start] == '\t')
}

// constAt returns the constant the name at token k stands for when it is
// used as a value: a bare name, not a call, a member or an index.
func (p *parser) constAt(k int) (constant, bool) {
	t := p.tok(k)
	if t.kind != tIdent {
		return constant{}, false
	}
	c, ok := p.scopedAt(t.text, k)
	if !ok {
		c, ok = p.consts[t.text]
	}
	if !ok {
		return constant{}, false
	}
	if next := p.tok(k + 1); next.kind == tPunct && (next.text == "(" || next.text == "." && p.l != Perl && p.l != PHP || next.text == "[" || next.text == "::" || next.text == "->" || next.text == "=") {
		return constant{}, false
	}
	return c, true
}

// isConst reports whether the name at token k is used as a constant's
// value (see constAt).
func (p *parser) isConst(k int) bool {
	_, ok := p.constAt(k)
	return ok
}

// constRecv returns the constant the name at token k stands for as a
// method's receiver (k followed by "."): a scoped one whose range holds k,
// else a top-level one.
func (p *parser) constRecv(k int) (constant, bool) {
	t := p.tok(k)
	if t.kind != tIdent {
		return constant{}, false
	}
	if c, ok := p.scopedAt(t.text, k); ok {
		return c, true
	}
	c, ok := p.consts[t.text]
	return c, ok
}

// targetBinds counts, in binds, the names an assignment binds other than
// as the one name before its "=": the names of a target list or pattern
// (h, g = …; [h] = …; (h) = …; const {a: h} = …; my ($h) = …; h, err :=
// …), an annotated target (h: str = …) and the names an import binds
// (from m import h; import h from "m"). Each makes the name's value at a
// later use one only run time knows, as a second plain assignment does.
// An "=" inside brackets of its statement (a keyword argument, a
// default) binds nothing of the statement's; a name after a dot is a
// member.
func (p *parser) targetBinds(binds map[string]int, from, to int) {
	toks := p.toks
	// frames are the statements being read, innermost last: a block's
	// braces and a statement in parentheses (JavaScript's ({h} = o))
	// start statements of their own; the outer one goes on after them.
	type frame struct{ start, depth int }
	frames := []frame{{from, 0}}
	depth := 0
	for i := from; i < to && i < len(toks); i++ {
		t := toks[i]
		f := &frames[len(frames)-1]
		switch {
		case (t.kind == tNewline || isP(t, ";")) && depth <= f.depth:
			f.start = i + 1
		case isP(t, "(") || isP(t, "[") || isP(t, "{"):
			depth++
			if isP(t, "{") || isP(t, "(") && i == f.start {
				frames = append(frames, frame{i + 1, depth})
			}
		case isP(t, ")") || isP(t, "]") || isP(t, "}"):
			if depth > 0 {
				depth--
			}
			for len(frames) > 1 && depth < frames[len(frames)-1].depth {
				frames = frames[:len(frames)-1]
			}
		case t.kind == tIdent && (t.text == "import" || t.text == "from" && (p.l == Python || p.l == JS)):
			for j := i + 1; j < to && j < len(toks) && j < i+64 && toks[j].kind != tNewline && !isP(toks[j], ";"); j++ {
				if toks[j].kind == tIdent && !isP(p.tok(j-1), ".") {
					binds[toks[j].text] += 2
				}
			}
		case depth == f.depth && (isP(t, "=") || isP(t, ":=")) && p.l != Go:
			// (Go's callers count each name of a, b := … themselves.)
			for j := f.start; j < i; j++ {
				n := toks[j]
				if n.kind != tIdent || j == i-1 {
					continue // the name right before "=": counted by the caller
				}
				if p.l == Rust && isI(p.tok(j-1), "let") {
					continue // let name: T = …, read by goScoped
				}
				if prev := p.tok(j - 1); isP(prev, ".") || isP(prev, "->") || isP(prev, "::") {
					continue
				}
				if isP(p.tok(j-1), "[") && isP(p.tok(j+1), "]") && isP(p.tok(j+2), ":") {
					continue // a computed key, read: const {[k]: z} = o
				}
				if next := p.tok(j + 1); assignOps.Get()[next.text] && j+2 == i {
					continue // h += …: counted by the caller
				}
				binds[n.text] += 2
			}
			f.start = i + 1 // a = b = c: b is bound too, from here on
		}
	}
}

// rebindsByName reports code that can bind any name from a string:
// Python's globals(), locals(), vars(), setattr, exec and __dict__;
// JavaScript's globalThis, global, eval, with, Function and node's vm
// (runInThisContext runs code in the program's own global scope, where
// its top-level var and let names are). A constant's
// value at a later use is then only known at run time.
func (p *parser) rebindsByName() bool {
	switch p.l {
	case Python:
		return p.hasIdent("globals", "locals", "vars", "setattr", "exec", "__dict__", "__builtins__")
	case JS:
		if p.hasIdent("globalThis", "global", "eval", "with", "Function", "window", "self",
			"runInThisContext", "runInContext", "createContext", "Script") {
			return true
		}
		for k, t := range p.toks {
			if t.kind == tString && (t.text == "vm" || t.text == "node:vm") {
				return true // require("vm"), import … from "node:vm": its methods, however named
			}
			// require("v" + "m"), import(name): a module only run time
			// names may be vm.
			if (isI(t, "require") || isI(t, "import")) && isP(p.tok(k+1), "(") {
				a := p.arg(k+2, p.closeOf(p.toks, k+1))
				if !a.lit || a.str == "vm" || a.str == "node:vm" {
					return true
				}
			}
		}
	case PHP:
		// extract(), $GLOBALS["h"], parse_str, variable variables ($$n,
		// ${"h"}) and eval.
		for _, w := range []string{"extract", "$GLOBALS", "parse_str", "mb_parse_str", "eval", "$$", "${"} {
			if strings.Contains(p.src, w) {
				return true
			}
		}
	case Ruby:
		// eval and binding.local_variable_set assign a local by name.
		return p.hasIdent("eval", "binding", "local_variable_set", "instance_eval", "class_eval")
	case Perl:
		// A string eval sees, and can assign, the lexical variables.
		return p.hasIdent("eval")
	case Lua:
		// The global table by name, a function's environment, the debug
		// library (debug.setlocal, debug.setupvalue) and code compiled
		// or run from a string or a file.
		return p.hasIdent("_G", "_ENV", "setfenv", "getfenv", "rawset", "debug", "load", "loadstring", "loadfile", "dofile")
	}
	return false
}

// hasIdent reports whether the text holds one of names as a name.
func (p *parser) hasIdent(names ...string) bool {
	for _, t := range p.toks {
		if t.kind == tIdent && slices.Contains(names, t.text) {
			return true
		}
	}
	return false
}
