package lang

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Psql is the input of PostgreSQL's psql: SQL, sent to the server, and
// psql's backslash meta-commands, which psql runs itself.
const Psql Lang = "psql"

// psqlMaxDepth bounds how deep string literals are read again as SQL
// (a DO block's body, EXECUTE 'COPY … PROGRAM …', a \gexec result).
const psqlMaxDepth = 3

// psqlScript finds the shell commands psql input runs, beyond its \!
// lines (read by the SQL clients' escape reader):
//   - COPY … FROM PROGRAM 'cmd' / COPY … TO PROGRAM 'cmd': the server
//     runs cmd with /bin/sh -c (the server is taken to be this machine,
//     the worse reading). The literal is read as PostgreSQL reads it:
//     '…' with two quotes for one (and, with standard_conforming_strings
//     off, backslash escapes: both readings are judged), E'…' with its
//     backslash escapes, U&'…' with \XXXX (and UESCAPE), $tag$…$tag$,
//     and literals separated by a newline joined into one. PROGRAM
//     followed by anything else (a psql variable :'v', a function call,
//     a concatenation) is a command named at run time.
//   - \copy … FROM|TO PROGRAM 'cmd': psql runs cmd by popen (the shell)
//     on this machine; two quotes stand for one, no other escape.
//   - \o, \out, \g, \gx, \w, \write with an argument starting with |:
//     the rest of the line is a command whose stdin is the output.
//   - `cmd` in a meta-command's arguments (\set x `cmd`): psql runs cmd
//     and puts its output there.
//
// The text of every string literal and dollar-quoted body that holds
// the word PROGRAM is read again as SQL (a DO block, EXECUTE 'COPY …',
// SELECT '…' \gexec, which runs the result as SQL).
func psqlScript(src string) []Effect {
	return psqlRead(src, 0, true, true, 0)
}

// psqlTok is a token of PostgreSQL text: sqlTok, with the second
// reading of a plain literal that holds a backslash (alt) and whether
// the literal was read completely.
type psqlTok struct {
	sqlTok
	alt    string
	hasAlt bool
}

