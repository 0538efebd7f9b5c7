package syntax

import (
	"slices"
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

// Prompt expansion of a known value (${x@P}).
//
// bash expands the value as a prompt: backslash escapes (\u, \w, \h, …),
// then parameter expansions and command substitutions in it, the way a
// here-document's text is expanded (quotes are characters). x='$HOME';
// rm -rf ${x@P} is rm -rf ~. corral computes the value when it holds no
// backslash, backquote or command substitution: the text expanded as a
// document in the current state. Otherwise the word has no value before
// run time, and its variable is taken as unknown.

// promptParam reports ${x@P} of a plain variable.
func promptParam(p *sh.ParamExp) bool {
	return p.Exp != nil && p.Exp.Op == sh.OtherParamOps && p.Exp.Word != nil && p.Exp.Word.Lit() == "P" &&
		p.Param != nil && isName(p.Param.Value) && p.Index == nil && !p.Excl && !p.Length && !p.Width &&
		p.Slice == nil && p.Repl == nil && p.Names == 0
}

// promptValue computes ${x@P} (promptParam) of a known value; ok is false
// when it cannot.
func (r *resolver) promptValue(p *sh.ParamExp) (string, bool) {
	v := r.st.get(p.Param.Value)
	if !v.known || v.array {
		return "", false
	}
	if !v.set {
		return "", true
	}
	text := v.str
	if !strings.Contains(text, "$") {
		if strings.ContainsAny(text, "\\`") {
			return "", false
		}
		return text, true
	}
	if strings.ContainsAny(text, "\\`") || strings.Contains(text, "$(") || strings.Contains(text, "@P") || len(text) > 4096 {
		return "", false
	}
	doc, err := newParser().Document(strings.NewReader(text))
	if err != nil {
		return "", false
	}
	for _, q := range doc.Parts {
		if _, ok := q.(*sh.CmdSubst); ok {
			return "", false
		}
	}
	env := r.env()
	out, err := expand.Document(r.cfg(env), doc)
	if err != nil || len(env.unknown) > 0 {
		return "", false
	}
	return out, true
}

// promptNames returns the sorted names of the variables w expands as
// prompts (promptParam).
func promptNames(w *sh.Word) []string {
	var names []string
	sh.Walk(w, func(n sh.Node) bool {
		if p, ok := n.(*sh.ParamExp); ok && promptParam(p) && !slices.Contains(names, p.Param.Value) {
			names = append(names, p.Param.Value)
		}
		return true
	})
	slices.Sort(names)
	return names
}
