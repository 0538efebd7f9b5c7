package syntax

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/pattern"
	sh "mvdan.cc/sh/v3/syntax"
)

// Pattern substitution of a known value (${x/p/r}, ${x//p/r}, ${x/#p/r},
// ${x/%p/r}).
//
// bash matches the pattern as it matches a glob against the value: the
// first position where it matches, and there the longest match (/), every
// such match left to right (//: after an empty match one character is
// copied), the longest match at the start (#) or the longest suffix (%);
// *, ?, bracket expressions with classes and negation, extended operators
// when extglob is on, without case under nocasematch. An & in the
// replacement is the matched text (patsub.go). mvdan's expand anchors
// nothing, takes the shortest match and knows no bracket or extended
// pattern here, so corral computes the value itself: prepare puts it in
// place of the expansion (a made-up variable, split and globbed where the
// expansion is unquoted, as bash does). x=rx; ${x/r*/rm} is rm, x=xyz;
// ${x//[a-z]/r} is rrr.

// maxPatsubValue bounds the value a substitution is computed on (each
// position tries the pattern).
const maxPatsubValue = 4096

// plainPatsub reports ${NAME/p/r} with nothing else around the
// substitution.
func plainPatsub(p *sh.ParamExp) bool {
	return p.Repl != nil && p.Param != nil && isName(p.Param.Value) && p.Exp == nil && p.Index == nil &&
		!p.Excl && !p.Length && !p.Width && p.Slice == nil && p.Names == 0 && !p.IsSet &&
		p.NestedParam == nil && p.Flags == nil && len(p.Modifiers) == 0
}

// slashPattern reports ${x///p} and ${x////r}, whose pattern bash takes
// to start with the / after the // operator (${h///a} removes every /a,
// ${h////a} puts a for every /), where mvdan reads an empty pattern and
// the rest as the replacement (FuzzExpand): no value is computed.
func slashPattern(p *sh.ParamExp) bool {
	if p.Repl == nil || p.Repl.Orig != nil && len(p.Repl.Orig.Parts) > 0 {
		return false
	}
	if p.Repl.With != nil {
		return true
	}
	// ${h///}: no replacement word either; only the source's length
	// tells it from ${h//}.
	if p.Param == nil || !p.Rbrace.IsValid() || !p.Param.End().IsValid() {
		return false
	}
	op := uint(1)
	if p.Repl.All {
		op = 2
	}
	return p.Rbrace.Offset() > p.Param.End().Offset()+op
}

