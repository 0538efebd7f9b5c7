package lang

import "strings"

// awk reads an awk program (POSIX awk, gawk, mawk, busybox awk). What runs
// shell text: system(cmd), print … | cmd (and gawk's |& coprocess), and
// cmd | getline. What writes: print … > file and >> file; what reads:
// getline < file. A string that is printed, compared or matched is data.
func awk(p *parser) []Effect {
	var out []Effect
	ev := awkEval{p: p, vars: p.awkAssignments(), preset: p.awkPreset}
	var inet awkInet
	run := func(c call, a *arg, from, to int) []Effect {
		// A command built of literals and variables whose values are
		// known (cmd = "date"; cmd | getline d; awk -v c=… 'BEGIN {
		// system(c) }') stands for each value it can have.
		if a != nil && !a.lit && !a.isList {
			if vals, ok := ev.values(from, to, true, 0); ok {
				effs := make([]Effect, 0, len(vals))
				for _, v := range vals {
					effs = append(effs, Effect{Kind: Shell, Call: c.name, Text: v.s, Offset: c.off})
				}
				return effs
			}
		}
		if a != nil && !a.lit && !a.isList {
			// One assigned from a built string (cmd = "rm " $1) is
			// judged as that string's text.
			if v, ok := ev.vars[a.text]; ok && !v.changed {
				b := p.arg(v.from, v.to)
				return []Effect{runText(Awk, c, &b)}
			}
		}
		return []Effect{runText(Awk, c, a)}
	}
	for _, c := range p.findCalls(false, func(name string) bool { return name == "system" }) {
		if c.method {
			continue
		}
		from, to := p.callArgRange(c)
		out = append(out, run(c, argAt(c.args, 0), from, to)...)
	}
	for k := 0; k < len(p.toks); k++ {
		t := p.toks[k]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "|":
			next := k + 1
			if n := p.tok(next); n.kind == tPunct && n.text == "&" {
				next++ // gawk's two-way pipe
			}
			if n := p.tok(next); n.kind == tIdent && n.text == "getline" {
				from := p.awkExprStart(k)
				if from < k {
					if inet.add(ev, from, k, p.toks[from].off) {
						continue // s |& getline: gawk's network connection
					}
					a := p.arg(from, k)
					out = append(out, run(call{name: "getline", off: p.toks[from].off}, &a, from, k)...)
				}
				continue
			}
			if !p.inPrint(k) {
				continue
			}
			to := p.awkExprEnd(next)
			if to > next {
				if inet.add(ev, next, to, t.off) {
					continue // print … |& "/inet/tcp/…"
				}
				a := p.arg(next, to)
				out = append(out, run(call{name: "print |", off: t.off}, &a, next, to)...)
			}
		case "<":
			// getline < file, getline var < file: a read of the file.
			prev := p.tok(k - 1)
			if !(prev.kind == tIdent && prev.text == "getline" || prev.kind == tIdent && p.tok(k-2).kind == tIdent && p.tok(k-2).text == "getline") {
				continue
			}
			to := p.awkExprEnd(k + 1)
			if to <= k+1 {
				continue
			}
			if inet.add(ev, k+1, to, t.off) {
				continue // getline < "/inet/tcp/…"
			}
			a := p.arg(k+1, to)
			if !a.lit {
				// A file named by literals, variables whose values are
				// known and ENVIRON entries (f = ENVIRON["HOME"]
				// "/.ssh/id_rsa"; getline l < f) is each file it can
				// be, as print > f's is.
				if vals, ok := ev.values(k+1, to, false, 0); ok {
					for _, v := range vals {
						if v.s != "" {
							out = append(out, Effect{Kind: Read, Call: "getline <", Path: v.s, Tilde: v.tilde, Offset: t.off})
						}
					}
					continue
				}
			}
			if e, ok := readEffect(call{name: "getline <", off: t.off}, &a); ok {
				out = append(out, e)
			}
		case "=":
			// ARGV[n] = "file": awk reads the operands it finds in
			// ARGV when the BEGIN actions are done, so a file put there
			// is read as an input file is (ARGV[1] = ".env"; ARGC = 2;
			// then { print }). A NAME=VALUE string is an assignment.
			if !p.argvElement(k) {
				continue
			}
			to := p.awkExprEnd(k + 1)
			if to <= k+1 {
				continue
			}
			var paths []awkValue
			if a := p.arg(k+1, to); a.lit {
				paths = []awkValue{{s: a.str, tilde: a.tilde}}
			} else if vals, ok := ev.values(k+1, to, false, 0); ok {
				paths = vals
			}
			for _, v := range paths {
				if v.s == "" || v.s == "-" || awkOperandAssigns(v.s) {
					continue
				}
				out = append(out, Effect{Kind: Read, Call: "ARGV[…] =", Path: v.s, Tilde: v.tilde, Offset: t.off})
			}
		case ">":
			if !p.inPrint(k) {
				continue
			}
			next, app := k+1, false
			if n := p.tok(next); n.kind == tPunct && n.text == ">" {
				next, app = next+1, true
			}
			to := p.awkExprEnd(next)
			if to <= next {
				continue
			}
			if inet.add(ev, next, to, t.off) {
				k = to - 1
				continue // print > "/inet/tcp/…" sends
			}
			a := p.arg(next, to)
			c := call{name: "print >", off: t.off}
			if !a.lit {
				// A file named by literals and variables whose values
				// are known (awk -v f=… '{ print > f }', f = "/x" ".y")
				// is each file it can be; one named by the input
				// (print > $1) is the data's, as a shell's read f is.
				if vals, ok := ev.values(next, to, false, 0); ok {
					for _, v := range vals {
						out = append(out, Effect{Kind: Write, Call: c.name, Path: v.s, Tilde: v.tilde, Append: app, Offset: c.off})
					}
				}
			} else if e, ok := pathEffect(c, Write, &a, false); ok {
				e.Append = app
				out = append(out, e)
			}
			k = to - 1
		}
	}
	return append(out, inet.effects(out)...)
}

