package syntax

import (
	"strings"
	"unicode/utf8"
)

// More pass-through programs whose output corral computes from their
// input (red team 18 PI2, FP2): sort and uniq without options, grep of a
// fixed string (or ., a line with a character), and tr of plain sets
// with ASCII ranges (tr A-Z a-z, tr -d 0-9). Their input is a
// here-string, a here-document, a file this command wrote, or the stage
// before them (computeSubst): $(sort <<< 'CODE') is CODE, $(echo ~/.BASHRC
// | tr A-Z a-z) is ~/.bashrc. Anything else (an option, a pattern with
// regular-expression characters, several lines sort would order by the
// locale's collation) is left to run time.

// textFilterName reports the programs textFilterOf models.
func textFilterName(name string) bool {
	switch name {
	case "sort", "uniq", "grep":
		return true
	}
	return false
}

// textFilterOf returns the filter the program name with the words args
// is, and its input operands.
func textFilterOf(name string, args []Arg) (passFilter, []Arg, bool) {
	var opts, ops []Arg
	for i, a := range args {
		if !a.Static {
			ops = append(ops, a)
			continue
		}
		if a.Value == "--" {
			ops = append(ops, args[i+1:]...)
			break
		}
		if strings.HasPrefix(a.Value, "-") && a.Value != "-" && len(ops) == 0 {
			opts = append(opts, a)
			continue
		}
		ops = append(ops, a)
	}
	switch name {
	case "sort":
		if len(opts) > 0 {
			return nil, nil, false
		}
		return func(in string) (string, bool) {
			lines := inputLines(in)
			for _, l := range lines[1:] {
				if l != lines[0] {
					return "", false // the locale's collation orders them
				}
			}
			return joinLines(lines), true
		}, ops, true
	case "uniq":
		if len(opts) > 0 || len(ops) > 1 {
			return nil, nil, false // uniq IN OUT writes OUT
		}
		return func(in string) (string, bool) {
			var out []string
			for _, l := range inputLines(in) {
				if len(out) == 0 || out[len(out)-1] != l {
					out = append(out, l)
				}
			}
			return joinLines(out), true
		}, ops, true
	case "grep":
		fixed := false
		for _, o := range opts {
			if o.Value != "-F" && o.Value != "--fixed-strings" {
				return nil, nil, false
			}
			fixed = true
		}
		if len(ops) == 0 || !ops[0].Static {
			return nil, nil, false
		}
		pat := ops[0].Value
		if strings.Contains(pat, "\n") || pat == "" {
			return nil, nil, false
		}
		if !fixed && pat != "." && strings.ContainsAny(pat, `.[]*^$\+?{}()|`) {
			return nil, nil, false
		}
		return func(in string) (string, bool) {
			var out []string
			for _, l := range inputLines(in) {
				if !utf8.ValidString(l) {
					return "", false
				}
				if pat == "." && !fixed && l != "" || (pat != "." || fixed) && strings.Contains(l, pat) {
					out = append(out, l)
				}
			}
			return joinLines(out), true
		}, ops[1:], true
	}
	return nil, nil, false
}

// inputLines splits text into its lines (a last line without a newline
// is a line).
func inputLines(in string) []string {
	if in == "" {
		return []string{}
	}
	return strings.Split(strings.TrimSuffix(in, "\n"), "\n")
}

// joinLines is the lines, each ended by a newline.
func joinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// trFilter is tr SET1 SET2 (each byte of SET1 becomes the byte at the
// same place in SET2, whose last byte repeats when it is shorter) and
// tr -d SET, with the sets GNU tr reads in the C locale (trSet). tr works
// on bytes, so a class holds ASCII bytes only whatever the locale.
func trFilter(args []Arg) (passFilter, bool) {
	for _, a := range args {
		if !a.Static {
			return nil, false
		}
	}
	switch {
	case len(args) == 2 && args[0].Value == "-d":
		del, _, ok := trSet(args[1].Value, false)
		if !ok {
			return nil, false
		}
		return func(in string) (string, bool) {
			var b strings.Builder
			for i := 0; i < len(in); i++ {
				if strings.IndexByte(del, in[i]) < 0 {
					b.WriteByte(in[i])
				}
			}
			return b.String(), true
		}, true
	case len(args) == 2 && !strings.HasPrefix(args[0].Value, "-") && !strings.HasPrefix(args[1].Value, "-"):
		from, fromClasses, ok1 := trSet(args[0].Value, false)
		to, toClasses, ok2 := trSet(args[1].Value, true)
		if !ok1 || !ok2 || !trAligned(from, to, fromClasses, toClasses) {
			return nil, false
		}
		to = trFill(to, len(from))
		if to == "" {
			return nil, false
		}
		var m [256]byte
		for i := range m {
			m[i] = byte(i)
		}
		for i := 0; i < len(from); i++ {
			j := min(i, len(to)-1)
			m[from[i]] = to[j]
		}
		return func(in string) (string, bool) {
			b := []byte(in)
			for i, c := range b {
				b[i] = m[c]
			}
			return string(b), true
		}, true
	}
	return nil, false
}

