package lang

import (
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Straight-line values of names assigned more than once (p =
// os.environ["HOME"]; p += "/.bashrc"; open(p, "a")): the program's
// top-level statements run in order, so a use of such a name in one of
// them holds the value of the assignments before it. A name also bound
// anywhere else — in a branch, a loop, a function body, a block, as a
// parameter or loop variable — is left to the run-time reading (its
// assigned literals are pieces of a run-time path, runTimePath).

// maxFlowStatements bounds the statements followed in one program.
const maxFlowStatements = 4000

// maxAssigned bounds the assigned values kept per name, and their text.
const (
	maxAssigned     = 8
	maxAssignedText = 400
)

// arg is argValue with, for a value not known, the texts assigned to the
// names it holds.
func (p *parser) arg(a, b int) arg {
	out := p.argValue(a, b)
	if !out.lit && !out.isList && p.assigned != nil {
		// A path the environment supplies by a route its text does not
		// spell (envpaths.go).
		out.assigned = append(out.assigned, p.envReads(a, b)...)
	}
	if out.lit || out.isList || len(p.assigned) == 0 {
		return out
	}
	seen := map[string]bool{}
	for k := a; k < b && k < len(p.toks) && len(out.assigned) < maxAssigned; k++ {
		t := p.toks[k]
		if t.kind == tString && !t.lit {
			// "$h/$n", f"{h}/{n}", `${h}/${n}`: the names in its holes.
			for _, w := range holeNames(t.text) {
				if !seen[w] {
					seen[w] = true
					out.assigned = append(out.assigned, p.assigned[w]...)
				}
			}
			continue
		}
		if t.kind != tIdent || seen[t.text] || isP(p.tok(k-1), ".") {
			continue
		}
		seen[t.text] = true
		out.assigned = append(out.assigned, p.assigned[t.text]...)
		if isP(p.tok(k+1), "(") {
			// p(): what the function p defined in the code returns.
			out.assigned = append(out.assigned, p.assigned[returnKey(t.text)]...)
		}
	}
	// An attribute (C.p, self.p, obj.p) brings the values assigned to
	// that attribute anywhere (self.p = …) and to the name in a class
	// body (class C: p = …).
	for k := a; k < b && k < len(p.toks) && len(out.assigned) < maxAssigned; k++ {
		t := p.toks[k]
		if t.kind != tIdent || !isP(p.tok(k-1), ".") || isP(p.tok(k+1), "(") || seen["."+t.text] {
			continue
		}
		seen["."+t.text] = true
		out.assigned = append(out.assigned, p.assigned["."+t.text]...)
		out.assigned = append(out.assigned, p.assigned[t.text]...)
	}
	out.assigned = p.assignedFurther(out.assigned, seen)
	return out
}

// assignedFurther takes one step further along the assigned texts vals:
// a value that is itself a name (for p in ps, where ps holds a
// function's arguments) or that starts with a name (x = p / "a",
// x = p.joinpath("a"), where p = Path(input())) brings that name's
// values, so a path built on a value only run time knows keeps the
// sign of where it came from (red team of 2026-12-06).
func (p *parser) assignedFurther(vals []string, seen map[string]bool) []string {
	for i := 0; i < len(vals) && len(vals) < maxAssigned; i++ {
		v := vals[i]
		n := 0
		for n < len(v) && (v[n] == '_' || v[n] >= 'a' && v[n] <= 'z' || v[n] >= 'A' && v[n] <= 'Z' || n > 0 && v[n] >= '0' && v[n] <= '9') {
			n++
		}
		if name := v[:n]; name != "" && !seen[name] && (n == len(v) || v[n] == '.' || v[n] == ' ' || v[n] == '/' || v[n] == '+') {
			seen[name] = true
			vals = append(vals, p.assigned[name]...)
		}
	}
	if len(vals) > maxAssigned {
		vals = vals[:maxAssigned]
	}
	return vals
}

// flowStatement is one top-level statement: tokens [from, to).
type flowStatement struct {
	from, to int
	// later reports a statement whose code may run at another time than
	// its place in the text (a function, a lambda, a block) or that is
	// not at top level (an indented line, a Ruby def … end body): no
	// straight-line value holds in it.
	later bool
}

// flow sets the assigned texts of every name and the straight-line
// values of p.flowNames, as scoped constants of single statements.
func (p *parser) flow() {
	if p.l == Awk {
		p.extra = append(p.extra, p.awkEnvPaths()...)
		return
	}
	switch p.l {
	case Python, JS, Ruby, Perl, PHP:
	default:
		return
	}
	stmts := p.flowStatements()
	p.assigned = map[string][]string{}
	p.assignSpans = map[string][][2]int{}
	for i := 0; i+1 < len(p.toks); i++ {
		t := p.toks[i]
		if t.kind != tIdent {
			continue
		}
		j := i + 1
		op := false
		if next := p.toks[j]; next.kind == tPunct && assignOps.Get()[next.text] && isP(p.tok(j+1), "=") {
			j++
			op = true
		}
		key := t.text
		if isP(p.tok(i-1), ".") {
			key = "." + t.text // self.p = …
		}
		if !isP(p.toks[j], "=") || len(p.assigned[key]) >= maxAssigned {
			continue
		}
		e := j + 1
		for e < len(p.toks) && !p.statementEnd(e) {
			if isP(p.toks[e], "(") || isP(p.toks[e], "[") || isP(p.toks[e], "{") {
				if c := p.closeOf(p.toks, e); c > e {
					e = c
				}
			}
			e++
		}
		if e == j+1 {
			continue
		}
		end := len(p.src)
		if e < len(p.toks) {
			end = p.toks[e].off
		}
		text := p.src[p.toks[j+1].off:end]
		if len(text) > maxAssignedText {
			text = text[:maxAssignedText]
		}
		p.assigned[key] = append(p.assigned[key], text)
		span := [2]int{j + 1, e}
		if op || isP(p.tok(i-1), ",") && p.l != JS || isP(p.tok(j+1), "=") {
			span = [2]int{-1, -1} // p += …, a, p = …: not the whole value
		}
		p.assignSpans[key] = append(p.assignSpans[key], span)
	}
	p.destructuredEnv()
	// The names a top-level statement that runs in place assigns (a
	// dict or list constant, heldValue).
	p.topAssigned = map[string]bool{}
	for _, st := range stmts {
		k := st.from
		if t := p.tok(k); t.kind == tIdent && (t.text == "const" || t.text == "let" || t.text == "var" || t.text == "my" || t.text == "our") {
			k++
		}
		if t := p.tok(k); !st.later && t.kind == tIdent && isP(p.tok(k+1), "=") && !isP(p.tok(k+2), "=") {
			p.topAssigned[t.text] = true
		}
	}
	p.loopBindings()
	p.paramBindings()
	p.returnBindings()
	names := map[string]bool{}
	for n := range p.flowNames {
		if len(p.scopedBy[n]) == 0 {
			names[n] = true
		}
	}
	// A name assigned in a statement that runs later, or not at top
	// level, is not followed.
	for _, s := range stmts {
		if !s.later {
			continue
		}
		for k := s.from; k < s.to; k++ {
			if t := p.toks[k]; t.kind == tIdent && names[t.text] && p.assignsAt(k) {
				delete(names, t.text)
			}
		}
	}
	if len(names) == 0 {
		return
	}
	vals := map[string]constant{}
	for _, s := range stmts {
		if s.later {
			continue
		}
		// The uses in the statement hold the values before it.
		used := map[string]bool{}
		use := func(name string) {
			if !names[name] || used[name] {
				return
			}
			if c, ok := vals[name]; ok {
				used[name] = true
				sc := scopedConst{name: name, c: c, from: s.from, to: s.to}
				p.scoped = append(p.scoped, sc)
				p.scopedBy[name] = append(p.scopedBy[name], sc)
			}
		}
		for k := s.from; k < s.to; k++ {
			switch t := p.toks[k]; {
			case t.kind == tIdent:
				use(t.text)
			case t.kind == tString && !t.lit:
				// The holes of f"{p}", "$p", "#{p}" name it too.
				for _, w := range holeNames(t.text) {
					use(w)
				}
			}
		}
		k := s.from
		if t := p.tok(k); t.kind == tIdent && (t.text == "const" || t.text == "let" || t.text == "var" || t.text == "my") {
			k++
		}
		t := p.tok(k)
		if t.kind != tIdent || !names[t.text] {
			continue
		}
		op, rhs := "", k+2
		if next := p.tok(k + 1); next.kind == tPunct && next.text != "=" && isP(p.tok(k+2), "=") {
			op, rhs = next.text, k+3
		} else if !isP(next, "=") {
			continue
		}
		a := p.argValue(rhs, s.to)
		old, known := vals[t.text]
		delete(vals, t.text)
		if !a.lit || a.key != "" {
			continue
		}
		switch {
		case op == "":
			vals[t.text] = constant{str: a.str, tilde: a.tilde, path: a.pathObj}
		case known && (op == "+" || op == "." && (p.l == Perl || p.l == PHP)) && !old.path:
			vals[t.text] = constant{str: old.str + a.str, tilde: old.tilde}
		case known && op == "/" && old.path && p.l == Python:
			vals[t.text] = constant{str: old.str + "/" + a.str, tilde: old.tilde, path: true}
		}
	}
}

// assignsAt reports whether the name at token k is assigned there (k =,
// k +=, k .=).
func (p *parser) assignsAt(k int) bool {
	next := p.tok(k + 1)
	if isP(next, "=") {
		return true
	}
	return next.kind == tPunct && assignOps.Get()[next.text] && isP(p.tok(k+2), "=")
}

// flowStatements splits the tokens into top-level statements, each
// marked when it runs at another time or is not at top level.
func (p *parser) flowStatements() []flowStatement {
	var out []flowStatement
	rubyDepth := 0
	for s := 0; s < len(p.toks) && len(out) < maxFlowStatements; {
		for s < len(p.toks) && p.statementEnd(s) {
			s++
		}
		if s >= len(p.toks) {
			break
		}
		e := s
		later := (p.l == Python || p.l == Ruby) && p.indented(p.toks[s].off) || rubyDepth > 0
		for e < len(p.toks) && !p.statementEnd(e) {
			t := p.toks[e]
			if isP(t, "(") || isP(t, "[") || isP(t, "{") {
				if p.l == Ruby && isP(t, "{") && isP(p.tok(e+1), "|") {
					later = true // a block: { |x| … }
				}
				if c := p.closeOf(p.toks, e); c > e {
					for k := e; k < c; k++ {
						if p.deferred(k) {
							later = true
						}
					}
					e = c
				}
			}
			if p.deferred(e) {
				later = true
			}
			if p.l == Ruby && t.kind == tIdent {
				switch t.text {
				case "def", "class", "module", "begin", "do", "case":
					rubyDepth++
				case "if", "unless", "while", "until", "for":
					if e == s {
						rubyDepth++ // not a modifier (x if y)
					}
				case "end":
					if rubyDepth > 0 {
						rubyDepth--
					}
					later = true
				}
			}
			e++
		}
		if rubyDepth > 0 {
			later = true
		}
		out = append(out, flowStatement{from: s, to: e, later: later})
		s = e
	}
	return out
}

// deferred reports a token that starts code run at another time than
// its place in the text: a function, a lambda, a class body, a block.
func (p *parser) deferred(k int) bool {
	t := p.toks[k]
	if t.kind == tIdent {
		switch t.text {
		case "def", "lambda", "class", "function", "sub", "fn", "proc", "do", "module", "define_method", "async":
			return true
		}
		return false
	}
	return t.kind == tPunct && (t.text == "=>" && p.l == JS || t.text == "->" && p.l == Ruby)
}

// holeNames returns the names a string with holes may use: its words,
// with a leading $ kept (Perl's and PHP's $p) and also dropped.
func holeNames(text string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(text); i++ {
		c := byte(0)
		if i < len(text) {
			c = text[i]
		}
		word := c == '_' || c == '$' && start < 0 || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if word && start < 0 {
			start = i
		}
		if !word && start >= 0 {
			w := text[start:i]
			out = append(out, w, strings.TrimPrefix(w, "$"))
			start = -1
		}
	}
	return out
}

// loopBindings adds to p.assigned, for each name a loop binds, the text
// of what it iterates over: `for p in Path.home().iterdir()` and its
// comprehension form, JavaScript's `for (const f of …)`, PHP's `foreach
// (… as $f)`, Perl's `for my $f (…)`, and a block or callback given to
// an iterating method (`Dir.glob(…).each { |f| … }`, `….forEach(f =>
// …)`). A use of the name then has the form of the listing it comes
// from (a directory of the home directory, a call's result), which a
// run-time path is judged by (runTimePath).
func (p *parser) loopBindings() {
	defer func() { p.openIdx = nil }()
	bind := func(names []string, a, b int) {
		text, ok := p.tokenText(a, b)
		if !ok {
			return
		}
		if globListing.Get().MatchString(text) {
			// The files a glob pattern matches are read by the walk
			// reading (listing.go), which judges the pattern.
			text = walkMark + text
		}
		for _, n := range names {
			if len(p.assigned[n]) < maxAssigned {
				p.assigned[n] = append(p.assigned[n], text)
			}
		}
	}
	for i := 0; i < len(p.toks); i++ {
		t := p.toks[i]
		if (isP(t, "(") || isP(t, "[")) && (i == 0 || p.statementEnd(i-1) || isI(p.tok(i-1), "my") || isI(p.tok(i-1), "list") ||
			p.l == JS && (isI(p.tok(i-1), "const") || isI(p.tok(i-1), "let") || isI(p.tok(i-1), "var"))) {
			// (h, n) = (a, b), [a, b] = …, my ($h, $n) = …: each name
			// holds the right-hand side.
			c := p.closeOf(p.toks, i)
			if c > i && isP(p.tok(c+1), "=") && !isP(p.tok(c+2), "=") {
				var names []string
				for k := i + 1; k < c; k++ {
					if u := p.toks[k]; u.kind == tIdent {
						names = append(names, u.text)
					} else if !isP(u, ",") && !isP(u, "*") {
						names = nil
						break
					}
				}
				e := c + 2
				for e < len(p.toks) && !p.statementEnd(e) {
					if isP(p.toks[e], "(") || isP(p.toks[e], "[") || isP(p.toks[e], "{") {
						if cc := p.closeOf(p.toks, e); cc > e {
							e = cc
						}
					}
					e++
				}
				bind(names, c+2, e)
			}
			continue
		}
		if t.kind != tIdent {
			continue
		}
		switch {
		case t.text == "for" && (p.l == Python || p.l == Ruby):
			// for a, b in ITER: / [x for x in ITER if …] / for x in ITER do
			var names []string
			k := i + 1
			for ; k < len(p.toks) && k < i+16 && !isI(p.toks[k], "in"); k++ {
				if p.toks[k].kind == tIdent {
					names = append(names, p.toks[k].text)
				}
			}
			if k >= len(p.toks) || !isI(p.toks[k], "in") || len(names) == 0 {
				continue
			}
			e := k + 1
			for e < len(p.toks) {
				u := p.toks[e]
				if isP(u, "(") || isP(u, "[") || isP(u, "{") {
					if c := p.closeOf(p.toks, e); c > e {
						e = c + 1
						continue
					}
				}
				if u.kind == tNewline || isP(u, ":") || isP(u, ";") || isP(u, ")") || isP(u, "]") || isP(u, "}") ||
					isI(u, "if") || isI(u, "for") || isI(u, "do") {
					break
				}
				e++
			}
			bind(names, k+1, e)
		case t.text == "for" && p.l == JS && isP(p.tok(i+1), "("):
			// for (const f of ITER) / for (const [k, v] of ITER)
			c := p.closeOf(p.toks, i+1)
			var names []string
			k := i + 2
			for ; c > 0 && k < c && !isI(p.toks[k], "of") && !isI(p.toks[k], "in"); k++ {
				if u := p.toks[k]; u.kind == tIdent && u.text != "const" && u.text != "let" && u.text != "var" {
					names = append(names, u.text)
				}
			}
			if c > 0 && k < c && len(names) > 0 {
				bind(names, k+1, c)
			}
		case (t.text == "foreach" || t.text == "for") && p.l == PHP && isP(p.tok(i+1), "("):
			// foreach (ITER as $f) / foreach (ITER as $k => $v)
			c := p.closeOf(p.toks, i+1)
			for k := i + 2; c > 0 && k < c; k++ {
				if isI(p.toks[k], "as") {
					var names []string
					for m := k + 1; m < c; m++ {
						if p.toks[m].kind == tIdent {
							names = append(names, p.toks[m].text)
						}
					}
					bind(names, i+2, k)
					break
				}
			}
		case (t.text == "foreach" || t.text == "for") && p.l == Perl:
			// for my $f (ITER) / foreach $f (ITER)
			k := i + 1
			if isI(p.tok(k), "my") || isI(p.tok(k), "our") {
				k++
			}
			if v := p.tok(k); v.kind == tIdent && strings.HasPrefix(v.text, "$") && isP(p.tok(k+1), "(") {
				if c := p.closeOf(p.toks, k+1); c > k+1 {
					bind([]string{v.text}, k+2, c)
				}
			} else if k == i+1 && isP(p.tok(k), "(") {
				// for (ITER) { … $_ … }: each element in $_ (not the
				// C-style for (init; cond; step), whose parts hold ";").
				if c := p.closeOf(p.toks, k); c > k && !p.hasSemicolon(k+1, c) {
					bind([]string{"$_"}, k+1, c)
				}
			}
		case iterMethods.Get()[t.text] && isP(p.tok(i-1), ".") && (p.l == Ruby || p.l == JS):
			// RECV.each { |f| … } / RECV.each do |f| / RECV.forEach(f => …) / RECV.forEach((f) => …) / forEach(function (f) …)
			var names []string
			k := i + 1
			switch {
			case p.l == Ruby && (isP(p.tok(k), "{") || isI(p.tok(k), "do")) && isP(p.tok(k+1), "|"):
				for m := k + 2; m < len(p.toks) && m < k+12 && !isP(p.toks[m], "|"); m++ {
					if p.toks[m].kind == tIdent {
						names = append(names, p.toks[m].text)
					}
				}
			case p.l == JS && isP(p.tok(k), "("):
				m := k + 1
				if isI(p.tok(m), "function") || isI(p.tok(m), "async") {
					m++
				}
				if isP(p.tok(m), "(") {
					m++
				}
				if u := p.tok(m); u.kind == tIdent {
					names = append(names, u.text)
				}
			}
			if len(names) == 0 {
				continue
			}
			if a := p.receiverStart(i - 1); a >= 0 {
				bind(names, a, i-1)
			}
		}
	}
}

// walkMark starts an assigned text that is a glob's listing: a read of
// such a value is judged as the walk reading of the glob's files, a write
// by the value's form (runTimePath).
const walkMark = "\x00walk\x00"

// globListing matches a glob call or Ruby's Dir[…] in an iterated
// expression (Perl's glob ".c*/*" without parentheses too).
var globListing = lazy.Regexp{Expr: `\b(?:r?glob|iglob)\s*[("']|\bDir\s*\[`}

// iterMethods are the methods that call a block or a callback with each
// element of their receiver.
var iterMethods = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`each each_with_index each_with_object each_entry map flat_map collect select filter
		reject find detect forEach some every reduce then tap yield_self`) {
		m[n] = true
	}
	return m
}}

