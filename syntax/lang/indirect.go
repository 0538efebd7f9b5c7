package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Indirection: a program can reach a call that runs or deletes without
// spelling its name as a call — it looks the function up by a string
// (getattr(os, "system"), cp["execSync"], send(:system, …),
// call_user_func("system", …), &{"name"}), loads the module by a string
// (__import__("os"), import("child_process")), keeps the function in a
// variable (f = os.system), or hands code in a string to an evaluator
// (exec, eval, Function). indirect rewrites the tokens of the lookups
// whose names are literals into the direct spelling, so that the call
// readers judge them as the direct call; a lookup whose name is only
// known at run time, on a module that runs or deletes, is a Hidden
// effect. Evaluators are read by evalCode.

// maxEvalDepth bounds the evaluators nested in one another whose literal
// code is read; deeper code is Hidden.
const maxEvalDepth = 4

// maxPasses bounds the rewriting passes (one per level of nesting of
// lookups, getattr(__import__("os"), "system")).
const maxPasses = 8

// indirect binds the text's names, rewrites its lookups and reports the
// functions it uses as values.
func (p *parser) indirect() {
	switch p.l {
	case Python:
		p.al = pythonAliases(p.src)
		pyModuleAliases(p.al) // from glob import os (pymodattrs.go)
		p.bindRouters()
	case JS:
		p.al = jsBindings(p.src)
		p.jsBindRequire() // const r = require (jsrequire.go)
	default:
		p.al = aliases{}
	}
	p.foldStrings()
	if p.l == Perl || p.l == PHP {
		p.vars = p.stringVars()
	}
	for pass := 0; pass < maxPasses; pass++ {
		if !p.rewrite() {
			break
		}
	}
	if p.l == JS {
		p.jsRequireRebind() // jsrequire.go
	}
	if p.l == Lua || p.l == R {
		p.builtNames() // builtname.go
	}
	if p.l == Python || p.l == JS || p.l == Ruby {
		p.bindAssigned()
		p.valueUses()
	}
}

func isP(t token, s string) bool { return t.kind == tPunct && t.text == s }
func isI(t token, s string) bool { return t.kind == tIdent && t.text == s }

// litStr reports a string token whose value is known.
func litStr(t token) bool { return t.kind == tString && t.lit && !t.shell }

// nameLike reports a string that can be a function, method or module
// name: letters, digits, _, and the separators of qualified names.
func nameLike(s string) bool {
	if s == "" || !isIdentStart(s[0]) && s[0] != '$' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isIdent(c) && c != '.' && c != ':' && c != '/' && c != '$' && c != '\\' {
			return false
		}
	}
	return true
}

// maxSegments bounds the parts of a dotted name corral reads: no call it
// knows has more, and reading a longer chain (a.a.a.… for a megabyte)
// again at every part would take quadratic time.
const maxSegments = 32

// closers returns, for each opening bracket of toks, the index of the
// bracket that closes it (-1 when none does); other entries are -1. It is
// one pass with a stack, so that looking up a bracket is constant time.
func closers(toks []token) []int32 {
	out := make([]int32, len(toks))
	var stack []int
	for j, t := range toks {
		out[j] = -1
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			stack = append(stack, j)
		case ")", "]", "}":
			if n := len(stack); n > 0 {
				out[stack[n-1]] = int32(j)
				stack = stack[:n-1]
			}
		}
	}
	return out
}

// closeOf returns the index of the bracket that closes the one at i in
// toks, or -1. toks are p's tokens or the input of the rewriting pass
// under way; p.closeIdx is reset whenever they change.
func (p *parser) closeOf(toks []token, i int) int {
	if len(p.closeIdx) != len(toks) {
		p.closeIdx = closers(toks)
	}
	if i < 0 || i >= len(toks) {
		return -1
	}
	return int(p.closeIdx[i])
}

// spans returns the token ranges of the top-level arguments of the
// bracket at open (which closes at end), stepping over nested brackets.
func (p *parser) spans(toks []token, open, end int) [][2]int {
	var out [][2]int
	start := open + 1
	for j := open + 1; j < end; j++ {
		t := toks[j]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			if c := p.closeOf(toks, j); c > j && c < end {
				j = c
			}
		case ",":
			out = append(out, [2]int{start, j})
			start = j + 1
		}
	}
	if end > start {
		out = append(out, [2]int{start, end})
	}
	return out
}

// bracketArgs returns the index of the bracket that closes the one at
// open in in (-1 when none does) and the token ranges of the arguments
// inside it: the reading of a call's argument list the lookups share.
func (p *parser) bracketArgs(in []token, open int) (int, [][2]int) {
	end := p.closeOf(in, open)
	if end < 0 {
		return -1, nil
	}
	return end, p.spans(in, open, end)
}

// srcThrough is the source text from the offset off through the token
// last (a closing bracket): the text a Hidden effect quotes.
func (p *parser) srcThrough(off int, last token) string {
	return p.src[off:min(len(p.src), last.off+1)]
}

// dottedAt reads a dotted name forward from i (a.b.c, A::B): its text
// and the index after it, or "" when toks[i] is not a name.
func dottedAt(toks []token, i int) (string, int) {
	if i >= len(toks) || toks[i].kind != tIdent {
		return "", i
	}
	parts := []string{toks[i].text}
	j := i + 1
	for j+1 < len(toks) && (isP(toks[j], ".") || isP(toks[j], "::")) && toks[j+1].kind == tIdent {
		if len(parts) < maxSegments {
			parts = append(parts, toks[j+1].text)
		}
		j += 2
	}
	return strings.Join(parts, "."), j
}

// dottedEnd reads the dotted name that ends the tokens out (the receiver
// of what follows): its text and how many tokens it takes.
func dottedEnd(out []token) (string, int) {
	n := len(out)
	if n == 0 || out[n-1].kind != tIdent {
		return "", 0
	}
	parts := []string{out[n-1].text}
	k := 1
	for len(parts) < maxSegments && n-k-2 >= 0 && (isP(out[n-k-1], ".") || isP(out[n-k-1], "::") || isP(out[n-k-1], "->")) && out[n-k-2].kind == tIdent {
		parts = append(parts, out[n-k-2].text)
		k += 2
	}
	for a, b := 0, len(parts)-1; a < b; a, b = a+1, b-1 {
		parts[a], parts[b] = parts[b], parts[a]
	}
	return strings.Join(parts, "."), k
}

// ident is a name token standing for what a lookup found.
func ident(name string, off int) token {
	return token{kind: tIdent, text: name, off: off}
}

// nameToks spells a dotted name as tokens.
func nameToks(name string, off int) []token {
	var out []token
	for i, part := range strings.Split(name, ".") {
		if i > 0 {
			out = append(out, token{kind: tPunct, text: ".", off: off})
		}
		out = append(out, ident(part, off))
	}
	return out
}

func (p *parser) hidden(call, text string, off int) {
	p.extra = append(p.extra, Effect{Kind: Hidden, Call: call, Text: text, Offset: off})
}

// rewrite makes one pass of the lookups over the tokens; it reports
// whether it changed any.
func (p *parser) rewrite() bool {
	return p.rewriteWith(func(in []token, i int, out []token) ([]token, int, int, bool) {
		switch p.l {
		case Python:
			return p.pyLookup(in, i, out)
		case JS:
			return p.jsLookup(in, i, out)
		case Ruby:
			return p.rubyLookup(in, i, out)
		case Perl:
			return p.perlLookup(in, i, out)
		case PHP:
			return p.phpLookup(in, i, out)
		}
		return nil, 0, 0, false
	})
}

