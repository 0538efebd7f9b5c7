package syntax

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Files Python runs at every start. The site module executes the lines
// of a site directory's *.pth files that start with "import" and imports
// sitecustomize and usercustomize from it (site(3)), for every later run
// of that interpreter, outside any hook. A write of such a file is judged
// as the Python it leaves there: what corral denies in python -c is
// denied when it is written; a .pth of paths only passes.

// siteDir reports a Python site directory by its name.
func siteDir(dir string) bool {
	b := filepath.Base(dir)
	return b == "site-packages" || b == "dist-packages"
}

// SiteStartCode returns the Python that the site module runs from the
// file at path holding text: a .pth file's import lines, or all of a
// sitecustomize or usercustomize module (NAME.py or NAME/__init__.py in
// a site directory). ok is false for any other file.
func SiteStartCode(path, text string) (code string, ok bool) {
	path = filepath.Clean(path)
	base, dir := filepath.Base(path), filepath.Dir(path)
	switch {
	case strings.HasSuffix(base, ".pth") && siteDir(dir):
		var lines []string
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(line, "import ") || strings.HasPrefix(line, "import\t") {
				lines = append(lines, strings.TrimRight(line, "\r"))
			}
		}
		if len(lines) == 0 {
			return "", true
		}
		return strings.Join(lines, "\n") + "\n", true
	case (base == "sitecustomize.py" || base == "usercustomize.py") && siteDir(dir),
		base == "__init__.py" && (filepath.Base(dir) == "sitecustomize" || filepath.Base(dir) == "usercustomize") && siteDir(filepath.Dir(dir)):
		return text, true
	case base == ".pdbrc":
		// pdb runs it when it starts (pdbrc.go).
		return PdbrcCode(text), true
	}
	return "", false
}

// RunFileWrite is a write of a file something runs by itself, judged
// by the walker.
type RunFileWrite struct {
	Call *Call
	Path string
}

// RunsByItself reports a file whose text something runs, or lets run,
// without a command naming it: a site directory's .pth, sitecustomize
// or usercustomize (Python at every start), .pdbrc, and VS Code's folder
// settings (task.allowAutomaticTasks).
func RunsByItself(path string) bool {
	_, site := SiteStartCode(path, "")
	return site || EditorSettingsFile(path)
}

// siteWrite judges a file call writes at path that Python runs at
// start: its code when the text is known, else as code only known at run
// time.
func (w *walker) siteWrite(c scope, call *Call, path, text string, known bool) {
	referencing := w.referencing(path) // a memory file, or one it imports (importedfiles.go)
	if RunsByItself(path) || referencing {
		w.m.RunFileWrites = append(w.m.RunFileWrites, RunFileWrite{Call: call, Path: path})
	}
	w.editorSettingsWrite(c, call, path, text, known)
	if known {
		w.noteFileRefs(call, path, text)
	} else if referencing {
		// A memory file the agent loads with every @file it names, with
		// text only known at run time (memoryedits.go).
		name := relTo(call.Dir.Path, path)
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
			What: call.Name + " writes " + name + w.loadedWith(call, path) + ", with text only known at run time"})
	}
	code, ok := SiteStartCode(path, text)
	if !ok && w.pthImported(path) {
		// A module a .pth file beside it imports at every start
		// (_distutils_hack, _virtualenv, an editable install's
		// finder): its whole text runs then.
		code, ok = text, true
	}
	when := "run at Python's start"
	if !ok && known && SiteModule(path) {
		// requests.py written into a venv's site-packages: every
		// program that imports requests runs it, with no command
		// naming the file (a module's text only run time knows is
		// left to the program that imports it).
		code, ok, when = text, true, "run when a program imports it"
	}
	if !ok {
		return
	}
	name := relTo(call.Dir.Path, path)
	if !known {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
			What: call.Name + " writes " + name + ", which Python runs at every start, with content only known at run time"})
		return
	}
	if strings.TrimSpace(code) != "" {
		w.program(c, call, lang.Python, code, name+" ("+when+")", false, name)
		if when != "run when a program imports it" {
			w.siteImports(c, call, path, code, name) // a module not written yet (siteimports.go)
		}
	}
}

// SiteModule reports a Python module file (NAME.py) in a site directory
// or in a package below one: site-packages/requests.py,
// site-packages/requests/adapters.py.
func SiteModule(path string) bool {
	path = filepath.Clean(path)
	if !strings.HasSuffix(path, ".py") {
		return false
	}
	for dir := filepath.Dir(path); dir != "/" && dir != "." && dir != ""; dir = filepath.Dir(dir) {
		if siteDir(dir) {
			return true
		}
	}
	return false
}

// siteCopyUnread judges a copy (cp, mv, ln, install) of src, whose text
// corral did not read, to dst, a file Python may run at start: a
// directory copied as a sitecustomize or usercustomize package is its
// __init__.py; any other source that exists (too large, unreadable) or
// that corral cannot look at (no disk) has content only known at run
// time; a source that does not exist makes nothing (the copy fails).
func (w *walker) siteCopyUnread(c scope, call *Call, src, dst Dir) {
	if !RunsByItself(dst.Path) {
		if b := filepath.Base(dst.Path); b == "sitecustomize" || b == "usercustomize" {
			init := src.Join("__init__.py")
			if text, ok := w.readScript(init); ok {
				w.siteWrite(c, call, dst.Join("__init__.py").Path, text, true)
			} else if w.read == nil || w.isDir(src) {
				w.siteWrite(c, call, dst.Join("__init__.py").Path, "", false)
			}
		}
		return
	}
	if src.Path == "/dev/null" {
		w.siteWrite(c, call, dst.Path, "", true) // an empty file
		return
	}
	if w.read == nil {
		w.siteWrite(c, call, dst.Path, "", false)
		return
	}
	if _, err := os.Stat(src.Path); err == nil {
		w.siteWrite(c, call, dst.Path, "", false)
	} else {
		// Judged: the copy fails and writes nothing.
		w.m.RunFileWrites = append(w.m.RunFileWrites, RunFileWrite{Call: call, Path: dst.Path})
	}
}

// pthImported reports a module of a site directory (DIR/NAME.py or
// DIR/NAME/__init__.py) that an import line of one of DIR's *.pth files
// names: setuptools' distutils-precedence.pth imports _distutils_hack,
// virtualenv's _virtualenv.pth imports _virtualenv, an editable
// install's __editable__.*.pth its finder module. The site module runs
// those lines, and so the module, at every start of the interpreter.
func (w *walker) pthImported(path string) bool {
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
	files := map[string]bool{}
	for p := range w.written {
		if filepath.Dir(p) == dir && strings.HasSuffix(p, ".pth") {
			files[p] = true
		}
	}
	if w.read != nil {
		if entries, err := os.ReadDir(dir); err == nil {
			n := 0
			for _, e := range entries {
				if strings.HasSuffix(e.Name(), ".pth") && !e.IsDir() && n < maxPthFiles {
					files[filepath.Join(dir, e.Name())] = true
					n++
				}
			}
		}
	}
	for f := range files {
		text, ok := w.readScript(Dir{Path: f, Known: true})
		if !ok {
			continue
		}
		code, _ := SiteStartCode(f, text)
		if namesIdent(code, name) {
			return true
		}
	}
	return false
}

// namesIdent reports whether text holds name as a whole identifier (not
// part of a longer one).
func namesIdent(text, name string) bool {
	ident := func(b byte) bool {
		return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
	}
	for i := 0; i+len(name) <= len(text); {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || !ident(text[j-1])) && (end == len(text) || !ident(text[end])) {
			return true
		}
		i = j + 1
	}
	return false
}
