package syntax

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Building a Python project runs code of the project besides setup.py:
// an in-tree build backend (pyproject.toml's [build-system] backend-path
// with build-backend naming a module there, PEP 517), hatchling's custom
// build hook ([tool.hatch.build.hooks.custom] or a target's, path or
// hatch_build.py), pdm-backend's pdm_build.py, and poetry's build script
// ([tool.poetry.build] script, or [tool.poetry] build). pip install DIR,
// pip wheel DIR, python -m build [DIR], uv build [DIR], uv pip install
// DIR, uv sync, poetry install/build, pdm install/build and hatch build
// build the project, so those files are read as Python, as setup.py is.

// pyprojectCode returns the files of project directory dir (relative to
// it) that building the project runs, from its pyproject.toml text.
func pyprojectCode(text string) []string {
	var out []string
	table := ""
	backend, hatchHook, hatchPath := "", false, ""
	var backendPath []string
	inArray := false
	for _, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(raw)
		if i := strings.Index(line, " #"); i >= 0 && !strings.ContainsAny(line[:i], `"'`) {
			line = strings.TrimSpace(line[:i])
		}
		if inArray {
			backendPath = append(backendPath, tomlStrings(line)...)
			inArray = !strings.Contains(line, "]")
			continue
		}
		if strings.HasPrefix(line, "[") {
			table = strings.Trim(line, "[] ")
			if strings.HasPrefix(table, "tool.hatch.build.") && strings.HasSuffix(table, "hooks.custom") {
				hatchHook = true
			}
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		key, val = strings.Trim(strings.TrimSpace(key), `"'`), strings.TrimSpace(val)
		switch {
		case table == "build-system" && key == "build-backend":
			if s := tomlStrings(val); len(s) > 0 {
				backend = s[0]
			}
		case table == "build-system" && key == "backend-path":
			backendPath = append(backendPath, tomlStrings(val)...)
			inArray = strings.HasPrefix(val, "[") && !strings.Contains(val, "]")
		case strings.HasPrefix(table, "tool.hatch.build.") && strings.HasSuffix(table, "hooks.custom") && key == "path":
			if s := tomlStrings(val); len(s) > 0 {
				hatchPath = s[0]
			}
		case table == "tool.poetry.build" && key == "script", table == "tool.poetry" && key == "build":
			if s := tomlStrings(val); len(s) > 0 {
				out = append(out, s[0])
			}
		}
	}
	if backend != "" && len(backendPath) > 0 {
		mod, _, _ := strings.Cut(backend, ":") // module:object
		p := strings.ReplaceAll(mod, ".", "/")
		for _, d := range backendPath {
			out = append(out, filepath.Join(d, p+".py"), filepath.Join(d, p, "__init__.py"))
		}
	}
	if hatchHook {
		if hatchPath == "" {
			hatchPath = "hatch_build.py"
		}
		out = append(out, hatchPath)
	}
	if strings.HasPrefix(backend, "pdm.backend") {
		out = append(out, "pdm_build.py")
	}
	return out
}

// tomlStrings returns the basic and literal strings of a TOML value.
func tomlStrings(v string) []string {
	var out []string
	for len(v) > 0 {
		i := strings.IndexAny(v, `"'`)
		if i < 0 {
			break
		}
		q := v[i]
		j := strings.IndexByte(v[i+1:], q)
		if j < 0 {
			break
		}
		out = append(out, v[i+1:i+1+j])
		v = v[i+2+j:]
	}
	return out
}

// buildProject reads what building the Python project in d runs: its
// setup.py and the files pyproject.toml names (pyprojectCode). where is d
// as the command names it.
func (w *walker) buildProject(c scope, call *Call, d Dir, where string) {
	if !d.Known {
		return
	}
	inner := *call
	inner.Dir = d
	files := []string{"setup.py"}
	if text, ok := w.readScript(Dir{Path: filepath.Join(d.Path, "pyproject.toml"), Known: true}); ok {
		files = append(files, pyprojectCode(text)...)
	}
	seen := map[string]bool{}
	for _, f := range files {
		p := Dir{Path: filepath.Join(d.Path, f), Known: true}
		if seen[p.Path] {
			continue
		}
		seen[p.Path] = true
		text, ok := w.readScript(p)
		if !ok {
			continue
		}
		name := filepath.Join(where, f)
		w.program(c, &inner, lang.Python, text, name, false, name)
	}
}