// rewriteWith makes one pass over the tokens with at, which returns for
// token i of in the tokens that replace in[i:j] and how many tokens at
// the end of out they replace too; it reports whether it changed any.
func (p *parser) rewriteWith(at func(in []token, i int, out []token) ([]token, int, int, bool)) bool {
	in := p.toks
	p.closeIdx = closers(in)
	defer func() { p.closeIdx = nil }()
	// out is in itself until the first change: a pass that changes
	// nothing copies no token (a megabyte of program text is some
	// 250,000 of them).
	out := in[:0:0]
	changed := false
	for i := 0; i < len(in); {
		if !changed {
			out = in[:i:i]
		}
		repl, j, drop, ok := at(in, i, out)
		if !ok {
			if changed {
				out = append(out, in[i])
			}
			i++
			continue
		}
		if !changed {
			out = append(make([]token, 0, len(in)), in[:i]...)
			changed = true
		}
		out = append(out[:len(out)-drop], repl...)
		i = j
	}
	if changed {
		p.toks = out
	}
	return changed
}

// argOf classifies the tokens [a, b) of in as an argument.
func (p *parser) argOf(in []token, a, b int) arg {
	saved := p.toks
	p.toks = in
	defer func() { p.toks = saved }()
	return p.arg(a, b)
}

// member reports whether the token before the last of out is a member
// access (x.name): the name is then not a global one.
func member(out []token) bool {
	n := len(out)
	return n > 0 && (isP(out[n-1], ".") || isP(out[n-1], "->") || isP(out[n-1], "::"))
}

// Python

// pyModules are the modules whose functions run or delete.
var pyModules = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"os": true, "posix": true, "nt": true, "subprocess": true, "shutil": true, "pty": true,
		"builtins": true, "__builtins__": true, "commands": true, "importlib": true}
}}

// pyResolvers are the functions that return the object a dotted name
// names, importing its module: pkgutil.resolve_name (Python 3.9+, "os:system"
// or "os.system") and pydoc.locate.
var pyResolvers = lazy.Set{List: []string{"pkgutil.resolve_name", "pydoc.locate"}}

// pyResolver reports a call of a pyResolvers function at t, whose name
// may follow its module (pkgutil.resolve_name: the tokens of out to drop,
// the receiver and its dot) or stand alone (from pkgutil import
// resolve_name): the count to drop, or -1 when t is none.
func (p *parser) pyResolver(t token, out []token) int {
	if member(out) {
		recv, n := dottedEnd(out[:len(out)-1])
		if recv != "" && pyResolvers.Has(p.al.resolve(recv)+"."+t.text) {
			return n + 1
		}
		return -1
	}
	if pyResolvers.Has(p.al.resolve(t.text)) {
		return 0
	}
	return -1
}

func (p *parser) pyDangerousRoot(name string) bool {
	full := p.al.resolve(name)
	root, _, _ := strings.Cut(full, ".")
	return pyModules.Get()[root]
}

func (p *parser) pyLookup(in []token, i int, out []token) ([]token, int, int, bool) {
	if repl, j, ok := p.pyDictFactory(in, i); ok {
		return repl, j, 0, true // {"()": "os.system", …} given to dictConfig (pydictconfig.go)
	}
	if repl, j, drop, ok := p.pyDispatch(in, i, out); ok {
		return repl, j, drop, ok
	}
	if repl, j, drop, ok := p.pyModuleAttr(in, i, out); ok {
		return repl, j, drop, ok // glob.os.remove is os.remove (pymodattrs.go)
	}
	t := in[i]
	at := func(k int) token { return p.tokenAt(in, k) }
	switch {
	case t.kind == tIdent && !member(out) && p.pyBuiltinsName(t.text) && isP(at(i+1), ".") && at(i+2).kind == tIdent && at(i+2).text != "__dict__":
		// __builtins__.exec is exec.
		return nil, i + 2, 0, true
	case t.kind == tIdent && (t.text == "__import__" || t.text == "import_module" || !member(out) && p.al.resolve(t.text) == "__import__") && isP(at(i+1), "("):
		drop := 0
		if member(out) {
			// importlib.import_module, importlib.__import__.
			if recv, n := dottedEnd(out[:len(out)-1]); recv == "importlib" {
				drop = n + 1
			} else {
				return nil, 0, 0, false
			}
		}
		end, sp := p.bracketArgs(in, i+1)
		if end < 0 {
			return nil, 0, 0, false
		}
		if len(sp) > 0 {
			if a := p.argOf(in, sp[0][0], sp[0][1]); a.lit && nameLike(a.str) {
				return nameToks(a.str, t.off), end + 1, drop, true
			}
		}
		p.hidden(t.text, p.srcThrough(t.off, in[end]), t.off)
	case t.kind == tIdent && isP(at(i+1), "(") && p.pyResolver(t, out) >= 0:
		// pkgutil.resolve_name("os:system"), pydoc.locate("os.system"):
		// the object a dotted name (module:attr or module.attr) of a
		// module that runs or deletes names, as the name itself.
		drop := p.pyResolver(t, out)
		end, sp := p.bracketArgs(in, i+1)
		if end < 0 {
			return nil, 0, 0, false
		}
		if len(sp) > 0 {
			if a := p.argOf(in, sp[0][0], sp[0][1]); a.lit {
				name := strings.ReplaceAll(a.str, ":", ".")
				if root, _, dotted := strings.Cut(name, "."); dotted && nameLike(name) && pyModules.Get()[root] {
					return nameToks(name, t.off), end + 1, drop, true
				}
				// Another module's name: the call stays, and the
				// import it makes is read (pyloaders2.go).
				return nil, 0, 0, false
			}
		}
		p.hidden(t.text, p.srcThrough(t.off, in[end]), t.off)
	case t.kind == tIdent && !member(out) && p.al.resolve(t.text) == "getattr" && isP(at(i+1), "("):
		end, sp := p.bracketArgs(in, i+1)
		if len(sp) < 2 {
			return nil, 0, 0, false
		}
		obj, after := dottedAt(in, sp[0][0])
		if obj == "" || after != sp[0][1] {
			return nil, 0, 0, false
		}
		name := p.argOf(in, sp[1][0], sp[1][1])
		if name.lit && nameLike(name.str) && !strings.Contains(name.str, ".") {
			repl := append(append([]token{}, in[sp[0][0]:sp[0][1]]...), token{kind: tPunct, text: ".", off: t.off}, ident(name.str, t.off))
			return repl, end + 1, 0, true
		}
		if !name.lit && p.pyDangerousRoot(obj) {
			p.hidden("getattr", "getattr("+obj+", "+name.text+")", t.off)
		}
	case t.kind == tIdent && !member(out) && isP(at(i+1), "[") && strings.HasSuffix(p.al[t.text], ".__dict__"):
		// d = os.__dict__; d["system"] is os.system (pythonAliases).
		end := p.closeOf(in, i+1)
		if end < 0 {
			return nil, 0, 0, false
		}
		mod := strings.TrimSuffix(p.al[t.text], ".__dict__")
		a := p.argOf(in, i+2, end)
		if a.lit && nameLike(a.str) {
			return nameToks(mod+"."+a.str, t.off), end + 1, 0, true
		}
		if p.pyDangerousRoot(mod) {
			p.hidden(mod+".__dict__", p.srcThrough(t.off, in[end]), t.off)
		}
	case isP(t, ".") && isI(at(i+1), "__dict__") && isP(at(i+2), "["):
		// os.__dict__["system"] is os.system.
		end := p.closeOf(in, i+2)
		if end < 0 {
			return nil, 0, 0, false
		}
		a := p.argOf(in, i+3, end)
		if a.lit && nameLike(a.str) {
			return []token{t, ident(a.str, t.off)}, end + 1, 0, true
		}
		if obj, _ := dottedEnd(out); p.pyDangerousRoot(obj) {
			p.hidden(obj+".__dict__", p.srcThrough(t.off, in[end]), t.off)
		}
	case t.kind == tIdent && pyNamespaceFn(p.al.resolve(t.text)) && !member(out) && isP(at(i+1), "("):
		// vars(os)["system"], globals()["eval"].
		end := p.closeOf(in, i+1)
		if end < 0 || !isP(at(end+1), "[") {
			return nil, 0, 0, false
		}
		end2 := p.closeOf(in, end+1)
		if end2 < 0 {
			return nil, 0, 0, false
		}
		obj, after := "", i+2
		if p.al.resolve(t.text) == "vars" && end != i+2 {
			// vars() with no argument is locals().
			obj, after = dottedAt(in, i+2)
			if obj == "" || after != end {
				return nil, 0, 0, false
			}
		} else if end != i+2 {
			return nil, 0, 0, false
		}
		a := p.argOf(in, end+2, end2)
		if a.lit && nameLike(a.str) {
			name := a.str
			if obj != "" {
				name = obj + "." + name
			}
			return nameToks(name, t.off), end2 + 1, 0, true
		}
		if obj == "" && isP(at(end2+1), "(") || obj != "" && p.pyDangerousRoot(obj) {
			p.hidden(t.text, p.srcThrough(t.off, in[end2]), t.off)
		}
	case isI(t, "modules") && len(out) >= 2 && isP(out[len(out)-1], ".") && isI(out[len(out)-2], "sys") && isP(at(i+1), "["):
		// sys.modules["os"] is os.
		end := p.closeOf(in, i+1)
		if end < 0 {
			return nil, 0, 0, false
		}
		if a := p.argOf(in, i+2, end); a.lit && nameLike(a.str) {
			return nameToks(a.str, t.off), end + 1, 2, true
		}
	}
	return nil, 0, 0, false
}

