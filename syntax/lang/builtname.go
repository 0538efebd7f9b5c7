package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Names built at run time in Lua and R: a program can reach the function
// that runs shell text without spelling it as a call, as Python's
// getattr(os, "sys"+"tem") does (indirect.go).
//
//   - Lua: an index by a string is the field (os["exe".."cute"] is
//     os.execute, _G["os"] is os), _G.x and _ENV.x are the global x, and
//     a name bound to a module or a function of os or io (local o = os,
//     local f = io.popen) stands for it. An index only known at run time
//     of os, io, _G or _ENV that is called asks.
//   - R: get("system"), get0, match.fun and getFunction of a name are
//     the function; do.call(NAME, list(ARGS…)) is NAME(ARGS…); base::f is
//     f; paste and paste0 of literals are the literal they make; a name
//     bound to a function that runs or deletes (f <- system) stands for
//     it. A function named at run time (get(x)(…), f <- get(x); f(…),
//     do.call(x, …) of a name the text assigns) asks, and so does a
//     function that runs or deletes passed as a value (sapply(c, system)).
//
// lua() reads load and loadstring of a string, and rlang() parse(text =
// …), str2lang and str2expression of one, as code of the language.
//
// builtNames rewrites the tokens as the lookups of indirect.go do, so
// that lua() and rlang() read the direct calls.
func (p *parser) builtNames() {
	b := &nameBinder{p: p, runtime: map[string]bool{}, al: aliases{}, metas: map[string]string{}, metaAt: map[int]bool{}}
	lookup := b.luaLookup
	if p.l == R {
		lookup = b.rLookup
		// paste0("sys", "tem") first: the names bound to strings are
		// then known.
		for pass := 0; pass < maxPasses && p.rewriteWith(b.rPaste); pass++ {
		}
	}
	for pass := 0; pass < maxPasses; pass++ {
		assigned := p.l == R && p.rewriteWith(b.rAssign)
		b.bind()
		if p.l == R {
			b.strs = b.rStrings()
		}
		changed := p.rewriteWith(lookup)
		b.bind()
		if p.rewriteWith(b.subst) || assigned {
			changed = true
		}
		if !changed {
			break
		}
	}
	// The lookups once more, to report what is only known at run time.
	b.final = true
	p.rewriteWith(lookup)
	b.report()
}

// nameBinder holds what builtNames has learnt of the text's names.
type nameBinder struct {
	p *parser
	// al maps a name bound to a module or a function that runs (in
	// every assignment of it) to that module or function; mixed names
	// a name bound to one and to something else too.
	al    aliases
	mixed map[string]string
	// strs maps an R name bound to one literal string, and nothing
	// else, to it; assigned holds the names the text binds to anything
	// but a function or a function's name.
	strs     map[string]string
	assigned map[string]bool
	// runtime are the R names bound to a function named at run time
	// (f <- get(x)).
	runtime map[string]bool
	// final is set for the last pass, which reports the lookups only
	// known at run time.
	final bool
	// metas maps a Lua name given a metatable whose __index is a module
	// (setmetatable(t, {__index = os})) to that module; metaAt holds
	// the offsets of those __index values, read as bindings.
	metas  map[string]string
	metaAt map[int]bool
	// metaTables maps a Lua name bound once, to a table whose __index
	// is a module (local mt = {__index = os}), to that module; boundAt
	// holds the offsets of the values bind follows.
	metaTables  map[string]string
	metaTableAt map[string]int
	boundAt     map[int]bool
}

// luaRoots are the Lua globals whose fields run, delete or open.
var luaRoots = lazy.Set{List: []string{"os", "io", "_G", "_ENV"}}

// luaLoaders are the Lua functions that compile a string as a chunk.
var luaLoaders = lazy.Set{List: []string{"load", "loadstring", "dofile", "loadfile", "require"}}

// luaKeywords are the Lua words after which [ cannot index.
var luaKeywords = lazy.Set{List: []string{"return", "and", "or", "not", "in", "do", "then", "else", "elseif", "local", "until", "repeat"}}

// rRunners are the R functions that run, delete or evaluate (rlang),
// but for source, which rRunner adds: a list of string literals holding
// two names that are also shell programs (eval, source) would read as a
// list of runners outside syntax.RunnerOf's table
// (TestNoRunnerListsOutsideTable).
var rRunners = lazy.Set{List: []string{"system", "system2", "shell", "pipe", "unlink", "file.remove", "eval", "evalq", "parse",
	"sys.source", "str2lang", "str2expression"}}

// rRunner reports an R function that runs, deletes or evaluates.
func rRunner(name string) bool { return name == "source" || rRunners.Has(name) }

// rGetters are the R functions that return the function a string names.
var rGetters = lazy.Set{List: []string{"get", "get0", "match.fun", "getFunction", "dynGet", "base.get", "base.match.fun"}}

// luaDangerous reports a Lua value a name may stand for: a module whose
// functions run, delete or open, one of their functions, or a loader.
func luaDangerous(full string) bool {
	root, _, _ := strings.Cut(full, ".")
	return luaRoots.Has(root) || luaLoaders.Has(full)
}

