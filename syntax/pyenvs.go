package syntax

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"sort"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Python project tools run their command in a virtual environment of
// the project's, with its bin directory first on PATH: uv run and pdm
// run use the project's .venv (uv: UV_PROJECT_ENVIRONMENT), hatch run
// its own environments (hatchenvs.go);
// poetry run and pipenv run use it too when it is there or their
// in-project setting asks for it, and otherwise one of their own, named
// from a hash of the project's path:
//
//   - poetry: {virtualenvs.path}/NAME-HASH-pyX.Y, where virtualenvs.path
//     is POETRY_VIRTUALENVS_PATH, poetry.toml's or the user's config.toml
//     [virtualenvs] path, else {cache}/virtualenvs with cache
//     POETRY_CACHE_DIR or $XDG_CACHE_HOME/pypoetry (~/.cache/pypoetry),
//     and HASH the first 8 characters of the URL-safe base64 of the
//     SHA-256 of the project directory's real path. virtualenvs.in-project
//     (POETRY_VIRTUALENVS_IN_PROJECT, poetry.toml, config.toml) true
//     means .venv, false the cache, unset .venv when it exists.
//   - pipenv: $WORKON_HOME (~/.local/share/virtualenvs)/DIR-HASH, DIR
//     the Pipfile's directory name and HASH the URL-safe base64 of the
//     first 6 bytes of the SHA-256 of the Pipfile's real path
//     (PIPENV_CUSTOM_VENV_NAME replaces the name); PIPENV_VENV_IN_PROJECT
//     true, or a .venv directory there, means .venv; a .venv file names
//     the environment (a path, or a name under WORKON_HOME).
//
// The program a name runs there is that bin directory's file, read as
// .venv/bin/NAME is (poetry run mytool, a script whose #! line may name
// the venv's python).

// venvWrapper returns the Python project tool (one of venvWrappers) that
// runs call, the last of its wrappers, or "".
func venvWrapper(call *Call) string {
	if n := len(call.Wrappers); n > 0 {
		for _, t := range venvWrappers {
			if call.Wrappers[n-1] == t {
				return t
			}
		}
	}
	return ""
}

