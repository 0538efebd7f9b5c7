package syntax

import (
	"strconv"
	"strings"
	"unicode/utf8"

	sh "mvdan.cc/sh/v3/syntax"
)

// Arg is one word of a command: its node, where it is in its script's
// source, and its value when that is known without running anything.
type Arg struct {
	Word *sh.Word
	// Value is the word's value when Static; otherwise the word's text with
	// the quotes removed where that was possible and run-time parts kept as
	// written ("https://x/$r.git"). It is never silently "".
	Value  string
	Static bool
	// Glob reports unquoted pattern characters (*, ?, [) in the word.
	Glob       bool
	Start, End int
	// Raw is the word exactly as written.
	Raw string
}

// Dir is a working directory that is known statically or not at all.
type Dir struct {
	Path  string
	Known bool
}

// Join resolves p against d. The result is unknown when d is unknown and p
// is relative.
func (d Dir) Join(p string) Dir {
	if strings.HasPrefix(p, "/") {
		return Dir{Path: cleanPath(p), Known: true}
	}
	if !d.Known {
		return Dir{}
	}
	return Dir{Path: cleanPath(d.Path + "/" + p), Known: true}
}

// cleanPath is a lexical clean that keeps the path absolute.
func cleanPath(p string) string {
	parts := strings.Split(p, "/")
	out := make([]string, 0, len(parts))
	for _, s := range parts {
		switch s {
		case "", ".":
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		default:
			out = append(out, s)
		}
	}
	return "/" + strings.Join(out, "/")
}

// resolver turns words into Args against a script's source.
type resolver struct {
	src  string
	home string
	dir  Dir
	// mask writes run-time substitutions as a plain parameter, so that a
	// string parsed again does not hold them a second time.
	mask bool
	// vars are variables assigned a static value earlier in the command
	// (a=git; $a clone …).
	vars map[string]string
}

func (r *resolver) arg(w *sh.Word) Arg {
	a := Arg{Word: w, Start: int(w.Pos().Offset()), End: int(w.End().Offset())}
	if a.End > len(r.src) || a.Start > a.End {
		a.Start, a.End = 0, 0
	}
	a.Raw = r.src[a.Start:a.End]
	var b strings.Builder
	static := true
	for i, part := range w.Parts {
		if !r.part(&b, part, i == 0, false, &a.Glob) {
			static = false
		}
	}
	a.Value, a.Static = b.String(), static
	return a
}

// part appends the value of one word part and reports whether it was static.
func (r *resolver) part(b *strings.Builder, p sh.WordPart, first, quoted bool, glob *bool) bool {
	switch p := p.(type) {
	case *sh.Lit:
		v := p.Value
		if quoted {
			b.WriteString(unescapeDouble(v))
			return true
		}
		if first && strings.HasPrefix(v, "~") {
			rest := v[1:]
			if rest == "" || rest[0] == '/' {
				if r.home == "" {
					b.WriteString(v)
					return false
				}
				b.WriteString(r.home)
				v = rest
			} else {
				b.WriteString(v)
				return false
			}
		}
		if strings.ContainsAny(unescapedGlob(v), "*?[") {
			*glob = true
		}
		b.WriteString(unescapeBare(v))
		return true
	case *sh.SglQuoted:
		if p.Dollar {
			b.WriteString(decodeANSIC(p.Value))
		} else {
			b.WriteString(p.Value)
		}
		return true
	case *sh.DblQuoted:
		static := true
		for _, q := range p.Parts {
			if !r.part(b, q, false, true, glob) {
				static = false
			}
		}
		return static
	case *sh.ParamExp:
		if p.Param != nil && simpleParam(p) {
			switch p.Param.Value {
			case "HOME":
				if r.home != "" {
					b.WriteString(r.home)
					return true
				}
			case "PWD":
				if r.dir.Known {
					b.WriteString(r.dir.Path)
					return true
				}
			default:
				if v, ok := r.vars[p.Param.Value]; ok {
					b.WriteString(v)
					return true
				}
			}
		}
	case *sh.CmdSubst, *sh.ProcSubst:
		if r.mask {
			b.WriteString("${__corral_dynamic}")
			return false
		}
	}
	b.WriteString(r.text(p))
	return false
}

func (r *resolver) text(n sh.Node) string {
	s, e := int(n.Pos().Offset()), int(n.End().Offset())
	if s < 0 || e > len(r.src) || s > e {
		return ""
	}
	return r.src[s:e]
}

func simpleParam(p *sh.ParamExp) bool {
	return p.Flags == nil && !p.Excl && !p.Length && !p.Width && !p.IsSet &&
		p.NestedParam == nil && p.Index == nil && len(p.Modifiers) == 0 &&
		p.Slice == nil && p.Repl == nil && p.Names == 0 && p.Exp == nil
}

// unescapeBare removes the backslashes of an unquoted literal.
func unescapeBare(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapedGlob drops escaped characters, so that \* is not a pattern.
func unescapedGlob(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			i++
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapeDouble removes the backslashes that are special inside "...".
func unescapeDouble(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '\\', '"', '$', '`':
				i++
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// decodeANSIC decodes the escapes of a $'...' string.
func decodeANSIC(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch c = s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case 'c':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i] & 0x1f)
			}
		case 'x', 'u', 'U', '0', '1', '2', '3', '4', '5', '6', '7':
			base, max := 16, 2
			start := i + 1
			switch c {
			case 'u':
				max = 4
			case 'U':
				max = 8
			case 'x':
			default:
				base, max, start = 8, 3, i
			}
			end := start
			for end < len(s) && end-start < max && isDigit(s[end], base) {
				end++
			}
			if end == start {
				b.WriteByte('\\')
				b.WriteByte(c)
				continue
			}
			n, _ := strconv.ParseUint(s[start:end], base, 32)
			if c == 'u' || c == 'U' {
				if utf8.ValidRune(rune(n)) {
					b.WriteRune(rune(n))
				}
			} else {
				b.WriteByte(byte(n))
			}
			i = end - 1
		default: // \\ \' \" \? and unknown escapes
			if c != '\\' && c != '\'' && c != '"' && c != '?' {
				b.WriteByte('\\')
			}
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isDigit(c byte, base int) bool {
	if base == 8 {
		return c >= '0' && c <= '7'
	}
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
