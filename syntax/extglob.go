package syntax

import (
	"strings"
	"unicode"
)

// This file matches patterns with extended groups the way bash's
// pathname expansion does (shopt -s extglob), for the negated group
// !(…) above all, which Go's regular expressions cannot say: !(usr)in
// names every name that ends in "in" after a part that is not "usr"
// (bin, sbin, xin, in), and ~/!(x)/.ssh every .ssh one directory down
// but x's. A pattern is matched one path segment at a time, as bash
// expands it; within a segment every sub-pattern is turned into the set
// of end positions it can reach from a start, so the work is bounded by
// the pattern's size times the square of the name's length.

// maxExtName bounds the length (in characters) of a segment the
// matcher takes; a longer one is left to the regular-expression reading.
const maxExtName = 1024

// maxExtWork bounds a pattern's length times the square of a name
// segment's: the matcher's work and memory.
const maxExtWork = 1 << 22

// extNode is one element of a parsed pattern segment.
type extNode struct {
	kind  byte   // 'c' a character, '?', '*', '[' a bracket expression, 'g' a group
	ch    rune   // the character, for 'c'
	class string // the bracket expression's inside, for '['
	op    byte   // the group's operator, one of @ ! ? * +
	alts  [][]*extNode
	id    int // index for the memo
}

// extParser reads a pattern segment into nodes.
type extParser struct {
	src   []rune
	i     int
	nodes int
}

// parseSeq reads nodes up to the end, or, inside a group, up to an
// unquoted | or ) at this level.
func (p *extParser) parseSeq(inGroup bool) []*extNode {
	var seq []*extNode
	for p.i < len(p.src) {
		c := p.src[p.i]
		if inGroup && (c == '|' || c == ')') {
			break
		}
		n := &extNode{id: p.nodes}
		p.nodes++
		switch {
		case c == '\\' && p.i+1 < len(p.src):
			n.kind, n.ch = 'c', p.src[p.i+1]
			p.i += 2
		case strings.ContainsRune("@!?*+", c) && p.i+1 < len(p.src) && p.src[p.i+1] == '(' && p.groupEnd(p.i+1) > 0:
			n.kind, n.op = 'g', byte(c)
			p.i += 2
			for {
				n.alts = append(n.alts, p.parseSeq(true))
				if p.i >= len(p.src) {
					break
				}
				if p.src[p.i] == ')' {
					p.i++
					break
				}
				p.i++ // |
			}
		case c == '?' || c == '*':
			n.kind = byte(c)
			p.i++
			for n.kind == '*' && p.i < len(p.src) && p.src[p.i] == '*' && !(p.i+1 < len(p.src) && p.src[p.i+1] == '(') {
				p.i++ // ** within a segment is *
			}
		case c == '[':
			if end := bracketEnd(p.src, p.i); end > 0 {
				n.kind, n.class = '[', string(p.src[p.i+1:end])
				p.i = end + 1
			} else {
				n.kind, n.ch = 'c', c
				p.i++
			}
		default:
			n.kind, n.ch = 'c', c
			p.i++
		}
		seq = append(seq, n)
	}
	return seq
}

