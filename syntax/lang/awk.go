package lang

// awk reads an awk program (POSIX awk, gawk, mawk, busybox awk). What runs
// shell text: system(cmd), print … | cmd (and gawk's |& coprocess), and
// cmd | getline. What writes: print … > file and >> file. A string that
// is printed, compared or matched is data.
func awk(p *parser) []Effect {
	var out []Effect
	for _, c := range p.findCalls(false, func(name string) bool { return name == "system" }) {
		if c.method {
			continue
		}
		out = append(out, runText(Awk, c, argAt(c.args, 0)))
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
					a := p.arg(from, k)
					out = append(out, runText(Awk, call{name: "getline", off: p.toks[from].off}, &a))
				}
				continue
			}
			if !p.inPrint(k) {
				continue
			}
			to := p.awkExprEnd(next)
			if to > next {
				a := p.arg(next, to)
				out = append(out, runText(Awk, call{name: "print |", off: t.off}, &a))
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
			a := p.arg(next, to)
			if e, ok := pathEffect(call{name: "print >", off: t.off}, Write, &a, false); ok {
				e.Append = app
				out = append(out, e)
			}
			k = to - 1
		}
	}
	return out
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