// receiverStart returns the first token of the receiver that ends just
// before the "." at dot (names, dots and bracketed groups: Dir.glob(
// File.join(Dir.home, "*"))), or -1.
func (p *parser) receiverStart(dot int) int {
	k := dot - 1
	start := -1
	for n := 0; k >= 0 && n < 64; n++ {
		u := p.toks[k]
		switch {
		case isP(u, ")") || isP(u, "]") || isP(u, "}"):
			o := p.openOf(k)
			if o < 0 {
				return start
			}
			start, k = o, o-1
		case u.kind == tIdent || u.kind == tString:
			start, k = k, k-1
		default:
			return start
		}
		if k >= 0 && (isP(p.toks[k], ".") || isP(p.toks[k], "::") || isP(p.toks[k], "?.")) {
			k--
			continue
		}
		if k >= 0 && (isP(p.toks[k+1], "(") || isP(p.toks[k+1], "[")) && p.toks[k].kind == tIdent {
			continue // a call's name: foo(…)
		}
		return start
	}
	return start
}

// openOf returns the index of the bracket that the one at c closes, or -1.
func (p *parser) openOf(c int) int {
	if len(p.openIdx) != len(p.toks) {
		p.openIdx = make([]int, len(p.toks))
		for i := range p.openIdx {
			p.openIdx[i] = -1
		}
		for o := range p.toks {
			if e := p.closeOf(p.toks, o); e > o && e < len(p.toks) {
				p.openIdx[e] = o
			}
		}
	}
	if c < 0 || c >= len(p.openIdx) {
		return -1
	}
	return p.openIdx[c]
}

