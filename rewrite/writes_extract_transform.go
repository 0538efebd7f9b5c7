package rewrite

import (
	"regexp"
	"strings"
	"unicode"
)

// GNU tar's --transform (--xform) and bsdtar's -s rename each member
// before it is written, with sed's s command: s/REGEX/REPLACEMENT/FLAGS,
// any delimiter, several expressions joined by ";" or given in several
// options, applied in order. The regular expression is POSIX basic
// (extended with the x flag), matched leftmost-longest; the replacement
// knows &, \1…\9 and the case conversions \U \L \u \l \E; flags g, i, x
// and the member types r R s S h H (read as applying to every member). A
// numbered flag (the Nth match) and what Go's regexp cannot match
// (back-references in the expression) are not applied: the names are
// then unknown, which asks unless the renamed names stay under a
// directory in the sandbox. Without -P GNU
// tar then drops a leading "/" and everything up to the last ".."
// component of the new name (the check for ".." is of the stored name),
// so a renamed member stays under the directory; with -P it is written
// where the new name says.

// nameTransform is one s command.
type nameTransform struct {
	re     *regexp.Regexp
	repl   string
	global bool
	nth    int
}

// maxTransforms bounds the expressions read from one command.
const maxTransforms = 32

// parseTransforms reads the s commands of one --transform value; ok is
// false for text it cannot read (another command, an unclosed
// expression, a back-reference inside the expression).
func parseTransforms(text string) (out []nameTransform, ok bool) {
	for text != "" {
		text = strings.TrimLeft(text, " \t\n;")
		if text == "" {
			break
		}
		if len(out) >= maxTransforms || len(text) < 2 || text[0] != 's' {
			return nil, false
		}
		delim := text[1]
		if delim == '\\' || delim == '\n' {
			return nil, false
		}
		var parts [2]string
		i := 2
		for k := 0; k < 2; k++ {
			var b strings.Builder
			for ; i < len(text) && text[i] != delim; i++ {
				if text[i] == '\\' && i+1 < len(text) {
					if text[i+1] == delim {
						b.WriteByte(delim)
					} else {
						b.WriteByte('\\')
						b.WriteByte(text[i+1])
					}
					i++
					continue
				}
				b.WriteByte(text[i])
			}
			if i >= len(text) {
				return nil, false
			}
			parts[k] = b.String()
			i++ // the delimiter
		}
		j := i
		for j < len(text) && text[j] != ';' {
			j++
		}
		flags := text[i:j]
		text = text[j:]
		t := nameTransform{repl: parts[1]}
		extended, fold := false, false
		for _, f := range flags {
			switch {
			case f == 'g':
				t.global = true
			case f == 'i':
				fold = true
			case f == 'x':
				extended = true
			case f >= '0' && f <= '9':
				// GNU tar 1.34 writes the name before the Nth match
				// twice (s/[a-z]/-/2 of X.md is X.X.m-): not modelled.
				return nil, false
			case strings.ContainsRune("rRsShHp", f):
			default:
				return nil, false
			}
		}
		expr, good := posixToRE2(parts[0], extended)
		if !good {
			return nil, false
		}
		if fold {
			expr = "(?i)" + expr
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			return nil, false
		}
		re.Longest()
		t.re = re
		out = append(out, t)
	}
	return out, true
}

// posixToRE2 rewrites a POSIX basic (or, extended, extended) regular
// expression in Go's syntax; ok is false for what Go cannot match
// (back-references, \< and \>).
func posixToRE2(s string, extended bool) (string, bool) {
	var b strings.Builder
	atStart := true // where a BRE "*" is literal
	for i := 0; i < len(s); i++ {
		c := s[i]
		start := atStart
		atStart = false
		switch {
		case c == '[':
			// A bracket expression: "]" first is a member, a backslash
			// is itself.
			j := i + 1
			if j < len(s) && s[j] == '^' {
				j++
			}
			if j < len(s) && s[j] == ']' {
				j++
			}
			for j < len(s) && s[j] != ']' {
				if s[j] == '[' && j+1 < len(s) && (s[j+1] == ':' || s[j+1] == '.' || s[j+1] == '=') {
					end := strings.Index(s[j+2:], string(s[j+1])+"]")
					if end < 0 {
						return "", false
					}
					j += end + 4
					continue
				}
				j++
			}
			if j >= len(s) {
				return "", false
			}
			b.WriteString(strings.ReplaceAll(s[i:j+1], `\`, `\\`))
			i = j
		case c == '\\' && i+1 < len(s):
			n := s[i+1]
			i++
			switch {
			case n >= '1' && n <= '9', n == '<', n == '>':
				return "", false
			case !extended && strings.IndexByte("(){}+?|", n) >= 0:
				b.WriteByte(n)
				atStart = n == '(' || n == '|'
			default:
				b.WriteByte('\\')
				b.WriteByte(n)
			}
		case c == '\\':
			return "", false
		case !extended && strings.IndexByte("(){}+?|", c) >= 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		case !extended && c == '*' && start:
			b.WriteString(`\*`)
		case c == '^':
			b.WriteByte(c)
			atStart = !extended
		default:
			b.WriteByte(c)
			atStart = extended && c == '('
		}
	}
	return b.String(), true
}

// apply renames name by the s command.
func (t nameTransform) apply(name string) string {
	matches := t.re.FindAllStringSubmatchIndex(name, -1)
	var b strings.Builder
	last := 0
	for k, m := range matches {
		n := k + 1
		switch {
		case t.nth > 0 && n < t.nth, t.nth > 0 && n > t.nth && !t.global, t.nth == 0 && n > 1 && !t.global:
			continue
		}
		b.WriteString(name[last:m[0]])
		b.WriteString(expandReplacement(t.repl, name, m))
		last = m[1]
	}
	b.WriteString(name[last:])
	return b.String()
}

// expandReplacement writes sed's replacement for one match.
func expandReplacement(repl, src string, m []int) string {
	var b strings.Builder
	mode, once := byte('E'), byte(0)
	put := func(s string) {
		for _, r := range s {
			switch {
			case once == 'u':
				r = unicode.ToUpper(r)
			case once == 'l':
				r = unicode.ToLower(r)
			case mode == 'U':
				r = unicode.ToUpper(r)
			case mode == 'L':
				r = unicode.ToLower(r)
			}
			once = 0
			b.WriteRune(r)
		}
	}
	group := func(g int) string {
		if 2*g+1 < len(m) && m[2*g] >= 0 {
			return src[m[2*g]:m[2*g+1]]
		}
		return ""
	}
	for i := 0; i < len(repl); i++ {
		c := repl[i]
		switch {
		case c == '&':
			put(group(0))
		case c == '\\' && i+1 < len(repl):
			i++
			switch n := repl[i]; {
			case n >= '0' && n <= '9':
				put(group(int(n - '0')))
			case n == 'U' || n == 'L' || n == 'E':
				mode = n
			case n == 'u' || n == 'l':
				once = n
			case n == 'n':
				put("\n")
			default:
				put(string(n))
			}
		default:
			put(string(c))
		}
	}
	return b.String()
}

// afterDotDot is what GNU tar keeps of a renamed member's name without
// -P: a leading "/" and everything up to its last ".." component go.
func afterDotDot(name string) string {
	parts := strings.Split(name, "/")
	for i := len(parts) - 1; i >= 0; i-- {
		if parts[i] == ".." {
			parts = parts[i+1:]
			break
		}
	}
	return strings.TrimLeft(strings.Join(parts, "/"), "/")
}
