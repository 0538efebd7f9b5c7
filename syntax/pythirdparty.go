package syntax

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Python puts the working directory (-c, -m, standard input) or the
// script's directory first on sys.path, before the standard library and
// site-packages. A package from outside the project (pip, requests,
// pytest: installed in site-packages) imports standard-library modules as
// it runs, and each one not loaded yet is found first there: a project
// file textwrap.py runs inside python3 -m pip (red team 17 MS1). Which
// modules a package corral cannot read imports is not known, so every
// project file there named as a library module that can be shadowed
// (lang.PyStdlibNames: not one the interpreter loads before sys.path is
// set) is read as the program's code, as pydoc -k's walk of the library
// is (pyStdlibShadows).

// pyThirdPartyRun models python -m NAME when NAME is neither the
// library's nor found in the directories dirs (the working directory
// first, then PYTHONPATH's): a package from site-packages, whose imports
// find the project's library-named files first.
func (w *walker) pyThirdPartyRun(c scope, call *Call, dirs []string, name string) {
	top, _, _ := strings.Cut(name, ".")
	if w.pyOwnModule(call, dirs, top) {
		return
	}
	what := call.Name + " -m " + name + " (a package from outside the project)"
	w.pyShadowsOfAny(c, call, dirs, what, what)
}

// pyThirdPartyImports models the absolute imports of Python code
// (lang.Imports' effects) that name a module neither the library's nor
// found on the path before site-packages: the first such import makes
// every library-named file in sys.path[0] (the working directory for code
// on the command line, the script's directory for a script) and in
// PYTHONPATH's directories the program's code. Only the program's own
// code counts: in a module it imports, sys.path[0] is the program's.
func (w *walker) pyThirdPartyImports(c scope, call *Call, effects []lang.Effect, origin, label string) {
	if w.includes > 0 {
		return
	}
	dir := "."
	if origin != "" {
		dir = filepath.Dir(originFile(origin))
	}
	dirs := append(w.pyPathZero(c, call, dir), call.modPath...)
	for _, e := range effects {
		if e.Kind != lang.Include || !e.Search || !e.Relative || e.Text != "" {
			continue
		}
		top, _, _ := strings.Cut(e.Path, "/")
		top = strings.TrimSuffix(top, ".py")
		if !pyIdent(top) || w.pyOwnModule(call, dirs, top) {
			continue
		}
		what := e.Call + " " + top + " in Python code (a package from outside the project)"
		w.pyShadowsOfAny(c, call, dirs, what, label)
		return
	}
}

// pyIdent reports whether s is a Python identifier as an import names it
// (ASCII letters, digits, _; not starting with a digit).
func pyIdent(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// pyOwnModule reports whether top is a standard-library module or a
// module the directories dirs hold (a file, package or namespace
// directory, an extension module, bytecode; on disk or written by the
// command): one whose code corral reads where it is imported.
func (w *walker) pyOwnModule(call *Call, dirs []string, top string) bool {
	if lang.PyStdlibTopModule(top) {
		return true
	}
	for _, d := range dirs {
		dd := call.Dir.Join(filepath.Join(d, top))
		if !dd.Known {
			return true // not known where it is found: not judged here
		}
		if w.dirLike(dd.Path) || w.exists(dd.Path+".py") || w.exists(dd.Path+".pyc") ||
			len(w.pyNativeModules(dd.Path)) > 0 {
			return true
		}
	}
	return false
}

// maxShadowCandidates bounds the library-named files read per command
// line directory.
const maxShadowCandidates = 64

// pyShadowsOfAny judges the files in dirs named as standard-library
// modules that can be shadowed (NAME.py, NAME/__init__.py), as
// pyStdlibShadows does for the modules a library module imports.
func (w *walker) pyShadowsOfAny(c scope, call *Call, dirs []string, what, label string) {
	if w.read == nil && len(w.written) == 0 {
		return
	}
	names := lang.PyStdlibNames()
	seen := map[string]bool{}
	var mods []string
	add := func(n string) {
		if _, ok := slices.BinarySearch(names, n); ok && !seen[n] && len(mods) < maxShadowCandidates {
			seen[n] = true
			mods = append(mods, n)
		}
	}
	for _, d := range dirs {
		dd := call.Dir.Join(d)
		if !dd.Known {
			break
		}
		for p := range w.written {
			rel, err := filepath.Rel(dd.Path, p)
			if err != nil || strings.HasPrefix(rel, "..") {
				continue
			}
			first, rest, _ := strings.Cut(rel, string(filepath.Separator))
			switch {
			case rest == "" && strings.HasSuffix(first, ".py"):
				add(strings.TrimSuffix(first, ".py"))
			case rest == "__init__.py":
				add(first)
			}
		}
		if w.read == nil {
			continue
		}
		entries, err := os.ReadDir(dd.Path)
		if err != nil || len(entries) > maxCollectEntries {
			continue
		}
		for _, e := range entries {
			n := e.Name()
			switch {
			case strings.HasSuffix(n, ".py"):
				add(strings.TrimSuffix(n, ".py"))
			case e.IsDir() || e.Type()&os.ModeSymlink != 0:
				add(n)
			}
		}
	}
	if len(mods) == 0 {
		return
	}
	sort.Strings(mods)
	w.pyStdlibShadows(c, call, dirs, mods, what, label, false)
}
