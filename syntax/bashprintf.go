package syntax

import (
	"fmt"
	"strconv"
	"strings"
)

// This file is corral's one model of what bash's printf and echo
// builtins print (bash 5, xpg_echo off, printf.def and echo.def): every
// reader of a printf or echo value (printf -v, $(printf …), the text
// printf or echo feeds a pipe) takes it from here. A call it does not
// model exactly gives ok false, never an approximation: the caller then
// treats the value as one only known at run time.

// maxPrintfOut bounds the text modelled: the format is used again while
// arguments remain, and a longer text is not a path anyone means.
const maxPrintfOut = 1 << 20

// BashPrintf returns what bash's printf builtin prints for FORMAT and
// its arguments (the words after printf and after -v NAME and "--").
// ok is false for anything it does not model: conversions other than
// %s %b %c %q %d %i %u %o %x %X and %%, a * width, %(…)T, numbers that
// are not plain decimal integers, \u escapes past ASCII (the locale's),
// widths or precisions of non-ASCII text. The text may hold NUL bytes,
// which a pipe carries but a variable and a command substitution do not:
// those callers refuse them.
func BashPrintf(format string, args []string) (string, bool) {
	var b strings.Builder
	for {
		used := false
		stop := false
		for i := 0; i < len(format); i++ {
			c := format[i]
			if c == '\\' {
				v, n, ok := printfEscape(format[i+1:], false)
				if !ok {
					return "", false
				}
				b.WriteString(v)
				i += n
				continue
			}
			if c != '%' {
				b.WriteByte(c)
				continue
			}
			j := i + 1
			flags := ""
			for j < len(format) && strings.IndexByte("-+ #0", format[j]) >= 0 {
				flags += string(format[j])
				j++
			}
			width, prec := -1, -1
			k := j
			for j < len(format) && format[j] >= '0' && format[j] <= '9' {
				j++
			}
			if j > k {
				width, _ = strconv.Atoi(format[k:j])
			}
			if j < len(format) && format[j] == '.' {
				j++
				k = j
				for j < len(format) && format[j] >= '0' && format[j] <= '9' {
					j++
				}
				prec, _ = strconv.Atoi("0" + format[k:j])
			}
			if j >= len(format) || width > 4096 || prec > 4096 {
				return "", false
			}
			verb := format[j]
			i = j
			if verb == '%' {
				if flags != "" || width >= 0 || prec >= 0 {
					return "", false
				}
				b.WriteByte('%')
				continue
			}
			arg, have := "", false
			if strings.IndexByte("sbcqdiuoxX", verb) >= 0 && len(args) > 0 {
				arg, args, have = args[0], args[1:], true
				used = true
			}
			switch verb {
			case 's', 'b', 'q', 'c':
				if strings.ContainsAny(flags, "+ #0") {
					return "", false
				}
				text := arg
				switch verb {
				case 'b':
					var ok bool
					if text, stop, ok = printfB(arg); !ok {
						return "", false
					}
				case 'q':
					var ok bool
					if text, ok = printfQuote(arg); !ok {
						return "", false
					}
				case 'c':
					if arg == "" || prec >= 0 {
						return "", false
					}
					text = arg[:1]
				}
				if (width > 0 || prec >= 0) && !ascii(text) {
					return "", false
				}
				if prec >= 0 && prec < len(text) {
					text = text[:prec]
				}
				pad := strings.Repeat(" ", max(0, width-len(text)))
				if strings.Contains(flags, "-") {
					b.WriteString(text + pad)
				} else {
					b.WriteString(pad + text)
				}
			case 'd', 'i', 'u', 'o', 'x', 'X':
				if strings.Contains(flags, "#") {
					return "", false
				}
				n := int64(0)
				if have {
					v, err := strconv.ParseInt(strings.TrimPrefix(arg, "+"), 10, 64)
					if err != nil || arg == "" || arg[0] == '+' && (len(arg) == 1 || arg[1] == '-') {
						return "", false
					}
					n = v
				}
				if verb != 'd' && verb != 'i' && n < 0 {
					return "", false
				}
				if verb != 'd' && verb != 'i' && strings.ContainsAny(flags, "+ ") {
					return "", false
				}
				if prec >= 0 && strings.Contains(flags, "0") {
					return "", false
				}
				spec := "%" + flags
				if width >= 0 {
					spec += strconv.Itoa(width)
				}
				if prec >= 0 {
					spec += "." + strconv.Itoa(prec)
				}
				switch verb {
				case 'd', 'i', 'u':
					spec += "d"
				default:
					spec += string(verb)
				}
				if prec == 0 && n == 0 {
					// C prints no digits for a zero with precision 0.
					b.WriteString(strings.Repeat(" ", max(0, width)))
					break
				}
				b.WriteString(fmtInt(spec, n))
			default:
				return "", false
			}
			if stop {
				break
			}
		}
		if stop || !used || len(args) == 0 || b.Len() > maxPrintfOut {
			break
		}
	}
	out := b.String()
	return out, len(out) <= maxPrintfOut
}