// inPrint reports whether the token at k is an output redirection of a
// print or printf statement: the statement it is in begins with one, and
// k is outside any parentheses of it (inside them > compares).
func (p *parser) inPrint(k int) bool {
	depth := 0
	for j := k - 1; j >= 0 && k-j < 4096; j-- {
		t := p.toks[j]
		switch {
		case t.kind == tNewline && depth == 0:
			return false
		case t.kind == tPunct && (t.text == ")" || t.text == "]"):
			depth++
		case t.kind == tPunct && (t.text == "(" || t.text == "["):
			if depth == 0 {
				return false
			}
			depth--
		case t.kind == tPunct && (t.text == ";" || t.text == "{" || t.text == "}") && depth == 0:
			return false
		case t.kind == tIdent && (t.text == "print" || t.text == "printf") && depth == 0:
			return true
		}
	}
	return false
}

// awkExprEnd returns the end of the expression that begins at i: the
// statement's end, a closing bracket it did not open, or a further
// redirection.
func (p *parser) awkExprEnd(i int) int {
	depth := 0
	j := i
	for ; j < len(p.toks); j++ {
		t := p.toks[j]
		if t.kind == tNewline && depth == 0 {
			break
		}
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[":
			depth++
		case ")", "]":
			if depth == 0 {
				return j
			}
			depth--
		case ";", "}", "{":
			if depth == 0 {
				return j
			}
		case "|", ">", "&&", "||":
			if depth == 0 {
				return j
			}
		}
	}
	return j
}

// awkExprStart returns where the expression that ends before k (a
// command piped into getline) begins.
func (p *parser) awkExprStart(k int) int {
	depth := 0
	j := k - 1
	for ; j >= 0; j-- {
		t := p.toks[j]
		if t.kind == tNewline && depth == 0 {
			break
		}
		if t.kind == tIdent && depth == 0 && (t.text == "while" || t.text == "if" || t.text == "return" || t.text == "print" || t.text == "printf" || t.text == "in") {
			break
		}
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case ")", "]":
			depth++
		case "(", "[":
			if depth == 0 {
				return j + 1
			}
			depth--
		case ";", "{", "}", "=", ",", "&&", "||", "!", "|":
			if depth == 0 {
				return j + 1
			}
		}
	}
	return j + 1
}

