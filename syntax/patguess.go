package syntax

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	sh "mvdan.cc/sh/v3/syntax"
)

// A pattern only run time knows, in ${x%$y}, ${x%%$y}, ${x#$y},
// ${x##$y} or ${x/$y/z}, may match any part of x's value that bash's
// operator can remove: the word is then one of the value's prefixes (%),
// suffixes (#), or the value with one stretch replaced (/). When x's
// value is known and y is the whole pattern, each such part is tried as
// y's value (taken literally: a part holding a pattern character is
// left out), beside the guesses every unknown variable gets, so
// rm -rf "${H%$y}" with H=/home/u/x has the candidates /home/u/x,
// /home/u, /home, /, …. The other results a pattern y could give are
// these too (a pattern matches some stretch; which one is the
// operator's choice), so the candidates are bash's values.

// maxPatternGuesses bounds the parts tried for one variable, and
// maxPatternExpansions the expansions of one word.
const (
	maxPatternGuesses    = 64
	maxPatternExpansions = 512
)

// patternGuesses returns, by variable name, the parts of known values
// to try for variables that are the whole pattern of a removal or
// replacement in w; complete holds the names whose every use in w is
// such a pattern and whose parts are all tried: the word's values are
// then exactly those the tries give.
func (r *resolver) patternGuesses(w *sh.Word) (out map[string][]string, complete map[string]bool) {
	uses := map[string]int{}
	asPattern := map[string]int{}
	partial := map[string]bool{}
	walkTree(w, func(n sh.Node) bool {
		pe, ok := n.(*sh.ParamExp)
		if !ok || pe.Param == nil {
			return true
		}
		uses[pe.Param.Value]++
		if pe.Index != nil || pe.Excl || pe.Length || pe.Width || pe.Slice != nil {
			return true
		}
		var pat *sh.Word
		kind := ""
		switch {
		case pe.Exp != nil:
			switch pe.Exp.Op {
			case sh.RemSmallSuffix, sh.RemLargeSuffix:
				kind = "suffix"
			case sh.RemSmallPrefix, sh.RemLargePrefix:
				kind = "prefix"
			}
			pat = pe.Exp.Word
		case pe.Repl != nil && !pe.Repl.All:
			kind, pat = "part", pe.Repl.Orig
			if anchoredParam(pe) {
				// ${H/#$y/z}: a prefix; ${H/%$y/z}: a suffix.
				kind, pat = "prefix", anchoredPattern(pe)
				if strings.HasPrefix(pe.Repl.Orig.Parts[0].(*sh.Lit).Value, "%") {
					kind = "suffix"
				}
			}
		}
		name, whole := patternParam(pat)
		if kind == "" {
			return true
		}
		if !whole {
			// ${H/#$y$z/}, ${H%x$y}: a pattern with other parts beside
			// its first variable. Trying the value's parts as that
			// variable (the others get every unknown variable's
			// guesses, the empty one among them) gives some of the
			// word's values, not all: never a complete set.
			if name = patternFirstParam(pat); name == "" {
				return true
			}
			partial[name] = true
		}
		v := r.st.get(pe.Param.Value)
		if !v.known || !v.set || v.array {
			return true
		}
		parts, all := valueParts(v.str, kind)
		if !all {
			partial[name] = true
		}
		asPattern[name]++
		if out == nil {
			out = map[string][]string{}
		}
		merged, kept := mergeGuesses(out[name], parts)
		out[name] = merged
		if !kept {
			partial[name] = true
		}
		return true
	})
	for name, k := range asPattern {
		if k == uses[name] && !partial[name] {
			if complete == nil {
				complete = map[string]bool{}
			}
			complete[name] = true
		}
	}
	return out, complete
}

// patternFirstParam returns the first plain variable among a pattern
// word's parts ($y in $y$z, x$y, "$y"*), or "".
func patternFirstParam(w *sh.Word) string {
	if w == nil {
		return ""
	}
	for _, part := range w.Parts {
		if dq, ok := part.(*sh.DblQuoted); ok {
			for _, in := range dq.Parts {
				if name, ok := patternParam(&sh.Word{Parts: []sh.WordPart{in}}); ok {
					return name
				}
			}
			continue
		}
		if name, ok := patternParam(&sh.Word{Parts: []sh.WordPart{part}}); ok {
			return name
		}
	}
	return ""
}

// patternParam returns the variable a pattern word is made of alone:
// $y, ${y}, "$y".
func patternParam(w *sh.Word) (string, bool) {
	if w == nil || len(w.Parts) != 1 {
		return "", false
	}
	part := w.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok && len(dq.Parts) == 1 {
		part = dq.Parts[0]
	}
	pe, ok := part.(*sh.ParamExp)
	if !ok || pe.Param == nil || !isName(pe.Param.Value) || pe.Index != nil || pe.Excl || pe.Length || pe.Width ||
		pe.Slice != nil || pe.Exp != nil || pe.Repl != nil || pe.Names != 0 {
		return "", false
	}
	return pe.Param.Value, true
}

