package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Dynamic dispatch: the routes by which a program reaches a function
// without a lookup by a name string — a method called through an object
// that names it (Python operator.methodcaller("system", c)(os),
// operator.attrgetter("system")(os)), the module a builtin function or
// a bound method belongs to (print.__self__ is the builtins module,
// os.system.__self__ the os module), a function's own globals
// (f.__globals__["__builtins__"]), the call forms of a JavaScript
// function (f.call(this, …), f.apply(this, […]), f.bind(this, …)(…),
// Reflect.apply(f, this, […]), Reflect.get(m, "name")) and a PHP
// callee computed in parentheses (("sys"."tem")(…)). Each is rewritten
// into the direct call when what it names is a literal, so the call
// readers judge it as that call; one whose name or arguments only run
// time knows, on a function or module that runs or deletes, is Hidden.

// pyOperatorFn reports which of operator's methodcaller and attrgetter
// the name t is (operator.methodcaller, or methodcaller imported from
// operator under any name), and how many tokens of out its receiver and
// its "." take.
func (p *parser) pyOperatorFn(t token, out []token) (string, int) {
	if t.kind != tIdent {
		return "", 0
	}
	if member(out) {
		if t.text != "methodcaller" && t.text != "attrgetter" && t.text != "call" {
			return "", 0
		}
		recv, n := dottedEnd(out[:len(out)-1])
		if recv != "" && p.al.resolve(recv) == "operator" {
			return t.text, n + 1
		}
		return "", 0
	}
	switch full := p.al.resolve(t.text); full {
	case "operator.methodcaller", "operator.attrgetter", "operator.call":
		return strings.TrimPrefix(full, "operator."), 0
	}
	return "", 0
}

// pyPartialDrop reports whether the name t is functools.partial
// (functools.partial, or partial imported from functools under any
// name): the number of tokens of out its receiver and "." take, or -1.
func (p *parser) pyPartialDrop(t token, out []token) int {
	if t.kind != tIdent {
		return -1
	}
	if member(out) {
		if t.text != "partial" {
			return -1
		}
		recv, n := dottedEnd(out[:len(out)-1])
		if recv != "" && p.al.resolve(recv) == "functools" {
			return n + 1
		}
		return -1
	}
	if p.al.resolve(t.text) == "functools.partial" {
		return 0
	}
	return -1
}

// pyOperatorName is the operator function pyOperatorFn finds, or "".
func (p *parser) pyOperatorName(t token, out []token) string {
	fn, _ := p.pyOperatorFn(t, out)
	return fn
}

// pyDangerousName reports a method name that is a function of a module
// that runs or deletes (system, popen, rmtree, remove, …): the name a
// methodcaller kept for later can call on such a module.
func (p *parser) pyDangerousName(name string) bool {
	if name == "eval" || name == "exec" || name == "__import__" {
		return true
	}
	for mod := range pyModules.Get() {
		if p.dangerousFn(mod + "." + name) {
			return true
		}
	}
	return false
}

