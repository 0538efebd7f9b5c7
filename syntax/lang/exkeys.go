package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Vim keys: text that reaches Vim as typed keys — :normal {keys},
// feedkeys(), a register run as a macro (@q, :@q, :*q) — enters ex
// commands as a command line typed in Normal mode does (red team 14
// RG4). exState follows the registers a script fills, so that a macro
// run later is read as the keys it holds.

// maxExRegisterRuns bounds the registers run inside registers (@q in @q).
const maxExRegisterRuns = 16

// exState is what the ex commands read so far have set: the registers
// whose keys are known (:let @q = "…", recorded with q), and those filled
// with what only run time knows (a yank or delete of buffer text,
// :let @q = expr of run-time values, setreg()).
type exState struct {
	regs    map[byte]string
	unknown map[byte]bool
	// anyUnknown: a register named at run time was set.
	anyUnknown bool
	// cmds are the user commands defined (:command), by name.
	cmds map[string]string
	runs int
	// buf is what is known of Vim's buffers (exbuffer.go).
	buf exBuffer
}

func newExState() *exState {
	return &exState{regs: map[byte]string{}, unknown: map[byte]bool{}, buf: newExBuffer()}
}

// setReg records register r's keys (append for an upper-case name, as
// Vim appends to the register of its lower-case letter); known false
// marks it filled at run time.
func (st *exState) setReg(r byte, keys string, known bool) {
	app := r >= 'A' && r <= 'Z'
	if app {
		r += 'a' - 'A'
	}
	if !known {
		st.unknown[r] = true
		delete(st.regs, r)
		return
	}
	if app {
		keys = st.regs[r] + keys
	} else {
		delete(st.unknown, r)
	}
	st.regs[r] = keys
}

// reg returns register r's keys, and whether they are known. A register
// this script never set is empty (vim -es and -u NONE read no viminfo;
// one restored from the user's viminfo is the user's).
func (st *exState) reg(r byte) (string, bool) {
	if r >= 'A' && r <= 'Z' {
		r += 'a' - 'A'
	}
	if r < 'a' || r > 'z' || st.anyUnknown || st.unknown[r] {
		// Only the named registers are filled by a script: the
		// expression register, the clipboards, the last inserted text
		// and search, the file names, the unnamed, small-delete and
		// numbered registers (and <C-R><C-W>, no register) hold what
		// only run time knows.
		return "", false
	}
	return st.regs[r], true
}

// exKeyNames are Vim's <Key> notation names a key reader acts on, as the
// byte each stands for.
var exKeyNames = lazy.Value[map[string]byte]{New: func() map[string]byte {
	return map[string]byte{"cr": '\r', "enter": '\r', "return": '\r', "nl": '\n', "c-m": '\r', "c-j": '\n',
		"esc": 0x1b, "c-[": 0x1b, "c-c": 0x1b, "bar": '|', "space": ' ', "lt": '<', "bslash": '\\', "c-r": 0x12, "c-o": 0x0f, "c-f": 0x06,
		// <Cmd>…<CR> runs the command in any mode; <C-\><C-N> leaves
		// Insert mode; completion keys on a command line.
		"cmd": exCmdKey, "scriptcmd": exCmdKey, "c-\\": 0x1c, "c-": 0x1c, "bs": 0x08, "c-h": 0x08, "c-u": 0x15, "c-w": 0x17, "c-n": 0x0e, "c-i": '\t', "s-tab": '\t', "c-l": '\t', "c-a": '\t',
		"c-d": '\t', "c-p": '\t', "up": '\t', "down": '\t', "s-up": '\t', "s-down": '\t',
		"tab": '\t'}
}}

// exCmdKey stands for <Cmd>; exOtherKey for a key the reader does not
// follow (<Left>, <Home>, <Del>, …), which on a command line makes it
// unknown.
const (
	exCmdKey   = 0x1d
	exOtherKey = 0x7f
)

// exKeyBytes turns <Key> notation (as "\<CR>" leaves it in a string)
// into the bytes the keys are; other <…> names stand for a key with no
// effect here (dropped).
func exKeyBytes(keys string) string {
	if !strings.Contains(keys, "<") {
		return keys
	}
	var b strings.Builder
	for i := 0; i < len(keys); i++ {
		if keys[i] == '<' {
			if j := strings.IndexByte(keys[i:], '>'); j > 1 && !strings.ContainsAny(keys[i+1:i+j], " <") {
				if k, ok := exKeyNames.Get()[strings.ToLower(keys[i+1:i+j])]; ok {
					b.WriteByte(k)
				} else {
					b.WriteByte(exOtherKey)
				}
				i += j
				continue
			}
		}
		b.WriteByte(keys[i])
	}
	return b.String()
}

