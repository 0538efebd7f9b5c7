package lang

import "strings"

// sedScript reads a sed script (GNU sed's command set, which POSIX sed's
// is a subset of) and returns what it does beyond editing its stream:
// the e command runs its text (or, bare, the pattern space) as a shell
// command; the e flag of s runs the pattern space after the
// substitution; w, W and the w flag of s write a file; r and R read one.
// Text of a, i, c, y and s is data.
func sedScript(src string) []Effect {
	var out []Effect
	s := &sedReader{src: src}
	for steps := 0; s.i < len(s.src) && steps < 1<<16; steps++ {
		s.skipBlank(true)
		if s.i >= len(s.src) {
			break
		}
		if s.src[s.i] == '#' {
			s.toEOL()
			continue
		}
		s.address()
		s.skipBlank(false)
		if s.i < len(s.src) && s.src[s.i] == '!' {
			s.i++
			s.skipBlank(false)
		}
		if s.i >= len(s.src) {
			break
		}
		off := s.i
		cmd := s.src[s.i]
		s.i++
		switch cmd {
		case '{', '}', '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
		case 'l', 'L', 'q', 'Q':
			s.skipBlank(false)
			for s.i < len(s.src) && s.src[s.i] >= '0' && s.src[s.i] <= '9' {
				s.i++
			}
		case ':':
			s.skipBlank(false)
			s.label()
		case 'b', 't', 'T':
			s.skipBlank(false)
			s.label()
		case 'a', 'i', 'c':
			s.text()
		case 'v':
			s.label()
		case 'e':
			text := strings.TrimSpace(s.rest())
			if text == "" {
				out = append(out, Effect{Kind: Hidden, Call: "e", Text: "the pattern space", Offset: off})
			} else {
				out = append(out, Effect{Kind: Shell, Call: "e", Text: text, Offset: off})
			}
		case 'r', 'R', 'w', 'W':
			name := strings.TrimLeft(s.rest(), " \t")
			if name == "" {
				continue
			}
			if cmd == 'r' || cmd == 'R' {
				out = append(out, Effect{Kind: Read, Call: string(cmd), Path: name, Offset: off})
			} else {
				out = append(out, Effect{Kind: Write, Call: string(cmd), Path: name, Offset: off})
			}
		case 's':
			if s.i >= len(s.src) {
				break
			}
			d := s.src[s.i]
			s.i++
			re := s.section(d)
			repl := s.section(d)
			for s.i < len(s.src) {
				f := s.src[s.i]
				if f == 'e' {
					out = append(out, sedExecFlag(re, repl, d, off))
					s.i++
					continue
				}
				if f == 'w' || f == 'W' {
					s.i++
					name := strings.TrimLeft(s.rest(), " \t")
					if name != "" {
						out = append(out, Effect{Kind: Write, Call: "s///w", Path: name, Offset: off})
					}
					break
				}
				if strings.IndexByte("gpiImM0123456789", f) < 0 {
					break
				}
				s.i++
			}
		case 'y':
			if s.i < len(s.src) {
				d := s.src[s.i]
				s.i++
				s.section(d)
				s.section(d)
			}
		}
		s.skipBlank(false)
		if s.i < len(s.src) && (s.src[s.i] == ';' || s.src[s.i] == '\n') {
			s.i++
		}
	}
	return out
}

type sedReader struct {
	src string
	i   int
}

func (s *sedReader) skipBlank(newlines bool) {
	for s.i < len(s.src) {
		c := s.src[s.i]
		if c == ' ' || c == '\t' || c == '\r' || newlines && (c == '\n' || c == ';') {
			s.i++
			continue
		}
		return
	}
}

func (s *sedReader) toEOL() {
	if j := strings.IndexByte(s.src[s.i:], '\n'); j >= 0 {
		s.i += j + 1
	} else {
		s.i = len(s.src)
	}
}

// rest returns the text to the end of the line (file names and e's
// command take the whole line, semicolons included).
func (s *sedReader) rest() string {
	start := s.i
	j := strings.IndexByte(s.src[s.i:], '\n')
	if j < 0 {
		s.i = len(s.src)
		return s.src[start:]
	}
	s.i += j
	return s.src[start:s.i]
}

// label reads a label, which ends at a newline or a semicolon.
func (s *sedReader) label() {
	for s.i < len(s.src) && s.src[s.i] != '\n' && s.src[s.i] != ';' {
		s.i++
	}
}