// JavaScript

// jsDangerousModules are the modules whose functions run or delete.
var jsDangerousModules = lazy.Value[map[string]bool]{New: func() map[string]bool { return map[string]bool{"child_process": true, "fs": true, "fs/promises": true} }}

// jsGlobals are the names of the global object.
var jsGlobals = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"globalThis": true, "global": true, "window": true, "self": true}
}}

// jsBunShellConfig are the methods of Bun's $ that return $ itself.
var jsBunShellConfig = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"nothrow": true, "throws": true, "cwd": true, "env": true}
}}

// jsNotObject are the keywords after which [ opens an array, not a
// member access.
var jsNotObject = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"return": true, "typeof": true, "in": true, "of": true, "case": true, "yield": true,
		"await": true, "void": true, "delete": true, "new": true, "throw": true, "else": true, "do": true, "instanceof": true,
		"const": true, "let": true, "var": true, "export": true, "default": true}
}}

func (p *parser) jsLookup(in []token, i int, out []token) ([]token, int, int, bool) {
	if repl, j, drop, ok := p.jsDispatch(in, i, out); ok {
		return repl, j, drop, ok
	}
	if repl, j, drop, ok := p.jsRequireAlias(in, i, out); ok {
		return repl, j, drop, ok // r("fs") with r = require (jsrequire.go)
	}
	t := in[i]
	at := func(k int) token { return p.tokenAt(in, k) }
	switch {
	case t.kind == tIdent && jsGlobals.Get()[t.text] && !member(out) && isP(at(i+1), ".") && at(i+2).kind == tIdent:
		// globalThis.eval is eval.
		return nil, i + 2, 0, true
	case isP(t, ".") && jsBunShellConfig.Get()[at(i+1).text] && at(i+1).kind == tIdent && isP(at(i+2), "("):
		// Bun.$.nothrow(), $.cwd(dir), $.env(obj), $.throws(b) return
		// the shell function itself: Bun.$.nothrow()`rm -rf ~` is
		// Bun.$`rm -rf ~`.
		recv, _ := dottedEnd(out)
		if recv == "" || p.canonical(recv) != "Bun.$" && recv != "$" {
			return nil, 0, 0, false
		}
		end := p.closeOf(in, i+2)
		if end < 0 {
			return nil, 0, 0, false
		}
		if tpl := at(end + 1); tpl.kind == tString && tpl.off < len(p.src) && p.src[tpl.off] == '`' {
			tpl.tag = out[len(out)-1].text // the template's tag is now $
			return []token{tpl}, end + 2, 0, true
		}
		if !isP(at(end+1), ".") {
			return nil, 0, 0, false
		}
		return nil, end + 1, 0, true
	case (isI(t, "require") || isI(t, "import") && !member(out)) && isP(at(i+1), "("):
		drop := 0
		if member(out) {
			recv, n := dottedEnd(out[:len(out)-1])
			if recv != "module" && recv != "process.mainModule" && !jsGlobals.Get()[recv] {
				return nil, 0, 0, false
			}
			drop = n + 1
		}
		end, sp := p.bracketArgs(in, i+1)
		if len(sp) == 0 {
			return nil, 0, 0, false
		}
		a := p.argOf(in, sp[0][0], sp[0][1])
		if a.lit {
			mod := strings.TrimPrefix(a.str, "node:")
			if isI(t, "import") && drop == 0 && len(out) > 0 && isI(out[len(out)-1], "await") && !(len(out) > 1 && isP(out[len(out)-2], "(")) {
				// await import("f" + "s") is the module, as import's
				// promise gives it: const f = await fs is f = fs.
				// (await import("fs")).rmSync keeps its await, which the
				// member reading takes as the module's.
				drop = 1
			}
			if nameLike(mod) && !strings.Contains(mod, ".") {
				return []token{ident(mod, t.off)}, end + 1, drop, true
			}
			return nil, 0, 0, false
		}
		if !localModule(a.text) {
			p.hidden(t.text, p.srcThrough(t.off, in[end]), t.off)
		}
	case isP(t, "[") && len(out) > 0 && (isP(out[len(out)-1], "{") || isP(out[len(out)-1], ",")) && isP(at(p.closeOf(in, i)+1), ":"):
		return p.jsComputedKey(in, i)
	case isP(t, "[") && len(out) > 0 && (out[len(out)-1].kind == tIdent && !jsNotObject.Get()[out[len(out)-1].text] || isP(out[len(out)-1], ")") || isP(out[len(out)-1], "]")):
		// cp["execSync"] is cp.execSync.
		end := p.closeOf(in, i)
		if end < 0 {
			return nil, 0, 0, false
		}
		a := p.argOf(in, i+1, end)
		if a.lit && nameLike(a.str) && !strings.ContainsAny(a.str, ".:/\\") {
			return []token{{kind: tPunct, text: ".", off: t.off}, ident(a.str, t.off)}, end + 1, 0, true
		}
		if a.lit || end == i+1 {
			return nil, 0, 0, false
		}
		obj, _ := dottedEnd(out)
		full := p.al.resolve(obj)
		if jsDangerousModules.Get()[full] || jsGlobals.Get()[obj] && isP(at(end+1), "(") {
			p.hidden(obj+"[…]", p.srcThrough(out[len(out)-1].off, in[end]), t.off)
		}
	case isI(t, "then") && len(out) >= 2 && isP(out[len(out)-1], ".") && isI(out[len(out)-2], "child_process") && (len(out) < 3 || !isP(out[len(out)-3], ".")):
		// import("child_process").then(m => …): the module is handed
		// to a callback under a name corral does not follow.
		p.hidden("import(child_process).then", "child_process handed to a callback", t.off)
	case (isI(t, "binding") || isI(t, "_linkedBinding")) && len(out) >= 2 && isP(out[len(out)-1], ".") && isI(out[len(out)-2], "process") && isP(at(i+1), "("):
		// process.binding("spawn_sync") reaches the runtime's internals.
		end := p.closeOf(in, i+1)
		if end < 0 {
			end = i + 1
		}
		p.hidden("process."+t.text, p.srcThrough(out[len(out)-2].off, in[end]), t.off)
	case isP(t, "(") && isNumber(at(i+1)) && isP(at(i+2), ","):
		// (0, eval)(…) is an indirect call of eval.
		name, after := dottedAt(in, i+3)
		if name != "" && isP(at(after), ")") {
			return in[i+3 : after], after + 1, 0, true
		}
	}
	return nil, 0, 0, false
}

