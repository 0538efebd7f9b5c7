package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Node's require is a function like any other (red team 19 IC1): bound
// to another name it loads modules under that name (const r = require;
// r("child_process")), and so it does reached through the objects that
// hold it (module.require, require.main.require, process.mainModule's,
// Module.prototype.require, globalThis.require where a script sets it),
// called through Function.prototype's call and apply
// (require.call(null, F), r.apply(module, [F])) or picked out of an
// array ([require][0](F)). jsRequireAlias rewrites each of these calls
// into require(…) as written, so that the module it loads and the file
// it runs are read as require's; the names are found by jsBindRequire.
// require handed on as a value corral does not follow (passed to a
// function, stored in an object) asks (jsRequireValues).

// jsRequireHolders are the objects whose require property is require
// (module's own, the main module's, the global one a script may set).
var jsRequireHolders = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"module": true, "process.mainModule": true, "require.main": true, "globalThis": true, "global": true,
		"module.constructor.prototype": true, "module.prototype": true, "self": true, "window": true}
}}

// jsRequireValue reports whether the dotted name stands for require.
func (p *parser) jsRequireValue(name string) bool {
	if name == "require" || p.al.resolve(name) == "require" {
		return true
	}
	holder, last, ok := cutLast(name)
	if !ok || last != "require" {
		return false
	}
	if jsRequireHolders.Get()[holder] {
		return true
	}
	// m.prototype.require with m = require("module").
	if recv, ok := strings.CutSuffix(holder, ".prototype"); ok {
		return p.al.resolve(recv) == "module"
	}
	return false
}

// jsBindRequire adds to the aliases the names the text binds to require:
// const r = require, r = module.require.bind(module), let a = r (r one of
// them), const {require: r} = module. It goes on while a round binds a
// new name (a chain of aliases), at most maxPasses rounds.
func (p *parser) jsBindRequire() bool {
	toks := p.toks
	if !strings.Contains(p.src, "require") {
		return false
	}
	bound := false
	bind := func(name string) bool {
		if name == "require" || p.al[name] == "require" {
			return false
		}
		p.al[name] = "require"
		return true
	}
	for round := 0; round < maxPasses; round++ {
		changed := false
		for i := 0; i+2 < len(toks); i++ {
			switch {
			case toks[i].kind == tIdent && isP(toks[i+1], "=") && !member(toks[:i]):
				// r = EXPR: EXPR a name of require, maybe .bind(…).
				name, after := dottedAt(toks, i+2)
				if name == "" || !p.jsRequireValue(name) {
					continue
				}
				if isP(p.tok(after), ".") && isI(p.tok(after+1), "bind") && isP(p.tok(after+2), "(") {
					if end := p.closeOf(toks, after+2); end > 0 {
						after = end + 1
					}
				}
				if t := p.tok(after); p.statementEnd(after) || isP(t, ",") || isP(t, ")") || t.kind == tNewline {
					changed = bind(toks[i].text) || changed
				}
			case isP(toks[i], "{") && (i == 0 || !isP(toks[i-1], ")") && !isP(toks[i-1], "=>")):
				// {require: r} = module: a destructuring of an object
				// that holds require.
				end := p.closeOf(toks, i)
				if end < 0 || !isP(p.tok(end+1), "=") {
					continue
				}
				holder, _ := dottedAt(toks, end+2)
				if holder == "" || !jsRequireHolders.Get()[holder] && !strings.HasSuffix(holder, ".prototype") {
					continue
				}
				if recv, ok := strings.CutSuffix(holder, ".prototype"); ok && !jsRequireHolders.Get()[holder] && p.al.resolve(recv) != "module" {
					continue
				}
				for k := i + 1; k+2 < end; k++ {
					if isI(toks[k], "require") && isP(toks[k+1], ":") && toks[k+2].kind == tIdent && (isP(toks[k-1], "{") || isP(toks[k-1], ",")) {
						changed = bind(toks[k+2].text) || changed
					}
				}
			}
		}
		if !changed {
			break
		}
		bound = true
	}
	return bound
}