// awkAssignments returns the variables the program assigns exactly once
// with =, with the expression assigned. A variable assigned more than
// once, or changed by another operator (+=, getline var, sub(…, …, var)),
// is not there.
func (p *parser) awkAssignments() map[string]awkAssign {
	count := map[string]int{}
	vals := map[string]awkAssign{}
	for k := 0; k+1 < len(p.toks); k++ {
		t := p.toks[k]
		if t.kind != tIdent {
			continue
		}
		n := p.toks[k+1]
		switch {
		case n.kind == tPunct && n.text == "=" && !(k+2 < len(p.toks) && p.toks[k+2].kind == tPunct && p.toks[k+2].text == "="):
			if prev := p.tok(k - 1); prev.kind == tPunct && strings.Contains("+-*/%^!<>", prev.text) || prev.kind == tPunct && prev.text == "$" {
				continue
			}
			count[t.text]++
			end := p.awkExprEnd(k + 2)
			if end > k+2 {
				vals[t.text] = awkAssign{from: k + 2, to: end}
			}
		default:
			count[t.text] += 0
		}
	}
	// Any other appearance that can change it (getline var, sub's third
	// argument, a for-in variable) makes it unknown.
	for k, t := range p.toks {
		if t.kind == tIdent && t.text == "in" {
			if prev := p.tok(k - 1); prev.kind == tIdent {
				count[prev.text] += 2 // for (v in a)
			}
			continue
		}
		if t.kind == tIdent && t.text == "getline" {
			// getline var sets var (and NR); what follows a < is the
			// file it reads, not changed.
			if n := p.tok(k + 1); n.kind == tIdent {
				count[n.text] += 2
			}
			continue
		}
		if t.kind == tIdent && (t.text == "sub" || t.text == "gsub" || t.text == "split") {
			for j := k + 1; j < len(p.toks) && j < k+16; j++ {
				if p.toks[j].kind == tIdent {
					count[p.toks[j].text] += 2
				}
				if p.toks[j].kind == tPunct && (p.toks[j].text == ";" || p.toks[j].text == "}") {
					break
				}
			}
		}
	}
	out := map[string]awkAssign{}
	for name, v := range vals {
		if count[name] == 1 {
			out[name] = v
		}
	}
	for name, n := range count {
		if n > 1 {
			out[name] = awkAssign{changed: true}
		}
	}
	return out
}

// awkAssign is where a variable's one assignment lies in the tokens, or
// changed when the program assigns it more than once or otherwise.
type awkAssign struct {
	from, to int
	changed  bool
}

// AwkVar is a value an awk variable is given from the command line
// before the program reads it: -v NAME=VALUE, --assign, or an operand
// NAME=VALUE. Known is false when the shell only knows the value at run
// time.
type AwkVar struct {
	Name, Value string
	Known       bool
}

// AnalyzeAwk is Analyze for an awk program whose variables the command
// line sets (awk -v f=… '{ print > f }').
func AnalyzeAwk(src string, vars []AwkVar) []Effect {
	p := &parser{src: src, toks: lex(Awk, src), l: Awk}
	p.consts = p.constants()
	p.indirect()
	p.indexScoped(p.scopedConstants())
	p.awkPreset = vars
	p.bindAwkArgv(vars)
	out := append(p.extra, awk(p)...)
	if e, ok := envSend(p); ok {
		out = append(out, e)
	}
	return finish(src, append(out, awkIncludes(src)...))
}

// awkValue is one value an awk expression can have; tilde reports a path
// that begins with the home directory (ENVIRON["HOME"]).
type awkValue struct {
	s     string
	tilde bool
}

// maxAwkValues bounds the values one expression is judged as.
const maxAwkValues = 16

// awkEval evaluates the awk expressions that name a file or a command:
// a concatenation of string literals, numbers, ENVIRON entries and
// variables whose values are known.
type awkEval struct {
	p      *parser
	vars   map[string]awkAssign
	preset []AwkVar
}