func isNumber(t token) bool {
	return t.kind == tIdent && t.text != "" && t.text[0] >= '0' && t.text[0] <= '9'
}

// localModule reports an argument of require or import that names a file
// of the project (path.join(__dirname, …), `./${x}`): not a built-in
// module chosen at run time.
func localModule(text string) bool {
	t := strings.TrimLeft(text, "`'\"")
	return strings.HasPrefix(text, "path.") || strings.HasPrefix(text, "__dirname") || strings.HasPrefix(t, "./") ||
		strings.HasPrefix(t, "../") || strings.HasPrefix(t, "/") || strings.HasPrefix(text, "require.resolve")
}

// Ruby

// rubyKernel are the Kernel functions that run or evaluate: any object
// can send them to itself.
var rubyKernel = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"system": true, "exec": true, "spawn": true, "`": true, "eval": true, "open": true,
		"fork": true, "syscall": true, "instance_eval": true, "class_eval": true, "module_eval": true}
}}

// rubyModules are the constants whose methods run or delete.
var rubyModules = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"Kernel": true, "Object": true, "FileUtils": true, "File": true, "Dir": true, "IO": true,
		"Open3": true, "Process": true, "PTY": true, "self": true, "": true}
}}

func (p *parser) rubyLookup(in []token, i int, out []token) ([]token, int, int, bool) {
	t := in[i]
	at := func(k int) token { return p.tokenAt(in, k) }
	// The receiver of a method lookup, and how many tokens it and its
	// "." take in out.
	recv := func() (string, int) {
		if !member(out) {
			return "", 0
		}
		r, n := dottedEnd(out[:len(out)-1])
		return r, n + 1
	}
	switch {
	case isP(t, ":") && at(i+1).kind == tIdent && at(i+1).off == t.off+1 && (len(out) == 0 || out[len(out)-1].off+len(out[len(out)-1].text) < t.off || isP(out[len(out)-1], "(") || isP(out[len(out)-1], ",")):
		// The symbol :system is the name "system".
		return []token{{kind: tString, lit: true, text: at(i + 1).text, off: t.off}}, i + 2, 0, true
	case isP(t, ".") && len(out) > 0 && out[len(out)-1].kind == tIdent && isP(at(i+1), "("):
		// m.(x) is m.call(x).
		return nil, i + 1, 0, true
	case isP(t, ".") && isI(at(i+1), "to_proc") && isP(at(i+2), ".") && isI(at(i+3), "call") && isP(at(i+4), "(") &&
		len(out) > 0 && litStr(out[len(out)-1]) && nameLike(out[len(out)-1].text) && (len(out) == 1 || !member(out[:len(out)-1])):
		// :system.to_proc.call(Kernel, c) is Kernel.system(c).
		end, sp := p.bracketArgs(in, i+4)
		if len(sp) == 0 {
			return nil, 0, 0, false
		}
		name := out[len(out)-1].text
		repl := append([]token{}, in[sp[0][0]:sp[0][1]]...)
		repl = append(repl, token{kind: tPunct, text: ".", off: t.off}, ident(name, t.off), at(i+4))
		if len(sp) > 1 {
			repl = append(repl, in[sp[1][0]:end]...)
		}
		return append(repl, in[end]), end + 1, 1, true
	case t.kind == tIdent && (t.text == "send" || t.text == "public_send" || t.text == "__send__"):
		r, n := recv()
		paren := isP(at(i+1), "(")
		k := i + 1
		if paren {
			k = i + 2
		}
		name, k2, isLit := p.rubyName(in, k)
		if isLit && nameLike(name.text) && (isP(at(k2), ",") || isP(at(k2), ")") || at(k2).kind == tNewline || isP(at(k2), ";")) {
			k = k2 - 1
			drop := 0
			if rubyKernel.Get()[name.text] || r != "" && r[0] >= 'a' && r[0] <= 'z' {
				drop = n // Kernel's methods answer any receiver
			}
			repl := []token{ident(name.text, t.off)}
			if paren {
				repl = append(repl, at(i+1))
			}
			j := k + 1
			if isP(at(k+1), ",") {
				j = k + 2
			}
			return repl, j, drop, true
		}
		if (paren || at(i+1).kind == tIdent) && !isLit && rubyModules.Get()[r] {
			p.hidden(t.text, p.src[t.off:min(len(p.src), p.lineEnd(t.off))], t.off)
		}
	case (isI(t, "method") || isI(t, "public_method") || isI(t, "instance_method") || isI(t, "singleton_method")) && isP(at(i+1), "("):
		// method(:system).call(x) is system(x); Kernel's module
		// functions are its singleton methods too
		// (Kernel.singleton_method(:system)).
		r, n := recv()
		name, k2, isLit := p.rubyName(in, i+2)
		if !isP(at(k2), ")") {
			return nil, 0, 0, false
		}
		if !isLit || !nameLike(name.text) {
			if rubyModules.Get()[r] && (isP(at(k2+1), ".") || isP(at(k2+1), "[")) {
				p.hidden(t.text, p.src[t.off:min(len(p.src), p.lineEnd(t.off))], t.off)
			}
			return nil, 0, 0, false
		}
		drop := 0
		if rubyKernel.Get()[name.text] || r != "" && r[0] >= 'a' && r[0] <= 'z' {
			drop = n
		}
		repl := []token{ident(name.text, t.off)}
		after := k2 + 1
		for isP(at(after), ".") {
			// A Method's Proc calls it as the Method does, and an
			// UnboundMethod bound to any object is the method again:
			// .to_proc, .unbind, .bind(obj), .bind_call(obj, …).
			switch {
			case isI(at(after+1), "to_proc") || isI(at(after+1), "unbind"):
				after += 2
				continue
			case isI(at(after+1), "bind") && isP(at(after+2), "("):
				if c := p.closeOf(in, after+2); c > after {
					after = c + 1
					continue
				}
			case isI(at(after+1), "bind_call") && isP(at(after+2), "("):
				if c := p.closeOf(in, after+2); c > after {
					repl = append(repl, at(after+2))
					if sp := p.spans(in, after+2, c); len(sp) > 1 {
						repl = append(repl, in[sp[1][0]:c]...)
					}
					return append(repl, in[c]), c + 1, drop, true
				}
			}
			break
		}
		switch {
		case isP(at(after), ".") && (isI(at(after+1), "call") || isI(at(after+1), "yield")):
			return repl, after + 2, drop, true
		case isP(at(after), "["):
			// m["x"] calls m with "x", as m.call("x") does.
			if c := p.closeOf(in, after); c > after {
				repl = append(repl, token{kind: tPunct, text: "(", off: at(after).off})
				repl = append(repl, in[after+1:c]...)
				return append(repl, token{kind: tPunct, text: ")", off: in[c].off}), c + 1, drop, true
			}
		}
		return repl, after, drop, true
	case isI(t, "const_get") && isP(at(i+1), "("):
		// Object.const_get(:FileUtils) is FileUtils.
		_, n := recv()
		end := p.closeOf(in, i+1)
		if end < 0 {
			return nil, 0, 0, false
		}
		if name, k2, isLit := p.rubyName(in, i+2); isLit && k2 == end && nameLike(name.text) {
			return nameToks(strings.ReplaceAll(name.text, "::", "."), t.off), end + 1, n, true
		}
		if a := p.argOf(in, i+2, end); a.lit && nameLike(a.str) {
			return nameToks(strings.ReplaceAll(a.str, "::", "."), t.off), end + 1, n, true
		}
		p.hidden("const_get", p.srcThrough(t.off, in[end]), t.off)
	}
	return nil, 0, 0, false
}

