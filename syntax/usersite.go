package syntax

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Python's site module runs code from a site directory at start-up: the
// user site, DIR/lib/pythonX.Y/site-packages with DIR the PYTHONUSERBASE
// the command gives (site(3): not with -s, -I or PYTHONNOUSERSITE, and -E
// ignores the variable), imports usercustomize from it and executes the
// lines of each of its *.pth files that start with "import" (in file name
// order). site.addsitedir(DIR) in Python code processes DIR's *.pth files
// the same way. Those files are read as the program's Python code.

// maxPthFiles bounds the .pth files read in one site directory.
const maxPthFiles = 64

// maxPthDirs bounds the directories one site directory's .pth files add
// that are looked in for sitecustomize and usercustomize.
const maxPthDirs = 16

// pthCustomize judges the sitecustomize and usercustomize modules in
// the directories .pth path lines added to sys.path (a .pth line
// /proj/t9 with t9/sitecustomize.py: Python imports it at start-up).
func (w *walker) pthCustomize(c scope, call *Call, dirs []string) {
	for _, d := range dirs {
		for _, mod := range []string{"sitecustomize", "usercustomize"} {
			w.firstFile(c, call, []string{filepath.Join(d, mod+".py"), filepath.Join(d, mod, "__init__.py")}, string(lang.Python))
		}
	}
}

// userSite judges the user site of the PYTHONUSERBASE the command
// gives call (a prefix assignment, env's NAME=value, an exported
// variable), else of the default base ~/.local under the HOME call's
// program gets (userHome).
func (w *walker) userSite(c scope, call *Call, st *state, envWords map[string]string) {
	base, given := commandEnv(st, envWords, "PYTHONUSERBASE")
	if given && base == "" {
		return
	}
	if !given {
		// The default user base, ~/.local (site.getuserbase() on Linux
		// and a non-framework macOS build): its .pth files already
		// there run as those of a given base do. A base the
		// environment sets, or a variable only known at run time, is
		// not read.
		if _, set := envWords["PYTHONUSERBASE"]; set {
			return
		}
		if v, ok := st.vars["PYTHONUSERBASE"]; ok && v.exported {
			return
		}
	}
	if off, ok := commandEnv(st, envWords, "PYTHONNOUSERSITE"); ok && off != "" {
		return
	}
	if !w.startsPython(call) {
		return // pip, pytest and ./manage.py start Python as python3 does
	}
	for _, o := range pythonInterpreterOpts(call) {
		// -E ignores PYTHONUSERBASE, not the user site: the default base
		// is still read.
		if !o.Long && (o.Name == "s" || o.Name == "S" || o.Name == "I" || o.Name == "E" && given) {
			return
		}
	}
	if !given {
		// The default base is under the HOME Python gets (HOME=DIR
		// python3 reads DIR/.local).
		home, ok := w.userHome(c, call, "imports usercustomize and runs the .pth files of its user site")
		if !ok || home == "" {
			return
		}
		base = filepath.Join(home, ".local")
	}
	lib := call.Dir.Join(base).Join("lib")
	if !lib.Known {
		return
	}
	// The site-packages directories of every Python version there.
	dirs := map[string]bool{}
	for p := range w.written {
		if rest, ok := strings.CutPrefix(p, lib.Path+"/"); ok {
			if ver, tail, ok := strings.Cut(rest, "/"); ok && strings.HasPrefix(ver, "python") && strings.HasPrefix(tail, "site-packages/") {
				dirs[filepath.Join(lib.Path, ver, "site-packages")] = true
			}
		}
	}
	if w.read != nil {
		if m, err := filepath.Glob(filepath.Join(lib.Path, "python*", "site-packages")); err == nil {
			for _, d := range m {
				dirs[d] = true
			}
		}
	}
	sorted := make([]string, 0, len(dirs))
	for d := range dirs {
		sorted = append(sorted, d)
	}
	sort.Strings(sorted)
	for _, d := range sorted {
		w.sitePth(c, call, d)
		w.firstFile(c, call, []string{filepath.Join(d, "usercustomize.py"), filepath.Join(d, "usercustomize", "__init__.py")}, string(lang.Python))
	}
}

