package syntax

import (
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Python linters and checkers whose configuration names code they run
// (red team 9 D, issue 9): pylint's init-hook (Python it executes) and
// load-plugins (modules it imports), mypy's and coverage's plugins
// (modules, or mypy's path to a .py file), flake8's local-plugins
// (modules imported from the paths the same section adds to sys.path).
// Each tool's configuration is found as the tool finds it: the file an
// option names, else its own search (pyToolConfigFiles), and what it
// names is read as the Python it is.

// pyToolConfig is one configuration file a tool reads: its path and
// text, and the directory its relative paths start from ("": the file's).
type pyToolConfig struct{ path, text, base string }

// dir is the directory c's relative paths start from.
func (c pyToolConfig) dir() string {
	if c.base != "" {
		return c.base
	}
	return filepath.Dir(c.path)
}

// pyToolConfigs models call when it is pylint, mypy, coverage or flake8
// (or python -m one of them).
func (w *walker) pyToolConfigs(c scope, call *Call) {
	tool, args := call.Name, call.Args
	asModule := false
	if m, rest, ok := PythonModuleArgs(call); ok && m.Static {
		tool, args, asModule = m.Value, rest, true
	}
	switch tool {
	case "pylint", "mypy", "coverage", "flake8":
	default:
		return
	}
	// The file an option names: pylint's and coverage's --rcfile, mypy's
	// --config-file, flake8's --config (and its --append-config files,
	// read after the one found; --isolated reads none).
	given, isolated := "", false
	var appended []string
	optVal := func(i int, opt string) (string, bool) {
		a := args[i]
		if a.Value == opt && i+1 < len(args) && args[i+1].Static {
			return args[i+1].Value, true
		}
		if v, ok := strings.CutPrefix(a.Value, opt+"="); ok && a.Static {
			return v, true
		}
		return "", false
	}
	for i, a := range args {
		v := a.Value
		if v == "--" {
			break
		}
		switch tool {
		case "pylint", "coverage":
			if f, ok := optVal(i, "--rcfile"); ok {
				given = f
			}
		case "mypy":
			if f, ok := optVal(i, "--config-file"); ok {
				given = f
			}
		case "flake8":
			if f, ok := optVal(i, "--config"); ok {
				given = f
			} else if f, ok := optVal(i, "--append-config"); ok {
				appended = append(appended, f)
			} else if v == "--isolated" {
				isolated = true
			}
		}
		if val, ok := strings.CutPrefix(v, "--init-hook="); ok && tool == "pylint" {
			w.program(c, call, lang.Python, val, "pylint --init-hook", !a.Static, "")
		} else if v == "--init-hook" && tool == "pylint" && i+1 < len(args) {
			w.program(c, call, lang.Python, args[i+1].Value, "pylint --init-hook", !args[i+1].Static, "")
		}
	}
	if !call.Dir.Known || isolated {
		return
	}
	var files []pyToolConfig
	if given != "" {
		d := call.Dir.Join(given)
		if text, ok := w.readScript(d); ok {
			files = append(files, pyToolConfig{d.Path, text, ""})
		}
	} else {
		files = w.pyToolConfigFiles(c, call, tool)
	}
	if tool == "flake8" && len(appended) > 0 {
		// flake8 merges them into the one it found: their local-plugins
		// paths are relative to that file's directory.
		base := call.Dir.Path
		if len(files) > 0 {
			base = files[0].dir()
		}
		for _, f := range appended {
			d := call.Dir.Join(f)
			if text, ok := w.readScript(d); ok {
				files = append(files, pyToolConfig{d.Path, text, base})
			}
		}
	}
	seen := map[string]bool{}
	for _, f := range files {
		if seen[f.path+"\x00"+f.text] {
			continue
		}
		seen[f.path+"\x00"+f.text] = true
		w.pyToolConfigCode(c, call, tool, f, asModule)
	}
}

// pyToolConfigFiles returns the configuration files tool reads when no
// option names one, as each tool searches:
//   - pylint: the first of pylintrc, pylintrc.toml, .pylintrc,
//     .pylintrc.toml, pyproject.toml (with a tool.pylint table),
//     setup.cfg and tox.ini (with a [pylint…] section) in the working
//     directory; else, inside a package (an __init__.py there), the rc
//     files of each directory up while the one below is a package; else
//     the nearest pyproject.toml up to the repository's top (.git, .hg)
//     when it has tool.pylint; else $PYLINTRC, or ~/.pylintrc and
//     ~/.config/pylintrc (not when HOME is /root).
//   - mypy: from the working directory up to the repository's top, the
//     first of mypy.ini, .mypy.ini, pyproject.toml (with [tool.mypy]) and
//     setup.cfg (with [mypy]); else $XDG_CONFIG_HOME/mypy/config,
//     ~/.config/mypy/config, ~/.mypy.ini.
//   - flake8: from the working directory up, not into HOME, the first of
//     setup.cfg, tox.ini and .flake8 with a [flake8] or
//     [flake8:local-plugins] section.
//   - coverage: .coveragerc, setup.cfg, tox.ini and pyproject.toml in the
//     working directory (each is read; $COVERAGE_RCFILE first).
func (w *walker) pyToolConfigFiles(c scope, call *Call, tool string) []pyToolConfig {
	read := func(p string) (string, bool) { return w.readScript(Dir{Path: p, Known: true}) }
	top := func(d string) bool { // the repository's top: the search stops there
		return d == "/" || w.isDir(Dir{Path: filepath.Join(d, ".git"), Known: true}) || w.exists(filepath.Join(d, ".git")) ||
			w.isDir(Dir{Path: filepath.Join(d, ".hg"), Known: true})
	}
	cwd := call.Dir.Path
	switch tool {
	case "pylint":
		for _, n := range []string{"pylintrc", "pylintrc.toml", ".pylintrc", ".pylintrc.toml", "pyproject.toml", "setup.cfg", "tox.ini"} {
			p := filepath.Join(cwd, n)
			text, ok := read(p)
			if !ok || !pylintFileHasConfig(n, text) {
				continue
			}
			return []pyToolConfig{{p, text, ""}}
		}
		if w.exists(filepath.Join(cwd, "__init__.py")) {
			for d, k := cwd, 0; k < 32 && d != "/" && w.exists(filepath.Join(d, "__init__.py")); k++ {
				d = filepath.Dir(d)
				for _, n := range []string{"pylintrc", "pylintrc.toml", ".pylintrc", ".pylintrc.toml"} {
					if text, ok := read(filepath.Join(d, n)); ok {
						return []pyToolConfig{{filepath.Join(d, n), text, ""}}
					}
				}
			}
		}
		for d, k := cwd, 0; k < 32; k++ {
			p := filepath.Join(d, "pyproject.toml")
			if text, ok := read(p); ok {
				if tomlHasTable(text, "tool.pylint") {
					return []pyToolConfig{{p, text, ""}}
				}
				break
			}
			if top(d) {
				break
			}
			d = filepath.Dir(d)
		}
		if v, known, set := w.envOf(c, call, "PYLINTRC"); set {
			if !known {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "PYLINTRC",
					What: "pylint reads the configuration file PYLINTRC names, only known at run time"})
				return nil
			}
			p := call.Dir.Join(expandTilde(v, w.home))
			if text, ok := w.readScript(p); ok {
				return []pyToolConfig{{p.Path, text, ""}}
			}
		}
		home, ok := w.userHome(c, call, "reads its configuration (.pylintrc)")
		if !ok || home == "/root" {
			return nil
		}
		for _, n := range []string{".pylintrc", ".config/pylintrc"} {
			if text, ok := read(filepath.Join(home, n)); ok {
				return []pyToolConfig{{filepath.Join(home, n), text, ""}}
			}
		}
	case "mypy":
		for d, k := cwd, 0; k < 32; k++ {
			for _, n := range []string{"mypy.ini", ".mypy.ini", "pyproject.toml", "setup.cfg"} {
				p := filepath.Join(d, n)
				text, ok := read(p)
				switch {
				case !ok:
				case n == "pyproject.toml" && !tomlHasTable(text, "tool.mypy"):
				case n == "setup.cfg" && !iniHasSection(text, func(s string) bool { return s == "mypy" }):
				default:
					return []pyToolConfig{{p, text, ""}}
				}
			}
			if top(d) {
				break
			}
			d = filepath.Dir(d)
		}
		home, ok := w.userHome(c, call, "reads its configuration (.mypy.ini)")
		if !ok {
			return nil
		}
		var user []string
		if v, known, set := w.envOf(c, call, "XDG_CONFIG_HOME"); set && known && v != "" {
			user = append(user, call.Dir.Join(filepath.Join(v, "mypy/config")).Path)
		}
		user = append(user, filepath.Join(home, ".config/mypy/config"), filepath.Join(home, ".mypy.ini"))
		for _, p := range user {
			if text, ok := read(p); ok {
				return []pyToolConfig{{p, text, ""}}
			}
		}
	case "flake8":
		home, _ := w.userHome(c, call, "")
		for d, k := cwd, 0; k < 32; k++ {
			for _, n := range []string{"setup.cfg", "tox.ini", ".flake8"} {
				p := filepath.Join(d, n)
				if text, ok := read(p); ok && iniHasSection(text, func(s string) bool { return s == "flake8" || s == "flake8:local-plugins" }) {
					return []pyToolConfig{{p, text, ""}}
				}
			}
			up := filepath.Dir(d)
			if up == d || up == home {
				break
			}
			d = up
		}
	case "coverage":
		var out []pyToolConfig
		if v, known, set := w.envOf(c, call, "COVERAGE_RCFILE"); set && known && v != "" {
			p := call.Dir.Join(v)
			if text, ok := w.readScript(p); ok {
				out = append(out, pyToolConfig{p.Path, text, ""})
			}
		}
		for _, n := range []string{".coveragerc", "setup.cfg", "tox.ini", "pyproject.toml"} {
			if text, ok := read(filepath.Join(cwd, n)); ok {
				out = append(out, pyToolConfig{filepath.Join(cwd, n), text, ""})
			}
		}
		return out
	}
	return nil
}