// rubyName reads a method name at k: a string, a symbol (:system) or a
// name bound once to one (see constants). It
// returns the name as a string token, the index after it, and whether it
// is a literal.
func (p *parser) rubyName(in []token, k int) (token, int, bool) {
	if k >= len(in) {
		return token{}, k, false
	}
	if in[k].kind == tIdent && k+1 < len(in) && (isP(in[k+1], ",") || isP(in[k+1], ")")) {
		// A name bound once to a literal (m = "system"; send(m, …)).
		if c, ok := p.consts[in[k].text]; ok && !c.tilde {
			return token{kind: tString, lit: true, text: c.str, off: in[k].off}, k + 1, true
		}
	}
	if isP(in[k], ":") && k+1 < len(in) && in[k+1].kind == tIdent && in[k+1].off == in[k].off+1 {
		return token{kind: tString, lit: true, text: in[k+1].text, off: in[k].off}, k + 2, true
	}
	if isP(in[k], ":") && k+1 < len(in) && litStr(in[k+1]) && in[k+1].off == in[k].off+1 {
		// :"system" is the symbol of that string.
		return token{kind: tString, lit: true, text: in[k+1].text, off: in[k].off}, k + 2, true
	}
	if e := p.rubyArgEnd(in, k); e > k+1 {
		// An expression: "sys" + "tem", %w(sys tem).join.
		if a := p.argOf(in, k, e); a.lit {
			return token{kind: tString, lit: true, text: a.str, off: in[k].off}, e, true
		}
		return in[k], e, false
	}
	return in[k], k + 1, litStr(in[k])
}

// rubyArgEnd is the index of the "," or ")" (or the end of the line)
// that ends the argument starting at k, stepping over brackets.
func (p *parser) rubyArgEnd(in []token, k int) int {
	for j := k; j < len(in); j++ {
		t := in[j]
		switch {
		case t.kind == tNewline || isP(t, ",") || isP(t, ")") || isP(t, ";") || isP(t, "}") || isP(t, "]"):
			return j
		case isP(t, "(") || isP(t, "[") || isP(t, "{"):
			c := p.closeOf(in, j)
			if c < 0 {
				return j
			}
			j = c
		}
	}
	return len(in)
}

// lineEnd is the offset of the end of the line at off.
func (p *parser) lineEnd(off int) int {
	if j := strings.IndexByte(p.src[off:], '\n'); j >= 0 {
		return off + j
	}
	return len(p.src)
}

// Perl and PHP: strings kept in variables.

// stringVars maps the variables the text assigns a literal name to
// ($f = "system"; $f = \&rmtree) to that name. A variable also assigned
// anything else maps to "" (unknown); one assigned a closure to
// "function".
func (p *parser) stringVars() map[string]string {
	vars := map[string]string{}
	toks := p.toks
	for i := 0; i+2 < len(toks); i++ {
		v := toks[i]
		if v.kind != tIdent || !strings.HasPrefix(v.text, "$") || !isP(toks[i+1], "=") {
			continue
		}
		if i > 0 && (isP(toks[i-1], "->") || isP(toks[i-1], "::")) {
			continue
		}
		// The value runs to the end of the statement.
		j := i + 2
		for j < len(toks) && !isP(toks[j], ";") && toks[j].kind != tNewline && !isP(toks[j], ")") && !isP(toks[j], "}") {
			if isP(toks[j], "(") || isP(toks[j], "[") || isP(toks[j], "{") {
				if e := p.closeOf(toks, j); e > j {
					j = e
				}
			}
			j++
		}
		val := ""
		rhs := toks[i+2 : j]
		switch {
		case len(rhs) >= 1 && (isI(rhs[0], "function") || isI(rhs[0], "fn") || isI(rhs[0], "sub") || isI(rhs[0], "static")):
			val = "function"
		case len(rhs) >= 2 && isP(rhs[0], "\\") && isP(rhs[1], "&"):
			if name, _ := dottedAt(rhs, 2); name != "" {
				val = strings.ReplaceAll(name, ".", "::")
			}
		default:
			if a := p.arg(i+2, j); a.lit && nameLike(a.str) {
				val = a.str
			}
		}
		if old, seen := vars[v.text]; seen && old != val {
			val = ""
		}
		vars[v.text] = val
	}
	return vars
}

// perlBuiltins are Perl's built-in functions that run or delete: a call
// through a name string reaches a sub of that name, never the builtin.
var perlBuiltins = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"system": true, "exec": true, "unlink": true, "rmdir": true, "eval": true, "do": true,
		"readpipe": true, "open": true}
}}

