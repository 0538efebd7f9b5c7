package syntax

import (
	"io"
	"net/netip"
	"os"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/google/shlex"
)

// sshSpec are ssh's options that take a value (ssh(1)); the first operand
// is the host and the words after it are the remote command.
var sshSpec = OptSpec{ShortVal: "BbcDEeFIiJLlmOoPpQRSWw", Stop: true}

// sshDestination reads ssh's words as ssh does: options, the destination,
// then, unless "--" came first, options once more (ssh host -t cmd), and
// returns the index in args of the destination and of the remote
// command's first word (len(args) when there is none), or -1, -1.
func sshDestination(args []Arg) (host, cmd int) {
	_, operands := ScanOptions(args, sshSpec)
	if len(operands) == 0 {
		return -1, -1
	}
	host = operands[0]
	if host > 0 && args[host-1].Value == "--" && args[host-1].Static {
		return host, host + 1
	}
	_, more := ScanOptions(args[host+1:], sshSpec)
	if len(more) == 0 {
		return host, len(args)
	}
	return host, host + 1 + more[0]
}

// moshSpec is mosh's options that take a value (mosh(1): --client,
// --server, --ssh, --predict, --family, -p/--port, --bind-server,
// --experimental-remote-ip; "=" or the next word).
var moshSpec = OptSpec{ShortVal: "p", LongEq: true, Stop: true, LongVal: []string{"client", "server", "ssh", "predict", "family",
	"port", "bind-server", "experimental-remote-ip"}}

// sshRemoteCommand returns the RemoteCommand set by ssh's -o options
// (-o RemoteCommand=TEXT, -oRemoteCommand TEXT: the key is matched
// without case, "=" or blanks separate it from the value; the first
// setting wins, as in ssh_config), and the index in args of the word
// that holds it.
func sshRemoteCommand(args []Arg) (Arg, int, bool) {
	opts, _ := ScanOptions(args, sshSpec)
	for _, o := range opts {
		if o.Name != "o" || !o.HasVal {
			continue
		}
		v := strings.TrimLeft(o.Val.Value, " \t")
		key, val := v, ""
		if k := strings.IndexAny(v, "= \t"); k >= 0 {
			key, val = v[:k], strings.TrimLeft(v[k:], " \t")
			val = strings.TrimLeft(strings.TrimPrefix(val, "="), " \t")
		}
		if strings.EqualFold(key, "RemoteCommand") && val != "" && !strings.EqualFold(val, "none") {
			return Arg{Value: val, Raw: val, Static: o.Val.Static}, o.ValIdx, true
		}
	}
	return Arg{}, -1, false
}

// sshOptionWords returns call's words without the destination at host,
// ssh reading options on both sides of it.
func sshOptionWords(call *Call, host int) []Arg {
	return append(append(make([]Arg, 0, len(call.Args)), call.Args[:host]...), call.Args[host+1:]...)
}

// tmuxSpec is tmux's own options before its command (tmux(1); getopt,
// so letters cluster: -uc TEXT is -u -c TEXT).
var tmuxSpec = OptSpec{ShortVal: "cfLST", Stop: true}

// tmuxShellCommands are the tmux commands whose last arguments are a
// shell command (tmux(1): one argument is given to sh -c, several are run
// as a program and its arguments), with the options that take a value
// (tmux 3.3a list-commands, checked by TestTmuxSpecsOracle; -p of
// split-window is the percentage older tmux documented and newer still
// reads, -c of run-shell the start directory of tmux 3.4; new -X, popup
// -B, -C and -E, respawn -k take none).
var tmuxShellCommands = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"new-session": "cefFnstxy", "new": "cefFnstxy",
		"new-window": "cenFt", "neww": "cenFt",
		"split-window": "celFpt", "splitw": "celFpt",
		"respawn-pane": "cet", "respawnp": "cet",
		"respawn-window": "cet", "respawnw": "cet",
		"run-shell": "cdt", "run": "cdt",
		"display-popup": "bcdehsStTwxy", "popup": "bcdehsStTwxy",
		"pipe-pane": "t", "pipep": "t",
		"if-shell": "t", "if": "t",
	}
}}

// tmuxCommandOpts are the options that take a value of the tmux commands
// that hold other commands, formats or typed text (tmux 3.3a
// list-commands, checked by TestTmuxSpecsOracle; letters a newer tmux
// added may be extra: send-keys -c, confirm-before -c, source-file -t,
// display-menu -b -C -H -s -S).
var tmuxCommandOpts = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"send-keys": "cNt", "display-message": "cdFt", "set-option": "t", "set-window-option": "t",
		"set-environment": "t", "set-hook": "t", "confirm-before": "cpt", "command-prompt": "IptT",
		"bind-key": "NT", "display-menu": "bcCHsStTxy", "source-file": "t",
	}
}}

// tmuxOpts is the option spec of tmux command name (tmuxCommandOpts):
// tmux's getopt stops at the first operand.
func tmuxOpts(name string) OptSpec {
	return OptSpec{ShortVal: tmuxCommandOpts.Get()[name], Stop: true}
}

// tmuxStartDir is the option of a tmux command that names the directory
// its shell command starts in (-c start-directory; display-popup's -d,
// its -c being the client).
func tmuxStartDir(name string) string {
	switch name {
	case "display-popup", "popup":
		return "d"
	case "new-session", "new", "new-window", "neww", "split-window", "splitw",
		"respawn-pane", "respawnp", "respawn-window", "respawnw", "run-shell", "run":
		return "c"
	}
	return ""
}

