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
// tr -d SET, for sets of ASCII characters, ranges (A-Z) and \n, \t, \\.
func trFilter(args []Arg) (passFilter, bool) {
	for _, a := range args {
		if !a.Static {
			return nil, false
		}
	}
	switch {
	case len(args) == 2 && args[0].Value == "-d":
		del, ok := trRangeSet(args[1].Value)
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
		from, ok1 := trRangeSet(args[0].Value)
		to, ok2 := trRangeSet(args[1].Value)
		if !ok1 || !ok2 {
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

// trRangeSet expands a tr set of ASCII characters, ranges and the
// escapes \n, \t, \\; classes ([:alpha:]), [c*n] and octal escapes are
// not modelled.
func trRangeSet(s string) (string, bool) {
	var chars []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80 || c == '[':
			return "", false
		case c == '\\':
			if i+1 >= len(s) {
				return "", false
			}
			i++
			switch s[i] {
			case 'n':
				c = '\n'
			case 't':
				c = '\t'
			case '\\':
				c = '\\'
			default:
				return "", false
			}
		}
		if i+2 < len(s) && s[i+1] == '-' && s[i+2] != '\\' && s[i+2] != '[' && s[i+2] < 0x80 && c != '\\' {
			hi := s[i+2]
			if hi < c {
				return "", false
			}
			for x := int(c); x <= int(hi); x++ {
				chars = append(chars, byte(x))
			}
			i += 2
			continue
		}
		chars = append(chars, c)
	}
	return string(chars), len(chars) > 0
}
