package syntax

import (
	"path/filepath"
	"strings"

	"github.com/google/shlex"

	"github.com/corral-dev/corral/syntax/lang"
)

// pytest takes words from outside its command line, before it: the
// addopts of its configuration file (pytest.ini's and tox.ini's [pytest],
// setup.cfg's [tool:pytest], pyproject.toml's [tool.pytest.ini_options] or
// [tool.pytest]), then PYTEST_ADDOPTS; and it imports the plugin modules
// PYTEST_PLUGINS names (comma-separated), from the working directory
// first as -p does. Each is read as the same words on the command line
// would be (pytest -p MOD reads MOD.py).

// pytestLocate is pytest's locate_config: in each directory of dirs and
// each one up from it, the first of pytest.ini and .pytest.ini (always),
// pyproject.toml with [tool.pytest.ini_options] or [tool.pytest], tox.ini
// with [pytest] and setup.cfg with [tool:pytest]. When none has its
// section, the first pyproject.toml seen is the rootdir, with no
// configuration (cfg "").
func (w *walker) pytestLocate(dirs []string) (root, cfg, text string, ok bool) {
	pyproject := ""
	for _, start := range dirs {
		d := start
		for k := 0; k < 32; k++ {
			for _, n := range []string{"pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"} {
				p := filepath.Join(d, n)
				t, found := w.readScript(Dir{Path: p, Known: true})
				if !found {
					continue
				}
				switch n {
				case "pyproject.toml":
					found = tomlHasTable(t, "tool.pytest")
					if !found && pyproject == "" {
						pyproject = d
					}
				case "tox.ini":
					found = iniHasSection(t, func(s string) bool { return s == "pytest" })
				case "setup.cfg":
					found = iniHasSection(t, func(s string) bool { return s == "tool:pytest" })
				}
				if found {
					return d, p, t, true
				}
			}
			if d == "/" || d == "." {
				break
			}
			d = filepath.Dir(d)
		}
	}
	if pyproject != "" {
		return pyproject, "", "", true
	}
	return "", "", "", false
}

// pytestSetup is pytest's determine_setup: the rootdir and the
// configuration file (its path and text; "" when there is none). -c FILE
// (--config-file) is the file, its directory the rootdir; else the
// configuration found up from the common ancestor of the paths given
// that exist (the working directory when none does); else the nearest
// directory up with setup.py as the rootdir; else the configuration found
// up from each path given; else the ancestor. --rootdir DIR replaces the
// rootdir, not the file.
func (w *walker) pytestSetup(call *Call, args []Arg) (root, cfg, text string) {
	cwd := call.Dir.Path
	var cfgOpt, rootOpt *Arg
	var paths []string
	opts, operands := ScanOptions(args, pytestSpec)
	for _, o := range opts {
		switch {
		case o.HasVal && (!o.Long && o.Name == "c" || o.Long && (o.Name == "config-file" || o.Name == "inifile")):
			v := o.Val
			cfgOpt = &v
		case o.HasVal && o.Long && o.Name == "rootdir":
			v := o.Val
			rootOpt = &v
		}
	}
	for _, i := range operands {
		a := args[i]
		if !a.Static {
			continue
		}
		v, _, _ := strings.Cut(a.Value, "::")
		if p := call.Dir.Join(v).Path; w.exists(p) || w.dirLike(p) {
			paths = append(paths, p)
		}
	}
	defer func() {
		if rootOpt != nil && rootOpt.Static {
			root = call.Dir.Join(rootOpt.Value).Path
		}
	}()
	if cfgOpt != nil {
		if !cfgOpt.Static {
			return cwd, "", ""
		}
		p := call.Dir.Join(cfgOpt.Value).Path
		t, _ := w.readScript(Dir{Path: p, Known: true})
		return filepath.Dir(p), p, t
	}
	ancestor := cwd
	if len(paths) > 0 {
		ancestor = commonDir(paths)
		if !w.dirLike(ancestor) {
			ancestor = filepath.Dir(ancestor)
		}
	}
	if r, p, t, ok := w.pytestLocate([]string{ancestor}); ok {
		return r, p, t
	}
	if rootOpt == nil {
		for d, k := ancestor, 0; k < 32; k++ {
			if w.exists(filepath.Join(d, "setup.py")) {
				return d, "", ""
			}
			if d == "/" || d == "." {
				break
			}
			d = filepath.Dir(d)
		}
		if len(paths) > 0 {
			if r, p, t, ok := w.pytestLocate(paths); ok {
				return r, p, t
			}
		}
	}
	return ancestor, "", ""
}

