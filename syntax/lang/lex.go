package lang

import (
	"strconv"
	"strings"
)

// kind is the kind of a token.
type kind uint8

const (
	tIdent   kind = iota // a name, with its sigil ($x, @x) when the language has one
	tString              // a string literal (or a string with run-time parts)
	tPunct               // an operator or bracket
	tNewline             // an end of line that can end a statement
)

// token is one lexical token of program text.
type token struct {
	// text is the identifier or operator; for a string, its value when
	// lit, else its source text.
	text string
	// tag is the identifier directly before a JavaScript template (Bun's $).
	tag  string
	off  int
	kind kind
	// lit reports that a string's value is fully known.
	lit bool
	// shell reports a string that is itself a shell command (backticks,
	// %x{}, qx{}).
	shell bool
	// begin marks a token of a Perl or Ruby BEGIN block's body
	// (flattenBegin).
	begin bool
	// The fields are in this order, the kind a byte, so that a token
	// is 48 bytes, not 64: a megabyte of program text is some 250,000
	// tokens, copied by each rewriting pass (TestHookMemory).
}

// lexer turns program text into tokens. It understands the parts of each
// language that decide what is code and what is text: comments, strings
// and their escapes, raw and template strings, here-documents and regular
// expression literals. Everything else is a name or punctuation.
type lexer struct {
	l    Lang
	src  string
	i    int
	toks []token
	// heredocs waiting for the end of the current line.
	pending []heredoc
	// holes counts the string holes being read inside one another
	// (f"{f"{…}"}"), bounded by maxHoles.
	holes int
}

// maxHoles bounds string holes read inside one another; deeper, a hole is
// read as text, which at worst ends a string early.
const maxHoles = 32

type heredoc struct {
	id     string
	indent bool // the closing line may be indented
	interp bool // the body interpolates
	shell  bool
	tok    int // index of the token that receives the body
}

// maxTokens bounds the work on one program.
const maxTokens = 1 << 20

func lex(l Lang, src string) []token {
	lx := &lexer{l: l, src: src, toks: make([]token, 0, min(len(src)/4+16, maxTokens))}
	if l == PHP {
		lx.skipPHPOpen()
	}
	for lx.i < len(lx.src) && len(lx.toks) < maxTokens {
		lx.next()
	}
	if l == Perl || l == Ruby {
		flattenBegin(lx.toks)
	}
	if l == Ruby {
		return safeNavigation(lx.toks)
	}
	return lx.toks
}

// safeNavigation drops the & of Ruby's a&.b, which calls b on a as a.b
// does unless a is nil (FileUtils&.rm_rf(d) is FileUtils.rm_rf(d)): the
// lexer reads it as & and ".", and no other Ruby syntax puts a "." right
// after an &.
func safeNavigation(toks []token) []token {
	out := toks[:0]
	for i, t := range toks {
		if isP(t, "&") && i+1 < len(toks) && isP(toks[i+1], ".") && toks[i+1].off == t.off+1 {
			continue
		}
		out = append(out, t)
	}
	return out
}

// flattenBegin makes the body of each top-level BEGIN { … } block of a
// Perl or Ruby program top-level code: the block runs once, first,
// unconditionally, so what it assigns ($d = shift) holds for the rest of
// the program as a top-level assignment does. The BEGIN word and its
// braces become semicolons (ends of statements in both languages); the
// body's tokens are marked begin.
func flattenBegin(toks []token) {
	depth := 0
	for i := 0; i < len(toks); i++ {
		switch {
		case depth == 0 && toks[i].kind == tIdent && toks[i].text == "BEGIN" && i+1 < len(toks) && isP(toks[i+1], "{"):
			d, j := 0, i+1
			for ; j < len(toks); j++ {
				if isP(toks[j], "{") {
					d++
				} else if isP(toks[j], "}") {
					d--
					if d == 0 {
						break
					}
				}
				if j > i+1 {
					toks[j].begin = true
				}
			}
			if j == len(toks) {
				return // unclosed: left as it is
			}
			for _, k := range []int{i, i + 1, j} {
				toks[k] = token{kind: tPunct, text: ";", off: toks[k].off}
			}
			i = j
		case isP(toks[i], "{"):
			depth++
		case isP(toks[i], "}"):
			depth--
		}
	}
}