// patsubValue computes a plain substitution (plainPatsub) of a variable
// whose value is known; ok is false when the value, the pattern, the
// replacement or the options that bear on matching are only known at run
// time, or the pattern is outside what corral reads as bash does.
func (r *resolver) patsubValue(p *sh.ParamExp) (string, bool) {
	if slashPattern(p) {
		return "", false
	}
	val, set, ok := r.scalarValue(p.Param.Value)
	if !ok || !set {
		return "", ok // bash replaces nothing in an unset variable
	}
	if len(val) > maxPatsubValue {
		return "", false
	}
	bytesOnly := false
	if !utf8.ValidString(val) {
		// bash matches a value that is no text of the locale byte by
		// byte (its wide-character conversion fails), in every
		// locale; one holding a valid multibyte character too is
		// matched in parts both ways: no value.
		if validMultibyte(val) {
			return "", false
		}
		bytesOnly = true
	}
	st := r.st
	if st != nil && st.matchUnknown {
		return "", false
	}
	// The pattern, without the # or % that anchors it (// takes them
	// as characters of the pattern).
	orig := p.Repl.Orig
	anchor := byte(0)
	if !p.Repl.All && orig != nil && len(orig.Parts) > 0 {
		if quotedAnchor(orig) {
			return "", false
		}
		if l, ok := orig.Parts[0].(*sh.Lit); ok && (strings.HasPrefix(l.Value, "#") || strings.HasPrefix(l.Value, "%")) {
			anchor = l.Value[0]
			orig = anchoredPattern(p)
		}
	}
	pat := ""
	if orig != nil && len(orig.Parts) > 0 {
		for _, q := range orig.Parts {
			switch q := q.(type) {
			case *sh.Lit, *sh.SglQuoted, *sh.ExtGlob:
			case *sh.DblQuoted:
				if !plainQuoted(q) {
					return "", false // "${y/#a/b}" and the like: mvdan reads them otherwise
				}
			case *sh.ParamExp:
				// An unquoted variable's value is pattern text (p='*';
				// ${x/$p/r} replaces the whole value), a quoted one is
				// matched as it is: expand.Pattern writes them so.
				if !simpleParam(q) || q.Param == nil || !isName(q.Param.Value) {
					return "", false
				}
			default:
				return "", false
			}
		}
		env := r.env()
		var err error
		if pat, err = safePattern(r.cfg(env), orig); err != nil || len(env.unknown) > 0 {
			return "", false
		}
	}
	if pat == "" && anchor == 0 {
		return val, true // ${x//}, ${x/}: nothing is replaced
	}
	mode := pattern.Mode(0)
	if bytesOnly && (hasExtOperator(pat) || st != nil && st.noCaseMatch) {
		return "", false
	}
	if hasExtOperator(pat) {
		if st == nil || !st.extglobSet {
			return "", false // extglob off (bash -c) or on (a start-up file)
		}
		if st.extglob {
			if val == "" {
				// bash matches no extended group against an empty
				// value the way it does elsewhere (x=; ${x/@(|a)/_} is
				// empty, ${x/*(a)/_} is _).
				return "", false
			}
			mode |= pattern.ExtendedOperators
			if strings.Contains(pat, "!(") {
				return r.negatedPatsub(p, val, pat, anchor, mode)
			}
		}
	}
	if st != nil && st.noCaseMatch {
		mode |= pattern.NoGlobCase
	}
	if strings.Contains(pat, "**") {
		mode |= pattern.NoGlobStar
	}
	expr, err := pattern.Regexp(pat, mode)
	if err != nil {
		return "", false
	}
	with := ""
	if p.Repl.With != nil {
		var ok bool
		if with, ok = r.replTemplate(p); !ok {
			return "", false
		}
	}
	if bytesOnly {
		bexpr, err := pattern.Regexp(byteRunes(pat), mode)
		if err != nil {
			return "", false
		}
		bout, ok := patsubRun(byteRunes(val), byteRunes(with), bexpr, anchor, p.Repl.All)
		return runeBytes(bout), ok
	}
	out, ok := patsubRun(val, with, expr, anchor, p.Repl.All)
	if !ok || ascii(val+pat+with) {
		return out, ok
	}
	// Text outside ASCII: bash matches characters of the locale (UTF-8)
	// or bytes (C). The value is kept when both readings give it: no
	// bracket expression (whose classes Go's regexp reads as ASCII) and
	// no nocasematch (whose folding differs), the same text from a
	// matcher on characters and one on bytes (each byte above 0x7f a
	// character of its own). ? or an empty match of // next to such a
	// character gives two texts: no value.
	if strings.Contains(pat, "[") || mode&pattern.NoGlobCase != 0 {
		return "", false
	}
	bexpr, err := pattern.Regexp(byteRunes(pat), mode)
	if err != nil {
		return "", false
	}
	bout, ok := patsubRun(byteRunes(val), byteRunes(with), bexpr, anchor, p.Repl.All)
	if !ok || runeBytes(bout) != out {
		return "", false
	}
	return out, true
}

// validMultibyte reports a value holding a valid UTF-8 character
// outside ASCII.
func validMultibyte(s string) bool {
	for i := 0; i < len(s); {
		c, n := utf8.DecodeRuneInString(s[i:])
		if n > 1 && c != utf8.RuneError {
			return true
		}
		i += n
	}
	return false
}

// ascii reports text of ASCII bytes only.
func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// byteRunes writes each byte above 0x7f of s as a character of its own
// (U+F700 plus the byte, in the private use area), so that a matcher on
// characters matches bytes, as bash does in the C locale.
func byteRunes(s string) string {
	if ascii(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] < 0x80 {
			b.WriteByte(s[i])
		} else {
			b.WriteRune(0xF700 + rune(s[i]))
		}
	}
	return b.String()
}

