package syntax

import (
	"encoding/base64"
	"strconv"
	"strings"
)

// Programs that print what they read, shaped by their options: cat,
// tee with no file, head and tail of whole lines, tr -d of plain
// characters, sed scripts of line addresses and p, d, q and Q (sed q,
// sed -n 1p, sed ''), awk programs that print records or fields of
// them (awk 1, awk '{print}', awk 'NR==1', awk '{print $1}'), dd
// without of= or a count, and base64 and base64 -d. When corral knows
// their input (a here-string, the stage before them in a pipe, a stream
// whose producer it knows, a file this command wrote with static text)
// it computes their output byte for byte as the program would print it
// (the oracle rows in passthrough_test.go hold the results to the real
// programs), so k=$(echo ~ | sed q) holds the home directory. Any
// other option, script or program leaves the output to run time.

// passFilter is the output of a pass-through program for the input
// text in; ok is false when corral does not know it.
type passFilter func(in string) (out string, ok bool)

// markShadowed records a call that ran an alias or a function of the
// script: what it prints is not the program's output.
func (w *walker) markShadowed(call *Call) {
	if w.shadowed == nil {
		w.shadowed = map[*Call]bool{}
	}
	w.shadowed[call] = true
	call.Defined = true
}

// passFilterName reports a program passFilterOf may model.
func passFilterName(name string) bool {
	switch name {
	case "cat", "tee", "head", "tail", "tr", "sed", "awk", "gawk", "mawk", "dd", "base64":
		return true
	case "tac", "rev", "xxd": // revfilters.go
		return true
	case "iconv": // yesiconv.go
		return true
	}
	return textFilterName(name) // sort, uniq, grep (textfilters.go)
}

// passFilterOf returns the filter that the program name with the words
// args is, and its input operands (the files it reads; "-" is its
// standard input). Options must be static; an operand may be any word.
// ok is false for a program or option not modelled.
func passFilterOf(name string, args []Arg) (f passFilter, ops []Arg, ok bool) {
	if !passFilterName(name) {
		return nil, nil, false
	}
	switch name {
	case "cat", "tee":
		for _, a := range args {
			switch {
			case !a.Static || a.Value == "-" || !strings.HasPrefix(a.Value, "-"):
				ops = append(ops, a)
			case a.Value == "-u" && name == "cat", (a.Value == "-a" || a.Value == "-i") && name == "tee":
			default:
				return nil, nil, false
			}
		}
		if name == "tee" && len(ops) > 0 {
			return nil, nil, false // tee FILE writes the file; its operands are not inputs
		}
		return func(in string) (string, bool) { return in, true }, ops, true
	case "head", "tail":
		return headTailFilter(name, args)
	case "sort", "uniq", "grep":
		return textFilterOf(name, args)
	case "tr":
		if f, ok := trFilter(args); ok {
			return f, nil, true // tr A-Z a-z, tr -d 0-9 (textfilters.go)
		}
		if len(args) != 2 || !args[0].Static || args[0].Value != "-d" || !args[1].Static {
			return nil, nil, false
		}
		del, plain := trPlainSet(args[1].Value)
		if !plain {
			return nil, nil, false
		}
		return func(in string) (string, bool) {
			return strings.Map(func(r rune) rune {
				if strings.ContainsRune(del, r) {
					return -1
				}
				return r
			}, in), true
		}, nil, true
	case "sed":
		return sedFilter(args)
	case "awk", "gawk", "mawk":
		return awkFilter(args)
	case "dd":
		return ddFilter(args)
	case "base64":
		return base64Filter(args)
	case "tac":
		return tacFilter(args)
	case "rev":
		return revFilter(args)
	case "xxd":
		return xxdFilter(args)
	case "iconv":
		return iconvFilter(args)
	}
	return nil, nil, false
}

// headTailSpec is GNU head's and tail's options that take a value (head
// --help, tail --help; getopt_long, so a long option may be abbreviated).
var headTailSpec = OptSpec{ShortVal: "ncs", LongVal: []string{"lines", "bytes", "sleep-interval", "pid", "max-unchanged-stats"},
	LongEq: true, Abbrev: true}