// envTruthy reports a boolean setting's value read as true.
func envTruthy(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// poetryEnvHash is the part of a poetry environment's name that comes
// from the project directory dir (its real path).
func poetryEnvHash(dir string) string {
	h := sum256([]byte(dir))
	return base64.URLEncoding.EncodeToString(h[:])[:8]
}

// pipenvEnvHash is the part of a pipenv environment's name that comes
// from the Pipfile's path (its real path).
func pipenvEnvHash(pipfile string) string {
	h := sum256([]byte(pipfile))
	return base64.URLEncoding.EncodeToString(h[:6])[:8]
}

// pipenvSanitize is pipenv's cleaning of a directory name into the
// environment's name.
func pipenvSanitize(name string) string {
	name = strings.Map(func(r rune) rune {
		if strings.ContainsRune(" &$`!*@\"()[]\\\r\n\t", r) {
			return '_'
		}
		return r
	}, name)
	if len(name) > 42 {
		name = name[:42]
	}
	return name
}

// tomlSetting returns a setting of a tool's TOML configuration: key in
// [table], or the dotted table.key at the top.
func tomlSetting(text, table, key string) (string, bool) {
	if v, ok := tomlKey(text, table, key); ok {
		return v, true
	}
	return tomlKey(text, "", table+"."+key)
}

// realDir returns path with its links resolved when it is on disk.
func (w *walker) realDir(path string) string {
	if w.read == nil {
		return path
	}
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	return path
}

// userDir returns the value of the environment variable name for call
// (a leading ~ expanded, relative to call's directory), else def under
// the home directory; "" when neither is known.
func (w *walker) userDir(c scope, call *Call, name, def string) string {
	if v, known, ok := w.envOf(c, call, name); ok {
		if !known || v == "" {
			return ""
		}
		d := call.Dir.Join(expandTilde(v, w.home))
		if !d.Known {
			return ""
		}
		return d.Path
	}
	if w.home == "" || def == "" {
		return ""
	}
	return filepath.Join(w.home, def)
}

// wrapperVenvs returns the virtual environments (their roots, each with
// a pyvenv.cfg) that the Python project tool running call runs it in.
func (w *walker) wrapperVenvs(c scope, call *Call) []string {
	tool := venvWrapper(call)
	if tool == "" {
		return nil
	}
	inProject := func(dir string) string {
		return w.venvRoot(Dir{Path: filepath.Join(dir, ".venv", "bin", "python"), Known: true})
	}
	one := func(root string) []string {
		if root == "" {
			return nil
		}
		return []string{root}
	}
	switch tool {
	case "hatch":
		return w.hatchVenvs(c, call, w.hatchEnvName(c, call))
	case "pipenv":
		pipfile := ""
		if v, known, ok := w.envOf(c, call, "PIPENV_PIPFILE"); ok {
			if d := call.Dir.Join(v); known && d.Known {
				pipfile = d.Path
			}
		} else if p, _, ok := w.findUp(call.Dir, "Pipfile"); ok {
			pipfile = p
		}
		if pipfile == "" {
			// None yet: pipenv makes one in the working directory.
			if !call.Dir.Known {
				return nil
			}
			pipfile = filepath.Join(call.Dir.Path, "Pipfile")
		}
		dir := filepath.Dir(pipfile)
		v, _, set := w.envOf(c, call, "PIPENV_VENV_IN_PROJECT")
		if set && envTruthy(v) {
			return one(inProject(dir))
		}
		home := w.userDir(c, call, "WORKON_HOME", ".local/share/virtualenvs")
		if !set {
			if fi, err := os.Stat(filepath.Join(dir, ".venv")); err == nil && fi.IsDir() || w.exists(filepath.Join(dir, ".venv", "pyvenv.cfg")) {
				return one(inProject(dir))
			}
			// A .venv file names the environment: a path (from the
			// project), or a name under WORKON_HOME.
			if text, ok := w.readScript(Dir{Path: filepath.Join(dir, ".venv"), Known: true}); ok {
				if v := strings.TrimSpace(text); v != "" && !strings.Contains(v, "\n") {
					root := ""
					if strings.Contains(v, "/") {
						root = (Dir{Path: dir, Known: true}).Join(expandTilde(v, w.home)).Path
					} else if home != "" {
						root = filepath.Join(home, v)
					}
					if root != "" {
						return one(w.venvRoot(Dir{Path: filepath.Join(root, "bin", "python"), Known: true}))
					}
				}
			}
		}
		if home == "" {
			return nil
		}
		real := filepath.Join(w.realDir(dir), "Pipfile")
		name := pipenvSanitize(filepath.Base(filepath.Dir(real))) + "-" + pipenvEnvHash(real)
		if v, known, ok := w.envOf(c, call, "PIPENV_CUSTOM_VENV_NAME"); ok && known && v != "" {
			name = v
		}
		return one(w.venvRoot(Dir{Path: filepath.Join(home, name, "bin", "python"), Known: true}))
	case "poetry":
		path, _, ok := w.findUp(call.Dir, "pyproject.toml")
		if !ok {
			return nil
		}
		dir := filepath.Dir(path)
		var configs []string // poetry.toml first, then the user's config.toml
		if text, ok := w.readScript(Dir{Path: filepath.Join(dir, "poetry.toml"), Known: true}); ok {
			configs = append(configs, text)
		}
		if cd := w.userDir(c, call, "POETRY_CONFIG_DIR", ""); cd != "" {
			if text, ok := w.readScript(Dir{Path: filepath.Join(cd, "config.toml"), Known: true}); ok {
				configs = append(configs, text)
			}
		} else if xd := w.userDir(c, call, "XDG_CONFIG_HOME", ".config"); xd != "" {
			if text, ok := w.readScript(Dir{Path: filepath.Join(xd, "pypoetry", "config.toml"), Known: true}); ok {
				configs = append(configs, text)
			}
		}
		setting := func(env, key string) (string, bool) {
			if v, known, ok := w.envOf(c, call, env); ok {
				return v, known
			}
			for _, text := range configs {
				if v, ok := tomlSetting(text, "virtualenvs", key); ok {
					return v, true
				}
			}
			return "", false
		}
		if v, ok := setting("POETRY_VIRTUALENVS_IN_PROJECT", "in-project"); !ok || envTruthy(v) {
			if root := inProject(dir); root != "" || ok {
				return one(root)
			}
		}
		venvs := ""
		if v, ok := setting("POETRY_VIRTUALENVS_PATH", "path"); ok && v != "" {
			if d := (Dir{Path: dir, Known: true}).Join(expandTilde(v, w.home)); d.Known {
				venvs = d.Path
			}
		} else if cache := w.userDir(c, call, "POETRY_CACHE_DIR", ""); cache != "" {
			venvs = filepath.Join(cache, "virtualenvs")
		} else if xc := w.userDir(c, call, "XDG_CACHE_HOME", ".cache"); xc != "" {
			venvs = filepath.Join(xc, "pypoetry", "virtualenvs")
		}
		if venvs == "" {
			return nil
		}
		prefix := "-" + poetryEnvHash(w.realDir(dir)) + "-py"
		found := map[string]bool{}
		for f := range w.written {
			if rest, ok := strings.CutPrefix(f, venvs+"/"); ok {
				if name, _, _ := strings.Cut(rest, "/"); strings.Contains(name, prefix) {
					found[filepath.Join(venvs, name)] = true
				}
			}
		}
		if w.read != nil {
			if entries, err := os.ReadDir(venvs); err == nil {
				for i, e := range entries {
					if i >= 4096 {
						break
					}
					if strings.Contains(e.Name(), prefix) {
						found[filepath.Join(venvs, e.Name())] = true
					}
				}
			}
		}
		var roots []string
		for d := range found {
			if r := w.venvRoot(Dir{Path: filepath.Join(d, "bin", "python"), Known: true}); r != "" {
				roots = append(roots, r)
			}
		}
		sort.Strings(roots)
		if len(roots) > 4 {
			roots = roots[:4]
			w.m.Truncated = true
		}
		return roots
	case "uv":
		if v, known, ok := w.envOf(c, call, "UV_PROJECT_ENVIRONMENT"); ok {
			if !known || v == "" {
				return nil
			}
			base := call.Dir
			if path, _, ok := w.findUp(call.Dir, "pyproject.toml"); ok {
				base = Dir{Path: filepath.Dir(path), Known: true}
			}
			d := base.Join(expandTilde(v, w.home))
			if !d.Known {
				return nil
			}
			return one(w.venvRoot(d.Join("bin/python")))
		}
	}
	if path, _, ok := w.findUp(call.Dir, "pyproject.toml"); ok {
		return one(inProject(filepath.Dir(path)))
	}
	return one(inProject(call.Dir.Path))
}

// wrapperProgram models the program a Python project tool runs by name
// from its environment's bin directory (poetry run mytool): a script
// there is read as the script on disk it is. Interpreters and programs
// that are not scripts (the venv's python) run as themselves.
func (w *walker) wrapperProgram(c scope, call *Call, roots []string) {
	if call.Name == "" || !call.NameArg.Static || strings.Contains(call.NameArg.Value, "/") {
		return
	}
	for _, root := range roots {
		p := filepath.Join(root, "bin", call.Name)
		if _, written := w.written[p]; !written {
			if w.read == nil {
				continue
			}
			fi, err := os.Stat(p)
			if err != nil || !fi.Mode().IsRegular() || binaryFile(p) {
				continue
			}
		}
		w.scriptFile(c, call, Arg{Value: p, Raw: call.NameArg.Raw, Static: true}, "")
	}
}

// substVenvProgram models a program named through poetry's report of its
// environment: "$(poetry env info -p)/bin/NAME" (also --path) runs NAME
// from the environment poetry run would use, as poetry run NAME does
// (wrapperVenvs): its site directories and, when NAME is a script, the
// script. An environment corral does not find is not read.
func (w *walker) substVenvProgram(c scope, call *Call) {
	word := call.NameArg.Word
	if word == nil || len(word.Parts) == 0 {
		return
	}
	var parts []sh.WordPart // the word's parts, double quotes opened
	for _, p := range word.Parts {
		if dq, ok := p.(*sh.DblQuoted); ok {
			parts = append(parts, dq.Parts...)
		} else {
			parts = append(parts, p)
		}
	}
	if len(parts) < 2 {
		return
	}
	cs, ok := parts[0].(*sh.CmdSubst)
	if !ok || len(cs.Stmts) != 1 || cs.Stmts[0].Cmd == nil {
		return
	}
	ce, ok := cs.Stmts[0].Cmd.(*sh.CallExpr)
	if !ok || len(ce.Assigns) > 0 || len(ce.Args) < 3 || len(ce.Args) > 4 {
		return
	}
	var words []string
	for _, a := range ce.Args {
		words = append(words, a.Lit())
	}
	tool, hatchEnv := "poetry", ""
	switch {
	case len(words) == 4 && words[0] == "poetry" && words[1] == "env" && words[2] == "info" && (words[3] == "-p" || words[3] == "--path"):
	case len(words) >= 3 && words[0] == "hatch" && words[1] == "env" && words[2] == "find":
		// hatch env find [ENV] prints the environment's path.
		tool, hatchEnv = "hatch", "default"
		if len(words) == 4 {
			hatchEnv = words[3]
		}
		if hatchEnv == "" || strings.HasPrefix(hatchEnv, "-") {
			return
		}
	default:
		return
	}
	rest := ""
	for _, p := range parts[1:] {
		switch p := p.(type) {
		case *sh.Lit:
			rest += p.Value
		case *sh.SglQuoted:
			rest += p.Value
		default:
			return
		}
	}
	name, ok := strings.CutPrefix(rest, "/bin/")
	if !ok || name == "" || strings.Contains(name, "/") {
		return
	}
	inner := *call
	inner.Wrappers = append(append([]string(nil), call.Wrappers...), tool)
	roots := w.wrapperVenvs(c, &inner)
	if tool == "hatch" {
		roots = w.hatchVenvs(c, call, hatchEnv)
	}
	for _, root := range roots {
		p := Dir{Path: filepath.Join(root, "bin", name), Known: true}
		w.venvSiteAt(c, call, root, p)
		if _, written := w.written[p.Path]; !written {
			if w.read == nil {
				continue
			}
			fi, err := os.Stat(p.Path)
			if err != nil || !fi.Mode().IsRegular() || binaryFile(p.Path) {
				continue
			}
		}
		w.scriptFile(c, call, Arg{Value: p.Path, Raw: call.NameArg.Raw, Static: true}, "")
	}
}