// psqlRead reads src (at byte base of the whole input); meta reports
// whether psql's backslash commands are read (the input psql reads, not
// SQL the server runs); open whether a PROGRAM with no literal after it
// is a command built at run time (psqlInner).
func psqlRead(src string, base int, meta, open bool, depth int) []Effect {
	var out []Effect
	var toks []psqlTok
	add := func(t psqlTok) { toks = append(toks, t) }
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '-' && i+1 < len(src) && src[i+1] == '-':
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				i = len(src)
			} else {
				i += j
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			// PostgreSQL's block comments nest.
			n, j := 1, i+2
			for j < len(src) && n > 0 {
				switch {
				case strings.HasPrefix(src[j:], "/*"):
					n++
					j += 2
				case strings.HasPrefix(src[j:], "*/"):
					n--
					j += 2
				default:
					j++
				}
			}
			i = j
		case c == '\\' && meta:
			// A meta-command: psql runs it (it is not sent).
			eff, next := psqlMeta(src, i, base)
			out = append(out, eff...)
			toks = append(toks, psqlTok{sqlTok: sqlTok{text: ";", off: i}}) // ends the statement as far as COPY is concerned
			i = next
		case c == '\'' || (c == 'e' || c == 'E') && i+1 < len(src) && src[i+1] == '\'' && !psqlIdentChar(src, i-1):
			esc := c != '\''
			if esc {
				i++
			}
			val, alt, hasAlt, end := psqlString(src, i, esc)
			// Literals separated only by whitespace holding a newline
			// are one literal.
			for {
				j := end
				for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\r' || src[j] == '\n' || src[j] == '\f') {
					j++
				}
				if j >= len(src) || src[j] != '\'' || !strings.Contains(src[end:j], "\n") {
					break
				}
				v2, a2, h2, e2 := psqlString(src, j, esc)
				val, alt, hasAlt, end = val+v2, alt+a2, hasAlt || h2, e2
			}
			add(psqlTok{sqlTok: sqlTok{text: val, str: true, off: i}, alt: alt, hasAlt: hasAlt})
			i = end
		case (c == 'u' || c == 'U') && strings.HasPrefix(src[i+1:], "&'") && !psqlIdentChar(src, i-1):
			raw, _, _, end := psqlString(src, i+2, false)
			escape := byte('\\')
			// UESCAPE 'c' after the literal names another escape.
			j := end
			for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\r') {
				j++
			}
			if len(src) >= j+7 && strings.EqualFold(src[j:j+7], "uescape") {
				k := j + 7
				for k < len(src) && (src[k] == ' ' || src[k] == '\t' || src[k] == '\n' || src[k] == '\r') {
					k++
				}
				if k+2 < len(src) && src[k] == '\'' && src[k+2] == '\'' {
					escape = src[k+1]
					end = k + 3
				}
			}
			add(psqlTok{sqlTok: sqlTok{text: psqlUnicode(raw, escape), str: true, off: i}})
			i = end
		case c == '$' && psqlDollarTag(src, i) != "":
			tag := psqlDollarTag(src, i)
			body := i + len(tag)
			j := strings.Index(src[body:], tag)
			end := len(src)
			val := src[body:]
			if j >= 0 {
				val, end = src[body:body+j], body+j+len(tag)
			}
			add(psqlTok{sqlTok: sqlTok{text: val, str: true, off: i}})
			i = end
		case c == '"':
			j := i + 1
			var b strings.Builder
			for j < len(src) {
				if src[j] == '"' {
					if j+1 < len(src) && src[j+1] == '"' {
						b.WriteByte('"')
						j += 2
						continue
					}
					break
				}
				b.WriteByte(src[j])
				j++
			}
			add(psqlTok{sqlTok: sqlTok{text: b.String(), dq: true, off: i}})
			i = j + 1
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80:
			j := i
			for j < len(src) && psqlIdentChar(src, j) {
				j++
			}
			add(psqlTok{sqlTok: sqlTok{text: strings.ToLower(src[i:j]), off: i}})
			i = j
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		default:
			add(psqlTok{sqlTok: sqlTok{text: string(c), off: i}})
			i++
		}
	}
	word := func(k int) sqlTok {
		if k >= 0 && k < len(toks) {
			return toks[k].sqlTok
		}
		return sqlTok{}
	}
	for k, t := range toks {
		if t.str {
			// A literal concatenated with another value (EXECUTE 'COPY
			// … PROGRAM ' || cmd) ends in text only known at run time.
			joined := word(k+1).text == "|" && word(k+2).text == "|"
			if depth < psqlMaxDepth && psqlMentionsProgram(t.text) {
				out = append(out, psqlRead(t.text, base+t.off, false, joined, depth+1)...)
			}
			if t.hasAlt && depth < psqlMaxDepth && psqlMentionsProgram(t.alt) {
				out = append(out, psqlRead(t.alt, base+t.off, false, joined, depth+1)...)
			}
			continue
		}
		if t.text != "copy" {
			continue
		}
		for _, e := range sqlCopy(k, word, base) {
			if e.Kind != Shell && e.Kind != Hidden {
				continue // the server's own files: not read for psql
			}
			if e.Kind == Hidden && !open && !strings.HasPrefix(e.Text, "%") {
				// A literal that only mentions COPY … PROGRAM ('copy to
				// program' in an INSERT) is data; one completed at run
				// time, by a concatenation (open) or a format()
				// placeholder (PROGRAM %L), runs what it is given.
				continue
			}
			if e.Kind == Hidden && e.Text == "" {
				e.Text = "a command built at run time"
			}
			out = append(out, e)
			if e.Kind == Shell {
				// The literal's second reading, with backslash escapes.
				for n := k + 1; n < len(toks); n++ {
					if toks[n].str && toks[n].text == e.Text && toks[n].hasAlt && n > 0 && toks[n-1].text == "program" {
						e.Text = toks[n].alt
						out = append(out, e)
						break
					}
				}
			}
		}
	}
	return out
}

// psqlIdentChar reports whether src[i] continues an identifier.
func psqlIdentChar(src string, i int) bool {
	if i < 0 || i >= len(src) {
		return false
	}
	c := src[i]
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// psqlMentionsProgram reports whether s holds the word program in any
// case: only such text is read again as SQL.
func psqlMentionsProgram(s string) bool {
	return strings.Contains(strings.ToLower(s), "program")
}

// psqlDollarTag returns the $tag$ that starts at src[i], or "".
func psqlDollarTag(src string, i int) string {
	if i > 0 && psqlIdentChar(src, i-1) {
		return "" // $ inside an identifier, or a parameter $1
	}
	j := i + 1
	for j < len(src) && src[j] != '$' {
		c := src[j]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80 || j > i+1 && c >= '0' && c <= '9') {
			return ""
		}
		j++
	}
	if j >= len(src) {
		return ""
	}
	return src[i : j+1]
}

