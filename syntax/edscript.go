package syntax

import (
	"strconv"
	"strings"
)

// ed's command language, read as POSIX ed(1) and GNU ed 1.x parse it
// (red team 14 RG5). A command line is an address part — any of ".",
// "$", N, 'x, /RE/, ?RE?, +N, -N, ^N (GNU), "%" (GNU: 1,$), "," and
// ";", blanks between them — then a one-letter command. The global
// commands g/RE/LIST and v/RE/LIST run LIST (lines joined by an escaped
// newline) on each line that does (not) match; G/RE/ and V/RE/ read a
// command line from the input for each. What reaches the shell or a
// file is returned as a shell command standing for it:
//
//   - !CMD runs CMD with sh (a "%" in it is the current file name, a
//     leading "!" the previous command);
//   - e !CMD, E !CMD and r !CMD run CMD and read its output;
//   - w !CMD, W !CMD and wq !CMD run CMD with the addressed lines on its
//     standard input: stood for by CMD reading the buffer — a
//     here-document of the text the script typed (a, i), "< FILE" for a
//     buffer that is a file's, "CMD2 |" for one that is a command's
//     output, and when the buffer is changed in a way not followed
//     (s, j, d, m, t, x, u, c, a text inserted inside the buffer) a
//     pipe from a stage only run time knows, which asks where CMD runs
//     what it reads (w !sh) and passes where it does not (w !wc);
//   - e FILE, E FILE and r FILE read FILE (cat -- FILE > /dev/null);
//   - w FILE, wq FILE write FILE (: > FILE), W FILE appends (: >> FILE);
//     a bare w writes the current file name an e, f or r set, or the file
//     ed was started with.
//
// a, i and c take the lines after them, up to a lone ".", as text; s's
// replacement continues on the next line after an escaped newline.

// edState is what an ed script has done so far.
type edState struct {
	// name is the current file name ("" when none is known).
	name string
	buf  edBuffer
	// last is the text of the previous !CMD (for "!!").
	last string
	out  []string
	// read returns the text of a file ed reads (false when not known).
	read func(string) (string, bool)
}

// edBuffer is what ed's buffer holds, as far as corral follows it.
type edBuffer struct {
	kind  edBufKind
	lines []string // edText
	src   string   // edFile: the file's name; edOutput: the command
}

type edBufKind int

const (
	edText    edBufKind = iota // lines typed by a and i
	edFile                     // a file's lines, as read
	edOutput                   // a command's output
	edUnknown                  // changed in a way not followed
)

// edScript returns the shell commands that stand for ed's command text
// (see above); file is the file ed was started with ("" when none or
// only known at run time).
func edScript(text, file string) []string { return edScriptRead(text, file, nil) }

// edScriptRead is edScript with read, which returns the text of a file
// ed reads (its operand, e FILE, r FILE), so that w !CMD judges the
// lines it holds.
func edScriptRead(text, file string, read func(string) (string, bool)) []string {
	st := &edState{name: file, read: read}
	if file != "" {
		st.readFile('e', file)
	}
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		i = st.line(lines, i, false)
	}
	return st.out
}

// edShellCommands is edScript of text for an ed started with no file
// (or one corral does not know).
func edShellCommands(text string) []string { return edScript(text, "") }