// sitePth reads the *.pth files of the site directory dir (absolute, or
// relative to call's directory): each line that starts with "import"
// followed by a blank is Python code the site module executes. Any other
// line (not a comment) names a directory, relative to dir or absolute,
// that the site module appends to sys.path when it exists: the
// sitecustomize and usercustomize modules found there are then imported
// too (pthCustomize).
func (w *walker) sitePth(c scope, call *Call, dir string) {
	d := call.Dir.Join(dir)
	if !d.Known {
		return
	}
	var pathDirs []string
	defer func() { w.pthCustomize(c, call, pathDirs) }()
	files := map[string]bool{}
	for p := range w.written {
		if filepath.Dir(p) == d.Path && strings.HasSuffix(p, ".pth") {
			files[p] = true
		}
	}
	if w.read != nil {
		if entries, err := os.ReadDir(d.Path); err == nil {
			for _, e := range entries {
				if strings.HasSuffix(e.Name(), ".pth") && !e.IsDir() {
					files[filepath.Join(d.Path, e.Name())] = true
				}
			}
		}
	}
	names := make([]string, 0, len(files))
	for p := range files {
		names = append(names, p)
	}
	sort.Strings(names)
	if len(names) > maxPthFiles {
		names = names[:maxPthFiles]
		w.m.Truncated = true
	}
	for _, p := range names {
		text, ok := w.readScript(Dir{Path: p, Known: true})
		if !ok {
			continue
		}
		var code []string
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(line, "import ") || strings.HasPrefix(line, "import\t") {
				code = append(code, strings.TrimRight(line, "\r"))
				continue
			}
			line = strings.TrimRight(line, " \t\r")
			if line == "" || strings.HasPrefix(line, "#") || len(pathDirs) >= maxPthDirs {
				continue
			}
			if pd := (Dir{Path: d.Path, Known: true}).Join(line); pd.Known && w.dirLike(pd.Path) {
				pathDirs = append(pathDirs, pd.Path)
			}
		}
		if len(code) > 0 {
			name := relTo(call.Dir.Path, p)
			w.program(c, call, lang.Python, strings.Join(code, "\n")+"\n", name+" (site .pth)", false, name)
		}
	}
}

// A virtual environment's interpreter (DIR/bin/python* beside
// DIR/pyvenv.cfg) runs the site module on DIR's own site directories,
// DIR/lib/pythonX.Y/site-packages: the "import" lines of their *.pth
// files and their sitecustomize module run at every start (not with -S).
// The interpreter is a venv's when the command names it by its path
// (.venv/bin/python, also a console script there, .venv/bin/pytest,
// whose #! line names it), when PATH leads to it (source
// .venv/bin/activate puts DIR/bin first), or under uv run, poetry run,
// pipenv run, hatch run and pdm run, which use the project's .venv or
// their own environment (pyenvs.go).

// venvWrappers are the wrappers that run their command in the project's
// .venv.
var venvWrappers = []string{"uv", "poetry", "pipenv", "hatch", "pdm"}

// venvRoot returns the virtual environment whose bin directory holds the
// program file p, or "".
func (w *walker) venvRoot(p Dir) string {
	if !p.Known || filepath.Base(filepath.Dir(p.Path)) != "bin" {
		return ""
	}
	root := filepath.Dir(filepath.Dir(p.Path))
	cfg := filepath.Join(root, "pyvenv.cfg")
	if _, ok := w.written[cfg]; ok {
		return root
	}
	if w.read == nil {
		return ""
	}
	if fi, err := os.Stat(cfg); err == nil && fi.Mode().IsRegular() {
		return root
	}
	return ""
}

// venvPython reports whether call, run from the file p of a virtual
// environment's bin directory, is Python: an interpreter by name, or a
// script whose #! line names one.
func (w *walker) venvPython(call *Call, p Dir) bool {
	if lang.ForProgram(call.Name) == lang.Python {
		return true
	}
	text, ok := w.readScript(p)
	return ok && lang.ForProgram(filepath.Base(lang.Shebang(text))) == lang.Python
}

