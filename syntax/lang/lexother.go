package lang

import "strings"

// otherString reads a string literal of awk, Lua, R or Julia at lx.i; it
// reports whether there was one.
//
//   - awk: "…" with C escapes (regular expressions /…/ are skipped by
//     the caller).
//   - Lua: "…" and '…' with C escapes, and long brackets [[…]], [==[…]==]
//     with no escapes.
//   - R: "…" and '…' with C escapes; raw strings r"(…)".
//   - Julia: "…" and """…""" with C escapes, where $x and $(…) are
//     run-time parts; `…` is a command (run by run(), read(), …); a
//     character literal 'c'.
func (lx *lexer) otherString() bool {
	c := lx.src[lx.i]
	start := lx.i
	switch lx.l {
	case Awk:
		if c != '"' {
			return false
		}
		lx.i++
		v, _, _ := lx.quoted(`"`, fullEscape, false)
		lx.str(start, v, true, false)
		return true
	case Lua:
		switch {
		case c == '"' || c == '\'':
			lx.i++
			v, _, _ := lx.quoted(string(c), fullEscape, false)
			lx.str(start, v, true, false)
			return true
		case c == '[' && (lx.peek(1) == '[' || lx.peek(1) == '='):
			v, ok := lx.longBracket()
			if !ok {
				lx.i = start
				return false
			}
			lx.str(start, v, true, false)
			return true
		}
	case R:
		switch {
		case (c == 'r' || c == 'R') && (lx.peek(1) == '"' || lx.peek(1) == '\'') && (lx.i == 0 || !isIdent(lx.src[lx.i-1])):
			// r"(…)", r"[…]", r"{…}" with optional dashes.
			q := lx.peek(1)
			j := lx.i + 2
			dashes := 0
			for j < len(lx.src) && lx.src[j] == '-' {
				dashes++
				j++
			}
			if j >= len(lx.src) || strings.IndexByte("([{", lx.src[j]) < 0 {
				return false
			}
			end := string(closer(lx.src[j])) + strings.Repeat("-", dashes) + string(q)
			k := strings.Index(lx.src[j+1:], end)
			if k < 0 {
				lx.i = len(lx.src)
				lx.str(start, lx.src[j+1:], true, false)
				return true
			}
			v := lx.src[j+1 : j+1+k]
			lx.i = j + 1 + k + len(end)
			lx.str(start, v, true, false)
			return true
		case c == '"' || c == '\'':
			lx.i++
			v, _, _ := lx.quoted(string(c), fullEscape, true)
			lx.str(start, v, true, false)
			return true
		}
	case Ex:
		switch c {
		case '"':
			lx.i++
			v, _, _ := lx.quoted(`"`, fullEscape, false)
			lx.str(start, v, true, false)
			return true
		case '\'':
			// '…' with '' for a quote.
			lx.i++
			var b strings.Builder
			for lx.i < len(lx.src) && lx.src[lx.i] != '\n' {
				if lx.src[lx.i] == '\'' {
					if lx.peek(1) == '\'' {
						b.WriteByte('\'')
						lx.i += 2
						continue
					}
					lx.i++
					break
				}
				b.WriteByte(lx.src[lx.i])
				lx.i++
			}
			lx.str(start, b.String(), true, false)
			return true
		}
	case Julia:
		switch {
		case strings.HasPrefix(lx.src[lx.i:], `"""`):
			lx.i += 3
			v, _, _ := lx.quoted(`"""`, fullEscape, true)
			lx.str(start, v, !juliaInterp(v), false)
			return true
		case c == '"':
			lx.i++
			v, _, _ := lx.quoted(`"`, fullEscape, true)
			lx.str(start, v, !juliaInterp(v), false)
			return true
		case c == '`':
			lx.i++
			v, _, _ := lx.quoted("`", rawQuote, true)
			lx.str(start, v, !juliaInterp(v), true)
			return true
		case c == '\'':
			// A character literal ('a', '\n', '"'); otherwise the
			// transpose operator.
			if lx.peek(1) == '\\' && lx.peek(3) == '\'' || lx.peek(1) != '\\' && lx.peek(2) == '\'' {
				end := lx.i + 3
				if lx.peek(1) == '\\' {
					end = lx.i + 4
				}
				lx.i = end
				lx.str(start, lx.src[start+1:end-1], true, false)
				return true
			}
		}
	}
	return false
}

// juliaInterp reports whether a Julia string has run-time parts ($x,
// $(…)); the value given still holds the escaped \$.
func juliaInterp(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '$' && (isIdentStart(s[i+1]) || s[i+1] == '(') && (i == 0 || s[i-1] != '\\') {
			return true
		}
	}
	return false
}

// longBracket reads a Lua long bracket at lx.i ([[…]], [=[…]=], …) and
// returns its body without a first newline.
func (lx *lexer) longBracket() (string, bool) {
	j := lx.i + 1
	level := 0
	for j < len(lx.src) && lx.src[j] == '=' {
		level++
		j++
	}
	if j >= len(lx.src) || lx.src[j] != '[' {
		return "", false
	}
	end := "]" + strings.Repeat("=", level) + "]"
	body := lx.src[j+1:]
	k := strings.Index(body, end)
	if k < 0 {
		lx.i = len(lx.src)
	} else {
		lx.i = j + 1 + k + len(end)
		body = body[:k]
	}
	body = strings.TrimPrefix(body, "\n")
	return body, true
}
