package lang

import (
	"sort"
	"strings"
)

// scopedConst is a constant of a function body or a block: a name bound
// exactly once inside the token range [from, to), by a plain assignment
// at the body's own level, to a value the text shows. A use inside the
// range is that value; outside it, the name is whatever the rest of the
// program makes it.
type scopedConst struct {
	name     string
	c        constant
	from, to int
}

// scopedConstants finds the constants of Python function bodies (the
// lines indented under a def; a name assigned in a function is local to
// all of it) and of JavaScript blocks (const, let and var declared at a
// block's own level; the block's braces bound them). A name bound again
// anywhere in the range — assigned twice, with an operator, in a nested
// block, as a parameter, a loop variable or a with/except target, or
// declared global/nonlocal — is not one.
func (p *parser) scopedConstants() []scopedConst {
	if p.rebindsByName() {
		return nil
	}
	switch p.l {
	case Python:
		return p.pyScoped()
	case JS:
		return p.jsScoped()
	case Go, Rust:
		return p.goScoped()
	case Lua:
		return p.luaScoped()
	}
	return nil
}

// goScoped finds the constants of Go blocks: a name declared once in a
// block's own statements (name := VALUE, var name = VALUE, const name =
// VALUE) and not assigned again in it, to a value the text shows; and
// the home directory of home, _ := os.UserHomeDir() (or home, err :=).
func (p *parser) goScoped() []scopedConst {
	var out []scopedConst
	scopes := 0
	for o := 0; o < len(p.toks) && scopes < maxScopes; o++ {
		if !isP(p.toks[o], "{") {
			continue
		}
		e := p.closeOf(p.toks, o)
		if e <= o {
			continue
		}
		scopes++
		binds := p.bindCounts(o, e)
		for j := o + 1; j < e; j++ {
			t := p.toks[j]
			if isP(t, "(") || isP(t, "[") || isP(t, "{") {
				if c := p.closeOf(p.toks, j); c > j && c < e {
					j = c
				}
				continue
			}
			if t.kind != tIdent || binds[t.text] != 1 {
				continue
			}
			next := p.tok(j + 1)
			if p.l == Rust {
				// let name = VALUE; let name: T = VALUE (not let mut).
				if !isI(p.tok(j-1), "let") {
					continue
				}
				eq := j + 1
				for eq < e && eq < j+16 && !isP(p.tok(eq), "=") && !isP(p.tok(eq), ";") {
					eq++
				}
				if isP(p.tok(eq), "=") {
					if c, ok := p.constValue(eq-1, e); ok {
						out = append(out, scopedConst{name: t.text, c: c, from: o + 1, to: e})
					}
				}
				continue
			}
			switch {
			case isP(next, ":="), isP(next, "=") && (isI(p.tok(j-1), "var") || isI(p.tok(j-1), "const")):
				if c, ok := p.constValue(j, e); ok {
					out = append(out, scopedConst{name: t.text, c: c, from: o + 1, to: e})
				}
			case isP(next, ",") && p.tok(j+2).kind == tIdent && isP(p.tok(j+3), ":=") && isI(p.tok(j+4), "os") &&
				isP(p.tok(j+5), ".") && isI(p.tok(j+6), "UserHomeDir") && isP(p.tok(j+7), "("):
				out = append(out, scopedConst{name: t.text, c: constant{str: "~", tilde: true}, from: o + 1, to: e})
			case isP(next, ",") && p.tok(j+2).kind == tIdent && isP(p.tok(j+3), ":=") && p.returns[p.tok(j+4).text] != nil && isP(p.tok(j+5), "("):
				// p, err := target(): the first result of a function of
				// the code (heldValue).
				if h, end, ok := p.heldValue(j+4, e); ok && (end >= e || p.statementEnd(end)) {
					out = append(out, scopedConst{name: t.text, c: constant{str: h.str, tilde: h.tilde}, from: o + 1, to: e})
				}
			}
		}
	}
	return out
}

// maxScopes bounds the bodies read for scoped constants.
const maxScopes = 2000

// lineIndent returns the indentation of the line holding offset off, and
// whether off is the line's first non-blank byte.
func (p *parser) lineIndent(off int) (int, bool) {
	start := strings.LastIndexByte(p.src[:off], '\n') + 1
	n := 0
	for start+n < off && (p.src[start+n] == ' ' || p.src[start+n] == '\t') {
		n++
	}
	return n, start+n == off
}