// maxDefs bounds the functions whose parameters are followed.
const maxDefs = 64

// paramBindings adds to p.assigned, for each parameter of a function
// defined in the code, the text of the arguments its calls in the code
// give it (def w(p): open(p, "a") … w(os.path.expanduser("~/.bashrc"))):
// the parameter holds them when the function runs. Python and Ruby def,
// JavaScript function NAME(…), NAME = function (…) and NAME = (…) =>,
// PHP function NAME(…), Perl sub NAME { my (…) = @_; … } or my $x =
// shift; and a Python lambda given to map or filter, whose parameter holds
// each element of the iterable.
func (p *parser) paramBindings() {
	defs := map[string][]string{}
	params := func(open int) []string {
		c := p.closeOf(p.toks, open)
		if c <= open {
			return nil
		}
		var out []string
		for _, sp := range p.spans(p.toks, open, c) {
			name := ""
			for k := sp[0]; k < sp[1]; k++ {
				if t := p.toks[k]; t.kind == tIdent {
					name = t.text
					if p.l != PHP || strings.HasPrefix(name, "$") {
						break
					}
				}
			}
			out = append(out, name)
		}
		if len(out) > 0 && (out[0] == "self" || out[0] == "cls") && p.l == Python {
			out = out[1:]
		}
		return out
	}
	for i := 0; i+2 < len(p.toks) && len(defs) < maxDefs; i++ {
		t := p.toks[i]
		if t.kind != tIdent {
			continue
		}
		switch {
		case (t.text == "def" && (p.l == Python || p.l == Ruby) || t.text == "function" && (p.l == JS || p.l == PHP)) &&
			p.tok(i+1).kind == tIdent && isP(p.tok(i+2), "("):
			defs[p.toks[i+1].text] = params(i + 2)
		case p.l == Python && isP(p.tok(i+1), "=") && isI(p.tok(i+2), "lambda"):
			// w = lambda p: …
			var names []string
			for k := i + 3; k < len(p.toks) && k < i+20 && !isP(p.toks[k], ":"); k++ {
				if p.toks[k].kind == tIdent {
					names = append(names, p.toks[k].text)
				}
			}
			defs[t.text] = names
		case p.l == JS && isP(p.tok(i+1), "(") && (isP(p.tok(i-1), "{") || isP(p.tok(i-1), ",")):
			// { w(p) { … } }: a method of an object literal
			if c := p.closeOf(p.toks, i+1); c > i && isP(p.tok(c+1), "{") {
				defs[t.text] = params(i + 1)
			}
		case p.l == JS && (isP(p.tok(i+1), "=") || isP(p.tok(i+1), ":")):
			// w = function (p) {…}, w = (p) => …, w = async p => …
			k := i + 2
			if isI(p.tok(k), "async") {
				k++
			}
			if isI(p.tok(k), "function") {
				k++
				if p.tok(k).kind == tIdent {
					k++
				}
			}
			switch {
			case isP(p.tok(k), "("):
				if c := p.closeOf(p.toks, k); c > k && (isP(p.tok(c+1), "=>") || isI(p.tok(i+2), "function") || isI(p.tok(i+3), "function")) {
					defs[t.text] = params(k)
				}
			case p.tok(k).kind == tIdent && isP(p.tok(k+1), "=>"):
				defs[t.text] = []string{p.toks[k].text}
			}
		case p.l == Perl && t.text == "sub" && p.tok(i+1).kind == tIdent && isP(p.tok(i+2), "{"):
			c := p.closeOf(p.toks, i+2)
			var names []string
			for k := i + 3; k < c && k < i+64; k++ {
				switch {
				case isI(p.toks[k], "my") && isP(p.tok(k+1), "("):
					if e := p.closeOf(p.toks, k+1); e > k && isP(p.tok(e+1), "=") && isI(p.tok(e+2), "@_") {
						for m := k + 2; m < e; m++ {
							if p.toks[m].kind == tIdent {
								names = append(names, p.toks[m].text)
							}
						}
					}
				case isI(p.toks[k], "my") && p.tok(k+1).kind == tIdent && isP(p.tok(k+2), "=") && isI(p.tok(k+3), "shift"):
					names = append(names, p.toks[k+1].text)
				}
			}
			if len(names) > 0 {
				defs[p.toks[i+1].text] = names
			}
		case p.l == Python && t.text == "lambda":
			// map(lambda f: …, ITER), filter(lambda f: …, ITER)
			var names []string
			k := i + 1
			for ; k < len(p.toks) && k < i+16 && !isP(p.toks[k], ":"); k++ {
				if p.toks[k].kind == tIdent {
					names = append(names, p.toks[k].text)
				}
			}
			open := i - 1
			if !isP(p.tok(open), "(") || !(isI(p.tok(open-1), "map") || isI(p.tok(open-1), "filter")) {
				continue
			}
			if c := p.closeOf(p.toks, open); c > open {
				if sp := p.spans(p.toks, open, c); len(sp) >= 2 && len(names) > 0 {
					p.bindText(names[:1], sp[1][0], sp[1][1])
				}
			}
		}
	}
	if len(defs) == 0 {
		return
	}
	for i := 0; i+1 < len(p.toks); i++ {
		t := p.toks[i]
		names, ok := defs[t.text]
		if !ok || t.kind != tIdent || !isP(p.toks[i+1], "(") {
			continue
		}
		if prev := p.tok(i - 1); isI(prev, "def") || isI(prev, "function") || isI(prev, "sub") {
			continue
		}
		c := p.closeOf(p.toks, i+1)
		if c <= i+1 {
			continue
		}
		for n, sp := range p.spans(p.toks, i+1, c) {
			if n >= len(names) || names[n] == "" {
				break
			}
			if isP(p.tok(sp[0]+1), "=") && p.toks[sp[0]].kind == tIdent && p.l == Python {
				continue // a keyword argument: assigned by flow
			}
			p.bindText(names[n:n+1], sp[0], sp[1])
		}
	}
}