// detached models shell text that a program runs elsewhere or later: the
// remote command of ssh to this machine (localhost, a loopback address or
// the machine's own name: the login shell runs it from the home
// directory), the shell commands of tmux, and text that tmux send-keys or
// screen -X stuff types into a shell. It reports whether it handled call.
func (w *walker) detached(c scope, call *Call, st *state) bool {
	switch call.Name {
	case "ssh":
		words := append([]Arg{call.NameArg}, call.Args...)
		host, cmd := sshDestination(call.Args)
		i := cmd + 1 // in words
		if host >= 0 && call.sshPlace == sshMaybe && !sshToHere(call, host) {
			w.sshMaybeStdin(c, call)
		}
		if host >= 0 && i >= len(words) && sshToHere(call, host) {
			// ssh -o RemoteCommand=TEXT host: the remote shell runs TEXT
			// when no command is given (ssh_config(5)); ssh reads options
			// after the destination too (ssh host -o RemoteCommand=TEXT).
			if rc, _, ok := sshRemoteCommand(sshOptionWords(call, host)); ok {
				home := Dir{}
				if w.home != "" {
					home = Dir{Path: w.home, Known: true}
				}
				w.childIn(c, call, rc.Value, nil, "ssh RemoteCommand", !rc.Static, w.sshRemoteState(call, home), home)
				return true
			}
		}
		if host >= 0 && i >= len(words) && sshToHere(call, host) {
			// No command: the login shell reads ssh's stdin, from the
			// home directory (remoteshell.go).
			home := Dir{}
			if w.home != "" {
				home = Dir{Path: w.home, Known: true}
			}
			w.sshHdocSubst(c, call, st, home)
			return w.sshLoginShell(c, call, home)
		}
		if host < 0 || i >= len(words) || !sshToHere(call, host) {
			// Another machine's files are not this one's: only a command
			// run on this machine is judged. A destination only run time
			// or a proxy decides may be this machine: its command is
			// hidden text (sshtarget.go).
			if host >= 0 && i < len(words) && call.sshPlace == sshMaybe {
				parts := make([]string, 0, len(words)-i)
				for _, a := range words[i:] {
					parts = append(parts, a.Value)
				}
				text := strings.Join(parts, " ")
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: text,
					What: "ssh runs " + clip(text, 60) + " on a machine that may be this one (" + call.sshWhy + ")"})
			}
			return false
		}
		// ssh joins its words with spaces; the remote shell parses them.
		parts := make([]string, 0, len(words)-i)
		dynamic := false
		for _, a := range words[i:] {
			parts = append(parts, a.Value)
			dynamic = dynamic || !a.Static
		}
		home := Dir{}
		if w.home != "" {
			home = Dir{Path: w.home, Known: true}
		}
		// What ssh reads on stdin is the remote command's stdin
		// (ssh localhost bash <<EOF, sh -s < job.sh: remoteshell.go).
		w.childIn(c, call, strings.Join(parts, " "), nil, "ssh", dynamic, w.sshRemoteState(call, home), home)
		w.sshHdocSubst(c, call, st, home)
		return true
	case "mosh":
		// mosh [options] [--] HOST [--] CMD…: ssh's case, run by
		// mosh-server from the login shell on HOST.
		// Where HOST is, ssh's options and configuration decide
		// (resolveMosh): mosh box -- rm -rf ~ with Host box / HostName
		// 127.0.0.1 runs here; a host that may be this machine makes
		// the command hidden text.
		_, operands := ScanOptions(call.Args, moshSpec)
		if len(operands) == 0 {
			return false
		}
		rest := call.Args[operands[0]+1:]
		if len(rest) > 0 && rest[0].Static && rest[0].Value == "--" {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return false
		}
		if !sshToHere(call, operands[0]) {
			if call.sshPlace == sshMaybe {
				parts := make([]string, 0, len(rest))
				for _, a := range rest {
					parts = append(parts, a.Value)
				}
				text := strings.Join(parts, " ")
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: text,
					What: "mosh runs " + clip(text, 60) + " on a machine that may be this one (" + call.sshWhy + ")"})
			}
			return false
		}
		home := Dir{}
		if w.home != "" {
			home = Dir{Path: w.home, Known: true}
		}
		return w.argvChild(c, call, rest, "mosh", newState(home, w.home), home)
	case "ansible":
		w.ansible(c, call)
		return false
	case "ansible-playbook":
		w.ansiblePlaybook(c, call) // ansibleplaybook.go
		return false
	case "lftp":
		// The shell text of lftp's commands (lftp.go).
		w.lftp(c, call, st)
		return false
	case "tmux":
		return w.tmux(c, call, st)
	case "screen":
		return w.screen(c, call, st)
	case "kitty", "kitten", "wezterm", "zellij", "xdotool", "ydotool", "wtype":
		// A program started in a new window or pane (termlaunch.go);
		// text typed through another terminal's remote control, or into
		// the focused window (termsend.go).
		// kitty @ action combine may do both.
		launched := w.termLaunch(c, call)
		return w.termSendCall(c, call, st) || launched
	}
	return false
}

// screenSpec is screen's options (screen(1)): the letters that take a
// value; -X sends the operands to a running session as a screen command.
var screenSpec = OptSpec{ShortVal: "cehpStTsRrx", Stop: true}

// maxNestedCommands bounds how deeply tmux and screen commands that hold
// other commands (if-shell, set-hook, bind, source-file, eval) are
// followed.
const maxNestedCommands = 8

// screen models what screen runs: the screen command of -X (stuff types
// text into the session's shell, exec and screen run a program, eval runs
// screen commands, source a file of them), and the screen commands of the
// configuration file -c FILE. The program of screen [-dm] CMD is the
// wrappers'.
func (w *walker) screen(c scope, call *Call, st *state) bool {
	opts, operands := ScanOptions(call.Args, screenSpec)
	handled := false
	query := false
	for _, o := range opts {
		switch o.Name {
		case "c":
			if o.HasVal {
				w.screenFile(c, call, call.Dir, o.Val, st, 0)
				handled = true
			}
		case "X":
			query = true
		}
	}
	if query && len(operands) > 0 {
		// The session reads the words of -X as screen commands: each word
		// in double quotes, so its escapes and ^X are decoded (screenText).
		cmd := append([]Arg(nil), call.Args[operands[0]:]...)
		for i := range cmd {
			cmd[i].Value = screenText(cmd[i].Value)
		}
		if w.screenCommand(c, call, cmd, st, 0) {
			handled = true
		}
	}
	return handled
}

// screenText decodes a word as screen reads it inside double quotes,
// which is how the words of screen -X reach the session (screen 4.09,
// socket.c and Parse in process.c): \n, \r and \t are a newline, a
// carriage return and a tab, \NNN (one to three octal digits) the byte
// of that code, \ before ' " \ $ # or ^ that character, ^X the control
// character of X (^M a carriage return, ^J a newline, ^? DEL, ^^ 0x1e).
// A backslash before any other character stays, as does a final ^ or
// backslash. $NAME, which screen expands from its own environment, is
// left for the shell that reads the text.
func screenText(s string) string {
	if !strings.ContainsAny(s, `\^`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		i += screenEscape(&b, s, i) - 1
	}
	return b.String()
}

// screenEscape writes the character at s[i], or the escape that starts
// there (screenText), to b and returns how many bytes it took.
func screenEscape(b *strings.Builder, s string, i int) int {
	if i+1 >= len(s) || s[i] != '\\' && s[i] != '^' {
		b.WriteByte(s[i])
		return 1
	}
	next := s[i+1]
	if s[i] == '^' {
		if next == '?' {
			b.WriteByte(0x7f)
		} else {
			b.WriteByte(next & 0x1f)
		}
		return 2
	}
	switch next {
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case '\'', '"', '\\', '$', '#', '^':
		b.WriteByte(next)
	case '0', '1', '2', '3', '4', '5', '6', '7':
		n, v := 1, 0
		for ; n <= 3 && i+n < len(s) && s[i+n] >= '0' && s[i+n] <= '7'; n++ {
			v = v<<3 | int(s[i+n]-'0')
		}
		b.WriteByte(byte(v))
		return n
	default:
		b.WriteByte('\\')
		return 1
	}
	return 2
}

// screenParse splits one screen command as screen does (Parse in
// process.c): words separated by blanks, "…" and '…' quoting, escapes
// and ^X decoded outside single quotes (screenEscape), "#" or a newline
// where a word would start ending the command, and a leading "!" read as
// exec. ok is false for a missing closing quote (screen then runs
// nothing).
func screenParse(s string) (words []string, ok bool) {
	i := 0
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if len(words) == 0 && i < len(s) && s[i] == '!' {
			words = append(words, "exec")
			i++
			continue
		}
		if i >= len(s) || s[i] == '#' || s[i] == '\n' {
			return words, true
		}
		var b strings.Builder
		var delim byte
	word:
		for i < len(s) {
			ch := s[i]
			switch {
			case delim != 0 && ch == delim:
				delim = 0
			case delim != '\'' && (ch == '\\' || ch == '^'):
				i += screenEscape(&b, s, i)
				continue
			case delim == 0 && (ch == '\'' || ch == '"'):
				delim = ch
			case delim == 0 && (ch == ' ' || ch == '\t' || ch == '\n'):
				i++
				break word
			default:
				b.WriteByte(ch)
			}
			i++
		}
		if delim != 0 {
			return nil, false
		}
		words = append(words, b.String())
	}
}

