package lang

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Perl's case escapes in a double-quoted string, kept as private-use
// runes while the string is read and applied by caseFold: \U and \L
// change the case up to \E, \u and \l the next character's, \Q quotes
// the non-word characters up to \E ("\LRM -RF ~" is rm -rf ~).
const (
	perlUpper   = '\uE000'
	perlLower   = '\uE001'
	perlEnd     = '\uE002'
	perlUcfirst = '\uE003'
	perlLcfirst = '\uE004'
	perlQuote   = '\uE005'
)

// caseFold applies Perl's case escapes to the value of a double-quoted
// string; other languages' values, and values without them, are kept.
func (lx *lexer) caseFold(s string, style quoteStyle) string {
	if lx.l != Perl || style != fullEscape || !strings.ContainsAny(s, "\uE000\uE001\uE002\uE003\uE004\uE005") {
		return s
	}
	var b strings.Builder
	var mode []rune // the open \U, \L and \Q, innermost last
	next := rune(0) // a pending \u or \l
	for _, r := range s {
		switch r {
		case perlUpper, perlLower, perlQuote:
			if r != perlQuote && len(mode) > 0 && mode[len(mode)-1] != perlQuote {
				mode[len(mode)-1] = r // \U inside \L replaces it
			} else {
				mode = append(mode, r)
			}
			continue
		case perlEnd:
			if len(mode) > 0 {
				mode = mode[:len(mode)-1]
			}
			continue
		case perlUcfirst, perlLcfirst:
			next = r
			continue
		}
		for _, m := range mode {
			switch m {
			case perlUpper:
				r = unicode.ToUpper(r)
			case perlLower:
				r = unicode.ToLower(r)
			}
		}
		switch next {
		case perlUcfirst:
			r = unicode.ToUpper(r)
		case perlLcfirst:
			r = unicode.ToLower(r)
		}
		next = 0
		for _, m := range mode {
			if m == perlQuote && r < utf8.RuneSelf && !isIdent(byte(r)) {
				b.WriteByte('\\')
				break
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

// charName is the character a \N{…} escape names: U+hex (Perl), or the
// Unicode name of a printable ASCII character or a line feed or tab
// (LATIN SMALL LETTER R, HYPHEN-MINUS, TILDE), in any case as Python
// reads them. Other names are not known here.
func charName(name string) (rune, bool) {
	n := strings.ToUpper(strings.Join(strings.Fields(name), " "))
	if h, ok := strings.CutPrefix(n, "U+"); ok {
		v, err := strconv.ParseUint(h, 16, 32)
		return rune(v), err == nil && v <= unicode.MaxRune
	}
	for _, p := range []struct {
		prefix string
		base   rune
	}{{"LATIN SMALL LETTER ", 'a'}, {"LATIN CAPITAL LETTER ", 'A'}} {
		if l, ok := strings.CutPrefix(n, p.prefix); ok && len(l) == 1 && l[0] >= 'A' && l[0] <= 'Z' {
			return p.base + rune(l[0]-'A'), true
		}
	}
	if d, ok := strings.CutPrefix(n, "DIGIT "); ok {
		for i, w := range []string{"ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"} {
			if d == w {
				return '0' + rune(i), true
			}
		}
	}
	switch n {
	case "SPACE":
		return ' ', true
	case "EXCLAMATION MARK":
		return '!', true
	case "QUOTATION MARK":
		return '"', true
	case "NUMBER SIGN":
		return '#', true
	case "DOLLAR SIGN":
		return '$', true
	case "PERCENT SIGN":
		return '%', true
	case "AMPERSAND":
		return '&', true
	case "APOSTROPHE":
		return '\'', true
	case "LEFT PARENTHESIS":
		return '(', true
	case "RIGHT PARENTHESIS":
		return ')', true
	case "ASTERISK":
		return '*', true
	case "PLUS SIGN":
		return '+', true
	case "COMMA":
		return ',', true
	case "HYPHEN-MINUS":
		return '-', true
	case "FULL STOP":
		return '.', true
	case "SOLIDUS":
		return '/', true
	case "COLON":
		return ':', true
	case "SEMICOLON":
		return ';', true
	case "LESS-THAN SIGN":
		return '<', true
	case "EQUALS SIGN":
		return '=', true
	case "GREATER-THAN SIGN":
		return '>', true
	case "QUESTION MARK":
		return '?', true
	case "COMMERCIAL AT":
		return '@', true
	case "LEFT SQUARE BRACKET":
		return '[', true
	case "REVERSE SOLIDUS":
		return '\\', true
	case "RIGHT SQUARE BRACKET":
		return ']', true
	case "CIRCUMFLEX ACCENT":
		return '^', true
	case "LOW LINE":
		return '_', true
	case "GRAVE ACCENT":
		return '`', true
	case "LEFT CURLY BRACKET":
		return '{', true
	case "VERTICAL LINE":
		return '|', true
	case "RIGHT CURLY BRACKET":
		return '}', true
	case "TILDE":
		return '~', true
	case "LINE FEED", "LF", "NEW LINE", "END OF LINE", "EOL", "NL", "LINE FEED (LF)":
		return '\n', true
	case "CHARACTER TABULATION", "TAB", "HORIZONTAL TABULATION", "HT":
		return '\t', true
	}
	return 0, false
}