// tokenText returns the source text of tokens [a, b), trimmed and cut
// to maxAssignedText bytes; false when it is empty.
func (p *parser) tokenText(a, b int) (string, bool) {
	if a >= b || b > len(p.toks) {
		return "", false
	}
	end := len(p.src)
	if b < len(p.toks) {
		end = p.toks[b].off
	}
	text := strings.TrimSpace(p.src[p.toks[a].off:end])
	if text == "" {
		return "", false
	}
	if len(text) > maxAssignedText {
		text = text[:maxAssignedText]
	}
	return text, true
}

// bindText adds the source text of tokens [a, b) to the values assigned
// to names.
func (p *parser) bindText(names []string, a, b int) {
	text, ok := p.tokenText(a, b)
	if !ok {
		return
	}
	for _, n := range names {
		if len(p.assigned[n]) < maxAssigned {
			p.assigned[n] = append(p.assigned[n], text)
		}
	}
}

// returnKey is the key in p.assigned of the values a function defined in
// the code returns: a call of it (p() in open(p(), "a")) holds them.
func returnKey(name string) string { return "()" + name }

// returnBindings adds to p.assigned, under returnKey(NAME), the text of
// each return statement in the body of a function NAME defined in the
// code: Python's def (its indented body), JavaScript's and PHP's
// function NAME(…) {…}, Perl's sub NAME {…}.
func (p *parser) returnBindings() {
	col := func(off int) int { return off - (strings.LastIndexByte(p.src[:off], '\n') + 1) }
	n := 0
	for i := 0; i+2 < len(p.toks) && n < maxDefs; i++ {
		t := p.toks[i]
		if t.kind != tIdent || p.tok(i+1).kind != tIdent {
			continue
		}
		from, to := -1, -1
		paramOpen, arrowParam := i+2, ""
		expr := [2]int{-1, -1}
		switch {
		case p.l == JS && (t.text == "const" || t.text == "let" || t.text == "var") && isP(p.tok(i+2), "="):
			// const NAME = (…) => EXPR / => {…} (an async one gives a
			// promise, not the value).
			k := i + 3
			switch {
			case isP(p.tok(k), "("):
				paramOpen = k
				k = p.closeOf(p.toks, k) + 1
				if k <= 0 {
					continue
				}
			case p.tok(k).kind == tIdent:
				paramOpen, arrowParam = -1, p.toks[k].text
				k++
			default:
				continue
			}
			if !isP(p.tok(k), "=>") {
				continue
			}
			if isP(p.tok(k+1), "{") {
				from, to = k+2, p.closeOf(p.toks, k+1)
				break
			}
			e := k + 1
			for e < len(p.toks) && !p.statementEnd(e) && !isP(p.toks[e], ",") {
				if isP(p.toks[e], "(") || isP(p.toks[e], "[") || isP(p.toks[e], "{") {
					if c := p.closeOf(p.toks, e); c > e {
						e = c
					}
				}
				e++
			}
			expr = [2]int{k + 1, e}
		case t.text == "def" && p.l == Python && isP(p.tok(i+2), "("):
			c := p.closeOf(p.toks, i+2)
			if c < 0 {
				continue
			}
			from, to = c+1, len(p.toks)
			base := col(t.off)
			for k := c + 1; k < len(p.toks); k++ {
				if p.toks[k-1].kind == tNewline && p.toks[k].kind != tNewline && col(p.toks[k].off) <= base {
					to = k
					break
				}
			}
		case t.text == "func" && p.l == Go && isP(p.tok(i+2), "("):
			// func NAME(…) RESULT {: the body's braces after the result.
			c := p.closeOf(p.toks, i+2)
			if c < 0 {
				continue
			}
			k := c + 1
			for n := 0; k < len(p.toks) && n < 16 && !isP(p.toks[k], "{"); n++ {
				if isP(p.toks[k], "(") {
					k = p.closeOf(p.toks, k)
					if k < 0 {
						break
					}
				}
				k++
			}
			if k < 0 || !isP(p.tok(k), "{") {
				continue
			}
			from, to = k+1, p.closeOf(p.toks, k)
		case (t.text == "function" && (p.l == JS || p.l == PHP) || t.text == "sub" && p.l == Perl):
			k := i + 2
			if isP(p.tok(k), "(") {
				k = p.closeOf(p.toks, k) + 1
				if k <= 0 {
					continue
				}
			}
			if !isP(p.tok(k), "{") {
				continue
			}
			from, to = k+1, p.closeOf(p.toks, k)
		default:
			continue
		}
		n++
		name := p.toks[i+1].text
		fr := p.returns[name]
		if fr == nil {
			fr = &funcReturns{params: map[string]bool{}}
			if p.returns == nil {
				p.returns = map[string]*funcReturns{}
			}
			p.returns[name] = fr
		} else {
			fr.twice = true // defined twice: which one runs is not known
		}
		if arrowParam != "" {
			fr.params[arrowParam] = true
		}
		if expr[0] >= 0 && expr[1] > expr[0] {
			p.bindText([]string{returnKey(name)}, expr[0], expr[1])
			fr.spans = append(fr.spans, expr)
		}
		if open := paramOpen; open >= 0 && isP(p.tok(open), "(") {
			for k := open + 1; k < p.closeOf(p.toks, open); k++ {
				if t := p.toks[k]; t.kind == tIdent && !(p.l == Python && (t.text == "self" || t.text == "cls")) {
					fr.params[t.text] = true // a method's receiver is the object, whose attributes are read by name
				}
			}
		}
		for k := from; k >= 0 && k < to && k < len(p.toks); k++ {
			if !isI(p.toks[k], "return") {
				continue
			}
			e := k + 1
			for e < to && !p.statementEnd(e) {
				if isP(p.toks[e], "(") || isP(p.toks[e], "[") || isP(p.toks[e], "{") {
					if c := p.closeOf(p.toks, e); c > e {
						e = c
					}
				}
				e++
			}
			end := min(e, to)
			if p.l == Go {
				// return path, nil: the first result.
				if sp := p.spans(p.toks, k, end); len(sp) > 0 {
					end = sp[0][1]
				}
				fr.spans = append(fr.spans, [2]int{k + 1, end})
				continue
			}
			p.bindText([]string{returnKey(name)}, k+1, end)
			fr.spans = append(fr.spans, [2]int{k + 1, end})
		}
	}
}

