package lang

import "strings"

// Arg is one word of a program's argument vector, at the index the
// language gives it: sys.argv[i] in Python, process.argv[i] in Node,
// $ARGV[i] in Perl, ARGV[i] in Ruby, $argv[i] in PHP. Known is false for
// a word the shell only knows at run time.
type Arg struct {
	Value string
	Known bool
	// Shell is, for a word only known at run time at an index that is
	// certain, the word as the shell command wrote it ("$(cmd)",
	// "${x:-$HOME/.bashrc}"): what the shell model knows of its values
	// judges a path the program takes from it (argvword.go).
	Shell string
}

// AnalyzeArgv is Analyze for program text run with the argument vector
// argv (python3 -c 'open(sys.argv[1], "w")' ~/.bashrc): an index into the
// vector by a literal number is the word at that index, as if the program
// had named it. Perl's bare shift at the top level of the program takes
// the vector's words in order.
func AnalyzeArgv(l Lang, src string, argv []Arg) []Effect {
	return withRunTimeWords(l, src, analyzeArgv(l, src, argv), argv, func(marked []Arg) []Effect {
		return analyzeArgv(l, src, marked)
	})
}

func analyzeArgv(l Lang, src string, argv []Arg) []Effect {
	if len(argv) == 0 {
		return Analyze(l, src)
	}
	src, back, unread := programText(l, src)
	switch l {
	case Python, JS, Ruby, Perl, PHP:
	case D, CSharp, Swift, JVM:
		return withUnread(back(finish(src, foreignArgv(l, src, argv))), unread)
	case Ant:
		return withUnread(back(finish(src, antArgv(src, argv))), unread)
	default:
		return withUnread(back(analyzeText(l, src)), unread)
	}
	src = pySource(l, src)
	p := &parser{src: src, toks: lex(l, src), l: l}
	p.bindArgv(argv)
	return withUnread(back(finish(src, p.run())), unread)
}

// AnalyzeLoopArgv is AnalyzeArgv for a Perl or Ruby program that -n or
// -p wrap in a loop over the lines of the files argv names (perl -ne
// 'BEGIN{$d=shift} …' DIR FILE): its BEGIN blocks run first, before the
// loop opens any file, so a shift (ARGV.shift) or a literal index there
// takes the words as given; elsewhere the vector is what the loop left.
func AnalyzeLoopArgv(l Lang, src string, argv []Arg) []Effect {
	return withRunTimeWords(l, src, analyzeLoopArgv(l, src, argv), argv, func(marked []Arg) []Effect {
		return analyzeLoopArgv(l, src, marked)
	})
}

func analyzeLoopArgv(l Lang, src string, argv []Arg) []Effect {
	if len(argv) == 0 || l != Perl && l != Ruby {
		return Analyze(l, src)
	}
	src, back, unread := programText(l, src)
	src = pySource(l, src)
	p := &parser{src: src, toks: lex(l, src), l: l}
	p.loopArgv = true
	p.bindArgv(argv)
	return withUnread(back(finish(src, p.run())), unread)
}

// inScope reports whether the vector is the words as given at token i:
// everywhere, or, for a program in a -n/-p loop, in its BEGIN blocks.
func (p *parser) inScope(i int) bool {
	return !p.loopArgv || i < len(p.toks) && p.toks[i].begin
}

// bindArgv replaces each reference to a known word of argv with a string
// literal holding it.
func (p *parser) bindArgv(argv []Arg) {
	out := make([]token, 0, len(p.toks))
	shifts := 0
	topShifts := p.l == Perl && p.shiftsAtTop()
	// Words taken from the front (Ruby's ARGV.shift, Python's
	// sys.argv.pop(0)) and the back (.pop()) in a program without
	// loops: the n-th take is the n-th word from that end.
	// Python's first word is the program's own name ("-c"), which
	// pop(0) takes first.
	front, back := 0, 0
	if p.l == Ruby || p.l == Python {
		for i, t := range p.toks {
			if p.inScope(i) && t.kind == tIdent && (t.text == "while" || t.text == "until" || t.text == "for" || t.text == "each" || t.text == "loop" || t.text == "times") {
				front, back = -2, -2
				break
			}
		}
	}
	for i := 0; i < len(p.toks); i++ {
		t := p.toks[i]
		if !p.inScope(i) {
			out = append(out, t)
			continue
		}
		if names, start, end, ok := p.argvUnpack(i); ok {
			// f, = ARGV; _, f = sys.argv; f, = sys.argv[1:]: each name
			// is bound to its word when every one is known.
			known := start+len(names) <= len(argv)
			for j := range names {
				known = known && argv[start+j].Known
			}
			if known {
				for j, name := range names {
					if name != "" {
						out = append(out, token{kind: tIdent, text: name, off: t.off}, token{kind: tPunct, text: "=", off: t.off},
							token{kind: tString, text: argv[start+j].Value, lit: true, off: t.off}, token{kind: tNewline, off: t.off})
					}
				}
				i = end
				continue
			}
		}
		n, end, ok := p.argvRef(i)
		if !ok && topShifts && isI(t, "shift") {
			n, end, ok = shifts, i, true
			shifts++
		}
		if !ok && front >= 0 {
			if fromBack, keep, e, take := p.argvTake(i); take {
				ok, end = true, e
				if fromBack {
					n = -(back + 1)
					if !keep {
						back++
					}
				} else {
					n = front
					if !keep {
						front++
					}
				}
			}
		}
		if ok && n < 0 {
			// From the end: only when every word is known is the
			// vector's length.
			n += len(argv)
			for _, a := range argv {
				if !a.Known {
					n = -1
				}
			}
		}
		if ok && n >= 0 && n < len(argv) && argv[n].Known {
			out = append(out, token{kind: tString, text: argv[n].Value, lit: true, off: t.off})
			i = end
			continue
		}
		out = append(out, t)
	}
	p.toks = out
}