func (p *parser) pyScoped() []scopedConst {
	var out []scopedConst
	scopes := 0
	for i := 0; i < len(p.toks) && scopes < maxScopes; i++ {
		if !isI(p.toks[i], "def") || p.tok(i+1).kind != tIdent || !isP(p.tok(i+2), "(") {
			continue
		}
		scopes++
		params := i + 2
		closeParams := p.closeOf(p.toks, params)
		if closeParams < 0 {
			continue
		}
		colon := closeParams + 1
		for colon < len(p.toks) && !isP(p.toks[colon], ":") && p.toks[colon].kind != tNewline {
			colon++ // -> annotation
		}
		if colon >= len(p.toks) || !isP(p.toks[colon], ":") {
			continue
		}
		defIndent, _ := p.lineIndent(p.toks[i].off)
		from := colon + 1
		if from >= len(p.toks) || p.toks[from].kind != tNewline {
			continue // def f(): body on one line
		}
		bodyIndent := -1
		to := from
		for ; to < len(p.toks); to++ {
			t := p.toks[to]
			if t.kind == tNewline {
				continue
			}
			ind, first := p.lineIndent(t.off)
			if first && ind <= defIndent {
				break
			}
			if bodyIndent < 0 {
				bodyIndent = ind
			}
		}
		if bodyIndent < 0 {
			continue
		}
		binds := p.bindCounts(params, to)
		for j := params + 1; j < closeParams; j++ {
			if p.toks[j].kind == tIdent {
				binds[p.toks[j].text] += 2 // the def's parameters
			}
		}
		for j := from; j < to; j++ {
			t := p.toks[j]
			if t.kind != tIdent || !isP(p.tok(j+1), "=") || binds[t.text] != 1 {
				continue
			}
			if ind, first := p.lineIndent(t.off); !first || ind != bodyIndent {
				continue
			}
			if c, ok := p.constValue(j, to); ok {
				out = append(out, scopedConst{name: t.text, c: c, from: from, to: to})
			}
		}
	}
	return out
}

func (p *parser) jsScoped() []scopedConst {
	var out []scopedConst
	scopes := 0
	for o := 0; o < len(p.toks) && scopes < maxScopes; o++ {
		if !isP(p.toks[o], "{") {
			continue
		}
		// A block follows a header's ")" (function, if, for, while),
		// an arrow, else/try/finally/do, or starts a statement; an
		// object literal follows =, (, ",", : or return.
		prev := p.tok(o - 1)
		if !(isP(prev, ")") || isP(prev, "=>") || prev.kind == tIdent && (prev.text == "else" || prev.text == "try" || prev.text == "finally" || prev.text == "do") ||
			prev.kind == tNewline || isP(prev, ";") || isP(prev, "{") || isP(prev, "}") || o == 0) {
			continue
		}
		e := p.closeOf(p.toks, o)
		if e <= o {
			continue
		}
		scopes++
		// The header's parameters (function f(d) { … }, (d) => { … })
		// are bound in the block too.
		start := o
		if isP(prev, ")") {
			if open := p.matchBack(o - 1); open >= 0 {
				start = open
			}
		} else if isP(prev, "=>") {
			start = o - 2
			if isP(p.tok(o-2), ")") {
				if open := p.matchBack(o - 2); open >= 0 {
					start = open
				}
			}
		}
		binds := p.bindCounts(start, e)
		for j := start; j < o; j++ {
			if p.toks[j].kind == tIdent {
				binds[p.toks[j].text] += 2 // the header's parameters
			}
		}
		for j := o + 1; j < e; j++ {
			t := p.toks[j]
			if isP(t, "(") || isP(t, "[") || isP(t, "{") {
				if c := p.closeOf(p.toks, j); c > j && c < e {
					j = c // a nested block or expression
				}
				continue
			}
			if t.kind != tIdent || !isP(p.tok(j+1), "=") || binds[t.text] != 1 {
				continue
			}
			if d := p.tok(j - 1); !(d.kind == tIdent && (d.text == "const" || d.text == "let" || d.text == "var")) {
				continue
			}
			if c, ok := p.constValue(j, e); ok {
				out = append(out, scopedConst{name: t.text, c: c, from: o + 1, to: e})
			}
		}
	}
	return out
}