// jsRequireAlias rewrites, at token i of in, a call of require under
// another spelling into require(…): r(F) with r bound to require,
// X.call(THIS, F…) and X.apply(THIS, [F…]) with X require or one of its
// names, holder.require(F) for a holder of require (Module.prototype,
// require.main), [X][0](F).
func (p *parser) jsRequireAlias(in []token, i int, out []token) ([]token, int, int, bool) {
	t := in[i]
	at := func(k int) token { return p.tokenAt(in, k) }
	if isP(t, "[") {
		// [require][0]: an array literal indexed by a constant is its
		// element (after a name, a ) or a ], [ is a subscript).
		if n := len(out); n > 0 && (out[n-1].kind == tIdent && !jsNotObject.Get()[out[n-1].text] || out[n-1].kind == tString ||
			isP(out[n-1], ")") || isP(out[n-1], "]")) {
			return nil, 0, 0, false
		}
		name, after := dottedAt(in, i+1)
		if name != "" && p.jsRequireValue(name) && isP(at(after), "]") && isP(at(after+1), "[") && isI(at(after+2), "0") && isP(at(after+3), "]") {
			return []token{ident("require", in[i+1].off)}, after + 4, 0, true
		}
		return nil, 0, 0, false
	}
	if t.kind != tIdent {
		return nil, 0, 0, false
	}
	if isI(t, "eval") && !member(out) && isP(at(i+1), "(") && litStr(at(i+2)) && isP(at(i+3), ")") {
		// eval("require") evaluates the name: it is require (any name
		// is its own value: eval("fs") is fs).
		if s := at(i + 2).text; nameLike(s) && !strings.ContainsAny(s, ":/\\$") {
			return nameToks(s, t.off), i + 4, 0, true
		}
		return nil, 0, 0, false
	}
	drop := 0
	if member(out) {
		if t.text != "require" {
			return nil, 0, 0, false
		}
		recv, n := dottedEnd(out[:len(out)-1])
		direct := isP(at(i+1), "(")
		if recv == "" || !p.jsRequireValue(recv+".require") || direct && (recv == "module" || recv == "process.mainModule" || jsGlobals.Get()[recv]) {
			// module.require(F) is jsLookup's.
			return nil, 0, 0, false
		}
		drop = n + 1
	} else if !(t.text == "require" && drop == 0 && isP(at(i+1), ".")) && !(t.text != "require" && p.al.resolve(t.text) == "require") {
		return nil, 0, 0, false
	}
	req := ident("require", t.off)
	switch {
	case isP(at(i+1), "("):
		if t.text == "require" && drop == 0 {
			return nil, 0, 0, false
		}
		return []token{req}, i + 1, drop, true
	case isP(at(i+1), ".") && (isI(at(i+2), "call") || isI(at(i+2), "apply")) && isP(at(i+3), "("):
		end := p.closeOf(in, i+3)
		if end < 0 {
			return nil, 0, 0, false
		}
		_, sp := p.bracketArgs(in, i+3)
		repl := []token{req, {kind: tPunct, text: "(", off: in[i+3].off}}
		if isI(at(i+2), "call") {
			if len(sp) > 1 {
				repl = append(repl, in[sp[1][0]:end]...)
			}
		} else if len(sp) > 1 && isP(in[sp[1][0]], "[") {
			if c := p.closeOf(in, sp[1][0]); c > 0 && c < end {
				repl = append(repl, in[sp[1][0]+1:c]...)
			}
		} else {
			return nil, 0, 0, false // apply of an array only run time knows
		}
		return append(repl, token{kind: tPunct, text: ")", off: in[end].off}), end + 1, drop, true
	}
	return nil, 0, 0, false
}

// jsRequireValues reports require, or a name bound to it, used as a
// value the code hands on rather than calls or binds to a plain name:
// (r => r(F))(require), f(require), {r: require}, return require. What
// calls it, and with what, is not in sight. A function's parameter
// named require, typeof require and a && or || test of it are not uses.
func (p *parser) jsRequireValues() {
	toks := p.toks
	if !strings.Contains(p.src, "require") {
		return
	}
	for i, t := range toks {
		if t.kind != tIdent || member(toks[:i]) || !(t.text == "require" || p.al[t.text] == "require") {
			continue
		}
		prev, next := p.tok(i-1), p.tok(i+1)
		if !(isP(next, ")") || isP(next, ",") || isP(next, "]") || isP(next, "}") || isP(next, ";") || next.kind == tNewline || i+1 >= len(toks)) {
			continue
		}
		if !(isP(prev, "(") || isP(prev, ",") || isP(prev, "[") || isP(prev, ":") || isP(prev, "=>") || isP(prev, "?") || isI(prev, "return")) {
			continue
		}
		if p.jsParam(i) || isP(prev, ":") && p.jsDestructured(i) || isI(prev, "return") && p.depth > 0 {
			// new Function("return require")() is read as require
			// where it is called (the evaluator's own reading).
			continue
		}
		p.hidden("require", t.text+" used as a value", t.off)
	}
}

// jsParam reports whether token i is in the parameter list of a
// function: the ( before it follows function (or its name), or the )
// after it is followed by => or {.
func (p *parser) jsParam(i int) bool {
	j := p.enclosingOpen(i)
	if j < 0 || !isP(p.toks[j], "(") {
		return false
	}
	if isI(p.tok(j-1), "function") || p.tok(j-1).kind == tIdent && isI(p.tok(j-2), "function") {
		return true
	}
	end := p.closeOf(p.toks, j)
	return end > 0 && (isP(p.tok(end+1), "=>") || isP(p.tok(end+1), "{"))
}