func (b *nameBinder) luaLookup(in []token, i int, out []token) ([]token, int, int, bool) {
	p := b.p
	t := in[i]
	at := func(k int) token { return p.tokenAt(in, k) }
	switch {
	case (isI(t, "_G") || isI(t, "_ENV")) && !member(out) && isP(at(i+1), ".") && at(i+2).kind == tIdent:
		// _G.os is os.
		return nil, i + 2, 0, true
	case t.kind == tIdent && !member(out):
		if repl, j, ok := b.luaModule(in, i, out); ok {
			return repl, j, 0, true
		}
	case isP(t, "[") && len(out) > 0 && (out[len(out)-1].kind == tIdent && !luaKeywords.Has(out[len(out)-1].text) || isP(out[len(out)-1], ")") || isP(out[len(out)-1], "]")):
		// os["exe".."cute"] is os.execute.
		end := p.closeOf(in, i)
		if end <= i+1 {
			return nil, 0, 0, false
		}
		a := p.argOf(in, i+1, end)
		if a.lit && isIdentName(a.str) {
			return []token{{kind: tPunct, text: ".", off: t.off}, ident(a.str, t.off)}, end + 1, 0, true
		}
		if a.lit {
			return nil, 0, 0, false
		}
		obj, _ := dottedEnd(out)
		full := b.al.resolve(obj)
		if root, _, _ := strings.Cut(full, "."); b.final && luaRoots.Has(root) && (isP(at(end+1), "(") || at(end+1).kind == tString) {
			p.hidden(obj+"[…]", "a field of "+full+" named at run time, called: "+p.srcThrough(out[len(out)-1].off, in[end]), t.off)
		}
	}
	return nil, 0, 0, false
}

// subst spells a name bound to a module or a function as what it holds
// (o.execute with o = os is os.execute; f(…) with f = os.execute is
// os.execute(…)), except where it is assigned.
func (b *nameBinder) subst(in []token, i int, out []token) ([]token, int, int, bool) {
	t := in[i]
	if b.p.l == Lua && t.kind == tIdent && !member(out) {
		// t.run(…) with t = {run = os.execute} or t.run = os.execute.
		if name, after := dottedAt(in, i); strings.Contains(name, ".") {
			full, ok := b.al[name]
			if n := len(out); ok && !isP(b.p.tokenAt(in, after), "=") && (n == 0 || !isI(out[n-1], "function")) {
				return nameToks(full, t.off), after, 0, true
			}
		}
	}
	full, ok := b.al[t.text]
	if t.kind != tIdent || !ok || member(out) {
		return nil, 0, 0, false
	}
	next := b.p.tokenAt(in, i+1)
	if isP(next, "=") || b.p.l == R && rLeftArrow(in, i+1) > 0 || isP(next, ",") {
		return nil, 0, 0, false
	}
	if n := len(out); n > 0 && (isI(out[n-1], "local") || isI(out[n-1], "function") || isI(out[n-1], "for") || isP(out[n-1], "->")) {
		return nil, 0, 0, false
	}
	if b.p.l == R && !isP(next, "(") {
		return nil, 0, 0, false // only a call of it matters
	}
	return nameToks(full, t.off), i + 1, 0, true
}

// bind finds the names the text assigns a module or a function that
// runs: NAME = VALUE, local NAME = VALUE (Lua), NAME <- VALUE (R), VALUE
// being a dotted name alone in its statement.
func (b *nameBinder) bind() {
	p := b.p
	toks := p.toks
	vals := map[string]map[string]bool{}
	count, tables, tableAt := map[string]int{}, map[string]string{}, map[string]int{}
	b.boundAt = map[int]bool{}
	p.eachAssign(func(i, first, k, last int) {
		count[toks[i].text]++
		t := toks[i]
		if prev := p.tok(first - 1); !(first == 0 || prev.kind == tNewline || isP(prev, ";") || isI(prev, "local") || isP(prev, "{") ||
			isI(prev, "then") || isI(prev, "do") || isI(prev, "else") || isP(prev, "}") || isP(prev, ")")) {
			return
		}
		if vals[t.text] == nil {
			vals[t.text] = map[string]bool{}
		}
		name, after := dottedAt(toks, k)
		end := p.tok(after)
		stmtEnd := last >= 0 && after == last || last < 0 && (after >= len(toks) || end.kind == tNewline || isP(end, ";") || isP(end, "}") ||
			p.l == Lua && end.kind == tIdent && !isI(end, "or") && !isI(end, "and"))
		full := ""
		if name != "" && stmtEnd {
			full = b.al.resolve(name)
			if p.l == Lua && !luaDangerous(full) || p.l == R && !rRunner(full) {
				full = ""
			}
		}
		if full != "" && !isP(p.tok(first-1), "{") {
			b.boundAt[toks[k].off] = true // not a table's field
		}
		if c := p.closeOf(toks, k); p.l == Lua && k < len(toks) && isP(toks[k], "{") && c > k && (last < 0 && p.statementEnd(c+1) || last == c+1) {
			// local mt = {__index = os}
			if mod, at := b.luaIndex(toks, k, c); at >= 0 {
				tables[t.text], tableAt[t.text] = mod, toks[at].off
			}
			// local t = {run = os.execute}: t.run is os.execute.
			b.luaFields(toks, k, c, func(field, full string) {
				key := t.text + "." + field
				if vals[key] == nil {
					vals[key] = map[string]bool{}
				}
				vals[key][full] = true
			})
		}
		vals[t.text][full] = true
	})
	if p.l == Lua {
		// x.f = os.remove: x.f is os.remove.
		for i := 0; i < len(toks); i++ {
			prev := p.tok(i - 1)
			if toks[i].kind != tIdent || member(toks[:i]) || !(i == 0 || prev.kind == tNewline || isP(prev, ";") || isP(prev, ")") || isP(prev, "}") ||
				isI(prev, "then") || isI(prev, "do") || isI(prev, "else") || isI(prev, "end")) {
				continue
			}
			name, after := dottedAt(toks, i)
			if !strings.Contains(name, ".") || !isP(p.tok(after), "=") {
				continue
			}
			full := b.luaFieldValue(toks, after+1, func(e int) bool { return p.statementEnd(e) || p.tok(e).kind == tIdent })
			if vals[name] == nil {
				vals[name] = map[string]bool{}
			}
			vals[name][full] = true
			i = after
		}
	}
	b.metaTables, b.metaTableAt = map[string]string{}, map[string]int{}
	for name, mod := range tables {
		if mod != "" && count[name] == 1 {
			b.metaTables[name], b.metaTableAt[name] = mod, tableAt[name]
		}
	}
	for name, x := range b.metas {
		// setmetatable(t, {__index = os}): what t lacks is os's.
		delete(vals[name], "")
		if vals[name] == nil {
			vals[name] = map[string]bool{}
		}
		vals[name][x] = true
	}
	b.al, b.mixed = aliases{}, map[string]string{}
	for name, vs := range vals {
		var dangerous []string
		for v := range vs {
			if v != "" {
				dangerous = append(dangerous, v)
			}
		}
		switch {
		case len(dangerous) == 1 && len(vs) == 1:
			if dangerous[0] != name {
				b.al[name] = dangerous[0]
			}
		case len(dangerous) > 0:
			b.mixed[name] = dangerous[0]
		}
	}
}