// commonDir returns the longest directory path every path is in (or is).
func commonDir(paths []string) string {
	c := filepath.Clean(paths[0])
	for _, p := range paths[1:] {
		p = filepath.Clean(p)
		for c != "/" && c != "." && p != c && !strings.HasPrefix(p, c+"/") {
			c = filepath.Dir(c)
		}
	}
	return c
}

// pytestFilePatterns returns the python_files globs of a configuration
// (the test files pytest collects): test_*.py and *_test.py unless it
// sets its own.
func pytestFilePatterns(cfg, text string) []string {
	def := []string{"test_*.py", "*_test.py"}
	var v string
	var ok bool
	switch base := filepath.Base(cfg); {
	case cfg == "":
		return def
	case strings.HasSuffix(base, ".toml"):
		for _, table := range []string{"tool.pytest.ini_options", "tool.pytest"} {
			if raw, found := tomlKeyRaw(text, table, "python_files"); found {
				if strings.HasPrefix(raw, "[") {
					if s := tomlStrings(raw); len(s) > 0 {
						return s
					}
					return def
				}
				if s := tomlStrings(raw); len(s) > 0 {
					v, ok = s[0], true
				}
				break
			}
		}
	case strings.HasSuffix(base, ".cfg"):
		v, ok = iniValue(text, "tool:pytest", "python_files")
	default:
		v, ok = iniValue(text, "pytest", "python_files")
	}
	if f := strings.Fields(v); ok && len(f) > 0 {
		if len(f) > 16 {
			f = f[:16]
		}
		return f
	}
	return def
}

// pytestAddopts returns the words pytest puts before args: the
// configuration file's addopts (cfg is its path, text its content, both
// empty when none was found) and PYTEST_ADDOPTS.
func (w *walker) pytestAddopts(c scope, call *Call, cfg, text string) []Arg {
	var out []Arg
	add := func(words []string, static bool) {
		for _, s := range words {
			out = append(out, Arg{Value: s, Raw: s, Static: static})
		}
	}
	switch base := filepath.Base(cfg); {
	case cfg == "":
	case !strings.HasSuffix(base, ".toml"):
		// pytest.ini, tox.ini, any -c FILE.ini: [pytest]; a .cfg
		// file: [tool:pytest].
		section := "pytest"
		if strings.HasSuffix(base, ".cfg") {
			section = "tool:pytest"
		}
		if v, ok := iniValue(text, section, "addopts"); ok {
			if words, err := shlex.Split(v); err == nil {
				add(words, true)
			}
		}
	default:
		for _, table := range []string{"tool.pytest.ini_options", "tool.pytest"} {
			v, ok := tomlKeyRaw(text, table, "addopts")
			if !ok {
				continue
			}
			if strings.HasPrefix(v, "[") {
				add(tomlStrings(v), true) // a list: one word each
			} else if s := tomlStrings(v); len(s) > 0 {
				if words, err := shlex.Split(s[0]); err == nil {
					add(words, true)
				}
			}
		}
	}
	if vals, open, set := w.envChoices(c, call, "PYTEST_ADDOPTS", true); set {
		for _, v := range vals {
			if words, err := shlex.Split(v); err == nil {
				add(words, true)
			}
		}
		if open {
			add([]string{"$PYTEST_ADDOPTS"}, false)
		}
	}
	return out
}

// pytestPlugins returns the files of the modules PYTEST_PLUGINS names.
func (w *walker) pytestPlugins(c scope, call *Call) []string {
	vals, open, set := w.envChoices(c, call, "PYTEST_PLUGINS", true)
	if !set {
		return nil
	}
	if open {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "PYTEST_PLUGINS",
			What: "pytest imports the plugin modules PYTEST_PLUGINS names, only known at run time"})
	}
	var files []string
	for _, v := range vals {
		for _, m := range strings.Split(v, ",") {
			if m = strings.TrimSpace(m); m != "" {
				p := strings.ReplaceAll(m, ".", "/")
				files = append(files, p+".py", p+"/__init__.py")
			}
		}
	}
	return files
}

// iniValue returns key's value in [section] of an INI text as Python's
// configparser reads it: key = value or key: value, indented lines below
// continuing it, # and ; lines comments. The lines are joined by spaces.
func iniValue(text, section, key string) (string, bool) {
	val, found := iniLines(text, section, key)
	return strings.Join(val, " "), found
}

