package syntax

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// A GNU sed script run over a known text, so that what sed prints into a
// shell is judged as the script it is: sed 's/a/b/' f | sh, eval "$(sed
// -n '2,$p' f)" (red team 16 FP1, the sed scripts beyond p and d). The
// commands modelled are s (flags g, p, a number, i/I), y, a, i and c
// (one-line and classic forms), d, D, p, P, n, N, g, G, h, H, x, z, =,
// q, Q and { } blocks, with the addresses N, $, /RE/ and \cREc (flag I),
// FIRST~STEP, and ADDR,ADDR, ADDR,+N, ADDR,~N ranges, each negated by !.
// Regular expressions are POSIX basic (extended with -E/-r) with GNU's
// \+ \? \| \n \t \w \s \b, matched leftmost-longest. Anything else
// (branches, e, r, w, l, back-references, \< \>, the empty regular
// expression, 0,/RE/, M) is not modelled: the output is then only known
// at run time, as before. TestSedProgramOracle holds the results to the
// real GNU sed.

// sedAddr is one address: kind 'n' a line number, '$' the last line,
// 'r' a regular expression, '~' FIRST~STEP; as a second address '+' a
// count of lines after the first and 'm' up to a multiple of n.
type sedAddr struct {
	kind    byte
	n, step int
	re      *regexp.Regexp
}

// sedInstr is one command of a parsed script.
type sedInstr struct {
	a1, a2 sedAddr
	neg    bool
	cmd    byte
	text   string // a, i, c
	// s
	re     *regexp.Regexp
	repl   string
	global bool
	nth    int
	sprint bool
	// y
	from, to []rune
	// {: the index of the matching }
	end int
	// range state
	active bool
	last   int
}

// maxSedSteps bounds the commands one run executes.
const maxSedSteps = 1 << 20

// sedProgram parses script (the -e scripts joined by newlines, as GNU
// sed joins them); ok is false for anything not modelled.
func sedProgram(script string, ext bool) ([]sedInstr, bool) {
	if strings.HasPrefix(script, "#n") {
		return nil, false // #n on the first line is -n
	}
	var prog []sedInstr
	var open []int
	s := script
	i := 0
	skip := func(set string) {
		for i < len(s) && strings.IndexByte(set, s[i]) >= 0 {
			i++
		}
	}
	for {
		skip(" \t\n;")
		if i >= len(s) {
			break
		}
		if s[i] == '#' {
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		}
		if len(prog) >= 256 {
			return nil, false
		}
		var in sedInstr
		var ok bool
		if in.a1, ok = sedParseAddr(s, &i, ext, false); !ok {
			return nil, false
		}
		if in.a1.kind != 0 && i < len(s) && s[i] == ',' {
			i++
			skip(" \t")
			if in.a2, ok = sedParseAddr(s, &i, ext, true); !ok || in.a2.kind == 0 {
				return nil, false
			}
		}
		if in.a1.kind == 'n' && in.a1.n == 0 {
			return nil, false // 0,/RE/ and the invalid 0
		}
		skip(" \t")
		for i < len(s) && s[i] == '!' {
			in.neg = true
			i++
			skip(" \t")
		}
		if i >= len(s) {
			return nil, false
		}
		in.cmd = s[i]
		i++
		switch in.cmd {
		case '{':
			open = append(open, len(prog))
		case '}':
			if in.a1.kind != 0 || in.neg || len(open) == 0 {
				return nil, false
			}
			prog[open[len(open)-1]].end = len(prog)
			open = open[:len(open)-1]
		case '=', 'd', 'D', 'g', 'G', 'h', 'H', 'x', 'n', 'N', 'p', 'P', 'z':
		case 'q', 'Q':
			if in.a2.kind != 0 {
				return nil, false
			}
			skip(" \t")
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++ // the exit code
			}
		case 'a', 'i', 'c':
			t, ok := sedText(s, &i)
			if !ok {
				return nil, false
			}
			in.text = t
		case 's':
			if !sedParseSubst(s, &i, ext, &in) {
				return nil, false
			}
		case 'y':
			if !sedParseY(s, &i, &in) {
				return nil, false
			}
		default:
			return nil, false // b, t, :, e, r, w, l and the others
		}
		skip(" \t")
		if in.cmd != '{' && i < len(s) && s[i] != ';' && s[i] != '\n' && s[i] != '}' && s[i] != '#' {
			return nil, false
		}
		prog = append(prog, in)
	}
	if len(open) > 0 {
		return nil, false
	}
	return prog, true
}