// pyDispatch reads the Python routes above at token i of in.
func (p *parser) pyDispatch(in []token, i int, out []token) ([]token, int, int, bool) {
	t := in[i]
	at := func(k int) token { return p.tokenAt(in, k) }
	switch {
	case t.kind == tIdent && isP(at(i+1), "(") && p.pyPartialDrop(t, out) >= 0:
		// functools.partial(f, a, k=v)(b) is f(a, k=v, b): the call
		// readers find keywords wherever they stand.
		drop := p.pyPartialDrop(t, out)
		end, sp := p.bracketArgs(in, i+1)
		if end < 0 || len(sp) == 0 || !isP(at(end+1), "(") {
			return nil, 0, 0, false
		}
		repl := append([]token{}, in[sp[0][0]:sp[0][1]]...)
		repl = append(repl, in[i+1])
		if len(sp) > 1 {
			repl = append(repl, in[sp[1][0]:end]...)
			if c := p.closeOf(in, end+1); c > end+2 {
				repl = append(repl, token{kind: tPunct, text: ",", off: in[end].off})
			}
		}
		return repl, end + 2, drop, true
	case t.kind == tIdent && isP(at(i+1), "(") && p.pyOperatorName(t, out) != "":
		fn, drop := p.pyOperatorFn(t, out)
		end, sp := p.bracketArgs(in, i+1)
		if len(sp) == 0 {
			return nil, 0, 0, false
		}
		if fn == "call" {
			// operator.call(f, a) is f(a).
			repl := append([]token{}, in[sp[0][0]:sp[0][1]]...)
			repl = append(repl, in[i+1])
			if len(sp) > 1 {
				repl = append(repl, in[sp[1][0]:end]...)
			}
			return append(repl, in[end]), end + 1, drop, true
		}
		name := p.argOf(in, sp[0][0], sp[0][1])
		applied := isP(at(end+1), "(")
		end2 := -1
		if applied {
			end2 = p.closeOf(in, end+1)
		}
		if name.lit && nameLike(name.str) && (fn == "attrgetter" || !strings.Contains(name.str, ".")) &&
			(fn == "methodcaller" || len(sp) == 1) {
			if applied && end2 > end+2 {
				// methodcaller("system", c)(os) is os.system(c);
				// attrgetter("system")(os) is os.system.
				repl := append([]token{}, in[end+2:end2]...)
				repl = append(repl, token{kind: tPunct, text: ".", off: t.off})
				repl = append(repl, nameToks(name.str, t.off)...)
				if fn == "methodcaller" {
					repl = append(repl, in[i+1])
					if len(sp) > 1 {
						repl = append(repl, in[sp[1][0]:end]...)
					}
					repl = append(repl, in[end])
				}
				return repl, end2 + 1, drop, true
			}
			last := name.str[strings.LastIndexByte(name.str, '.')+1:]
			if p.pyDangerousName(last) {
				p.hidden("operator."+fn, "operator."+fn+"(\""+name.str+"\") applied to an object only run time gives", t.off)
			}
			return nil, 0, 0, false
		}
		if !name.lit {
			// A name only run time knows: asked unless it is applied
			// at once to an object that is no module corral knows.
			if applied && end2 > end+2 {
				if obj, after := dottedAt(in, end+2); obj == "" || after != end2 || !p.pyDangerousRoot(obj) {
					return nil, 0, 0, false
				}
			}
			p.hidden("operator."+fn, p.srcThrough(t.off, in[end]), t.off)
		}
	case isP(t, ".") && isI(at(i+1), "__self__") && len(out) > 0 && out[len(out)-1].kind == tIdent:
		// A builtin function's __self__ is the builtins module
		// (print.__self__), a module function's its module
		// (os.system.__self__), a bound method's its object.
		recv, n := dottedEnd(out)
		if recv == "" || member(out[:len(out)-n]) {
			return nil, 0, 0, false
		}
		full := p.al.resolve(recv)
		mod := "builtins"
		if k := strings.LastIndexByte(full, '.'); k >= 0 {
			mod = full[:k]
		}
		return nameToks(mod, t.off), i + 2, n, true
	case isP(t, ".") && isI(at(i+1), "__getattribute__") && isP(at(i+2), "(") && len(out) > 0:
		// os.__getattribute__("system") is os.system;
		// object.__getattribute__(os, "system") and
		// type(os).__getattribute__(os, "system") too.
		end, sp := p.bracketArgs(in, i+2)
		if len(sp) == 0 || len(sp) > 2 {
			return nil, 0, 0, false
		}
		name := p.argOf(in, sp[len(sp)-1][0], sp[len(sp)-1][1])
		if !name.lit || !nameLike(name.str) || strings.Contains(name.str, ".") {
			if !name.lit {
				if obj, _ := dottedEnd(out); len(sp) == 1 && p.pyDangerousRoot(obj) {
					p.hidden(obj+".__getattribute__", p.srcThrough(t.off, in[end]), t.off)
				}
			}
			return nil, 0, 0, false
		}
		if len(sp) == 1 {
			return []token{t, ident(name.str, t.off)}, end + 1, 0, true
		}
		n := primaryLen(out)
		if n == 0 {
			return nil, 0, 0, false
		}
		repl := append([]token{}, in[sp[0][0]:sp[0][1]]...)
		return append(repl, token{kind: tPunct, text: ".", off: t.off}, ident(name.str, t.off)), end + 1, n, true
	case isP(t, ".") && isI(at(i+1), "get") && isP(at(i+2), "(") && p.pyNamespaceEnd(out):
		// os.__dict__.get("system") and vars(os).get("system") are
		// os.__dict__["system"] and vars(os)["system"].
		end, sp := p.bracketArgs(in, i+2)
		if len(sp) == 0 {
			return nil, 0, 0, false
		}
		repl := []token{{kind: tPunct, text: "[", off: at(i + 2).off}}
		repl = append(repl, in[sp[0][0]:sp[0][1]]...)
		return append(repl, token{kind: tPunct, text: "]", off: in[end].off}), end + 1, 0, true
	case t.kind == tIdent && !member(out) && p.al.resolve(t.text) == "eval" && isP(at(i+1), "("):
		// eval("__import__") is __import__.
		if end, sp := p.bracketArgs(in, i+1); len(sp) == 1 {
			if a := p.argOf(in, sp[0][0], sp[0][1]); a.lit && nameLike(a.str) && !strings.ContainsAny(a.str, ":/\\$") {
				return nameToks(a.str, t.off), end + 1, 0, true
			}
		}
	case isP(t, ".") && isI(at(i+1), "__call__") && isP(at(i+2), "(") && len(out) > 0 && (out[len(out)-1].kind == tIdent || isP(out[len(out)-1], ")")):
		// os.system.__call__(c) is os.system(c).
		return nil, i + 2, 0, true
	case isP(t, ".") && isI(at(i+1), "__globals__") && isP(at(i+2), "[") && len(out) > 0:
		// f.__globals__["os"] is the global os of f's module: of a
		// function of the code, this one's (globals()["os"]); of a
		// module's function, that module (os.popen.__globals__["system"]
		// is os.system).
		recv, n := dottedEnd(out)
		if recv != "" && !member(out[:len(out)-n]) {
			full := p.al.resolve(recv)
			if k := strings.LastIndexByte(full, '.'); k >= 0 {
				end := p.closeOf(in, i+2)
				if a := p.argOf(in, i+3, max(end, i+3)); end > 0 && a.lit && nameLike(a.str) {
					return nameToks(full[:k]+"."+a.str, t.off), end + 1, n, true
				}
			} else {
				repl := []token{ident("globals", t.off), {kind: tPunct, text: "(", off: t.off}, {kind: tPunct, text: ")", off: t.off}}
				return repl, i + 2, n, true
			}
		}
		// The globals of a function corral cannot name (a class found
		// through __subclasses__()): a name that runs or deletes, or one
		// only run time knows, asks.
		end := p.closeOf(in, i+2)
		if end < 0 {
			return nil, 0, 0, false
		}
		if a := p.argOf(in, i+3, end); !a.lit || p.pyDangerousName(a.str) {
			p.hidden("__globals__", p.srcThrough(t.off, in[end]), t.off)
		}
	case t.kind == tIdent && !member(out) && isP(at(i+1), "[") && p.pyBuiltinsName(t.text):
		// __builtins__["__import__"] (a dict outside __main__).
		end := p.closeOf(in, i+1)
		if end < 0 {
			return nil, 0, 0, false
		}
		if a := p.argOf(in, i+2, end); a.lit && nameLike(a.str) {
			return []token{ident(a.str, t.off)}, end + 1, 0, true
		}
		p.hidden(t.text+"[…]", p.srcThrough(t.off, in[end]), t.off)
	}
	return nil, 0, 0, false
}

