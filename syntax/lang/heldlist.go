package lang

import "strings"

// heldList reads the name at token k, the whole of an argument, as the
// list literal a top-level statement binds it to (a = ["rm", "-rf", d];
// subprocess.run(a); my @a = ("sh", "-c", $c); system @a): the program
// runs the list's words. The binding is followed only when it is
// certain: the name is assigned once in the whole code, by a statement
// that runs in place (not in a branch, a loop or a function), before k,
// and the text names it nowhere else — no second use that could change
// the list (a.append(…), push @a, f(a), b = a, a[0] = …, Perl's $a[0]).
func (p *parser) heldList(k int) (arg, bool) {
	sp, ok := p.heldSpan(k)
	if !ok {
		return arg{}, false
	}
	p.pathDepth++
	v := p.argValue(sp[0], sp[1])
	p.pathDepth--
	perlArray := p.l == Perl && strings.HasPrefix(p.tok(k).text, "@")
	if !v.isList && !(perlArray && v.lit) || v.key != "" {
		// Perl's my @a = ("ls") is a list of one word.
		return arg{}, false
	}
	return v, true
}

// heldSpan returns the tokens of the value the name at token k was bound
// to, when heldList's rules make that binding certain at k.
func (p *parser) heldSpan(k int) ([2]int, bool) {
	t := p.tok(k)
	if t.kind != tIdent || p.assignSpans == nil || !p.topAssigned[t.text] || p.pathDepth >= maxPathDepth {
		return [2]int{}, false
	}
	if prev := p.tok(k - 1); isP(prev, ".") || isP(prev, "->") || isP(prev, "::") {
		return [2]int{}, false // an attribute, not the name
	}
	sp, ok := p.onlyAssignment(t.text)
	if !ok || sp[1] > k {
		return [2]int{}, false
	}
	// The name's other appearances: only its assignment. For a Perl
	// array @a, $a[…] and $#a are its elements and size too.
	other := ""
	if p.l == Perl && strings.HasPrefix(t.text, "@") {
		other = "$" + t.text[1:]
	}
	uses := 0
	for _, u := range p.toks {
		if u.kind == tIdent && (u.text == t.text || other != "" && u.text == other) {
			uses++
		}
	}
	if uses != 2 || other != "" && strings.Contains(p.src, "$#"+t.text[1:]) {
		return [2]int{}, false
	}
	return sp, true
}

// heldKeywords is, for Python's f(**d) at tokens [a, b), the text
// "**{…}" of the dict literal d was bound to (heldSpan's rules), so
// that the keywords it passes (args=, shell=True) are read as if
// written in the call; ok is false for anything else.
func (p *parser) heldKeywords(a, b int) (string, bool) {
	if p.l != Python || b-a != 2 || !isP(p.toks[a], "**") {
		return "", false
	}
	sp, ok := p.heldSpan(a + 1)
	if !ok || !isP(p.toks[sp[0]], "{") || p.closeOf(p.toks, sp[0]) != sp[1]-1 {
		return "", false
	}
	end := len(p.src)
	if sp[1] < len(p.toks) {
		end = p.toks[sp[1]].off
	}
	return "**" + strings.TrimSpace(p.src[p.toks[sp[0]].off:end]), true
}