func (p *parser) perlLookup(in []token, i int, out []token) ([]token, int, int, bool) {
	t := in[i]
	at := func(k int) token { return p.tokenAt(in, k) }
	operand := len(out) > 0 && (out[len(out)-1].kind == tIdent || out[len(out)-1].kind == tString || isP(out[len(out)-1], ")") || isP(out[len(out)-1], "]") || isP(out[len(out)-1], "}"))
	named := func(name string, j int) ([]token, int, int, bool) {
		name = strings.TrimPrefix(strings.TrimPrefix(name, "main::"), "::")
		if perlBuiltins.Get()[name] || strings.HasPrefix(name, "CORE::") {
			p.hidden("&{\""+name+"\"}", "a sub named "+name+" called by name (perl reaches a sub of that name, not its builtin)", t.off)
			return nil, 0, 0, false
		}
		return nameToks(strings.ReplaceAll(name, "::", "."), t.off), j, 0, true
	}
	switch {
	case isP(t, "&") && !operand && at(i+1).kind == tIdent && strings.HasPrefix(at(i+1).text, "$"):
		// &$f(…) calls the sub named by $f.
		if name := p.vars[at(i+1).text]; name != "" && name != "function" {
			return named(name, i+2)
		}
		if p.vars[at(i+1).text] != "function" {
			p.hidden("&"+at(i+1).text, "a sub named at run time", t.off)
		}
	case isP(t, "&") && !operand && isP(at(i+1), "{"):
		// &{"name"}(…), &{$f}(…), &{\&name}(…).
		end := p.closeOf(in, i+1)
		if end < 0 {
			return nil, 0, 0, false
		}
		inner := in[i+2 : end]
		switch {
		case len(inner) == 1 && litStr(inner[0]) && nameLike(inner[0].text):
			return named(inner[0].text, end+1)
		case len(inner) == 1 && inner[0].kind == tIdent && p.vars[inner[0].text] != "" && p.vars[inner[0].text] != "function":
			return named(p.vars[inner[0].text], end+1)
		case len(inner) >= 3 && isP(inner[0], "\\") && isP(inner[1], "&"):
			if name, after := dottedAt(inner, 2); name != "" && after == len(inner) {
				return named(strings.ReplaceAll(name, ".", "::"), end+1)
			}
		}
		p.hidden("&{…}", p.srcThrough(t.off, in[end]), t.off)
	case t.kind == tIdent && strings.HasPrefix(t.text, "$") && isP(at(i+1), "->") && isP(at(i+2), "("):
		// $f->(…) with $f = \&rmtree or a name.
		if name := p.vars[t.text]; name != "" && name != "function" {
			return named(name, i+2)
		}
	case isP(t, "\\") && isP(at(i+1), "&") && at(i+2).kind == tIdent:
		// \&system: a reference to a sub that runs or deletes, kept as
		// a value.
		name, _ := dottedAt(in, i+2)
		name = strings.ReplaceAll(name, ".", "::")
		bare := strings.TrimPrefix(strings.TrimPrefix(name, "CORE::"), "POSIX::")
		if perlDelete.Get()[name] || perlDelete.Get()[bare] || bare == "system" || bare == "exec" {
			assigned := len(out) >= 2 && isP(out[len(out)-1], "=") && out[len(out)-2].kind == tIdent && p.vars[out[len(out)-2].text] == name
			if !assigned {
				p.hidden("\\&"+name, "a reference to "+name+" kept as a value", t.off)
			}
		}
	}
	return nil, 0, 0, false
}

// phpCallbacks are PHP functions that call the callable in one of their
// arguments.
var phpCallbacks = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"array_map": true, "array_filter": true, "array_walk": true, "array_walk_recursive": true,
		"array_reduce": true, "usort": true, "uasort": true, "uksort": true, "register_shutdown_function": true,
		"register_tick_function": true, "forward_static_call": true, "forward_static_call_array": true, "iterator_apply": true,
		"spl_autoload_register": true, "set_error_handler": true, "set_exception_handler": true, "ob_start": true,
		"preg_replace_callback": true, "header_register_callback": true, "array_udiff": true, "array_uintersect": true}
}}

// phpRuns reports a PHP function that runs, deletes or evaluates.
func phpRuns(name string) bool {
	n := strings.TrimPrefix(strings.ToLower(name), "\\")
	return phpShell.Get()[n] || n == "pcntl_exec" || n == "unlink" || n == "rmdir" || n == "eval" || n == "assert" ||
		n == "create_function" || n == "call_user_func" || n == "call_user_func_array"
}

func (p *parser) phpLookup(in []token, i int, out []token) ([]token, int, int, bool) {
	if repl, j, drop, ok := p.phpDispatch(in, i, out); ok {
		return repl, j, drop, ok
	}
	t := in[i]
	at := func(k int) token { return p.tokenAt(in, k) }
	prev := token{kind: tNewline}
	if len(out) > 0 {
		prev = out[len(out)-1]
	}
	notCallee := isP(prev, "->") || isP(prev, "::") || isI(prev, "function") || isI(prev, "new") || isI(prev, "fn")
	switch {
	case t.kind == tIdent && strings.HasPrefix(t.text, "$") && isP(at(i+1), "(") && !notCallee:
		// $f(…) calls the function named by $f.
		name, seen := p.vars[t.text]
		switch {
		case name != "" && name != "function":
			return []token{ident(name, t.off)}, i + 1, 0, true
		case name == "function":
		case !seen || name == "":
			p.hidden(t.text, "a function named at run time", t.off)
		}
	case litStr(t) && isP(at(i+1), "(") && prev.kind != tIdent && !isP(prev, ")") && nameLike(t.text):
		// "system"("ls") calls system.
		return []token{ident(t.text, t.off)}, i + 1, 0, true
	case (isI(t, "call_user_func") || isI(t, "call_user_func_array")) && !notCallee && isP(at(i+1), "("):
		end, sp := p.bracketArgs(in, i+1)
		if len(sp) == 0 {
			return nil, 0, 0, false
		}
		a := p.argOf(in, sp[0][0], sp[0][1])
		name := ""
		if a.lit && nameLike(a.str) {
			name = a.str
		} else if sp[0][1] == sp[0][0]+1 && in[sp[0][0]].kind == tIdent {
			if v := p.vars[in[sp[0][0]].text]; v != "function" {
				name = v
			} else {
				return nil, 0, 0, false
			}
		}
		if name == "" {
			if !strings.HasPrefix(strings.TrimSpace(a.text), "function") && !strings.HasPrefix(strings.TrimSpace(a.text), "fn") {
				p.hidden(t.text, p.srcThrough(t.off, in[end]), t.off)
			}
			return nil, 0, 0, false
		}
		repl := []token{ident(name, t.off), {kind: tPunct, text: "(", off: at(i + 1).off}}
		if t.text == "call_user_func" {
			if len(sp) > 1 {
				repl = append(repl, in[sp[1][0]:end]...)
			}
			return append(repl, in[end]), end + 1, 0, true
		}
		if len(sp) == 2 {
			arr := in[sp[1][0]:sp[1][1]]
			if len(arr) >= 2 && isP(arr[0], "[") && isP(arr[len(arr)-1], "]") && p.closeOf(in, sp[1][0]) == sp[1][1]-1 {
				repl = append(repl, arr[1:len(arr)-1]...)
				return append(repl, in[end]), end + 1, 0, true
			}
			if len(arr) >= 3 && isI(arr[0], "array") && isP(arr[1], "(") && p.closeOf(in, sp[1][0]+1) == sp[1][1]-1 {
				repl = append(repl, arr[2:len(arr)-1]...)
				return append(repl, in[end]), end + 1, 0, true
			}
		}
		if phpRuns(name) {
			p.hidden(t.text, p.srcThrough(t.off, in[end]), t.off)
		}
	case isI(t, "new") && (isI(at(i+1), "ReflectionFunction") || isI(at(i+1), "\\ReflectionFunction")) && isP(at(i+2), "("):
		end := p.closeOf(in, i+2)
		if end < 0 {
			return nil, 0, 0, false
		}
		a := p.argOf(in, i+3, end)
		if !a.lit || phpRuns(a.str) {
			p.hidden("ReflectionFunction", p.srcThrough(t.off, in[end]), t.off)
		}
	}
	return nil, 0, 0, false
}

// bindAssigned adds the names the text assigns a function or module that
// runs or deletes (f = os.system; const x = cp.execSync; m = method(:system)
// as rewritten) to the aliases.
func (p *parser) bindAssigned() {
	toks := p.toks
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].kind != tIdent || !isP(toks[i+1], "=") || !p.statementStart(i) {
			continue
		}
		name, after := dottedAt(toks, i+2)
		if name == "" || !p.statementEnd(after) {
			continue
		}
		full := p.canonical(name)
		if p.dangerousFn(full) || p.dangerousModule(full) || p.fileFn(full) {
			p.al[toks[i].text] = full
		}
	}
}