// pyNamespaceFn reports the functions that return a namespace as a dict:
// vars, globals, locals.
func pyNamespaceFn(name string) bool {
	return name == "vars" || name == "globals" || name == "locals"
}

// pyRouters are the functions and modules that reach another function by
// a name (getattr(os, "system"), operator.methodcaller("system"), the
// builtins module): a name bound to one (g = getattr) is it.
var pyRouters = lazy.Set{List: []string{"getattr", "__import__", "importlib.import_module", "operator.methodcaller",
	"operator.attrgetter", "operator.call", "builtins", "__builtins__", "vars", "globals", "locals"}}

// bindRouters adds the names the text assigns a router (g = getattr; f =
// operator.methodcaller) to the aliases, before the lookups are read.
func (p *parser) bindRouters() {
	toks := p.toks
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].kind != tIdent || !isP(toks[i+1], "=") || !p.statementStart(i) {
			continue
		}
		name, after := dottedAt(toks, i+2)
		if name == "" || !p.statementEnd(after) || name == toks[i].text {
			continue
		}
		if full := p.al.resolve(name); pyRouters.Has(full) {
			p.al[toks[i].text] = full
		}
	}
}

// primaryLen is how many tokens at the end of out make one primary
// expression: a dotted name, each call or subscript after it (type(os),
// f(x)[0]), or a parenthesised expression.
func primaryLen(out []token) int {
	k := len(out)
	for k > 0 && (isP(out[k-1], ")") || isP(out[k-1], "]")) {
		depth := 0
		j := k - 1
		for ; j >= 0; j-- {
			switch {
			case isP(out[j], ")") || isP(out[j], "]") || isP(out[j], "}"):
				depth++
			case isP(out[j], "(") || isP(out[j], "[") || isP(out[j], "{"):
				depth--
			}
			if depth == 0 {
				break
			}
		}
		if j < 0 {
			return 0
		}
		k = j
	}
	if k > 0 && out[k-1].kind == tIdent {
		_, n := dottedEnd(out[:k])
		k -= n
	}
	return len(out) - k
}