// bindCounts counts, per name, the bindings in tokens [from, to): a plain
// assignment (name =) counts one; an assignment with an operator, a
// parameter, a loop variable, a with/except target (after as), a catch
// parameter and a
// global/nonlocal declaration count two, so that a name bound that way is
// never a constant.
func (p *parser) bindCounts(from, to int) map[string]int {
	binds := map[string]int{}
	for i := from; i < to && i < len(p.toks); i++ {
		t := p.toks[i]
		if t.kind == tPunct && t.text == "=>" {
			if prev := p.tok(i - 1); prev.kind == tIdent {
				binds[prev.text] += 2
			}
			continue
		}
		if t.kind != tIdent {
			continue
		}
		switch t.text {
		case "for", "as", "global", "nonlocal", "catch", "lambda":
			for j := i + 1; j < len(p.toks) && j < i+32 && p.toks[j].kind != tNewline; j++ {
				if isI(p.toks[j], "in") || isI(p.toks[j], "of") || isP(p.toks[j], ":") || isP(p.toks[j], "{") {
					break
				}
				if p.toks[j].kind == tIdent {
					binds[p.toks[j].text] += 2
				}
			}
			continue
		case "def", "function":
			// Parameters, up to the body.
			for j := i + 1; j < len(p.toks) && j < i+128 && !isP(p.toks[j], ":") && !isP(p.toks[j], "{"); j++ {
				if p.toks[j].kind == tIdent {
					binds[p.toks[j].text] += 2
				}
			}
			continue
		}
		next := p.tok(i + 1)
		switch {
		case isP(next, "="), isP(next, ":="):
			binds[t.text]++
		case p.l == Go && isP(next, ","):
			// a, b := …, a, b = …: each name on the left is bound.
			k := i
			for k+1 < to && isP(p.tok(k+1), ",") && p.tok(k+2).kind == tIdent {
				k += 2
			}
			if n := p.tok(k + 1); isP(n, ":=") || isP(n, "=") {
				binds[t.text]++
			}
		case next.kind == tPunct && assignOps.Get()[next.text] && isP(p.tok(i+2), "="), isP(next, "++"), isP(next, "--"):
			binds[t.text] += 2
		case isP(next, ")") || isP(next, ","):
			// An arrow's parameter list: (a, d) => ….
			if open := p.parenBefore(i); open >= 0 {
				if c := p.closeOf(p.toks, open); c > 0 && isP(p.tok(c+1), "=>") {
					binds[t.text] += 2
				}
			}
		}
	}
	p.targetBinds(binds, from, to)
	return binds
}

// parenBefore returns the "(" that encloses token i, looking back at most
// a few dozen tokens, or -1.
func (p *parser) parenBefore(i int) int {
	depth := 0
	for j := i - 1; j >= 0 && i-j < 64; j-- {
		t := p.toks[j]
		switch {
		case isP(t, ")"):
			depth++
		case isP(t, "("):
			if depth == 0 {
				return j
			}
			depth--
		}
	}
	return -1
}

// constValue reads the value assigned to the name at token i (followed by
// "="), up to the statement's end before limit: a constant when the value
// is a literal or a path the text shows.
func (p *parser) constValue(i, limit int) (constant, bool) {
	j := i + 2
	for j < limit && !p.statementEnd(j) {
		if isP(p.toks[j], "(") || isP(p.toks[j], "[") || isP(p.toks[j], "{") {
			if e := p.closeOf(p.toks, j); e > j {
				j = e
			}
		}
		j++
	}
	if j == i+2 || j > limit {
		return constant{}, false
	}
	if a := p.arg(i+2, j); a.lit && a.key == "" {
		return constant{str: a.str, tilde: a.tilde, path: a.pathObj}, true
	}
	// let p = format!("{h}/.ssh/id_rsa"), p := fmt.Sprintf(…) (rust.go)
	if a, ok := p.formatted(i+2, j); ok {
		return constant{str: a.str, tilde: a.tilde}, true
	}
	return constant{}, false
}