// pylintFileHasConfig reports whether pylint takes the file named name
// in the working directory as its configuration: an rc file always, a
// TOML file with a tool.pylint table, setup.cfg or tox.ini with a
// [pylint] or [pylint.…] section.
func pylintFileHasConfig(name, text string) bool {
	switch {
	case strings.HasSuffix(name, ".toml"):
		return tomlHasTable(text, "tool.pylint")
	case name == "setup.cfg" || name == "tox.ini":
		return iniHasSection(text, func(s string) bool { return s == "pylint" || strings.HasPrefix(s, "pylint.") })
	}
	return true
}

// pyToolConfigCode reads the code one configuration file f names for
// tool: the modules its plugin settings import, pylint's init-hook.
// asModule is python -m TOOL (the working directory first on sys.path).
func (w *walker) pyToolConfigCode(c scope, call *Call, tool string, f pyToolConfig, asModule bool) {
	name := relTo(call.Dir.Path, f.path)
	base := filepath.Base(f.path)
	isToml := strings.HasSuffix(base, ".toml")
	// values returns key's values in the sections (INI) or tables (TOML)
	// keep accepts, a TOML list as one value joined by commas.
	values := func(keep func(string) bool, key string) []string {
		var out []string
		if isToml {
			return tomlValues(f.text, keep, key)
		}
		done := map[string]bool{}
		for _, s := range iniSections(f.text) {
			if keep(s) && !done[s] {
				done[s] = true
				if lines, ok := iniLines(f.text, s, key); ok {
					out = append(out, strings.Join(lines, "\n"))
				}
			}
		}
		return out
	}
	splitNames := func(v string) []string {
		return strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' })
	}
	switch tool {
	case "pylint":
		// pylint takes options from every section of an rc file, from the
		// [pylint…] sections of setup.cfg and tox.ini, and from the
		// tool.pylint tables of a TOML file.
		keep := func(s string) bool {
			if isToml {
				return s == "tool.pylint" || strings.HasPrefix(s, "tool.pylint.")
			}
			if base == "setup.cfg" || base == "tox.ini" {
				return strings.HasPrefix(s, "pylint")
			}
			return true
		}
		for _, v := range values(keep, "init-hook") {
			w.program(c, call, lang.Python, strings.Trim(v, `"'`), name+" init-hook", false, "")
		}
		var names []Arg
		for _, v := range values(keep, "load-plugins") {
			for _, m := range splitNames(v) {
				names = append(names, Arg{Value: m, Raw: m, Static: true})
			}
		}
		w.importNames(c, call, name+" load-plugins", names)
		w.configDirModules(c, call, f.path, names)
	case "mypy":
		keep := func(s string) bool { return s == "mypy" }
		if isToml {
			keep = func(s string) bool { return s == "tool.mypy" }
		}
		var names []Arg
		for _, v := range values(keep, "plugins") {
			for _, m := range splitNames(v) {
				if i := strings.LastIndex(m, ":"); i > strings.LastIndex(m, "/") {
					m = m[:i] // MODULE:ENTRY, PATH.py:ENTRY
				}
				if strings.HasSuffix(m, ".py") {
					// A plugin path is relative to the configuration
					// file's directory.
					if m = expandTilde(m, w.home); !filepath.IsAbs(m) {
						m = filepath.Join(f.dir(), m)
					}
				}
				names = append(names, Arg{Value: m, Raw: m, Static: true})
			}
		}
		w.importNames(c, call, name+" plugins", names)
	case "coverage":
		section := "run"
		switch {
		case isToml:
			section = "tool.coverage.run"
		case base == "setup.cfg" || base == "tox.ini":
			section = "coverage:run"
		}
		var names []Arg
		for _, v := range values(func(s string) bool { return s == section }, "plugins") {
			for _, m := range splitNames(v) {
				names = append(names, Arg{Value: m, Raw: m, Static: true})
			}
		}
		w.importNames(c, call, name+" plugins", names)
	case "flake8":
		w.flake8LocalPlugins(c, call, f, values, asModule)
	}
}