// sedParseAddr reads an address at s[*i], if any.
func sedParseAddr(s string, i *int, ext, second bool) (sedAddr, bool) {
	var a sedAddr
	if *i >= len(s) {
		return a, true
	}
	num := func() (int, bool) {
		j := *i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == *i || j-*i > 9 {
			return 0, false
		}
		n, err := strconv.Atoi(s[*i:j])
		*i = j
		return n, err == nil
	}
	switch c := s[*i]; {
	case c >= '0' && c <= '9':
		n, ok := num()
		if !ok {
			return a, false
		}
		a.kind, a.n = 'n', n
		if *i < len(s) && s[*i] == '~' && !second {
			*i++
			step, ok := num()
			if !ok {
				return a, false
			}
			a.kind, a.step = '~', step
		}
	case c == '$':
		*i++
		a.kind = '$'
	case second && (c == '+' || c == '~'):
		*i++
		n, ok := num()
		if !ok {
			return a, false
		}
		a.kind, a.n = '+', n
		if c == '~' {
			a.kind = 'm'
		}
	case c == '/' || c == '\\':
		delim := byte('/')
		if c == '\\' {
			*i++
			if *i >= len(s) || s[*i] == '\n' || s[*i] == '\\' {
				return a, false
			}
			delim = s[*i]
		}
		*i++
		pat, ok := sedDelimited(s, i, delim, true)
		if !ok || pat == "" {
			return a, false // the empty expression is the last one used
		}
		fold := false
		for *i < len(s) && (s[*i] == 'I' || s[*i] == 'M') {
			if s[*i] == 'M' {
				return a, false
			}
			fold = true
			*i++
		}
		re, ok := sedRegexp(pat, ext, fold)
		if !ok {
			return a, false
		}
		a.kind, a.re = 'r', re
	}
	return a, true
}

// sedDelimited reads up to the unescaped delim (which it consumes): \delim
// is delim, \n a newline in a regular expression; other escapes stay.
func sedDelimited(s string, i *int, delim byte, regex bool) (string, bool) {
	var b strings.Builder
	for *i < len(s) {
		c := s[*i]
		switch {
		case c == delim:
			*i++
			return b.String(), true
		case c == '\n' && regex:
			return "", false
		case c == '\\' && *i+1 < len(s):
			n := s[*i+1]
			*i += 2
			switch {
			case n == delim:
				if strings.IndexByte(`.*[]^$+?(){}|`, delim) >= 0 {
					return "", false // the special character's meaning then is GNU's own
				}
				b.WriteByte(delim)
			case n == 'n' && regex:
				b.WriteByte('\n')
			case n == '\n':
				b.WriteByte('\n')
			default:
				b.WriteByte('\\')
				b.WriteByte(n)
			}
			continue
		}
		b.WriteByte(c)
		*i++
	}
	return "", false
}

// sedParseSubst reads s/RE/REPL/FLAGS after the s.
func sedParseSubst(s string, i *int, ext bool, in *sedInstr) bool {
	if *i >= len(s) || s[*i] == '\n' || s[*i] == '\\' {
		return false
	}
	delim := s[*i]
	*i++
	pat, ok := sedDelimited(s, i, delim, true)
	if !ok || pat == "" {
		return false
	}
	repl, ok := sedDelimited(s, i, delim, false)
	if !ok || !sedReplOK(repl) {
		return false
	}
	fold := false
	for *i < len(s) {
		c := s[*i]
		switch {
		case c == 'g':
			in.global = true
		case c == 'p':
			in.sprint = true
		case c == 'i' || c == 'I':
			fold = true
		case c >= '1' && c <= '9':
			j := *i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(s[*i:j])
			if err != nil || n > 4096 {
				return false
			}
			in.nth = n
			*i = j
			continue
		case c == ';' || c == '\n' || c == '}' || c == '#' || c == ' ' || c == '\t':
			re, ok := sedRegexp(pat, ext, fold)
			in.re, in.repl = re, repl
			return ok
		default:
			return false // w, e, m/M
		}
		*i++
	}
	re, ok := sedRegexp(pat, ext, fold)
	in.re, in.repl = re, repl
	return ok
}

// sedReplOK reports a replacement whose escapes sedReplace knows.
func sedReplOK(r string) bool {
	for i := 0; i < len(r); i++ {
		if r[i] != '\\' {
			continue
		}
		if i+1 >= len(r) {
			return false
		}
		i++
		if !strings.ContainsRune("0123456789&\\nt\nLUluE", rune(r[i])) {
			return false
		}
	}
	return true
}

