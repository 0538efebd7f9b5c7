package lang

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// programText returns src as the interpreter of l reads it, before its
// tokenizer sees it, a function that gives effects found in that text
// the offsets and lines of src, and an effect when corral cannot read it
// so:
//
//   - Python decodes a source by the encoding its coding cookie names
//     (# -*- coding: utf-7 -*- on the first or second line). An encoding
//     in which ASCII stays ASCII leaves the text as it is; utf-7,
//     unicode_escape and raw_unicode_escape turn escapes into characters
//     ("+AAo-" and "\x0a" are newlines), and are decoded here; any other
//     (EBCDIC code pages, utf-16, hz, a multi-byte Asian encoding over
//     bytes that are not ASCII, a name corral does not know) gives text
//     corral cannot read, reported as a Hidden effect on line 1.
//   - Python, JavaScript, PHP, Lua and C end a line at a carriage return
//     that is not followed by a line feed (Python's and PHP's tokenizers,
//     ECMAScript's LineTerminator, Lua's llex, the C preprocessor), and
//     tclsh reads a script file or stdin with CR, LF and CR-LF all made
//     LF: a comment ends there, and what follows is code. Each such CR
//     becomes a LF (same length: offsets stay those of the text given).
//     Perl, Ruby, awk, sqlite3, Go and Rust read it as a character of
//     the line.
//
// JavaScript's other line terminators, U+2028 and U+2029, end a line in
// code and comments but are characters inside a string literal: the
// lexer handles them (jsLineSep), as it does PHP's ?> (phpClose).
func programText(l Lang, src string) (string, func([]Effect) []Effect, *Effect) {
	text := src
	var unread *Effect
	var offs []int32
	if l == Python || l == Nox {
		text, offs, unread = pythonDecode(src)
	}
	text = lineEnds(l, text)
	back := func(out []Effect) []Effect {
		if text != src {
			// Offsets and lines of src: a decoded byte's offset is that
			// of the source bytes it came from; lines are src's LF lines
			// (a CR that ended a line stays on its line, as an editor
			// shows it).
			if offs != nil {
				for i := range out {
					if o := out[i].Offset; o >= 0 && o < len(offs) {
						out[i].Offset = int(offs[o])
					} else {
						out[i].Offset = len(src)
					}
				}
			}
			setLines(src, out)
		}
		return out
	}
	return text, back, unread
}

// withUnread puts unread, when there is one, first in effects.
func withUnread(effects []Effect, unread *Effect) []Effect {
	if unread == nil {
		return effects
	}
	return append([]Effect{*unread}, effects...)
}

// lineEnds turns each CR not followed by LF into LF in the text of a
// language that ends a line there.
func lineEnds(l Lang, src string) string {
	switch l {
	case Python, Nox, JS, PHP, Lua, C, Tcl:
	default:
		return src
	}
	if !strings.Contains(src, "\r") {
		return src
	}
	b := []byte(src)
	for i, c := range b {
		if c == '\r' && (i+1 == len(b) || b[i+1] != '\n') {
			b[i] = '\n'
		}
	}
	return string(b)
}

// pythonCookie returns the encoding named by the coding cookie of a
// Python source, as Python finds it: a comment line matching
// coding[:=] NAME, on line 1, or on line 2 when line 1 is blank or a
// comment.
func pythonCookie(src string) string {
	for n := 0; n < 2; n++ {
		line := src
		rest := ""
		if i := strings.IndexAny(src, "\r\n"); i >= 0 {
			line, rest = src[:i], src[i+1:]
			if src[i] == '\r' && strings.HasPrefix(rest, "\n") {
				rest = rest[1:]
			}
		}
		t := strings.TrimLeft(line, " \t\f")
		if n == 0 {
			t = strings.TrimPrefix(t, "\ufeff")
		}
		if !strings.HasPrefix(t, "#") {
			if t != "" {
				return ""
			}
			src = rest
			continue
		}
		for k := 0; ; {
			j := strings.Index(t[k:], "coding")
			if j < 0 {
				break
			}
			k += j + len("coding")
			if k < len(t) && (t[k] == ':' || t[k] == '=') {
				v := strings.TrimLeft(t[k+1:], " \t")
				e := 0
				for e < len(v) && (isIdent(v[e]) && v[e] < 0x80 || v[e] == '-' || v[e] == '.') {
					e++
				}
				if e > 0 {
					return v[:e]
				}
			}
		}
		src = rest
	}
	return ""
}