// keys reads keys typed in Normal mode and returns the ex command lines
// they enter: a ":" command line up to <CR> (<Esc> abandons it; one left
// unfinished is still taken), "!{motion}" filters through the shell
// text typed after it, Q and gQ (Ex mode) take every line after them as
// ex commands, ZZ writes as :x, a register run with @r is read as the
// keys it holds, q{r}…q records the keys between into r, and a yank or
// delete into "r fills r with buffer text. Text typed in Insert mode is
// text, except <C-R>= (an expression, returned as :eval) and <C-O> (one
// Normal-mode command). unknown is a note of keys only run time knows
// (a run-time part, a register filled at run time), "" when none.
func (st *exState) keys(keys string) (lines []string, unknown string) {
	k := exKeyBytes(keys)
	insert := false
	recording, recStart := byte(0), 0
	oneNormal := false
	for i := 0; i < len(k); i++ {
		c := k[i]
		if c == runtimePart[0] {
			return lines, "keys only known at run time"
		}
		next := func() byte {
			if i+1 < len(k) {
				i++
				return k[i]
			}
			return 0
		}
		if c == exCmdKey {
			// <Cmd>…<CR>: the command runs in whatever mode.
			line, end := exCmdline(k, i+1)
			i = end
			line, unk := st.cmdlineRegs(line)
			if unk != "" {
				return lines, unk
			}
			lines = append(lines, line)
			continue
		}
		if insert && !oneNormal {
			switch {
			case c == 0x1b, c == 0x1c:
				insert = false
			case c == 0x0f:
				oneNormal = true
			case c == 0x12 && i+1 < len(k) && k[i+1] == '=':
				i++
				line, end := exCmdline(k, i+1)
				lines = append(lines, "eval "+line)
				i = end
			}
			continue
		}
		oneNormal = false
		switch c {
		case ':':
			if w := strings.IndexByte(k[i+1:], 0x06); w >= 0 && !strings.ContainsAny(k[i+1:i+1+w], "\r\n\x1b") {
				// <C-F> on the command line opens the command-line window.
				return st.typedLines(lines, exWindowLines(k[i+1:]))
			}
			line, end := exCmdline(k, i+1)
			i = end
			line, unk := st.cmdlineRegs(line)
			if unk != "" {
				return lines, unk
			}
			lines = append(lines, line)
		case '!':
			// !{motion}: the command line opens as :{range}! and the
			// text typed after is the shell command.
			if m := next(); m >= '0' && m <= '9' {
				for i+1 < len(k) && k[i+1] >= '0' && k[i+1] <= '9' {
					i++
				}
				next()
			} else if m == 'g' || m == '\'' || m == '`' || m == 'f' || m == 't' || m == 'F' || m == 'T' {
				next()
			}
			line, end := exCmdline(k, i+1)
			i = end
			line, unk := st.cmdlineRegs(line)
			if unk != "" {
				return lines, unk
			}
			lines = append(lines, "!"+line)
		case 'Q':
			return st.typedLines(lines, exKeyLines(k[i+1:]))
		case 'g':
			switch next() {
			case 'Q':
				return st.typedLines(lines, exKeyLines(k[i+1:]))
			case 'i', 'I':
				insert = true
			}
		case 'Z':
			if next() == 'Z' {
				lines = append(lines, "x")
			}
		case 'i', 'a', 'o', 'O', 'I', 'A', 's', 'S', 'C', 'R':
			insert = true
		case 'c':
			next() // the motion
			insert = true
		case 'r', 'f', 'F', 't', 'T', 'm', '`', '\'':
			next() // a character or a mark, not a command
		case '"':
			// "r and a command: a yank, delete or change fills r with
			// buffer text (a put or a macro run leaves it).
			r := next()
			if i+1 < len(k) && k[i+1] != 'p' && k[i+1] != 'P' && k[i+1] != '@' {
				st.setReg(r, "", false)
			}
		case '/', '?':
			_, end := exCmdline(k, i+1) // a search pattern
			i = end
		case 'q':
			if recording != 0 {
				st.setReg(recording, k[recStart:i], true)
				recording = 0
				continue
			}
			r := next()
			if r == ':' {
				// q: opens the command-line window: lines typed there run
				// as ex commands when <CR> is pressed on them.
				return st.typedLines(lines, exWindowLines(k[i+1:]))
			}
			if r != 0 && r != '/' && r != '?' {
				recording, recStart = r, i+1
			}
		case '@':
			r := next()
			if r == ':' || r == '@' || r == 0 {
				continue // the last command line or register again
			}
			body, ok := st.reg(r)
			if !ok {
				return lines, "@" + string(r) + " runs a register filled at run time"
			}
			if st.runs++; st.runs > maxExRegisterRuns {
				return lines, "@" + string(r) + " runs registers nested too deep"
			}
			more, unk := st.keys(body)
			lines = append(lines, more...)
			if unk != "" {
				return lines, unk
			}
		}
	}
	if recording != 0 {
		st.setReg(recording, k[recStart:], true)
	}
	return lines, ""
}

