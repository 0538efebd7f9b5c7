package syntax

import (
	"path/filepath"
	"strings"
)

// kitty's configuration as a kitty command line gives it: the lines of
// -o/--override NAME=VALUE (NAME VALUE) and of the files of -c/--config
// (and the files they include), or without -c the kitty.conf of its
// configuration directory ($KITTY_CONFIG_DIRECTORY, $XDG_CONFIG_HOME/kitty,
// ~/.config/kitty). geninclude FILE and watcher FILE run FILE's code. A key binding (map KEY ACTION, mouse_map
// BUTTON EVENT MODES ACTION) runs its action when the key is pressed: the
// agent cannot press keys, but the user may, so the action is judged as
// run, as tmux bind-key's command is. An action named by action_alias
// NAME ACTION is that action, and kitten NAME of a kitten_alias NAME
// KITTEN ARGS runs KITTEN (also from kitty's default shortcuts for hints
// and unicode_input, unless clear_all_shortcuts yes). The shell option is the program each new
// window runs; the session of --session or startup_session starts its
// launch lines' programs when kitty starts (kittySession). The actions' programs and typed text are read as kitty @
// action's (kittyLaunchActions, kittyActionTexts).

// kittyConfig judges the configuration lines of kitty's options opts. It
// reports whether any ran a program or typed text.
func (w *walker) kittyConfig(c scope, call *Call, opts []Option) bool {
	k := kittyConf{aliases: map[string]string{}}
	handled := false
	configs := false
	for _, o := range opts {
		configs = configs || o.HasVal && (o.Name == "c" || o.Name == "config")
	}
	if !configs {
		// No -c: kitty.conf in kitty's configuration directory,
		// $KITTY_CONFIG_DIRECTORY, else $XDG_CONFIG_HOME/kitty, else
		// ~/.config/kitty.
		dir := ""
		if v, known, set := w.envOf(c, call, "KITTY_CONFIG_DIRECTORY"); set && v != "" {
			if known {
				dir = expandTilde(v, w.home)
			}
		} else if v, known, set := w.envOf(c, call, "XDG_CONFIG_HOME"); set && v != "" {
			if known {
				dir = filepath.Join(expandTilde(v, w.home), "kitty")
			}
		} else if w.home != "" {
			dir = filepath.Join(w.home, ".config", "kitty")
		}
		if dir != "" {
			p := filepath.Join(dir, "kitty.conf")
			w.kittyConfFile(call, call.Dir, Arg{Value: p, Raw: p, Static: true}, &k, 0)
		}
	}
	for _, o := range opts {
		if !o.HasVal {
			continue
		}
		switch o.Name {
		case "o", "override":
			k.lines = append(k.lines, kittyConfLine{text: kittyOverride(o.Val.Value), dynamic: !o.Val.Static, dir: call.Dir})
		case "c", "config":
			if o.Val.Static && o.Val.Value == "NONE" {
				continue // no configuration file
			}
			w.kittyConfFile(call, call.Dir, o.Val, &k, 0)
		case "session":
			k.sessions = append(k.sessions, o.Val)
		}
	}
	for _, l := range k.lines {
		// geninclude FILE runs FILE (a .py file with kitty's Python) when
		// the configuration is read and reads its output as more lines;
		// watcher FILE is Python kitty loads for each window it makes.
		key, val := pySplit1(l.text)
		if (key == "geninclude" || key == "watcher") && val != "" && l.dir.Known {
			p := l.dir.Join(expandTilde(val, w.home))
			w.scriptFile(c, call, Arg{Value: p.Path, Raw: val, Static: !l.dynamic}, "")
			handled = true
		}
	}
	for _, l := range k.lines {
		// startup_session FILE: the session kitty starts with, when no
		// --session is given.
		if key, val := pySplit1(l.text); key == "startup_session" && val != "" && val != "none" && len(k.sessions) == 0 {
			k.sessions = append(k.sessions, Arg{Value: val, Raw: val, Static: !l.dynamic})
		}
	}
	for _, a := range k.sessions {
		handled = w.kittySession(c, call, a) || handled
	}
	cleared := false
	for _, l := range k.lines {
		switch name, rest := pySplit1(l.text); name {
		case "action_alias":
			if alias, action := pySplit1(rest); action != "" {
				k.aliases[alias] = action
			}
		case "kitten_alias":
			// kitten_alias NAME KITTEN ARGS…: kitten NAME in a mapping
			// runs KITTEN with ARGS before the mapping's own.
			if alias, target := pySplit1(rest); target != "" {
				if k.kittens == nil {
					k.kittens = map[string]kittyConfLine{}
				}
				k.kittens[alias] = kittyConfLine{text: target, dynamic: l.dynamic, dir: l.dir}
			}
		case "clear_all_shortcuts":
			cleared = strings.TrimSpace(rest) == "yes"
		}
	}
	judge := func(action string, dynamic bool) {
		action = k.resolve(action)
		if action == "" {
			return
		}
		for _, words := range kittyLaunchActions(typedText{Text: action, Dynamic: dynamic}, 0) {
			handled = w.argvChild(c, call, w.kittyExpand(words), "kitty map", nil, Dir{}) || handled
		}
		for _, text := range kittyActionTexts(action, 0) {
			w.typeInto(c, call, typedText{Text: text, Dynamic: dynamic}, "kitty map send_text", w.cur)
			handled = true
		}
	}
	if !cleared {
		// kitty's default shortcuts run two of its kittens (kitty_mod+u
		// kitten unicode_input, kitty_mod+p>f and the other
		// kitty_mod+p bindings kitten hints): an alias of either name is
		// what those keys run.
		for _, name := range []string{"hints", "unicode_input"} {
			if l, ok := k.kittens[name]; ok {
				judge("kitten "+name, l.dynamic)
			}
		}
	}
	for _, l := range k.lines {
		key, val := pySplit1(l.text)
		var action string
		switch key {
		case "map":
			action = kittyMapAction(val)
		case "mouse_map":
			if parts := strings.Fields(val); len(parts) >= 4 {
				_, rest := pySplit1(val)
				_, rest = pySplit1(rest)
				_, action = pySplit1(rest)
			}
		case "shell":
			if strings.TrimSpace(val) != "." {
				if words := kittyWords(val, l.dynamic); len(words) > 0 {
					handled = w.argvChild(c, call, words, "kitty shell", nil, Dir{}) || handled
				}
			}
			continue
		default:
			continue
		}
		judge(action, l.dynamic)
	}
	return handled
}