// line reads the command on lines[i] (and the lines it takes after it)
// and returns the index of the last line it took. inGlobal reports a
// command of a g/v command list, where g, G, v and V are not allowed.
func (st *edState) line(lines []string, i int, inGlobal bool) int {
	l := lines[i]
	n := edAddressEnd(l)
	addr := strings.TrimSpace(l[:n])
	if n >= len(l) {
		return i // an address alone prints a line
	}
	cmd, rest := l[n], l[n+1:]
	switch cmd {
	case 'a', 'i', 'c':
		// The text lines, up to a lone ".".
		var text []string
		for i+1 < len(lines) {
			i++
			if lines[i] == "." {
				break
			}
			text = append(text, lines[i])
		}
		st.typed(cmd, addr, text)
	case 'g', 'v', 'G', 'V':
		if inGlobal || rest == "" {
			return i
		}
		end := edPatternEnd(rest, 0)
		list := rest[end:]
		if cmd == 'G' || cmd == 'V' {
			// A command line is read from the input for each matching
			// line: they are the lines after this one, read as commands.
			return i
		}
		// The command list goes on while a line ends in an escaped
		// newline.
		var cmds []string
		for {
			more := edEscapedNewline(list)
			if more {
				list = list[:len(list)-1]
			}
			cmds = append(cmds, list)
			if !more || i+1 >= len(lines) {
				break
			}
			i++
			list = lines[i]
		}
		if len(cmds) == 1 && strings.TrimSpace(cmds[0]) == "" {
			return i // g/RE/ prints
		}
		for j := 0; j < len(cmds); j++ {
			if cmds[j] == "" {
				continue
			}
			j = st.line(cmds, j, true)
		}
	case 's':
		// s/RE/REPLACEMENT/FLAGS: the replacement may go on over escaped
		// newlines.
		st.buf = edBuffer{kind: edUnknown}
		if rest == "" {
			return i
		}
		end := edPatternEnd(rest, 0)
		repl := rest[end:]
		d := rest[0]
		for {
			j := edTextEnd(repl, d)
			if j < len(repl) || !edEscapedNewline(repl) || i+1 >= len(lines) {
				break
			}
			i++
			repl = lines[i]
		}
	case 'e', 'E', 'r', 'f':
		arg := strings.TrimLeft(rest, " \t")
		if strings.HasPrefix(arg, "!") && cmd != 'f' {
			c := st.bang(arg[1:])
			st.out = append(st.out, c)
			if cmd == 'r' && !st.empty() {
				st.buf = edBuffer{kind: edUnknown}
			} else {
				st.buf = edBuffer{kind: edOutput, src: c}
			}
			return i
		}
		if arg == "" {
			if cmd != 'f' && st.name != "" {
				st.readFile(cmd, st.name)
			} else if cmd != 'f' {
				st.buf = edBuffer{kind: edUnknown}
			}
			return i
		}
		if cmd != 'f' {
			st.out = append(st.out, "cat -- "+edFileWord(arg)+" > /dev/null")
			st.readFile(cmd, arg)
		}
		if cmd != 'r' || st.name == "" {
			st.name = arg
		}
	case 'w', 'W':
		if cmd == 'w' && strings.HasPrefix(rest, "q") {
			rest = rest[1:]
		}
		arg := strings.TrimLeft(rest, " \t")
		if strings.HasPrefix(arg, "!") {
			st.out = append(st.out, st.piped(strings.TrimLeft(arg[1:], " \t"), addr)...)
			return i
		}
		f := arg
		if f == "" {
			f = st.name
		} else if st.name == "" {
			st.name = f
		}
		if f == "" {
			return i // no file name: ed refuses
		}
		op := " > "
		if cmd == 'W' {
			op = " >> "
		}
		st.out = append(st.out, ":"+op+edFileWord(f))
	case '!':
		st.out = append(st.out, st.bang(rest))
	case 'd', 'j', 'm', 't', 'x', 'u':
		st.buf = edBuffer{kind: edUnknown}
	}
	return i
}

// typed adds the lines of an a, i or c command to the buffer: text
// appended at the end of text lines is followed; anything else makes
// the buffer unknown.
func (st *edState) typed(cmd byte, addr string, text []string) {
	switch {
	case st.buf.kind == edText && (cmd == 'a' && (addr == "" || addr == "$") || st.empty() && (cmd == 'i' || addr == "0")):
		st.buf.lines = append(st.buf.lines, text...)
	default:
		st.buf = edBuffer{kind: edUnknown}
	}
}

// empty reports a buffer known to hold no line.
func (st *edState) empty() bool { return st.buf.kind == edText && len(st.buf.lines) == 0 }

// readFile is e FILE (the buffer becomes FILE) or r FILE (FILE is added
// to it).
func (st *edState) readFile(cmd byte, f string) {
	if cmd == 'r' && !st.empty() {
		st.buf = edBuffer{kind: edUnknown}
		return
	}
	st.buf = edBuffer{kind: edFile, src: f}
}

