package lang

import "strings"

// awk reads an awk program (POSIX awk, gawk, mawk, busybox awk). What runs
// shell text: system(cmd), print … | cmd (and gawk's |& coprocess), and
// cmd | getline. What writes: print … > file and >> file; what reads:
// getline < file. A string that is printed, compared or matched is data.
func awk(p *parser) []Effect {
	var out []Effect
	vars := p.awkAssignments()
	run := func(c call, a *arg) Effect {
		// A variable assigned once, from a literal or a built string
		// (cmd = "date"; cmd | getline d), stands for that value.
		if a != nil && !a.lit && !a.isList {
			if v, ok := vars[a.text]; ok {
				return runText(Awk, c, &v)
			}
		}
		return runText(Awk, c, a)
	}
	for _, c := range p.findCalls(false, func(name string) bool { return name == "system" }) {
		if c.method {
			continue
		}
		out = append(out, run(c, argAt(c.args, 0)))
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
					out = append(out, run(call{name: "getline", off: p.toks[from].off}, &a))
				}
				continue
			}
			if !p.inPrint(k) {
				continue
			}
			to := p.awkExprEnd(next)
			if to > next {
				a := p.arg(next, to)
				out = append(out, run(call{name: "print |", off: t.off}, &a))
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
			a := p.arg(k+1, to)
			if e, ok := readEffect(call{name: "getline <", off: t.off}, &a); ok {
				out = append(out, e)
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

// awkAssignments returns the variables the program assigns exactly once
// with =, with the expression assigned. A variable assigned more than
// once, or changed by another operator (+=, getline var, sub(…, …, var)),
// is not there.
func (p *parser) awkAssignments() map[string]arg {
	count := map[string]int{}
	vals := map[string]arg{}
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
				vals[t.text] = p.arg(k+2, end)
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
		if t.kind == tIdent && (t.text == "getline" || t.text == "sub" || t.text == "gsub" || t.text == "split") {
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
	out := map[string]arg{}
	for name, v := range vals {
		if count[name] == 1 {
			out[name] = v
		}
	}
	return out
}