// pyNamespaceEnd reports whether out ends with a namespace as a dict: a
// __dict__ or __globals__ attribute, or a call of vars, globals or
// locals.
func (p *parser) pyNamespaceEnd(out []token) bool {
	n := len(out)
	if n == 0 {
		return false
	}
	if last := out[n-1]; isI(last, "__dict__") || isI(last, "__globals__") {
		return member(out[:n-1])
	}
	if !isP(out[n-1], ")") {
		return false
	}
	k := n - primaryLen(out)
	return k >= 0 && k < n && out[k].kind == tIdent && pyNamespaceFn(p.al.resolve(out[k].text)) && k+1 < n && isP(out[k+1], "(")
}

// pyBuiltinsName reports a name for the builtins module: builtins,
// __builtins__, or a name bound to one (import builtins as b).
func (p *parser) pyBuiltinsName(name string) bool {
	full := p.al.resolve(name)
	return full == "builtins" || full == "__builtins__"
}

// jsDispatch reads the JavaScript routes above at token i of in.
func (p *parser) jsDispatch(in []token, i int, out []token) ([]token, int, int, bool) {
	t := in[i]
	at := func(k int) token { return p.tokenAt(in, k) }
	switch {
	case isP(t, ".") && (isI(at(i+1), "call") || isI(at(i+1), "apply") || isI(at(i+1), "bind")) && isP(at(i+2), "(") &&
		len(out) > 0 && out[len(out)-1].kind == tIdent:
		recv, n := dottedEnd(out)
		if recv == "" || member(out[:len(out)-n]) {
			return nil, 0, 0, false
		}
		open := i + 2
		end, sp := p.bracketArgs(in, open)
		if end < 0 {
			return nil, 0, 0, false
		}
		method := at(i + 1).text
		if inner := recv[strings.LastIndexByte(recv, '.')+1:]; (inner == "call" || inner == "apply") && method == "call" && len(sp) > 0 {
			// Function.prototype.call.call(f, this, …) is
			// f.call(this, …), Function.prototype.apply.call(f, this,
			// […]) is f.apply(this, […]).
			repl := append([]token{}, in[sp[0][0]:sp[0][1]]...)
			repl = append(repl, token{kind: tPunct, text: ".", off: t.off}, ident(inner, t.off), in[open])
			if len(sp) > 1 {
				repl = append(repl, in[sp[1][0]:end]...)
			}
			repl = append(repl, in[end])
			return repl, end + 1, n, true
		}
		switch method {
		case "call":
			// f.call(this, a, b) is f(a, b).
			repl := []token{in[open]}
			if len(sp) > 1 {
				repl = append(repl, in[sp[1][0]:end]...)
			}
			return append(repl, in[end]), end + 1, 0, true
		case "apply":
			// f.apply(this, [a, b]) is f(a, b).
			if len(sp) <= 1 {
				return []token{in[open], in[end]}, end + 1, 0, true
			}
			if elems, ok := p.jsArrayLit(in, sp[1]); ok && len(sp) == 2 {
				repl := append([]token{in[open]}, elems...)
				return append(repl, in[end]), end + 1, 0, true
			}
			if full := p.canonical(recv); p.dangerousFn(full) || p.fileFn(full) {
				p.hidden(full+".apply", p.srcThrough(out[len(out)-n].off, in[end]), t.off)
			}
		case "bind":
			// f.bind(this) is f; f.bind(this, a)(b) is f(a, b).
			if len(sp) <= 1 {
				return nil, end + 1, 0, true
			}
			if isP(at(end+1), "(") {
				repl := append([]token{in[open]}, in[sp[1][0]:end]...)
				if c := p.closeOf(in, end+1); c > end+2 {
					repl = append(repl, token{kind: tPunct, text: ",", off: in[end].off})
				}
				return repl, end + 2, 0, true
			}
			if full := p.canonical(recv); p.dangerousFn(full) || p.fileFn(full) {
				p.hidden(full+".bind", p.srcThrough(out[len(out)-n].off, in[end]), t.off)
			}
		}
	case isI(t, "with") && !member(out) && isP(at(i+1), "("):
		// with (require("fs")) rmSync(p): inside the statement a bare
		// name is looked up on the module first (fs.rmSync).
		return p.jsWith(in, i)
	case isI(t, "Object") && !member(out) && isP(at(i+1), ".") && isI(at(i+2), "getOwnPropertyDescriptor") && isP(at(i+3), "("):
		// Object.getOwnPropertyDescriptor(cp, "execSync").value is
		// cp.execSync.
		end := p.closeOf(in, i+3)
		if end < 0 || !isP(at(end+1), ".") || !isI(at(end+2), "value") {
			return nil, 0, 0, false
		}
		sp := p.spans(in, i+3, end)
		if len(sp) != 2 {
			return nil, 0, 0, false
		}
		if a := p.argOf(in, sp[1][0], sp[1][1]); a.lit && nameLike(a.str) && !strings.ContainsAny(a.str, ".:/\\") {
			repl := append([]token{}, in[sp[0][0]:sp[0][1]]...)
			return append(repl, token{kind: tPunct, text: ".", off: t.off}, ident(a.str, t.off)), end + 3, 0, true
		}
	case isI(t, "Reflect") && !member(out) && isP(at(i+1), ".") && (isI(at(i+2), "apply") || isI(at(i+2), "get")) && isP(at(i+3), "("):
		open := i + 3
		end, sp := p.bracketArgs(in, open)
		if end < 0 {
			return nil, 0, 0, false
		}
		if at(i+2).text == "get" {
			// Reflect.get(m, "execSync") is m.execSync.
			if len(sp) != 2 {
				return nil, 0, 0, false
			}
			if a := p.argOf(in, sp[1][0], sp[1][1]); a.lit && nameLike(a.str) && !strings.ContainsAny(a.str, ".:/\\") {
				repl := append([]token{}, in[sp[0][0]:sp[0][1]]...)
				return append(repl, token{kind: tPunct, text: ".", off: t.off}, ident(a.str, t.off)), end + 1, 0, true
			}
			return nil, 0, 0, false
		}
		// Reflect.apply(f, this, [a, b]) is f(a, b); with arguments
		// only run time knows, f stays a value (valueUses).
		if len(sp) != 3 {
			return nil, 0, 0, false
		}
		if elems, ok := p.jsArrayLit(in, sp[2]); ok {
			repl := append([]token{}, in[sp[0][0]:sp[0][1]]...)
			repl = append(repl, in[open])
			repl = append(repl, elems...)
			return append(repl, in[end]), end + 1, 0, true
		}
	}
	return nil, 0, 0, false
}

