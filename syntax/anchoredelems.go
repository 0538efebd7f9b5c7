package syntax

import (
	"regexp"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/pattern"
	sh "mvdan.cc/sh/v3/syntax"
)

// Anchored replacements on every element (red team 16 AE1).
//
// ${x[@]/#p/r}, ${x[*]/%p/r}, ${@/%p/r} and ${*/#p/r} apply the anchored
// replacement to each element of the array (each positional parameter)
// and expand to the results as ${x[@]} (${x[*]}) would: bash(1),
// Parameter Expansion, "If parameter is @ or *, the substitution
// operation is applied to each positional parameter in turn … If
// parameter is an array variable subscripted with @ or *, the
// substitution operation is applied to each member of the array in
// turn". With an empty pattern ${x[@]/#/p} prepends p to each element,
// ${x[@]/%/s} appends s. The results go in a made-up indexed array whose
// whole expansion replaces the operator.

// elemsAnchored reports an anchored replacement over every element: an
// array subscripted with @ or *, or the parameters @ and *.
func elemsAnchored(p *sh.ParamExp) (all string, ok bool) {
	if p.Param == nil || p.Exp != nil || p.Slice != nil || p.Excl || p.Length || p.Width || p.Names != 0 || !anchoredParam(p) {
		return "", false
	}
	if p.Index == nil {
		if v := p.Param.Value; v == "@" || v == "*" {
			return v, true
		}
		return "", false
	}
	iw, _ := p.Index.(*sh.Word)
	if iw == nil || !isName(p.Param.Value) {
		return "", false
	}
	if l := iw.Lit(); l == "@" || l == "*" {
		return l, true
	}
	return "", false
}

// anchoredElems computes an anchored replacement over every element and
// returns the expansion that replaces p; ok is false when the elements,
// their order, the pattern or the replacement are only known at run
// time.
func (r *resolver) anchoredElems(p *sh.ParamExp) (*sh.ParamExp, bool) {
	all, ok := elemsAnchored(p)
	if !ok {
		return nil, false
	}
	env := r.env()
	v := env.Get(p.Param.Value)
	if len(env.unknown) > 0 {
		return nil, false
	}
	var elems []string
	var idx []int
	switch v.Kind {
	case expand.Indexed:
		elems, idx = v.List, v.Indexes
	case expand.Associative:
		if len(v.Map) > 1 {
			return nil, false // bash's hash order
		}
		for _, e := range v.Map {
			elems = append(elems, e)
		}
	case expand.String:
		if v.IsSet() {
			elems = []string{v.Str} // a scalar is element 0
		}
	case expand.Unknown:
		if v.IsSet() {
			return nil, false
		}
	default:
		return nil, false
	}
	re, with, ok := r.anchoredRegexp(p)
	if !ok {
		return nil, false
	}
	out := make([]string, len(elems))
	for i, e := range elems {
		if loc := re.FindStringIndex(e); loc != nil {
			e = e[:loc[0]] + with + e[loc[1]:]
		}
		out[i] = e
	}
	name := "__corral_anchored" + strconv.Itoa(int(p.Pos().Offset()))
	if r.synth == nil {
		r.synth = map[string]expand.Variable{}
	}
	r.synth[name] = expand.Variable{Set: true, Kind: expand.Indexed, List: out, Indexes: idx}
	q := *p
	q.Param = &sh.Lit{ValuePos: p.Param.ValuePos, ValueEnd: p.Param.ValueEnd, Value: name}
	q.Repl = nil
	q.Index = &sh.Word{Parts: []sh.WordPart{&sh.Lit{ValuePos: p.Param.ValuePos, ValueEnd: p.Param.ValueEnd, Value: all}}}
	return &q, true
}

// anchoredRegexp compiles the pattern of an anchored replacement, with
// its anchor, and expands its replacement; ok is false when either is
// only known at run time.
func (r *resolver) anchoredRegexp(p *sh.ParamExp) (*regexp.Regexp, string, bool) {
	env := r.env()
	cfg := r.cfg(env)
	pat := ""
	if w := anchoredPattern(p); len(w.Parts) > 0 {
		var err error
		if pat, err = safePattern(cfg, w); err != nil {
			return nil, "", false
		}
	}
	with := ""
	if p.Repl.With != nil {
		var err error
		if with, err = safeLiteral(cfg, p.Repl.With); err != nil {
			return nil, "", false
		}
	}
	if len(env.unknown) > 0 {
		return nil, "", false
	}
	expr, err := pattern.Regexp(pat, 0)
	if err != nil {
		return nil, "", false
	}
	if strings.HasPrefix(p.Repl.Orig.Parts[0].(*sh.Lit).Value, "%") {
		expr = "(?s:" + expr + ")$"
	} else {
		expr = "^(?s:" + expr + ")"
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, "", false
	}
	re.Longest()
	return re, with, true
}