// pythonBuild models the build front ends other than pip: python -m
// build [DIR], uv build [DIR], uv pip install DIR (as pip), uv sync,
// poetry install/build, pdm install/build/sync and hatch build, which
// build the project of the working directory (or DIR).
func (w *walker) pythonBuild(c scope, call *Call, args []Arg) bool {
	words := args
	if w.pythonAdd(c, call, args) {
		// What else the command does is read as before.
		return false
	}
	switch call.Name {
	case "uv":
		if len(words) > 1 && words[0].Value == "pip" {
			w.pipInstall(c, call, words[1:])
			return true
		}
		if len(words) == 0 || words[0].Value != "build" && words[0].Value != "sync" {
			return false
		}
	case "poetry":
		if len(words) == 0 || words[0].Value != "install" && words[0].Value != "build" {
			return false
		}
		for _, a := range words[1:] {
			if a.Value == "--no-root" || a.Value == "--only-root=false" {
				return false
			}
		}
	case "pdm":
		if len(words) == 0 || words[0].Value != "install" && words[0].Value != "build" && words[0].Value != "sync" {
			return false
		}
	case "hatch":
		if len(words) == 0 || words[0].Value != "build" {
			return false
		}
	case "pyproject-build":
		words = append([]Arg{{Value: "build", Static: true}}, words...)
	default:
		return false
	}
	dir := "."
	if words[0].Value == "build" && call.Name != "hatch" && call.Name != "poetry" {
		_, operands := ScanOptions(words[1:], OptSpec{ShortVal: "oC", LongEq: true,
			LongVal: []string{"outdir", "out-dir", "config-setting", "config-settings", "package", "python", "installer", "build-constraint", "dest", "dest-dir"}})
		if len(operands) > 0 && words[1+operands[0]].Static {
			dir = words[1+operands[0]].Value
		}
	}
	w.buildProject(c, call, call.Dir.Join(dir), dir)
	return true
}

// pythonAddSpec is the options of uv add, poetry add and pipx install
// that take a value (those corral does not know are taken as flags; a
// value so taken as an operand, --python 3.12, is no path and builds
// nothing).
var pythonAddSpec = OptSpec{ShortVal: "rcmpCPfGE", LongEq: true,
	LongVal: []string{"requirements", "constraints", "marker", "optional", "group", "rev", "tag", "branch", "extra",
		"package", "script", "bounds", "index", "default-index", "index-url", "extra-index-url", "find-links",
		"directory", "project", "config-file", "cache-dir", "color", "index-strategy", "keyring-provider", "resolution",
		"prerelease", "exclude-newer", "link-mode", "refresh-package", "reinstall-package", "no-binary-package",
		"no-build-package", "config-setting", "upgrade-package", "no-build-isolation-package", "platform",
		"suffix", "pip-args", "preinstall", "extras", "pip-version"}}

// pythonAdd models uv add SPEC, poetry add SPEC and pipx install SPEC
// when SPEC is a local directory (./pdep, r10/pdep, file:///abs/pdep,
// pdep @ file:///…): each installs it, which builds it as pip install
// DIR does (pipLocalDir).
func (w *walker) pythonAdd(c scope, call *Call, args []Arg) bool {
	if len(args) == 0 {
		return false
	}
	switch {
	case call.Name == "uv" && args[0].Value == "add", call.Name == "poetry" && args[0].Value == "add",
		call.Name == "pipx" && args[0].Value == "install":
	default:
		return false
	}
	_, operands := ScanOptions(args[1:], pythonAddSpec)
	for _, i := range operands {
		if a := args[1+i]; a.Static {
			w.pipLocalDir(c, call, a.Value, false)
		}
	}
	return true
}

// wrapperLocalBuild models the package a tool runner installs before it
// runs its command (issue 12, class 4): pipx run --spec SPEC, uvx (uv
// tool run) --from SPEC, --with SPEC and --with-editable SPEC. A SPEC
// that is a local directory (., ./pkg, file:///abs) is built as pip
// install DIR builds it (pipLocalDir: setup.py runs), so pipx run --spec
// . NAME of a project whose setup.py deletes was allowed. A package from
// the index is remote-run's.
func (w *walker) wrapperLocalBuild(c scope, call *Call) {
	pre := call.PreWords()
	start := -1
	tool := ""
	for i, a := range pre {
		if b := filepath.Base(a.Value); a.Static && (b == "pipx" || b == "uvx" || b == "uv") {
			start, tool = i, b
		}
	}
	if start < 0 {
		return
	}
	names := []string{"from", "with", "with-editable"}
	if tool == "pipx" {
		names = []string{"spec"}
	}
	words := pre[start+1:]
	for i := 0; i < len(words); i++ {
		v := words[i].Value
		for _, n := range names {
			val, ok := "", false
			switch {
			case v == "--"+n && i+1 < len(words):
				val, ok = words[i+1].Value, words[i+1].Static
			case strings.HasPrefix(v, "--"+n+"="):
				val, ok = strings.TrimPrefix(v, "--"+n+"="), words[i].Static
			}
			if ok {
				w.pipLocalDir(c, call, val, n == "with-editable")
			}
		}
	}
}