// report adds the Hidden effects of the names bound to a function that
// runs in one assignment and to something else in another, and of the R
// names bound to a function named at run time, where they are called; and
// of an R function that runs or deletes used as a value anywhere but as
// the value of a name bind follows (sapply(cmds, system), Map(unlink,
// paths), .GlobalEnv$f <- system, list(run = system)): what calls it,
// with what, is not in sight.
func (b *nameBinder) report() {
	p := b.p
	for i, t := range p.toks {
		if p.l == R && t.kind == tIdent && !member(p.toks[:i]) {
			name, after := dottedAt(p.toks, i)
			prev, next := p.tok(i-1), p.tok(after)
			if rValueRunners.Has(name) && !isP(next, "(") && !isP(next, "=") && rLeftArrow(p.toks, after) == 0 &&
				!isP(prev, "$") && !isP(prev, "@") && !isP(prev, "?") && !b.rIntrospected(i) && !b.rBound(i) {
				p.hidden(name, name+" used as a value", t.off)
			}
		}
		if p.l == Lua && t.kind == tIdent && !member(p.toks[:i]) {
			b.luaValue(i)
		}
		if t.kind != tIdent || member(p.toks[:i]) || !isP(p.tok(i+1), "(") {
			continue
		}
		if full, ok := b.mixed[t.text]; ok {
			p.hidden(t.text, t.text+" is "+full+" in one assignment and something else in another", t.off)
		} else if b.runtime[t.text] {
			p.hidden(t.text, t.text+" holds a function named at run time", t.off)
		}
	}
}

// luaValues are the Lua modules, module tables and functions that run,
// delete or compile, whose use as a value asks; luaLookers the functions
// that only look at one.
var (
	luaValues = lazy.Set{List: []string{"os", "io", "_G", "_ENV", "package.loaded", "os.execute", "io.popen", "os.remove", "os.rename",
		"load", "loadstring", "dofile", "loadfile"}}
	luaLookers = lazy.Set{List: []string{"print", "type", "tostring", "rawequal", "io.write"}}
)

// luaValue adds the Hidden effect of a Lua module or function of
// luaValues at token i used as a value, other than as what bind and the
// metatables follow (local o = os; setmetatable(t, {__index = os})):
// passed on (pcall(os.execute, c), select(2, os.execute)), stored in a
// table ({run = os.execute}), iterated (pairs(os)), an __index that is
// a function. What calls it, with what, is not in sight. So is the
// registry (debug.getregistry()), which holds every loaded module.
func (b *nameBinder) luaValue(i int) {
	p := b.p
	t := p.toks[i]
	name, after := dottedAt(p.toks, i)
	if name == "debug.getregistry" {
		p.hidden(name, "the registry, which holds the loaded modules (os, io)", t.off)
		return
	}
	full := b.al.resolve(name)
	next, prev := p.tok(after), p.tok(i-1)
	what := " used as a value"
	if isP(next, "[") && (luaRoots.Has(full) || full == "package.loaded") {
		// os[k] or _G[k], k only known at run time (a literal key is
		// a field by now), not called (luaLookup) nor assigned to.
		end := p.closeOf(p.toks, after)
		if n := p.tok(end + 1); end < 0 || isP(n, "=") || isP(n, "(") || n.kind == tString {
			return
		}
		next, what = token{}, " indexed by a key only known at run time"
	}
	if !luaValues.Has(full) || b.boundAt[t.off] || b.metaAt[t.off] || isP(next, "(") || next.kind == tString || isP(next, "[") ||
		isP(next, "=") || isP(next, ",") && isI(p.tok(i-2), "local") || isI(prev, "local") || isI(prev, "function") || isI(prev, "for") ||
		isP(prev, "(") && isI(p.tok(i-2), "setmetatable") {
		return
	}
	if k := p.openParen(i, true); k >= 1 && p.toks[k-1].kind == tIdent {
		if fn, _ := p.dotted(k - 1); luaLookers.Has(fn) {
			return
		}
	}
	p.hidden(name, full+what, t.off)
}

