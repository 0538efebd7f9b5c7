package lang

import "strings"

// The string literals of D, C# and Swift that are not C's "…" (which
// foreignString reads). Each reader returns the value, whether it is
// fully known (no interpolated part), the index after the literal and
// whether there was one at i.

// escaped reads a string body from j up to close with backslash escapes
// (\n, \t, \0, other characters as themselves); a backslash followed by
// hole ("(" in Swift) starts an interpolated part, and a "{" that is not
// "{{" does when brace is set (C#'s $"…"). It returns the value, whether
// it is literal and the index after close (len(src) when unclosed).
func escaped(src string, j int, close, hole string, brace bool) (string, bool, int) {
	var b strings.Builder
	lit := true
	for j < len(src) {
		switch {
		case strings.HasPrefix(src[j:], close):
			return b.String(), lit, j + len(close)
		case brace && strings.HasPrefix(src[j:], "{{"), brace && strings.HasPrefix(src[j:], "}}"):
			b.WriteByte(src[j])
			j += 2
			continue
		case brace && src[j] == '{':
			lit = false
		case src[j] == '\\' && j+1 < len(src):
			if hole != "" && strings.HasPrefix(src[j+1:], hole) {
				lit = false
				b.WriteByte('\\')
				j++
				continue
			}
			switch e := src[j+1]; e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case '0':
				b.WriteByte(0)
			case '\n':
			default:
				b.WriteByte(e)
			}
			j += 2
			continue
		}
		b.WriteByte(src[j])
		j++
	}
	return b.String(), lit, len(src)
}

// identBefore reports a name character just before i (a prefix letter
// such as D's r"…" belongs to a name then: for"…" is no raw string).
func identBefore(src string, i int) bool { return i > 0 && isIdent(src[i-1]) }

// dString reads D's other literals: `…` and r"…" (WYSIWYG, no escapes),
// q"(…)", q"[…]", q"{…}", q"<…>" and q"ID … ID" (delimited), q{…}
// (token strings, read as their text).
func dString(src string, i int) (string, bool, int, bool) {
	rest := src[i:]
	switch {
	case rest[0] == '`':
		k := strings.IndexByte(rest[1:], '`')
		if k < 0 {
			return rest[1:], true, len(src), true
		}
		return rest[1 : 1+k], true, i + k + 2, true
	case strings.HasPrefix(rest, `r"`) && !identBefore(src, i):
		k := strings.IndexByte(rest[2:], '"')
		if k < 0 {
			return rest[2:], true, len(src), true
		}
		return rest[2 : 2+k], true, i + k + 3, true
	case strings.HasPrefix(rest, `q"`) && len(rest) > 2 && !identBefore(src, i):
		open := rest[2]
		if c := closer(open); c != open || open == '/' {
			end := string(c) + `"`
			k := strings.Index(rest[3:], end)
			if k < 0 {
				return rest[3:], true, len(src), true
			}
			return rest[3 : 3+k], true, i + 3 + k + len(end), true
		}
		if isIdentStart(open) {
			// q"EOS\n…\nEOS"
			nl := strings.IndexByte(rest, '\n')
			if nl < 0 {
				return "", true, len(src), true
			}
			id := rest[2:nl]
			k := strings.Index(rest[nl:], "\n"+id+`"`)
			if k < 0 {
				return rest[nl+1:], true, len(src), true
			}
			return rest[nl+1 : nl+k+1], true, i + nl + k + len(id) + 2, true
		}
	case strings.HasPrefix(rest, "q{") && !identBefore(src, i):
		depth := 0
		for k := 1; k < len(rest); k++ {
			switch rest[k] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					return rest[2:k], true, i + k + 1, true
				}
			}
		}
		return rest[2:], true, len(src), true
	}
	return "", false, i, false
}

// csString reads C#'s literals: "…" with escapes, @"…" (verbatim: ""
// is a quote), $"…" and $@"…"/@$"…" (interpolated: {x} is a run-time
// part, {{ a brace) and """…""" raw literals (three quotes or more,
// also after $).
func csString(src string, i int) (string, bool, int, bool) {
	rest := src[i:]
	if identBefore(src, i) && (rest[0] == '$' || rest[0] == '@') {
		return "", false, i, false
	}
	j := 0
	verbatim, interp := false, false
	for j < 2 && j < len(rest) && (rest[j] == '@' || rest[j] == '$') {
		verbatim = verbatim || rest[j] == '@'
		interp = interp || rest[j] == '$'
		j++
	}
	for j < len(rest) && rest[j] == '$' {
		j++ // $$"""…""": a raw literal whose holes are {{…}}
	}
	if j >= len(rest) || rest[j] != '"' {
		return "", false, i, false
	}
	if q := len(rest[j:]) - len(strings.TrimLeft(rest[j:], `"`)); q >= 3 {
		close := strings.Repeat(`"`, q)
		k := strings.Index(rest[j+q:], close)
		v, end := rest[j+q:], len(src)
		if k >= 0 {
			v, end = rest[j+q:j+q+k], i+j+q+k+q
		}
		return v, !interp || !strings.Contains(v, "{"), end, true
	}
	j++
	if verbatim {
		var b strings.Builder
		lit := true
		for j < len(rest) {
			switch {
			case strings.HasPrefix(rest[j:], `""`):
				b.WriteByte('"')
				j += 2
				continue
			case rest[j] == '"':
				return b.String(), lit, i + j + 1, true
			case interp && strings.HasPrefix(rest[j:], "{{"):
				b.WriteByte('{')
				j += 2
				continue
			case interp && rest[j] == '{':
				lit = false
			}
			b.WriteByte(rest[j])
			j++
		}
		return b.String(), lit, len(src), true
	}
	v, lit, end := escaped(src, i+j, `"`, "", interp)
	return v, lit, end, true
}

// swiftString reads Swift's literals: "…" and """…""" with escapes, where
// \(x) is a run-time part, and the raw #"…"# (any number of #), where
// only \#(x) is.
func swiftString(src string, i int) (string, bool, int, bool) {
	rest := src[i:]
	n := len(rest) - len(strings.TrimLeft(rest, "#"))
	if n >= len(rest) || rest[n] != '"' {
		return "", false, i, false
	}
	q := `"`
	if strings.HasPrefix(rest[n:], `"""`) {
		q = `"""`
	}
	hashes := strings.Repeat("#", n)
	if n == 0 {
		v, lit, end := escaped(src, i+len(q), q, "(", false)
		return v, lit, end, true
	}
	close := q + hashes
	k := strings.Index(rest[n+len(q):], close)
	v, end := rest[n+len(q):], len(src)
	if k >= 0 {
		v, end = rest[n+len(q):n+len(q)+k], i+n+len(q)+k+len(close)
	}
	return v, !strings.Contains(v, `\`+hashes+"("), end, true
}
