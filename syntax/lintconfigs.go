package syntax

import (
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Python linters and checkers whose configuration, read from the working
// directory, names code they run (red team 9 D): pylint's init-hook
// (Python it executes) and load-plugins (modules it imports), mypy's and
// coverage's plugins (modules, or mypy's path to a .py file). The
// configuration is read as the tool finds it in the working directory
// (or given by --rcfile / --config-file / --rcfile for coverage), and
// what it names is read as the Python it is.

// pyToolConfigs models call when it is pylint, mypy or coverage (or
// python -m one of them).
func (w *walker) pyToolConfigs(c scope, call *Call) {
	tool, args := call.Name, call.Args
	if m, rest, ok := PythonModuleArgs(call); ok && m.Static {
		tool, args = m.Value, rest
	}
	var given string
	for i, a := range args {
		v := a.Value
		for _, opt := range []string{"--rcfile", "--config-file"} {
			if v == opt && i+1 < len(args) && args[i+1].Static {
				given = args[i+1].Value
			} else if val, ok := strings.CutPrefix(v, opt+"="); ok && a.Static {
				given = val
			}
		}
		if val, ok := strings.CutPrefix(v, "--init-hook="); ok && tool == "pylint" {
			w.program(c, call, lang.Python, val, "pylint --init-hook", !a.Static, "")
		} else if v == "--init-hook" && tool == "pylint" && i+1 < len(args) {
			w.program(c, call, lang.Python, args[i+1].Value, "pylint --init-hook", !args[i+1].Static, "")
		}
	}
	type place struct{ file, section string }
	var places []place
	switch tool {
	case "pylint":
		for _, f := range []string{"pylintrc", ".pylintrc", "setup.cfg", "tox.ini"} {
			for _, s := range []string{"MAIN", "MASTER", "pylint.main", "pylint.master", "pylint.MAIN", "pylint.MASTER"} {
				places = append(places, place{f, s})
			}
		}
	case "mypy":
		for _, f := range []string{"mypy.ini", ".mypy.ini", "setup.cfg"} {
			places = append(places, place{f, "mypy"})
		}
	case "coverage":
		places = []place{{".coveragerc", "run"}, {"setup.cfg", "coverage:run"}, {"tox.ini", "coverage:run"}}
	default:
		return
	}
	if given != "" {
		var kept []place
		for _, p := range places {
			kept = append(kept, place{given, p.section})
		}
		places = kept
	}
	seen := map[string]bool{}
	for _, p := range places {
		d := call.Dir.Join(p.file)
		if !d.Known {
			return
		}
		text, ok := w.readScript(d)
		if !ok {
			continue
		}
		name := relTo(call.Dir.Path, d.Path)
		if tool == "pylint" {
			if v, ok := iniValue(text, p.section, "init-hook"); ok && !seen[name+" hook"] {
				seen[name+" hook"] = true
				w.program(c, call, lang.Python, strings.Trim(v, `"'`), name+" init-hook", false, "")
			}
		}
		key := "plugins"
		if tool == "pylint" {
			key = "load-plugins"
		}
		v, ok := iniValue(text, p.section, key)
		if !ok || seen[name+" plugins"] {
			continue
		}
		seen[name+" plugins"] = true
		var names []Arg
		for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' }) {
			f, _, _ = strings.Cut(f, ":") // mypy's MODULE:ENTRY
			if strings.HasSuffix(f, ".py") && !strings.Contains(f, "/") {
				f = "./" + f // mypy loads a .py plugin from its path
			}
			names = append(names, Arg{Value: f, Raw: f, Static: true})
		}
		w.importNames(c, call, name+" "+key, names)
	}
}