// rValueRunners are the R functions that run or delete, passed as a
// value; rLookers the functions that only look at one.
var (
	rValueRunners = lazy.Set{List: []string{"system", "system2", "shell", "pipe", "unlink", "file.remove"}}
	rLookers      = lazy.Set{List: []string{"print", "args", "formals", "body", "environment", "exists", "is.function", "identical",
		"class", "str", "deparse", "substitute", "quote", "missing", "help", "typeof", "mode"}}
)

// rBound reports a name at token i that is the whole value of an
// assignment bind follows (f <- system: f's calls are system's).
func (b *nameBinder) rBound(i int) bool {
	p := b.p
	lhs := -1
	switch {
	case isP(p.tok(i-1), "=") || isP(p.tok(i-1), "<-"):
		lhs = i - 2
	case i >= 3 && rLeftArrow(p.toks, i-2) == 2:
		lhs = i - 3
	}
	if lhs < 0 || p.tok(lhs).kind != tIdent || !p.statementEnd(i+1) {
		return false
	}
	_, bound := b.al[p.toks[lhs].text]
	_, mixed := b.mixed[p.toks[lhs].text]
	return bound || mixed
}

// rIntrospected reports a name at token i that is an argument of a call
// of rLookers (print(system)).
func (b *nameBinder) rIntrospected(i int) bool {
	p := b.p
	k := p.openParen(i, true)
	if k < 1 || p.toks[k-1].kind != tIdent {
		return false
	}
	name, _ := p.dotted(k - 1)
	return rLookers.Has(name)
}

// rStrings maps the R names bound to one literal string, and to nothing
// else, to it (f <- "system", f = "system"); it sets assigned to the
// names bound to anything but a function or a function's name.
func (b *nameBinder) rStrings() map[string]string {
	p := b.p
	toks := p.toks
	out := map[string]string{}
	b.assigned = map[string]bool{}
	p.eachAssign(func(i, _, k, _ int) {
		t := toks[i]
		if isP(toks[i+1], "=") && (isP(p.tok(i-1), "(") || isP(p.tok(i-1), ",")) {
			return // a keyword argument
		}
		v := "\x00"
		_, after := dottedAt(toks, k)
		if e := p.tok(k + 1); k < len(toks) && litStr(toks[k]) && (k+1 >= len(toks) || e.kind == tNewline || isP(e, ";") || isP(e, "}")) {
			v = toks[k].text
		} else if k < len(toks) && isI(toks[k], "function") || after > k && p.statementEnd(after) {
			// A function, or a name of one (f <- mean): not a string.
			if _, seen := out[t.text]; !seen {
				return
			}
		}
		if old, seen := out[t.text]; seen && old != v {
			v = "\x00"
		}
		out[t.text] = v
		b.assigned[t.text] = true
	})
	for k, v := range out {
		if v == "\x00" {
			delete(out, k)
		}
	}
	return out
}

// rFnName reports the function the argument [a, e) of in names: a
// literal string, or a name bound to one. ok is false when it is a name
// the text assigns something else, or an expression; bare reports a
// name the text never assigns (a function: do.call(rbind, …)).
func (b *nameBinder) rFnName(in []token, a, e int) (name string, ok, bare bool) {
	if e == a+1 && in[a].kind == tIdent {
		if v, has := b.strs[in[a].text]; has {
			return v, true, false
		}
		if full, has := b.al[in[a].text]; has {
			return full, true, true // s <- system; do.call(s, …)
		}
		if b.assigned[in[a].text] {
			return "", false, false
		}
		return in[a].text, true, true
	}
	if x := b.p.argOf(in, a, e); x.lit && x.key == "" {
		return x.str, true, false
	}
	if n, after := dottedAt(in, a); n != "" && after == e && !b.assigned[in[a].text] {
		return n, true, true // base::system, file.remove
	}
	return "", false, false
}

// rNameLike reports a string that can name an R function.
func rNameLike(s string) bool {
	if s == "" || !isIdentStart(s[0]) && s[0] != '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdent(s[i]) && s[i] != '.' {
			return false
		}
	}
	return true
}

