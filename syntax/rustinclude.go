package syntax

import (
	"path/filepath"
	"strconv"
	"strings"
)

// Rust's include_str!("P") and include_bytes!("P") are a string literal
// of P's text, include!("P") is P's text as code: the compiler reads P
// (relative to the directory of the file holding the macro) while it
// builds, so a build script's Command::new("sh").arg("-c")
// .arg(include_str!("p.sh")) runs p.sh's text (red team 17 MI1).
// rustIncluded expands them as the compiler does before the code is
// read. Only literal paths are expanded (concat!, env! are left as
// written: a limit); a file that cannot be read is left as the macro.

// maxRustIncludes bounds the macros expanded in one file.
const maxRustIncludes = 32

// rustIncluded returns text with its include macros expanded; origin
// names the file that holds text ("" for text on the command line).
func (w *walker) rustIncluded(call *Call, text, origin string) string {
	if !strings.Contains(text, "include") {
		return text
	}
	base := call.Dir
	if origin != "" {
		base = call.Dir.Join(filepath.Dir(originFile(origin)))
	}
	var b strings.Builder
	n := 0
	last := 0
	for i := 0; i < len(text); {
		switch c := text[i]; {
		case c == '/' && i+1 < len(text) && text[i+1] == '/':
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				i = len(text)
			} else {
				i += j
			}
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			depth := 0
			for i < len(text) {
				if strings.HasPrefix(text[i:], "/*") {
					depth++
					i += 2
				} else if strings.HasPrefix(text[i:], "*/") {
					depth--
					i += 2
					if depth == 0 {
						break
					}
				} else {
					i++
				}
			}
		case c == '"' || c == 'r' && rustRawStart(text[i:]) > 0:
			_, end := rustLiteral(text, i)
			if end <= i {
				return text // unterminated: leave the text as it is
			}
			i = end
		case c == '\'':
			switch {
			case i+1 < len(text) && text[i+1] == '\\':
				j := strings.IndexByte(text[i+2:], '\'')
				if j < 0 {
					return text
				}
				i += j + 3
			case i+2 < len(text) && text[i+2] == '\'':
				i += 3
			default:
				i++ // a lifetime
			}
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(text) && (text[j] == '_' || text[j] >= 'a' && text[j] <= 'z' || text[j] >= 'A' && text[j] <= 'Z' || text[j] >= '0' && text[j] <= '9') {
				j++
			}
			word := text[i:j]
			if word != "include_str" && word != "include_bytes" && word != "include" || n >= maxRustIncludes {
				i = j
				continue
			}
			path, end, ok := rustMacroPath(text, j)
			if !ok {
				i = j
				continue
			}
			file, read := "", false
			if d := base.Join(path); d.Known && !strings.ContainsAny(path, "$`") {
				file, read = w.readScript(d)
			}
			if !read {
				i = end
				continue
			}
			n++
			b.WriteString(text[last:i])
			if word == "include" {
				b.WriteString(file)
			} else {
				b.WriteString(rustQuote(file))
			}
			i, last = end, end
		default:
			i++
		}
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// rustRawStart returns the length of a raw string's opening (r", r#")
// at the start of s, 0 for none.
func rustRawStart(s string) int {
	if !strings.HasPrefix(s, "r") {
		return 0
	}
	k := 1
	for k < len(s) && s[k] == '#' {
		k++
	}
	if k < len(s) && s[k] == '"' {
		return k + 1
	}
	return 0
}

// rustLiteral reads the string literal at text[i] ("…" with escapes, or
// r#"…"#): its value and the index after it (i when it is none).
func rustLiteral(text string, i int) (string, int) {
	if k := rustRawStart(text[i:]); k > 0 {
		hashes := k - 2
		closeQ := "\"" + strings.Repeat("#", hashes)
		j := strings.Index(text[i+k:], closeQ)
		if j < 0 {
			return "", i
		}
		return text[i+k : i+k+j], i + k + j + len(closeQ)
	}
	if i >= len(text) || text[i] != '"' {
		return "", i
	}
	var v strings.Builder
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			if j+1 >= len(text) {
				return "", i
			}
			j++
			switch text[j] {
			case 'n':
				v.WriteByte('\n')
			case 't':
				v.WriteByte('\t')
			case 'r':
				v.WriteByte('\r')
			case '0':
				v.WriteByte(0)
			case '\n':
				for j+1 < len(text) && strings.IndexByte(" \t\n\r", text[j+1]) >= 0 {
					j++
				}
			default:
				v.WriteByte(text[j]) // \\, \", \' and the rest as written
			}
		case '"':
			return v.String(), j + 1
		default:
			v.WriteByte(text[j])
		}
	}
	return "", i
}

// rustMacroPath reads `!("P")` (blanks allowed) after a macro's name at
// text[j]: P and the index after the closing parenthesis.
func rustMacroPath(text string, j int) (string, int, bool) {
	skip := func(k int) int {
		for k < len(text) && strings.IndexByte(" \t\r\n", text[k]) >= 0 {
			k++
		}
		return k
	}
	k := skip(j)
	if k >= len(text) || text[k] != '!' {
		return "", 0, false
	}
	k = skip(k + 1)
	if k >= len(text) || text[k] != '(' {
		return "", 0, false
	}
	k = skip(k + 1)
	p, end := rustLiteral(text, k)
	if end <= k || p == "" {
		return "", 0, false
	}
	end = skip(end)
	if end < len(text) && text[end] == ',' {
		end = skip(end + 1) // a trailing comma
	}
	if end >= len(text) || text[end] != ')' {
		return "", 0, false
	}
	return p, end + 1, true
}

// rustQuote writes s as a Rust string literal on one line (so that a
// macro inside a comment stays a comment).
func rustQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == '"':
			b.WriteString(`\"`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '#' || r < 0x20 || r == 0x7f:
			b.WriteString(`\x`)
			h := strconv.FormatInt(int64(r), 16)
			if len(h) < 2 {
				h = "0" + h
			}
			b.WriteString(h)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
