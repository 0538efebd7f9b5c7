package syntax

import (
	"strconv"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Indirection and name references in words.
//
// ${!d} expands the variable whose name d holds; with d=HOME it is
// ${HOME}, operators included (${!d:-x} is ${HOME:-x}). ${!r} of a name
// reference r is the name r refers to. ${!a[@]} and ${!a[*]} are the
// indexes of array a. indirect rewrites these, where the state knows
// the names, into the plain parameters bash reads, before the word is
// checked against the static subset and expanded; the expand package
// then gives bash's value. ${!a[@]} and ${!a[*]}, the indexes of a
// known array, the expand package gives as they are (exactKeys). When d is unknown, or holds something other
// than a name or a positional number (a[1], "a b"), the word stays as
// written and is only known at run time. ${!prefix*} and ${!prefix@},
// the names of the set variables that start with prefix, depend on the
// whole environment and stay run time too.

// indirect returns w with every indirection whose target the state
// knows replaced by the parameter it reads; w itself when there is none.
func (r *resolver) indirect(w *sh.Word) *sh.Word {
	if r.st == nil || !hasExcl(w.Parts) && !r.hasElemRef(w.Parts) {
		return w
	}
	parts, changed := r.indirectParts(w.Parts)
	if !changed {
		return w
	}
	return &sh.Word{Parts: parts}
}

func hasExcl(parts []sh.WordPart) bool {
	for _, p := range parts {
		switch p := p.(type) {
		case *sh.ParamExp:
			if p.Excl {
				return true
			}
		case *sh.DblQuoted:
			if hasExcl(p.Parts) {
				return true
			}
		}
	}
	return false
}

// hasElemRef reports a parameter that is a name reference to an array
// element (declare -n r=a[1]; "$r").
func (r *resolver) hasElemRef(parts []sh.WordPart) bool {
	for _, p := range parts {
		switch p := p.(type) {
		case *sh.ParamExp:
			if p.Param != nil {
				if v, ok := r.st.vars[p.Param.Value]; ok && v.nameref && v.known && strings.Contains(v.ref, "[") {
					return true
				}
			}
		case *sh.DblQuoted:
			if r.hasElemRef(p.Parts) {
				return true
			}
		}
	}
	return false
}

// elemParam returns ${base[sub]} for p reading the element NAME[SUB]
// names (a literal number, @ or *), as bash reads a name reference or an
// indirection to an array element (red team 15 NR1: declare -n r=a[1],
// y=x[0]; ${!y}).
//
// A subscript that is not a literal number is a key of an associative
// array (m[k]: the key as written, when it has no expansion or quote in
// it), or, of an indexed array, arithmetic: a variable whose value is a
// known number (a[i] with i=1) gives that element.
func (r *resolver) elemParam(p *sh.ParamExp, target string) (sh.WordPart, bool) {
	base, sub, ok := strings.Cut(target, "[")
	if !ok || !isName(base) || !strings.HasSuffix(sub, "]") || p.Index != nil {
		return nil, false
	}
	sub = strings.TrimSuffix(sub, "]")
	if sub != "@" && sub != "*" {
		if _, err := strconv.Atoi(sub); err != nil {
			arr := r.st.get(base)
			switch {
			case arr.assoc:
				if !elemWordSubscript(sub) {
					return nil, false
				}
			case isName(sub):
				v := r.st.get(sub)
				if !v.known || !v.set || v.array || !isInteger(v.str) {
					return nil, false
				}
				sub = v.str
			default:
				return nil, false
			}
		}
	}
	q := *p
	q.Excl = false
	q.Param = &sh.Lit{ValuePos: p.Param.ValuePos, ValueEnd: p.Param.ValueEnd, Value: base}
	// The index has no place in the source (tightIndex reads it as
	// the literal it is).
	q.Index = &sh.Word{Parts: []sh.WordPart{&sh.Lit{Value: sub}}}
	return &q, true
}

// elemWordSubscript reports a subscript of a name reference that is a
// word (m[key], a[i]): an associative array's key, or a variable an
// indexed array's subscript reads, looked up where the reference is read
// (elemParam). One with an expansion, a quote or a pattern in it is
// evaluated at each use and is not kept (elemName).
func elemWordSubscript(sub string) bool {
	return sub != "" && !strings.ContainsAny(sub, "$`'\"[]*?\\") && strings.TrimSpace(sub) == sub
}

// printedIndirection reports ${!y} with no operator: the variable it
// reads is named by y's value, which a program printed at run time when
// y was set from a command substitution (y=$(cat p); rm -rf "${!y}").
func printedIndirection(pe *sh.ParamExp) bool {
	return pe.Excl && pe.Param != nil && pe.Index == nil && pe.Names == 0 && pe.Exp == nil &&
		pe.Repl == nil && pe.Slice == nil && !pe.Length
}

func (r *resolver) indirectParts(parts []sh.WordPart) ([]sh.WordPart, bool) {
	var out []sh.WordPart
	changed := false
	for i, p := range parts {
		var np sh.WordPart
		switch p := p.(type) {
		case *sh.ParamExp:
			if q, ok := r.indirectParam(p); ok {
				np = q
			}
		case *sh.DblQuoted:
			if inner, ok := r.indirectParts(p.Parts); ok {
				q := *p
				q.Parts = inner
				np = &q
			}
		}
		if np == nil {
			if changed {
				out = append(out, p)
			}
			continue
		}
		if !changed {
			out = append([]sh.WordPart(nil), parts[:i]...)
			changed = true
		}
		out = append(out, np)
	}
	return out, changed
}

// indirectParam returns the part bash reads for an indirection p, when
// the state knows its target.
func (r *resolver) indirectParam(p *sh.ParamExp) (sh.WordPart, bool) {
	if !p.Excl && p.Param != nil && p.NestedParam == nil && p.Names == 0 && !p.Length && !p.Width {
		// "$r" of declare -n r=a[1]: the element.
		if v, ok := r.st.vars[p.Param.Value]; ok && v.nameref && v.known && strings.Contains(v.ref, "[") {
			return r.elemParam(p, v.ref)
		}
		return nil, false
	}
	if !p.Excl || p.Param == nil || p.Names != 0 || p.Length || p.Width || p.IsSet || p.NestedParam != nil ||
		p.Flags != nil || len(p.Modifiers) > 0 || !isName(p.Param.Value) {
		return nil, false
	}
	name := p.Param.Value
	if p.Index != nil {
		return nil, false // ${!a[@]}: see exactKeys
	}
	if raw, ok := r.st.vars[name]; ok && raw.nameref {
		// ${!r}: the name r refers to.
		if !raw.known || raw.ref == "" || p.Exp != nil || p.Slice != nil || p.Repl != nil {
			return nil, false
		}
		return &sh.Lit{ValuePos: p.Dollar, ValueEnd: p.End(), Value: raw.ref}, true
	}
	v := r.st.get(name)
	if v.known && v.set && !v.array && strings.Contains(v.str, "[") {
		// y=x[0]; ${!y}: the element.
		return r.elemParam(p, v.str)
	}
	if !v.known || !v.set || v.array || !validParam(v.str) || v.str == "0" || len(v.str) == 1 && !isName(v.str) && (v.str[0] < '1' || v.str[0] > '9') {
		return nil, false
	}
	q := *p
	q.Excl = false
	q.Param = &sh.Lit{ValuePos: p.Param.ValuePos, ValueEnd: p.Param.ValueEnd, Value: v.str}
	return &q, true
}

// exactKeys reports whether p is ${!a[@]} or ${!a[*]} of an array the
// state knows, with no operator: the expand package gives its indexes
// as bash does.
func (r *resolver) exactKeys(p *sh.ParamExp) bool {
	if !p.Excl || p.Param == nil || p.Names != 0 || p.Length || p.Width || p.IsSet || p.NestedParam != nil ||
		p.Flags != nil || len(p.Modifiers) > 0 || p.Exp != nil || p.Slice != nil || p.Repl != nil || !isName(p.Param.Value) {
		return false
	}
	w, ok := p.Index.(*sh.Word)
	if !ok || w.Lit() != "@" && w.Lit() != "*" {
		return false
	}
	if raw := r.st.vars[p.Param.Value]; raw.nameref {
		return false
	}
	v := r.st.get(p.Param.Value)
	return v.known && v.set && v.array && !v.unordered()
}