func (b *nameBinder) rLookup(in []token, i int, out []token) ([]token, int, int, bool) {
	p := b.p
	t := in[i]
	at := func(k int) token { return p.tokenAt(in, k) }
	if t.kind != tIdent || member(out) {
		return nil, 0, 0, false
	}
	if isI(t, "base") && isP(at(i+1), "::") && at(i+2).kind == tIdent {
		// base::system is system.
		return nil, i + 2, 0, true
	}
	if isI(t, "base") && isP(at(i+1), "::") && isP(at(i+2), ":") && at(i+3).kind == tIdent {
		return nil, i + 3, 0, true // base:::system
	}
	name, after := dottedAt(in, i)
	if !isP(at(after), "(") {
		return nil, 0, 0, false
	}
	end, sp := p.bracketArgs(in, after)
	if end < 0 {
		return nil, 0, 0, false
	}
	switch {
	case rGetters.Has(name):
		// get("system") is system.
		if len(sp) == 0 {
			return nil, 0, 0, false
		}
		if fn, ok, bare := b.rFnName(in, sp[0][0], sp[0][1]); ok && !bare && rNameLike(fn) {
			return nameToks(fn, t.off), end + 1, 0, true
		}
		if !b.final {
			return nil, 0, 0, false
		}
		switch n := len(out); {
		case isP(at(end+1), "("):
			p.hidden(name, p.srcThrough(t.off, in[end])+" called: a function named at run time", t.off)
		case n >= 2 && isP(out[n-1], "<-") && out[n-2].kind == tIdent:
			b.runtime[out[n-2].text] = true
		case n >= 3 && rLeftArrow(out, n-2) == 2 && out[n-3].kind == tIdent:
			b.runtime[out[n-3].text] = true
		case n >= 2 && isP(out[n-1], "=") && out[n-2].kind == tIdent:
			b.runtime[out[n-2].text] = true
		}
	case name == "do.call" || name == "base.do.call":
		// do.call("system", list("ls")) is system("ls").
		if len(sp) == 0 {
			return nil, 0, 0, false
		}
		fn, ok, bare := b.rFnName(in, sp[0][0], sp[0][1])
		if !ok || !rNameLike(fn) {
			if !b.final {
				return nil, 0, 0, false
			}
			p.hidden("do.call", p.srcThrough(t.off, in[end])+": a function named at run time", t.off)
			return nil, 0, 0, false
		}
		if bare && !rRunner(fn) {
			return nil, 0, 0, false // do.call(rbind, parts)
		}
		repl := nameToks(fn, t.off)
		repl = append(repl, token{kind: tPunct, text: "(", off: in[after].off})
		if len(sp) > 1 {
			s := sp[1]
			head, hAfter := dottedAt(in, s[0])
			if (head == "list" || head == "c") && isP(at(hAfter), "(") && p.closeOf(in, hAfter) == s[1]-1 {
				repl = append(repl, in[hAfter+1:s[1]-1]...)
			} else {
				repl = append(repl, in[s[0]:s[1]]...)
			}
		}
		return append(repl, token{kind: tPunct, text: ")", off: in[end].off}), end + 1, 0, true
	}
	return nil, 0, 0, false
}

// rPaste folds paste and paste0 of literals into the literal they make
// when it can name a function (paste0("sys", "tem") is "system").
func (b *nameBinder) rPaste(in []token, i int, out []token) ([]token, int, int, bool) {
	p := b.p
	t := in[i]
	if !(isI(t, "paste") || isI(t, "paste0")) || member(out) || !isP(p.tokenAt(in, i+1), "(") {
		return nil, 0, 0, false
	}
	name := t.text
	end, sp := p.bracketArgs(in, i+1)
	if end < 0 {
		return nil, 0, 0, false
	}
	// paste0("sys", "tem") is "system".
	sep := " "
	if name == "paste0" {
		sep = ""
	}
	var parts []string
	for _, s := range sp {
		a := p.argOf(in, s[0], s[1])
		switch {
		case a.key == "sep" && a.lit:
			sep = a.str
		case a.key == "" && a.lit:
			parts = append(parts, a.str)
		default:
			return nil, 0, 0, false
		}
	}
	if v := strings.Join(parts, sep); len(parts) > 0 && rNameLike(v) && len(v) <= maxFoldLen {
		return []token{{kind: tString, lit: true, text: v, off: t.off}}, end + 1, 0, true
	}
	return nil, 0, 0, false
}

// eachAssign calls visit for each assignment of a name the tokens hold:
// NAME = VALUE, in R NAME <- VALUE and NAME <<- VALUE, and in Lua the
// multiple assignment A, B = X, Y (A gets X, B gets Y, a name without a
// value nil). i is the name's token, first the first name's of the
// statement, k VALUE's first token (len(p.toks) for none) and last the
// comma that ends VALUE, or -1 when VALUE runs to the statement's end.
// It is the loop bind and rStrings share.
func (p *parser) eachAssign(visit func(i, first, k, last int)) {
	toks := p.toks
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].kind != tIdent || member(toks[:i]) {
			continue
		}
		if p.l == R {
			if isP(toks[i+1], "=") {
				visit(i, i, i+2, -1)
			} else if n := rLeftArrow(toks, i+1); n > 0 {
				visit(i, i, i+1+n, -1)
			}
			continue
		}
		if isP(p.tok(i-1), ",") {
			continue // one of a list of names, read from the first
		}
		names := []int{i}
		j := i + 1
		for isP(p.tok(j), ",") && p.tok(j+1).kind == tIdent && len(names) < maxSegments {
			names = append(names, j+1)
			j += 2
		}
		if !isP(p.tok(j), "=") {
			continue
		}
		k := j + 1
		for n, at := range names {
			if k >= len(toks) {
				visit(at, i, len(toks), -1)
				continue
			}
			last := -1
			for e := k; e < len(toks) && !p.statementEnd(e); e++ {
				if isP(toks[e], "(") || isP(toks[e], "[") || isP(toks[e], "{") {
					if c := p.closeOf(toks, e); c > e {
						e = c
					}
					continue
				}
				if isP(toks[e], ",") {
					last = e
					break
				}
			}
			if n < len(names)-1 && last < 0 {
				visit(at, i, k, -1)
				k = len(toks) // the names after have no value
				continue
			}
			visit(at, i, k, last)
			if last < 0 {
				k = len(toks)
			} else {
				k = last + 1
			}
		}
	}
}