// headTailFilter is head and tail of whole lines: -n K, --lines=K, -K
// (10 without one). Bytes (-c), tail's +K and head's -n -K are left to
// run time.
func headTailFilter(name string, args []Arg) (passFilter, []Arg, bool) {
	k := 10
	words := make([]Arg, len(args))
	for i, a := range args {
		words[i] = a
		if a.Value == "--" {
			copy(words[i:], args[i:])
			break
		}
		if a.Static && len(a.Value) > 1 && a.Value[0] == '-' && strings.Trim(a.Value[1:], "0123456789") == "" {
			words[i].Value = "-n" + a.Value[1:] // the obsolete -K is -n K
		}
	}
	opts, operands := ScanOptions(words, headTailSpec)
	for _, o := range opts {
		n := o.Val.Value
		c, err := strconv.Atoi(n)
		if o.Name != "n" && o.Name != "lines" || !o.HasVal || !o.Val.Static || err != nil || c < 1 || n != strconv.Itoa(c) {
			return nil, nil, false // bytes, +K, -n -K, another option
		}
		k = c
	}
	ops := make([]Arg, 0, len(operands))
	for _, i := range operands {
		ops = append(ops, args[i])
	}
	return func(in string) (string, bool) {
		lines := strings.SplitAfter(in, "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		if len(lines) > k {
			if name == "head" {
				lines = lines[:k]
			} else {
				lines = lines[len(lines)-k:]
			}
		}
		return strings.Join(lines, ""), true
	}, ops, true
}

// sedCmd is one command of a sed script of line addresses: p, d, q or
// Q, on the lines its addresses (a number, or -1 for $) select.
type sedCmd struct {
	a1, a2  int // 0: none
	neg     bool
	cmd     byte
	inRange bool
}

// sedFilter is GNU sed with -n, -e, -E/-r, -u, -s and a script of
// commands each [ADDR[,ADDR]][!]p|d|q|Q, separated by ; or newlines
// (an empty script prints every line). Substitutions, regular
// expression addresses and every other command are left to run time.
func sedFilter(args []Arg) (passFilter, []Arg, bool) {
	quiet, ext, posix := false, false, false
	var scripts []string
	var ops []Arg
	opts := true
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !opts || !a.Static || !strings.HasPrefix(a.Value, "-") || a.Value == "-" {
			ops = append(ops, a)
			continue
		}
		v := a.Value
		switch {
		case v == "--":
			opts = false
			continue
		case v == "--quiet" || v == "--silent":
			quiet = true
			continue
		case v == "--regexp-extended" || v == "--unbuffered" || v == "--separate" || v == "--posix":
			ext = ext || v == "--regexp-extended"
			posix = posix || v == "--posix"
			continue
		case strings.HasPrefix(v, "--expression="):
			scripts = append(scripts, v[len("--expression="):])
			continue
		case v == "--expression" && i+1 < len(args) && args[i+1].Static:
			i++
			scripts = append(scripts, args[i].Value)
			continue
		case strings.HasPrefix(v, "--"):
			return nil, nil, false
		}
		for j := 1; j < len(v); j++ {
			switch v[j] {
			case 'n':
				quiet = true
			case 'E', 'r', 'u', 's':
				ext = ext || v[j] == 'E' || v[j] == 'r'
			case 'e':
				switch {
				case j+1 < len(v):
					scripts = append(scripts, v[j+1:])
				case i+1 < len(args) && args[i+1].Static:
					i++
					scripts = append(scripts, args[i].Value)
				default:
					return nil, nil, false
				}
				j = len(v)
			default:
				return nil, nil, false
			}
		}
	}
	if len(scripts) == 0 {
		if len(ops) == 0 || !ops[0].Static {
			return nil, nil, false
		}
		scripts, ops = []string{ops[0].Value}, ops[1:]
	}
	prog, ok := parseSedScript(strings.Join(scripts, "\n"))
	if !ok {
		// s, y, a/i/c, regular-expression addresses… (sedprog.go).
		if _, ok := sedProgram(strings.Join(scripts, "\n"), ext); !ok || posix {
			return nil, nil, false
		}
		return func(in string) (string, bool) { return sedOutput(scripts, quiet, ext, in) }, ops, true
	}
	return func(in string) (string, bool) { return runSed(prog, quiet, in), true }, ops, true
}

// parseSedScript parses a script of sedCmd commands.
func parseSedScript(s string) ([]sedCmd, bool) {
	var prog []sedCmd
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == '\n' }) {
		part = strings.Trim(part, " \t")
		if part == "" {
			continue
		}
		var c sedCmd
		addr := func() (int, bool) {
			if strings.HasPrefix(part, "$") {
				part = part[1:]
				return -1, true
			}
			i := 0
			for i < len(part) && part[i] >= '0' && part[i] <= '9' {
				i++
			}
			if i == 0 {
				return 0, true
			}
			n, err := strconv.Atoi(part[:i])
			if err != nil || n < 1 {
				return 0, false // 0 is only valid in 0,/re/
			}
			part = part[i:]
			return n, true
		}
		var ok bool
		if c.a1, ok = addr(); !ok {
			return nil, false
		}
		if c.a1 != 0 && strings.HasPrefix(part, ",") {
			part = part[1:]
			if c.a2, ok = addr(); !ok || c.a2 == 0 {
				return nil, false
			}
		}
		part = strings.TrimLeft(part, " \t")
		if strings.HasPrefix(part, "!") {
			c.neg = true
			part = strings.TrimLeft(part[1:], " \t")
		}
		if len(part) != 1 || !strings.Contains("pdqQ", part) {
			return nil, false
		}
		c.cmd = part[0]
		if (c.cmd == 'q' || c.cmd == 'Q') && c.a2 != 0 {
			return nil, false // sed refuses a range for q
		}
		prog = append(prog, c)
	}
	return prog, true
}

