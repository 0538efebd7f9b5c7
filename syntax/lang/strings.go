package lang

import "strings"

// pyString reads a Python string literal with its prefix (r, b, u, f and
// their pairs), in any of the four quotings.
func (lx *lexer) pyString() bool {
	start := lx.i
	j := lx.i
	raw, format := false, false
	for k := 0; k < 2 && j < len(lx.src); k++ {
		switch lx.src[j] {
		case 'r', 'R':
			raw = true
		case 'f', 'F':
			format = true
		case 'b', 'B', 'u', 'U':
		default:
			k = 2
			continue
		}
		j++
	}
	if j >= len(lx.src) || lx.src[j] != '\'' && lx.src[j] != '"' {
		return false
	}
	if j > start && start > 0 && isIdent(lx.src[start-1]) {
		return false
	}
	q := string(lx.src[j])
	if strings.HasPrefix(lx.src[j:], q+q+q) {
		q = q + q + q
	}
	lx.i = j + len(q)
	style := fullEscape
	if raw {
		style = rawQuote
	}
	hole := ""
	if format {
		hole = "{"
	}
	v, _, _ := lx.quotedHoles(q, style, len(q) == 3, hole)
	lit := true
	if format {
		lit = !strings.Contains(strings.ReplaceAll(v, "{{", ""), "{")
		v = strings.ReplaceAll(strings.ReplaceAll(v, "{{", "{"), "}}", "}")
	}
	lx.str(start, v, lit, false)
	return true
}

// jsString reads a JavaScript string or template literal.
func (lx *lexer) jsString() bool {
	c := lx.src[lx.i]
	start := lx.i
	switch c {
	case '\'', '"':
		lx.i++
		v, _, _ := lx.quoted(string(c), fullEscape, false)
		lx.str(start, v, true, false)
		return true
	case '`':
		tag := ""
		if t := lx.last(); t != nil && t.kind == tIdent && t.off+len(t.text) == start {
			tag = t.text
		}
		lx.i++
		var b strings.Builder
		lit := true
		for lx.i < len(lx.src) {
			ch := lx.src[lx.i]
			if ch == '`' {
				lx.i++
				break
			}
			if ch == '\\' && lx.i+1 < len(lx.src) {
				n := lx.src[lx.i+1]
				lx.i += 2
				lx.escape(&b, n)
				continue
			}
			if ch == '$' && lx.peek(1) == '{' {
				lit = false
				lx.i++
				var hole strings.Builder
				lx.skipHole(&hole)
				continue
			}
			b.WriteByte(ch)
			lx.i++
		}
		lx.str(start, b.String(), lit, false)
		lx.toks[len(lx.toks)-1].tag = tag
		return true
	}
	return false
}

// rubyString reads Ruby strings: quotes, backticks, %-literals and
// here-documents.
func (lx *lexer) rubyString() bool {
	c := lx.src[lx.i]
	start := lx.i
	switch c {
	case '\'':
		lx.i++
		v, _, _ := lx.quoted("'", singleQuote, true)
		lx.str(start, v, true, false)
		return true
	case '"', '`':
		lx.i++
		v, _, _ := lx.quotedHoles(string(c), fullEscape, true, "#{")
		lx.str(start, v, !strings.Contains(v, "#{"), c == '`')
		return true
	case '%':
		if !lx.regexAllowed() && lx.peek(1) != 'x' && !lx.commandArg() {
			return false
		}
		j := lx.i + 1
		letter := byte('Q')
		if j < len(lx.src) && isIdentStart(lx.src[j]) {
			letter = lx.src[j]
			j++
		}
		if j >= len(lx.src) || !strings.ContainsRune("({[<|!/", rune(lx.src[j])) {
			return false
		}
		open := lx.src[j]
		lx.i = j
		body, _ := lx.delimited(open, closer(open))
		switch letter {
		case 'x':
			lx.str(start, body, !strings.Contains(body, "#{"), true)
		case 'q':
			lx.str(start, body, true, false)
		case 'Q':
			lx.str(start, unescape(lx.l, body), !strings.Contains(body, "#{"), false)
		case 's':
			lx.str(start, body, true, false) // a symbol: its name
		case 'w', 'W', 'i', 'I':
			lx.words(start, body)
		default: // %r regexp, %s symbol
		}
		return true
	case '<':
		if strings.HasPrefix(lx.src[lx.i:], "<<") {
			lx.i += 2
			if lx.heredocStart(start) {
				return true
			}
			lx.i = start
		}
	case '?':
		// ?x is a one-character string.
		if lx.i+1 < len(lx.src) && lx.regexAllowed() && !isIdent(lx.peek(2)) && lx.peek(1) != ' ' {
			lx.i += 2
			return true
		}
	}
	return false
}