// trClassAt records where a class starts in an expanded set, for the
// alignment GNU tr requires of [:upper:] and [:lower:] in SET2.
type trClassAt struct {
	at   int
	name string
}

// trFillMark stands in an expanded SET2 for [c*] (c repeated until SET2
// is as long as SET1); trFill replaces it. A NUL byte cannot come from a
// static word, so it cannot be confused with a set's byte.
const trFillMark = 0

// trClass returns the POSIX class name in the C locale (a switch, not a
// table: nothing is built at start-up).
func trClass(name string) (func(byte) bool, bool) {
	switch name {
	case "alnum":
		return func(c byte) bool { return trIsAlpha(c) || c >= '0' && c <= '9' }, true
	case "alpha":
		return trIsAlpha, true
	case "blank":
		return func(c byte) bool { return c == ' ' || c == '\t' }, true
	case "cntrl":
		return func(c byte) bool { return c < 0x20 || c == 0x7f }, true
	case "digit":
		return func(c byte) bool { return c >= '0' && c <= '9' }, true
	case "graph":
		return func(c byte) bool { return c > 0x20 && c < 0x7f }, true
	case "lower":
		return func(c byte) bool { return c >= 'a' && c <= 'z' }, true
	case "print":
		return func(c byte) bool { return c >= 0x20 && c < 0x7f }, true
	case "punct":
		return func(c byte) bool { return c > 0x20 && c < 0x7f && !trIsAlpha(c) && (c < '0' || c > '9') }, true
	case "space":
		return func(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }, true
	case "upper":
		return func(c byte) bool { return c >= 'A' && c <= 'Z' }, true
	case "xdigit":
		return func(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }, true
	}
	return nil, false
}

func trIsAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// trSet expands a tr set as GNU tr reads it: ASCII characters, ranges
// (a-z), the escapes \\ \a \b \f \n \r \t \v and \NNN (octal), classes
// ([:alpha:]), equivalence classes ([=c=], c itself in the C locale) and,
// in SET2 (second), [c*n] (c n times; n octal when it starts with 0) and
// [c*] (c until SET2 is as long as SET1). A [ that starts none of these
// is itself. In SET2 only [:upper:] and [:lower:] may appear, as GNU tr
// requires when it translates. Anything else (a byte above 0x7f, a range
// that runs backwards, an unknown class) is not modelled: ok is false.
func trSet(s string, second bool) (set string, classes []trClassAt, ok bool) {
	var chars []byte
	fills := 0
	for i := 0; i < len(s); {
		if s[i] == '[' {
			if name, n, isClass := trBracket(s[i:], ':'); isClass {
				in, known := trClass(name)
				if !known || second && name != "upper" && name != "lower" {
					return "", nil, false
				}
				classes = append(classes, trClassAt{len(chars), name})
				for c := 0; c < 0x80; c++ {
					if in(byte(c)) {
						chars = append(chars, byte(c))
					}
				}
				i += n
				continue
			}
			if body, n, isEquiv := trBracket(s[i:], '='); isEquiv {
				c, m, ok := trChar(body, 0)
				if !ok || m != len(body) {
					return "", nil, false
				}
				chars = append(chars, c)
				i += n
				continue
			}
			if c, count, n, isRepeat := trRepeat(s[i:]); isRepeat {
				if !second {
					return "", nil, false // GNU tr refuses a repeat in SET1
				}
				if count < 0 {
					if fills++; fills > 1 {
						return "", nil, false // GNU tr: only one [c*] in SET2
					}
					chars = append(chars, trFillMark, c)
				} else {
					for range count {
						chars = append(chars, c)
					}
				}
				i += n
				continue
			}
		}
		c, n, ok := trChar(s, i)
		if !ok {
			return "", nil, false
		}
		i += n
		if i+1 < len(s) && s[i] == '-' {
			hi, m, ok := trChar(s, i+1)
			if !ok || hi < c {
				return "", nil, false
			}
			for x := int(c); x <= int(hi); x++ {
				chars = append(chars, byte(x))
			}
			i += 1 + m
			continue
		}
		chars = append(chars, c)
	}
	if len(chars) > 4096 || fills > 0 && len(classes) > 0 {
		return "", nil, false
	}
	return string(chars), classes, len(chars) > 0
}