// runeBytes undoes byteRunes.
func runeBytes(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c >= 0xF780 && c <= 0xF7FF {
			b.WriteByte(byte(c - 0xF700))
		} else {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// patsubRun replaces what the glob's regular expression expr matches in
// val: the first match (every one with all), anchored at the start (#)
// or the end (%), each match the longest at its position; an empty
// match copies one character after it. with is the replacement, its NUL
// bytes the matched text.
func patsubRun(val, with, expr string, anchor byte, all bool) (string, bool) {
	switch anchor {
	case '#':
		expr = "^(?s:" + expr + ")"
	case '%':
		expr = "(?s:" + expr + ")$"
	default:
		expr = "(?s:" + expr + ")"
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return "", false
	}
	re.Longest()
	put := func(b *strings.Builder, m string) {
		b.WriteString(strings.ReplaceAll(with, "\x00", m))
	}
	var b strings.Builder
	if val == "" {
		// An empty value: the replacement when the pattern matches the
		// empty text.
		if re.MatchString("") {
			put(&b, "")
		}
		return b.String(), true
	}
	pos := 0
	for pos < len(val) {
		loc := re.FindStringIndex(val[pos:])
		if loc == nil {
			break
		}
		s, e := pos+loc[0], pos+loc[1]
		b.WriteString(val[pos:s])
		put(&b, val[s:e])
		pos = e
		if s == e {
			// An empty match: the next character is copied, and the
			// search goes on after it.
			_, n := utf8.DecodeRuneInString(val[e:])
			b.WriteString(val[e : e+n])
			pos = e + n
		}
		if !all || anchor != 0 || b.Len() > 4*maxPatsubValue+len(val) {
			break
		}
	}
	if b.Len() > 4*maxPatsubValue+len(val) {
		return "", false
	}
	if pos < len(val) {
		b.WriteString(val[pos:])
	}
	return b.String(), true
}

// hasExtOperator reports a pattern that holds an extended operator's
// opening (?( *( +( @( !( ), whose meaning depends on extglob.
func hasExtOperator(pat string) bool {
	for i := 0; i+1 < len(pat); i++ {
		if pat[i] == '\\' {
			i++
			continue
		}
		if pat[i+1] == '(' && strings.IndexByte("?*+@!", pat[i]) >= 0 {
			return true
		}
	}
	return false
}

// replTemplate returns the replacement of ${x/p/r} as text in which each
// & bash replaces by the matched text (patsub_replacement, on by
// default) is a NUL byte, which no value holds; ok is false when a part
// is only known at run time or is one corral does not model here (a
// tilde, a substitution).
func (r *resolver) replTemplate(p *sh.ParamExp) (string, bool) {
	amp := r.st == nil || !r.st.noPatsub
	var b strings.Builder
	for i, q := range p.Repl.With.Parts {
		switch q := q.(type) {
		case *sh.Lit:
			v := q.Value
			if i == 0 && strings.HasPrefix(v, "~") || strings.Contains(v, "\x00") {
				return "", false
			}
			for j := 0; j < len(v); j++ {
				switch {
				case v[j] == '\\' && j+1 < len(v):
					j++
					b.WriteByte(v[j])
				case v[j] == '&' && amp:
					b.WriteByte(0)
				default:
					b.WriteByte(v[j])
				}
			}
		case *sh.SglQuoted, *sh.DblQuoted:
			env := r.env()
			v, err := safeLiteral(r.cfg(env), &sh.Word{Parts: []sh.WordPart{q}})
			if err != nil || len(env.unknown) > 0 || strings.Contains(v, "\x00") {
				return "", false
			}
			if d, ok := q.(*sh.DblQuoted); ok && !plainQuoted(d) {
				return "", false
			}
			b.WriteString(v)
		case *sh.ParamExp:
			env := r.env()
			v, err := safeLiteral(r.cfg(env), &sh.Word{Parts: []sh.WordPart{q}})
			if err != nil || len(env.unknown) > 0 || !simpleParam(q) {
				return "", false
			}
			// bash's quote removal takes an unquoted backslash of the
			// value as an escape of the & after it.
			for j := 0; j < len(v); j++ {
				switch {
				case v[j] == '\\' && j+1 < len(v) && v[j+1] == '&' && amp:
					j++
					b.WriteByte('&')
				case v[j] == '&' && amp:
					b.WriteByte(0)
				default:
					b.WriteByte(v[j])
				}
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// plainQuoted reports double-quoted text of literal text and plain
// variables only.
func plainQuoted(d *sh.DblQuoted) bool {
	for _, q := range d.Parts {
		switch q := q.(type) {
		case *sh.Lit:
		case *sh.ParamExp:
			if !simpleParam(q) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// extPattern reports a substitution whose pattern holds an extended
// operator as mvdan's parser reads it.
func extPattern(p *sh.ParamExp) bool {
	found := false
	if p.Repl != nil && p.Repl.Orig != nil {
		walkTree(p.Repl.Orig, func(n sh.Node) bool {
			switch n := n.(type) {
			case *sh.ExtGlob:
				found = true
			case *sh.Lit:
				found = hasExtOperator(n.Value)
			}
			return !found
		})
	}
	return found
}

// patsubSynth puts the computed value of a plain substitution in a
// made-up variable and returns the expansion of it that replaces p; ok
// is false when the value cannot be computed.
func (r *resolver) patsubSynth(p *sh.ParamExp) (*sh.ParamExp, bool) {
	v, ok := r.patsubValue(p)
	if !ok {
		return nil, false
	}
	name := "__corral_patsub" + strconv.Itoa(int(p.Pos().Offset()))
	if r.synth == nil {
		r.synth = map[string]expand.Variable{}
	}
	r.synth[name] = expand.Variable{Set: true, Kind: expand.String, Str: v}
	q := *p
	q.Param = &sh.Lit{ValuePos: p.Param.ValuePos, ValueEnd: p.Param.ValueEnd, Value: name}
	q.Repl = nil
	return &q, true
}

// maxNegatedValue bounds the value a pattern holding a negated group is
// matched on (each start and end is tried).
const maxNegatedValue = 256

// negatedPatsub computes a substitution whose pattern holds a negated
// group, !(A|B…), anywhere: beside other text (X!(b), !(b)X), nested or
// holding other operators. Go's regular expressions have no negation,
// so the pattern is matched by extglob.go's matcher, which gives every
// end a pattern reaches from a start, and the match is picked the way
// bash's pattern substitution picks it (subst.c, match_upattern):
//   - / and //: the first start where the pattern's first character
//     can match (at the end of the value only a pattern opening with *
//     is tried), there the longest match; // goes on after it, one
//     character copied after an empty match, and stops at the end;
//   - #: the longest prefix, the empty one too;
//   - %: the longest suffix, never the empty one (bash first checks
//     *PATTERN against the value, whose * never takes all of it).
//
// bash's matcher has its own reading of a * followed by a group (the *
// stops one character short of the end, and ?( *( after it are taken
// another way): such a pattern has no value here, nor has a value
// outside ASCII or over maxNegatedValue bytes, nor one under
// nocasematch.
func (r *resolver) negatedPatsub(p *sh.ParamExp, val, pat string, anchor byte, mode pattern.Mode) (string, bool) {
	_ = mode
	if len(val) > maxNegatedValue || !ascii(val) || !ascii(pat) || val == "" {
		return "", false
	}
	if r.st != nil && r.st.noCaseMatch {
		return "", false
	}
	if len(pat)*(len(val)+1)*(len(val)+1) > maxExtWork {
		return "", false
	}
	seq, ok := parseSubstPattern(pat)
	if !ok {
		return "", false
	}
	with := ""
	if p.Repl.With != nil {
		if with, ok = r.replTemplate(p); !ok {
			return "", false
		}
	}
	return extPatsubRun(val, pat, with, seq, anchor, p.Repl.All), true
}

// parseSubstPattern parses a substitution's pattern for extglob.go's
// matcher; ok is false for a pattern bash reads otherwise than the
// matcher does: a ( ) or | outside a group, a * (or a run of * and ?
// holding one) followed by a group, or ? at the start followed by one.
func parseSubstPattern(pat string) ([]*extNode, bool) {
	src := []rune(pat)
	// Every unescaped ( must open a group, every ) and | belong to one.
	depth := 0
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\\':
			i++
		case c == '[':
			if end := bracketEnd(src, i); end > 0 {
				i = end
			}
		case c == '(':
			if i == 0 || !strings.ContainsRune("@!?*+", src[i-1]) || i >= 2 && src[i-2] == '\\' {
				return nil, false
			}
			depth++
		case c == ')':
			if depth == 0 {
				return nil, false
			}
			depth--
		case c == '|':
			if depth == 0 {
				return nil, false
			}
		}
	}
	if depth != 0 {
		return nil, false
	}
	ep := &extParser{src: src}
	seq := ep.parseSeq(false)
	if ep.i != len(src) || !starsPlain(seq) {
		return nil, false
	}
	// bash first matches *PATTERN* (or *PATTERN for %) against the
	// value: a pattern opening with ? then a group is, there, a * and ?
	// followed by a group.
	i := 0
	for i < len(seq) && seq[i].kind == '?' {
		i++
	}
	if i > 0 && i < len(seq) && seq[i].kind == 'g' {
		return nil, false
	}
	return seq, true
}

// starsPlain reports a pattern where no * (alone or in a run of * and ?)
// is followed by a group, at any depth.
func starsPlain(seq []*extNode) bool {
	for i, n := range seq {
		if n.kind == 'g' {
			for _, alt := range n.alts {
				if !starsPlain(alt) {
					return false
				}
			}
			continue
		}
		if n.kind != '*' {
			continue
		}
		j := i + 1
		for j < len(seq) && (seq[j].kind == '*' || seq[j].kind == '?') {
			j++
		}
		if j < len(seq) && seq[j].kind == 'g' {
			return false
		}
	}
	return true
}

// extPatsubRun replaces what seq (the pattern pat, parsed) matches in
// the ASCII value val, as negatedPatsub describes; with holds a NUL
// where the matched text goes.
func extPatsubRun(val, pat, with string, seq []*extNode, anchor byte, all bool) string {
	m := &extSeg{name: []rune(val), memo: map[[2]int][]bool{}}
	ends := func(s int) []bool { return m.seqEnds(seq, s) }
	// first is bash's match_pattern_char: whether a match may start at
	// s, by the pattern's first character.
	first := func(s int) bool {
		if s == len(val) {
			return pat[0] == '*'
		}
		switch c := pat[0]; c {
		case '\\':
			return len(pat) > 1 && val[s] == pat[1]
		case '?', '*', '[':
			return true
		case '+', '!', '@':
			return len(pat) > 1 && pat[1] == '(' || val[s] == c
		default:
			return val[s] == c
		}
	}
	put := func(b *strings.Builder, t string) {
		b.WriteString(strings.ReplaceAll(with, "\x00", t))
	}
	var b strings.Builder
	switch anchor {
	case '#':
		if first(0) {
			e := ends(0)
			for j := len(val); j >= 0; j-- {
				if e[j] {
					put(&b, val[:j])
					b.WriteString(val[j:])
					return b.String()
				}
			}
		}
		return val
	case '%':
		for s := 0; s < len(val); s++ {
			if ends(s)[len(val)] {
				b.WriteString(val[:s])
				put(&b, val[s:])
				return b.String()
			}
		}
		return val
	}
	pos := 0
	for pos < len(val) {
		s, e := -1, -1
		for i := pos; i <= len(val) && s < 0; i++ {
			if !first(i) {
				continue
			}
			r := ends(i)
			for j := len(val); j >= i; j-- {
				if r[j] {
					s, e = i, j
					break
				}
			}
		}
		if s < 0 {
			break
		}
		b.WriteString(val[pos:s])
		put(&b, val[s:e])
		pos = e
		if s == e {
			if e < len(val) {
				b.WriteString(val[e : e+1])
			}
			pos = e + 1
		}
		if !all {
			break
		}
	}
	if pos < len(val) {
		b.WriteString(val[pos:])
	}
	return b.String()
}

// trimExtValue computes the removal of a prefix or suffix (${x#p},
// ${x##p}, ${x%p}, ${x%%p}) of a known value whose pattern is plain
// unquoted text, where mvdan's expand reads it otherwise than bash: an
// ASCII value with a pattern holding an extended operator while extglob
// is known on, or a value that is no UTF-8 text (no valid multibyte
// character in it), which bash matches byte by byte:
// mvdan's expand takes such a pattern as characters (${x%X!(b)} of
// .claudeX would stay .claudeX, where bash gives .claude). The shortest
// or longest prefix or suffix the pattern matches whole is removed, as
// bash's remove_pattern does; ok is false for what negatedPatsub leaves
// (a * or a leading ? before a group, nocasematch, a long value).
func (r *resolver) trimExtValue(p *sh.ParamExp) (string, bool) {
	if p.Exp == nil || p.Exp.Word == nil || p.Param == nil || !isName(p.Param.Value) || p.Index != nil || p.Repl != nil ||
		p.Slice != nil || p.Excl || p.Length || p.Width || p.Names != 0 || p.IsSet || p.NestedParam != nil || p.Flags != nil || len(p.Modifiers) > 0 {
		return "", false
	}
	op := p.Exp.Op
	if op != sh.RemSmallPrefix && op != sh.RemLargePrefix && op != sh.RemSmallSuffix && op != sh.RemLargeSuffix {
		return "", false
	}
	st := r.st
	if st == nil || st.noCaseMatch || st.matchUnknown {
		return "", false
	}
	ext := extWord(p.Exp.Word)
	if ext && (!st.extglobSet || !st.extglob) {
		return "", false
	}
	var b strings.Builder
	for _, q := range p.Exp.Word.Parts {
		l, ok := q.(*sh.Lit)
		if !ok {
			return "", false
		}
		b.WriteString(l.Value)
	}
	pat := b.String()
	val, set, ok := r.scalarValue(p.Param.Value)
	if !ok || !set || len(val) > maxNegatedValue || len(pat)*(len(val)+1)*(len(val)+1) > maxExtWork {
		return "", false
	}
	bytesOnly := false
	switch {
	case ascii(val) && ascii(pat):
		if !ext {
			return "", false // mvdan's expand reads it as bash does
		}
	case !utf8.ValidString(val) && !validMultibyte(val) && !ext:
		// A value that is no text of the locale: bash matches it byte
		// by byte in every locale (patsubValue), where mvdan's expand
		// reads characters (x=$'.claude\xa9'; ${x%[é]} is .claude).
		bytesOnly = true
	default:
		return "", false
	}
	if bytesOnly {
		val, pat = byteRunes(val), byteRunes(pat)
	}
	seq, ok := parseSubstPattern(pat)
	if !ok {
		return "", false
	}
	out := trimExtRun(val, seq, op)
	if bytesOnly {
		out = runeBytes(out)
	}
	return out, true
}

// trimExtRun removes from val the prefix or suffix seq matches, as op
// says: the shortest (# %) or longest (## %%) one; val when none does.
// Positions are characters (a byte read by byteRunes is one).
func trimExtRun(val string, seq []*extNode, op sh.ParExpOperator) string {
	rs := []rune(val)
	m := &extSeg{name: rs, memo: map[[2]int][]bool{}}
	n := len(rs)
	switch op {
	case sh.RemSmallPrefix, sh.RemLargePrefix:
		e := m.seqEnds(seq, 0)
		for i := 0; i <= n; i++ {
			j := i
			if op == sh.RemLargePrefix {
				j = n - i
			}
			if e[j] {
				return string(rs[j:])
			}
		}
	default:
		for i := 0; i <= n; i++ {
			s := n - i
			if op == sh.RemLargeSuffix {
				s = i
			}
			if m.seqEnds(seq, s)[n] {
				return string(rs[:s])
			}
		}
	}
	return val
}

// trimExtSynth puts the value trimExtValue computes in a made-up
// variable and returns the expansion of it that replaces p.
func (r *resolver) trimExtSynth(p *sh.ParamExp) (*sh.ParamExp, bool) {
	v, ok := r.trimExtValue(p)
	if !ok {
		return nil, false
	}
	name := "__corral_trim" + strconv.Itoa(int(p.Pos().Offset()))
	if r.synth == nil {
		r.synth = map[string]expand.Variable{}
	}
	r.synth[name] = expand.Variable{Set: true, Kind: expand.String, Str: v}
	q := *p
	q.Param = &sh.Lit{ValuePos: p.Param.ValuePos, ValueEnd: p.Param.ValueEnd, Value: name}
	q.Exp = nil
	return &q, true
}