// rLeftArrow is the number of tokens of R's <- or <<- at k of toks (a
// <- made of ->, rightAssign, is one), 0 when there is none.
func rLeftArrow(toks []token, k int) int {
	if k < 0 || k >= len(toks) {
		return 0
	}
	t := toks[k]
	if isP(t, "<-") {
		return 1
	}
	if (isP(t, "<") || isP(t, "<<")) && k+1 < len(toks) && isP(toks[k+1], "-") && toks[k+1].off == t.off+len(t.text) {
		return 2
	}
	return 0
}

// rAssign spells R's other assignments as NAME <- VALUE, so that bind,
// rStrings and the lookups read them as that: VALUE -> NAME and VALUE
// ->> NAME bind NAME as <- and <<- do (system -> f is f <- system), and
// so do assign("NAME", VALUE) and delayedAssign("NAME", VALUE) as a
// statement of their own (their environment argument aside).
func (b *nameBinder) rAssign(in []token, i int, out []token) ([]token, int, int, bool) {
	p := b.p
	t := in[i]
	at := func(k int) token { return p.tokenAt(in, k) }
	if isP(t, "->") {
		j := i + 1
		if isP(at(j), ">") && at(j).off == t.off+2 {
			j++ // ->>
		}
		name, after := dottedAt(in, j)
		if name == "" || !p.rStmtEnd(in, after) {
			return nil, 0, 0, false
		}
		s := rValueStart(out)
		if s < 0 || s >= len(out) {
			return nil, 0, 0, false
		}
		repl := append(nameToks(name, out[s].off), token{kind: tPunct, text: "<-", off: out[s].off})
		return append(repl, out[s:]...), after, len(out) - s, true
	}
	if n := len(out); n == 0 || out[n-1].kind == tNewline || isP(out[n-1], ";") || isP(out[n-1], "{") || isP(out[n-1], "}") {
		// .GlobalEnv$f <- system, globalenv()[["f"]] <- system: the
		// global f, which a call f(…) finds, is f <- system.
		if env := rGlobalEnvEnd(in, i); env > i {
			name, arrow := "", -1
			switch {
			case isP(at(env), "$") && at(env+1).kind == tIdent:
				name, arrow = at(env+1).text, env+2
			case isP(at(env), "[[") && litStr(at(env+1)) && isP(at(env+2), "]]"):
				name, arrow = at(env+1).text, env+3
			case isP(at(env), "[") && isP(at(env+1), "[") && litStr(at(env+2)) && isP(at(env+3), "]") && isP(at(env+4), "]"):
				name, arrow = at(env+2).text, env+5
			}
			if arrow > 0 && rNameLike(name) && (isP(at(arrow), "=") || rLeftArrow(in, arrow) > 0) {
				return []token{ident(name, t.off)}, arrow, 0, true
			}
		}
	}
	if !(isI(t, "assign") || isI(t, "delayedAssign")) || member(out) || !isP(at(i+1), "(") {
		return nil, 0, 0, false
	}
	if n := len(out); n > 0 && !(out[n-1].kind == tNewline || isP(out[n-1], ";") || isP(out[n-1], "{") || isP(out[n-1], "}")) {
		return nil, 0, 0, false
	}
	end, sp := p.bracketArgs(in, i+1)
	if end < 0 || len(sp) < 2 || !p.rStmtEnd(in, end+1) {
		return nil, 0, 0, false
	}
	var name string
	var val [2]int
	got := 0
	for n, s := range sp {
		a := p.argOf(in, s[0], s[1])
		switch {
		case n == 0 && (a.key == "" || a.key == "x") && a.lit && rNameLike(a.str):
			name, got = a.str, got+1
		case n == 1 && (a.key == "" || a.key == "value"):
			val, got = s, got+1
			if a.key != "" {
				val[0] += 2 // value = …
			}
		case n >= 2 && rPlainArg(in, s):
			// envir = globalenv(), pos = 1, inherits = TRUE
		default:
			return nil, 0, 0, false
		}
	}
	if got != 2 || val[0] >= val[1] {
		return nil, 0, 0, false
	}
	repl := append(nameToks(name, t.off), token{kind: tPunct, text: "<-", off: t.off})
	return append(repl, in[val[0]:val[1]]...), end + 1, 0, true
}

// rGlobalEnvEnd is the index after R's global environment spelt at token
// k of in (.GlobalEnv, globalenv(), environment() at the top level
// where the program's calls find what it holds), or k when there is
// none.
func rGlobalEnvEnd(in []token, k int) int {
	if k >= len(in) {
		return k
	}
	t := in[k]
	switch {
	case isI(t, ".GlobalEnv"):
		return k + 1
	case isP(t, ".") && k+1 < len(in) && isI(in[k+1], "GlobalEnv") && in[k+1].off == t.off+1:
		return k + 2
	case (isI(t, "globalenv") || isI(t, "environment")) && k+2 < len(in) && isP(in[k+1], "(") && isP(in[k+2], ")"):
		return k + 3
	}
	return k
}