// configDirModules reads the modules names from the directory of the
// configuration file at cfg, when that is not the working directory
// (importNames reads them from there): a plugin kept beside a parent
// directory's configuration.
func (w *walker) configDirModules(c scope, call *Call, cfg string, names []Arg) {
	dir := filepath.Dir(cfg)
	if dir == call.Dir.Path {
		return
	}
	for _, a := range names {
		if !pyDottedName.Get().MatchString(a.Value) {
			continue
		}
		rel := strings.ReplaceAll(a.Value, ".", "/")
		w.pythonSearch(c, call, []string{dir}, []string{rel + ".py", rel + "/__init__.py"})
	}
}

// flake8LocalPlugins reads the modules of [flake8:local-plugins]: each
// entry of extension and report is CODE = MODULE:ATTRIBUTE (entries split
// at commas and line ends), imported with paths' directories added at the
// end of sys.path (a path with a / is relative to the configuration
// file's directory, a bare name to the working directory). A module is
// looked for in those directories, and in the working directory first
// under python -m flake8 and in PYTHONPATH's directories.
func (w *walker) flake8LocalPlugins(c scope, call *Call, f pyToolConfig, values func(func(string) bool, string) []string, asModule bool) {
	keep := func(s string) bool { return s == "flake8:local-plugins" }
	var dirs []string
	if asModule {
		dirs = append(dirs, ".")
	}
	dirs = append(dirs, call.modPath...)
	for _, v := range values(keep, "paths") {
		for _, p := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' }) {
			if strings.Contains(p, "/") {
				p = filepath.Join(f.dir(), p)
			}
			dirs = append(dirs, p)
		}
	}
	for _, kind := range []string{"extension", "report"} {
		for _, v := range values(keep, kind) {
			for _, entry := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == '\n' || r == '\t' || r == '\r' }) {
				_, target, ok := strings.Cut(entry, "=")
				if !ok {
					continue
				}
				mod, _, _ := strings.Cut(strings.TrimSpace(target), ":")
				mod = strings.TrimSpace(mod)
				if !pyDottedName.Get().MatchString(mod) {
					continue
				}
				rel := strings.ReplaceAll(mod, ".", "/")
				w.pythonSearch(c, call, dirs, []string{rel + ".py", rel + "/__init__.py"})
			}
		}
	}
}