// kittyConf is the configuration lines read so far and the action
// aliases they define.
type kittyConf struct {
	lines    []kittyConfLine
	aliases  map[string]string
	sessions []Arg
	// kittens are the kitten_alias lines: NAME to "KITTEN ARGS…".
	kittens map[string]kittyConfLine
}

// kittyConfLine is one configuration line, with whether run time chose
// any of it.
type kittyConfLine struct {
	text    string
	dynamic bool
	// dir is the directory a relative file name on the line is in: the
	// file's, or the working directory for -o.
	dir Dir
}

// resolve replaces an action_alias name that starts action by the
// action it names, as kitty does, to a bounded depth.
func (k *kittyConf) resolve(action string) string {
	for i := 0; i < maxNestedCommands; i++ {
		name, rest := pySplit1(action)
		a, ok := k.aliases[name]
		if !ok {
			break
		}
		action = strings.TrimSpace(a + " " + rest)
	}
	// kitten NAME ARGS with NAME a kitten_alias: its kitten, the alias's
	// arguments, then the mapping's (kitty's resolve_kitten_aliases,
	// one step).
	if name, rest := pySplit1(action); name == "kitten" {
		kitten, args := pySplit1(rest)
		if a, ok := k.kittens[kitten]; ok {
			action = strings.TrimSpace("kitten " + a.text + " " + args)
		}
	}
	return action
}

// kittyOverride turns -o NAME=VALUE into the line NAME VALUE (kitty's
// parse_override: a name of letters, digits and _ then blanks and "=").
func kittyOverride(s string) string {
	s = strings.TrimLeft(s, " \t\n\r\f\v")
	i := 0
	for i < len(s) && (s[i] == '_' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9') {
		i++
	}
	j := i
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if i > 0 && j < len(s) && s[j] == '=' {
		return s[:i] + " " + s[j+1:]
	}
	return s
}

// kittyMapAction returns the action of map's value (kitty's parse_map):
// the key after the map options (--NAME VALUE, --NAME=VALUE), then the
// rest of the line.
func kittyMapAction(val string) string {
	first, rest := pySplit1(val)
	for strings.HasPrefix(first, "--") {
		if !strings.Contains(first, "=") {
			_, rest = pySplit1(rest)
		}
		first, rest = pySplit1(rest)
	}
	return strings.TrimSpace(rest)
}

// kittyConfFile reads a kitty configuration file into k: its lines (a
// line that starts with a backslash continues the one before, "#"
// starts a comment line), and the files include NAME names, relative to
// the file's directory. A file only known at run time or that cannot be
// read is left out.
func (w *walker) kittyConfFile(call *Call, dir Dir, a Arg, k *kittyConf, depth int) {
	if !a.Static || depth > maxNestedCommands {
		return
	}
	d := dir.Join(expandTilde(a.Value, w.home))
	text, ok := w.readScript(d)
	if !ok {
		return
	}
	var lines []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimLeft(line, " \t")
		if rest, ok := strings.CutPrefix(line, `\`); ok && len(lines) > 0 {
			lines[len(lines)-1] += rest
			continue
		}
		lines = append(lines, line)
	}
	for _, line := range lines {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if key, val := pySplit1(line); key == "include" && val != "" {
			w.kittyConfFile(call, Dir{Path: filepath.Dir(d.Path), Known: true}, Arg{Value: val, Raw: val, Static: true}, k, depth+1)
			continue
		}
		k.lines = append(k.lines, kittyConfLine{text: line, dir: Dir{Path: filepath.Dir(d.Path), Known: d.Known}})
	}
}

// kittySession judges a kitty session file (--session FILE,
// startup_session FILE), read when kitty starts: each launch line starts
// its program, as the launch action does (new_tab names a tab, cd sets
// the directory). It reports whether one did.
func (w *walker) kittySession(c scope, call *Call, a Arg) bool {
	if !a.Static || a.Value == "-" {
		return false
	}
	text, ok := w.readScript(call.Dir.Join(expandTilde(a.Value, w.home)))
	if !ok {
		return false
	}
	handled := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if name, _ := pySplit1(line); name != "launch" {
			continue // new_tab TITLE, cd DIR, layout NAME…
		}
		for _, words := range kittyLaunchActions(typedText{Text: line}, 0) {
			handled = w.argvChild(c, call, w.kittyExpand(words), "kitty session", nil, Dir{}) || handled
		}
	}
	return handled
}