// jsWith rewrites the statement of a with (MODULE) at token i of in,
// MODULE being one whose functions run or delete (child_process, fs, or a
// name bound to one): each bare call of a function of the module in it
// becomes MODULE.name(…). A with on another object is left alone.
func (p *parser) jsWith(in []token, i int) ([]token, int, int, bool) {
	c := p.closeOf(in, i+1)
	obj, after := dottedAt(in, i+2)
	if c < 0 || obj == "" || after != c {
		return nil, 0, 0, false
	}
	mod := p.canonical(obj)
	if !jsDangerousModules.Get()[mod] {
		return nil, 0, 0, false
	}
	// The statement: a block, or up to ";" or the end of the line.
	from, to := c+1, c+1
	if isP(p.tokenAt(in, from), "{") {
		if to = p.closeOf(in, from); to < 0 {
			return nil, 0, 0, false
		}
	} else {
		for to < len(in) && !isP(in[to], ";") && in[to].kind != tNewline && !isP(in[to], "}") {
			if e := p.closeOf(in, to); e > to {
				to = e
			}
			to++
		}
		to--
	}
	if to >= len(in) {
		to = len(in) - 1
	}
	repl := append([]token{}, in[i:from]...)
	changed := false
	for k := from; k <= to; k++ {
		tk := in[k]
		if tk.kind == tIdent && isP(p.tokenAt(in, k+1), "(") && (k == 0 || !isP(in[k-1], ".")) {
			if full := p.canonical(mod + "." + tk.text); p.dangerousFn(full) || p.fileFn(full) {
				repl = append(repl, nameToks(mod, tk.off)...)
				repl = append(repl, token{kind: tPunct, text: ".", off: tk.off})
				changed = true
			}
		}
		repl = append(repl, tk)
	}
	if !changed {
		return nil, 0, 0, false
	}
	return repl, to + 1, 0, true
}