// commandArg reports a % that opens a literal as the first argument of a
// call without parentheses (system %q(ls)): after a name and a space,
// with no space after it, where Ruby reads a literal, not a modulo.
func (lx *lexer) commandArg() bool {
	t := lx.last()
	if t == nil || t.kind != tIdent || t.off+len(t.text) >= lx.i || t.text[0] >= 'A' && t.text[0] <= 'Z' {
		return false
	}
	n := lx.peek(1)
	return n != ' ' && n != '=' && n != '\t' && n != '\n' && (n == 'q' || n == 'Q' || n == 'w' || n == 'W' || n == 'x' || n == 'i' || n == '(' || n == '[' || n == '{')
}

// words emits a word list (%w[], qw()) as a bracketed list of literals.
func (lx *lexer) words(start int, body string) {
	lx.emit(token{kind: tPunct, text: "[", off: start})
	for i, w := range strings.Fields(body) {
		if i > 0 {
			lx.emit(token{kind: tPunct, text: ",", off: start})
		}
		lx.emit(token{kind: tString, text: w, lit: true, off: start})
	}
	lx.emit(token{kind: tPunct, text: "]", off: start})
}

// unescape decodes the escapes of a double-quoted body read raw.
func unescape(l Lang, body string) string {
	sub := &lexer{l: l, src: body + "\x00"}
	v, _, _ := sub.quoted("\x00", fullEscape, true)
	return v
}

// perlString reads Perl strings: quotes, backticks, q// qq// qw// qx//,
// match and substitution operators, and here-documents.
func (lx *lexer) perlString() bool {
	c := lx.src[lx.i]
	start := lx.i
	switch c {
	case '\'':
		lx.i++
		v, _, _ := lx.quoted("'", singleQuote, true)
		lx.str(start, v, true, false)
		return true
	case '"', '`':
		lx.i++
		v, _, _ := lx.quoted(string(c), fullEscape, true)
		lx.str(start, v, !hasInterpolation(Perl, v), c == '`')
		return true
	case '<':
		if strings.HasPrefix(lx.src[lx.i:], "<<") && lx.regexAllowed() {
			lx.i += 2
			if lx.heredocStart(start) {
				return true
			}
			lx.i = start
		}
		return false
	}
	if !isIdentStart(c) || start > 0 && (isIdent(lx.src[start-1]) || lx.src[start-1] == '$' || lx.src[start-1] == '@' || lx.src[start-1] == '%' || lx.src[start-1] == '&') {
		return false
	}
	if start > 0 && lx.src[start-1] == '*' && lx.globSigil() {
		return false // *q = \$p: the glob q, no quote operator
	}
	j := lx.i
	for j < len(lx.src) && isIdent(lx.src[j]) {
		j++
	}
	word := lx.src[lx.i:j]
	sections := 0
	switch word {
	case "q", "qq", "qw", "qx", "m", "qr":
		sections = 1
	case "s", "tr", "y":
		sections = 2
	default:
		return false
	}
	k := j
	for k < len(lx.src) && (lx.src[k] == ' ' || lx.src[k] == '\t') {
		k++
	}
	if k >= len(lx.src) {
		return false
	}
	open := lx.src[k]
	if isIdent(open) || open == ',' || open == ';' || open == ')' || open == '=' && lx.peek(k-lx.i+1) == '>' || open == ' ' || open == '\n' {
		return false
	}
	if k > j && (open == '=' || open == '#') {
		return false
	}
	// A bareword in a hash subscript is its key ($h{q}, $r->{ s }), and
	// a name after -> a method ($o->s): no quote operator.
	b := start
	for b > 0 && (lx.src[b-1] == ' ' || lx.src[b-1] == '\t') {
		b--
	}
	if open == '}' && b > 0 && lx.src[b-1] == '{' || b > 1 && lx.src[b-2:b] == "->" {
		return false
	}
	lx.i = k
	if sections == 2 && word == "s" {
		lx.perlSubst(open)
		return true
	}
	if sections == 2 {
		lx.skipDelimited(open, closer(open), 2)
		lx.skipFlags()
		return true
	}
	body, _ := lx.delimited(open, closer(open))
	switch word {
	case "q":
		lx.str(start, body, true, false)
	case "qq":
		lx.str(start, unescape(Perl, body), !hasInterpolation(Perl, body), false)
	case "qx":
		lx.str(start, body, open == '\'' || !hasInterpolation(Perl, body), true)
	case "qw":
		lx.words(start, body)
	default:
		lx.skipFlags()
		lx.regexCode(body, k+1) // m//, qr//
	}
	return true
}

