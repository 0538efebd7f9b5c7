package syntax

import (
	"strings"

	"github.com/google/shlex"
)

// Programs started in a new window or pane through a terminal's remote
// control: kitty @ launch CMD… (and new-window, run; kitten @ the same),
// zellij run CMD… and zellij action new-pane CMD…. The command runs as a
// program with its arguments, in the terminal's own environment, so it
// is judged as ssh's or tmux's argv commands are (argvChild): kitty @
// launch rm -rf ~ is rm -rf ~. The words up to the command are the
// remote control's and the subcommand's options, read from each
// program's own reference (kitty's launch and remote control docs,
// zellij run --help).

// kittyRemoteSpec is kitty @'s own options before its subcommand.
var kittyRemoteSpec = OptSpec{LongEq: true, Stop: true,
	LongVal: []string{"to", "password", "password-file", "password-env", "use-password"}}

// kittyLaunchSpec is the options of kitty @ launch, new-window and run
// that take a value.
var kittyLaunchSpec = OptSpec{ShortVal: "m", LongEq: true, Stop: true,
	LongVal: []string{"match", "title", "window-title", "tab-title", "type", "cwd", "env", "var", "location", "next-to",
		"bias", "remote-control-password", "stdin-source", "marker", "os-window-class", "os-window-name", "os-window-title",
		"os-window-state", "color", "spacing", "watcher", "source-window", "logo", "logo-position", "logo-alpha",
		"add-to-session", "os-panel", "response-timeout", "window-type", "hold-after-ssh"}}

// zellijSpec is zellij's own options before its subcommand.
var zellijSpec = OptSpec{ShortVal: "clns", LongEq: true, Stop: true,
	LongVal: []string{"config", "config-dir", "layout", "new-session-with-layout", "session", "data-dir", "max-panes"}}

// zellijPaneSpec is the options of zellij run and action new-pane that
// take a value.
var zellijPaneSpec = OptSpec{ShortVal: "dnpxy", LongEq: true, Stop: true,
	LongVal: []string{"direction", "cwd", "name", "plugin", "width", "height", "pinned", "configuration", "skip-plugin-cache"}}

// TermLaunchWords returns the command a terminal's remote control starts
// in a new window or pane, as its words: ok is false for any other call
// (and for one that starts the default shell, with no command).
func TermLaunchWords(call *Call) (words []Arg, ok bool) {
	args := call.Args
	switch call.Name {
	case "kitty", "kitten":
		if len(args) == 0 || args[0].Value != "@" {
			return nil, false
		}
		rest := afterOptions(args[1:], kittyRemoteSpec)
		if len(rest) == 0 {
			return nil, false
		}
		switch rest[0].Value {
		case "launch", "new-window", "run":
		default:
			return nil, false
		}
		words = afterOptions(rest[1:], kittyLaunchSpec)
	case "zellij":
		rest := afterOptions(args, zellijSpec)
		if len(rest) == 0 {
			return nil, false
		}
		switch rest[0].Value {
		case "run", "r":
			rest = rest[1:]
		case "action", "ac":
			if len(rest) < 2 || rest[1].Value != "new-pane" && rest[1].Value != "np" {
				return nil, false
			}
			rest = rest[2:]
		default:
			return nil, false
		}
		words = afterOptions(rest, zellijPaneSpec)
	default:
		return nil, false
	}
	if len(words) > 0 && words[0].Static && words[0].Value == "--" {
		words = words[1:]
	}
	if len(words) == 0 || words[0].Static && strings.HasPrefix(words[0].Value, "-") {
		return nil, false
	}
	return words, true
}

