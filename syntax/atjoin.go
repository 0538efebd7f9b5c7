package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// atJoinFields gives the fields of a word whose double quotes hold an
// expansion that makes a field per element ("${a[@]}", "$@") beside other
// text: bash joins the text before it to the first element and the text
// after it to the last, each element its own field ("${a[@]}/.ssh" of
// a=(x ~) is x and ~/.ssh). The expansion library joins the elements
// with spaces, one field, so the word was a run-time value whose one
// candidate ("x /home/.ssh") named no path bash touches. Each piece must
// be known; an element list that may be empty is left to run time.
func (r *resolver) atJoinFields(w *sh.Word, tmpl Arg) ([]Arg, bool) {
	var pieces []sh.WordPart // quoted pieces, in order
	found := false
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *sh.Lit:
			if strings.ContainsAny(p.Value, "*?[]~\\{}$`") {
				return nil, false
			}
			pieces = append(pieces, &sh.SglQuoted{Value: p.Value})
		case *sh.SglQuoted:
			if p.Dollar {
				return nil, false
			}
			pieces = append(pieces, p)
		case *sh.DblQuoted:
			if p.Dollar {
				return nil, false
			}
			for _, q := range p.Parts {
				switch q := q.(type) {
				case *sh.Lit, *sh.ParamExp:
					found = found || atFields(q)
					pieces = append(pieces, &sh.DblQuoted{Parts: []sh.WordPart{q}})
				default:
					return nil, false
				}
			}
		default:
			return nil, false
		}
	}
	if !found || len(pieces) < 2 {
		return nil, false
	}
	var out []string
	cur := ""
	for _, p := range pieces {
		pw := &sh.Word{Parts: []sh.WordPart{p}}
		if dq, ok := p.(*sh.DblQuoted); ok && atFields(dq.Parts[0]) {
			fs := r.fields(pw)
			if len(fs) == 0 || len(fs) == 1 && fs[0].Value == "" {
				return nil, false // empty, or one empty element: left to run time
			}
			for i, f := range fs {
				if !f.Static || f.Glob {
					return nil, false
				}
				if i > 0 {
					out = append(out, cur)
					cur = ""
				}
				cur += f.Value
			}
			continue
		}
		l := r.literal(pw, false)
		if !l.Static {
			return nil, false
		}
		cur += l.Value
	}
	out = append(out, cur)
	if len(out) > MaxFields {
		return nil, false
	}
	res := make([]Arg, len(out))
	for i, v := range out {
		f := tmpl
		f.Value, f.Static, f.Glob = v, true, false
		f.Split = len(out) > 1
		res[i] = f
	}
	return res, true
}
