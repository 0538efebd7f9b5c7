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
	if RunsByItself(path) {
		w.m.RunFileWrites = append(w.m.RunFileWrites, RunFileWrite{Call: call, Path: path})
	}
	w.editorSettingsWrite(c, call, path, text, known)
	code, ok := SiteStartCode(path, text)
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
		w.program(c, call, lang.Python, code, name+" (run at Python's start)", false, name)
	}
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