// termLaunch judges the command a terminal's remote control starts
// (TermLaunchWords) as a program run with its arguments, in the
// terminal's environment (the exported variables) and a directory this
// command does not set. It reports whether call is such a launch.
func (w *walker) termLaunch(c scope, call *Call) bool {
	if opts, ok := kittyLoadConfig(call); ok {
		// kitty @ load-config: the files' and overrides' bindings
		// (kittyconf.go).
		return w.kittyConfig(c, call, opts)
	}
	if runs := kittyActionLaunches(call); len(runs) > 0 {
		for _, words := range runs {
			w.argvChild(c, call, w.kittyExpand(words), call.Name+" launch", nil, Dir{})
		}
		return true
	}
	if (call.Name == "kitty" || call.Name == "kitten") && len(call.Args) > 0 && call.Args[0].Value == "@" {
		if rest := afterOptions(call.Args[1:], kittyRemoteSpec); len(rest) > 0 && rest[0].Static && rest[0].Value == "kitten" {
			// kitty @ kitten [--match M] NAME ARGS… (customKitten).
			run := customKitten(afterOptions(rest[1:], kittyActionSpec))
			return run != nil && w.argvChild(c, call, w.kittyExpand(run), call.Name+" kitten", nil, Dir{})
		}
	}
	words, ok := TermLaunchWords(call)
	if !ok {
		return false
	}
	return w.argvChild(c, call, words, call.Name+" launch", nil, Dir{})
}

// kittyActionLaunches returns the commands kitty @ action [options]
// ACTION… starts (the words joined by spaces, run as a mappable action:
// kittyActionSend): launch's command after its options, and new_window's,
// new_tab's, new_os_window's (and their _with_cwd forms) command, after
// an @text-like source of its input; each of combine's actions. The
// action's words are split as kitty splits them (shlex).
func kittyActionLaunches(call *Call) [][]Arg {
	return kittyActionLaunchesAt(call, 0)
}

// kittyActionLaunchesAt is kittyActionLaunches for an action depth
// actions deep (remote_control action …).
func kittyActionLaunchesAt(call *Call, depth int) [][]Arg {
	if depth > maxNestedCommands {
		return nil
	}
	if call.Name != "kitty" && call.Name != "kitten" || len(call.Args) == 0 || call.Args[0].Value != "@" {
		return nil
	}
	rest := afterOptions(call.Args[1:], kittyRemoteSpec)
	if len(rest) == 0 || !rest[0].Static || rest[0].Value != "action" {
		return nil
	}
	_, ops := ScanOptions(rest[1:], kittyActionSpec)
	if len(ops) == 0 {
		return nil
	}
	all := argsText(rest[1+ops[0]:], " ", nil)
	return kittyLaunchActions(all, depth)
}

// kittyLaunchActions reads one kitty mappable action for
// kittyActionLaunches.
func kittyLaunchActions(action typedText, depth int) [][]Arg {
	if depth > maxNestedCommands {
		return nil
	}
	name, rest := pySplit1(action.Text)
	switch name {
	case "combine":
		sep, rest := pySplit1(rest)
		if sep == "" {
			return nil
		}
		var out [][]Arg
		for _, part := range strings.Split(rest, sep) {
			out = append(out, kittyLaunchActions(typedText{Text: part, Dynamic: action.Dynamic}, depth+1)...)
		}
		return out
	case "launch", "new_window", "new_tab", "new_os_window", "new_window_with_cwd", "new_tab_with_cwd", "new_os_window_with_cwd":
	case "pipe", "pass_selection_to_program", "remote_control", "remote_control_script":
		return kittyProgramAction(name, kittyWords(rest, action.Dynamic), depth)
	case "kitten", "run_kitten", "run_simple_kitten":
		words := kittyWords(rest, action.Dynamic)
		if name != "kitten" && len(words) > 0 {
			words = words[1:] // kitty's kitten_parse drops the kitten type
		}
		if run := customKitten(words); run != nil {
			return [][]Arg{run}
		}
		return nil
	default:
		return nil
	}
	words := kittyWords(rest, action.Dynamic)
	if len(words) == 0 {
		return nil
	}
	if name != "launch" && strings.HasPrefix(words[0].Value, "@") && words[0].Value != "@" {
		words = words[1:]
	}
	words = afterOptions(words, kittyLaunchSpec)
	if len(words) > 0 && words[0].Value == "--" {
		words = words[1:]
	}
	if len(words) == 0 || strings.HasPrefix(words[0].Value, "-") {
		return nil
	}
	return [][]Arg{words}
}

// kittyWords splits an action's arguments as kitty does (shlex).
func kittyWords(rest string, dynamic bool) []Arg {
	split, err := shlex.Split(rest)
	if err != nil {
		return nil
	}
	words := make([]Arg, 0, len(split))
	for _, s := range split {
		words = append(words, Arg{Value: s, Raw: s, Static: !dynamic})
	}
	return words
}