// scopedAt returns the scoped constant name stands for at token k: the
// one of the innermost range that holds k.
func (p *parser) scopedAt(name string, k int) (constant, bool) {
	list := p.scopedBy[name]
	if len(list) == 0 {
		return constant{}, false
	}
	// list is sorted by from: the ranges that can hold k start at or
	// before it; nested ranges are few, so a short look back finds the
	// innermost.
	i := sort.Search(len(list), func(i int) bool { return list[i].from > k }) - 1
	best, found := -1, false
	var out constant
	for j := i; j >= 0 && i-j < maxNesting; j-- {
		s := list[j]
		if k >= s.to {
			continue
		}
		if !found || s.to-s.from < best {
			best, out, found = s.to-s.from, s.c, true
		}
	}
	return out, found
}

// maxNesting bounds how many ranges of one name that start before a use
// are looked at for it.
const maxNesting = 64

// indexScoped sets p.scoped and its index by name, each name's list
// sorted by the start of its range.
func (p *parser) indexScoped(list []scopedConst) {
	p.scoped = list
	p.scopedBy = map[string][]scopedConst{}
	for _, s := range list {
		p.scopedBy[s.name] = append(p.scopedBy[s.name], s)
	}
	for _, l := range p.scopedBy {
		sort.SliceStable(l, func(i, j int) bool { return l[i].from < l[j].from })
	}
}

// constsAt returns the constants visible at token k: the top-level ones
// and the scoped ones whose range holds k (for the text of an f-string's
// or a template's holes, read with a parser of its own).
func (p *parser) constsAt(k int) map[string]constant {
	if len(p.scoped) == 0 {
		return p.consts
	}
	out := make(map[string]constant, len(p.consts))
	for n, c := range p.consts {
		out[n] = c
	}
	for name := range p.scopedBy {
		if c, ok := p.scopedAt(name, k); ok {
			out[name] = c
		}
	}
	return out
}

// maxInterpolation bounds the text of an f-string or template read for
// its holes.
const maxInterpolation = 4096

// interpolated returns the value of the string token k when it is a
// string with holes whose every hole is a constant or a path the text
// shows: a Python f-string (f"{HOME}/.ssh/id_rsa"), a JavaScript template
// (`${os.homedir()}/.ssh`, untagged), a Ruby double-quoted string
// ("#{Dir.home}/.bashrc"), a Perl one ("$ENV{HOME}/.bashrc", "$h/x",
// "${h}/x") or a PHP one ("$h/x", "{$h}/x", "$_SERVER[HOME]/x"). The holes
// are read with a parser of their own that sees the constants visible at
// k. A hole with a conversion or format spec (f"{x!r}", f"{x:>10}"), an
// escape in the text, an array interpolated (Perl "@a"), or anything
// only known at run time gives ok false.
func (p *parser) interpolated(k int) (value string, tilde, ok bool) {
	src := p.toks[k].text
	if len(src) > maxInterpolation || p.depth > 4 {
		return "", false, false
	}
	var body string
	switch p.l {
	case Python:
		j := 0
		format := false
		for j < len(src) && j < 2 && strings.IndexByte("rRbBuUfF", src[j]) >= 0 {
			format = format || src[j] == 'f' || src[j] == 'F'
			j++
		}
		if !format || j >= len(src) {
			return "", false, false
		}
		q := src[j : j+1]
		if strings.HasPrefix(src[j:], q+q+q) {
			q += q + q
		}
		if len(src) < j+2*len(q) || !strings.HasSuffix(src, q) {
			return "", false, false
		}
		body = src[j+len(q) : len(src)-len(q)]
	case JS:
		if len(src) < 2 || src[0] != '`' || src[len(src)-1] != '`' {
			return "", false, false
		}
		body = src[1 : len(src)-1]
	case Ruby, Perl, PHP:
		if len(src) < 2 || src[0] != '"' || src[len(src)-1] != '"' {
			return "", false, false
		}
		body = src[1 : len(src)-1]
	default:
		return "", false, false
	}
	if strings.ContainsRune(body, '\\') {
		return "", false, false
	}
	pieces, ok := holes(p.l, body)
	if !ok {
		return "", false, false
	}
	var b strings.Builder
	for _, pc := range pieces {
		if !pc.hole {
			b.WriteString(pc.text)
			continue
		}
		expr := strings.TrimSpace(pc.text)
		if p.l == Python && (strings.ContainsAny(expr, "!:") || strings.HasSuffix(expr, "=")) {
			return "", false, false
		}
		sub := &parser{src: expr, toks: lex(p.l, expr), l: p.l, depth: p.depth + 1, al: p.al, consts: p.constsAt(k)}
		a := sub.arg(0, len(sub.toks))
		if !a.lit || a.key != "" || a.isList {
			return "", false, false
		}
		// The home directory at the start, or after the mode of Perl's
		// two-argument open (">>$ENV{HOME}/x"), which perlOpen takes off.
		if a.tilde && (b.Len() == 0 || p.l == Perl && strings.Trim(b.String(), "<>+ \t") == "") {
			tilde = true
		}
		b.WriteString(a.str)
	}
	return b.String(), tilde, true
}

