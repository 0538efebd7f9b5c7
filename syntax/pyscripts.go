package syntax

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// Python project tools run named scripts from pyproject.toml, as npm runs
// package.json's: pdm run NAME ([tool.pdm.scripts]: a string, or a table
// with cmd, shell or composite), rye run NAME ([tool.rye.scripts]: a
// string, an array of words, or a table with cmd or chain), hatch run NAME
// ([tool.hatch.envs.ENV.scripts]: a string or an array of commands), and
// poe NAME ([tool.poe.tasks]: a string, or a table with cmd, shell or
// sequence). The agent can write pyproject.toml and run the script in the
// same command or the next, so the script text is read as the shell text
// it is, with the arguments after NAME appended. A name the file does not
// define runs as the program it names (the wrapper's command).

// pyScriptTables are, per tool, the pyproject.toml tables that hold its
// scripts (a * matches one dotted part: hatch's environment).
var pyScriptTables = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"pdm": "tool.pdm.scripts", "rye": "tool.rye.scripts",
		"hatch": "tool.hatch.envs.*.scripts", "poe": "tool.poe.tasks"}
}}

// pyprojectScript returns the shell commands of script name in the
// scripts table (pattern) of a pyproject.toml text, and whether the name
// is defined there.
func pyprojectScript(text, pattern, name string, argv bool) ([]string, bool) {
	matches := func(t string) bool {
		pp, tp := strings.Split(pattern, "."), strings.Split(t, ".")
		if len(pp) != len(tp) {
			return false
		}
		for i := range pp {
			if pp[i] != "*" && pp[i] != tp[i] {
				return false
			}
		}
		return true
	}
	// own reports [tool.pdm.scripts.NAME], the script's own table.
	own := func(t string) bool { return strings.HasSuffix(t, "."+name) && matches(strings.TrimSuffix(t, "."+name)) }
	var cmds []string
	found := false
	for _, e := range tomlEntries(text) {
		switch {
		case matches(e.table) && e.key == name:
			found = true
			cmds = append(cmds, pyScriptValue(e.value, argv)...)
		case own(e.table):
			found = true
			switch e.key {
			case "cmd", "shell", "composite", "chain", "sequence", "call":
				cmds = append(cmds, pyScriptValue(e.value, argv && e.key == "cmd")...)
			}
		}
	}
	return cmds, found
}

// pyScriptValue returns the shell commands a script's value holds: a
// string, an array of strings (each a command, or with argv one command's
// words: rye's), or an inline table's cmd, shell, composite, chain or
// sequence.
func pyScriptValue(v string, argv bool) []string {
	if strings.HasPrefix(v, "{") {
		var out []string
		for _, key := range []string{"cmd", "shell", "composite", "chain", "sequence"} {
			i := strings.Index(v, key)
			for i >= 0 {
				rest := strings.TrimSpace(v[i+len(key):])
				if strings.HasPrefix(rest, "=") {
					out = append(out, pyScriptValue(strings.TrimSpace(rest[1:]), argv && key == "cmd")...)
					break
				}
				j := strings.Index(v[i+1:], key)
				if j < 0 {
					break
				}
				i += 1 + j
			}
		}
		return out
	}
	if strings.HasPrefix(v, `"""`) || strings.HasPrefix(v, "'''") {
		q := v[:3]
		body := strings.TrimPrefix(v, q)
		if j := strings.Index(body, q); j >= 0 {
			body = body[:j]
		}
		return []string{body}
	}
	s := tomlStrings(v)
	if argv && strings.HasPrefix(v, "[") {
		return []string{quoteArgv(s)}
	}
	return s
}

// pyprojectRun models pdm run NAME, rye run NAME, hatch run NAME (the
// wrapper's command is NAME) and poe NAME: the script's commands of the
// nearest pyproject.toml, with the words after NAME appended. It reports
// whether call ran such a script.
func (w *walker) pyprojectRun(c scope, call *Call) bool {
	tool, name, args := "", call.Name, call.Args
	if call.Name == "poe" {
		if len(call.Args) == 0 || strings.HasPrefix(call.Args[0].Value, "-") {
			return false
		}
		tool, name, args = "poe", call.Args[0].Value, call.Args[1:]
	} else if n := len(call.Wrappers); n > 0 {
		switch call.Wrappers[n-1] {
		case "pdm", "rye", "hatch", "uv", "uvx", "poetry", "pipx", "pipenv", "pixi":
			tool = call.Wrappers[n-1]
		}
	}
	if tool == "" || name == "" || !call.NameArg.Static && tool != "poe" {
		return false
	}
	if m, ok := taskManifests.Get()[tool]; ok {
		return w.manifestTaskRun(c, call, tool, name, args, m) // pyscripts_manifest.go
	}
	if tool == "hatch" && w.hatchRun(c, call, args) {
		return true
	}
	path, text, ok := w.findUp(call.Dir, "pyproject.toml")
	if !ok {
		return false
	}
	if w.entryPoint(c, call, filepath.Dir(path), text, name) {
		return true
	}
	if tool == "hatch" {
		return false // its scripts are hatchRun's
	}
	table, scripts := pyScriptTables.Get()[tool]
	if !scripts {
		return false
	}
	cmds, defined := pyprojectScript(text, table, name, tool == "rye")
	if !defined {
		return false
	}
	inner := *call
	inner.Dir = Dir{Path: filepath.Dir(path), Known: true}
	var extra []string
	for _, a := range args {
		extra = append(extra, a.Raw)
	}
	for _, cmd := range cmds {
		if len(extra) > 0 {
			cmd += " " + strings.Join(extra, " ")
		}
		w.origin = "pyproject.toml " + pyScriptTables.Get()[tool] + "." + name + " (" + tool + ")"
		w.child(c, &inner, cmd, nil, "pyproject script", false)
		w.origin = ""
	}
	return true
}