// skipPHPOpen skips the text before the first opening tag of a PHP file
// (<?php, <?=, or <? where short tags are on); text outside the tags is
// output, not code. Text with no tag at all is read as code (the caller
// gives php -r code an opening tag of its own: it starts in PHP).
func (lx *lexer) skipPHPOpen() {
	if strings.Contains(lx.src, "<?") {
		lx.phpOpen()
	}
}

// phpOpen moves past the next opening tag, or to the end of the text
// when there is none. <?= is an echo.
func (lx *lexer) phpOpen() {
	j := strings.Index(lx.src[lx.i:], "<?")
	if j < 0 {
		lx.i = len(lx.src)
		return
	}
	lx.i += j + 2
	switch rest := lx.src[lx.i:]; {
	case len(rest) >= 3 && strings.EqualFold(rest[:3], "php"):
		lx.i += 3
	case strings.HasPrefix(rest, "="):
		lx.emit(token{kind: tIdent, text: "echo", off: lx.i})
		lx.i++
	}
}

func (lx *lexer) emit(t token) { lx.toks = append(lx.toks, t) }

func (lx *lexer) last() *token {
	if len(lx.toks) == 0 {
		return nil
	}
	return &lx.toks[len(lx.toks)-1]
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdent(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func (lx *lexer) peek(n int) byte {
	if lx.i+n < len(lx.src) {
		return lx.src[lx.i+n]
	}
	return 0
}

func (lx *lexer) atLineStart() bool { return lx.i == 0 || lx.src[lx.i-1] == '\n' }

func (lx *lexer) next() {
	c := lx.src[lx.i]
	switch {
	case c == '\n':
		lx.emit(token{kind: tNewline, off: lx.i})
		lx.i++
		if len(lx.pending) > 0 {
			lx.heredocBodies()
		}
		return
	case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
		lx.i++
		return
	case c == '\\' && lx.peek(1) == '\n':
		lx.i += 2 // a line continuation
		return
	case c == '\\' && lx.peek(1) == '\r' && lx.peek(2) == '\n':
		lx.i += 3 // a line continuation with a CR-LF line end
		return
	case lx.l == JS && jsLineSep(lx.src[lx.i:]):
		// U+2028, U+2029: line terminators in JavaScript code.
		lx.emit(token{kind: tNewline, off: lx.i})
		lx.i += 3
		return
	case lx.l == PHP && strings.HasPrefix(lx.src[lx.i:], "?>"):
		lx.phpClose()
		return
	}
	if lx.punctVar() {
		return
	}
	if lx.comment() {
		return
	}
	switch lx.l {
	case Python:
		if lx.pyString() {
			return
		}
	case JS:
		if lx.jsString() {
			return
		}
	case Ruby:
		if lx.rubyString() {
			return
		}
	case Perl:
		if lx.perlString() {
			return
		}
	case PHP:
		if lx.phpString() {
			return
		}
	case Awk, Lua, R, Julia, Ex:
		if lx.otherString() {
			return
		}
	case C:
		if lx.cString() {
			return
		}
	case Rust:
		if lx.rustString() {
			return
		}
	case Go:
		if lx.goString() {
			return
		}
		if strings.HasPrefix(lx.src[lx.i:], ":=") {
			lx.emit(token{kind: tPunct, text: ":=", off: lx.i})
			lx.i += 2
			return
		}
	}
	if isIdentStart(c) || (c == '$' || c == '@') && (lx.l == Perl || lx.l == PHP || lx.l == JS || lx.l == Ruby) && (isIdentStart(lx.peek(1)) || c == '$' && lx.l == JS) ||
		lx.l == JS && c == '\\' && lx.peek(1) == 'u' {
		start := lx.i
		escaped := false
		for lx.i < len(lx.src) {
			if lx.l == JS && lx.src[lx.i] == '\\' && lx.peek(1) == 'u' {
				// \u0065, \u{65}: read whole by jsIdentEscapes.
				lx.i += 2
				if lx.i < len(lx.src) && lx.src[lx.i] == '{' {
					if end := strings.IndexByte(lx.src[lx.i:], '}'); end > 0 && end < 10 {
						lx.i += end + 1
					}
				}
				escaped = true
				continue
			}
			if lx.i > start && !isIdent(lx.src[lx.i]) || lx.i == start && !isIdent(c) && c != '$' && c != '@' {
				break
			}
			lx.i++
		}
		if lx.l == Ruby && lx.i < len(lx.src) && (lx.src[lx.i] == '!' || lx.src[lx.i] == '?') && lx.peek(1) != '=' {
			lx.i++
		}
		text := lx.src[start:lx.i]
		switch {
		case escaped:
			text = jsIdentEscapes(text)
		case lx.l == Python:
			text = pyIdentNFKC(text)
		}
		lx.emit(token{kind: tIdent, text: text, off: start})
		return
	}
	if c >= '0' && c <= '9' {
		start := lx.i
		for lx.i < len(lx.src) && (isIdent(lx.src[lx.i]) || lx.src[lx.i] == '.' && lx.peek(1) >= '0' && lx.peek(1) <= '9') {
			lx.i++
		}
		lx.emit(token{kind: tIdent, text: lx.src[start:lx.i], off: start})
		return
	}
	if c == '/' && lx.regexAllowed() && lx.l == Perl {
		from := lx.i + 1
		body, _ := lx.delimited('/', '/')
		lx.skipFlags()
		lx.regexCode(body, from) // (?{ code })
		return
	}
	if c == '/' && lx.regexAllowed() && (lx.l == JS || lx.l == Ruby || lx.l == Awk) {
		lx.skipDelimited('/', '/', 1)
		lx.skipFlags()
		return
	}
	if lx.l == Lua && strings.HasPrefix(lx.src[lx.i:], "::") {
		// A label, ::name:: (blanks allowed around the name): a
		// statement of its own, not a name separator (::s:: os.remove
		// is a label and a call of os.remove, not s.os.remove).
		start := lx.i
		j := lx.i + 2
		for j < len(lx.src) && (lx.src[j] == ' ' || lx.src[j] == '\t') {
			j++
		}
		for j < len(lx.src) && isIdent(lx.src[j]) {
			j++
		}
		for j < len(lx.src) && (lx.src[j] == ' ' || lx.src[j] == '\t') {
			j++
		}
		if strings.HasPrefix(lx.src[j:], "::") {
			j += 2
		}
		lx.emit(token{kind: tPunct, text: ";", off: start})
		lx.i = j
		return
	}
	if lx.l == JS && c == '?' && lx.peek(1) == '.' && (lx.peek(2) < '0' || lx.peek(2) > '9') {
		// Optional chaining (ECMA-262 OptionalChain): a?.b is a.b,
		// a?.(x) is a(x) and a?.[k] is a[k] when a is there, which is
		// when the call runs (red team rc: cp["execSync"]?.(…) was no
		// call). a ? .5 : b is a conditional, not a chain.
		if p2 := lx.peek(2); p2 == '(' || p2 == '[' {
			lx.i += 2
			return
		}
		lx.emit(token{kind: tPunct, text: ".", off: lx.i})
		lx.i += 2
		return
	}
	if (lx.l == Lua || lx.l == Ex) && strings.HasPrefix(lx.src[lx.i:], "..") {
		lx.emit(token{kind: tPunct, text: "..", off: lx.i})
		lx.i += 2
		return
	}
	for _, op := range []string{"::", "->", "=>", "**", "<<", "=~", "!~", "==", "!=", "&&", "||"} {
		if strings.HasPrefix(lx.src[lx.i:], op) {
			lx.emit(token{kind: tPunct, text: op, off: lx.i})
			lx.i += len(op)
			return
		}
	}
	lx.emit(token{kind: tPunct, text: string(c), off: lx.i})
	lx.i++
}

// punctVar reads the punctuation variables of Perl and Ruby ($/ the
// input record separator, $" the list separator, $' and $` the text
// after and before a match, $; $, $. $! $@ $0 and the rest, Perl's $#a
// the last index of @a): one name, not a $ before a regular expression,
// a string, a command in backticks or a comment (local $/; eval <STDIN>
// or $#a; system "…" would otherwise hide what follows).
func (lx *lexer) punctVar() bool {
	if lx.l != Perl && lx.l != Ruby || lx.src[lx.i] != '$' {
		return false
	}
	c := lx.peek(1)
	n := 2
	switch {
	case c == '#' && lx.l == Perl:
		// $#a, $#{a}, $#$r: the sigil of the last index; the name follows.
	case c == ':' && lx.peek(2) == ':', c == '$' && (isIdentStart(lx.peek(2)) || lx.peek(2) == '{' || lx.peek(2) == '$'):
		return false // $::x, $$ref: a name follows
	case c == '-' && lx.l == Ruby && isIdentStart(lx.peek(2)):
		n = 3 // $-w
	case c != 0 && strings.IndexByte(`/\"'`+"`"+`;,.!@&+<>?:=~*$0123456789`, c) >= 0:
	case c != 0 && lx.l == Perl && strings.IndexByte(`|-%`, c) >= 0:
		// Not $( $) $[ $]: a bracket is left to pair (a prototype ($)).
	default:
		return false
	}
	lx.emit(token{kind: tIdent, text: lx.src[lx.i : lx.i+n], off: lx.i})
	lx.i += n
	return true
}

// comment skips a comment; it reports whether there was one.
func (lx *lexer) comment() bool {
	s := lx.src[lx.i:]
	switch {
	case lx.l == Lua && strings.HasPrefix(s, "--"):
		lx.i += 2
		if lx.i < len(lx.src) && lx.src[lx.i] == '[' {
			if _, ok := lx.longBracket(); ok {
				return true
			}
		}
		lx.toEOL()
		return true
	case (lx.l == C || lx.l == Go || lx.l == Rust) && strings.HasPrefix(s, "//"):
		lx.toEOL()
		return true
	case lx.l == Rust && strings.HasPrefix(s, "/*"):
		// Rust's block comments nest.
		depth, k := 0, 0
		for k < len(s) {
			switch {
			case strings.HasPrefix(s[k:], "/*"):
				depth++
				k += 2
			case strings.HasPrefix(s[k:], "*/"):
				depth--
				k += 2
			default:
				k++
			}
			if depth == 0 {
				break
			}
		}
		lx.i += k
		return true
	case (lx.l == C || lx.l == Go) && strings.HasPrefix(s, "/*"):
		if j := strings.Index(s[2:], "*/"); j >= 0 {
			lx.i += j + 4
		} else {
			lx.i = len(lx.src)
		}
		return true
	case lx.l == Lua || lx.l == Ex || lx.l == C || lx.l == Go || lx.l == Rust:
		// # is Lua's length operator, and in a Vim expression part of
		// ==#; in C it starts a preprocessor line, read as code (a
		// macro's body can call system).
		return false
	case lx.l == Julia && strings.HasPrefix(s, "#="):
		if j := strings.Index(s[2:], "=#"); j >= 0 {
			lx.i += j + 4
		} else {
			lx.i = len(lx.src)
		}
		return true
	case s[0] == '#' && lx.l != JS:
		if lx.l == PHP && strings.HasPrefix(s, "#[") {
			return false // an attribute
		}
		lx.toEOL()
		return true
	case (lx.l == JS || lx.l == PHP) && strings.HasPrefix(s, "//"):
		lx.toEOL()
		return true
	case (lx.l == JS || lx.l == PHP) && strings.HasPrefix(s, "/*"):
		if j := strings.Index(s[2:], "*/"); j >= 0 {
			lx.i += j + 4
		} else {
			lx.i = len(lx.src)
		}
		return true
	case lx.l == JS && lx.i == 0 && strings.HasPrefix(s, "#!"):
		lx.toEOL()
		return true
	case (lx.l == Ruby && strings.HasPrefix(s, "=begin") || lx.l == Perl && s[0] == '=' && len(s) > 1 && isIdentStart(s[1])) && lx.atLineStart():
		end := "\n=end"
		if lx.l == Perl {
			end = "\n=cut"
		}
		if j := strings.Index(s, end); j >= 0 {
			lx.i += j + len(end)
			lx.toEOL()
		} else {
			lx.i = len(lx.src)
		}
		return true
	case lx.l == Perl && lx.atLineStart() && (strings.HasPrefix(s, "__END__") || strings.HasPrefix(s, "__DATA__")),
		lx.l == Ruby && lx.atLineStart() && strings.HasPrefix(s, "__END__"):
		lx.i = len(lx.src)
		return true
	}
	return false
}

func (lx *lexer) toEOL() {
	j := strings.IndexByte(lx.src[lx.i:], '\n')
	if j < 0 {
		j = len(lx.src) - lx.i
	}
	switch lx.l {
	case JS:
		// A // comment ends at any line terminator, U+2028 and U+2029
		// too.
		for k := 0; k+3 <= j; k++ {
			if jsLineSep(lx.src[lx.i+k:]) {
				j = k
				break
			}
		}
	case PHP:
		// A # or // comment ends before ?>, which leaves PHP.
		if k := strings.Index(lx.src[lx.i:lx.i+j], "?>"); k >= 0 {
			j = k
		}
	}
	lx.i += j
}

// jsLineSep reports whether s starts with U+2028 or U+2029.
func jsLineSep(s string) bool {
	return len(s) >= 3 && s[0] == 0xe2 && s[1] == 0x80 && (s[2] == 0xa8 || s[2] == 0xa9)
}

// phpClose reads a ?> closing tag: it ends a statement, and the text up
// to the next opening tag (<?php, <?=, or <? where short tags are on) is
// output, not code. <?= is an echo.
func (lx *lexer) phpClose() {
	lx.emit(token{kind: tPunct, text: ";", off: lx.i})
	lx.i += 2
	lx.phpOpen()
}

// regexAllowed reports whether a "/" here starts a regular expression
// literal rather than a division: after an operator, an opening bracket,
// a keyword or at the start.
func (lx *lexer) regexAllowed() bool {
	t := lx.last()
	if t == nil || t.kind == tNewline {
		return true
	}
	switch t.kind {
	case tString:
		return false
	case tIdent:
		switch t.text {
		case "return", "typeof", "case", "in", "of", "split", "grep", "and", "or", "not", "if", "unless", "when", "while", "until", "print", "printf":
			return true
		}
		return false
	}
	switch t.text {
	case ")", "]", "}":
		return false
	}
	return true
}

// skipFlags skips a regular expression's flags.
func (lx *lexer) skipFlags() {
	for lx.i < len(lx.src) && isIdent(lx.src[lx.i]) {
		lx.i++
	}
}

// closer returns the closing delimiter of open.
func closer(open byte) byte {
	switch open {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	case '<':
		return '>'
	}
	return open
}

// delimited reads n sections delimited by open/close starting at lx.i
// (which is at the first delimiter) and returns the raw body of the first.
// Bracket delimiters nest; a backslash escapes the next byte.
func (lx *lexer) delimited(open, close byte) (string, bool) {
	lx.i++ // the opening delimiter
	start := lx.i
	depth := 0
	for lx.i < len(lx.src) {
		c := lx.src[lx.i]
		switch {
		case c == '\\':
			lx.i += 2
			continue
		case c == open && open != close:
			depth++
		case c == close:
			if depth == 0 {
				body := lx.src[start:lx.i]
				lx.i++
				return body, true
			}
			depth--
		}
		lx.i++
	}
	if lx.i > len(lx.src) {
		lx.i = len(lx.src)
	}
	return lx.src[start:lx.i], false
}

// skipDelimited skips n delimited sections (m//, s///, tr///; s{}{}).
func (lx *lexer) skipDelimited(open, close byte, n int) {
	for k := 0; k < n && lx.i < len(lx.src); k++ {
		if k > 0 && open != close {
			// s{a}{b}: the second section has its own delimiters, maybe
			// after space.
			for lx.i < len(lx.src) && (lx.src[lx.i] == ' ' || lx.src[lx.i] == '\n' || lx.src[lx.i] == '\t') {
				lx.i++
			}
			if lx.i >= len(lx.src) {
				return
			}
			open = lx.src[lx.i]
			close = closer(open)
		}
		if k > 0 && open == close {
			lx.i-- // the shared delimiter opens the next section
		}
		lx.delimited(open, close)
	}
}

// quoted reads a string closed by q from lx.i (just after the opening
// quote). With escapes, backslash sequences are decoded the way the
// language does; without, only \q and \\ are (single quotes in Ruby,
// Perl, PHP) or nothing (raw strings).
type quoteStyle int

const (
	rawQuote    quoteStyle = iota // nothing is escaped but the quote itself
	singleQuote                   // \\ and \q
	fullEscape                    // C-like escapes
)

func (lx *lexer) quoted(q string, style quoteStyle, multiline bool) (value string, closed bool, end int) {
	return lx.quotedHoles(q, style, multiline, "")
}

// quotedHoles is quoted for a string whose holes are code: a hole opens
// with hole ("{" in a Python f-string, where "{{" is a brace; "#{" in
// Ruby; "{$" and "${" in PHP, given as "$") and runs to its matching "}",
// and its code, whose strings may use the string's own quote
// (f"{'"'}", "#{h["k"]}" — Python 3.12 and Ruby read them so), is
// stepped over whole and kept as written.
func (lx *lexer) quotedHoles(q string, style quoteStyle, multiline bool, hole string) (value string, closed bool, end int) {
	var b strings.Builder
	for lx.i < len(lx.src) {
		if hole != "" {
			rest := lx.src[lx.i:]
			switch {
			case hole == "{" && strings.HasPrefix(rest, "{{"):
				b.WriteString("{{")
				lx.i += 2
				continue
			case hole == "{" && rest[0] == '{', hole == "$" && strings.HasPrefix(rest, "{$"):
				lx.skipHole(&b)
				continue
			case hole == "#{" && strings.HasPrefix(rest, "#{"), hole == "$" && strings.HasPrefix(rest, "${"):
				b.WriteByte(rest[0])
				lx.i++
				lx.skipHole(&b)
				continue
			}
		}
		if strings.HasPrefix(lx.src[lx.i:], q) {
			lx.i += len(q)
			return lx.caseFold(b.String(), style), true, lx.i
		}
		c := lx.src[lx.i]
		if c == '\n' && !multiline {
			return lx.caseFold(b.String(), style), false, lx.i
		}
		if c == '\\' && lx.i+1 < len(lx.src) {
			n := lx.src[lx.i+1]
			switch style {
			case rawQuote:
				b.WriteByte(c)
				b.WriteByte(n)
				lx.i += 2
				continue
			case singleQuote:
				if n == '\\' || n == q[0] {
					b.WriteByte(n)
				} else {
					b.WriteByte(c)
					b.WriteByte(n)
				}
				lx.i += 2
				continue
			}
			lx.i += 2
			lx.escape(&b, n)
			continue
		}
		b.WriteByte(c)
		lx.i++
	}
	return lx.caseFold(b.String(), style), false, lx.i
}

// skipHole steps over the code of a string's hole (lx.i at its "{") to
// the matching "}", read by the language's own lexer (its strings,
// %-literals and comments included), and writes it to b as written. The
// hole's tokens are dropped: the string's token stands for it.
func (lx *lexer) skipHole(b *strings.Builder) {
	start := lx.i
	if lx.holes >= maxHoles {
		b.WriteByte('{')
		lx.i++
		return
	}
	lx.holes++
	defer func() { lx.holes-- }()
	n := len(lx.toks)
	pending := lx.pending
	lx.pending = nil
	depth, brackets := 0, 0
	for lx.i < len(lx.src) && len(lx.toks) < maxTokens {
		k, at := len(lx.toks), lx.i
		lx.next()
		spec := false
		for _, t := range lx.toks[k:] {
			if t.kind == tPunct {
				depth += strings.Count(t.text, "{") - strings.Count(t.text, "}")
				brackets += strings.Count(t.text, "(") + strings.Count(t.text, "[") - strings.Count(t.text, ")") - strings.Count(t.text, "]")
				// Python: a ":" at the hole's own level starts the format
				// spec, which is text with replacement fields of its own
				// (f"{x:'^10}", f"{x:{w}}").
				spec = spec || lx.l == Python && depth == 1 && brackets == 0 && t.text == ":"
			}
		}
		if depth <= 0 {
			break
		}
		if spec {
			var inner strings.Builder
			for lx.i < len(lx.src) && lx.src[lx.i] != '}' {
				if lx.src[lx.i] == '{' {
					lx.skipHole(&inner)
					continue
				}
				lx.i++
			}
			if lx.i < len(lx.src) {
				lx.i++ // the hole's "}"
			}
			break
		}
		if lx.i == at {
			lx.i++
		}
	}
	lx.toks = lx.toks[:n]
	lx.pending = pending
	b.WriteString(lx.src[start:lx.i])
}

// escape decodes the escape sequence whose letter n was just read.
func (lx *lexer) escape(b *strings.Builder, n byte) {
	switch n {
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case 'r':
		b.WriteByte('\r')
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v := int(n - '0')
		for k := 0; k < 2 && lx.i < len(lx.src) && lx.src[lx.i] >= '0' && lx.src[lx.i] <= '7'; k++ {
			v = v*8 + int(lx.src[lx.i]-'0')
			lx.i++
		}
		b.WriteByte(byte(v))
	case 'x':
		j := lx.i
		if lx.l == Perl && j < len(lx.src) && lx.src[j] == '{' {
			// Perl's \x{72}: any number of hex digits.
			if k := strings.IndexByte(lx.src[j:], '}'); k > 0 {
				if v, err := strconv.ParseUint(strings.TrimSpace(lx.src[j+1:j+k]), 16, 32); err == nil {
					b.WriteRune(rune(v))
					lx.i = j + k + 1
					return
				}
			}
		}
		for j < len(lx.src) && j < lx.i+2 && isHex(lx.src[j]) {
			j++
		}
		if v, err := strconv.ParseUint(lx.src[lx.i:j], 16, 8); err == nil {
			b.WriteByte(byte(v))
			lx.i = j
		} else {
			b.WriteString("\\x")
		}
	case 'u':
		j := lx.i
		if lx.l == Perl {
			b.WriteRune(perlUcfirst) // \u: the next character upper-cased
			return
		}
		if j < len(lx.src) && lx.src[j] == '{' {
			k := strings.IndexByte(lx.src[j:], '}')
			if k > 0 {
				// Ruby's \u{72 6d} holds several code points.
				var rs []rune
				for _, h := range strings.Fields(lx.src[j+1 : j+k]) {
					v, err := strconv.ParseUint(h, 16, 32)
					if err != nil || len(rs) > 0 && lx.l != Ruby {
						rs = nil
						break
					}
					rs = append(rs, rune(v))
				}
				if len(rs) > 0 {
					for _, r := range rs {
						b.WriteRune(r)
					}
					lx.i = j + k + 1
					return
				}
			}
		}
		for j < len(lx.src) && j < lx.i+4 && isHex(lx.src[j]) {
			j++
		}
		if v, err := strconv.ParseUint(lx.src[lx.i:j], 16, 32); err == nil && j == lx.i+4 {
			b.WriteRune(rune(v))
			lx.i = j
		} else {
			b.WriteString("\\u")
		}
	case 'U':
		switch lx.l {
		case Perl:
			b.WriteRune(perlUpper) // \U…\E: upper case
			return
		case Python, C, Rust:
			j := lx.i
			for j < len(lx.src) && j < lx.i+8 && isHex(lx.src[j]) {
				j++
			}
			if v, err := strconv.ParseUint(lx.src[lx.i:j], 16, 32); err == nil && j == lx.i+8 {
				b.WriteRune(rune(v))
				lx.i = j
				return
			}
		}
		if lx.l == Python {
			b.WriteByte('\\')
		}
		b.WriteByte(n)
	case 'L', 'E', 'l', 'Q':
		if lx.l == Perl {
			b.WriteRune(map[byte]rune{'L': perlLower, 'E': perlEnd, 'l': perlLcfirst, 'Q': perlQuote}[n])
			return
		}
		if lx.l == Python {
			b.WriteByte('\\')
		}
		b.WriteByte(n)
	case 'N':
		// Python's \N{LATIN SMALL LETTER R}, Perl's \N{U+72} and names.
		j := lx.i
		if (lx.l == Python || lx.l == Perl) && j < len(lx.src) && lx.src[j] == '{' {
			if k := strings.IndexByte(lx.src[j:], '}'); k > 0 {
				if r, ok := charName(lx.src[j+1 : j+k]); ok {
					b.WriteRune(r)
					lx.i = j + k + 1
					return
				}
			}
		}
		if lx.l == Python {
			b.WriteByte('\\')
		}
		b.WriteByte(n)
	case '\n':
		// a line continuation inside the string
	case 'a':
		b.WriteByte(7)
	case 'b':
		b.WriteByte(8)
	case 'f':
		b.WriteByte(12)
	case 'v':
		b.WriteByte(11)
	case 'e':
		b.WriteByte(27)
	default:
		if lx.l == Python && !strings.ContainsRune("\\'\"", rune(n)) {
			// Python keeps unknown escapes as written.
			b.WriteByte('\\')
		}
		b.WriteByte(n)
	}
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// str emits a string token.
func (lx *lexer) str(start int, value string, lit, shell bool) {
	t := token{kind: tString, lit: lit, shell: shell, off: start}
	if lit {
		t.text = value
	} else {
		t.text = lx.src[start:min(lx.i, len(lx.src))]
	}
	lx.emit(t)
}

// heredocBodies reads the bodies of the here-documents begun on the line
// just ended.
func (lx *lexer) heredocBodies() {
	for _, h := range lx.pending {
		start := lx.i
		var body strings.Builder
		found := false
		for lx.i < len(lx.src) {
			j := strings.IndexByte(lx.src[lx.i:], '\n')
			line := lx.src[lx.i:]
			next := len(lx.src)
			if j >= 0 {
				line = lx.src[lx.i : lx.i+j]
				next = lx.i + j + 1
			}
			cmp := strings.TrimRight(line, "\r")
			if h.indent {
				cmp = strings.TrimLeft(cmp, " \t")
			}
			if lx.l == PHP {
				cmp = strings.TrimRight(strings.TrimLeft(cmp, " \t"), ";,)")
			}
			lineStart := lx.i
			lx.i = next
			if cmp == h.id {
				found = true
				if lx.l == PHP {
					// The closing marker may be followed by the rest of
					// the statement (SH);): it is code.
					if k := strings.Index(line, h.id); k >= 0 && k+len(h.id) < len(strings.TrimRight(line, "\r")) {
						lx.i = lineStart + k + len(h.id)
					}
				}
				break
			}
			body.WriteString(line)
			body.WriteByte('\n')
		}
		text := body.String()
		if h.indent {
			text = dedent(text)
		}
		t := &lx.toks[h.tok]
		t.shell = h.shell
		if h.interp && hasInterpolation(lx.l, text) {
			t.lit = false
			t.text = lx.src[start:lx.i]
		} else {
			t.lit = true
			t.text = text
		}
		_ = found
	}
	lx.pending = nil
}

// dedent removes the smallest indentation of the non-blank lines (Ruby's
// <<~, Perl's <<~, PHP's closing-marker indentation).
func dedent(s string) string {
	lines := strings.Split(s, "\n")
	least := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if least < 0 || n < least {
			least = n
		}
	}
	if least <= 0 {
		return s
	}
	for i, l := range lines {
		if len(l) >= least {
			lines[i] = l[least:]
		} else {
			lines[i] = strings.TrimLeft(l, " \t")
		}
	}
	return strings.Join(lines, "\n")
}

// hasInterpolation reports whether the body of a double-quoted string
// (escapes already decoded or not) has run-time parts.
func hasInterpolation(l Lang, s string) bool {
	switch l {
	case Ruby:
		return strings.Contains(s, "#{")
	case Perl, PHP:
		for i := 0; i+1 < len(s); i++ {
			if (s[i] == '$' || s[i] == '@' && l == Perl) && (isIdentStart(s[i+1]) || s[i+1] == '{') && (i == 0 || s[i-1] != '\\') {
				return true
			}
			if l == PHP && s[i] == '{' && s[i+1] == '$' {
				return true
			}
		}
	case JS:
		return strings.Contains(s, "${")
	}
	return false
}

// heredocStart reads a here-document opener after "<<" (or "<<<" in PHP)
// at lx.i: an optional ~ or -, then a quoted or bare identifier. It
// reports false, reading nothing, when this is a shift operator.
func (lx *lexer) heredocStart(start int) bool {
	j := lx.i
	indent := false
	if j < len(lx.src) && (lx.src[j] == '~' || lx.src[j] == '-' && lx.l == Ruby) {
		indent = true
		j++
	}
	if lx.l == PHP {
		for j < len(lx.src) && lx.src[j] == ' ' {
			j++
		}
		indent = true
	}
	if j >= len(lx.src) {
		return false
	}
	q := lx.src[j]
	interp, shell := true, false
	var id string
	if q == '\'' || q == '"' || q == '`' {
		k := strings.IndexByte(lx.src[j+1:], q)
		if k <= 0 {
			return false
		}
		id = lx.src[j+1 : j+1+k]
		j += k + 2
		interp = q != '\''
		shell = q == '`' && lx.l != PHP
	} else {
		k := j
		for k < len(lx.src) && isIdent(lx.src[k]) {
			k++
		}
		id = lx.src[j:k]
		if id == "" || !isIdentStart(id[0]) || lx.l != PHP && strings.ToUpper(id) != id {
			return false
		}
		j = k
	}
	lx.i = j
	lx.emit(token{kind: tString, lit: true, off: start})
	lx.pending = append(lx.pending, heredoc{id: id, indent: indent, interp: interp, shell: shell, tok: len(lx.toks) - 1})
	return true
}