// values returns every value the expression in tokens [from, to) can
// have, and false when a part of it is only known at run time (a field,
// a call, arithmetic, a variable the program changes). For shell text an
// ENVIRON entry is the shell's own variable (${NAME}); for a path only
// ENVIRON["HOME"] at its start is known, as ~.
func (ev awkEval) values(from, to int, shell bool, depth int) ([]awkValue, bool) {
	if depth > 4 || from >= to {
		return nil, false
	}
	p := ev.p
	acc := []awkValue{{}}
	add := func(parts []awkValue) bool {
		var next []awkValue
		for _, a := range acc {
			for _, b := range parts {
				if len(next) == maxAwkValues {
					return false
				}
				v := awkValue{s: a.s + b.s, tilde: a.tilde || a.s == "" && b.tilde}
				if b.tilde && a.s != "" {
					return false // the home directory in the middle of a path
				}
				next = append(next, v)
			}
		}
		acc = next
		return true
	}
	for k := from; k < to; k++ {
		t := p.toks[k]
		switch {
		case t.kind == tNewline, t.kind == tPunct && (t.text == "(" || t.text == ")"):
		case t.kind == tString:
			if !t.lit || !add([]awkValue{{s: t.text}}) {
				return nil, false
			}
		case t.kind == tIdent && t.text == "ENVIRON" && k+3 < to+1 && isP(p.tok(k+1), "[") && p.tok(k+2).kind == tString && p.tok(k+2).lit && isP(p.tok(k+3), "]"):
			name := p.tok(k + 2).text
			var v awkValue
			switch {
			case shell:
				v = awkValue{s: "${" + name + "}"}
			case name == "HOME":
				v = awkValue{s: "~", tilde: true}
			default:
				return nil, false
			}
			if !add([]awkValue{v}) {
				return nil, false
			}
			k += 3
		case t.kind == tIdent && t.text != "" && t.text[0] >= '0' && t.text[0] <= '9':
			if !add([]awkValue{{s: t.text}}) {
				return nil, false
			}
		case t.kind == tIdent && !isP(p.tok(k+1), "(") && !isP(p.tok(k+1), "["):
			vals, ok := ev.variable(t.text, shell, depth)
			if !ok || !add(vals) {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	if len(acc) == 1 && acc[0].s == "" {
		return nil, false
	}
	return acc, true
}

// variable returns the values a variable can have: those the command
// line gives it and the one the program assigns it, when each is known.
func (ev awkEval) variable(name string, shell bool, depth int) ([]awkValue, bool) {
	var out []awkValue
	a, assigned := ev.vars[name]
	if assigned && a.changed {
		return nil, false
	}
	for _, v := range ev.preset {
		if v.Name != name {
			continue
		}
		if !v.Known {
			return nil, false
		}
		out = append(out, awkValue{s: v.Value})
	}
	if assigned {
		vals, ok := ev.values(a.from, a.to, shell, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, vals...)
	}
	return out, len(out) > 0
}

// callArgRange returns the tokens of a call's first argument.
func (p *parser) callArgRange(c call) (int, int) {
	if !c.parens || !isP(p.tok(c.next), "(") {
		return 0, 0
	}
	depth := 0
	for k := c.next + 1; k < len(p.toks); k++ {
		t := p.toks[k]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			if depth == 0 {
				return c.next + 1, k
			}
			depth--
		case ",":
			if depth == 0 {
				return c.next + 1, k
			}
		}
	}
	return 0, 0
}

// argvElement reports whether the = at k assigns an element of ARGV
// (ARGV[1] = …, ARGV[ARGC++] = …): the tokens before it are ARGV, [, the
// index and ].
func (p *parser) argvElement(k int) bool {
	if n := p.tok(k + 1); n.kind == tPunct && n.text == "=" {
		return false // ==
	}
	if prev := p.tok(k - 1); prev.kind != tPunct || prev.text != "]" {
		return false
	}
	depth := 0
	for j := k - 1; j > 0 && j > k-64; j-- {
		t := p.toks[j]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "]":
			depth++
		case "[":
			depth--
			if depth == 0 {
				n := p.tok(j - 1)
				return n.kind == tIdent && n.text == "ARGV"
			}
		}
	}
	return false
}

// awkOperandAssigns reports whether an awk operand is a variable
// assignment (NAME=VALUE), which awk performs instead of reading a file.
func awkOperandAssigns(s string) bool {
	name, _, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return false
	}
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// bindAwkArgv replaces each read of ARGV[N] (a literal index; not an
// assignment to it) with the word the command line gives it, when known
// (vars holds them as "ARGV[N]").
func (p *parser) bindAwkArgv(vars []AwkVar) {
	words := map[string]AwkVar{}
	for _, v := range vars {
		if strings.HasPrefix(v.Name, "ARGV[") {
			words[v.Name] = v
		}
	}
	if len(words) == 0 {
		return
	}
	out := make([]token, 0, len(p.toks))
	for i := 0; i < len(p.toks); i++ {
		t := p.toks[i]
		if t.kind == tIdent && t.text == "ARGV" && isP(p.tok(i+1), "[") && isP(p.tok(i+3), "]") && !isP(p.tok(i+4), "=") {
			if v, ok := words["ARGV["+p.tok(i+2).text+"]"]; ok && v.Known {
				out = append(out, token{kind: tString, text: v.Value, lit: true, off: t.off})
				i += 3
				continue
			}
		}
		out = append(out, t)
	}
	p.toks = out
}