// screenLines splits a file of screen commands (a screenrc, source FILE)
// into commands, a line each (a final backslash joins the next).
func screenLines(text string) [][]Arg {
	var out [][]Arg
	text = strings.ReplaceAll(text, "\\\n", " ")
	for _, line := range strings.Split(text, "\n") {
		if cmd := screenArgs(line, true); len(cmd) > 0 {
			out = append(out, cmd)
		}
	}
	return out
}

// screenArgs is the words of one screen command (screenParse) as Args.
func screenArgs(s string, static bool) []Arg {
	words, ok := screenParse(s)
	if !ok {
		return nil
	}
	args := make([]Arg, 0, len(words))
	for _, wd := range words {
		args = append(args, Arg{Value: wd, Raw: wd, Static: static})
	}
	return args
}

// screenFile models a file of screen commands (a screenrc, source FILE):
// a file that cannot be read, or is named at run time, is not known.
func (w *walker) screenFile(c scope, call *Call, dir Dir, a Arg, st *state, depth int) {
	if !a.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Value,
			What: "screen reads commands from " + clip(a.Raw, 40) + ", a file only known at run time"})
		return
	}
	text, ok := w.readScript(dir.Join(expandTilde(a.Value, w.home)))
	if !ok {
		return
	}
	for _, line := range screenLines(text) {
		w.screenCommand(c, call, line, st, depth+1)
	}
}

// screenCommand models one screen command with its arguments.
func (w *walker) screenCommand(c scope, call *Call, cmd []Arg, st *state, depth int) bool {
	if len(cmd) == 0 || depth > maxNestedCommands {
		return false
	}
	env := st.exportedOnly(Dir{}, w.home)
	switch cmd[0].Value {
	case "stuff":
		// stuff TEXT types TEXT into the session's shell.
		if len(cmd) > 1 {
			t := &cmd[1]
			w.typeInto(c, call, typedText{Text: t.Value, Dynamic: !t.Static}, "screen stuff", st)
			return true
		}
	case "readbuf", "register":
		// readbuf [-e enc] [FILE] fills the paste buffer (".") with FILE
		// (/tmp/screen-exchange by default); register [-e enc] KEY TEXT
		// fills register KEY.
		_, ops := ScanOptions(cmd[1:], OptSpec{ShortVal: "e", Stop: true})
		args := make([]Arg, 0, len(ops))
		for _, i := range ops {
			args = append(args, cmd[1+i])
		}
		key, t := ".", typedText{Dynamic: true}
		if cmd[0].Value == "register" {
			if len(args) < 2 {
				return false
			}
			key, t = args[0].Value, typedText{Text: args[1].Value, Dynamic: !args[1].Static}
		} else {
			file := Arg{Value: "/tmp/screen-exchange", Static: true}
			if len(args) > 0 {
				file = args[0]
			}
			if file.Static {
				if text, ok := w.readScript(call.Dir.Join(expandTilde(file.Value, w.home))); ok {
					t = typedText{Text: text}
				}
			}
		}
		if w.screenBufs == nil {
			w.screenBufs = map[string]typedText{}
		}
		w.screenBufs[key] = t
		return false
	case "paste":
		// paste [REGS [DEST]]: the registers' text (REGS, one letter
		// each, "." the paste buffer; "." when none is named) is typed
		// into the window, or copied to register DEST.
		regs := "."
		if len(cmd) > 1 {
			if !cmd[1].Static {
				regs = "\x00"
			} else {
				regs = cmd[1].Value
			}
		}
		var t typedText
		known := true
		for _, r := range regs {
			b, ok := w.screenBufs[string(r)]
			known = known && ok && !(b.Dynamic && b.Text == "")
			t = w.joinTyped(t, b)
		}
		if len(cmd) > 2 {
			if w.screenBufs == nil {
				w.screenBufs = map[string]typedText{}
			}
			if !known {
				t = typedText{Dynamic: true}
			}
			w.screenBufs[cmd[2].Value] = t
			return false
		}
		if !known {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
				What: "screen paste types a register's text into a shell, only known at run time"})
			return true
		}
		w.typeInto(c, call, t, "screen paste", st)
		return true
	case "exec":
		// exec [[fdpat] cmd [args]]: fdpat is made of . ! : and |.
		rest := cmd[1:]
		if len(rest) > 0 && strings.Trim(rest[0].Value, ".!:|") == "" {
			rest = rest[1:]
		}
		return w.argvChild(c, call, rest, "screen exec", env, Dir{})
	case "screen":
		// screen [-opts] [n] [cmd [args]] opens a window running cmd.
		_, ops := ScanOptions(cmd[1:], OptSpec{ShortVal: "tThs", Stop: true})
		if len(ops) == 0 {
			return false
		}
		rest := cmd[1+ops[0]:]
		if isNumber(rest[0].Value) {
			rest = rest[1:]
		}
		return w.argvChild(c, call, rest, "screen screen", env, Dir{})
	case "eval":
		// eval CMD…: each argument is one screen command, parsed again.
		handled := false
		for _, a := range cmd[1:] {
			if w.screenCommand(c, call, screenArgs(a.Value, a.Static), st, depth+1) {
				handled = true
			}
		}
		return handled
	case "source":
		if len(cmd) > 1 {
			w.screenFile(c, call, call.Dir, cmd[1], st, depth)
			return true
		}
	case "at":
		// at [identifier][#|*|%] command [args]: command runs in the
		// windows (or for the displays) the identifier names, at '#'
		// in every window.
		if len(cmd) > 2 {
			return w.screenCommand(c, call, cmd[2:], st, depth+1)
		}
	case "bind", "bindkey":
		// bind [-c class] key [command [args]], bindkey [-opts] [string
		// [cmd args]]: the command runs when the key is pressed.
		_, ops := ScanOptions(cmd[1:], OptSpec{ShortVal: "c", Stop: true})
		if len(ops) > 0 && 1+ops[0]+1 < len(cmd) {
			return w.screenCommand(c, call, cmd[1+ops[0]+1:], st, depth+1)
		}
	}
	return false
}

// argvChild models words that a program runs as a command and its
// arguments (not through a shell).
func (w *walker) argvChild(c scope, call *Call, words []Arg, kind string, env *state, dir Dir) bool {
	if len(words) == 0 {
		return false
	}
	parts := make([]string, 0, len(words))
	dynamic := false
	for _, a := range words {
		parts = append(parts, Quote(a.Value))
		dynamic = dynamic || !a.Static
	}
	if env == nil {
		env = w.cur.exportedOnly(dir, w.home)
	}
	w.childIn(c, call, strings.Join(parts, " "), nil, kind, dynamic, env, dir)
	return true
}

