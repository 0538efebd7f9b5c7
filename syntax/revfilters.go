package syntax

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
)

// Pass-through programs that reorder or encode what they read, so a
// value sent through a pair of them comes back (v=$(echo … | tac | tac),
// rev | rev, xxd | xxd -r, xxd -p | xxd -r -p):
//   - tac: the lines (each up to and with its newline; a last one without)
//     in reverse order, GNU tac with no option;
//   - rev: each line's characters reversed, the newline kept where it
//     was (util-linux rev; ASCII only, since a locale decides what a
//     character is);
//   - xxd: the canonical dump (offset, 16 bytes in groups of two, their
//     text) or, with -p (-ps, -plain, -postscript), plain hex 30 bytes a
//     line; xxd -r [-p] reads such a dump back. xxd reads each word by
//     its prefix (-rp is -r), so only these exact words are modelled, and
//     -r only of a dump that is exactly what xxd prints (plain: hex
//     digits and white space).

// tacFilter is tac with no option: its operands are its inputs.
func tacFilter(args []Arg) (passFilter, []Arg, bool) {
	ops, ok := plainOperands(args)
	if !ok {
		return nil, nil, false
	}
	return func(in string) (string, bool) {
		lines := strings.SplitAfter(in, "\n")
		slices.Reverse(lines)
		return strings.Join(lines, ""), true
	}, ops, true
}

// revFilter is rev with no option, of ASCII text with no NUL byte.
func revFilter(args []Arg) (passFilter, []Arg, bool) {
	ops, ok := plainOperands(args)
	if !ok {
		return nil, nil, false
	}
	return func(in string) (string, bool) {
		for i := 0; i < len(in); i++ {
			if in[i] >= 0x80 || in[i] == 0 {
				return "", false
			}
		}
		lines := strings.SplitAfter(in, "\n")
		for i, l := range lines {
			body, nl := strings.CutSuffix(l, "\n")
			b := []byte(body)
			slices.Reverse(b)
			lines[i] = string(b)
			if nl {
				lines[i] += "\n"
			}
		}
		return strings.Join(lines, ""), true
	}, ops, true
}

// plainOperands returns the operands of a program modelled with no
// option: "--" ends the options, "-" is the standard input, any other
// word starting with "-" is an option (not modelled).
func plainOperands(args []Arg) ([]Arg, bool) {
	_, idx := ScanOptions(args, OptSpec{})
	if len(idx) != len(args) && !(len(args) > 0 && args[0].Static && args[0].Value == "--" && len(idx) == len(args)-1) {
		return nil, false
	}
	ops := make([]Arg, 0, len(idx))
	for _, i := range idx {
		ops = append(ops, args[i])
	}
	return ops, true
}

// xxdSpec is xxd's command line as far as it is modelled: -p and its
// long spellings, -r, one word each.
var xxdSpec = OptSpec{LongOne: true, LongFlag: []string{"ps", "plain", "postscript", "revert"}}

// xxdFilter is xxd [-p] [-r] [INFILE]: a second operand is the file it
// writes, not modelled.
func xxdFilter(args []Arg) (passFilter, []Arg, bool) {
	opts, idx := ScanOptions(args, xxdSpec)
	plain, revert := false, false
	for _, o := range opts {
		if !args[o.Idx].Static || args[o.Idx].Value != "-"+o.Name {
			return nil, nil, false // a cluster or prefix xxd reads its own way
		}
		switch o.Name {
		case "p", "ps", "plain", "postscript":
			plain = true
		case "r", "revert":
			revert = true
		default:
			return nil, nil, false
		}
	}
	if len(idx) > 1 {
		return nil, nil, false
	}
	ops := make([]Arg, 0, 1)
	for _, i := range idx {
		ops = append(ops, args[i])
	}
	switch {
	case revert && plain:
		return xxdRevertPlain, ops, true
	case revert:
		return xxdRevert, ops, true
	case plain:
		return func(in string) (string, bool) { return xxdPlain(in), true }, ops, true
	}
	return func(in string) (string, bool) { return xxdDump(in), true }, ops, true
}

// xxdDump is xxd's canonical dump of in.
func xxdDump(in string) string {
	var b strings.Builder
	for off := 0; off < len(in); off += 16 {
		b.WriteString(xxdLine(off, in[off:min(off+16, len(in))]))
	}
	return b.String()
}

// xxdLine is one line of the canonical dump: the offset, the bytes in
// groups of two (the area padded to 16 bytes), two spaces, the text
// (a byte outside ' '…'~' shown as '.').
func xxdLine(off int, chunk string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%08x: ", off)
	for i := range 16 {
		if i > 0 && i%2 == 0 {
			b.WriteByte(' ')
		}
		if i < len(chunk) {
			fmt.Fprintf(&b, "%02x", chunk[i])
		} else {
			b.WriteString("  ")
		}
	}
	b.WriteString("  ")
	for i := 0; i < len(chunk); i++ {
		c := chunk[i]
		if c < ' ' || c > '~' {
			c = '.'
		}
		b.WriteByte(c)
	}
	b.WriteByte('\n')
	return b.String()
}

// xxdPlain is xxd -p: 30 bytes of hex a line.
func xxdPlain(in string) string {
	var b strings.Builder
	for off := 0; off < len(in); off += 30 {
		b.WriteString(hex.EncodeToString([]byte(in[off:min(off+30, len(in))])))
		b.WriteByte('\n')
	}
	return b.String()
}

// xxdRevert is xxd -r of a canonical dump: each line must be the one
// xxdLine prints for the bytes its hex gives at its offset, in order.
func xxdRevert(in string) (string, bool) {
	var out strings.Builder
	lines := strings.SplitAfter(in, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for n, l := range lines {
		if len(l) < 10+39 {
			return "", false
		}
		area := strings.ReplaceAll(strings.TrimRight(l[10:10+39], " "), " ", "")
		raw, err := hex.DecodeString(area)
		if err != nil || len(raw) == 0 || len(raw) > 16 || len(raw) < 16 && n < len(lines)-1 || xxdLine(n*16, string(raw)) != l {
			return "", false
		}
		out.Write(raw)
	}
	return out.String(), true
}

// xxdRevertPlain is xxd -r -p of hex digits and white space.
func xxdRevertPlain(in string) (string, bool) {
	digits := strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '\t' {
			return -1
		}
		return r
	}, in)
	raw, err := hex.DecodeString(digits)
	if err != nil {
		return "", false
	}
	return string(raw), true
}