// printfEscape decodes the escape after a backslash of printf's format
// (b false) or of a %b argument (b true): its value and the bytes it
// takes after the backslash. An escape bash does not know keeps the
// backslash (n 0: the next byte is then read as text); \c is only %b's
// (the caller checks it first). ok is false for \u past ASCII.
func printfEscape(s string, b bool) (string, int, bool) {
	if s == "" {
		return `\`, 0, true
	}
	switch c := s[0]; c {
	case 'a':
		return "\a", 1, true
	case 'b':
		return "\b", 1, true
	case 'e', 'E':
		return "\x1b", 1, true
	case 'f':
		return "\f", 1, true
	case 'n':
		return "\n", 1, true
	case 'r':
		return "\r", 1, true
	case 't':
		return "\t", 1, true
	case 'v':
		return "\v", 1, true
	case '\\':
		return `\`, 1, true
	case '\'', '"', '?':
		if b {
			return `\`, 0, true
		}
		return string(c), 1, true
	case 'x':
		j := 1
		for j < len(s) && j < 3 && isHexDigit(s[j]) {
			j++
		}
		if j == 1 {
			return `\`, 0, true
		}
		v, _ := strconv.ParseUint(s[1:j], 16, 8)
		return string([]byte{byte(v)}), j, true
	case 'u', 'U':
		max := 5
		if c == 'U' {
			max = 9
		}
		j := 1
		for j < len(s) && j < max && isHexDigit(s[j]) {
			j++
		}
		if j == 1 {
			return `\`, 0, true
		}
		v, _ := strconv.ParseUint(s[1:j], 16, 32)
		if v > 0x7f {
			return "", 0, false
		}
		return string([]byte{byte(v)}), j, true
	}
	if c := s[0]; c >= '0' && c <= '7' {
		v := int(c - '0')
		more := 2
		if b && v == 0 {
			more = 3
		}
		j := 1
		for j < len(s) && more > 0 && s[j] >= '0' && s[j] <= '7' {
			v = v*8 + int(s[j]-'0')
			j++
			more--
		}
		return string([]byte{byte(v & 0xff)}), j, true
	}
	return `\`, 0, true
}

// printfB expands a %b argument's escapes; stop reports a \c, after
// which printf prints nothing more; ok is false for a \u past ASCII.
func printfB(s string) (text string, stop, ok bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		if s[i+1] == 'c' {
			return b.String(), true, true
		}
		v, n, ok := printfEscape(s[i+1:], true)
		if !ok {
			return "", false, false
		}
		b.WriteString(v)
		i += n
	}
	return b.String(), false, true
}

// printfQuote is %q for the words whose quoting is only backslashes
// before bash's special characters, and ” for the empty word; other
// words (control characters, non-ASCII: $'…' forms) are not modelled.
func printfQuote(s string) (string, bool) {
	if s == "" {
		return "''", true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x20 || c >= 0x7f:
			return "", false
		case c == '~' && i > 0, c == '#' && i > 0:
			b.WriteByte(c)
		case strings.IndexByte(" \t\n'\"\\|&;()<>!{}*[?]^$`,~#=", c) >= 0:
			if c == '=' || c == ',' {
				// bash quotes these only in some positions.
				return "", false
			}
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// BashEcho returns what bash's echo builtin prints for its arguments
// (leading words of only -n, -e and -E are options; with -e the
// escapes of echo: \0NNN octal, \c ends all output).
func BashEcho(args []string) (string, bool) {
	newline, escapes := true, false
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && strings.Trim(args[0][1:], "neE") == "" {
		for _, c := range args[0][1:] {
			switch c {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	var b strings.Builder
	for k, a := range args {
		if k > 0 {
			b.WriteByte(' ')
		}
		if !escapes {
			b.WriteString(a)
			continue
		}
		for i := 0; i < len(a); i++ {
			if a[i] != '\\' || i+1 == len(a) {
				b.WriteByte(a[i])
				continue
			}
			c := a[i+1]
			if c == 'c' {
				return b.String(), strings.IndexByte(b.String(), 0) < 0
			}
			if c >= '1' && c <= '7' || c == '\'' || c == '"' || c == '?' {
				b.WriteByte('\\')
				continue
			}
			v, n, ok := printfEscape(a[i+1:], true)
			if !ok {
				return "", false
			}
			b.WriteString(v)
			i += n
		}
	}
	if newline {
		b.WriteByte('\n')
	}
	out := b.String()
	return out, strings.IndexByte(out, 0) < 0
}

func fmtInt(spec string, n int64) string { return fmt.Sprintf(spec, n) }

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