// argvRef reports whether the tokens at i index the argument vector by
// a literal number (negative from the end where the language allows it),
// returning the index and the last token of the reference. An assignment
// to the element is no reference to the word.
func (p *parser) argvRef(i int) (n, end int, ok bool) {
	if prev := p.tok(i - 1); isP(prev, ".") || isP(prev, "::") || isP(prev, "->") {
		return 0, 0, false
	}
	k := i
	switch p.l {
	case Python:
		sysNames, argvNames := p.pySysNames()
		if t := p.tok(k); t.kind == tIdent && sysNames[t.text] && isP(p.tok(k+1), ".") && isI(p.tok(k+2), "argv") {
			k += 2
		} else if !argvNames[p.tok(k).text] || p.tok(k).kind != tIdent {
			return 0, 0, false
		}
	case JS:
		if !isI(p.tok(k), "process") || !isP(p.tok(k+1), ".") || !isI(p.tok(k+2), "argv") {
			return 0, 0, false
		}
		k += 2
	case Perl:
		if !isI(p.tok(k), "$ARGV") {
			return 0, 0, false
		}
	case Ruby:
		if !isI(p.tok(k), "ARGV") {
			return 0, 0, false
		}
	case PHP:
		if !isI(p.tok(k), "$argv") {
			return 0, 0, false
		}
	default:
		return 0, 0, false
	}
	if !isP(p.tok(k+1), "[") {
		return 0, 0, false
	}
	k += 2
	neg := false
	if isP(p.tok(k), "-") && p.l != JS && p.l != PHP {
		neg = true
		k++
	}
	d := p.tok(k)
	if d.kind != tIdent || d.text == "" || len(d.text) > 4 || !isP(p.tok(k+1), "]") {
		return 0, 0, false
	}
	for _, c := range []byte(d.text) {
		if c < '0' || c > '9' {
			return 0, 0, false
		}
	}
	if isP(p.tok(k+2), "=") {
		return 0, 0, false
	}
	for _, c := range []byte(d.text) {
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
		if n == 0 {
			return 0, 0, false
		}
	}
	return n, k + 1, true
}

// shiftsAtTop reports whether every bare shift of a Perl program is
// outside any block, in a program without loops, so that the n-th one
// takes $ARGV[n-1]: a shift in a sub takes from @_, one in a loop (a
// block or a statement modifier) or a branch an index only known at run
// time, and shift(@x), shift @x or $o->shift another array. A call's
// parentheses are no block: remove_tree(shift).
func (p *parser) shiftsAtTop() bool {
	depth := 0
	seen := false
	for i, t := range p.toks {
		if !p.inScope(i) {
			if isP(t, "{") {
				depth++
			} else if isP(t, "}") {
				depth--
			}
			continue
		}
		switch {
		case isP(t, "{"):
			depth++
		case isP(t, "}"):
			depth--
		case t.kind == tIdent && (t.text == "while" || t.text == "until" || t.text == "for" || t.text == "foreach"):
			return false
		case isI(t, "shift"):
			next := p.tok(i + 1)
			if depth != 0 || isP(next, "(") || next.kind == tIdent && next.text != "" && (next.text[0] == '@' || next.text[0] == '$') || isP(p.tok(i-1), "->") {
				return false
			}
			seen = true
		}
	}
	return seen
}