// rStmtEnd reports whether token k of in ends an R statement.
func (p *parser) rStmtEnd(in []token, k int) bool {
	t := p.tokenAt(in, k)
	return k >= len(in) || t.kind == tNewline || isP(t, ";") || isP(t, "}")
}

// rPlainArg reports an argument [s[0], s[1]) of in that runs nothing: an
// optional KEY =, then a literal, a name or a call of a name without
// arguments (globalenv()).
func rPlainArg(in []token, s [2]int) bool {
	a, e := s[0], s[1]
	if e-a >= 2 && in[a].kind == tIdent && isP(in[a+1], "=") {
		a += 2
	}
	if a < e && rGlobalEnvEnd(in, a) == e {
		return true // envir = .GlobalEnv
	}
	switch {
	case e-a == 1:
		return in[a].kind == tIdent || litStr(in[a]) || in[a].kind != tPunct && in[a].kind != tString
	case e-a == 3:
		return in[a].kind == tIdent && isP(in[a+1], "(") && isP(in[a+2], ")")
	}
	return false
}

// rValueStart is the index in out of the first token of the value that
// ends out, as -> takes it: back to the start of the statement, or to a
// <-, <<- or = (which bind looser), over brackets; -1 when the value is
// inside brackets (an argument: f(x -> y)) or after another ->.
func rValueStart(out []token) int {
	depth := 0
	for k := len(out) - 1; k >= 0; k-- {
		t := out[k]
		if t.kind == tPunct {
			switch t.text {
			case ")", "]", "}":
				depth++
				continue
			case "(", "[":
				if depth == 0 {
					return -1
				}
				depth--
				continue
			case "{":
				if depth == 0 {
					return k + 1
				}
				depth--
				continue
			}
		}
		if depth > 0 {
			continue
		}
		switch {
		case t.kind == tNewline || isP(t, ";") || isP(t, "=") || isP(t, "<-"):
			return k + 1
		case isP(t, "-") && k > 0 && rLeftArrow(out, k-1) == 2:
			return k + 1
		case isP(t, "->"):
			return -1
		}
	}
	return 0
}

// luaModules are the modules require and package.loaded give that
// luaRoots name (_G is package.loaded._G).
var luaModules = lazy.Set{List: []string{"os", "io", "_G"}}

// luaModule reads, at the name at token i of in, the Lua expressions
// whose value is a module of luaModules, or an index of one, spelt
// other than by its name: require "os" and require("os"); package.loaded.os
// (debug.getregistry()._LOADED is package.loaded, and
// debug.getregistry()[2] is _G); rawget(T, K), which is T[K] without
// metamethods; and setmetatable(T, M) with M a table whose __index is
// a module (or a name bound to one): a table that gives the fields it
// lacks from that module, read as the module itself when T is a name
// or a table without code in it.
func (b *nameBinder) luaModule(in []token, i int, out []token) ([]token, int, bool) {
	p := b.p
	t := in[i]
	at := func(k int) token { return p.tokenAt(in, k) }
	name, after := dottedAt(in, i)
	switch {
	case name == "require" && litStr(at(after)) && luaModules.Has(at(after).text):
		return []token{ident(at(after).text, t.off)}, after + 1, true
	case name == "require" && isP(at(after), "(") && litStr(at(after+1)) && luaModules.Has(at(after+1).text) && isP(at(after+2), ")"):
		return []token{ident(at(after+1).text, t.off)}, after + 3, true
	case strings.HasPrefix(name, "package.loaded."):
		mod, _, _ := strings.Cut(strings.TrimPrefix(name, "package.loaded."), ".")
		if luaModules.Has(mod) {
			return []token{ident(mod, t.off)}, i + 5, true
		}
	case name == "debug.getregistry" && isP(at(after), "(") && isP(at(after+1), ")"):
		switch next := at(after + 2); {
		case isP(next, ".") && isI(at(after+3), "_LOADED"):
			return nameToks("package.loaded", t.off), after + 4, true
		case isP(next, "[") && at(after+3).text == "2" && isP(at(after+4), "]"):
			return []token{ident("_G", t.off)}, after + 5, true
		}
	case (name == "pcall" || name == "xpcall") && isP(at(after), "("):
		// pcall(F, ARGS…) and xpcall(F, HANDLER, ARGS…) call F(ARGS…):
		// pcall(os.execute, "rm -rf ~") is os.execute("rm -rf ~"). A
		// handler with code in it keeps the call as it is (its use of
		// F as a value asks).
		end, sp := p.bracketArgs(in, after)
		skip := 1
		if name == "xpcall" {
			skip = 2
		}
		if end < 0 || len(sp) < skip {
			break
		}
		if fn, fnEnd := dottedAt(in, sp[0][0]); fn == "" || fnEnd != sp[0][1] || skip == 2 && !luaInert(in, sp[1][0], sp[1][1]) {
			break
		}
		repl := append([]token(nil), in[sp[0][0]:sp[0][1]]...)
		repl = append(repl, token{kind: tPunct, text: "(", off: in[after].off})
		if len(sp) > skip {
			repl = append(repl, in[sp[skip][0]:sp[len(sp)-1][1]]...)
		}
		return append(repl, token{kind: tPunct, text: ")", off: in[end].off}), end + 1, true
	case name == "rawget" && isP(at(after), "("):
		end, sp := p.bracketArgs(in, after)
		if end < 0 || len(sp) != 2 {
			break
		}
		if obj, objEnd := dottedAt(in, sp[0][0]); obj == "" || objEnd != sp[0][1] {
			break
		}
		repl := append([]token(nil), in[sp[0][0]:sp[0][1]]...)
		repl = append(repl, token{kind: tPunct, text: "[", off: in[sp[0][1]].off})
		repl = append(repl, in[sp[1][0]:sp[1][1]]...)
		return append(repl, token{kind: tPunct, text: "]", off: in[end].off}), end + 1, true
	case name == "setmetatable" && isP(at(after), "("):
		end, sp := p.bracketArgs(in, after)
		if end < 0 || len(sp) != 2 || !luaInert(in, sp[0][0], sp[0][1]) || !luaInert(in, sp[1][0], sp[1][1]) {
			break
		}
		mod, modAt := "", -1
		if m := sp[1]; m[1] == m[0]+1 && in[m[0]].kind == tIdent {
			mod = b.metaTables[in[m[0]].text]
			if mod != "" {
				b.metaAt[b.metaTableAt[in[m[0]].text]] = true
			}
		} else if isP(in[m[0]], "{") && p.closeOf(in, m[0]) == m[1]-1 {
			mod, modAt = b.luaIndex(in, m[0], m[1]-1)
		}
		if mod == "" {
			break
		}
		target := ""
		if tk := sp[0]; tk[1] == tk[0]+1 && in[tk[0]].kind == tIdent {
			target = in[tk[0]].text
			b.metas[target] = mod // setmetatable changes T itself
		}
		if modAt >= 0 {
			b.metaAt[in[modAt].off] = true
		}
		n := len(out)
		if target != "" && (n == 0 || out[n-1].kind == tNewline || isP(out[n-1], ";")) && p.statementEnd(end+1) {
			break // a statement of its own: T is what changed
		}
		return nameToks(mod, t.off), end + 1, true
	}
	return nil, 0, false
}