// jsDestructured reports whether token i is the name a destructuring
// pattern binds ({require: r} = module: r), not an object's value.
func (p *parser) jsDestructured(i int) bool {
	j := p.enclosingOpen(i)
	if j < 0 {
		return false
	}
	end := p.closeOf(p.toks, j)
	return isP(p.toks[j], "{") && end > 0 && isP(p.tok(end+1), "=")
}

// enclosingOpen returns the index of the bracket ( [ or { that token i
// stands in, looking back at most 256 tokens, or -1.
func (p *parser) enclosingOpen(i int) int {
	depth := 0
	for j := i - 1; j >= 0 && i-j < 256; j-- {
		t := p.toks[j]
		switch {
		case isP(t, ")") || isP(t, "]") || isP(t, "}"):
			depth++
		case isP(t, "(") || isP(t, "[") || isP(t, "{"):
			if depth > 0 {
				depth--
				continue
			}
			return j
		}
	}
	return -1
}

// jsRequireRebind binds the names the rewritten text binds to require
// (const r = require("module").prototype.require, once require("module")
// is module) and rewrites their calls too; then it reports require used
// as a value.
func (p *parser) jsRequireRebind() {
	if p.jsBindRequire() {
		for pass := 0; pass < maxPasses && p.rewrite(); pass++ {
		}
	}
	p.jsRequireValues()
	p.bindAssigned() // const x = r("fs"), now const x = fs
	p.jsBindDestructured()
}

// jsBindDestructured binds the names a destructuring of a module takes
// its functions by, whatever the module's value was spelled as before
// the rewriting (const {rmSync} = r("fs"), now = fs; const {execSync: e}
// = cp with cp = require("child_process"); const {rmSync} = fs, node -e's
// global): rmSync is fs.rmSync, e is child_process.execSync.
func (p *parser) jsBindDestructured() {
	toks := p.toks
	for i := 0; i+3 < len(toks); i++ {
		// ({rmSync: z} = fs): a pattern assigned in an expression
		// statement, in parentheses, binds as a declaration does.
		paren := isP(p.tok(i-1), "(") && p.statementStart(i-1)
		if !isP(toks[i], "{") || !p.statementStart(i) && !paren {
			continue
		}
		end := p.closeOf(toks, i)
		if end < 0 || !isP(p.tok(end+1), "=") {
			continue
		}
		name, after := dottedAt(toks, end+2)
		if paren && isP(p.tok(after), ")") {
			after++
		}
		if name == "" || !p.statementEnd(after) && !isP(p.tok(after), ",") {
			continue
		}
		mod := p.canonical(name)
		if mod == "fs.promises" {
			mod = "fs/promises"
		}
		if !jsModules.Get()[mod] {
			continue
		}
		for k := i + 1; k < end; k++ {
			if toks[k].kind != tIdent || !isP(toks[k-1], "{") && !isP(toks[k-1], ",") {
				continue
			}
			from, to := toks[k].text, toks[k].text
			if isP(p.tok(k+1), ":") && p.tok(k+2).kind == tIdent {
				to = p.tok(k + 2).text
			}
			switch {
			case from == "promises" && mod == "fs":
				p.al[to] = "fs/promises"
			case from == "default":
				p.al[to] = mod
			default:
				p.al[to] = mod + "." + from
			}
		}
	}
}

// jsRequireIncludes returns the Include effects of the files require
// loads under another spelling (r("./x.js") with r = require,
// require.call(null, "/abs/x.js")), read from a copy of the tokens with
// those calls rewritten; require("./x.js") as written is imports'.
func (p *parser) jsRequireIncludes() []Effect {
	if !strings.Contains(p.src, "require") {
		return nil
	}
	q := &parser{src: p.src, toks: p.toks, l: p.l}
	q.al = jsBindings(q.src)
	q.jsBindRequire()
	for pass := 0; pass < maxPasses && q.rewrite(); pass++ {
	}
	q.jsBindRequire()
	for pass := 0; pass < maxPasses && q.rewrite(); pass++ {
	}
	var out []Effect
	for i := 0; i+3 < len(q.toks) && len(out) < maxImports; i++ {
		t := q.toks[i]
		if !isI(t, "require") || !isP(q.toks[i+1], "(") || q.toks[i+2].kind != tString || !q.toks[i+2].lit || !isP(q.toks[i+3], ")") {
			continue
		}
		if rest := strings.TrimLeft(strings.TrimPrefix(p.src[t.off:], "require"), " \t"); strings.HasPrefix(p.src[t.off:], "require") && strings.HasPrefix(rest, "(") {
			continue // as written: imports'
		}
		f := q.toks[i+2].text
		if strings.HasPrefix(f, "./") || strings.HasPrefix(f, "../") || strings.HasPrefix(f, "/") {
			out = append(out, Effect{Kind: Include, Call: "require", Path: f, Offset: t.off, Relative: true, Text: NodeRequire})
		}
	}
	return out
}