// pySysNames returns the names a Python program binds to the sys module
// (sys, import sys as s) and to sys.argv (from sys import argv [as a]).
func (p *parser) pySysNames() (sysNames, argvNames map[string]bool) {
	if p.sysNames != nil {
		return p.sysNames, p.argvNames
	}
	sysNames, argvNames = map[string]bool{"sys": true}, map[string]bool{}
	if strings.Contains(p.src, "from sys import") {
		argvNames["argv"] = true
	}
	for i, t := range p.toks {
		switch {
		case isI(t, "import") && isI(p.tok(i+1), "sys") && isI(p.tok(i+2), "as") && p.tok(i+3).kind == tIdent:
			sysNames[p.tok(i+3).text] = true
		case isI(t, "argv") && isI(p.tok(i-1), "import") && isI(p.tok(i+1), "as") && p.tok(i+2).kind == tIdent:
			argvNames[p.tok(i+2).text] = true
		case isI(t, "argv") && isP(p.tok(i-1), ",") && isI(p.tok(i+1), "as") && p.tok(i+2).kind == tIdent:
			argvNames[p.tok(i+2).text] = true
		}
	}
	p.sysNames, p.argvNames = sysNames, argvNames
	return sysNames, argvNames
}

// argvHead returns the index of the first token after a reference to
// the whole argument vector at i (sys.argv, argv from sys, ARGV), or -1.
func (p *parser) argvHead(i int) int {
	switch p.l {
	case Python:
		sysNames, argvNames := p.pySysNames()
		if t := p.tok(i); t.kind == tIdent && sysNames[t.text] && isP(p.tok(i+1), ".") && isI(p.tok(i+2), "argv") {
			return i + 3
		}
		if t := p.tok(i); t.kind == tIdent && argvNames[t.text] {
			return i + 1
		}
	case Ruby:
		if isI(p.tok(i), "ARGV") {
			return i + 1
		}
	}
	return -1
}

// argvTake reports whether the tokens at i take a word off the vector:
// Ruby's ARGV.shift, ARGV.first (the front), ARGV.pop, ARGV.last (the
// back), Python's sys.argv.pop() (the back) and .pop(0) (the front);
// keep reports a look that leaves the word there (first, last); end is
// the reference's last token.
func (p *parser) argvTake(i int) (fromBack, keep bool, end int, ok bool) {
	if prev := p.tok(i - 1); isP(prev, ".") || isP(prev, "::") {
		return false, false, 0, false
	}
	k := p.argvHead(i)
	if k < 0 || !isP(p.tok(k), ".") {
		return false, false, 0, false
	}
	m := p.tok(k + 1)
	switch {
	case p.l == Ruby && (isI(m, "shift") || isI(m, "first") || isI(m, "pop") || isI(m, "last")):
		end = k + 1
		if isP(p.tok(k+2), "(") && isP(p.tok(k+3), ")") {
			end = k + 3
		} else if isP(p.tok(k+2), "(") {
			return false, false, 0, false // shift(2): an array
		}
		return isI(m, "pop") || isI(m, "last"), isI(m, "first") || isI(m, "last"), end, true
	case p.l == Python && isI(m, "pop") && isP(p.tok(k+2), "("):
		if isP(p.tok(k+3), ")") {
			return true, false, k + 3, true
		}
		if d := p.tok(k + 3); d.kind == tIdent && d.text == "0" && isP(p.tok(k+4), ")") {
			return false, false, k + 4, true
		}
	}
	return false, false, 0, false
}

// argvUnpack reports an assignment at i that unpacks the vector into
// names: "f, = ARGV", "a, b = ARGV" (Ruby), "f, = sys.argv[1:]", "_, f =
// sys.argv" (Python). names are the targets ("" for a starred or other
// target that is not a plain name), start the index of the first word
// they take, end the last token of the statement's value.
func (p *parser) argvUnpack(i int) (names []string, start, end int, ok bool) {
	if prev := p.tok(i - 1); !(prev.kind == tNewline || isP(prev, ";") || isP(prev, "{") || i == 0) {
		return nil, 0, 0, false
	}
	k := i
	comma := false
	for len(names) < 8 {
		t := p.tok(k)
		if t.kind != tIdent || t.text == "" || !isIdentName(t.text) {
			return nil, 0, 0, false
		}
		names = append(names, t.text)
		if !isP(p.tok(k+1), ",") {
			k++
			break
		}
		comma = true
		k += 2
		if isP(p.tok(k), "=") {
			break
		}
	}
	if !comma || !isP(p.tok(k), "=") {
		return nil, 0, 0, false
	}
	h := p.argvHead(k + 1)
	if h < 0 {
		return nil, 0, 0, false
	}
	end = h - 1
	if p.l == Python && isP(p.tok(h), "[") {
		// sys.argv[N:]
		d := p.tok(h + 1)
		if d.kind != tIdent || len(d.text) != 1 || d.text[0] < '0' || d.text[0] > '9' || !isP(p.tok(h+2), ":") || !isP(p.tok(h+3), "]") {
			return nil, 0, 0, false
		}
		start = int(d.text[0] - '0')
		end = h + 3
	}
	if next := p.tok(end + 1); !(next.kind == tNewline || isP(next, ";")) {
		return nil, 0, 0, false // sys.argv[1:] + x, ARGV.map …
	}
	return names, start, end, true
}
