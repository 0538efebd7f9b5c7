package lang

import "strings"

// Ruby's ARGF (and Kernel#gets, #readline, #readlines and $<, which
// read it) opens each file named in ARGV in turn. Code that puts names
// there (ARGV.replace([…]), ARGV << f, ARGV.push/unshift/concat,
// ARGV[0] = f, the same on $*) and reads ARGF reads those files; in a
// BEGIN block it feeds -n and -p's loop the same way.

// rubyArgvReads returns a read for each file the code puts in ARGV
// when it reads ARGF.
func (p *parser) rubyArgvReads() []Effect {
	if !strings.Contains(p.src, "ARGV") && !strings.Contains(p.src, "$*") {
		return nil
	}
	if !p.rubyReadsArgf() && !strings.Contains(p.src, "BEGIN") {
		return nil
	}
	var out []Effect
	add := func(a arg, off int) {
		items := []arg{a}
		if a.isList {
			items = items[:0]
			homes := a.argvHomes()
			for i, s := range a.list {
				items = append(items, arg{lit: true, str: s, text: s, tilde: homes[i]})
			}
		}
		for _, f := range items {
			f := f
			if f.lit && (f.str == "" || f.str == "-") {
				continue // standard input
			}
			if e, ok := readEffect(call{name: "ARGF of ARGV", off: off}, &f); ok {
				out = append(out, e)
			}
		}
	}
	for i, t := range p.toks {
		if t.kind != tIdent || t.text != "ARGV" && t.text != "$*" {
			continue
		}
		j := i + 1
		switch n := p.tok(j); {
		case isP(n, "<<"):
			vals, _ := p.bareArgs(j + 1)
			if len(vals) > 0 {
				add(vals[0], n.off)
			}
		case isP(n, "[") && isP(p.tok(j+2), "]") && isP(p.tok(j+3), "=") && !isP(p.tok(j+4), "="):
			vals, _ := p.bareArgs(j + 4)
			if len(vals) > 0 {
				add(vals[0], n.off)
			}
		case isP(n, ".") && p.tok(j+1).kind == tIdent:
			switch m := p.tok(j + 1).text; m {
			case "replace", "push", "unshift", "concat", "append", "prepend", "insert":
				var vals []arg
				if isP(p.tok(j+2), "(") {
					vals, _ = p.args(j+2, ")")
				} else {
					vals, _ = p.bareArgs(j + 2)
				}
				if m == "insert" && len(vals) > 0 {
					vals = vals[1:] // the index
				}
				for _, v := range vals {
					add(v, n.off)
				}
			}
		}
	}
	return out
}

// rubyReadsArgf reports whether the code reads ARGF: a method of ARGF
// or $<, or Kernel's gets, readline and readlines called bare.
func (p *parser) rubyReadsArgf() bool {
	for i, t := range p.toks {
		switch {
		case t.kind == tIdent && (t.text == "ARGF" || t.text == "$<"):
			return true
		case t.kind == tIdent && (t.text == "gets" || t.text == "readline" || t.text == "readlines"):
			if prev := p.tok(i - 1); !isP(prev, ".") && !isP(prev, "::") {
				return true
			}
		}
	}
	return false
}