// kittyProgramAction returns the programs other mappable actions start
// (kitty's boss.py): pipe SOURCE DEST PROGRAM ARGS… runs PROGRAM with the
// window's text on its input; pass_selection_to_program [PROGRAM ARGS…]
// runs PROGRAM (the system's opener without one) with the selection as
// its last argument; remote_control_script PATH ARGS… runs PATH (a
// relative one from kitty's configuration directory: kittyConfigPath);
// remote_control
// ARGS… runs kitty @ ARGS… (a leading "!" only silences it), whose
// launch and action commands start programs as kitty @'s do.
func kittyProgramAction(name string, words []Arg, depth int) [][]Arg {
	switch name {
	case "pipe":
		if len(words) < 3 {
			return nil
		}
		return [][]Arg{words[2:]}
	case "pass_selection_to_program":
		if len(words) == 0 {
			return nil
		}
		return [][]Arg{words}
	case "remote_control_script":
		if len(words) == 0 {
			return nil
		}
		words[0] = kittyConfigPath(words[0])
		return [][]Arg{words}
	case "remote_control":
		call := kittyRemoteCall(words)
		if call == nil {
			return nil
		}
		if runs := kittyActionLaunchesAt(call, depth+1); len(runs) > 0 {
			return runs
		}
		if w, ok := TermLaunchWords(call); ok {
			return [][]Arg{w}
		}
	}
	return nil
}

// kittyRemoteCall is the kitty @ call a remote_control action makes
// (kitty's call_remote_control): its words after "@", a leading "!"
// dropped.
func kittyRemoteCall(words []Arg) *Call {
	if len(words) == 0 {
		return nil
	}
	args := append([]Arg{{Value: "@", Raw: "@", Static: true}}, words...)
	args[1].Value = strings.TrimPrefix(args[1].Value, "!")
	return &Call{Name: "kitty", Args: args}
}

// kittyExpand expands the words of a mappable action's command line as
// kitty does (to_cmdline: expanduser, then expandvars): a leading ~ is
// the home directory, a word with $ is only known at run time.
func (w *walker) kittyExpand(words []Arg) []Arg {
	out := make([]Arg, len(words))
	for i, a := range words {
		a.Value = expandTilde(a.Value, w.home)
		if strings.Contains(a.Value, "$") {
			a.Static = false
		}
		out[i] = a
	}
	return out
}

// kittyLoadConfig reads kitty @ load-config [--ignore-overrides]
// [-o NAME=VALUE…] [CONF_FILE…]: the configuration kitty loads, as
// kitty's own options would give it (-o lines, the files as --config).
func kittyLoadConfig(call *Call) ([]Option, bool) {
	if call.Name != "kitty" && call.Name != "kitten" || len(call.Args) == 0 || call.Args[0].Value != "@" {
		return nil, false
	}
	rest := afterOptions(call.Args[1:], kittyRemoteSpec)
	if len(rest) == 0 || !rest[0].Static || rest[0].Value != "load-config" {
		return nil, false
	}
	args := rest[1:]
	opts, ops := ScanOptions(args, OptSpec{ShortVal: "o", LongEq: true, LongVal: []string{"override"}})
	for _, i := range ops {
		opts = append(opts, Option{Name: "config", HasVal: true, Val: args[i]})
	}
	return opts, true
}

// customKitten returns the program a kitten NAME ARGS… runs when NAME is
// a custom kitten, a Python file (it ends in .py; kittens/runner.py): the
// file, from kitty's configuration directory when relative (taken to be
// ~/.config/kitty), run by Python with ARGS. kitty's own kittens are
// not judged.
func customKitten(words []Arg) []Arg {
	if len(words) == 0 || !strings.HasSuffix(words[0].Value, ".py") {
		return nil
	}
	return append([]Arg{{Value: "python3", Raw: "python3", Static: true}, kittyConfigPath(words[0])}, words[1:]...)
}

// kittyConfigPath is a file kitty resolves from its configuration
// directory when relative (resolve_abs_or_config_path), taken to be
// ~/.config/kitty (expanded by kittyExpand).
func kittyConfigPath(a Arg) Arg {
	if !strings.HasPrefix(a.Value, "/") && !strings.HasPrefix(a.Value, "~") {
		a.Value = "~/.config/kitty/" + a.Value
	}
	return a
}
