package lang

import "strings"

// Arg is one word of a program's argument vector, at the index the
// language gives it: sys.argv[i] in Python, process.argv[i] in Node,
// $ARGV[i] in Perl, ARGV[i] in Ruby, $argv[i] in PHP. Known is false for
// a word the shell only knows at run time.
type Arg struct {
	Value string
	Known bool
}

// AnalyzeArgv is Analyze for program text run with the argument vector
// argv (python3 -c 'open(sys.argv[1], "w")' ~/.bashrc): an index into the
// vector by a literal number is the word at that index, as if the program
// had named it. Perl's bare shift at the top level of the program takes
// the vector's words in order.
func AnalyzeArgv(l Lang, src string, argv []Arg) []Effect {
	if len(argv) == 0 {
		return Analyze(l, src)
	}
	switch l {
	case Python, JS, Ruby, Perl, PHP:
	case D, CSharp, Swift, JVM:
		return finish(src, foreignArgv(l, src, argv))
	default:
		return Analyze(l, src)
	}
	p := &parser{src: src, toks: lex(l, src), l: l}
	p.bindArgv(argv)
	return finish(src, p.run())
}

// bindArgv replaces each reference to a known word of argv with a string
// literal holding it.
func (p *parser) bindArgv(argv []Arg) {
	out := make([]token, 0, len(p.toks))
	shifts := 0
	topShifts := p.l == Perl && p.shiftsAtTop()
	for i := 0; i < len(p.toks); i++ {
		t := p.toks[i]
		n, end, ok := p.argvRef(i)
		if !ok && topShifts && isI(t, "shift") {
			n, end, ok = shifts, i, true
			shifts++
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
