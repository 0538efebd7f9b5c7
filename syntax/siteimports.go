package syntax

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Modules that start-up code imports (red team 16 PT1). A .pth line
// "import evilmod", or a sitecustomize.py that imports it, runs evilmod
// at every start of that interpreter, from the site directory, which is
// on sys.path when the site module runs the line. So the code written
// there is judged with the site directory on the module path (a module
// there is read and judged as Python), and a module it imports that is
// neither there nor in the standard library — one the agent can write in
// a later call — is text only known later: ask.

// siteCodeDir returns the site directory the start-up file at path is
// in (a sitecustomize package's parent), "" for another file.
func siteCodeDir(path string) string {
	path = filepath.Clean(path)
	dir := filepath.Dir(path)
	if filepath.Base(path) == "__init__.py" {
		dir = filepath.Dir(dir)
	}
	if !siteDir(dir) {
		return ""
	}
	return dir
}

// siteImportTops returns, sorted and each once, the top-level modules
// code imports by absolute name (import a.b, from a import b,
// __import__("a")).
func siteImportTops(code string) []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range lang.Imports(lang.Python, code) {
		if e.Kind != lang.Include || e.Text != "" || e.Path == "" || strings.HasPrefix(e.Path, ".") || filepath.IsAbs(e.Path) {
			continue
		}
		top, _, _ := strings.Cut(e.Path, "/")
		top = strings.TrimSuffix(top, ".py")
		if top == "" || seen[top] {
			continue
		}
		seen[top] = true
		out = append(out, top)
	}
	sort.Strings(out)
	return out
}

// siteModuleThere reports a module named top in the site directory dir:
// top.py, a package or namespace directory top, or an extension or
// compiled module top.*.so / top.so / top.pyc; has tells whether a path
// is there (a file or directory).
func siteModuleThere(dir, top string, has func(string) bool, list func(string) []string) bool {
	for _, f := range []string{top + ".py", top, top + ".so", top + ".pyc", top + ".pyd"} {
		if has(filepath.Join(dir, f)) {
			return true
		}
	}
	for _, n := range list(dir) {
		if strings.HasPrefix(n, top+".") && (strings.HasSuffix(n, ".so") || strings.HasSuffix(n, ".pyd")) {
			return true
		}
	}
	return false
}

// SiteImportsUnfound returns the top-level modules that the start-up
// code of the file at path (SiteStartCode's code) imports and that are
// neither in its site directory on disk nor in the standard library.
func SiteImportsUnfound(path, code string) []string {
	dir := siteCodeDir(path)
	if dir == "" {
		return nil
	}
	has := func(p string) bool { _, err := os.Stat(p); return err == nil }
	return siteUnfound(dir, code, has, diskNames)
}

// SiteModuleDir returns the site directory whose modules the start-up
// file at path imports ("" for another file): the directory to put on
// the module path when its code is judged.
func SiteModuleDir(path string) string { return siteCodeDir(path) }

// SiteImportedModule reports a module of a site directory (DIR/NAME.py
// or DIR/NAME/__init__.py) that an import line of one of DIR's *.pth
// files on disk names: the site module imports it, and so runs its text,
// at every start (pthImported, for a file a Write tool leaves).
func SiteImportedModule(path string) bool {
	path = filepath.Clean(path)
	name, dir := strings.TrimSuffix(filepath.Base(path), ".py"), filepath.Dir(path)
	if name == "__init__" {
		name, dir = filepath.Base(dir), filepath.Dir(dir)
	} else if !strings.HasSuffix(path, ".py") {
		return false
	}
	if !siteDir(dir) || name == "" {
		return false
	}
	n := 0
	for _, e := range diskNames(dir) {
		if !strings.HasSuffix(e, ".pth") || n >= maxPthFiles {
			continue
		}
		n++
		f := filepath.Join(dir, e)
		fi, err := os.Stat(f)
		if err != nil || !fi.Mode().IsRegular() || fi.Size() > MaxScriptFile {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		code, _ := SiteStartCode(f, string(data))
		if namesIdent(code, name) {
			return true
		}
	}
	return false
}

// diskNames lists the names in dir (at most maxPthFiles*16).
func diskNames(dir string) []string {
	f, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	names, _ := f.Readdirnames(maxPthFiles * 16)
	return names
}

func siteUnfound(dir, code string, has func(string) bool, list func(string) []string) []string {
	var out []string
	for _, top := range siteImportTops(code) {
		if lang.PyStdlibTopModule(top) || lang.PyStdlibModule(top) {
			continue
		}
		if !siteModuleThere(dir, top, has, list) {
			out = append(out, top)
		}
	}
	return out
}

// siteImports asks about the modules that start-up code written at path
// imports and that are not in the site directory (on disk or written by
// this command) nor the standard library. Those that are there are read
// as the code's imports beside the file (its origin) already.
func (w *walker) siteImports(c scope, call *Call, path, code, name string) {
	dir := siteCodeDir(path)
	if dir == "" || w.read == nil && len(w.written) == 0 {
		return
	}
	has := func(p string) bool {
		if _, ok := w.written[p]; ok {
			return true
		}
		for q := range w.written {
			if q != p && pathWithin(q, p) {
				return true
			}
		}
		if w.read == nil {
			return false
		}
		_, err := os.Stat(p)
		return err == nil
	}
	list := func(d string) []string {
		if w.read == nil {
			return nil
		}
		return diskNames(d)
	}
	for _, top := range siteUnfound(dir, code, has, list) {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: top,
			What: name + " (run at Python's start) imports " + top + ", which is not in " + relTo(call.Dir.Path, dir) +
				" nor the standard library: its code is only known when it is written"})
	}
}