// fileLines returns the lines of a buffer that is file f's, when read
// knows them (not a ~ name: ed does not expand it).
func (st *edState) fileLines(f string) ([]string, bool) {
	if st.read == nil || f == "~" || strings.HasPrefix(f, "~/") {
		return nil, false
	}
	text, ok := st.read(f)
	if !ok || text == "" {
		return nil, ok
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n"), true
}

// bang is the shell text of !CMD: a leading "!" is the previous
// command's text, an unescaped "%" the current file name (GNU ed).
func (st *edState) bang(cmd string) string {
	if strings.HasPrefix(cmd, "!") {
		cmd = st.last + cmd[1:]
	}
	if st.name != "" && strings.Contains(cmd, "%") {
		var b strings.Builder
		for k := 0; k < len(cmd); k++ {
			switch {
			case cmd[k] == '\\' && k+1 < len(cmd) && cmd[k+1] == '%':
				b.WriteByte('%')
				k++
			case cmd[k] == '%':
				b.WriteString(edFileWord(st.name))
			default:
				b.WriteByte(cmd[k])
			}
		}
		cmd = b.String()
	}
	st.last = cmd
	return cmd
}

// maxEdSuffixes bounds the lines of a typed buffer whose every suffix
// is judged when w !CMD writes only some of them.
const maxEdSuffixes = 64

// piped returns the commands that stand for w !CMD: CMD reading the
// buffer (addr, the lines written, all of them when "", "," or "%").
func (st *edState) piped(cmd, addr string) []string {
	cmd = st.bang(cmd)
	whole := addr == "" || addr == "," || addr == "%" || addr == "1,$"
	b := st.buf
	if b.kind == edFile {
		if lines, ok := st.fileLines(b.src); ok {
			b = edBuffer{kind: edText, lines: lines}
		}
	}
	switch {
	case b.kind == edText && whole:
		return []string{edHeredoc(cmd, b.lines)}
	case b.kind == edText && len(b.lines) <= maxEdSuffixes:
		// Some of the lines: the range may begin inside a construct
		// (a here-document, a quoted string) that makes the lines after
		// it data when the whole text is read. Every suffix is judged.
		var out []string
		for k := range b.lines {
			out = append(out, edHeredoc(cmd, b.lines[k:]))
		}
		return out
	case b.kind == edFile && whole:
		return []string{cmd + " < " + edFileWord(b.src)}
	case b.kind == edOutput && whole:
		return []string{"{ " + b.src + "\n} | " + cmd}
	}
	return []string{": ed buffer changed by its commands | " + cmd}
}

// edHeredoc is cmd reading lines on its standard input, as a quoted
// here-document whose delimiter is no line of the text.
func edHeredoc(cmd string, lines []string) string {
	delim := "ED_BUFFER"
	for k := 0; ; k++ {
		if !strings.Contains("\n"+strings.Join(lines, "\n")+"\n", "\n"+delim+"\n") {
			break
		}
		delim = "ED_BUFFER" + strconv.Itoa(k)
	}
	body := strings.Join(lines, "\n")
	if len(lines) > 0 {
		body += "\n"
	}
	return cmd + " <<'" + delim + "'\n" + body + delim
}

// edAddressEnd returns where the address part of an ed command line
// ends.
func edAddressEnd(l string) int {
	i := 0
	for i < len(l) {
		c := l[i]
		switch {
		case c == ' ' || c == '\t' || c >= '0' && c <= '9' || strings.IndexByte(".$,;%+-^", c) >= 0:
			i++
		case c == '\'' && i+1 < len(l):
			i += 2
		case c == '/' || c == '?':
			i += edPatternEnd(l[i:], 0)
		default:
			return i
		}
	}
	return i
}

// edPatternEnd returns where the regular expression that starts with
// its delimiter at s[at] ends: after the closing delimiter, or at the
// end of the line when it is left out. A backslash escapes the next
// character, and a bracket expression ([/], [^]/]) may hold the
// delimiter.
func edPatternEnd(s string, at int) int {
	d := s[at]
	j := at + 1
	for j < len(s) {
		switch s[j] {
		case '\\':
			j += 2
			continue
		case '[':
			j = edBracketEnd(s, j)
			continue
		case d:
			return j + 1
		}
		j++
	}
	return len(s)
}

// edBracketEnd returns the index after the bracket expression that
// starts at s[at] ("[").
func edBracketEnd(s string, at int) int {
	j := at + 1
	if j < len(s) && s[j] == '^' {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++
	}
	for j < len(s) {
		switch {
		case s[j] == '[' && j+1 < len(s) && strings.IndexByte(":.=", s[j+1]) >= 0:
			// [:class:], [.coll.], [=equiv=]
			end := strings.Index(s[j+2:], string(s[j+1])+"]")
			if end < 0 {
				return len(s)
			}
			j += 2 + end + 2
		case s[j] == ']':
			return j + 1
		default:
			j++
		}
	}
	return len(s)
}

// edTextEnd returns where s's replacement text, ended by delimiter d,
// ends: the index of d, or len(s).
func edTextEnd(s string, d byte) int {
	for j := 0; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case d:
			return j
		}
	}
	return len(s)
}

// edEscapedNewline reports a line that ends in an unescaped backslash:
// the command goes on on the next line.
func edEscapedNewline(s string) bool {
	n := 0
	for n < len(s) && s[len(s)-1-n] == '\\' {
		n++
	}
	return n%2 == 1
}