// trChar reads one character of a set at s[i]: a byte or an escape; n is
// how many bytes of s it took.
func trChar(s string, i int) (c byte, n int, ok bool) {
	if i >= len(s) || s[i] >= 0x80 || s[i] == 0 {
		return 0, 0, false
	}
	if s[i] != '\\' {
		return s[i], 1, true
	}
	if i+1 >= len(s) {
		return '\\', 1, true // a trailing backslash is itself
	}
	if e := strings.IndexByte("\\abfnrtv", s[i+1]); e >= 0 {
		return "\\\a\b\f\n\r\t\v"[e], 2, true
	}
	if s[i+1] >= '0' && s[i+1] <= '7' {
		v, n := 0, 1
		for n <= 3 && i+n < len(s) && s[i+n] >= '0' && s[i+n] <= '7' && v*8+int(s[i+n]-'0') < 256 {
			v = v*8 + int(s[i+n]-'0')
			n++
		}
		if v == 0 || v >= 0x80 {
			return 0, 0, false
		}
		return byte(v), n, true
	}
	if s[i+1] >= 0x80 {
		return 0, 0, false
	}
	return s[i+1], 2, true // \c is c
}

// trBracket reads [Xbody X] at the start of s (X is : or =): the body, the
// length of the construct and whether s starts with one.
func trBracket(s string, mark byte) (string, int, bool) {
	if len(s) < 2 || s[1] != mark {
		return "", 0, false
	}
	end := strings.Index(s[2:], string(mark)+"]")
	if end < 0 {
		return "", 0, false
	}
	return s[2 : 2+end], end + 4, true
}

// trRepeat reads [c*n] or [c*] at the start of s; count is -1 for [c*].
func trRepeat(s string) (c byte, count, n int, ok bool) {
	c, m, ok := trChar(s, 1)
	if !ok || 1+m >= len(s) || s[1+m] != '*' {
		return 0, 0, 0, false
	}
	rest := s[2+m:]
	end := strings.IndexByte(rest, ']')
	if end < 0 {
		return 0, 0, 0, false
	}
	digits := rest[:end]
	if digits == "" {
		return c, -1, 2 + m + end + 1, true
	}
	base := 10
	if digits[0] == '0' {
		base = 8
	}
	v := 0
	for _, d := range []byte(digits) {
		if d < '0' || d > '9' || base == 8 && d > '7' {
			return 0, 0, 0, false
		}
		if v = v*base + int(d-'0'); v > 4096 {
			return 0, 0, 0, false
		}
	}
	if v == 0 {
		return c, -1, 2 + m + end + 1, true // [c*0] is [c*]
	}
	return c, v, 2 + m + end + 1, true
}

// trFill replaces the [c*] mark in SET2 with as many c as make SET2 as
// long as SET1 (none when it is already as long).
func trFill(to string, n int) string {
	at := strings.IndexByte(to, trFillMark)
	if at < 0 {
		return to
	}
	c := to[at+1]
	rest := to[at+2:]
	count := max(n-at-len(rest), 0)
	return to[:at] + strings.Repeat(string(c), count) + rest
}

// trAligned reports whether every [:upper:] or [:lower:] of SET2 stands
// at the place of the other case's class in SET1, which is the only way
// GNU tr accepts a class in SET2 (it stops with "misaligned" otherwise),
// and that SET2 does not end with a class when SET1 is longer.
func trAligned(from, to string, fromClasses, toClasses []trClassAt) bool {
	for _, t := range toClasses {
		if len(from) > len(to) && t.at+26 == len(to) {
			return false
		}
		want := "upper"
		if t.name == "upper" {
			want = "lower"
		}
		found := false
		for _, f := range fromClasses {
			found = found || f.at == t.at && f.name == want
		}
		if !found {
			return false
		}
	}
	return true
}