// runSed runs a parsed script over in as GNU sed does: a last line
// without a newline is printed without one, and a later print of it
// (or q) first adds the newline it lacked.
func runSed(prog []sedCmd, quiet bool, in string) string {
	lines := strings.SplitAfter(in, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var b strings.Builder
	missing := false
	emit := func(line string) {
		if missing {
			b.WriteByte('\n')
		}
		b.WriteString(line)
		missing = !strings.HasSuffix(line, "\n")
	}
	prog = append([]sedCmd(nil), prog...)
	for i, line := range lines {
		n, last := i+1, i == len(lines)-1
		at := func(a int) bool { return a == n || a == -1 && last }
		deleted, quit, quietQuit, print := false, false, false, !quiet
		for j := range prog {
			c := &prog[j]
			match := false
			switch {
			case c.a1 == 0:
				match = true
			case c.a2 == 0:
				match = at(c.a1)
			case c.inRange:
				match = true
				if at(c.a2) || c.a2 > 0 && n >= c.a2 {
					c.inRange = false
				}
			case at(c.a1):
				match = true
				// A second address at or before this line ends the
				// range here.
				c.inRange = !(c.a2 > 0 && c.a2 <= n || c.a2 == -1 && last)
			}
			if match == c.neg {
				continue
			}
			switch c.cmd {
			case 'p':
				emit(line)
			case 'd':
				deleted = true
			case 'q':
				quit = true
			case 'Q':
				quit, quietQuit, print = true, true, false
			}
			if deleted || quit {
				break
			}
		}
		if !deleted && print {
			emit(line)
		}
		if quit {
			if missing && !quietQuit {
				b.WriteByte('\n') // q ends the output with the newline it lacked
			}
			break
		}
	}
	return b.String()
}

// awkFilter is awk with one program and no option: a pattern (a number,
// NR==K) and an action ({print}, {print $0}, {print $K}), either
// optional, as awk prints each record or field with a newline. Fields
// are split on blanks (the default FS). Operands that assign a variable
// (x=1) are left to run time.
func awkFilter(args []Arg) (passFilter, []Arg, bool) {
	if len(args) > 0 && args[0].Static && args[0].Value == "--" {
		args = args[1:]
	}
	if len(args) == 0 || !args[0].Static || strings.HasPrefix(args[0].Value, "-") {
		return nil, nil, false
	}
	prog := strings.TrimSpace(args[0].Value)
	ops := args[1:]
	for _, o := range ops {
		if !o.Static || strings.Contains(o.Value, "=") {
			return nil, nil, false
		}
	}
	nr, always := 0, true // NR==nr when nr > 0
	field := 0
	if prog == "" {
		// No pattern and no action: awk prints nothing.
		return func(string) (string, bool) { return "", true }, ops, true
	}
	pattern, action, hasAction := prog, "", false
	if i := strings.IndexByte(prog, '{'); i >= 0 {
		if !strings.HasSuffix(prog, "}") {
			return nil, nil, false
		}
		pattern, action, hasAction = strings.TrimSpace(prog[:i]), strings.TrimSpace(prog[i+1:len(prog)-1]), true
	}
	switch p := strings.ReplaceAll(pattern, " ", ""); {
	case p == "":
	case strings.HasPrefix(p, "NR=="):
		k, err := strconv.Atoi(p[4:])
		if err != nil || k < 1 || p[4:] != strconv.Itoa(k) {
			return nil, nil, false
		}
		nr = k
	default:
		k, err := strconv.Atoi(p)
		if err != nil || p != strconv.Itoa(k) {
			return nil, nil, false
		}
		always = k != 0
	}
	if hasAction {
		action = strings.TrimSpace(strings.TrimSuffix(action, ";"))
		rest, isPrint := strings.CutPrefix(action, "print")
		rest = strings.TrimSpace(rest)
		switch {
		case !isPrint:
			return nil, nil, false
		case rest == "":
		case strings.HasPrefix(rest, "$"):
			k, err := strconv.Atoi(rest[1:])
			if err != nil || k < 0 || rest[1:] != strconv.Itoa(k) {
				return nil, nil, false
			}
			field = k
		default:
			return nil, nil, false
		}
	}
	return func(in string) (string, bool) {
		if !always || in == "" {
			return "", true
		}
		recs := strings.Split(strings.TrimSuffix(in, "\n"), "\n")
		var b strings.Builder
		for i, rec := range recs {
			if nr > 0 && i+1 != nr {
				continue
			}
			if field > 0 {
				fs := strings.FieldsFunc(rec, func(r rune) bool { return r == ' ' || r == '\t' })
				rec = ""
				if field <= len(fs) {
					rec = fs[field-1]
				}
			}
			b.WriteString(rec)
			b.WriteByte('\n')
		}
		return b.String(), true
	}, ops, true
}

// ddFilter is dd copying its input whole: operands if=, bs=, ibs=, obs=
// and status= only (of=, count=, skip=, conv= and flags change what is
// written, or where).
func ddFilter(args []Arg) (passFilter, []Arg, bool) {
	var ops []Arg
	for _, a := range args {
		key, val, found := strings.Cut(a.Value, "=")
		if !found || !a.Static && key != "if" {
			return nil, nil, false
		}
		switch key {
		case "if":
			op := a
			op.Value = val
			op.Raw = strings.TrimPrefix(a.Raw, "if=")
			ops = append(ops, op)
		case "status":
			if val != "none" && val != "noxfer" && val != "progress" {
				return nil, nil, false
			}
		case "bs", "ibs", "obs":
			n, err := strconv.Atoi(strings.TrimRight(val, "kMG"))
			if err != nil || n < 1 || len(val)-len(strings.TrimRight(val, "kMG")) > 1 {
				return nil, nil, false
			}
		default:
			return nil, nil, false
		}
	}
	if len(ops) > 1 {
		return nil, nil, false
	}
	return func(in string) (string, bool) { return in, true }, ops, true
}

// base64Spec is GNU base64's options (base64 --help; getopt_long, so a
// long option may be abbreviated).
var base64Spec = OptSpec{ShortVal: "w", LongVal: []string{"wrap"}, LongFlag: []string{"decode", "ignore-garbage", "help", "version"},
	LongEq: true, Abbrev: true}

// base64Filter is GNU base64: encoding wraps at 76 columns (-w N) and
// ends with a newline (-w 0: one line, no newline); -d decodes text that is whole padded
// groups once newlines (and with -i any other character outside the
// alphabet) are dropped. Input base64 would only decode in part is left
// to run time.
func base64Filter(args []Arg) (passFilter, []Arg, bool) {
	decode, garbage, wrap := false, false, 76
	opts, operands := ScanOptions(args, base64Spec)
	for _, o := range opts {
		switch o.Name {
		case "d", "decode":
			decode = true
		case "i", "ignore-garbage":
			garbage = true
		case "w", "wrap":
			n := o.Val.Value
			k, err := strconv.Atoi(n)
			if !o.HasVal || !o.Val.Static || err != nil || k < 0 || n != strconv.Itoa(k) {
				return nil, nil, false
			}
			wrap = k
		default:
			return nil, nil, false // --help, --version, an option not known
		}
	}
	ops := make([]Arg, 0, len(operands))
	for _, k := range operands {
		if !args[k].Static {
			return nil, nil, false
		}
		ops = append(ops, args[k])
	}
	if len(ops) > 1 {
		return nil, nil, false
	}
	if decode {
		return func(in string) (string, bool) {
			text := strings.Map(func(r rune) rune {
				switch {
				case r == '\n':
					return -1
				case garbage && !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+' || r == '/' || r == '='):
					return -1
				}
				return r
			}, in)
			if len(text)%4 != 0 || strings.ContainsAny(text, "\r") {
				return "", false
			}
			out, err := base64.StdEncoding.Strict().DecodeString(text)
			if err != nil {
				return "", false
			}
			return string(out), true
		}, ops, true
	}
	return func(in string) (string, bool) {
		enc := base64.StdEncoding.EncodeToString([]byte(in))
		if enc == "" {
			return "", true
		}
		var b strings.Builder
		for wrap > 0 && len(enc) > wrap {
			b.WriteString(enc[:wrap])
			b.WriteByte('\n')
			enc = enc[wrap:]
		}
		b.WriteString(enc)
		if wrap > 0 {
			b.WriteByte('\n') // -w 0 ends without one
		}
		return b.String(), true
	}, ops, true
}