// funcReturns are the return statements of a function defined in the
// code: the token spans of their expressions, the names its parameter
// list holds, and whether a second definition of the name exists.
type funcReturns struct {
	spans  [][2]int
	params map[string]bool
	twice  bool
}

// heldResult is a cached heldValue.
type heldResult struct {
	v    arg
	done bool
}

// heldValue reads, at token k (before b), a value the code itself
// defines, so that a path built in a helper reaches the call that opens
// it:
//   - a call of a function defined in the code, also as a method
//     (target(), obj.path(), Settings().path()), whose return statements
//     all give the same known value and use none of its parameters;
//   - an attribute of the code's own object (self.base, this.base,
//     Settings.name, Settings().name) assigned once in the whole code (in
//     a class body or with self.p = …), never rebound;
//   - a subscript with a literal key or index of such an attribute or of
//     a name a top-level statement assigns, holding a dict or list
//     literal assigned once in the whole code (TARGETS["agent"], PARTS[1]), whose elements are never
//     assigned.
//
// It returns the value, the index after what it read and whether it
// knows the value. What depends on a parameter is left to the run-time
// reading (the function's returned texts are pieces, returnBindings).
func (p *parser) heldValue(k, b int) (arg, int, bool) {
	if p.assignSpans == nil && p.returns == nil {
		return arg{}, 0, false
	}
	// The chain NAME(…).NAME[…].NAME: only its last part gives the value.
	j := k
	kind, name, open, close := "", "", -1, -1
	for n := 0; n < 16; n++ {
		t := p.tok(j)
		if j >= b || t.kind != tIdent {
			return arg{}, 0, false
		}
		name, kind = t.text, "attr"
		j++
		if j < b && (isP(p.toks[j], "(") || isP(p.toks[j], "[")) {
			c := p.closeOf(p.toks, j)
			if c <= j || c >= b {
				return arg{}, 0, false
			}
			kind, open, close = "call", j, c
			if isP(p.toks[j], "[") {
				kind = "sub"
			}
			j = c + 1
		}
		if j+1 < b && (isP(p.toks[j], ".") || isP(p.toks[j], "->")) && p.toks[j+1].kind == tIdent {
			j++
			continue
		}
		break
	}
	if j > b {
		return arg{}, 0, false
	}
	if kind == "attr" && !p.objectReceiver(j, name) || kind == "sub" && !p.topAssigned[name] && !p.objectReceiver(j, name) {
		// A bare name follows the constants' rules (a name assigned in
		// a branch or a function is not known at a use elsewhere), and
		// an attribute of an object from elsewhere (args.name) is not
		// the code's own.
		return arg{}, 0, false
	}
	key := kind + " " + name
	if kind == "sub" {
		kv := p.argValue(open+1, close)
		if !kv.lit || kv.key != "" {
			ix, ok := p.intLiteral(open+1, close)
			if !ok {
				return arg{}, 0, false
			}
			kv = arg{lit: true, str: ix}
		}
		key += "[" + kv.str
	}
	if h, ok := p.held[key]; ok {
		return h.v, j, h.done && h.v.lit
	}
	if p.held == nil {
		p.held = map[string]heldResult{}
	}
	if len(p.held) >= maxHeld || p.pathDepth >= maxPathDepth {
		return arg{}, 0, false
	}
	p.held[key] = heldResult{} // a cycle reads as not known
	p.pathDepth++
	v := p.heldOf(kind, name, key)
	p.pathDepth--
	ok := v.lit && !v.isList && v.key == ""
	p.held[key] = heldResult{v: v, done: ok}
	return v, j, ok
}

