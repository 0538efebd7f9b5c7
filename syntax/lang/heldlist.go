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
	t := p.tok(k)
	if t.kind != tIdent || p.assignSpans == nil || !p.topAssigned[t.text] || p.pathDepth >= maxPathDepth {
		return arg{}, false
	}
	if prev := p.tok(k - 1); isP(prev, ".") || isP(prev, "->") || isP(prev, "::") {
		return arg{}, false // an attribute, not the name
	}
	sp, ok := p.onlyAssignment(t.text)
	if !ok || sp[1] > k {
		return arg{}, false
	}
	// The name's other appearances: only its assignment. For a Perl
	// array @a, $a[…] and $#a are its elements and size too.
	other := ""
	if p.l == Perl && strings.HasPrefix(t.text, "@") {
		other = "$" + t.text[1:]
	}
	uses := 0
	for _, u := range p.toks {
		if u.kind != tIdent {
			continue
		}
		if u.text == t.text || other != "" && (u.text == other || u.text == "$#"+t.text[1:]) {
			uses++
		}
	}
	if uses != 2 || other != "" && strings.Contains(p.src, "$#"+t.text[1:]) {
		return arg{}, false
	}
	p.pathDepth++
	v := p.argValue(sp[0], sp[1])
	p.pathDepth--
	if !v.isList && !(other != "" && v.lit) || v.key != "" {
		// Perl's my @a = ("ls") is a list of one word.
		return arg{}, false
	}
	return v, true
}
