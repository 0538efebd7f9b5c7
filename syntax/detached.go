package syntax

import (
	"os"
	"strings"
)

// sshSpec are ssh's options that take a value (ssh(1)); the first operand
// is the host and the words after it are the remote command.
var sshSpec = wrapper{shortVal: "BbcDEeFIiJLlmOoPpQRSWw", positional: 1}

// tmuxSpec is tmux's own options before its command (tmux(1); getopt,
// so letters cluster: -uc TEXT is -u -c TEXT).
var tmuxSpec = OptSpec{ShortVal: "cfLST", Stop: true}

// tmuxShellCommands are the tmux commands whose last arguments are a
// shell command (tmux(1): one argument is given to sh -c, several are run
// as a program and its arguments), with the options that take a value.
var tmuxShellCommands = map[string]string{
	"new-session": "cefFnstxyX", "new": "cefFnstxyX",
	"new-window": "cenFt", "neww": "cenFt",
	"split-window": "celFt", "splitw": "celFt",
	"respawn-pane": "ct", "respawnp": "ct",
	"respawn-window": "ct", "respawnw": "ct",
	"run-shell": "dt", "run": "dt",
	"display-popup": "cdehswxyTsSbB", "popup": "cdehswxyTsSbB",
	"pipe-pane": "t", "pipep": "t",
	"if-shell": "t", "if": "t",
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
		i, _, _, _, _ := sshSpec.skipOptions(words)
		if i >= len(words) || i < 2 || !loopbackHost(words[i-1]) {
			// Another machine's files are not this one's: only a command
			// run on this machine is judged.
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
		w.childIn(c, call, strings.Join(parts, " "), nil, "ssh", dynamic, newState(home, w.home), home)
		return true
	case "tmux":
		return w.tmux(c, call, st)
	case "screen":
		// screen -X stuff TEXT types TEXT into the session's shell.
		for i, a := range call.Args {
			if a.Value == "-X" && i+2 < len(call.Args) && call.Args[i+1].Value == "stuff" {
				t := &call.Args[i+2]
				w.childIn(c, call, typed(t.Value), t, "screen -X stuff", !t.Static, st.exportedOnly(Dir{}, w.home), Dir{})
				return true
			}
		}
	}
	return false
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
		if w.tmuxCommand(c, call, args[i:end], st) {
			handled = true
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
	name := cmd[0].Value
	var ops []Arg
	if name == "send-keys" || name == "send" {
		// -t target, -N count, -c client take a value.
		if _, operands := ScanOptions(cmd[1:], OptSpec{ShortVal: "tNc", Stop: true}); len(operands) > 0 {
			ops = cmd[1+operands[0]:]
		}
		// Each key word is typed; Enter, C-m and KPEnter end a line.
		var b strings.Builder
		dynamic := false
		for _, k := range ops {
			switch k.Value {
			case "Enter", "C-m", "KPEnter", "C-j":
				b.WriteString("\n")
			default:
				b.WriteString(k.Value)
			}
			dynamic = dynamic || !k.Static
		}
		if b.Len() == 0 {
			return false
		}
		w.childIn(c, call, b.String(), nil, "tmux send-keys", dynamic, st.exportedOnly(Dir{}, w.home), Dir{})
		return true
	}
	vals, ok := tmuxShellCommands[name]
	if !ok {
		return false
	}
	_, operands := ScanOptions(cmd[1:], OptSpec{ShortVal: vals, Stop: true})
	if len(operands) == 0 {
		return false
	}
	j := 1 + operands[0]
	ops = cmd[j:]
	if name == "if-shell" || name == "if" {
		ops = ops[:1] // the condition is shell text; the rest are tmux commands
	}
	dynamic := false
	parts := make([]string, 0, len(ops))
	for _, a := range ops {
		dynamic = dynamic || !a.Static
		if len(ops) == 1 {
			parts = append(parts, a.Value)
		} else {
			parts = append(parts, Quote(a.Value))
		}
	}
	w.childIn(c, call, strings.Join(parts, " "), nil, "tmux "+name, dynamic, st.exportedOnly(Dir{}, w.home), Dir{})
	return true
}

// loopbackHost reports whether ssh's host word ([user@]host) names this
// machine.
func loopbackHost(a Arg) bool {
	if !a.Static {
		return false
	}
	h := a.Value
	if at := strings.LastIndexByte(h, '@'); at >= 0 {
		h = h[at+1:]
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	switch {
	case h == "localhost" || h == "localhost.localdomain" || h == "ip6-localhost" || h == "::1" || h == "0.0.0.0" || h == "0":
		return true
	case strings.HasPrefix(h, "127."):
		return true
	}
	name, err := os.Hostname()
	return err == nil && name != "" && (strings.EqualFold(h, name) || strings.HasPrefix(strings.ToLower(h), strings.ToLower(name)+"."))
}