// jsArrayLit returns the element tokens of the array literal that the
// span s of in is exactly.
func (p *parser) jsArrayLit(in []token, s [2]int) ([]token, bool) {
	if s[1]-s[0] < 2 || !isP(in[s[0]], "[") || p.closeOf(in, s[0]) != s[1]-1 {
		return nil, false
	}
	return in[s[0]+1 : s[1]-1], true
}

// phpDispatch reads a PHP callee computed in parentheses at token i:
// ("sys"."tem")("…") calls system.
func (p *parser) phpDispatch(in []token, i int, out []token) ([]token, int, int, bool) {
	t := in[i]
	if isP(t, "$") && isP(p.tokenAt(in, i+1), "{") && p.tokenAt(in, i+1).off == t.off+1 {
		// ${$g}(…), ${"f" . $x}(…): the function a variable named at
		// run time holds (${"f"} is $f: foldStrings).
		if c := p.closeOf(in, i+1); c > i+1 && isP(p.tokenAt(in, c+1), "(") {
			p.hidden("${…}", "a function held by a variable named at run time: "+p.srcThrough(t.off, in[c]), t.off)
		}
		return nil, 0, 0, false
	}
	if t.kind == tIdent && strings.HasPrefix(t.text, "$") && isP(p.tokenAt(in, i+1), "[") && !member(out) {
		// $a[0](…) calls the function the element names: asked when
		// the array is given a name that runs or deletes.
		if c := p.closeOf(in, i+1); c > i && isP(p.tokenAt(in, c+1), "(") {
			if name := p.phpArrayRunner(in, t.text); name != "" {
				p.hidden(t.text+"[…]", "a function named by an element of "+t.text+", which holds "+name, t.off)
			}
		}
		return nil, 0, 0, false
	}
	if !isP(t, "(") {
		return nil, 0, 0, false
	}
	if n := len(out); n > 0 {
		prev := out[n-1]
		// A call's own parentheses, an array access, a control
		// statement's condition: not a callee.
		if prev.kind == tIdent && !phpExprKeywords.Has(strings.ToLower(prev.text)) || prev.kind == tString ||
			isP(prev, ")") || isP(prev, "]") || isP(prev, "}") {
			return nil, 0, 0, false
		}
	}
	end := p.closeOf(in, i)
	if end < 0 || end == i+1 || !isP(p.tokenAt(in, end+1), "(") {
		return nil, 0, 0, false
	}
	first := in[i+1]
	if isI(first, "function") || isI(first, "fn") || isI(first, "static") || isI(first, "new") {
		return nil, 0, 0, false
	}
	a := p.argOf(in, i+1, end)
	if a.lit && nameLike(a.str) {
		return []token{ident(a.str, t.off)}, end + 1, 0, true
	}
	if !a.lit && p.builtFromStrings(in[i+1:end]) {
		p.hidden("(…)()", "a function named at run time: "+p.srcThrough(t.off, in[end]), t.off)
	}
	return nil, 0, 0, false
}

// phpExprKeywords are the PHP keywords an expression follows.
var phpExprKeywords = lazy.Set{List: []string{"return", "echo", "print", "and", "or", "xor", "else", "yield", "throw"}}

// builtFromStrings reports PHP tokens that build a value from strings (a
// literal, a concatenation): a callee so built names a function; a
// property or a variable alone ($this->handler) holds a closure as often.
func (p *parser) builtFromStrings(toks []token) bool {
	for _, t := range toks {
		if t.kind == tString || isP(t, ".") {
			return true
		}
	}
	return false
}

// phpArrayRunner returns a name of a function that runs or deletes
// among the literals the code assigns to the array v or its elements
// ($a = ["system"], $a[] = 'exec', $a = array('k' => "unlink")), or "".
func (p *parser) phpArrayRunner(in []token, v string) string {
	for i := 0; i+1 < len(in); i++ {
		if in[i].kind != tIdent || in[i].text != v {
			continue
		}
		j := i + 1
		if isP(in[j], "[") {
			c := p.closeOf(in, j)
			if c < 0 {
				continue
			}
			j = c + 1
		}
		if j >= len(in) || !isP(in[j], "=") {
			continue
		}
		for k := j + 1; k < len(in) && !isP(in[k], ";"); k++ {
			if litStr(in[k]) && phpRuns(in[k].text) {
				return in[k].text
			}
		}
	}
	return ""
}