// objectReceiver reports that the last part of the chain ending before
// token j, named name, is an attribute of the code's own object: self.p,
// cls.p, this.p, C.p for a class name, C().p.
func (p *parser) objectReceiver(j int, name string) bool {
	k := j - 1
	if isP(p.tok(k), "]") {
		k = p.openOf(k) - 1
	}
	if k < 0 || p.toks[k].text != name || !isP(p.tok(k-1), ".") && !isP(p.tok(k-1), "->") {
		return false
	}
	r := p.tok(k - 2)
	switch {
	case r.kind == tIdent && (r.text == "self" || r.text == "cls" || r.text == "this" || r.text == "$this"):
		return true
	case r.kind == tIdent && r.text[0] >= 'A' && r.text[0] <= 'Z':
		return true
	case isP(r, ")"):
		o := p.openOf(k - 2)
		c := p.tok(o - 1)
		return o > 0 && c.kind == tIdent && c.text[0] >= 'A' && c.text[0] <= 'Z'
	}
	return false
}

// maxHeld bounds the values heldValue reads in one program.
const maxHeld = 256

// heldOf computes heldValue's value of the last part of a chain.
func (p *parser) heldOf(kind, name, key string) arg {
	switch kind {
	case "call":
		fr := p.returns[name]
		if fr == nil || fr.twice || len(fr.spans) == 0 {
			return arg{}
		}
		var v arg
		for n, sp := range fr.spans {
			for m := sp[0]; m < sp[1]; m++ {
				if t := p.toks[m]; t.kind == tIdent && fr.params[t.text] && !isP(p.tok(m-1), ".") {
					return arg{} // depends on a parameter
				}
			}
			r := p.argValue(sp[0], sp[1])
			if !r.lit || n > 0 && (r.str != v.str || r.tilde != v.tilde) {
				return arg{}
			}
			v = r
		}
		return v
	case "attr":
		sp, ok := p.onlyAssignment(name)
		if !ok {
			return arg{}
		}
		return p.argValue(sp[0], sp[1])
	case "sub":
		sp, ok := p.onlyAssignment(name)
		if !ok || p.elementAssigned(name) {
			return arg{}
		}
		want := key[strings.IndexByte(key, '[')+1:]
		return p.elementOf(sp, want)
	}
	return arg{}
}

