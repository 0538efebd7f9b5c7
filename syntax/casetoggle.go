package syntax

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/pattern"
	sh "mvdan.cc/sh/v3/syntax"
)

// Case toggles (${x~~}, ${x~}).
//
// bash 5 toggles the case of every character of the value (~~) or of its
// first one (~), optionally only of the characters a pattern matches
// (${x~~[ac]}): an upper-case letter becomes lower case and a lower-case
// one upper case, by the locale's tables (in a UTF-8 locale, é and É
// too). mvdan's parser refuses the operator; parseSource reads the
// expansion as a variable of a made-up name (opaqueParam), and the
// resolver finds the original text at the same offsets. When that text is
// a toggle of a plain variable, the made-up variable's value is the
// toggled value of the variable (wordEnv.Get), so that x=MV; ${x~~} is
// mv, and each value a variable may hold gives its toggled candidate.

// caseToggle is one ${NAME~~pat} or ${NAME~pat}.
type caseToggle struct {
	name string
	all  bool
	// match reports whether the pattern matches one character; nil
	// matches any.
	match *regexp.Regexp
}

// noteToggle records, for a parameter expansion whose original text in
// src is a case toggle that opaqueParam rewrote, the toggle under the
// made-up name.
func (r *resolver) noteToggle(p *sh.ParamExp) {
	if p.Param == nil || p.Short {
		return
	}
	start, end := int(p.Pos().Offset()), int(p.End().Offset())
	if start < 0 || end > len(r.src) || start >= end {
		return
	}
	orig := r.src[start:end]
	made := p.Param.Value
	if orig == "${"+made+"}" || len(orig) != len(made)+3 || strings.Contains(r.src, made) {
		return
	}
	t, ok := parseToggle(orig)
	if !ok {
		return
	}
	if r.toggles == nil {
		r.toggles = map[string]caseToggle{}
	}
	r.toggles[made] = t
}

// parseToggle reads ${NAME~~pat} or ${NAME~pat}; ok is false for anything
// else (an index, a pattern that quotes or expands).
func parseToggle(orig string) (caseToggle, bool) {
	in, ok := strings.CutPrefix(orig, "${")
	if !ok {
		return caseToggle{}, false
	}
	in, ok = strings.CutSuffix(in, "}")
	if !ok {
		return caseToggle{}, false
	}
	name, rest, ok := strings.Cut(in, "~")
	if !ok || !isName(name) {
		return caseToggle{}, false
	}
	t := caseToggle{name: name}
	if strings.HasPrefix(rest, "~") {
		t.all, rest = true, rest[1:]
	}
	if rest == "" {
		return t, true
	}
	pat, ok := togglePattern(rest)
	if !ok {
		return caseToggle{}, false
	}
	expr, err := pattern.Regexp(pat, pattern.EntireString)
	if err != nil {
		return caseToggle{}, false
	}
	re, err := regexp.Compile("(?s)" + expr)
	if err != nil {
		return caseToggle{}, false
	}
	t.match = re
	return t, true
}

// togglePattern removes the quotes of a toggle's pattern: quoted
// characters match themselves. ok is false for a pattern that expands
// something ($, a backquote, a brace) or is not closed.
func togglePattern(p string) (string, bool) {
	var b strings.Builder
	lit := func(c byte) {
		if strings.IndexByte("*?[]\\!@+()|^", c) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	for i := 0; i < len(p); i++ {
		switch c := p[i]; c {
		case '$', '`', '{', '}', '\n':
			return "", false
		case '\\':
			if i+1 == len(p) {
				return "", false
			}
			i++
			lit(p[i])
		case '\'':
			j := strings.IndexByte(p[i+1:], '\'')
			if j < 0 {
				return "", false
			}
			for k := i + 1; k <= i+j; k++ {
				lit(p[k])
			}
			i += j + 1
		case '"':
			i++
			for ; i < len(p) && p[i] != '"'; i++ {
				switch p[i] {
				case '$', '`':
					return "", false
				case '\\':
					if i+1 < len(p) && strings.IndexByte("$`\"\\", p[i+1]) >= 0 {
						i++
					}
				}
				lit(p[i])
			}
			if i == len(p) {
				return "", false
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// apply toggles v as bash does in a UTF-8 locale.
func (t caseToggle) apply(v string) string {
	var b strings.Builder
	for i, c := range v {
		size := utf8.RuneLen(c)
		invalid := c == utf8.RuneError && !strings.HasPrefix(v[i:], string(utf8.RuneError))
		if invalid {
			size = 1
		}
		ch := v[i : i+size]
		switch {
		case t.match != nil && !t.match.MatchString(ch):
		case invalid:
			// A byte that is no character: bash toggles the character
			// of that number and keeps the low byte of the result
			// (\xff, ÿ, becomes Ÿ, U+0178: x; \xc3 becomes \xe3).
			ch = string([]byte{byte(toggleChar(rune(v[i])))})
		default:
			ch = string(toggleChar(c))
		}
		b.WriteString(ch)
		if !t.all {
			b.WriteString(v[i+size:])
			break
		}
	}
	return b.String()
}

// toggleChar returns a character with its case toggled: a character
// with a lower-case form takes it, else one with an upper-case form
// (glibc's towlower, towupper: the title-case ǅ becomes ǆ, ſ becomes S).
func toggleChar(c rune) rune {
	if l := unicode.ToLower(c); l != c {
		return l
	}
	return unicode.ToUpper(c)
}

// toggled answers the made-up variable of a case toggle: the toggled
// value of the variable it reads, which may itself be only known at run
// time (then it is that variable which is missing).
func (e *wordEnv) toggled(t caseToggle) expand.Variable {
	v := e.Get(t.name)
	switch {
	case !v.IsSet():
		return v
	case v.Kind == expand.Indexed:
		// ${a~~} of an array toggles its first element.
		if len(v.List) == 0 {
			return expand.Variable{}
		}
		return expand.Variable{Set: true, Kind: expand.String, Str: t.apply(v.List[0])}
	case v.Kind != expand.String:
		return e.miss(t.name)
	}
	if v.Str == marker {
		return v
	}
	return expand.Variable{Set: true, Kind: expand.String, Str: t.apply(v.Str)}
}
