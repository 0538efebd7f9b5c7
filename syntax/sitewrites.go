package syntax

import (
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
	}
	return "", false
}

// siteWrite judges a file call writes at path that Python runs at
// start: its code when the text is known, else as code only known at run
// time.
func (w *walker) siteWrite(c scope, call *Call, path, text string, known bool) {
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