// onlyAssignment returns the right-hand side of the one assignment of
// name (as itself or as an attribute, self.name = …), when nothing else
// binds it (a parameter, a loop, a second assignment).
func (p *parser) onlyAssignment(name string) ([2]int, bool) {
	spans := append(append([][2]int{}, p.assignSpans[name]...), p.assignSpans["."+name]...)
	if len(spans) != 1 || spans[0][0] < 0 || len(p.assigned[name])+len(p.assigned["."+name]) != 1 {
		return [2]int{}, false
	}
	return spans[0], true
}

// elementAssigned reports an element of name assigned somewhere
// (name[k] = …), or the name changed by a method (name.update(…),
// name.push(…)): its elements are then not the literal's.
func (p *parser) elementAssigned(name string) bool {
	for i := 0; i+1 < len(p.toks); i++ {
		if t := p.toks[i]; t.kind != tIdent || t.text != name {
			continue
		}
		switch next := p.toks[i+1]; {
		case isP(next, "["):
			c := p.closeOf(p.toks, i+1)
			if c > i && isP(p.tok(c+1), "=") && !isP(p.tok(c+2), "=") {
				return true
			}
		case isP(next, "."):
			if m := p.tok(i + 2); m.kind == tIdent && isP(p.tok(i+3), "(") && !readOnlyMethods.Get()[m.text] {
				return true
			}
		}
	}
	return false
}