// commandFileLines splits the text of a tmux or screen configuration
// file, or a command string given to one, into commands: lines (a final
// backslash joins the next), words with shell-like quoting, "#" comments,
// and ";" (a word of its own, or ending a word), "{" and "}" between
// commands. A line that cannot be split is left out.
func commandFileLines(text string) [][]Arg {
	var out [][]Arg
	text = strings.ReplaceAll(text, "\\\n", " ")
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' || line[0] == '%' {
			continue
		}
		words, err := shlex.Split(line)
		if err != nil {
			continue
		}
		var cur []Arg
		flush := func() {
			if len(cur) > 0 {
				out = append(out, cur)
			}
			cur = nil
		}
		for _, wd := range words {
			switch {
			case wd == ";" || wd == "{" || wd == "}":
				flush()
			case strings.HasSuffix(wd, ";") && !strings.HasSuffix(wd, "\\;"):
				cur = append(cur, Arg{Value: strings.TrimSuffix(wd, ";"), Raw: wd, Static: true})
				flush()
			default:
				cur = append(cur, Arg{Value: wd, Raw: wd, Static: true})
			}
		}
		flush()
	}
	return out
}

// typed turns keys typed into a shell into the text the shell reads: a
// carriage return or newline ends a line.
func typed(s string) string {
	return strings.NewReplacer("\r", "\n", "^M", "\n").Replace(s)
}

// tmux models the shell commands of a tmux command line (commands are
// separated by a ";" word).
func (w *walker) tmux(c scope, call *Call, st *state) bool {
	args := call.Args
	// tmux's own options before the command (tmuxSpec).
	opts, operands := ScanOptions(args, tmuxSpec)
	for _, o := range opts {
		if o.Name == "f" && o.HasVal {
			// tmux -f FILE reads FILE's commands when it starts a server.
			w.tmuxFile(c, call, o.Val, st)
		}
		if o.Name != "c" || !o.HasVal {
			continue
		}
		// tmux -c TEXT runs TEXT with the default shell.
		var host *Arg
		if !o.Attached {
			host = &args[o.Idx+1]
		}
		w.childIn(c, call, o.Val.Value, host, "tmux -c", !o.Val.Static, st.exportedOnly(Dir{}, w.home), Dir{})
		return true
	}
	i := len(args)
	if len(operands) > 0 {
		i = operands[0]
	}
	handled := false
	for i < len(args) {
		end := i
		for end < len(args) && args[end].Value != ";" && args[end].Value != `\;` {
			end++
		}
		// A word that ends in ";" ends a command too (tmux display hi\;
		// run CMD: tmuxArgCommands).
		for _, cmd := range tmuxArgCommands(args[i:end]) {
			if w.tmuxCommand(c, call, cmd, st) {
				handled = true
			}
		}
		i = end + 1
	}
	return handled
}

