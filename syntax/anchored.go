package syntax

import (
	"regexp"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/pattern"
	sh "mvdan.cc/sh/v3/syntax"
)

// Anchored replacements.
//
// ${x/#p/r} replaces the longest match of p at the start of x's value,
// ${x/%p/r} the longest match at its end. mvdan's expand does not anchor
// them (it replaces the first match anywhere), so corral computes them
// itself: prepare puts the result in place of the expansion before the
// word goes to expand. rm -rf "${HOME/#/}" is rm -rf "$HOME", and
// "${HOME/#\//x}" is not a path under /.

// anchoredParam reports an expansion ${x/#p/r} or ${x/%p/r}.
func anchoredParam(p *sh.ParamExp) bool {
	if p.Repl == nil || p.Repl.All {
		return false
	}
	l, ok := firstLit(p.Repl.Orig)
	return ok && (strings.HasPrefix(l, "#") || strings.HasPrefix(l, "%"))
}

// quotedAnchor reports a pattern that starts with empty quotes and then
// # or % (${x/""#/y}, or two single quotes in place of ""): bash removes
// the quotes and anchors.
func quotedAnchor(w *sh.Word) bool {
	if w == nil {
		return false
	}
	for i, p := range w.Parts {
		switch p := p.(type) {
		case *sh.SglQuoted:
			if p.Value != "" {
				return false
			}
		case *sh.DblQuoted:
			if len(p.Parts) > 0 {
				return false
			}
		case *sh.Lit:
			return i > 0 && (strings.HasPrefix(p.Value, "#") || strings.HasPrefix(p.Value, "%"))
		default:
			return false
		}
	}
	return false
}

// anchoredExact reports an anchored replacement in the static subset: a
// scalar variable by name (no index, no other operator), a pattern of
// patternWord and a replacement of replacementWord.
func anchoredExact(p *sh.ParamExp, quoted bool) bool {
	if p.Index != nil || p.Exp != nil || p.Slice != nil || !isName(p.Param.Value) {
		return false
	}
	pat := anchoredPattern(p)
	if len(pat.Parts) > 0 && !patternWord(pat, quoted) {
		return false
	}
	return replacementWord(p.Repl.With)
}

// anchoredPattern returns the pattern of an anchored replacement without
// its # or %.
func anchoredPattern(p *sh.ParamExp) *sh.Word {
	parts := append([]sh.WordPart(nil), p.Repl.Orig.Parts...)
	l := parts[0].(*sh.Lit)
	if len(l.Value) == 1 {
		parts = parts[1:]
	} else {
		parts[0] = &sh.Lit{ValuePos: l.ValuePos, ValueEnd: l.ValueEnd, Value: l.Value[1:]}
	}
	return &sh.Word{Parts: parts}
}

// scalarValue returns the value of the plain variable name when it is
// known: ok is false when it is only known at run time or is an array
// or a name reference; set is false for an unset variable.
func (r *resolver) scalarValue(name string) (val string, set, ok bool) {
	env := r.env()
	v := env.Get(name)
	if len(env.unknown) > 0 || v.Kind == expand.Indexed || v.Kind == expand.Associative || v.Kind == expand.NameRef {
		return "", false, false
	}
	if !v.IsSet() {
		return "", false, true
	}
	return v.Str, true, true
}

// anchoredValue computes an anchored replacement; ok is false when the
// variable is only known at run time or the pattern cannot be compiled.
func (r *resolver) anchoredValue(p *sh.ParamExp) (string, bool) {
	val, set, ok := r.scalarValue(p.Param.Value)
	if !ok || !set {
		return "", ok // bash replaces nothing in an unset variable
	}
	env := r.env()
	cfg := r.cfg(env)
	pat := ""
	if w := anchoredPattern(p); len(w.Parts) > 0 {
		var err error
		if pat, err = safePattern(cfg, w); err != nil {
			return "", false
		}
	}
	with := ""
	if p.Repl.With != nil {
		var err error
		if with, err = safeLiteral(cfg, p.Repl.With); err != nil {
			return "", false
		}
	}
	if len(env.unknown) > 0 {
		// ${H/#$y/} of a y only run time knows (patguess.go tries
		// its values).
		return "", false
	}
	expr, err := pattern.Regexp(pat, 0)
	if err != nil {
		return "", false
	}
	atEnd := strings.HasPrefix(p.Repl.Orig.Parts[0].(*sh.Lit).Value, "%")
	if atEnd {
		expr = "(?s:" + expr + ")$"
	} else {
		expr = "^(?s:" + expr + ")"
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return "", false
	}
	re.Longest()
	loc := re.FindStringIndex(val)
	if loc == nil {
		return val, true
	}
	return val[:loc[0]] + with + val[loc[1]:], true
}