// venvSite judges the site directories of the virtual environment the
// program file p (found by path or through PATH) belongs to, or, with p
// unknown, of the environments a venv wrapper runs it in (wrapperVenvs).
func (w *walker) venvSite(c scope, call *Call, p Dir) {
	root := w.venvRoot(p)
	if root == "" && !p.Known {
		for _, root := range w.wrapperVenvs(c, call) {
			q := p
			if lang.ForProgram(call.Name) != lang.Python {
				q = Dir{Path: filepath.Join(root, "bin", call.Name), Known: true}
			}
			w.venvSiteAt(c, call, root, q)
		}
		return
	}
	w.venvSiteAt(c, call, root, p)
}

// venvSiteAt is venvSite for the virtual environment root.
func (w *walker) venvSiteAt(c scope, call *Call, root string, p Dir) {
	if root == "" {
		return
	}
	if p.Known && !w.venvPython(call, p) {
		return
	}
	if lang.ForProgram(call.Name) == lang.Python {
		if spec, ok := interpSpecFor(lang.Python, "python"); ok {
			opts, _ := ScanOptions(call.Args, spec.opts)
			for _, o := range opts {
				if !o.Long && o.Name == "S" {
					return // no site module
				}
			}
		}
	}
	for _, d := range w.pythonLibDirs(filepath.Join(root, "lib"), "site-packages") {
		w.sitePth(c, call, d)
		w.firstFile(c, call, []string{filepath.Join(d, "sitecustomize.py"), filepath.Join(d, "sitecustomize", "__init__.py")}, string(lang.Python))
	}
}

// pythonHome judges what the PYTHONHOME the command gives call moves:
// CPython takes its standard library from DIR/lib/pythonX.Y (DIR the
// part before a colon), and imports the encodings package from there
// before any code of the program runs (site too, where it is not frozen
// into the interpreter, as it is from 3.11 on), then the .pth files and
// sitecustomize of DIR's site-packages. -E and -I ignore the variable.
func (w *walker) pythonHome(c scope, call *Call, st *state, envWords map[string]string) {
	home, given := commandEnv(st, envWords, "PYTHONHOME")
	if home, _, _ = strings.Cut(home, ":"); !given || home == "" || !w.startsPython(call) {
		return
	}
	for _, o := range pythonInterpreterOpts(call) {
		if !o.Long && (o.Name == "I" || o.Name == "E") {
			return
		}
	}
	lib := call.Dir.Join(home).Join("lib")
	if !lib.Known || systemPath(lib.Path+"/") {
		// An installed interpreter's prefix (/usr, /opt/python3.11)
		// is the system's, not the agent's.
		return
	}
	for _, d := range w.pythonLibDirs(lib.Path, "") {
		w.firstFile(c, call, []string{filepath.Join(d, "encodings", "__init__.py")}, string(lang.Python))
		w.firstFile(c, call, []string{filepath.Join(d, "site.py")}, string(lang.Python))
		sp := filepath.Join(d, "site-packages")
		w.sitePth(c, call, sp)
		w.firstFile(c, call, []string{filepath.Join(sp, "sitecustomize.py"), filepath.Join(sp, "sitecustomize", "__init__.py")}, string(lang.Python))
	}
}

// pythonLibDirs returns the directories lib/pythonX.Y/sub ("" for
// lib/pythonX.Y itself) that the command wrote files under or that are
// on disk, sorted; past four it keeps the first four and marks the
// model truncated.
func (w *walker) pythonLibDirs(lib, sub string) []string {
	dirs := map[string]bool{}
	for f := range w.written {
		rest, ok := strings.CutPrefix(f, lib+"/")
		if !ok {
			continue
		}
		ver, tail, ok := strings.Cut(rest, "/")
		if ok && strings.HasPrefix(ver, "python") && (sub == "" || strings.HasPrefix(tail, sub+"/")) {
			dirs[filepath.Join(lib, ver, sub)] = true
		}
	}
	if w.read != nil {
		if m, err := filepath.Glob(filepath.Join(lib, "python*", sub)); err == nil {
			for _, d := range m {
				dirs[d] = true
			}
		}
	}
	sorted := make([]string, 0, len(dirs))
	for d := range dirs {
		sorted = append(sorted, d)
	}
	sort.Strings(sorted)
	if len(sorted) > 4 {
		sorted = sorted[:4]
		w.m.Truncated = true
	}
	return sorted
}