// tmuxCommand models one tmux command with its arguments.
func (w *walker) tmuxCommand(c scope, call *Call, cmd []Arg, st *state) bool {
	if len(cmd) == 0 || !cmd[0].Static {
		return false
	}
	name, ok := tmuxCommandName(cmd[0].Value)
	if !ok {
		return false
	}
	var ops []Arg
	if name == "send-keys" || name == "send" {
		// -t target, -N count, -c client take a value; -H gives each key
		// as the hexadecimal code of a character.
		opts, operands := ScanOptions(cmd[1:], tmuxOpts(name))
		if len(operands) > 0 {
			ops = cmd[1+operands[0]:]
		}
		hex, formats := false, false
		for _, o := range opts {
			hex = hex || o.Name == "H"
			formats = formats || o.Name == "F"
		}
		if formats {
			// send-keys -F expands each key as a format first.
			for _, k := range ops {
				w.tmuxFormat(c, call, k, st)
			}
		}
		// Each key word is typed; Enter, C-m and KPEnter end a line.
		var b strings.Builder
		dynamic := false
		for _, k := range ops {
			dynamic = dynamic || !k.Static
			if hex {
				if ch, ok := hexKey(k.Value); ok {
					b.WriteByte(ch)
				}
				continue
			}
			switch k.Value {
			case "Enter", "C-m", "KPEnter", "C-j":
				b.WriteString("\n")
			default:
				b.WriteString(k.Value)
			}
		}
		if b.Len() == 0 && !dynamic {
			return false
		}
		w.typeInto(c, call, typedText{Text: b.String(), Dynamic: dynamic}, "tmux send-keys", st)
		return true
	}
	switch name {
	case "set-buffer", "setb", "load-buffer", "loadb":
		return w.tmuxFillBuffer(c, call, name, cmd[1:], st)
	case "paste-buffer", "pasteb":
		return w.tmuxPaste(c, call, cmd[1:], st)
	case "set-option", "set-window-option":
		// set-option [-aFgopqsuUw] [-t target] OPTION VALUE: new panes run
		// default-command with the default shell, or default-shell
		// itself when no command is set; a locked client runs
		// lock-command with the shell. Any option's value may be a
		// format, whose #(…) commands run when it is shown.
		_, operands := ScanOptions(cmd[1:], tmuxOpts(name))
		if len(operands) < 2 || !cmd[1+operands[0]].Static {
			return false
		}
		val := cmd[1+operands[1]]
		handled := w.tmuxFormat(c, call, val, st)
		switch opt := cmd[1+operands[0]].Value; {
		case tmuxOption(opt, "default-command"):
			w.childIn(c, call, val.Value, nil, "tmux default-command", !val.Static, st.exportedOnly(call.Dir, w.home), call.Dir)
			return true
		case tmuxOption(opt, "lock-command"):
			w.childIn(c, call, val.Value, nil, "tmux lock-command", !val.Static, st.exportedOnly(call.Dir, w.home), call.Dir)
			return true
		case tmuxOption(opt, "default-shell"):
			return w.argvChild(c, call, []Arg{val}, "tmux default-shell", st.exportedOnly(call.Dir, w.home), call.Dir) || handled
		}
		return handled
	case "display-message":
		// display-message [-aIlNpv] [-c client] [-d delay] [-t pane]
		// [MESSAGE]: MESSAGE is a format, expanded unless -l.
		// -F FORMAT is the message when given.
		opts, operands := ScanOptions(cmd[1:], tmuxOpts(name))
		handled := false
		for _, o := range opts {
			if o.Name == "l" {
				return false
			}
			if o.Name == "F" && o.HasVal && w.tmuxFormat(c, call, o.Val, st) {
				handled = true
			}
		}
		if len(operands) == 0 {
			return handled
		}
		return w.tmuxFormat(c, call, cmd[1+operands[len(operands)-1]], st) || handled
	case "set-environment", "setenv":
		// set-environment [-Fhgru] [-t session] NAME VALUE: the
		// environment of the panes and commands tmux starts from then.
		_, operands := ScanOptions(cmd[1:], tmuxOpts(name))
		if len(operands) < 2 || !cmd[1+operands[0]].Static {
			return false
		}
		return w.tmuxStartupFile(c, call, cmd[1+operands[0]].Value, cmd[1+operands[1]], st)
	}
	switch name {
	case "set-hook", "confirm-before", "confirm":
		// set-hook [-agpRuw] [-t target] HOOK COMMAND runs COMMAND when
		// the hook fires; confirm-before [-by] [-c key] [-p prompt] [-t
		// client] COMMAND when the user says yes; its prompt is a format,
		// expanded when it is shown.
		at := 1 // the command string after the hook's name
		if name != "set-hook" {
			at = 0
		}
		opts, operands := ScanOptions(cmd[1:], tmuxOpts(name))
		handled := false
		for _, o := range opts {
			if o.Name == "p" && o.HasVal && w.tmuxFormat(c, call, o.Val, st) {
				handled = true
			}
		}
		if len(operands) > at {
			return w.tmuxString(c, call, cmd[1+operands[at]], st) || handled
		}
		return handled
	case "command-prompt":
		// command-prompt [-1bFikN] [-I inputs] [-p prompts] [-t client]
		// [-T type] [template]: the template is tmux commands, run when
		// the prompt is answered with each %% and %N replaced by the
		// answers; -I fills the prompts in, so Enter alone answers with
		// them (tmuxPromptTemplate). -F expands the template as a format
		// first. The prompts of -p and the inputs of -I are formats,
		// expanded when the prompt is shown.
		opts, operands := ScanOptions(cmd[1:], tmuxOpts(name))
		handled := false
		for _, o := range opts {
			if (o.Name == "p" || o.Name == "I") && o.HasVal && w.tmuxFormat(c, call, o.Val, st) {
				handled = true
			}
		}
		if len(operands) == 0 {
			return handled
		}
		tmpl := cmd[1+operands[0]]
		for _, o := range opts {
			switch {
			case o.Name == "F":
				handled = w.tmuxFormat(c, call, tmpl, st) || handled
			case o.Name == "I" && o.HasVal:
				tmpl.Value = tmuxPromptTemplate(tmpl.Value, o.Val.Value)
				tmpl.Static = tmpl.Static && o.Val.Static
			}
		}
		return w.tmuxString(c, call, tmpl, st) || handled
	case "bind-key", "bind":
		// bind-key [-nr] [-T table] [-N note] KEY COMMAND [ARGS]: the
		// command runs when the key is pressed, which is judged as run. A
		// single word after the key is a command string, parsed as a
		// configuration line (bind x "run 'cmd'"); several are split
		// into commands as tmux's own arguments are (tmuxArgCommands).
		_, operands := ScanOptions(cmd[1:], tmuxOpts(name))
		switch {
		case len(operands) == 2:
			return w.tmuxString(c, call, cmd[1+operands[1]], st)
		case len(operands) > 2:
			return w.tmuxNested(c, call, tmuxArgCommands(cmd[1+operands[1]:]), st)
		}
		return false
	case "display-menu":
		return w.tmuxMenu(c, call, cmd[1:], st)
	case "list-sessions", "list-windows", "list-panes", "list-clients", "list-buffers",
		"choose-tree", "choose-buffer", "choose-client":
		// -F FORMAT (what each line shows), -f FILTER and choose's -K
		// KEY-FORMAT are formats.
		opts, _ := ScanOptions(cmd[1:], OptSpec{ShortVal: "FfKOt"})
		handled := false
		for _, o := range opts {
			if (o.Name == "F" || o.Name == "f" || o.Name == "K") && o.HasVal && w.tmuxFormat(c, call, o.Val, st) {
				handled = true
			}
		}
		return handled
	case "source-file", "source":
		// source-file [-Fnqv] [-t target] PATH…: commands from files;
		// -F expands each path as a format first.
		opts, operands := ScanOptions(cmd[1:], OptSpec{ShortVal: "t"})
		handled := false
		for _, o := range opts {
			if o.Name == "F" {
				for _, i := range operands {
					handled = w.tmuxFormat(c, call, cmd[1+i], st) || handled
				}
			}
		}
		for _, i := range operands {
			if w.tmuxFile(c, call, cmd[1+i], st) {
				handled = true
			}
		}
		return handled
	}
	vals, ok := tmuxShellCommands.Get()[name]
	if !ok {
		return false
	}
	opts, operands := ScanOptions(cmd[1:], OptSpec{ShortVal: vals, Stop: true})
	handled := false
	for _, o := range opts {
		// new -P -F FORMAT: the format printed for the new pane; the
		// start directory is a format too, and popup's -T TITLE, -x and
		// -y POSITION.
		formats := o.Name == "F" && strings.ContainsRune(vals, 'F') || o.Name == tmuxStartDir(name) ||
			name == "display-popup" && (o.Name == "T" || o.Name == "x" || o.Name == "y")
		if formats && o.HasVal && w.tmuxFormat(c, call, o.Val, st) {
			handled = true
		}
		// new -e NAME=VALUE: the pane's environment.
		if o.Name == "e" && o.HasVal && strings.ContainsRune(vals, 'e') {
			name, _, _ := strings.Cut(o.Val.Value, "=")
			v := o.Val
			v.Value = strings.TrimPrefix(v.Value, name+"=")
			if w.tmuxStartupFile(c, call, name, v, st) {
				handled = true
			}
		}
	}
	if len(operands) == 0 {
		return handled
	}
	j := 1 + operands[0]
	ops = cmd[j:]
	if name == "run-shell" || name == "run" {
		for _, o := range opts {
			if o.Name == "C" {
				// run-shell -C: the argument is tmux commands, not shell
				// text.
				for _, a := range ops {
					w.tmuxString(c, call, a, st)
				}
				return true
			}
		}
	}
	if name == "if-shell" || name == "if" {
		// The condition is shell text; the two commands after it are tmux
		// commands, one of which runs.
		for _, a := range ops[1:] {
			w.tmuxString(c, call, a, st)
		}
		ops = ops[:1]
		for _, o := range opts {
			if o.Name == "F" {
				// if-shell -F: the condition is a format, not shell text.
				w.tmuxFormat(c, call, ops[0], st)
				return true
			}
		}
	}
	if tmuxExpandsShell(name) && len(ops) > 0 {
		// run-shell, if-shell and pipe-pane expand their shell command as
		// a format before the shell reads it: its #(…) run first.
		w.tmuxFormat(c, call, ops[0], st)
	}
	dynamic := false
	parts := make([]string, 0, len(ops))
	for _, a := range ops {
		dynamic = dynamic || !a.Static
		if len(ops) == 1 && !a.Static {
			// tmux new -d "$(cat f)": the text printed (fileprint.go).
			if t, ok := w.hostSubstText(c, call, &a); ok {
				parts = append(parts, t)
				continue
			}
		}
		if len(ops) == 1 {
			parts = append(parts, a.Value)
		} else {
			parts = append(parts, Quote(a.Value))
		}
	}
	// new-session starts in the client's working directory; the other
	// commands in a pane's or the server's, which corral does not know.
	// The start directory option (tmuxStartDir) names it.
	start := Dir{}
	if name == "new-session" || name == "new" {
		start = call.Dir
	}
	if d := tmuxStartDir(name); d != "" {
		for _, o := range opts {
			if o.Name == d && o.HasVal {
				start = w.optionDir(call.Dir, o)
			}
		}
	}
	w.childIn(c, call, strings.Join(parts, " "), nil, "tmux "+name, dynamic, st.exportedOnly(start, w.home), start)
	return true
}

// tmuxPromptTemplate fills a command-prompt template with the inputs
// of -I (one per prompt, separated by commas), as tmux does when each
// prompt is answered (cmd_template_replace): the answer to prompt N
// replaces every %N and the first %% (%%% also), in order.
func tmuxPromptTemplate(tmpl, inputs string) string {
	for i, in := range strings.Split(inputs, ",") {
		idx := byte('1' + i)
		var b strings.Builder
		replaced := false
		for k := 0; k < len(tmpl); k++ {
			ch := tmpl[k]
			if ch != '%' || k+1 >= len(tmpl) {
				b.WriteByte(ch)
				continue
			}
			next := tmpl[k+1]
			switch {
			case i < 9 && next == idx:
			case next == '%' && !replaced:
				replaced = true
			default:
				b.WriteByte(ch)
				continue
			}
			k++
			if k+1 < len(tmpl) && tmpl[k+1] == '%' {
				k++
			}
			b.WriteString(in)
		}
		tmpl = b.String()
	}
	return tmpl
}

