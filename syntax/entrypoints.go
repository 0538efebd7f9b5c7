package syntax

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"path"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// An interpreter's operand need not be the file that runs. python3 DIR
// runs DIR/__main__.py (python3 . the working directory's), and python3
// FILE runs the __main__.py inside FILE when FILE is a zip archive, by its
// content whatever its name (a zipapp .pyz, a .zip, a zip after a #!
// line). node DIR resolves DIR as require() does: the "main" of
// DIR/package.json (as a file, then with .js, then as a directory with
// index.js), else DIR/index.js, index.cjs, index.mjs; node NAME without
// an extension also tries NAME.js. The file that runs is read in the
// interpreter's language. A zip archive this command makes (zip, python
// -m zipapp), whose members corral does not follow, asks when it is run
// (noteOutputs marks it), and one that is on disk but holds an unreadable
// __main__.py asks too.

// maxZipMain bounds the __main__.py read out of a zip archive, and
// maxZipMembers the members looked at.
const (
	maxZipMain    = 1 << 20
	maxZipMembers = 4096
)

// interpEntry returns the file an interpreter of language l runs for the
// operand a when a names a directory or a module path (python3 DIR, node
// DIR, node NAME): the operand with the entry's path, or ok false.
func (w *walker) interpEntry(call *Call, a Arg, l lang.Lang) (Arg, bool) {
	if !a.Static || a.Value == "" || a.Value == "-" {
		return a, false
	}
	d := call.Dir.Join(a.Value)
	if !d.Known {
		return a, false
	}
	at := func(rel string) Arg {
		b := a
		b.Value = path.Join(a.Value, rel)
		if rel == "" {
			b.Value = a.Value
		}
		return b
	}
	switch l {
	case lang.Python:
		if w.exists(d.Join("__main__.py").Path) {
			return at("__main__.py"), true
		}
	case lang.JS:
		if w.exists(d.Path) && !w.isDir(d) {
			return a, false // the file itself
		}
		if text, ok := w.readScript(d.Join("package.json")); ok {
			var pkg struct {
				Main any `json:"main"`
			}
			if json.Unmarshal([]byte(text), &pkg) == nil {
				if m, ok := pkg.Main.(string); ok && m != "" {
					for _, rel := range []string{m, m + ".js", m + ".cjs", m + ".mjs", path.Join(m, "index.js")} {
						if p := d.Join(rel); p.Known && w.exists(p.Path) && !w.isDir(p) {
							return at(rel), true
						}
					}
				}
			}
		}
		for _, rel := range []string{"index.js", "index.cjs", "index.mjs"} {
			if w.exists(d.Join(rel).Path) {
				return at(rel), true
			}
		}
		if path.Ext(a.Value) == "" {
			b := a
			b.Value = a.Value + ".js"
			if w.exists(call.Dir.Join(b.Value).Path) {
				return b, true
			}
		}
	}
	return a, false
}

// pythonZip models python3 FILE when FILE is a zip archive: its
// __main__.py is read as Python. It reports whether text was one.
func (w *walker) pythonZip(c scope, call *Call, name, text string) bool {
	// The end-of-central-directory record is in the last 64 KiB.
	if !strings.Contains(text[max(0, len(text)-(1<<16)-22):], "PK\x05\x06") {
		return false
	}
	r, err := zip.NewReader(bytes.NewReader([]byte(text)), int64(len(text)))
	if err != nil {
		return false
	}
	label := name + " (zip) __main__.py"
	for i, f := range r.File {
		if i >= maxZipMembers {
			break
		}
		if f.Name != "__main__.py" {
			continue
		}
		var main string
		ok := f.UncompressedSize64 <= maxZipMain
		if ok {
			rc, err := f.Open()
			if err == nil {
				b, err := io.ReadAll(io.LimitReader(rc, maxZipMain+1))
				rc.Close()
				main, ok = string(b), err == nil && len(b) <= maxZipMain
			} else {
				ok = false
			}
		}
		if !ok {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
				What: call.Name + " runs the __main__.py of the zip archive " + name + ", which corral cannot read"})
			return true
		}
		w.program(c, call, lang.Python, main, label, false, name)
		return true
	}
	return true // a zip without __main__.py: python stops with an error
}
