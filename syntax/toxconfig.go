package syntax

import (
	"path/filepath"
	"sort"
	"strings"
)

// tox finds its configuration in one of four files, and the two tox
// lines in use look in different orders:
//   - tox 4 walks from the working directory up and takes, in the first
//     directory that has one, the first of tox.ini, setup.cfg with a
//     [tox:tox] section, pyproject.toml with a tool.tox table (its
//     legacy_tox_ini text, else the native tool.tox.env_run_base and
//     tool.tox.env.NAME tables) and tox.toml (env_run_base, env.NAME);
//   - tox 3 (3.28, read from its source: constants.CONFIG_CANDIDATES)
//     takes the first name of pyproject.toml (with legacy_tox_ini),
//     tox.ini and setup.cfg (with [tox:tox]) found in the working
//     directory or any directory above it, name by name: a
//     pyproject.toml with legacy_tox_ini in a parent wins over a tox.ini
//     here.
// Both picks are read, since either tox may be the one installed.

// toxNames are the configuration files tox 4 looks for in a directory,
// in its order.
var toxNames = [...]string{"tox.ini", "setup.cfg", "pyproject.toml", "tox.toml"}

// tox3Names are tox 3's, in its order.
var tox3Names = [...]string{"pyproject.toml", "tox.ini", "setup.cfg"}

// toxSource is a tox configuration file and its text.
type toxSource struct {
	path, text string
}

// toxHolds reports whether a file named base with text holds a tox
// configuration tox takes (tox3: as tox 3 does).
func toxHolds(base, text string, tox3 bool) bool {
	switch base {
	case "tox.ini":
		return true
	case "setup.cfg":
		return iniHasSection(text, func(s string) bool { return s == "tox:tox" })
	case "pyproject.toml":
		if tox3 {
			_, ok := toxLegacyIni(text)
			return ok
		}
		return tomlHasTable(text, "tool.tox") || strings.Contains(text, "[tool.tox")
	case "tox.toml":
		return !tox3
	}
	return false
}

// toxLegacyIni returns the legacy_tox_ini text of a pyproject.toml.
func toxLegacyIni(text string) (string, bool) {
	if root, ok := lefthookTOML(text); ok {
		if t, ok := tomlPath(root, "tool", "tox"); ok {
			s, ok := t["legacy_tox_ini"].(string)
			return s, ok
		}
		return "", false
	}
	v, ok := tomlKeyRaw(text, "tool.tox", "legacy_tox_ini")
	if !ok {
		return "", false
	}
	for _, q := range []string{`"""`, "'''", `"`, "'"} {
		if strings.HasPrefix(v, q) {
			v = strings.TrimSuffix(strings.TrimPrefix(v, q), q)
			return strings.TrimPrefix(v, "\n"), true
		}
	}
	return v, true
}

// tomlPath returns the table at keys under root, if there is one.
func tomlPath(root map[string]any, keys ...string) (map[string]any, bool) {
	t := root
	for _, k := range keys {
		sub, ok := t[k].(map[string]any)
		if !ok {
			return nil, false
		}
		t = sub
	}
	return t, true
}

// toxSources returns the configurations tox 4 and tox 3 take when run in
// dir (file: -c FILE or -c DIR): one or two, without repeats.
func (w *walker) toxSources(dir Dir, file string) []toxSource {
	if file != "" {
		d := dir.Join(file)
		if !d.Known {
			return nil
		}
		if text, ok := w.readScript(d); ok {
			return []toxSource{{d.Path, text}}
		}
		if !w.dirLike(d.Path) {
			return nil
		}
		dir = d
	}
	if !dir.Known {
		return nil
	}
	var dirs []string
	for d := dir.Path; len(dirs) < 32; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if d == "/" || d == "." {
			break
		}
	}
	var out []toxSource
	add := func(p, text string) {
		for _, s := range out {
			if s.path == p {
				return
			}
		}
		out = append(out, toxSource{p, text})
	}
	read := func(d, base string, tox3 bool) bool {
		p := filepath.Join(d, base)
		text, ok := w.readScript(Dir{Path: p, Known: true})
		if ok && toxHolds(base, text, tox3) {
			add(p, text)
			return true
		}
		return false
	}
tox4:
	for _, d := range dirs {
		for _, base := range toxNames {
			if read(d, base, false) {
				break tox4
			}
		}
	}
tox3:
	for _, base := range tox3Names {
		for _, d := range dirs {
			if read(d, base, true) {
				break tox3
			}
		}
	}
	return out
}

// toxSourceCommands returns the command lines of a tox configuration:
// an INI file's testenv sections, pyproject.toml's legacy_tox_ini and its
// native tables, tox.toml's. A line holds tox's substitutions when
// substituted is set ({posargs}; a TOML {replace = …} table). open
// reports a TOML text corral could not read.
func toxSourceCommands(src toxSource) (lines []toxLine, open bool) {
	base := filepath.Base(src.path)
	switch base {
	case "pyproject.toml", "tox.toml":
	default:
		return toxCommands(src.text), false
	}
	if base == "pyproject.toml" {
		if legacy, ok := toxLegacyIni(src.text); ok {
			for _, l := range toxCommands(legacy) {
				l.key = "legacy_tox_ini " + l.key
				l.line = 0
				lines = append(lines, l)
			}
		}
	}
	root, ok := lefthookTOML(src.text)
	if !ok {
		return lines, true
	}
	t := root
	prefix := ""
	if base == "pyproject.toml" {
		if t, ok = tomlPath(root, "tool", "tox"); !ok {
			return lines, false
		}
		prefix = "tool.tox."
	}
	envs := map[string]map[string]any{}
	if b, ok := t["env_run_base"].(map[string]any); ok {
		envs[prefix+"env_run_base"] = b
	}
	if e, ok := t["env"].(map[string]any); ok {
		for name, v := range e {
			if m, ok := v.(map[string]any); ok {
				envs[prefix+"env."+name] = m
			}
		}
	}
	names := make([]string, 0, len(envs))
	for n := range envs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		for _, key := range toxKeys {
			list, _ := envs[n][key].([]any)
			for _, cmd := range list {
				words, subst := toxTOMLCommand(cmd)
				if len(words) == 0 {
					continue
				}
				text := quoteArgv(words)
				if subst {
					text = strings.Join(words, " ")
				}
				lines = append(lines, toxLine{text: text, key: n + " " + key, subst: subst})
			}
		}
	}
	return lines, false
}

// toxTOMLCommand returns the words of one command of a native TOML
// configuration (an array of strings); subst reports a word tox fills in
// when it runs (a {replace = …} table, or a string with {…}).
func toxTOMLCommand(v any) (words []string, subst bool) {
	list, ok := v.([]any)
	if !ok {
		if s, ok := v.(string); ok {
			return []string{s}, strings.Contains(s, "{")
		}
		return nil, false
	}
	for _, x := range list {
		switch x := x.(type) {
		case string:
			words = append(words, x)
			subst = subst || strings.Contains(x, "{")
		default:
			words = append(words, "{…}")
			subst = true
		}
	}
	return words, subst
}