// tmuxString models a tmux command string (if-shell's, set-hook's): tmux
// parses it into commands as it parses its configuration.
func (w *walker) tmuxString(c scope, call *Call, a Arg, st *state) bool {
	if !a.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: a.Value,
			What: "tmux runs the commands " + clip(a.Raw, 60) + ", only known at run time"})
		return true
	}
	return w.tmuxNested(c, call, commandFileLines(a.Value), st)
}

// tmuxFile models a file of tmux commands (source-file, tmux -f).
func (w *walker) tmuxFile(c scope, call *Call, a Arg, st *state) bool {
	if a.Static && a.Value == "-" {
		a.Value = "/dev/stdin" // source-file -: the client's stdin (tmux 3.2)
	}
	if w.streamNamed(a) {
		// /dev/stdin, /dev/fd/N, <(…): the text it carries (configinput.go).
		if text, ok := w.configText(c, call, a, "tmux reads commands"); ok {
			w.tmuxNested(c, call, commandFileLines(text), st)
		}
		return true
	}
	if !a.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Value,
			What: "tmux reads commands from " + clip(a.Raw, 40) + ", a file only known at run time"})
		return true
	}
	text, ok := w.readCode(call, call.Dir.Join(expandTilde(a.Value, w.home)))
	if !ok {
		return false
	}
	return w.tmuxNested(c, call, commandFileLines(text), st)
}

// tmuxNested models tmux commands held by another (a string, a file, a
// key binding), to a bounded depth.
func (w *walker) tmuxNested(c scope, call *Call, cmds [][]Arg, st *state) bool {
	if w.nestedCmds >= maxNestedCommands {
		return false
	}
	w.nestedCmds++
	defer func() { w.nestedCmds-- }()
	handled := false
	for _, cmd := range cmds {
		if w.tmuxCommand(c, call, cmd, st) {
			handled = true
		}
	}
	return handled
}

// tmuxExpandsShell reports a tmux command that expands its shell command
// as a format before running it (run-shell, if-shell, pipe-pane; tmux
// 3.3a cmd-run-shell.c, cmd-if-shell.c, cmd-pipe-pane.c).
func tmuxExpandsShell(name string) bool {
	return name == "run-shell" || name == "if-shell" || name == "pipe-pane"
}