// prepareAnchored puts the value of each anchored replacement among parts
// in its place: inside double quotes as literal text, outside them as a
// single-quoted string when the value is one field bash would not split
// or glob. ok is false when one cannot be computed or placed.
func (r *resolver) prepareAnchored(parts []sh.WordPart, quoted bool) (out []sh.WordPart, changed, ok bool) {
	out = parts
	for i, p := range parts {
		var repl sh.WordPart
		switch p := p.(type) {
		case *sh.DblQuoted:
			inner, ch, ok := r.prepareAnchored(p.Parts, true)
			if !ok {
				return parts, false, false
			}
			if ch {
				repl = &sh.DblQuoted{Left: p.Left, Right: p.Right, Dollar: p.Dollar, Parts: inner}
			}
		case *sh.ParamExp:
			if p.Param == nil {
				continue
			}
			if q, ok := r.arrayAlternate(p); ok {
				repl = q
				break
			}
			if promptParam(p) {
				v, ok := r.promptValue(p)
				if !ok {
					return parts, false, false
				}
				// A made-up variable holding the value: split and globbed
				// where the expansion is unquoted, as bash does.
				name := "__corral_prompt" + strconv.Itoa(int(p.Pos().Offset()))
				if r.synth == nil {
					r.synth = map[string]expand.Variable{}
				}
				r.synth[name] = expand.Variable{Set: true, Kind: expand.String, Str: v}
				q := *p
				q.Param = &sh.Lit{ValuePos: p.Param.ValuePos, ValueEnd: p.Param.ValueEnd, Value: name}
				q.Exp = nil
				repl = &q
				break
			}
			if plainPatsub(p) {
				// A known value: bash's matching (patsubglob.go).
				if q, ok := r.patsubSynth(p); ok {
					repl = q
					break
				}
			}
			if q, ok := r.trimExtSynth(p); ok {
				// ${x%X!(b)} under extglob (patsubglob.go).
				repl = q
				break
			}
			if r.patsubAmp(p) {
				q, ok := r.patsubLiteral(p)
				if !ok {
					return parts, false, false
				}
				p, repl = q, q
			}
			if q, ok := r.anchoredElems(p); ok {
				// ${x[@]/%/c}, ${@/#/p}: each element (anchoredelems.go).
				repl = q
				break
			}
			if !anchoredParam(p) {
				break
			}
			v, ok := r.anchoredValue(p)
			if !ok {
				return parts, false, false
			}
			if quoted {
				repl = &sh.Lit{ValuePos: p.Pos(), ValueEnd: p.End(), Value: escapeDouble(v)}
			} else {
				if v == "" || strings.ContainsAny(v, " \t\n*?[") {
					return parts, false, false
				}
				repl = &sh.SglQuoted{Left: p.Pos(), Right: p.End(), Value: v}
			}
		}
		if repl == nil {
			continue
		}
		if !changed {
			out = append([]sh.WordPart(nil), parts...)
			changed = true
		}
		out[i] = repl
	}
	return out, changed, true
}

// escapeDouble writes v as literal text inside double quotes.
func escapeDouble(v string) string {
	if !strings.ContainsAny(v, "\\$\"`") {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\', '$', '"', '`':
			b.WriteByte('\\')
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

// arrayAlternate rewrites ${arr[@]+w}, ${arr[*]:+w}, ${arr[@]:-w} and the like on an
// array whose elements are known: mvdan's expand gives the elements
// themselves there, not w. bash gives w when the array has an element
// (for :+, when "${arr[*]}" is not empty); otherwise an empty string,
// except that "${arr[@]+w}" of an array without elements gives no field. The
// rewrite uses a made-up variable that answers so. ok is false for any
// other expansion.
func (r *resolver) arrayAlternate(p *sh.ParamExp) (*sh.ParamExp, bool) {
	if p.Exp == nil {
		return nil, false
	}
	deflt := false
	switch p.Exp.Op {
	case sh.AlternateUnset, sh.AlternateUnsetOrNull:
	case sh.DefaultUnset, sh.DefaultUnsetOrNull:
		deflt = true
	default:
		return nil, false
	}
	w, ok := p.Index.(*sh.Word)
	if !ok || (w.Lit() != "@" && w.Lit() != "*") || !isName(p.Param.Value) {
		return nil, false
	}
	env := r.env()
	v := env.Get(p.Param.Value)
	if len(env.unknown) > 0 {
		return nil, false
	}
	var elems []string
	switch {
	case v.Kind == expand.Indexed:
		elems = v.List
	case !v.IsSet():
	case v.Kind == expand.String:
		elems = []string{v.Str}
	default:
		return nil, false
	}
	holds := len(elems) > 0
	if p.Exp.Op == sh.AlternateUnsetOrNull || p.Exp.Op == sh.DefaultUnsetOrNull {
		holds = strings.Join(elems, " ") != ""
	}
	if deflt {
		// ${arr[@]-w}, "${arr[*]:-w}": the elements when the array holds
		// one (when "${arr[*]}" is not empty, for :-), else w, which
		// mvdan's expand does not give (a=(); rm -rf "${a[@]:-$HOME}"
		// removes the home directory).
		q := *p
		if holds {
			q.Exp = nil
			return &q, true
		}
		name := "__corral_alt" + strconv.Itoa(int(p.Pos().Offset()))
		if r.synth == nil {
			r.synth = map[string]expand.Variable{}
		}
		r.synth[name] = expand.Variable{}
		q.Param = &sh.Lit{ValuePos: p.Param.ValuePos, ValueEnd: p.Param.ValueEnd, Value: name}
		q.Index = nil
		return &q, true
	}
	name := "__corral_alt" + strconv.Itoa(int(p.Pos().Offset()))
	if r.synth == nil {
		r.synth = map[string]expand.Variable{}
	}
	q := *p
	q.Param = &sh.Lit{ValuePos: p.Param.ValuePos, ValueEnd: p.Param.ValueEnd, Value: name}
	switch {
	case holds:
		r.synth[name] = expand.Variable{Set: true, Kind: expand.String, Str: "x"}
		q.Index = nil
	case len(elems) == 0 && w.Lit() == "@":
		r.synth[name] = expand.Variable{Set: true, Kind: expand.Indexed, List: []string{}}
		q.Exp = nil
	default:
		r.synth[name] = expand.Variable{}
		q.Index = nil
	}
	return &q, true
}