// psqlString reads the quoted literal whose opening quote is src[i]:
// its value (two quotes for one; with esc, the escape string's
// backslash escapes), for a
// plain literal holding a backslash the value with backslash escapes
// too (standard_conforming_strings off), and the offset after it.
func psqlString(src string, i int, esc bool) (val, alt string, hasAlt bool, end int) {
	var raw strings.Builder
	j := i + 1
	for j < len(src) {
		if esc && src[j] == '\\' && j+1 < len(src) {
			raw.WriteString(src[j : j+2])
			j += 2
			continue
		}
		if src[j] == '\'' {
			if j+1 < len(src) && src[j+1] == '\'' {
				raw.WriteString("''")
				j += 2
				continue
			}
			break
		}
		raw.WriteByte(src[j])
		j++
	}
	end = min(j+1, len(src))
	r := raw.String()
	if esc {
		return psqlEscapes(r), "", false, end
	}
	val = strings.ReplaceAll(r, "''", "'")
	if strings.Contains(r, `\`) {
		return val, psqlEscapes(r), true, end
	}
	return val, "", false, end
}

// psqlEscapes decodes an escape string's body: \b \f \n \r \t, \ooo,
// \xhh, \uXXXX, \UXXXXXXXX, \c for any other c, and two quotes for one.
func psqlEscapes(r string) string {
	var b strings.Builder
	for i := 0; i < len(r); i++ {
		c := r[i]
		if c == '\'' && i+1 < len(r) && r[i+1] == '\'' {
			b.WriteByte('\'')
			i++
			continue
		}
		if c != '\\' || i+1 >= len(r) {
			b.WriteByte(c)
			continue
		}
		i++
		switch d := r[i]; {
		case d == 'b':
			b.WriteByte('\b')
		case d == 'f':
			b.WriteByte('\f')
		case d == 'n':
			b.WriteByte('\n')
		case d == 'r':
			b.WriteByte('\r')
		case d == 't':
			b.WriteByte('\t')
		case d >= '0' && d <= '7':
			j := i
			for j < len(r) && j < i+3 && r[j] >= '0' && r[j] <= '7' {
				j++
			}
			v, _ := strconv.ParseUint(r[i:j], 8, 16)
			b.WriteByte(byte(v))
			i = j - 1
		case d == 'x' && i+1 < len(r) && psqlHex(r[i+1]):
			j := i + 1
			for j < len(r) && j < i+3 && psqlHex(r[j]) {
				j++
			}
			v, _ := strconv.ParseUint(r[i+1:j], 16, 8)
			b.WriteByte(byte(v))
			i = j - 1
		case d == 'u' || d == 'U':
			n := 4
			if d == 'U' {
				n = 8
			}
			if i+n < len(r) && psqlAllHex(r[i+1:i+1+n]) {
				v, _ := strconv.ParseUint(r[i+1:i+1+n], 16, 32)
				b.WriteRune(rune(v))
				i += n
			} else {
				b.WriteByte(d)
			}
		default:
			b.WriteByte(d)
		}
	}
	return b.String()
}

// psqlUnicode decodes a U&'…' body with escape character e: eXXXX,
// e+XXXXXX, ee; two quotes for one.
func psqlUnicode(r string, e byte) string {
	r = strings.ReplaceAll(r, "''", "'")
	var b strings.Builder
	for i := 0; i < len(r); i++ {
		if r[i] != e || i+1 >= len(r) {
			b.WriteByte(r[i])
			continue
		}
		switch {
		case r[i+1] == e:
			b.WriteByte(e)
			i++
		case r[i+1] == '+' && i+8 <= len(r) && psqlAllHex(r[i+2:i+8]):
			v, _ := strconv.ParseUint(r[i+2:i+8], 16, 32)
			b.WriteRune(rune(v))
			i += 7
		case i+5 <= len(r) && psqlAllHex(r[i+1:i+5]):
			v, _ := strconv.ParseUint(r[i+1:i+5], 16, 32)
			b.WriteRune(rune(v))
			i += 4
		default:
			b.WriteByte(r[i])
		}
	}
	if !utf8.ValidString(b.String()) {
		return strings.ToValidUTF8(b.String(), "?")
	}
	return b.String()
}

func psqlHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func psqlAllHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !psqlHex(s[i]) {
			return false
		}
	}
	return s != ""
}

// psqlMeta reads the meta-command whose backslash is src[i]: the shell
// commands it runs, and the offset where the input goes on (after the
// line for \copy, \!, and a |command; otherwise at the next unquoted
// backslash or the end of the line).
func psqlMeta(src string, i, base int) ([]Effect, int) {
	j := i + 1
	for j < len(src) && !strings.ContainsRune(" \t\n\r\\", rune(src[j])) {
		j++
	}
	name := src[i+1 : j]
	lineEnd := strings.IndexByte(src[j:], '\n')
	if lineEnd < 0 {
		lineEnd = len(src)
	} else {
		lineEnd += j
	}
	rest := src[j:lineEnd]
	at := base + i
	switch name {
	case "!":
		// Read by the SQL clients' escape reader.
		return nil, lineEnd
	case "copy":
		return psqlSlashCopy(rest, at), lineEnd
	case "o", "out", "g", "gx", "w", "write":
		arg := strings.TrimLeft(rest, " \t\r")
		if (name == "g" || name == "gx") && strings.HasPrefix(arg, "(") {
			// \g (format=csv …) |cmd
			if k := strings.IndexByte(arg, ')'); k >= 0 {
				arg = strings.TrimLeft(arg[k+1:], " \t\r")
			}
		}
		if cmd, ok := strings.CutPrefix(arg, "|"); ok {
			return []Effect{{Kind: Shell, Call: `\` + name + " |", Text: SQLiteOutput + " | " + strings.TrimSpace(cmd), Offset: at}}, lineEnd
		}
	}
	// Other meta-commands: the arguments up to an unquoted backslash or
	// the end of the line; a `…` in them runs its text.
	var out []Effect
	k := j
	for k < lineEnd {
		switch src[k] {
		case '\\':
			if k+1 < len(src) && src[k+1] == '\\' {
				return out, k + 2 // \\ ends the meta-command: SQL follows
			}
			return out, k
		case '\'':
			if e := strings.IndexByte(src[k+1:lineEnd], '\''); e >= 0 {
				k += e + 2
				continue
			}
		case '"':
			if e := strings.IndexByte(src[k+1:lineEnd], '"'); e >= 0 {
				k += e + 2
				continue
			}
		case '`':
			if e := strings.IndexByte(src[k+1:lineEnd], '`'); e >= 0 {
				out = append(out, Effect{Kind: Shell, Call: `\` + name + " `…`", Text: src[k+1 : k+1+e], Offset: base + k})
				k += e + 2
				continue
			}
		}
		k++
	}
	return out, lineEnd
}

// psqlSlashCopy reads \copy's arguments (psql's parse_slash_copy): the
// first FROM or TO outside parentheses and quotes, then PROGRAM and a
// single-quoted command (two quotes for one).
func psqlSlashCopy(args string, at int) []Effect {
	depth := 0
	for i := 0; i < len(args); {
		c := args[i]
		switch {
		case c == '(':
			depth++
			i++
		case c == ')':
			depth--
			i++
		case c == '\'' || c == '"':
			e := strings.IndexByte(args[i+1:], c)
			if e < 0 {
				return nil
			}
			i += e + 2
		case psqlIdentChar(args, i):
			j := i
			for j < len(args) && psqlIdentChar(args, j) {
				j++
			}
			w := strings.ToLower(args[i:j])
			if depth == 0 && (w == "from" || w == "to") && (i == 0 || !psqlIdentChar(args, i-1)) {
				rest := strings.TrimLeft(args[j:], " \t\r")
				if len(rest) < 7 || !strings.EqualFold(rest[:7], "program") {
					return nil
				}
				cmd := strings.TrimLeft(rest[7:], " \t\r")
				call := `\copy ` + strings.ToUpper(w) + " PROGRAM"
				if !strings.HasPrefix(cmd, "'") {
					return nil // psql refuses an unquoted command ("parse error")
				}
				val, _, _, _ := psqlString(cmd, 0, false)
				return []Effect{{Kind: Shell, Call: call, Text: val, Offset: at}}
			}
			i = j
		default:
			i++
		}
	}
	return nil
}