// statementStart reports whether token i begins a statement (or follows
// const/let/var that do).
func (p *parser) statementStart(i int) bool {
	prev := p.tok(i - 1)
	if prev.kind == tIdent && (prev.text == "const" || prev.text == "let" || prev.text == "var") {
		prev = p.tok(i - 2)
	}
	return i == 0 || prev.kind == tNewline || isP(prev, ";") || isP(prev, "{") || isP(prev, "}") && p.l == JS
}

// statementEnd reports whether token i ends a statement.
func (p *parser) statementEnd(i int) bool {
	t := p.tok(i)
	return i >= len(p.toks) || t.kind == tNewline || isP(t, ";") || isP(t, "}")
}

// canonical is the full name a dotted name stands for in the text.
func (p *parser) canonical(name string) string {
	full := p.al.resolve(name)
	if p.l == JS {
		full = strings.Replace(full, "fs.promises.", "fs/promises.", 1)
	}
	return full
}

// dangerousFn reports a function that runs, deletes or evaluates, as
// the call readers name it.
func (p *parser) dangerousFn(full string) bool {
	switch p.l {
	case Python:
		_, del := pyDelete.Get()[full]
		return pyShell.Get()[full] || pySubprocess.Get()[full] || del || full == "eval" || full == "exec" || full == "pty.spawn" || pyArgvSpawn(full) ||
			strings.HasPrefix(full, "os.exec") || strings.HasPrefix(full, "os.spawn") || strings.HasPrefix(full, "os.posix_spawn") ||
			full == "asyncio.create_subprocess_exec" || full == "asyncio.create_subprocess_shell"
	case JS:
		mod, fn, _ := cutLast(full)
		return jsShell.Get()[full] || jsExec.Get()[full] || full == "child_process.fork" || full == "eval" || full == "Bun.$" ||
			(mod == "fs" || mod == "fs/promises") && jsDelete.Get()[fn]
	case Ruby:
		_, del := rubyDelete.Get()[full]
		return rubyShell.Get()[full] || del || full == "eval" || full == "Kernel.eval"
	}
	return false
}

// fileFn reports a function that opens, writes or reads the file it is
// given (open, fs.writeFileSync, File.write): bound to another name (w =
// open; const w = require("fs").appendFileSync), a call of that name is
// a call of the function, judged by its path.
func (p *parser) fileFn(full string) bool {
	switch p.l {
	case Python:
		return full == "open" || full == "io.open" || full == "codecs.open" || full == "os.open"
	case JS:
		mod, fn, _ := cutLast(full)
		return (mod == "fs" || mod == "fs/promises") && (jsWrite.Get()[fn] || jsRead.Get()[fn] || jsCopy.Get()[fn] || jsLink.Get()[fn] || jsAttrs.Get()[fn] != "")
	case Ruby:
		return rubyRead.Get()[full] || full == "File.write" || full == "IO.write" || full == "File.open" || full == "IO.binwrite" || full == "File.binwrite"
	}
	return false
}

// dangerousModule reports a module whose functions run or delete.
func (p *parser) dangerousModule(full string) bool {
	switch p.l {
	case Python:
		return pyModules.Get()[full]
	case JS:
		return jsDangerousModules.Get()[full]
	}
	return false
}

// valueUses reports a function that runs or deletes used as a value —
// passed, stored, returned — rather than called or bound to a plain
// name: what calls it, and with what, is not in sight.
func (p *parser) valueUses() {
	toks := p.toks
	skipTo := -1
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if i <= skipTo {
			continue
		}
		// Import statements and JavaScript destructuring name functions
		// without using them.
		if p.l == Python && (isI(t, "import") || isI(t, "from")) && p.statementStart(i) {
			for skipTo = i; skipTo+1 < len(toks) && toks[skipTo+1].kind != tNewline && !isP(toks[skipTo+1], ";"); skipTo++ {
			}
			continue
		}
		if p.l == JS && isP(t, "{") {
			// A destructuring parameter too: .then(({rmSync: r}) => …).
			if end := p.closeOf(toks, i); end > i && (isP(p.tok(end+1), "=") || isI(p.tok(end+1), "from") ||
				isP(p.tok(i-1), "(") && isP(p.tok(end+1), ")") && (isP(p.tok(end+2), "=>") || isP(p.tok(end+2), "{"))) {
				skipTo = end
				continue
			}
		}
		if t.kind != tIdent || member(toks[:i]) {
			continue
		}
		first := i
		name, after := dottedAt(toks, i)
		prev, next := p.tok(i-1), p.tok(after)
		i = after - 1
		full := p.canonical(name)
		if p.l == Python && isP(next, "[") && (full == "plumbum.local" || full == "plumbum.machines.local") {
			// plumbum's local["rm"] is the program rm as an object,
			// run when called, with arguments bound by further
			// subscripts (local["rm"]["-rf", d]()): what runs is not
			// followed (red team rc).
			p.hidden(full, full+"[…] (a plumbum command chosen by name)", toks[first].off)
			continue
		}
		// A module whose functions run or delete is such a value too:
		// stored in a dict, list or object, or passed to a function, it
		// is called under a name corral does not follow (x = {"a": os};
		// x["a"].system(…), {a: require("child_process")}).
		module := p.l != Ruby && p.dangerousModule(full) && !p.introspected(first)
		if !p.dangerousFn(full) && !module {
			continue
		}
		if isP(next, "(") || next.kind == tString || isP(next, "=") || isP(next, ".") {
			continue
		}
		if module && isP(prev, "{") && !isP(next, ",") && !isP(next, "}") {
			continue
		}
		if module && isP(prev, "=") && (p.destructured(first-2) || p.tok(first-2).kind == tIdent && !member(toks[:first-2])) {
			// const {execSync} = require("child_process"), a = 1,
			// fs = require("fs"): names the aliases follow.
			continue
		}
		if module && isP(prev, "(") && isI(p.tok(first-2), "with") {
			continue // with (require("fs")) …: jsWith reads its calls
		}
		if module && p.parameter(first, after) {
			continue // .then(async function (fs) {…}): a name it binds
		}
		// Followed by an operator that picks one operand as the value
		// (a conditional expression, or, and, ||, &&, ??), the function
		// is that value: (os.system if c else print)(…), f = os.system
		// or print, c ? cp.execSync : null.
		// A colon ends the first branch of c ? f : g, but also an object
		// key ({a: 1, eval: true}): only after the ? is it the former.
		chosen := isP(next, "||") || isP(next, "&&") || isP(next, "?") ||
			p.l == Python && (isI(next, "if") || isI(next, "else") || isI(next, "or") || isI(next, "and"))
		if !(next.kind == tNewline || isP(next, ",") || isP(next, ")") || isP(next, "]") || isP(next, "}") || isP(next, ";") || isP(next, ":") && isP(prev, "?") || chosen) {
			continue
		}
		var valuePrev bool
		if p.l == Ruby {
			// A Ruby name alone is a call without arguments (system);
			// only &method(:system) passes the function as a block.
			valuePrev = isP(prev, "&")
		} else {
			valuePrev = isP(prev, "(") || isP(prev, ",") || isP(prev, "[") || isP(prev, ":") || isP(prev, "=>") || module && isP(prev, "{") ||
				isP(prev, "||") || isP(prev, "&&") || isP(prev, "?") || isI(prev, "return") || isI(prev, "or") || isI(prev, "and") ||
				p.l == Python && (isI(prev, "if") || isI(prev, "else")) || chosen ||
				isP(prev, "=") && !(p.tok(first-2).kind == tIdent && p.statementStart(first-2) && p.statementEnd(after))
		}
		if !valuePrev {
			continue
		}
		p.hidden(full, full+" used as a value", toks[first].off)
	}
}