// valueParts returns the suffixes, prefixes or stretches of s that a
// pattern may match, those free of pattern characters (all reports that
// none was left out); none past maxPatternGuesses.
func valueParts(s, kind string) (out []string, all bool) {
	all = true
	add := func(p string) bool {
		if strings.ContainsAny(p, "*?[]\\()|!@+") {
			all = false
			return true
		}
		out = append(out, p)
		return len(out) <= maxPatternGuesses
	}
	switch kind {
	case "suffix":
		for i := range len(s) {
			if !add(s[i:]) {
				return nil, false
			}
		}
	case "prefix":
		for i := 1; i <= len(s); i++ {
			if !add(s[:i]) {
				return nil, false
			}
		}
	default:
		for i := range len(s) {
			for j := i + 1; j <= len(s); j++ {
				if !add(s[i:j]) {
					return nil, false
				}
			}
		}
	}
	return out, all
}

// mergeGuesses adds the parts b to a, once each, within the bound; kept
// is false when one is left out.
func mergeGuesses(a, b []string) (out []string, kept bool) {
	kept = true
	for _, p := range b {
		if slices.Contains(a, p) {
			continue
		}
		if len(a) >= maxPatternGuesses {
			kept = false
			continue
		}
		a = append(a, p)
	}
	return a, kept
}

// anchoredGuesses gives a word holding ${H/#$y/z} or ${H/%$y/z} of one
// variable y only run time knows its values: prepare computes anchored
// replacements itself (anchored.go), so each value of y (unset, empty,
// each part of H's value the anchor lets the pattern match) is tried
// as a made-up variable and the word prepared again. False, leaving the
// word to the general reading, for any other word.
func (r *resolver) anchoredGuesses(a *Arg, w *sh.Word) bool {
	name := ""
	walkTree(w, func(n sh.Node) bool {
		if pe, ok := n.(*sh.ParamExp); ok && pe.Repl != nil && anchoredParam(pe) {
			if y, whole := patternParam(anchoredPattern(pe)); whole && name == "" {
				name = y
			}
		}
		return true
	})
	if name == "" {
		return r.anchoredAnyPattern(a, w)
	}
	if v := r.env().Get(name); v.IsSet() || r.st == nil || r.st.get(name).known || len(r.st.get(name).cands) > 0 {
		return false
	}
	pats, complete := r.patternGuesses(w)
	none := marker
	tries := []*string{nil, new(string), &none} // unset, empty, one that matches nothing
	for i := range pats[name] {
		tries = append(tries, &pats[name][i])
	}
	var cands []string
	for _, t := range tries {
		r2 := *r
		r2.substs = nil
		r2.synth = map[string]expand.Variable{}
		for k, v := range r.synth {
			r2.synth[k] = v
		}
		if t != nil {
			r2.synth[name] = expand.Variable{Set: true, Kind: expand.String, Str: *t}
		} else {
			r2.synth[name] = expand.Variable{}
		}
		pw, ok := r2.prepare(w, false)
		if !ok {
			return false
		}
		env := r2.env()
		v, err := safeLiteral(r2.cfg(env), pw)
		if err != nil || len(env.unknown) > 0 {
			return false
		}
		if !strings.Contains(v, marker) && !slices.Contains(cands, v) {
			cands = append(cands, v)
		}
	}
	a.SetUnknown([]string{name})
	a.SetCandidates(cands)
	a.OneOf = complete[name]
	return true
}

// anchoredAnyPattern gives the word "${H/#PAT/R}" or "${H/%PAT/R}" alone,
// of a known H and a known R, whose pattern holds variables only run time
// knows beside others ($y$z, x$y): whatever the pattern, bash removes a
// prefix (#) or a suffix (%) of H's value, the empty one included, and
// puts R in its place, or matches nothing and leaves H's value: the word
// is one of those values (at most
// maxPatternGuesses, else false).
func (r *resolver) anchoredAnyPattern(a *Arg, w *sh.Word) bool {
	parts := w.Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*sh.DblQuoted); ok {
			parts = dq.Parts
		}
	}
	if len(parts) != 1 {
		return false
	}
	pe, ok := parts[0].(*sh.ParamExp)
	if !ok || pe.Param == nil || pe.Repl == nil || !anchoredParam(pe) || pe.Index != nil || pe.Excl || pe.Length || pe.Slice != nil {
		return false
	}
	val, set, ok := r.scalarValue(pe.Param.Value)
	if !ok || !set || len(val) >= maxPatternGuesses {
		return false
	}
	with := ""
	if pe.Repl.With != nil {
		// A replacement only run time knows gives any text.
		env := r.env()
		v, err := safeLiteral(r.cfg(env), pe.Repl.With)
		if err != nil || len(env.unknown) > 0 {
			return false
		}
		with = v
	}
	atEnd := strings.HasPrefix(pe.Repl.Orig.Parts[0].(*sh.Lit).Value, "%")
	// A pattern that matches nothing leaves the value as it is.
	seen := map[string]bool{val: true}
	cands := []string{val}
	for i := 0; i <= len(val); i++ {
		v := with + val[i:]
		if atEnd {
			v = val[:len(val)-i] + with
		}
		if !seen[v] {
			seen[v] = true
			cands = append(cands, v)
		}
	}
	a.SetCandidates(cands)
	a.OneOf = true
	return true
}