// groupEnd returns the index of the ) closing the group whose ( is at
// open, or -1.
func (p *extParser) groupEnd(open int) int {
	depth := 0
	for i := open; i < len(p.src); i++ {
		switch p.src[i] {
		case '\\':
			i++
		case '[':
			if end := bracketEnd(p.src, i); end > 0 {
				i = end
			}
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// bracketEnd returns the index of the ] closing the bracket expression
// opened at i, or -1 (then the [ is an ordinary character). A ] right
// after [ or [! is part of the set, as is one inside [:class:].
func bracketEnd(s []rune, i int) int {
	j := i + 1
	if j < len(s) && (s[j] == '!' || s[j] == '^') {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++
	}
	for ; j < len(s); j++ {
		switch {
		case s[j] == '\\':
			j++
		case s[j] == '[' && j+1 < len(s) && s[j+1] == ':':
			if k := strings.Index(string(s[j+2:]), ":]"); k >= 0 {
				j += 2 + len([]rune(string(s[j+2:])[:k])) + 1
			}
		case s[j] == ']':
			return j
		}
	}
	return -1
}

// classMatch reports whether c is in the bracket expression's set.
func classMatch(class string, c rune, nocase bool) bool {
	s := []rune(class)
	neg := false
	if len(s) > 0 && (s[0] == '!' || s[0] == '^') {
		neg, s = true, s[1:]
	}
	in := false
	for i := 0; i < len(s) && !in; i++ {
		if s[i] == '[' && i+1 < len(s) && s[i+1] == ':' {
			if k := strings.Index(string(s[i+2:]), ":]"); k >= 0 {
				name := string(s[i+2:])[:k]
				in = namedClass(name, c) || nocase && (namedClass(name, unicode.ToLower(c)) || namedClass(name, unicode.ToUpper(c)))
				i += 2 + len([]rune(name)) + 1
				continue
			}
		}
		lo := s[i]
		if lo == '\\' && i+1 < len(s) {
			i++
			lo = s[i]
		}
		hi := lo
		if i+2 < len(s) && s[i+1] == '-' {
			hi = s[i+2]
			if hi == '\\' && i+3 < len(s) {
				i++
				hi = s[i+2]
			}
			i += 2
		}
		in = lo <= c && c <= hi
		if nocase && !in {
			for _, f := range []rune{unicode.ToLower(c), unicode.ToUpper(c)} {
				in = in || lo <= f && f <= hi
			}
		}
	}
	return in != neg
}

// namedClass reports whether c is in the POSIX class [:name:] (the C
// locale's reading for ASCII).
func namedClass(name string, c rune) bool {
	switch name {
	case "alpha":
		return unicode.IsLetter(c)
	case "digit":
		return '0' <= c && c <= '9'
	case "alnum":
		return unicode.IsLetter(c) || '0' <= c && c <= '9'
	case "upper":
		return unicode.IsUpper(c)
	case "lower":
		return unicode.IsLower(c)
	case "space":
		return unicode.IsSpace(c)
	case "blank":
		return c == ' ' || c == '\t'
	case "punct":
		return c < 128 && unicode.IsPunct(c) || c < 128 && unicode.IsSymbol(c)
	case "xdigit":
		return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
	case "cntrl":
		return unicode.IsControl(c)
	case "print":
		return unicode.IsPrint(c)
	case "graph":
		return unicode.IsPrint(c) && c != ' '
	case "word":
		return unicode.IsLetter(c) || '0' <= c && c <= '9' || c == '_'
	}
	return false
}

// extSeg matches one name segment against one pattern segment.
type extSeg struct {
	name   []rune
	nocase bool
	hidden bool // the name starts with a dot that only a written dot matches
	memo   map[[2]int][]bool
}

// seqEnds returns the end positions seq can reach from start.
func (m *extSeg) seqEnds(seq []*extNode, start int) []bool {
	cur := make([]bool, len(m.name)+1)
	cur[start] = true
	for _, n := range seq {
		next := make([]bool, len(m.name)+1)
		any := false
		for p, ok := range cur {
			if !ok {
				continue
			}
			for e, ok := range m.nodeEnds(n, p) {
				if ok {
					next[e], any = true, true
				}
			}
		}
		if !any {
			return next
		}
		cur = next
	}
	return cur
}

// nodeEnds returns the end positions n can reach from p.
func (m *extSeg) nodeEnds(n *extNode, p int) []bool {
	key := [2]int{n.id, p}
	if r, ok := m.memo[key]; ok {
		return r
	}
	r := make([]bool, len(m.name)+1)
	m.memo[key] = r // a group that reaches itself with no progress adds nothing
	// A leading dot is matched only by a dot written in the pattern: a
	// wildcard or a negated group at the start does not match a hidden
	// name at all, even matching nothing (*.hid and !(x).hid name no
	// .hid); ?( *( @( +( may, through a dot they hold or by matching
	// nothing before a written one.
	dotStart := p == 0 && m.hidden
	switch n.kind {
	case 'c':
		if p < len(m.name) && m.eq(n.ch, m.name[p]) {
			r[p+1] = true
		}
	case '?':
		if p < len(m.name) && !dotStart {
			r[p+1] = true
		}
	case '[':
		if p < len(m.name) && !dotStart && classMatch(n.class, m.name[p], m.nocase) {
			r[p+1] = true
		}
	case '*':
		if !dotStart {
			for e := p; e <= len(m.name); e++ {
				r[e] = true
			}
		}
	case 'g':
		one := func(from int) []bool {
			out := make([]bool, len(m.name)+1)
			for _, alt := range n.alts {
				for e, ok := range m.seqEnds(alt, from) {
					out[e] = out[e] || ok
				}
			}
			return out
		}
		switch n.op {
		case '@':
			copy(r, one(p))
		case '!':
			if !dotStart {
				once := one(p)
				for e := p; e <= len(m.name); e++ {
					r[e] = !once[e]
				}
			}
		case '?', '*', '+':
			reach := one(p)
			if n.op != '?' {
				// Repeat: from every end reached, once more.
				for e := p + 1; e <= len(m.name); e++ {
					if !reach[e] {
						continue
					}
					for e2, ok := range one(e) {
						reach[e2] = reach[e2] || ok
					}
				}
			}
			copy(r, reach)
			if n.op != '+' {
				r[p] = true
			}
		}
	}
	return r
}

func (m *extSeg) eq(a, b rune) bool {
	return a == b || m.nocase && unicode.ToLower(a) == unicode.ToLower(b)
}

// splitPatternSegs splits a pattern at the slashes outside groups and
// bracket expressions; ok is false for a slash inside a group (bash
// does not match one across segments either; such a pattern is left to
// the regular-expression reading).
func splitPatternSegs(pat string) (segs []string, ok bool) {
	src := []rune(pat)
	depth, last := 0, 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '[':
			if end := bracketEnd(src, i); end > 0 {
				i = end
			}
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case '/':
			if depth > 0 {
				return nil, false
			}
			segs = append(segs, string(src[last:i]))
			last = i + 1
		}
	}
	return append(segs, string(src[last:])), true
}

// extGlobMatch matches a pattern with an extended group against a path
// name, one segment at a time, as pathname expansion does; ok is false
// when the matcher does not take the pair (see splitPatternSegs,
// maxExtName).
func extGlobMatch(pat, name string, o GlobOpts) (match, ok bool) {
	ps, ok := splitPatternSegs(pat)
	if !ok {
		return false, false
	}
	if !strings.HasSuffix(pat, "/") {
		name = strings.TrimSuffix(name, "/")
	}
	ns := strings.Split(name, "/")
	for _, n := range ns {
		// The memo holds up to a row of positions per node and start:
		// a pattern and name too large for it are left to the
		// regular-expression reading.
		if len(n) > maxExtName || len(pat)*(len(n)+1)*(len(n)+1) > maxExtWork {
			return false, false
		}
	}
	budget := 4096 // globstar pairings tried
	var segs func(pi, ni int) bool
	segs = func(pi, ni int) bool {
		if budget--; budget < 0 {
			return false
		}
		if pi == len(ps) {
			return ni == len(ns)
		}
		if ps[pi] == "**" && o.Has(GlobStar) {
			// Any number of directories, hidden ones with dotglob only.
			for k := ni; k <= len(ns); k++ {
				if segs(pi+1, k) {
					return true
				}
				if k < len(ns) && (strings.HasPrefix(ns[k], ".") && !o.Has(GlobDot) || ns[k] == "." || ns[k] == "..") {
					break
				}
			}
			return false
		}
		if ni == len(ns) || !segMatch(ps[pi], ns[ni], o) {
			return false
		}
		return segs(pi+1, ni+1)
	}
	return segs(0, 0), budget >= 0
}

// segMatch matches one name segment against one pattern segment.
func segMatch(pat, name string, o GlobOpts) bool {
	if GlobMeta(pat) < 0 && !strings.Contains(pat, `\`) {
		return pat == name || o.Has(GlobNoCase) && strings.EqualFold(pat, name)
	}
	if name == "." || name == ".." {
		return pat == name // a wildcard never names . or ..
	}
	p := &extParser{src: []rune(pat)}
	seq := p.parseSeq(false)
	m := &extSeg{
		name:   []rune(name),
		nocase: o.Has(GlobNoCase),
		hidden: strings.HasPrefix(name, ".") && !o.Has(GlobDot),
		memo:   map[[2]int][]bool{},
	}
	return m.seqEnds(seq, 0)[len(m.name)]
}