// codecKey is an encoding name as compared here: lower case, letters and
// digits only ("UTF_7", "utf-7" and "utf7" are one).
func codecKey(name string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(name) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// codec classes.
const (
	codecASCII   = iota // ASCII bytes are ASCII and every byte one character
	codecASCIIMB        // ASCII bytes are ASCII; others start multi-byte characters
	codecUTF7
	codecEscape    // unicode_escape
	codecRawEscape // raw_unicode_escape
	codecUnknown
)

// codecClass tells how an encoding Python accepts for a source reads it.
func codecClass(name string) int {
	k := codecKey(name)
	num := func(prefixes ...string) (int, bool) {
		for _, p := range prefixes {
			if rest, ok := strings.CutPrefix(k, p); ok && rest != "" {
				if n, err := strconv.Atoi(rest); err == nil {
					return n, true
				}
			}
		}
		return 0, false
	}
	switch k {
	case "utf7", "u7", "unicode11utf7", "csunicode11utf7":
		return codecUTF7
	case "unicodeescape":
		return codecEscape
	case "rawunicodeescape":
		return codecRawEscape
	case "utf8", "u8", "utf", "utf8sig", "utf8ucs2", "utf8ucs4", "cp65001",
		"ascii", "usascii", "646", "us", "csascii", "iso646us", "ansix341968", "ansix341986", "cp367", "ibm367", "isoir6", "iso646irv1991",
		"tis620", "tis6200", "tis62025291", "tis62025290", "iso885911", "kz1048", "rk1048", "strk10482002", "ptcp154", "pt154", "cp154", "cyrillicasian", "csptcp154",
		"hproman8", "roman8", "r8",
		"macintosh", "cskoi8r":
		return codecASCII
	case "big5", "big5tw", "csbig5", "big5hkscs", "hkscs", "gb2312", "gbk", "gb18030", "gb180302000", "936", "cp936", "ms936",
		"chinese", "csiso58gb231280", "euccn", "euccn1", "eucgb2312cn", "gb23121980", "gb231280", "isoir58",
		"cp932", "ms932", "mskanji", "mskanji2", "932", "shiftjis", "sjis", "csshiftjis", "cp949", "ms949", "949", "uhc",
		"cp950", "ms950", "950", "eucjp", "ujis", "uj", "eucjis2004", "jisx0213", "eucjisx0213", "eucjisx02132004",
		"euckr", "korean", "ksc5601", "ksc56011987", "ksx1001", "johab", "cp1361", "ms1361":
		return codecASCIIMB
	}
	for _, p := range []string{"utf8", "latin", "isolatin", "iso8859", "koi8", "mac"} {
		if strings.HasPrefix(k, p) {
			return codecASCII
		}
	}
	if n, ok := num("cp", "windows", "ibm", "ms"); ok || k != "" && k[0] >= '0' && k[0] <= '9' {
		if !ok {
			n, _ = strconv.Atoi(k)
		}
		switch {
		case n >= 1250 && n <= 1258, n == 437, n == 720, n == 737, n == 775, n >= 850 && n <= 858 && n != 854,
			n >= 860 && n <= 863, n == 865, n == 866, n == 869, n == 874, n == 1006, n == 1125:
			return codecASCII
		}
	}
	if n, ok := num("l"); ok && n >= 1 && n <= 10 {
		return codecASCII
	}
	return codecUnknown
}

// pythonDecode decodes a Python source by its coding cookie (see
// programText).
func pythonDecode(src string) (string, []int32, *Effect) {
	if strings.HasPrefix(src, "\ufeff") {
		src = "   " + src[3:] // the UTF-8 byte order mark, read as spaces
	}
	name := pythonCookie(src)
	if name == "" {
		return src, nil, nil
	}
	ascii := true
	for i := 0; i < len(src); i++ {
		if src[i] >= 0x80 {
			ascii = false
			break
		}
	}
	unread := &Effect{Kind: Hidden, Call: "coding: " + name + " (text corral cannot decode)", Line: 1}
	switch codecClass(name) {
	case codecASCII:
		return src, nil, nil
	case codecASCIIMB:
		if ascii {
			return src, nil, nil
		}
	case codecUTF7:
		out, offs := decodeUTF7(src)
		return out, offs, nil
	case codecEscape, codecRawEscape:
		if out, offs, ok := decodeUnicodeEscape(src, codecClass(name) == codecRawEscape); ok {
			return out, offs, nil
		}
	}
	return src, nil, unread
}

// decodeUTF7 decodes UTF-7 as Python's codec does: "+" starts a run of
// modified base64 (UTF-16 big-endian units) that ends at the first byte
// not in the base64 alphabet, a "-" there being dropped; "+-" is "+".
// Bytes outside a run are themselves. Malformed runs, which Python
// rejects, decode as far as they go.
func decodeUTF7(src string) (string, []int32) {
	if !strings.Contains(src, "+") {
		return src, nil
	}
	val := func(c byte) int {
		switch {
		case c >= 'A' && c <= 'Z':
			return int(c - 'A')
		case c >= 'a' && c <= 'z':
			return int(c-'a') + 26
		case c >= '0' && c <= '9':
			return int(c-'0') + 52
		case c == '+':
			return 62
		case c == '/':
			return 63
		}
		return -1
	}
	d := &decoded{}
	for i := 0; i < len(src); {
		d.at = int32(i)
		if src[i] != '+' {
			d.put(src[i])
			i++
			continue
		}
		i++
		if i < len(src) && src[i] == '-' {
			d.put('+')
			i++
			continue
		}
		bits, n := 0, 0
		var units []uint16
		for i < len(src) && val(src[i]) >= 0 {
			bits = bits<<6 | val(src[i])
			n += 6
			if n >= 16 {
				n -= 16
				units = append(units, uint16(bits>>n))
				bits &= 1<<n - 1
			}
			i++
		}
		for k := 0; k < len(units); k++ {
			u := rune(units[k])
			if u >= 0xd800 && u < 0xdc00 && k+1 < len(units) && units[k+1] >= 0xdc00 && units[k+1] < 0xe000 {
				u = 0x10000 + (u-0xd800)<<10 + rune(units[k+1]) - 0xdc00
				k++
			}
			d.putRune(u)
		}
		if i < len(src) && src[i] == '-' {
			i++
		}
	}
	return string(d.b), d.offs
}

// decodeUnicodeEscape decodes Python's unicode_escape codec (raw: the
// raw_unicode_escape codec, which knows only \u and \U): bytes are
// Latin-1 characters and backslash escapes are decoded as in a string
// literal. It reports false for \N{name}, a character named by its
// Unicode name, which corral does not resolve.
func decodeUnicodeEscape(src string, raw bool) (string, []int32, bool) {
	d := &decoded{}
	hex := func(s string) (rune, bool) {
		v, err := strconv.ParseUint(s, 16, 32)
		return rune(v), err == nil && v <= utf8.MaxRune
	}
	for i := 0; i < len(src); {
		d.at = int32(i)
		c := src[i]
		if c != '\\' || i+1 == len(src) {
			d.putRune(rune(c)) // Latin-1
			i++
			continue
		}
		n := src[i+1]
		if raw {
			// An odd run of backslashes before u/U escapes.
			if (n == 'u' || n == 'U') && i+2 < len(src) {
				w := 4
				if n == 'U' {
					w = 8
				}
				if i+2+w <= len(src) {
					if r, ok := hex(src[i+2 : i+2+w]); ok {
						d.putRune(r)
						i += 2 + w
						continue
					}
				}
			}
			d.put('\\')
			if n == '\\' {
				d.put('\\')
				i += 2
				continue
			}
			i++
			continue
		}
		i += 2
		switch n {
		case '\n':
		case '\\', '\'', '"':
			d.put(n)
		case 'a':
			d.put(7)
		case 'b':
			d.put(8)
		case 'f':
			d.put(12)
		case 'n':
			d.put('\n')
		case 'r':
			d.put('\r')
		case 't':
			d.put('\t')
		case 'v':
			d.put(11)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := rune(n - '0')
			for k := 0; k < 2 && i < len(src) && src[i] >= '0' && src[i] <= '7'; k++ {
				v = v*8 + rune(src[i]-'0')
				i++
			}
			d.putRune(v)
		case 'x', 'u', 'U':
			w := 2
			if n == 'u' {
				w = 4
			} else if n == 'U' {
				w = 8
			}
			if i+w > len(src) {
				return "", nil, false // Python rejects it: read as unreadable
			}
			r, ok := hex(src[i : i+w])
			if !ok {
				return "", nil, false
			}
			d.putRune(r)
			i += w
		case 'N':
			return "", nil, false
		default:
			d.put('\\')
			d.putRune(rune(n))
		}
	}
	return string(d.b), d.offs, true
}

// decoded is decoded text with, for each of its bytes, the offset of the
// source bytes it came from.
type decoded struct {
	b    []byte
	offs []int32
	at   int32
}

func (d *decoded) put(c byte) {
	d.b = append(d.b, c)
	d.offs = append(d.offs, d.at)
}

func (d *decoded) putRune(r rune) {
	d.b = utf8.AppendRune(d.b, r)
	for len(d.offs) < len(d.b) {
		d.offs = append(d.offs, d.at)
	}
}