// luaInert reports tokens [a, e) of in that run nothing when evaluated:
// no call, no function.
func luaInert(in []token, a, e int) bool {
	for k := a; k < e; k++ {
		if isP(in[k], "(") || isI(in[k], "function") || in[k].kind == tString && k > a && (in[k-1].kind == tIdent || isP(in[k-1], ")") || isP(in[k-1], "]")) {
			return false
		}
	}
	return true
}

// luaFields calls visit for each field of the table constructor from the
// { at open to the } at close that is given a value by name (run = V,
// ["run"] = V): with the function or module V names when it is one of
// luaDangerous, else "".
func (b *nameBinder) luaFields(in []token, open, close int, visit func(field, full string)) {
	sep := func(e int) bool { return e == close || isP(in[e], ",") || isP(in[e], ";") }
	for k := open + 1; k+2 < close; k++ {
		switch {
		case isP(in[k], "(") || isP(in[k], "{"):
			if c := b.p.closeOf(in, k); c > k {
				k = c
			}
		case !(isP(in[k-1], "{") || isP(in[k-1], ",") || isP(in[k-1], ";")):
		case in[k].kind == tIdent && isP(in[k+1], "="):
			visit(in[k].text, b.luaFieldValue(in, k+2, sep))
			k++
		case isP(in[k], "[") && k+4 < close && litStr(in[k+1]) && isIdentName(in[k+1].text) && isP(in[k+2], "]") && isP(in[k+3], "="):
			visit(in[k+1].text, b.luaFieldValue(in, k+4, sep))
			k += 3
		}
	}
}

// luaFieldValue is what the dotted name at k of in stands for when it is
// the whole value (ended where end says) and one of luaDangerous, else "".
func (b *nameBinder) luaFieldValue(in []token, k int, end func(int) bool) string {
	name, after := dottedAt(in, k)
	if name == "" || after < len(in) && !end(after) {
		return ""
	}
	if full := b.al.resolve(name); luaDangerous(full) {
		return full
	}
	return ""
}

// luaIndex reads the table constructor from the { at open to the } at
// close: the module its __index field holds (__index = os, a name bound
// to one, _G), and the index of that value's token; "" when it holds
// none.
func (b *nameBinder) luaIndex(in []token, open, close int) (string, int) {
	for k := open + 1; k+2 < close; k++ {
		switch {
		case isP(in[k], "(") || isP(in[k], "[") || isP(in[k], "{"):
			if c := b.p.closeOf(in, k); c > k {
				k = c
			}
		case isI(in[k], "__index") && isP(in[k+1], "=") && (isP(in[k-1], "{") || isP(in[k-1], ",") || isP(in[k-1], ";")):
			name, after := dottedAt(in, k+2)
			if name == "" || !(after == close || isP(in[after], ",") || isP(in[after], ";")) {
				return "", -1
			}
			full := b.al.resolve(name)
			if root, _, _ := strings.Cut(full, "."); luaRoots.Has(root) {
				return full, k + 2
			}
			return "", -1
		}
	}
	return "", -1
}
