package syntax

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	sh "mvdan.cc/sh/v3/syntax"
)

// Pattern substitution replacements (bash 5.2's patsub_replacement).
//
// With the option on, its default, an unquoted & in the replacement of
// ${x/pat/rep} stands for the text the pattern matched: x=r;
// ${x/r/&m} is rm. A backslash before it (\&) or quotes around it ("&")
// keep a literal &, and an & that an unquoted expansion in the
// replacement brings (y='&'; ${x/b/$y}) is replaced too. mvdan's expand
// keeps every & literal, so corral writes the replacement out itself
// before the word goes to expand; shopt -u patsub_replacement turns that
// off.

// patsubAmp reports a pattern substitution whose replacement may hold an
// & bash replaces: an & in an unquoted literal part, or an unquoted
// expansion, while the option is on.
func (r *resolver) patsubAmp(p *sh.ParamExp) bool {
	if p.Repl == nil || p.Repl.With == nil || r.st != nil && r.st.noPatsub {
		return false
	}
	for _, q := range p.Repl.With.Parts {
		switch q := q.(type) {
		case *sh.Lit:
			if strings.Contains(q.Value, "&") {
				return true
			}
		case *sh.ParamExp, *sh.CmdSubst, *sh.ArithmExp:
			return true
		}
	}
	return false
}

// patsubLiteral rewrites a pattern substitution whose replacement holds
// an & bash replaces (patsubAmp) into one whose replacement is literal
// text, ok false when that cannot be done: the pattern is not a literal
// (what it matched varies), or the replacement holds a part corral
// cannot expand here.
func (r *resolver) patsubLiteral(p *sh.ParamExp) (*sh.ParamExp, bool) {
	pat, ok := literalPattern(p.Repl.Orig)
	if !ok {
		return nil, false
	}
	var b strings.Builder
	for _, q := range p.Repl.With.Parts {
		switch q := q.(type) {
		case *sh.Lit:
			v := q.Value
			for i := 0; i < len(v); i++ {
				switch {
				case v[i] == '\\' && i+1 < len(v):
					i++
					b.WriteByte(v[i])
				case v[i] == '&':
					b.WriteString(pat)
				default:
					b.WriteByte(v[i])
				}
			}
		case *sh.SglQuoted, *sh.DblQuoted:
			env := r.env()
			v, err := expand.Literal(r.cfg(env), &sh.Word{Parts: []sh.WordPart{q}})
			if err != nil || len(env.unknown) > 0 {
				return nil, false
			}
			b.WriteString(v)
		case *sh.ParamExp:
			env := r.env()
			v, err := expand.Literal(r.cfg(env), &sh.Word{Parts: []sh.WordPart{q}})
			if err != nil || len(env.unknown) > 0 {
				return nil, false
			}
			// bash's quote removal takes an unquoted backslash of the
			// value as an escape of the & after it.
			for i := 0; i < len(v); i++ {
				switch {
				case v[i] == '\\' && i+1 < len(v) && v[i+1] == '&':
					i++
					b.WriteByte('&')
				case v[i] == '&':
					b.WriteString(pat)
				default:
					b.WriteByte(v[i])
				}
			}
		default:
			return nil, false
		}
	}
	q := *p
	repl := *p.Repl
	repl.With = &sh.Word{Parts: []sh.WordPart{&sh.SglQuoted{Left: p.Repl.With.Pos(), Right: p.Repl.With.End(), Value: b.String()}}}
	q.Repl = &repl
	return &q, true
}

// literalPattern returns the text a pattern of a substitution matches
// when it matches one text only (no glob character), without the # or %
// that anchors it.
func literalPattern(w *sh.Word) (string, bool) {
	if w == nil || len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*sh.Lit)
	if !ok {
		return "", false
	}
	v := l.Value
	if strings.HasPrefix(v, "#") || strings.HasPrefix(v, "%") {
		v = v[1:]
	}
	if v == "" || strings.ContainsAny(v, "*?[]\\()!+@'\"$`") {
		return "", false
	}
	return v, true
}