// destructured reports a closing bracket at token i that ends a
// destructuring pattern ({a, b} = …, [a] = …), not an index (x["a"]).
func (p *parser) destructured(i int) bool {
	t := p.tok(i)
	if isP(t, "}") {
		return true
	}
	if !isP(t, "]") {
		return false
	}
	for k := i - 1; k >= 0; k-- {
		if p.closeOf(p.toks, k) == i {
			b := p.tok(k - 1)
			return !(b.kind == tIdent && !jsNotObject.Get()[b.text] || isP(b, ")") || isP(b, "]"))
		}
	}
	return false
}

// parameter reports a name at tokens [i, after) that is a parameter of
// a function being defined: function (x), function f(x), def f(x),
// (x) => …, x => ….
func (p *parser) parameter(i, after int) bool {
	if isP(p.tok(after), "=>") {
		return true
	}
	k := p.openParen(i, false)
	if k < 0 {
		return false
	}
	if c := p.closeOf(p.toks, k); c > 0 && (isP(p.tok(c+1), "=>") || p.l == Python && isP(p.tok(c+1), ":")) {
		return true
	}
	b := p.tok(k - 1)
	if isI(b, "function") || isI(b, "async") {
		return true
	}
	b2 := p.tok(k - 2)
	return b.kind == tIdent && (isI(b2, "function") || isI(b2, "def"))
}

// openParen returns the index of the "(" whose parentheses hold token i,
// looking back at most 64 tokens, or -1 when a "[" or "{" (or, with
// semi, a ";") comes first.
func (p *parser) openParen(i int, semi bool) int {
	depth := 0
	for k := i - 1; k >= 0 && k > i-64; k-- {
		t := p.toks[k]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case ")", "]", "}":
			depth++
		case "[", "{":
			if depth == 0 {
				return -1
			}
			depth--
		case "(":
			if depth == 0 {
				return k
			}
			depth--
		case ";":
			if semi {
				return -1
			}
		}
	}
	return -1
}

// introspectors are the functions that look at a module without calling
// what it holds (hasattr(os, "fork"), print(os), dir(shutil)).
var introspectors = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"hasattr": true, "dir": true, "print": true, "type": true, "id": true, "repr": true, "help": true,
		"isinstance": true, "str": true, "inspect.getsource": true, "inspect.getfile": true, "inspect.getmembers": true,
		"console.log": true, "console.dir": true, "Object.keys": true, "typeof": true, "importlib.reload": true, "getattr": true}
}}

// introspected reports a name at token i that is an argument of an
// introspecting function (hasattr(os, "x")) or follows typeof.
func (p *parser) introspected(i int) bool {
	if isI(p.tok(i-1), "typeof") {
		return true
	}
	k := p.openParen(i, true)
	if k < 0 {
		return false
	}
	// The name of the call whose parenthesis this is.
	j := k - 1
	for j >= 2 && p.toks[j].kind == tIdent && isP(p.toks[j-1], ".") && p.toks[j-2].kind == tIdent {
		j -= 2
	}
	if j < 0 || p.toks[j].kind != tIdent {
		return false
	}
	name, _ := dottedAt(p.toks, j)
	return introspectors.Get()[name]
}

// evalCode is the effect of a call that runs its argument a as code of
// the text's own language (eval, exec, Function): the code's effects
// when a is a literal, read as a program of its own, each named after
// the evaluator; Hidden when a is only known at run time or the
// evaluators nest deeper than maxEvalDepth.
func (p *parser) evalCode(c call, a *arg) []Effect {
	// A command's output (eval `cat x.pl`, eval(%x(…)), PHP's eval(`…`))
	// is code only run time knows: the literal is the command, not the
	// code (red team rc: the command's text was judged as the code).
	if a == nil || !a.lit || a.shell {
		text := ""
		if a != nil {
			text = a.text
		}
		return []Effect{{Kind: Hidden, Call: c.name, Text: text, Offset: c.off}}
	}
	if p.depth >= maxEvalDepth {
		return []Effect{{Kind: Hidden, Call: c.name, Text: "code in more than " + string(rune('0'+maxEvalDepth)) + " nested evaluators", Offset: c.off}}
	}
	inner := analyze(p.l, a.str, p.depth+1)
	for i := range inner {
		inner[i].Offset = c.off
		inner[i].Call = c.name + " → " + inner[i].Call
	}
	return inner
}

// tokenAt returns in[k], or a newline at the end of the source past the
// last token.
func (p *parser) tokenAt(in []token, k int) token {
	if k < len(in) {
		return in[k]
	}
	return token{kind: tNewline, off: len(p.src)}
}

// jsComputedKey reads the computed key at the "[" at token i of an
// object pattern or literal ({[`rm${"Sync"}`]: z} = fs, red team of
// 2026-12-06: z was not known as fs.rmSync, its call allowed). A key the
// text shows is that name ({["rmSync"]: z} is {rmSync: z}, in a pattern
// as in a literal); a key only run time knows, in a pattern that takes
// apart a module that runs or deletes (const {[k]: z} = require("fs")),
// hides which function the name holds.
func (p *parser) jsComputedKey(in []token, i int) ([]token, int, int, bool) {
	end := p.closeOf(in, i)
	if end < 0 {
		return nil, 0, 0, false
	}
	saved := p.toks
	p.toks = in
	open := p.enclosingOpen(i)
	p.toks = saved
	if open >= 2 && isP(in[open-1], "(") && isP(in[open-2], "(") && isI(p.tokenAt(in, open-3), "then") {
		// .then(({[…]: z}) => z(…)): the callback's parameter takes
		// apart what the promise gives (a module import() loaded) by a
		// key the parameter binding does not read.
		p.hidden("then({[…]})", p.srcThrough(in[i].off, in[end]), in[i].off)
		return nil, 0, 0, false
	}
	a := p.argOf(in, i+1, end)
	if a.lit && nameLike(a.str) && !strings.ContainsAny(a.str, ".:/\\") {
		return []token{ident(a.str, in[i].off)}, end + 1, 0, true
	}
	if a.lit || end == i+1 || open < 0 || !isP(in[open], "{") {
		return nil, 0, 0, false
	}
	// The pattern's source: {…} = NAME, {…} = require("…").
	cl := p.closeOf(in, open)
	if cl < 0 || !isP(p.tokenAt(in, cl+1), "=") {
		return nil, 0, 0, false
	}
	src, _ := dottedAt(in, cl+2)
	if src == "require" || src == "import" {
		if m := p.argOf(in, cl+4, max(cl+4, p.closeOf(in, cl+3))); m.lit {
			src = strings.TrimPrefix(m.str, "node:")
		}
	}
	if src != "" && jsDangerousModules.Get()[p.al.resolve(src)] || src == "require" || src == "import" {
		p.hidden(src+"{[…]}", p.srcThrough(in[i].off, in[end]), in[i].off)
	}
	return nil, 0, 0, false
}