// iniLines returns key's value in [section] as its lines (the first
// empty when the value starts on the next line), as iniValue reads it.
func iniLines(text, section, key string) ([]string, bool) {
	in := false
	var val []string
	found := false
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if found {
			if t != "" && line != t && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, ";") && (line[0] == ' ' || line[0] == '\t') {
				val = append(val, t)
				continue
			}
			if t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, ";") {
				continue
			}
			break
		}
		if strings.HasPrefix(t, "[") {
			in = strings.TrimSpace(strings.Trim(t, "[]")) == section
			continue
		}
		if !in || t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, ";") {
			continue
		}
		i := strings.IndexAny(t, "=:")
		if i < 0 || strings.TrimSpace(t[:i]) != key {
			continue
		}
		found = true
		if v := strings.TrimSpace(t[i+1:]); v != "" {
			val = append(val, v)
		}
	}
	return val, found
}

// breakpointHook judges the module PYTHONBREAKPOINT=MOD.FUNC names: Python
// imports MOD at the program's first breakpoint(), from its module path
// (the script's directory or the working directory first). A builtin
// hook (pdb.set_trace), 0 or an empty value names no project file, and a
// module not in those directories is an installed one.
func (w *walker) breakpointHook(c scope, call *Call, p program) {
	vals, open, set := w.envChoices(c, call, "PYTHONBREAKPOINT", true)
	if !set {
		return
	}
	if open {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "PYTHONBREAKPOINT",
			What: "Python imports the module PYTHONBREAKPOINT names at breakpoint(), only known at run time"})
	}
	for _, v := range vals {
		w.breakpointModule(c, call, p, v)
	}
}

// breakpointModule judges the module of one value of PYTHONBREAKPOINT,
// and the program's breakpoint(…) calls as calls of the callable it
// names: sys.breakpointhook passes them their arguments, so
// PYTHONBREAKPOINT=os.system makes breakpoint("rm -rf ~") run rm -rf ~.
func (w *walker) breakpointModule(c scope, call *Call, p program, v string) {
	v = strings.TrimSpace(v)
	mod, _, ok := cutLast(v, ".")
	if !ok || mod == "" {
		return
	}
	rel := strings.ReplaceAll(mod, ".", "/")
	dirs := []string{"."}
	if p.file != nil && p.file.Static {
		dirs[0] = filepath.Dir(p.file.Value)
	}
	dirs = append(dirs, call.modPath...)
	var cands []string
	for _, d := range dirs {
		cands = append(cands, filepath.Join(d, rel+".py"), filepath.Join(d, rel, "__init__.py"))
	}
	w.firstFile(c, call, cands, string(lang.Python))
}

// breakpointCalls judges Python program text call runs (from -c, a
// file, standard input, a here-document: wherever program finds it) a
// second time with each use of breakpoint, sys.breakpointhook and
// builtins.breakpoint — a call, or a binding to another name (bp =
// breakpoint; bp(…)) — spelt as each callable PYTHONBREAKPOINT names for
// call (a dotted name; pdb.set_trace, the default, and 0, which turns
// breakpoint() off, change nothing), as the program's tokens show them
// (lang.RespellPython: not in strings or comments).
func (w *walker) breakpointCalls(c scope, call *Call, text, label string, dynamic bool, origin string) {
	if !strings.Contains(text, "breakpoint") {
		return
	}
	vals, _, set := w.envChoices(c, call, "PYTHONBREAKPOINT", true)
	if !set {
		return
	}
	for _, hook := range vals {
		hook = strings.TrimSpace(hook)
		if hook == "" || hook == "0" || hook == "pdb.set_trace" || strings.ContainsFunc(hook, func(r rune) bool {
			return !(r == '.' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
		}) {
			continue
		}
		spelt := lang.RespellPython(text, map[string]string{"breakpoint": hook, "sys.breakpointhook": hook, "builtins.breakpoint": hook})
		if spelt == text {
			continue
		}
		if mod, _, _ := cutLast(hook, "."); mod != "" {
			spelt = "import " + mod + "; " + spelt // one line: lines keep their numbers
		}
		w.inBreakpointHook = true
		w.program(c, call, lang.Python, spelt, label+" with PYTHONBREAKPOINT="+hook, dynamic, origin)
		w.inBreakpointHook = false
	}
}

// cutLast is strings.Cut at the last sep.
func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}