// text reads the text of a, i and c: a one-liner (GNU) or lines ended by
// a backslash.
func (s *sedReader) text() {
	for s.i < len(s.src) {
		c := s.src[s.i]
		if c == '\\' && s.i+1 < len(s.src) {
			s.i += 2
			continue
		}
		if c == '\n' {
			return
		}
		s.i++
	}
}

// section reads up to the delimiter d (a backslash escapes it, and a
// newline) and returns the text.
func (s *sedReader) section(d byte) string {
	start := s.i
	inClass := false
	for s.i < len(s.src) {
		c := s.src[s.i]
		switch {
		case c == '\\' && s.i+1 < len(s.src):
			s.i += 2
			continue
		case c == '[' && d != '[' && !inClass:
			inClass = true
		case c == ']' && inClass:
			inClass = false
		case c == d && !inClass:
			v := s.src[start:s.i]
			s.i++
			return v
		case c == '\n':
			v := s.src[start:s.i]
			return v
		}
		s.i++
	}
	return s.src[start:]
}

// address skips an address or a range: a line number, $, /re/, \cREc,
// first~step, and after a comma a second address, +N or ~N; an I or M
// modifier after a regular expression.
func (s *sedReader) address() {
	for k := 0; k < 2; k++ {
		s.skipBlank(false)
		if s.i >= len(s.src) {
			return
		}
		c := s.src[s.i]
		switch {
		case c >= '0' && c <= '9' || c == '+' || c == '~':
			s.i++
			for s.i < len(s.src) && (s.src[s.i] >= '0' && s.src[s.i] <= '9' || s.src[s.i] == '~') {
				s.i++
			}
		case c == '$':
			s.i++
		case c == '/':
			s.i++
			s.regexAddr('/')
		case c == '\\' && s.i+1 < len(s.src):
			d := s.src[s.i+1]
			s.i += 2
			s.regexAddr(d)
		default:
			return
		}
		s.skipBlank(false)
		if k == 0 {
			if s.i < len(s.src) && s.src[s.i] == ',' {
				s.i++
				continue
			}
			return
		}
	}
}

func (s *sedReader) regexAddr(d byte) {
	for s.i < len(s.src) {
		c := s.src[s.i]
		if c == '\\' && s.i+1 < len(s.src) {
			s.i += 2
			continue
		}
		s.i++
		if c == d || c == '\n' {
			break
		}
	}
	for s.i < len(s.src) && (s.src[s.i] == 'I' || s.src[s.i] == 'M') {
		s.i++
	}
}

// sedExecFlag is the effect of s/RE/REPL/e, which runs the pattern space
// after the substitution: REPL itself when RE matches the whole line and
// REPL refers to nothing matched; otherwise text only known at run time.
// With RE ^ (s/^/echo /e) the command is REPL followed by the whole
// input line, which can hold a ; or a newline and so any command (red
// team 16 SE1): it is no built command whose name REPL gives.
func sedExecFlag(re, repl string, d byte, off int) Effect {
	refers := strings.Contains(repl, "&") || hasBackref(repl)
	if (re == ".*" || re == "^.*$" || re == "^.*") && !refers {
		if text, ok := sedReplText(repl, d); ok {
			return Effect{Kind: Shell, Call: "s///e", Text: text, Offset: off}
		}
	}
	return Effect{Kind: Hidden, Call: "s///e", Text: "s/" + re + "/" + repl + "/e", Offset: off}
}

// sedReplText returns the text a replacement with no reference to the
// match puts in the pattern space: GNU sed drops the backslash of an
// escaped delimiter, backslash, & or newline and reads \n as a newline
// and \t as a tab. Another escape (\L, \u, \x41, ...) is not modelled.
func sedReplText(repl string, d byte) (string, bool) {
	if !strings.Contains(repl, "\\") {
		return repl, true
	}
	var b strings.Builder
	for i := 0; i < len(repl); i++ {
		c := repl[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		if i+1 >= len(repl) {
			return "", false
		}
		i++
		switch e := repl[i]; {
		case e == d || e == '\\' || e == '&' || e == '\n':
			b.WriteByte(e)
		case e == 'n':
			b.WriteByte('\n')
		case e == 't':
			b.WriteByte('\t')
		default:
			return "", false
		}
	}
	return b.String(), true
}

// hasBackref reports a \1…\9 reference in a replacement.
func hasBackref(repl string) bool {
	for i := 0; i+1 < len(repl); i++ {
		if repl[i] == '\\' {
			if repl[i+1] >= '0' && repl[i+1] <= '9' {
				return true
			}
			i++
		}
	}
	return false
}