// tmuxArgCommands splits words given to tmux as arguments into commands,
// as tmux does (cmd_parse_from_arguments): a word that ends in ";" ends
// a command, without it; one that ends in "\;" is a word ending in ";".
func tmuxArgCommands(args []Arg) [][]Arg {
	var out [][]Arg
	var cur []Arg
	for _, a := range args {
		v := a.Value
		if !a.Static || !strings.HasSuffix(v, ";") {
			cur = append(cur, a)
			continue
		}
		v = v[:len(v)-1]
		if strings.HasSuffix(v, `\`) {
			a.Value = v[:len(v)-1] + ";"
			cur = append(cur, a)
			continue
		}
		if v != "" {
			a.Value = v
			cur = append(cur, a)
		}
		if len(cur) > 0 {
			out = append(out, cur)
		}
		cur = nil
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// tmuxMenu models display-menu [-MO] [-b lines] [-c client] [-C choice]
// [-H style] [-s style] [-S style] [-t pane] [-T title] [-x position]
// [-y position] NAME KEY COMMAND …: the title, the positions and each
// item's name and command are formats, expanded when the menu is shown
// (tmux 3.3a cmd-display-menu.c, menu_add_item); an item's command is
// tmux commands, run when the item is chosen (its key pressed or it is
// clicked), which is judged as run. An empty NAME is a separator line,
// one word; a name that starts with "-" is shown but cannot be chosen.
// Items that do not make whole triples show no menu.
func (w *walker) tmuxMenu(c scope, call *Call, args []Arg, st *state) bool {
	opts, operands := ScanOptions(args, tmuxOpts("display-menu"))
	handled := false
	for _, o := range opts {
		if (o.Name == "T" || o.Name == "x" || o.Name == "y") && o.HasVal && w.tmuxFormat(c, call, o.Val, st) {
			handled = true
		}
	}
	if len(operands) == 0 {
		return handled
	}
	items := args[operands[0]:]
	whole := true
	for i := 0; i < len(items); {
		if items[i].Static && items[i].Value == "" {
			i++
			continue
		}
		if i+3 > len(items) {
			whole = false
		}
		i += 3
	}
	for i := 0; i < len(items); {
		nm := items[i]
		if nm.Static && nm.Value == "" {
			i++
			continue
		}
		if i+3 > len(items) {
			break
		}
		item := items[i+2]
		i += 3
		if w.tmuxFormat(c, call, nm, st) {
			handled = true
		}
		if w.tmuxFormat(c, call, item, st) {
			handled = true
		}
		if !whole || nm.Static && strings.HasPrefix(nm.Value, "-") && !strings.Contains(nm.Value, "#") {
			continue
		}
		if w.tmuxString(c, call, item, st) {
			handled = true
		}
	}
	return handled
}

// loopbackHost reports whether ssh's host word ([user@]host, or the URI
// form ssh://[user@]host[:port]) names this machine. Host names are
// compared without case and without a final dot (the resolver ignores
// both); the names the resolver maps to loopback (localhost and its
// subdomains, ip6-localhost, localhost6, the names /etc/hosts gives a
// loopback address), IPv4 addresses in every form inet_aton reads
// (127.1, 0x7f000001, 2130706433, 0177.0.0.1; 0 and 0.0.0.0 reach the
// local host), IPv6 loopback and unspecified addresses (::1, [::],
// ::ffff:127.0.0.1) and this machine's own name all count.
// LoopbackHost reports whether ssh's host word names this machine
// (loopbackHost): scp to localhost:PATH writes PATH here.
func LoopbackHost(a Arg) bool { return loopbackHost(a) }

func loopbackHost(a Arg) bool {
	if !a.Static {
		// ssh "$(hostname)", ssh me@$HOSTNAME: this machine, named at
		// run time (thismachine.go).
		b, ok := ThisMachineArg(a)
		if !ok {
			return false
		}
		a = b
	}
	h := sshHostPart(a.Value)
	return loopbackName(h)
}

// loopbackName reports whether the host name or address h reaches this
// machine.
func loopbackName(h string) bool {
	h = strings.ToLower(strings.TrimSuffix(h, "."))
	if h == "" {
		return false
	}
	switch h {
	case "localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback", "localhost6", "localhost6.localdomain6":
		return true
	}
	if strings.HasSuffix(h, ".localhost") {
		return true // RFC 6761: every name under localhost is loopback
	}
	if ip, ok := inetAton(h); ok {
		return ip>>24 == 127 || ip == 0
	}
	if i := strings.IndexByte(h, '%'); i >= 0 {
		h = h[:i] // a zone names the interface, not the host
	}
	if addr, err := netip.ParseAddr(h); err == nil {
		addr = addr.Unmap()
		return addr.IsLoopback() || addr.IsUnspecified()
	}
	if ownHostName(h) {
		return true
	}
	return hostsLoopback.Get()[h]
}

// ownHostName reports whether h is this machine's host name (or its
// first label, or a name under it).
func ownHostName(h string) bool {
	h = strings.ToLower(strings.TrimSuffix(h, "."))
	if name, err := os.Hostname(); err == nil && name != "" && h != "" {
		name = strings.ToLower(strings.TrimSuffix(name, "."))
		if h == name || strings.HasPrefix(h, name+".") || strings.HasPrefix(name, h+".") {
			return true
		}
	}
	return false
}

// inetAton reads s as inet_aton(3) does, which is how the resolver takes
// an IPv4 address: one to four parts separated by dots, each decimal,
// octal (a leading 0) or hexadecimal (0x); the last part fills the bytes
// the others left.
func inetAton(s string) (uint32, bool) {
	parts := strings.Split(s, ".")
	if len(parts) > 4 {
		return 0, false
	}
	vals := make([]uint64, len(parts))
	for i, p := range parts {
		base := 10
		switch {
		case strings.HasPrefix(p, "0x"):
			base, p = 16, p[2:]
		case len(p) > 1 && p[0] == '0':
			base, p = 8, p[1:]
		}
		if p == "" && base != 8 {
			return 0, false
		}
		if p == "" {
			p = "0"
		}
		v, err := strconv.ParseUint(p, base, 32)
		if err != nil {
			return 0, false
		}
		vals[i] = v
	}
	var ip uint64
	for i, v := range vals[:len(vals)-1] {
		if v > 255 {
			return 0, false
		}
		ip |= v << (24 - 8*uint(i))
	}
	last := vals[len(vals)-1]
	if last >= 1<<(32-8*uint(len(vals)-1)) {
		return 0, false
	}
	return uint32(ip | last), true
}

// hostsFile is the resolver's table of names, read once and bounded.
var hostsFile = "/etc/hosts"

// hostsLoopback are the names the hosts file gives a loopback or
// unspecified address (127.0.1.1 myhost on Debian).
var hostsLoopback = lazy.Value[map[string]bool]{New: hostsLoopbackFrom}

// hostsLoopbackFrom reads the hosts file for hostsLoopback.
func hostsLoopbackFrom() map[string]bool {
	out := map[string]bool{}
	f, err := os.Open(hostsFile)
	if err != nil {
		return out
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return out
	}
	data, _ := io.ReadAll(io.LimitReader(f, 1<<20))
	for _, line := range strings.Split(string(data), "\n") {
		line, _, _ = strings.Cut(line, "#")
		fields := strings.Fields(line)
		if len(fields) < 2 {
			continue
		}
		addr, err := netip.ParseAddr(fields[0])
		if err != nil {
			continue
		}
		addr = addr.Unmap()
		if !addr.IsLoopback() && !addr.IsUnspecified() {
			continue
		}
		for _, n := range fields[1:] {
			out[strings.ToLower(strings.TrimSuffix(n, "."))] = true
		}
	}
	return out
}

// expandTilde replaces a leading ~/ (or a lone ~) of a file name read from
// a configuration with the home directory.
func expandTilde(p, home string) string {
	if home == "" {
		return p
	}
	if p == "~" {
		return home
	}
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		return home + "/" + rest
	}
	return p
}

// typedText is text typed into a shell pane, with whether run time
// chooses any of it.
type typedText struct {
	Text    string
	Dynamic bool
}

// typeInto models text typed into the shell of a tmux pane or a screen
// window: the shell reads it as commands, in the directory the pane
// started in, taken to be the one tmux was run from (new-session and
// new-window start there unless -c names another).
func (w *walker) typeInto(c scope, call *Call, t typedText, kind string, st *state) {
	w.childIn(c, call, typed(t.Text), nil, kind, t.Dynamic, st.exportedOnly(call.Dir, w.home), call.Dir)
}

// hexKey reads a key of send-keys -H as tmux does (strtol base 16: blanks,
// a sign and 0x may lead): the code of one character, at most 0xff.
func hexKey(s string) (byte, bool) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	s = strings.TrimPrefix(s, "+")
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s = s[2:]
	}
	n, err := strconv.ParseUint(s, 16, 8)
	if err != nil {
		return 0, false
	}
	return byte(n), true
}

// tmuxFillBuffer models set-buffer [-aw] [-b NAME] [-n NEW] [-t client]
// DATA and load-buffer [-w] [-b NAME] [-t client] PATH: a paste buffer
// gets DATA or the file's text (PATH "-" is standard input), which
// paste-buffer types into a pane later. -a appends to the buffer.
func (w *walker) tmuxFillBuffer(c scope, call *Call, name string, args []Arg, st *state) bool {
	opts, operands := ScanOptions(args, OptSpec{ShortVal: "bnt", Stop: true})
	buf, appendTo := "", false
	for _, o := range opts {
		switch {
		case o.Name == "b" && o.HasVal:
			buf = o.Val.Value
		case o.Name == "a":
			appendTo = true
		}
	}
	if len(operands) == 0 {
		return false
	}
	a := args[operands[0]]
	var t typedText
	if name == "set-buffer" || name == "setb" {
		t = typedText{Text: a.Value, Dynamic: !a.Static}
	} else {
		text, ok := "", false
		if a.Static && a.Value != "-" {
			text, ok = w.readScript(call.Dir.Join(expandTilde(a.Value, w.home)))
		}
		if !ok {
			t = typedText{Dynamic: true}
		} else {
			t = typedText{Text: text}
		}
	}
	if w.tmuxBufs == nil {
		w.tmuxBufs = map[string]typedText{}
	}
	if old, ok := w.tmuxBufs[buf]; ok && appendTo {
		t = w.joinTyped(old, t)
	}
	w.tmuxBufs[buf] = t
	w.tmuxTop = buf
	return false
}

// tmuxPaste models paste-buffer [-dpr] [-b NAME] [-s SEP] [-t pane]: the
// buffer's text is typed into the pane, each newline replaced by SEP
// (a carriage return by default, none with -r). A buffer this command
// did not fill, or a file that could not be read, holds text only known
// at run time.
func (w *walker) tmuxPaste(c scope, call *Call, args []Arg, st *state) bool {
	opts, _ := ScanOptions(args, OptSpec{ShortVal: "bst", Stop: true})
	buf := w.tmuxTop
	sep, hasSep := Arg{}, false
	for _, o := range opts {
		switch {
		case o.Name == "b" && o.HasVal:
			buf = o.Val.Value
			if !o.Val.Static {
				buf = "\x00"
			}
		case o.Name == "s" && o.HasVal:
			sep, hasSep = o.Val, true
		}
	}
	t, ok := w.tmuxBufs[buf]
	if !ok || t.Dynamic && t.Text == "" {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
			What: "tmux paste-buffer types a buffer's text into a shell, only known at run time"})
		return true
	}
	if hasSep {
		if n := strings.Count(t.Text, "\n"); len(t.Text)+n*len(sep.Value) > MaxSource {
			w.m.Truncated = true
			return true
		}
		t.Text = strings.ReplaceAll(t.Text, "\n", sep.Value)
		t.Dynamic = t.Dynamic || !sep.Static
	}
	w.typeInto(c, call, t, "tmux paste-buffer", st)
	return true
}

// tmuxStartupFile models NAME=VALUE in the environment of what tmux
// starts (set-environment, new -e): a shell that is not interactive (a
// pane's command, run-shell) sources $BASH_ENV, an interactive sh
// sources $ENV. The file is judged as that shell's start-up file; one
// only known at run time is hidden.
func (w *walker) tmuxStartupFile(c scope, call *Call, name string, v Arg, st *state) bool {
	if name != "BASH_ENV" && name != "ENV" {
		return false
	}
	if !v.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: v.Value,
			What: "tmux gives the shells it starts " + name + "=" + clip(v.Raw, 40) + ", a start-up file only known at run time"})
		return true
	}
	if v.Value == "" {
		return false
	}
	// The shell that reads it, started as tmux starts it, so the file is
	// judged as every start-up file is (shellReads).
	shell := " bash -c :"
	if name == "ENV" {
		shell = " sh -i -c :"
	}
	w.childIn(c, call, name+"="+Quote(expandTilde(v.Value, w.home))+shell, nil, "tmux "+name, false, st.exportedOnly(call.Dir, w.home), call.Dir)
	return true
}

// tmuxCommands are tmux's commands with their aliases, in tmux's order
// (tmux 3.3a, list-commands).
var tmuxCommands = lazy.Value[[][2]string]{New: func() [][2]string {
	return [][2]string{
		{"attach-session", "attach"}, {"bind-key", "bind"},
		{"break-pane", "breakp"}, {"capture-pane", "capturep"},
		{"choose-buffer", ""}, {"choose-client", ""}, {"choose-tree", ""},
		{"clear-history", "clearhist"}, {"clear-prompt-history", "clearphist"},
		{"clock-mode", ""}, {"command-prompt", ""}, {"confirm-before", "confirm"},
		{"copy-mode", ""}, {"customize-mode", ""}, {"delete-buffer", "deleteb"},
		{"detach-client", "detach"}, {"display-menu", "menu"},
		{"display-message", "display"}, {"display-popup", "popup"},
		{"display-panes", "displayp"}, {"find-window", "findw"},
		{"has-session", "has"}, {"if-shell", "if"}, {"join-pane", "joinp"},
		{"kill-pane", "killp"}, {"kill-server", ""}, {"kill-session", ""},
		{"kill-window", "killw"}, {"last-pane", "lastp"}, {"last-window", "last"},
		{"link-window", "linkw"}, {"list-buffers", "lsb"}, {"list-clients", "lsc"},
		{"list-commands", "lscm"}, {"list-keys", "lsk"}, {"list-panes", "lsp"},
		{"list-sessions", "ls"}, {"list-windows", "lsw"}, {"load-buffer", "loadb"},
		{"lock-client", "lockc"}, {"lock-server", "lock"},
		{"lock-session", "locks"}, {"move-pane", "movep"},
		{"move-window", "movew"}, {"new-session", "new"}, {"new-window", "neww"},
		{"next-layout", "nextl"}, {"next-window", "next"},
		{"paste-buffer", "pasteb"}, {"pipe-pane", "pipep"},
		{"previous-layout", "prevl"}, {"previous-window", "prev"},
		{"refresh-client", "refresh"}, {"rename-session", "rename"},
		{"rename-window", "renamew"}, {"resize-pane", "resizep"},
		{"resize-window", "resizew"}, {"respawn-pane", "respawnp"},
		{"respawn-window", "respawnw"}, {"rotate-window", "rotatew"},
		{"run-shell", "run"}, {"save-buffer", "saveb"},
		{"select-layout", "selectl"}, {"select-pane", "selectp"},
		{"select-window", "selectw"}, {"send-keys", "send"}, {"send-prefix", ""},
		{"server-access", ""}, {"set-buffer", "setb"},
		{"set-environment", "setenv"}, {"set-hook", ""}, {"set-option", "set"},
		{"set-window-option", "setw"}, {"show-buffer", "showb"},
		{"show-environment", "showenv"}, {"show-hooks", ""},
		{"show-messages", "showmsgs"}, {"show-options", "show"},
		{"show-prompt-history", "showphist"}, {"show-window-options", "showw"},
		{"source-file", "source"}, {"split-window", "splitw"},
		{"start-server", "start"}, {"suspend-client", "suspendc"},
		{"swap-pane", "swapp"}, {"swap-window", "swapw"},
		{"switch-client", "switchc"}, {"unbind-key", "unbind"},
		{"unlink-window", "unlinkw"}, {"wait-for", "wait"},
	}
}}

// TmuxCommandName resolves a tmux command name as tmux does
// (tmuxCommandName): tmux new-s is new-session.
func TmuxCommandName(s string) (string, bool) { return tmuxCommandName(s) }

// tmuxCommandName resolves a command name as tmux does (cmd_find): an
// alias, the whole name, or a prefix of one name only (send-k is
// send-keys, set-o set-option). ok is false for an unknown or ambiguous
// name.
func tmuxCommandName(s string) (string, bool) {
	found, n := "", 0
	for _, e := range tmuxCommands.Get() {
		if e[1] != "" && e[1] == s || e[0] == s {
			return e[0], true
		}
		if s != "" && strings.HasPrefix(e[0], s) {
			found, n = e[0], n+1
		}
	}
	return found, n == 1
}

// tmuxOption reports whether s names tmux's option name as tmux reads
// it: the whole name or a prefix no other option shares, which for
// default-command and default-shell is at least default-c and default-sh
// (default-size and default-terminal share the rest), for lock-command
// lock-c (lock-after-time).
func tmuxOption(s, name string) bool {
	min := len("default-c")
	switch name {
	case "default-shell":
		min = len("default-sh")
	case "lock-command":
		min = len("lock-c")
	}
	return len(s) >= min && strings.HasPrefix(name, s)
}

// tmuxFormat models a tmux format (an option's value, display-message's
// message): tmux runs the text of each #(…) with sh -c when it expands
// the format (tmuxFormatCommands), from a directory corral does not know.
func (w *walker) tmuxFormat(c scope, call *Call, a Arg, st *state) bool {
	cmds := tmuxFormatCommands(a.Value)
	for _, cmd := range cmds {
		w.childIn(c, call, cmd, nil, "tmux #() format", !a.Static, st.exportedOnly(Dir{}, w.home), Dir{})
	}
	return len(cmds) > 0
}

// tmuxFormatCommands returns the shell commands of a tmux format
// (tmux(1), FORMATS; format.c): the text of each #(…) up to its
// balanced ")" (#(echo $(id)) runs echo $(id)), and the #(…) inside one,
// which tmux expands before it runs the command. ## is a "#" and #, and
// #} a "," and "}", so ##(…) runs nothing; a #( never closed is text.
func tmuxFormatCommands(s string) []string {
	var out []string
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '#' {
			continue
		}
		switch s[i+1] {
		case '#', ',', '}':
			i++
		case '(':
			depth, j := 1, i+2
			for ; j < len(s); j++ {
				if s[j] == '(' {
					depth++
				} else if s[j] == ')' {
					if depth--; depth == 0 {
						break
					}
				}
			}
			if j >= len(s) {
				continue
			}
			cmd := s[i+2 : j]
			out = append(out, cmd)
			out = append(out, tmuxFormatCommands(cmd)...)
			i = j
		}
	}
	return out
}

// joinTyped joins two typed texts, at most MaxSource bytes: a longer one
// (screen's paste aa a doubles register a) stops the walk as Truncated
// and is taken as text only known at run time.
func (w *walker) joinTyped(a, b typedText) typedText {
	if len(a.Text)+len(b.Text) > MaxSource {
		w.m.Truncated = true
		return typedText{Dynamic: true}
	}
	return typedText{Text: a.Text + b.Text, Dynamic: a.Dynamic || b.Dynamic}
}
