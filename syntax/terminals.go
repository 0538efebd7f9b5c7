package syntax

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// terminal describes how a terminal emulator is told the command to run
// in its new window, from each one's manual: after a marker word the
// rest of the words are the command and its arguments (xterm -e, gnome-
// terminal --, xfce4-terminal -x); a string marker takes one word that
// the terminal splits into the command (xfce4-terminal -e 'cmd args',
// g_shell_parse_argv); positional terminals run their first operand
// after their own options (kitty, foot).
type terminal struct {
	markers []string
	strings []string
	opts    *OptSpec
}

// terminals is the table of terminal emulators. xterm's single word after
// -e is also what it runs through the shell when it is no program.
var terminals = lazy.Value[map[string]terminal]{New: func() map[string]terminal {
	return map[string]terminal{
		"xterm": {markers: []string{"-e"}}, "uxterm": {markers: []string{"-e"}}, "urxvt": {markers: []string{"-e"}},
		"rxvt": {markers: []string{"-e"}}, "urxvtc": {markers: []string{"-e"}}, "st": {markers: []string{"-e"}},
		"alacritty": {markers: []string{"-e", "--command"}}, "konsole": {markers: []string{"-e"}},
		"tilix":      {markers: []string{"-x"}, strings: []string{"-e", "--command"}},
		"lxterminal": {strings: []string{"-e", "--command"}}, "qterminal": {markers: []string{"-e", "--execute"}},
		"xfce4-terminal": {markers: []string{"-x", "--execute"}, strings: []string{"-e", "--command"}},
		"terminator":     {markers: []string{"-x", "--execute"}, strings: []string{"-e", "--command"}},
		"mate-terminal":  {markers: []string{"-x", "--execute"}, strings: []string{"-e", "--command"}},
		"gnome-terminal": {markers: []string{"--", "-x", "--execute"}, strings: []string{"-e", "--command"}},
		"kgx":            {markers: []string{"--"}, strings: []string{"-e", "--command"}},
		"ptyxis":         {markers: []string{"--", "-x"}},
		"wezterm":        {markers: []string{"--", "-e"}},
		"kitty": {opts: &OptSpec{ShortVal: "cod", LongEq: true, Stop: true,
			LongVal: []string{"config", "override", "directory", "title", "class", "name", "session", "listen-on", "start-as",
				"instance-group", "watcher", "os-window-tag", "logo", "logo-position", "logo-alpha", "wait-for-single-instance-window"}}},
		"foot": {opts: &OptSpec{ShortVal: "ctTawWfDsLlo", LongEq: true, Stop: true,
			LongVal: []string{"config", "term", "title", "app-id", "window-size-pixels", "window-size-chars", "font", "working-directory",
				"server", "log-level", "log-colorize", "override", "pty"}}},
	}
}}

// terminalCommand models the command a terminal emulator runs in the
// window it opens, as a nested script (its words quoted back into shell
// text, or the string a string marker gives). It reports whether call is
// a terminal that runs one.
func (w *walker) terminalCommand(c scope, call *Call) bool {
	t, ok := terminals.Get()[call.Name]
	if !ok {
		return false
	}
	if _, send := termSendOf(call); send {
		// kitty @ send-text types into a window; it runs no program
		// (detached: termsend.go, which also judges what a kitty @
		// action combine of both starts).
		return false
	}
	if w.termLaunch(c, call) {
		return true // kitty @ launch CMD… (termlaunch.go)
	}
	args := call.Args
	var words []Arg
	configured := false
	if t.opts != nil {
		words = afterOptions(args, *t.opts)
		if call.Name == "kitty" {
			// kitty -o 'map KEY ACTION', --config FILE (kittyconf.go).
			opts, _ := ScanOptions(args, *t.opts)
			configured = w.kittyConfig(c, call, opts)
		}
	}
	for i, a := range args {
		v, val, attached := strings.Cut(a.Value, "=")
		if !a.Static {
			continue
		}
		if slices.Contains(t.strings, v) {
			if attached && strings.HasPrefix(v, "--") {
				s := a
				s.Value = val
				w.childArg(c, call, &s, call.Name+" "+v)
				return true
			}
			if i+1 < len(args) {
				w.childArg(c, call, &args[i+1], call.Name+" "+v)
				return true
			}
		}
		if slices.Contains(t.markers, a.Value) {
			words = args[i+1:]
			break
		}
	}
	if len(words) > 0 && strings.HasPrefix(words[0].Value, "+") && call.Name == "kitty" {
		// kitty +kitten NAME, +runpy CODE (Python), +launch FILE.
		switch {
		case words[0].Value == "+runpy" && len(words) > 1:
			w.program(c, call, lang.Python, words[1].Value, "kitty +runpy", !words[1].Static, "")
		case words[0].Value == "+launch" && len(words) > 1:
			w.scriptFile(c, call, words[1], string(lang.Python))
		}
		return true
	}
	switch len(words) {
	case 0:
		return configured
	case 1:
		w.childArg(c, call, &words[0], call.Name)
	default:
		parts := make([]string, len(words))
		dynamic := false
		for i, a := range words {
			parts[i] = Quote(a.Value)
			dynamic = dynamic || !a.Static
		}
		w.child(c, call, strings.Join(parts, " "), nil, call.Name, dynamic)
	}
	return true
}

// TmuxCmd is one command of a tmux command line: its name as tmux
// resolves it (an alias or a unique prefix gives the full name; "" for a
// word only run time knows or no command tmux has) and its words.
type TmuxCmd struct {
	Name string
	Args []Arg
}

// TmuxCommands splits the words of a tmux call into its commands, as
// tmux reads them: after tmux's own options (tmuxSpec), commands
// separated by a ";" word (written \; or ';' in the shell). tmux -c
// TEXT runs a shell instead and has none.
func TmuxCommands(call *Call) []TmuxCmd {
	args := call.Args
	opts, operands := ScanOptions(args, tmuxSpec)
	for _, o := range opts {
		if o.Name == "c" {
			return nil
		}
	}
	if len(operands) == 0 {
		return nil
	}
	var out []TmuxCmd
	for i := operands[0]; i < len(args); {
		end := i
		for end < len(args) && args[end].Value != ";" && args[end].Value != `\;` {
			end++
		}
		if end > i {
			cmd := TmuxCmd{Args: args[i+1 : end]}
			if n, ok := tmuxCommandName(args[i].Value); ok && args[i].Static {
				cmd.Name = n
			}
			out = append(out, cmd)
		}
		i = end + 1
	}
	return out
}