// sedParseY reads y/SRC/DST/ after the y.
func sedParseY(s string, i *int, in *sedInstr) bool {
	if *i >= len(s) || s[*i] == '\n' || s[*i] == '\\' {
		return false
	}
	delim := s[*i]
	*i++
	var parts [2][]rune
	for k := range parts {
		raw, ok := sedDelimited(s, i, delim, false)
		if !ok {
			return false
		}
		var out []rune
		rs := []rune(raw)
		for j := 0; j < len(rs); j++ {
			if rs[j] == '\\' && j+1 < len(rs) {
				j++
				switch rs[j] {
				case 'n':
					out = append(out, '\n')
				case '\\':
					out = append(out, '\\')
				default:
					return false
				}
				continue
			}
			out = append(out, rs[j])
		}
		parts[k] = out
	}
	if len(parts[0]) != len(parts[1]) {
		return false
	}
	in.from, in.to = parts[0], parts[1]
	return true
}

// sedText reads the text of a, i or c: GNU's one-line form (a text,
// leading blanks dropped) or the classic one (a\ then the text on the
// next lines, or a\text), up to an unescaped newline; a backslash before
// a newline continues the text, before a backslash is one.
func sedText(s string, i *int) (string, bool) {
	for *i < len(s) && (s[*i] == ' ' || s[*i] == '\t') {
		*i++
	}
	if *i < len(s) && s[*i] == '\\' {
		*i++
		if *i < len(s) && s[*i] == '\n' {
			*i++
		}
	}
	var b strings.Builder
	for *i < len(s) && s[*i] != '\n' {
		c := s[*i]
		if c == '\\' {
			if *i+1 >= len(s) {
				return "", false
			}
			switch n := s[*i+1]; n {
			case '\n', '\\':
				b.WriteByte(n)
			default:
				return "", false // \t and the like: GNU's conversions
			}
			*i += 2
			continue
		}
		b.WriteByte(c)
		*i++
	}
	if b.Len() == 0 {
		return "", false
	}
	return b.String() + "\n", true
}

// sedRegexp compiles a POSIX basic (or extended) expression as Go's,
// leftmost-longest, . matching a newline as sed's does.
func sedRegexp(pat string, ext, fold bool) (*regexp.Regexp, bool) {
	expr, ok := sedPosixToRE2(pat, ext)
	if !ok {
		return nil, false
	}
	flags := "(?s"
	if fold {
		flags += "i"
	}
	re, err := regexp.Compile(flags + ")" + expr)
	if err != nil {
		return nil, false
	}
	re.Longest()
	return re, true
}