// entryPoint models a console script of the project itself that a
// wrapper runs by name (uv run NAME, uvx --from . NAME, poetry run NAME,
// pdm run NAME): [project.scripts] or [tool.poetry.scripts] NAME =
// "pkg.mod:func" runs pkg/mod.py (or src/pkg/mod.py, or the package's
// __init__.py), read as Python. It reports whether NAME is one.
func (w *walker) entryPoint(c scope, call *Call, root, text, name string) bool {
	var ref string
	for _, table := range []string{"project.scripts", "tool.poetry.scripts"} {
		if v, ok := tomlKey(text, table, name); ok {
			ref = v
			break
		}
	}
	if ref == "" {
		return false
	}
	mod, _, _ := strings.Cut(ref, ":")
	p := strings.ReplaceAll(strings.TrimSpace(mod), ".", "/")
	var files []string
	for _, base := range []string{root, filepath.Join(root, "src")} {
		files = append(files, filepath.Join(base, p+".py"), filepath.Join(base, p, "__init__.py"))
	}
	inner := *call
	inner.Dir = Dir{Path: root, Known: true}
	for _, f := range files {
		if w.exists(f) {
			w.interpreterFile(c, &inner, Arg{Value: f, Raw: f, Static: true}, lang.Python)
			return true
		}
	}
	return true
}

// hatch run [ENV:]NAME runs the script NAME of the environment ENV: the
// one before the colon, else hatch's -e/--env, else HATCH_ENV, else
// "default". An environment's scripts are its [tool.hatch.envs.ENV.scripts]
// in pyproject.toml or [envs.ENV.scripts] in hatch.toml (which wins), and
// those of the environments it inherits from (its template, "default"
// unless it names another; a template naming itself ends the chain). A
// NAME that is no script is the command run in ENV (hatch run test:pytest
// runs pytest).
func (w *walker) hatchRun(c scope, call *Call, args []Arg) bool {
	env, name, scoped := strings.Cut(call.Name, ":")
	if !scoped {
		env, name = w.hatchEnvName(c, call), call.Name
	}
	if env == "" {
		env = "default"
	}
	if name == "" {
		return false
	}
	var root string
	var texts []struct{ text, prefix string }
	if p, t, ok := w.findUp(call.Dir, "hatch.toml", "pyproject.toml"); ok {
		root = filepath.Dir(p)
		if filepath.Base(p) == "hatch.toml" {
			texts = append(texts, struct{ text, prefix string }{t, "envs."})
		}
		if t, ok := w.readScript(Dir{Path: filepath.Join(root, "pyproject.toml"), Known: true}); ok {
			texts = append(texts, struct{ text, prefix string }{t, "tool.hatch.envs."})
		}
	}
	inner := *call
	if root != "" {
		inner.Dir = Dir{Path: root, Known: true}
	}
	var extra []string
	for _, a := range args {
		extra = append(extra, a.Raw)
	}
	// A matrix environment (test.py3.12) has the scripts of its base.
	for _, base := range hatchEnvChain(env, texts) {
		for _, t := range texts {
			cmds, defined := pyprojectScript(t.text, t.prefix+base+".scripts", name, false)
			if !defined {
				continue
			}
			for _, cmd := range cmds {
				cmd = strings.ReplaceAll(cmd, "{args}", strings.Join(extra, " "))
				if len(extra) > 0 && !strings.Contains(cmd, strings.Join(extra, " ")) {
					cmd += " " + strings.Join(extra, " ")
				}
				w.origin = t.prefix + base + ".scripts." + name + " (hatch)"
				w.child(c, &inner, cmd, nil, "pyproject script", false)
				w.origin = ""
			}
			return true
		}
	}
	if scoped {
		if p, t, ok := w.findUp(call.Dir, "pyproject.toml"); ok && w.entryPoint(c, call, filepath.Dir(p), t, name) {
			return true // hatch run test:mycli, the project's console script
		}
		// A script in ENV's bin directory (hatchenvs.go), first on PATH.
		named := *call
		named.Name, named.NameArg, named.Args = name, Arg{Value: name, Raw: name, Static: true}, args
		w.wrapperProgram(c, &named, w.hatchVenvs(c, call, env))
		words := []string{name}
		w.child(c, &inner, quoteArgv(words)+" "+strings.Join(extra, " "), nil, "pyproject script", false)
		return true
	}
	return false
}
