package syntax

import (
	"encoding/json"
	"path/filepath"
	"strings"
)

// devbox run NAME runs the script NAME of devbox.json's shell.scripts (a
// command line or a list of them), after the shell's init_hook, in the
// project's directory; devbox shell runs the init_hook too, and so do
// devbox run of any other command (run as the wrapper it is) and
// devbox services. The project is the devbox.json of -c/--config (a
// file or its directory), else the nearest one from the working
// directory upwards. Each line is judged as the shell text it is.

// devboxSpec is devbox run's and devbox shell's options that take a
// value (devbox run --help, 0.13).
var devboxSpec = OptSpec{ShortVal: "ce", LongEq: true, Stop: true,
	LongVal: []string{"config", "env", "env-file", "environment", "print-env"}}

// devboxRun models devbox shell and services (call is devbox) and
// devbox run NAME (call is NAME, unwrapped: devbox is among its
// wrappers). It reports false: the command devbox run runs when NAME is
// no script is the wrapper's, judged as that command.
func (w *walker) devboxRun(c scope, call *Call) bool {
	if call.Name == "devbox" {
		w.devboxProject(c, call, call.Args)
		return false
	}
	// devbox run CMD unwrapped: CMD is the call, devbox's words are
	// before it.
	for i := len(call.pre) - 1; i >= 0; i-- {
		if call.pre[i].Static && base(call.pre[i].Value) == "devbox" {
			args := append(append(append([]Arg(nil), call.pre[i+1:]...), call.NameArg), call.Args...)
			inner := *call
			inner.Name, inner.NameArg, inner.Args = "devbox", call.pre[i], args
			w.devboxProject(c, &inner, args)
			break
		}
	}
	return false
}

// devboxProject reads devbox's words args (its verb first).
func (w *walker) devboxProject(c scope, call *Call, args []Arg) {
	if len(args) == 0 || !args[0].Static {
		return
	}
	verb := args[0].Value
	if verb != "run" && verb != "shell" && verb != "services" {
		return
	}
	rest := args[1:]
	opts, ops := ScanOptions(rest, devboxSpec)
	config := ""
	for _, o := range opts {
		switch o.Name {
		case "h", "help":
			return
		case "c", "config":
			if !o.HasVal || !o.Val.Static {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Raw,
					What: "devbox " + verb + " runs the init_hook and scripts of a devbox.json only known at run time"})
				return
			}
			config = o.Val.Value
		}
	}
	var path, text string
	var found bool
	if config != "" {
		d := call.Dir.Join(config)
		if !strings.HasSuffix(config, ".json") || w.isDir(d) {
			d = d.Join("devbox.json")
		}
		text, found = w.readScript(d)
		path = d.Path
	} else {
		path, text, found = w.findUp(call.Dir, "devbox.json")
	}
	if !found {
		return
	}
	var cfg struct {
		Shell struct {
			InitHook json.RawMessage            `json:"init_hook"`
			Scripts  map[string]json.RawMessage `json:"scripts"`
		} `json:"shell"`
	}
	if json.Unmarshal([]byte(StripJSONC(text)), &cfg) != nil {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: w.projectRel(path),
			What: "devbox " + verb + " runs the init_hook and scripts of " + w.projectRel(path) + ", which corral could not parse"})
		return
	}
	dir := Dir{Path: filepath.Dir(path), Known: true}
	rel := w.projectRel(path)
	// A list's lines are one script, and the init_hook runs first in the
	// same shell, as devbox writes them into one.
	hook := strings.Join(jsonLines(cfg.Shell.InitHook), "\n")
	where := rel + " shell.init_hook (devbox " + verb + ")"
	if verb == "run" && len(ops) > 0 && rest[ops[0]].Static {
		name := rest[ops[0]].Value
		if lines := jsonLines(cfg.Shell.Scripts[name]); len(lines) > 0 {
			hook += "\n" + strings.Join(lines, "\n")
			where = rel + " shell.init_hook and shell.scripts." + name + " (devbox run)"
		}
	}
	w.runTaskText(c, call, dir, hook, where, false)
	return
}

// jsonLines returns a JSON string, or the strings of a JSON list.
func jsonLines(raw json.RawMessage) []string {
	if len(raw) == 0 {
		return nil
	}
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return []string{one}
	}
	var many []string
	if json.Unmarshal(raw, &many) == nil {
		return many
	}
	return nil
}