// piece is a part of an interpolating string's body: text, or the
// expression of a hole.
type piece struct {
	text string
	hole bool
}

// holes splits the body of an interpolating string of language l into
// its text and its holes, as that language reads them: {expr} (Python,
// with {{ and }} for braces), ${expr} (JavaScript), #{expr} (Ruby), and
// Perl's and PHP's variables ($name, ${name}, $name{key} and $name[key]
// subscripts, PHP's {$expr} and $obj->prop). ok is false for a hole the
// expression reader would not see whole: an unclosed brace, Perl's
// arrays (@a, @{[ … ]}).
func holes(l Lang, body string) ([]piece, bool) {
	var out []piece
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			out = append(out, piece{text: text.String()})
			text.Reset()
		}
	}
	// braced returns the index of the "}" that closes the "{" at i.
	braced := func(i int) int {
		depth := 0
		for j := i; j < len(body); j++ {
			switch body[j] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					return j
				}
			}
		}
		return -1
	}
	for i := 0; i < len(body); {
		c := body[i]
		rest := body[i:]
		switch {
		case l == Python && (strings.HasPrefix(rest, "{{") || strings.HasPrefix(rest, "}}")):
			text.WriteByte(c)
			i += 2
			continue
		case l == Python && c == '{', l == JS && strings.HasPrefix(rest, "${"), l == Ruby && strings.HasPrefix(rest, "#{"),
			l == PHP && strings.HasPrefix(rest, "{$"):
			open := i + 1
			if l == Python || l == PHP {
				open = i
			}
			end := braced(open)
			if end < 0 {
				return nil, false
			}
			flush()
			out = append(out, piece{text: body[open+1 : end], hole: true})
			i = end + 1
			continue
		case l == Perl && c == '@' && i+1 < len(body) && (isIdentStart(body[i+1]) || body[i+1] == '{'):
			return nil, false
		case (l == Perl || l == PHP) && c == '$' && i+1 < len(body) && body[i+1] == '{':
			// ${name}: the variable name.
			end := braced(i + 1)
			if end < 0 {
				return nil, false
			}
			flush()
			out = append(out, piece{text: "$" + strings.TrimSpace(body[i+2:end]), hole: true})
			i = end + 1
			continue
		case (l == Perl || l == PHP) && c == '$' && i+1 < len(body) && isIdentStart(body[i+1]):
			j := i + 1
			for j < len(body) && (isIdent(body[j]) || l == Perl && strings.HasPrefix(body[j:], "::") && j+2 < len(body) && isIdentStart(body[j+2])) {
				if body[j] == ':' {
					j++
				}
				j++
			}
			expr := body[i:j]
			switch {
			case l == Perl && j < len(body) && (body[j] == '{' || body[j] == '['):
				// $ENV{HOME}, $a[0]: one subscript.
				closer := map[byte]byte{'{': '}', '[': ']'}[body[j]]
				e := strings.IndexByte(body[j:], closer)
				if e < 0 {
					return nil, false
				}
				expr += body[j : j+e+1]
				j += e + 1
			case l == PHP && j < len(body) && body[j] == '[':
				// "$_SERVER[HOME]": an unquoted key is a string.
				e := strings.IndexByte(body[j:], ']')
				if e < 0 {
					return nil, false
				}
				key := body[j+1 : j+e]
				if key != "" && isIdentStart(key[0]) {
					key = "'" + key + "'"
				}
				expr += "[" + key + "]"
				j += e + 1
			case l == PHP && strings.HasPrefix(body[j:], "->") && j+2 < len(body) && isIdentStart(body[j+2]):
				return nil, false // a property: run time
			}
			flush()
			out = append(out, piece{text: expr, hole: true})
			i = j
			continue
		}
		text.WriteByte(c)
		i++
	}
	flush()
	return out, true
}