// cmdlineRegs puts into a typed command line the registers <C-R>r
// inserts there; unknown notes one only run time knows.
func (st *exState) cmdlineRegs(line string) (string, string) {
	if strings.IndexByte(line, '\t') >= 0 {
		// Completion or history keys: what the line becomes depends on
		// the files and history there at run time.
		return "", "a command line completed at run time"
	}
	line, ok := exCmdlineEdits(line)
	if !ok {
		return "", "a command line edited with keys corral does not follow"
	}
	if !strings.Contains(line, "\x12") {
		return line, ""
	}
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		if line[i] != 0x12 {
			b.WriteByte(line[i])
			continue
		}
		if i+1 >= len(line) {
			return "", "<C-R> at the end of a command line"
		}
		i++
		body, ok := st.reg(line[i])
		if !ok {
			return "", "<C-R>" + string(line[i]) + " inserts a register filled at run time"
		}
		b.WriteString(body)
	}
	return b.String(), ""
}

// exCmdline returns the command line typed from k[at] up to <CR> (or the
// end of the keys) and the index of its last key; <Esc> abandons it.
func exCmdline(k string, at int) (string, int) {
	for j := at; j < len(k); j++ {
		switch k[j] {
		case '\r', '\n':
			return k[at:j], j
		case 0x1b:
			return "", j
		}
	}
	return k[at:], len(k)
}

// exKeyLines splits keys typed in Ex mode into its command lines.
func exKeyLines(k string) []string {
	return strings.FieldsFunc(k, func(r rune) bool { return r == '\r' || r == '\n' })
}

// ExTypedKeys returns the ex command lines that keys typed into Vim in
// Normal mode enter (a -s scriptin file, keys on stdin), one a line, and
// whether all of them are known (a register filled at run time is not).
func ExTypedKeys(keys string) (string, bool) {
	lines, unknown := newExState().keys(keys)
	return strings.Join(lines, "\n"), unknown == ""
}

// exWindowLines returns the ex commands keys typed in the command-line
// window may run: each line typed there, with and without a leading
// key that starts Insert mode.
func exWindowLines(k string) []string {
	var out []string
	for _, l := range strings.FieldsFunc(k, func(r rune) bool { return r == '\r' || r == '\n' || r == 0x1b || r == 0x06 }) {
		out = append(out, l)
		if strings.IndexByte("iaoOAI", l[0]) >= 0 && len(l) > 1 {
			out = append(out, l[1:])
		}
	}
	return out
}

// exCmdlineEdits applies the editing keys typed on a command line:
// <BS> deletes the character before, <C-W> the word before, <C-U> the
// whole line; ok is false for a key that moves the cursor or that the
// reader does not follow.
func exCmdlineEdits(line string) (string, bool) {
	if !strings.ContainsAny(line, "\x08\x15\x17\x7f") {
		return line, true
	}
	var b []byte
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == exOtherKey:
			return "", false
		case c == 0x12 && i+1 < len(line):
			b = append(b, c, line[i+1]) // a register name, read after
			i++
		case c == 0x08:
			if len(b) > 0 {
				b = b[:len(b)-1]
			}
		case c == 0x15:
			b = b[:0]
		case c == 0x17:
			for len(b) > 0 && b[len(b)-1] == ' ' {
				b = b[:len(b)-1]
			}
			for len(b) > 0 && b[len(b)-1] != ' ' {
				b = b[:len(b)-1]
			}
		default:
			b = append(b, c)
		}
	}
	return string(b), true
}

// typedLines adds command lines typed in Ex mode or the command-line
// window to lines, with their editing keys and registers applied.
func (st *exState) typedLines(lines, typed []string) ([]string, string) {
	for _, l := range typed {
		l, unk := st.cmdlineRegs(l)
		if unk != "" {
			return lines, unk
		}
		lines = append(lines, l)
	}
	return lines, ""
}