// tomlValues returns key's values in the tables of a TOML text keep
// accepts (dotted names: tool.pylint.main), as strings: a list of strings
// joined by commas. A text the TOML reader cannot parse is read line by
// line (tomlEntries).
func tomlValues(text string, keep func(string) bool, key string) []string {
	var out []string
	add := func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
		case []any:
			var parts []string
			for _, e := range v {
				if s, ok := e.(string); ok {
					parts = append(parts, s)
				}
			}
			out = append(out, strings.Join(parts, ","))
		}
	}
	root, ok := lefthookTOML(text)
	if !ok {
		for _, e := range tomlEntries(text) {
			if keep(e.table) && e.key == key {
				if strings.HasPrefix(e.value, "[") {
					out = append(out, strings.Join(tomlStrings(e.value), ","))
				} else if s := tomlStrings(e.value); len(s) > 0 {
					out = append(out, s[0])
				}
			}
		}
		return out
	}
	var walk func(t map[string]any, name string, depth int)
	walk = func(t map[string]any, name string, depth int) {
		if depth > 8 {
			return
		}
		if keep(name) {
			add(t[key])
		}
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if sub, ok := t[k].(map[string]any); ok {
				n := k
				if name != "" {
					n = name + "." + k
				}
				walk(sub, n, depth+1)
			}
		}
	}
	walk(root, "", 0)
	return out
}

// tomlHasTable reports whether a TOML text has table name or a table
// under it ([tool.pylint.main] is under tool.pylint).
func tomlHasTable(text, name string) bool {
	if root, ok := lefthookTOML(text); ok {
		t := root
		for _, k := range strings.Split(name, ".") {
			sub, ok := t[k].(map[string]any)
			if !ok {
				return false
			}
			t = sub
		}
		return true
	}
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "[") {
			continue
		}
		h := strings.TrimSpace(strings.Trim(t, "[] "))
		if h == name || strings.HasPrefix(h, name+".") {
			return true
		}
	}
	return false
}

// iniSections returns the section names of an INI text, in order.
func iniSections(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") {
			out = append(out, strings.TrimSpace(strings.Trim(t, "[]")))
		}
	}
	return out
}

// iniHasSection reports whether an INI text has a section keep accepts.
func iniHasSection(text string, keep func(string) bool) bool {
	for _, s := range iniSections(text) {
		if keep(s) {
			return true
		}
	}
	return false
}
