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
	b := &nameBinder{p: p, runtime: map[string]bool{}, al: aliases{}}
	lookup := b.luaLookup
	if p.l == R {
		lookup = b.rLookup
		// paste0("sys", "tem") first: the names bound to strings are
		// then known.
		for pass := 0; pass < maxPasses && p.rewriteWith(b.rPaste); pass++ {
		}
	}
	for pass := 0; pass < maxPasses; pass++ {
		b.bind()
		if p.l == R {
			b.strs = b.rStrings()
		}
		changed := p.rewriteWith(lookup)
		b.bind()
		if p.rewriteWith(b.subst) {
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
	full, ok := b.al[t.text]
	if t.kind != tIdent || !ok || member(out) {
		return nil, 0, 0, false
	}
	next := b.p.tokenAt(in, i+1)
	if isP(next, "=") || isP(next, "<") && b.p.l == R && isP(b.p.tokenAt(in, i+2), "-") || isP(next, ",") {
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
	for i := 0; i+2 < len(toks); i++ {
		t := toks[i]
		if t.kind != tIdent || member(toks[:i]) {
			continue
		}
		k := i + 1
		switch {
		case isP(toks[k], "="):
			k++
		case p.l == R && isP(toks[k], "<") && isP(toks[k+1], "-") && toks[k+1].off == toks[k].off+1:
			k += 2
		default:
			continue
		}
		if prev := p.tok(i - 1); !(i == 0 || prev.kind == tNewline || isP(prev, ";") || isI(prev, "local") || isP(prev, "{") ||
			isI(prev, "then") || isI(prev, "do") || isI(prev, "else") || isP(prev, "}") || isP(prev, ")")) {
			continue
		}
		if vals[t.text] == nil {
			vals[t.text] = map[string]bool{}
		}
		name, after := dottedAt(toks, k)
		end := p.tok(after)
		stmtEnd := after >= len(toks) || end.kind == tNewline || isP(end, ";") || isP(end, "}") ||
			p.l == Lua && end.kind == tIdent && !isI(end, "or") && !isI(end, "and")
		full := ""
		if name != "" && stmtEnd {
			full = b.al.resolve(name)
			if p.l == Lua && !luaDangerous(full) || p.l == R && !rRunner(full) {
				full = ""
			}
		}
		vals[t.text][full] = true
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
// of an R function that runs or deletes passed as a value (sapply(cmds,
// system), Map(unlink, paths)): what calls it, with what, is not in
// sight.
func (b *nameBinder) report() {
	p := b.p
	for i, t := range p.toks {
		if p.l == R && t.kind == tIdent && !member(p.toks[:i]) {
			name, after := dottedAt(p.toks, i)
			prev, next := p.tok(i-1), p.tok(after)
			if rValueRunners.Has(name) && !isP(next, "(") && (isP(next, ",") || isP(next, ")")) &&
				(isP(prev, "(") || isP(prev, ",") || isP(prev, "=") && p.tok(i-2).kind == tIdent && (isP(p.tok(i-3), "(") || isP(p.tok(i-3), ","))) &&
				!b.rIntrospected(i) {
				p.hidden(name, name+" used as a value", t.off)
			}
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

// rValueRunners are the R functions that run or delete, passed as a
// value; rLookers the functions that only look at one.
var (
	rValueRunners = lazy.Set{List: []string{"system", "system2", "shell", "pipe", "unlink", "file.remove"}}
	rLookers      = lazy.Set{List: []string{"print", "args", "formals", "body", "environment", "exists", "is.function", "identical",
		"class", "str", "deparse", "substitute", "quote", "missing", "help", "typeof", "mode"}}
)

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
	for i := 0; i+2 < len(toks); i++ {
		t := toks[i]
		if t.kind != tIdent || member(toks[:i]) {
			continue
		}
		k := i + 1
		switch {
		case isP(toks[k], "=") && !isP(p.tok(i-1), "(") && !isP(p.tok(i-1), ","):
			k++
		case isP(toks[k], "<") && isP(toks[k+1], "-") && toks[k+1].off == toks[k].off+1:
			k += 2
		default:
			continue
		}
		v := "\x00"
		_, after := dottedAt(toks, k)
		if e := p.tok(k + 1); litStr(toks[k]) && (k+1 >= len(toks) || e.kind == tNewline || isP(e, ";") || isP(e, "}")) {
			v = toks[k].text
		} else if isI(toks[k], "function") || after > k && p.statementEnd(after) {
			// A function, or a name of one (f <- mean): not a string.
			if _, seen := out[t.text]; !seen {
				continue
			}
		}
		if old, seen := out[t.text]; seen && old != v {
			v = "\x00"
		}
		out[t.text] = v
		b.assigned[t.text] = true
	}
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
		case n >= 3 && isP(out[n-1], "-") && isP(out[n-2], "<") && out[n-3].kind == tIdent:
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
