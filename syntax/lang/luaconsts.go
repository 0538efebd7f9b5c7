package lang

// luaScoped finds the constants of a Lua chunk: a local declared once
// with one name, local h = VALUE or local h <const> = VALUE, to a value
// the text shows (os.getenv("HOME") is the home directory), in the chunk
// or in any block (a function body, a branch, a loop); and a global
// assigned once, h = VALUE, at the chunk's own level (no enclosing
// block or bracket) when no require or goto can change or skip it. A
// use after the statement, up to the end of the local's block, is that
// value; a use before it or outside the block is the global of that
// name, which the declaration does not bind.
// Any other binding of the name anywhere in the text makes it no
// constant: a plain assignment (h = x), a name of a list (local a, h =
// …; a, h = …, which bind by position), a second local, a parameter, a
// loop variable, a function's name. Code that can bind names from
// strings or reach the locals — _G, _ENV, setfenv, getfenv, rawset, the
// debug library, and load, loadstring, loadfile and dofile of code —
// makes no name a constant (rebindsByName).
func (p *parser) luaScoped() []scopedConst {
	toks := p.toks
	binds := map[string]int{}
	// A global assigned at the chunk's level keeps its value unless a
	// module require runs assigns it (require loads and runs another
	// file's chunk, which shares the globals), or a goto skips the
	// assignment (Lua forbids jumping into a local's scope, not past a
	// global's assignment).
	globalsStay := !p.hasIdent("require", "goto")
	type cand struct {
		name, eq int
		global   bool
	}
	var cands []cand
	block, depth := 0, 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind == tPunct {
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				if depth > 0 {
					depth--
				}
			}
			continue
		}
		if t.kind != tIdent {
			continue
		}
		switch t.text {
		case "function":
			// The function's name and its parameters, up to the
			// parameter list's close.
			block++
			for j := i + 1; j < len(toks) && j < i+128; j++ {
				if toks[j].kind == tIdent {
					binds[toks[j].text] += 2
				}
				if isP(toks[j], "(") {
					if e := p.closeOf(toks, j); e > j {
						for k := j + 1; k < e; k++ {
							if toks[k].kind == tIdent {
								binds[toks[k].text] += 2
							}
						}
					}
					break
				}
			}
			continue
		case "if", "do", "repeat":
			block++
			continue
		case "end", "until":
			if block > 0 {
				block--
			}
			continue
		case "for":
			for j := i + 1; j < len(toks) && j < i+32 && !isI(toks[j], "in") && !isP(toks[j], "=") && !isI(toks[j], "do"); j++ {
				if toks[j].kind == tIdent {
					binds[toks[j].text] += 2
				}
			}
			continue
		case "local":
			if isI(p.tok(i+1), "function") {
				continue // the function case binds its name
			}
			eq := i + 2
			if isP(p.tok(i+2), "<") && isI(p.tok(i+3), "const") && isP(p.tok(i+4), ">") {
				eq = i + 5 // local h <const> = …
			}
			if n := p.tok(i + 1); n.kind == tIdent && isP(p.tok(eq), "=") {
				binds[n.text]++
				if block > 0 || depth == 0 {
					cands = append(cands, cand{i + 1, eq, false})
				}
				i = eq
				continue
			}
			// local a, b = …, local h (nil), local h <close> = ….
			for j := i + 1; j < len(toks) && j < i+64 && toks[j].kind != tNewline && !isP(toks[j], "=") && !isP(toks[j], ";"); j++ {
				if toks[j].kind == tIdent {
					binds[toks[j].text] += 2
				}
			}
			continue
		}
		prev := p.tok(i - 1)
		if isP(prev, ".") || isP(prev, ":") {
			continue // a field or a method: t.h = …
		}
		next := p.tok(i + 1)
		switch {
		case isP(next, "="):
			binds[t.text]++
			if isP(prev, ",") {
				binds[t.text]++ // a, h = …: bound by position
			} else if block == 0 && depth == 0 && globalsStay {
				// h = VALUE at the chunk's own level: the global
				// holds it from this statement on.
				cands = append(cands, cand{i, i + 1, true})
			}
		case isP(next, ","):
			// h, a = …: every name of the list is bound by position.
			j := i
			for p.tok(j).kind == tIdent && isP(p.tok(j+1), ",") && p.tok(j+2).kind == tIdent {
				j += 2
			}
			if isP(p.tok(j+1), "=") {
				for k := i; k <= j; k += 2 {
					binds[toks[k].text] += 2
				}
			}
		}
	}
	var out []scopedConst
	for _, c := range cands {
		name := toks[c.name].text
		if binds[name] != 1 {
			continue
		}
		// constValue reads the value after the token at c.eq-1 and "=".
		v, ok := p.constValue(c.eq-1, len(toks))
		if !ok {
			continue
		}
		end := c.eq + 1
		for end < len(toks) && !p.statementEnd(end) {
			if isP(toks[end], "(") || isP(toks[end], "[") || isP(toks[end], "{") {
				if e := p.closeOf(toks, end); e > end {
					end = e
				}
			}
			end++
		}
		to := len(toks)
		if !c.global {
			to = p.luaBlockEnd(end)
		}
		out = append(out, scopedConst{name: name, c: v, from: end, to: to})
	}
	return out
}

// luaBlockEnd returns the index of the token that ends the block holding
// token from: the end or until that closes it, or the else or elseif
// that starts the next branch of its if (a local of one branch is not
// seen in the next), or the end of the chunk. A local's scope ends
// there (Lua 5.4 manual, 3.5).
func (p *parser) luaBlockEnd(from int) int {
	level := 0
	for j := from; j < len(p.toks); j++ {
		t := p.toks[j]
		if t.kind != tIdent {
			continue
		}
		switch t.text {
		case "function", "if", "do", "repeat":
			level++
		case "end", "until":
			if level == 0 {
				return j
			}
			level--
		case "else", "elseif":
			if level == 0 {
				return j
			}
		}
	}
	return len(p.toks)
}