// readOnlyMethods are the methods of a dict or list that do not change it.
var readOnlyMethods = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`get keys values items copy index count includes indexOf join slice hasOwnProperty fetch`) {
		m[n] = true
	}
	return m
}}

// elementOf returns the element of the dict or list literal in span sp
// at key want (a dict's literal key, a list's decimal index).
func (p *parser) elementOf(sp [2]int, want string) arg {
	o := sp[0]
	if !isP(p.tok(o), "{") && !isP(p.tok(o), "[") {
		return arg{}
	}
	c := p.closeOf(p.toks, o)
	if c != sp[1]-1 {
		return arg{}
	}
	for n, el := range p.spans(p.toks, o, c) {
		if isP(p.toks[o], "[") {
			if strconv.Itoa(n) == want {
				return p.argValue(el[0], el[1])
			}
			continue
		}
		sep := -1
		for m := el[0]; m < el[1]; m++ {
			if isP(p.toks[m], ":") || isP(p.toks[m], "=>") {
				sep = m
				break
			}
		}
		if sep < 0 {
			return arg{}
		}
		k := p.argValue(el[0], sep)
		if !k.lit && sep == el[0]+1 && p.toks[el[0]].kind == tIdent && p.l == JS {
			k = arg{lit: true, str: p.toks[el[0]].text} // { agent: "…" }
		}
		if !k.lit {
			return arg{} // a key only run time knows may be any
		}
		if k.str == want {
			return p.argValue(sep+1, el[1])
		}
	}
	return arg{}
}

// intLiteral reads tokens [a, b) as a decimal integer index.
func (p *parser) intLiteral(a, b int) (string, bool) {
	if b != a+1 || p.toks[a].kind != tIdent {
		return "", false
	}
	n, err := strconv.Atoi(p.toks[a].text)
	if err != nil || n < 0 {
		return "", false
	}
	return strconv.Itoa(n), true
}

// hasSemicolon reports a ";" among the tokens a..b-1.
func (p *parser) hasSemicolon(a, b int) bool {
	for k := a; k < b && k < len(p.toks); k++ {
		if isP(p.toks[k], ";") {
			return true
		}
	}
	return false
}
