package syntax

import (
	"path/filepath"
	"slices"
	"strings"
)

// systemctlVerbs are the systemctl commands that run a unit's programs
// now (start and its kin) or at the next boot or login (enable, link).
var systemctlVerbs = []string{"start", "restart", "try-restart", "reload-or-restart", "try-reload-or-restart", "reload",
	"enable", "reenable", "link"}

// systemctlSpec is systemctl's options that take a value (systemctl(1)).
var systemctlSpec = OptSpec{ShortVal: "tpPsnoHM", LongEq: true,
	LongVal: []string{"type", "state", "property", "signal", "kill-whom", "kill-value", "lines", "output", "host", "machine",
		"root", "image", "image-policy", "preset-mode", "job-mode", "what", "boot-loader-menu", "boot-loader-entry",
		"reboot-argument", "timestamp", "message", "drop-in", "when", "check-inhibitors"}}

// systemdUnits models the programs a unit runs when systemctl starts,
// enables or links it: the ExecStart=, ExecStartPre=, ExecStartPost=,
// ExecCondition=, ExecReload=, ExecStop= and ExecStopPost= lines of a unit
// file the command names by path, or of a unit found in the directories
// the user or the administrator writes (~/.config/systemd/user and
// ~/.local/share/systemd/user with --user; /etc/systemd/system and
// /run/systemd/system without), each read as a command line (systemd
// splits it with its own quoting, close to the shell's; the prefixes
// @-:+! are dropped). A unit of the distribution's (/usr/lib/systemd) is
// the system's own and is not read.
func (w *walker) systemdUnits(c scope, call *Call) {
	opts, operands := ScanOptions(call.Args, systemctlSpec)
	if len(operands) < 2 {
		return
	}
	verb := call.Args[operands[0]].Value
	if !slices.Contains(systemctlVerbs, verb) {
		return
	}
	user := false
	for _, o := range opts {
		user = user || o.Name == "user"
	}
	var dirs []string
	switch {
	case user && w.home != "":
		dirs = []string{w.home + "/.config/systemd/user", w.home + "/.local/share/systemd/user"}
	case !user:
		dirs = []string{"/etc/systemd/system", "/run/systemd/system"}
	}
	for _, i := range operands[1:] {
		a := call.Args[i]
		if !a.Static {
			continue
		}
		var candidates []Dir
		if strings.Contains(a.Value, "/") {
			candidates = append(candidates, call.Dir.Join(a.Value))
		} else {
			name := a.Value
			if !strings.Contains(name, ".") {
				name += ".service"
			}
			for _, d := range dirs {
				candidates = append(candidates, Dir{Path: filepath.Join(d, name), Known: true})
			}
		}
		for _, d := range candidates {
			text, ok := w.readScript(d)
			if !ok {
				continue
			}
			for _, line := range unitExecLines(text) {
				w.origin = d.Path
				w.child(c, call, line, nil, "systemctl "+verb, false)
				w.origin = ""
			}
			break
		}
	}
}

// unitExecLines returns the command lines of a unit file's Exec*= keys,
// with systemd's prefixes dropped and continued lines joined.
func unitExecLines(text string) []string {
	var out []string
	text = strings.ReplaceAll(text, "\\\n", " ")
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		key, val, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		switch strings.TrimSpace(key) {
		case "ExecStart", "ExecStartPre", "ExecStartPost", "ExecCondition", "ExecReload", "ExecStop", "ExecStopPost":
		default:
			continue
		}
		val = strings.TrimLeft(strings.TrimSpace(val), "@-:+!|")
		if val != "" {
			out = append(out, val)
		}
	}
	return out
}
