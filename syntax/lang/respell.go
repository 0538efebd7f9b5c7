package lang

// RespellPython returns Python program text with each use of a name in
// names replaced by its value, as the program's tokens show them: a
// bare identifier (breakpoint, not x.breakpoint or my_breakpoint) or a
// dotted name (sys.breakpointhook, builtins.breakpoint), wherever it is
// used — called, or bound to another name (bp = breakpoint). Strings and
// comments are left as they are.
func RespellPython(src string, names map[string]string) string {
	toks := lex(Python, src)
	type span struct {
		from, to int
		with     string
	}
	var spans []span
	at := func(t token) bool {
		return t.off >= 0 && t.off+len(t.text) <= len(src) && src[t.off:t.off+len(t.text)] == t.text
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind != tIdent || !at(t) || i > 0 && isP(toks[i-1], ".") {
			continue
		}
		// The longest dotted name first: sys.breakpointhook.
		if i+2 < len(toks) && isP(toks[i+1], ".") && toks[i+2].kind == tIdent && at(toks[i+2]) {
			if v, ok := names[t.text+"."+toks[i+2].text]; ok && !(i+3 < len(toks) && isP(toks[i+3], ".")) {
				spans = append(spans, span{t.off, toks[i+2].off + len(toks[i+2].text), v})
				i += 2
				continue
			}
		}
		if i+1 < len(toks) && isP(toks[i+1], ".") {
			continue // a module or object whose attribute follows
		}
		if v, ok := names[t.text]; ok {
			spans = append(spans, span{t.off, t.off + len(t.text), v})
		}
	}
	if len(spans) == 0 {
		return src
	}
	out := make([]byte, 0, len(src)+16*len(spans))
	last := 0
	for _, s := range spans {
		if s.from < last {
			continue
		}
		out = append(out, src[last:s.from]...)
		out = append(out, s.with...)
		last = s.to
	}
	return string(append(out, src[last:]...))
}