// regexCode emits the tokens of the code blocks of a Perl pattern whose
// text body starts at offset from: (?{ code }) and (??{ code }) run
// their code as the pattern matches ("a" =~ /(?{ system … })/), a
// literal pattern's without use re 'eval'.
func (lx *lexer) regexCode(body string, from int) {
	for i := 0; i < len(body); {
		j := strings.Index(body[i:], "(?")
		if j < 0 {
			return
		}
		j += i + 2
		if j < len(body) && body[j] == '?' {
			j++
		}
		if j >= len(body) || body[j] != '{' {
			i = j
			continue
		}
		// The block runs to its matching brace.
		depth, end := 0, -1
		for k := j; k < len(body) && end < 0; k++ {
			switch body[k] {
			case '\\':
				k++
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					end = k
				}
			}
		}
		if end < 0 {
			end = len(body)
		}
		lx.emit(token{kind: tPunct, text: ";", off: from + j})
		for _, t := range lex(Perl, body[j+1:end]) {
			if len(lx.toks) >= maxTokens {
				return
			}
			t.off += from + j + 1
			lx.emit(t)
		}
		lx.emit(token{kind: tPunct, text: ";", off: from + end})
		i = end
	}
}

// perlSubst reads a substitution s/PATTERN/REPLACEMENT/FLAGS (lx.i at
// the pattern's opening delimiter). With the e flag the replacement is
// Perl code, run for each match (s/a/system("rm -rf ~")/e): its tokens
// are the program's; with ee the value of that code is run again as Perl
// source, as eval does (s/a/$code/ee): its tokens are eval's argument.
// Without e the replacement is a string.
func (lx *lexer) perlSubst(open byte) {
	close := closer(open)
	pat, _ := lx.delimited(open, close)
	lx.regexCode(pat, lx.i-1-len(pat))
	if open != close {
		// s{a}{b}: the replacement has its own delimiters, maybe after
		// space.
		for lx.i < len(lx.src) && (lx.src[lx.i] == ' ' || lx.src[lx.i] == '\n' || lx.src[lx.i] == '\t') {
			lx.i++
		}
		if lx.i >= len(lx.src) {
			return
		}
		open = lx.src[lx.i]
		close = closer(open)
	} else {
		lx.i-- // the shared delimiter opens the replacement
	}
	from := lx.i + 1
	body, _ := lx.delimited(open, close)
	f := lx.i
	lx.skipFlags()
	es := strings.Count(lx.src[f:lx.i], "e")
	if es == 0 || open == '\'' {
		return // a string (s'…'…' interpolates nothing, runs nothing)
	}
	if es > 1 {
		lx.emit(token{kind: tIdent, text: "eval", off: from})
		lx.emit(token{kind: tPunct, text: "(", off: from})
	} else {
		lx.emit(token{kind: tPunct, text: ";", off: from})
	}
	for _, t := range lex(Perl, body) {
		if len(lx.toks) >= maxTokens {
			break
		}
		t.off += from
		lx.emit(t)
	}
	if es > 1 {
		lx.emit(token{kind: tPunct, text: ")", off: from + len(body)})
	}
	lx.emit(token{kind: tPunct, text: ";", off: lx.i})
}

// phpString reads PHP strings: quotes, backticks, heredoc and nowdoc.
func (lx *lexer) phpString() bool {
	c := lx.src[lx.i]
	start := lx.i
	switch c {
	case '\'':
		lx.i++
		v, _, _ := lx.quoted("'", singleQuote, true)
		lx.str(start, v, true, false)
		return true
	case '"', '`':
		lx.i++
		v, _, _ := lx.quotedHoles(string(c), fullEscape, true, "$")
		lx.str(start, v, !hasInterpolation(PHP, v), c == '`')
		return true
	case '<':
		if strings.HasPrefix(lx.src[lx.i:], "<<<") {
			lx.i += 3
			if lx.heredocStart(start) {
				return true
			}
			lx.i = start
		}
	case '?':
		if strings.HasPrefix(lx.src[lx.i:], "?>") {
			// Back to output until the next tag.
			if j := strings.Index(lx.src[lx.i:], "<?php"); j >= 0 {
				lx.i += j + len("<?php")
			} else {
				lx.i = len(lx.src)
			}
			return true
		}
	}
	return false
}

// globSigil reports whether the "*" just read stands where a term goes
// (after ";", "=", "(", a newline, local): the sigil of a glob (*q, *s),
// not a multiplication (2 *q{3}).
func (lx *lexer) globSigil() bool {
	n := len(lx.toks)
	if n == 0 || !isP(lx.toks[n-1], "*") {
		return false
	}
	if n == 1 {
		return true
	}
	t := lx.toks[n-2]
	switch t.kind {
	case tNewline:
		return true
	case tPunct:
		return t.text != ")" && t.text != "]" && t.text != "}"
	case tIdent:
		return t.text == "local" || t.text == "our" || t.text == "my"
	}
	return false
}