// sedPosixToRE2 rewrites a POSIX basic (or extended) regular expression
// with GNU's escapes in Go's syntax; ok is false for what Go cannot match
// or what is read differently (back-references, \< \>, \` \', a BRE
// interval with a comma-less brace).
func sedPosixToRE2(s string, ext bool) (string, bool) {
	var b strings.Builder
	atStart := true // where a BRE * is literal
	for i := 0; i < len(s); i++ {
		c := s[i]
		start := atStart
		atStart = false
		switch {
		case c == '[':
			j := i + 1
			if j < len(s) && s[j] == '^' {
				j++
			}
			if j < len(s) && s[j] == ']' {
				j++
			}
			for j < len(s) && s[j] != ']' {
				if s[j] == '[' && j+1 < len(s) && (s[j+1] == ':' || s[j+1] == '.' || s[j+1] == '=') {
					if s[j+1] != ':' {
						return "", false
					}
					end := strings.Index(s[j+2:], ":]")
					if end < 0 {
						return "", false
					}
					j += end + 4
					continue
				}
				j++
			}
			if j >= len(s) {
				return "", false
			}
			b.WriteString(strings.ReplaceAll(s[i:j+1], `\`, `\\`))
			i = j
		case c == '\\' && i+1 < len(s):
			n := s[i+1]
			i++
			switch {
			case n >= '1' && n <= '9', strings.IndexByte("<>`'", n) >= 0:
				return "", false
			case !ext && strings.IndexByte("(){}+?|", n) >= 0:
				b.WriteByte(n)
				atStart = n == '(' || n == '|'
			case n == 'n':
				b.WriteString(`\n`)
			case n == 't':
				b.WriteString(`\t`)
			case strings.IndexByte("wWsSbB", n) >= 0:
				b.WriteByte('\\')
				b.WriteByte(n)
			case unicode.IsLetter(rune(n)) || unicode.IsDigit(rune(n)):
				return "", false // \cX, \dNNN, \oNNN, \xHH and the others
			default:
				b.WriteString(regexp.QuoteMeta(string(n)))
			}
		case c == '\\':
			return "", false
		case !ext && strings.IndexByte("(){}+?|", c) >= 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '*' && (start || ext && i == 0):
			if ext {
				return "", false
			}
			b.WriteString(`\*`)
		case c == '^':
			if !ext && !start {
				b.WriteString(`\^`) // a BRE ^ anchors only at the start
				continue
			}
			b.WriteByte(c)
			atStart = !ext
		case c == '$':
			if !ext && i+1 < len(s) && !(s[i+1] == '\\' && i+2 < len(s) && (s[i+2] == ')' || s[i+2] == '|')) {
				b.WriteString(`\$`) // a BRE $ anchors only at the end
				continue
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
			atStart = ext && (c == '(' || c == '|')
		}
	}
	return b.String(), true
}

// sedReplace writes the replacement of one match m of src.
func sedReplace(repl, src string, m []int) string {
	var b strings.Builder
	mode, once := byte('E'), byte(0)
	put := func(s string) {
		for _, r := range s {
			switch {
			case once == 'u':
				r = unicode.ToUpper(r)
			case once == 'l':
				r = unicode.ToLower(r)
			case mode == 'U':
				r = unicode.ToUpper(r)
			case mode == 'L':
				r = unicode.ToLower(r)
			}
			once = 0
			b.WriteRune(r)
		}
	}
	group := func(g int) string {
		if 2*g+1 < len(m) && m[2*g] >= 0 {
			return src[m[2*g]:m[2*g+1]]
		}
		return ""
	}
	for i := 0; i < len(repl); i++ {
		c := repl[i]
		switch {
		case c == '&':
			put(group(0))
		case c == '\\' && i+1 < len(repl):
			i++
			switch n := repl[i]; {
			case n >= '0' && n <= '9':
				put(group(int(n - '0')))
			case n == 'U' || n == 'L':
				mode, once = n, 0
			case n == 'E':
				mode, once = 'E', 0
			case n == 'u' || n == 'l':
				once = n
			case n == 'n':
				put("\n")
			case n == 't':
				put("\t")
			default:
				put(string(n))
			}
		default:
			put(string(c))
		}
	}
	return b.String()
}

// sedSubstitute applies an s command to ps; it reports whether it
// replaced anything.
func sedSubstitute(in *sedInstr, ps string) (string, bool) {
	matches := in.re.FindAllStringSubmatchIndex(ps, -1)
	var b strings.Builder
	last, done := 0, false
	for k, m := range matches {
		n := k + 1
		switch {
		case in.nth > 0 && n < in.nth, in.nth > 0 && n > in.nth && !in.global, in.nth == 0 && n > 1 && !in.global:
			continue
		}
		b.WriteString(ps[last:m[0]])
		b.WriteString(sedReplace(in.repl, ps, m))
		last, done = m[1], true
	}
	if !done {
		return ps, false
	}
	b.WriteString(ps[last:])
	return b.String(), true
}

// sedRun runs prog over text as GNU sed does (quiet is -n); ok is false
// when the run passes the bounds.
func sedRun(prog []sedInstr, quiet bool, text string) (string, bool) {
	prog = append([]sedInstr(nil), prog...)
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var out strings.Builder
	missing := false
	emit := func(s string) {
		if missing {
			out.WriteByte('\n')
		}
		out.WriteString(s)
		missing = s != "" && !strings.HasSuffix(s, "\n")
	}
	next := 0 // the next line to read
	n := 0    // the current line's number
	// Each buffer knows whether its text ended with a newline in the
	// input: a copy or an append takes the source's (GNU's line_copy,
	// line_append), and the hold space starts with one.
	chomped, holdChomped := true, true
	read := func() (string, bool) {
		if next >= len(lines) {
			return "", false
		}
		l := lines[next]
		next++
		n++
		chomped = strings.HasSuffix(l, "\n")
		return strings.TrimSuffix(l, "\n"), true
	}
	isLast := func() bool { return next >= len(lines) }
	emitPS := func(ps string) {
		if missing {
			out.WriteByte('\n')
		}
		out.WriteString(ps)
		if chomped {
			out.WriteByte('\n')
		}
		missing = !chomped
	}
	var appends []string
	flush := func() {
		for _, a := range appends {
			emit(a)
		}
		appends = appends[:0]
	}
	matchOne := func(a sedAddr, ps string) bool {
		switch a.kind {
		case 'n':
			return n == a.n
		case '$':
			return isLast()
		case 'r':
			return a.re.MatchString(ps)
		case '~':
			if a.step <= 0 {
				return n == a.n
			}
			return n >= a.n && (n-a.n)%a.step == 0
		}
		return false
	}
	selects := func(in *sedInstr, ps string) bool {
		if in.a1.kind == 0 {
			return true
		}
		if in.a2.kind == 0 {
			return matchOne(in.a1, ps)
		}
		if in.active {
			switch in.a2.kind {
			case 'n':
				if n >= in.a2.n {
					in.active = false
				}
				if n > in.a2.n {
					return false // GNU: a line-number end already passed
				}
			case '+', 'm':
				if n >= in.last {
					in.active = false
				}
			case '$':
				if isLast() {
					in.active = false
				}
			case 'r':
				if in.a2.re.MatchString(ps) {
					in.active = false
				}
			}
			return true
		}
		if !matchOne(in.a1, ps) {
			return false
		}
		in.active = true
		switch in.a2.kind {
		case 'n':
			if in.a2.n <= n {
				in.active = false
			}
		case '+':
			in.last = n + in.a2.n
			if in.a2.n == 0 {
				in.active = false
			}
		case 'm':
			if in.a2.n <= 0 || n%in.a2.n == 0 {
				in.active = false
			} else {
				in.last = (n/in.a2.n + 1) * in.a2.n
			}
		case '$':
			if isLast() {
				in.active = false
			}
		}
		return true
	}
	steps := 0
	var hold string
	ps, ok := read()
	restart := false
	for ok {
		autoprint, quit := !quiet, false
	run:
		for pc := 0; pc < len(prog); pc++ {
			steps++
			if steps > maxSedSteps || out.Len() > MaxSource || len(ps)+len(hold) > MaxSource {
				return "", false
			}
			in := &prog[pc]
			if in.cmd == '}' {
				continue
			}
			if selects(in, ps) == in.neg {
				if in.cmd == '{' {
					pc = in.end
				}
				continue
			}
			switch in.cmd {
			case '{':
			case '=':
				emit(strconv.Itoa(n) + "\n")
			case 'a':
				appends = append(appends, in.text)
			case 'i':
				emit(in.text)
			case 'c':
				if in.a2.kind == 0 || in.neg || !in.active {
					emit(in.text)
				}
				autoprint = false
				break run
			case 'd':
				autoprint = false
				break run
			case 'D':
				k := strings.IndexByte(ps, '\n')
				if k < 0 {
					autoprint = false
					break run
				}
				ps = ps[k+1:]
				flush()
				restart = true
				break run
			case 'p':
				emitPS(ps)
			case 'P':
				if k := strings.IndexByte(ps, '\n'); k >= 0 {
					emit(ps[:k] + "\n")
				} else {
					emitPS(ps)
				}
			case 'n':
				if isLast() {
					quit = true
					break run
				}
				if !quiet {
					emitPS(ps)
				}
				flush()
				ps, _ = read()
			case 'N':
				if isLast() {
					quit = true
					break run
				}
				l, _ := read()
				ps += "\n" + l
			case 'g':
				ps, chomped = hold, holdChomped
			case 'G':
				ps, chomped = ps+"\n"+hold, holdChomped
			case 'h':
				hold, holdChomped = ps, chomped
			case 'H':
				hold, holdChomped = hold+"\n"+ps, chomped
			case 'x':
				ps, hold = hold, ps
				chomped, holdChomped = holdChomped, chomped
			case 'z':
				ps = ""
			case 'q':
				quit = true
				break run
			case 'Q':
				return out.String(), true
			case 's':
				r, done := sedSubstitute(in, ps)
				if len(r) > MaxSource {
					return "", false
				}
				ps = r
				if done && in.sprint {
					emitPS(ps)
				}
			case 'y':
				var b strings.Builder
				for _, c := range ps {
					for k, f := range in.from {
						if c == f {
							c = in.to[k]
							break
						}
					}
					b.WriteRune(c)
				}
				ps = b.String()
			}
		}
		if restart {
			// D: the next cycle starts with what is left, no line read
			// and nothing printed.
			restart = false
			continue
		}
		if autoprint {
			emitPS(ps)
		}
		flush()
		if quit {
			break
		}
		ps, ok = read()
	}
	return out.String(), true
}

// sedOutput returns what GNU sed prints for the -e scripts (joined by
// newlines) over text; ok is false for a script or text not modelled.
func sedOutput(scripts []string, quiet, ext bool, text string) (string, bool) {
	if strings.IndexByte(text, 0) >= 0 {
		return "", false
	}
	prog, ok := sedProgram(strings.Join(scripts, "\n"), ext)
	if !ok {
		return "", false
	}
	return sedRun(prog, quiet, text)
}
