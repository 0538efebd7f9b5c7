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
	switch member, body, st := zipMember(text, []string{"__main__.py"}); st {
	case zipNone:
		return false
	case zipUnread:
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
			What: call.Name + " runs the __main__.py of the zip archive " + name + ", which corral cannot read"})
	case zipFound:
		w.program(c, call, lang.Python, body, name+" (zip) "+member, false, name)
	}
	return true // (zipMissing: a zip without __main__.py, python stops with an error)
}

// zipState is what zipMember found.
type zipState int

const (
	zipNone    zipState = iota // text is no zip archive
	zipMissing                 // a zip archive without any of the members
	zipUnread                  // the member is too large or cannot be decompressed
	zipFound
)

// zipMember reads the first of names (in that order) that the zip
// archive text holds, bounded by maxZipMembers and maxZipMain.
func zipMember(text string, names []string) (member, body string, st zipState) {
	// The end-of-central-directory record is in the last 64 KiB.
	if !strings.Contains(text[max(0, len(text)-(1<<16)-22):], "PK\x05\x06") {
		return "", "", zipNone
	}
	r, err := zip.NewReader(bytes.NewReader([]byte(text)), int64(len(text)))
	if err != nil {
		return "", "", zipNone
	}
	files := r.File[:min(len(r.File), maxZipMembers)]
	for _, n := range names {
		for _, f := range files {
			if f.Name != n {
				continue
			}
			if f.UncompressedSize64 > maxZipMain {
				return n, "", zipUnread
			}
			rc, err := f.Open()
			if err != nil {
				return n, "", zipUnread
			}
			b, err := io.ReadAll(io.LimitReader(rc, maxZipMain+1))
			rc.Close()
			if err != nil || len(b) > maxZipMain {
				return n, "", zipUnread
			}
			return n, string(b), zipFound
		}
	}
	return "", "", zipMissing
}

// pythonSearch judges the first of the module files rels (relative
// paths, in order) that Python finds in the directories dirs of its
// module path, in order: a directory's file, or the member of a zip
// archive named on the path (PYTHONPATH=app.zip python3 -m mod, whose
// mod.py zipimport loads from the archive). It reports whether one was
// found.
func (w *walker) pythonSearch(c scope, call *Call, dirs, rels []string) bool {
	for _, d := range dirs {
		dd := call.Dir.Join(d)
		if !dd.Known {
			return false
		}
		if !w.isDir(dd) && w.exists(dd.Path) || w.opaque[dd.Path] {
			// A file on the module path: zipimport reads it as an archive.
			if w.opaqueRun(call, dd, d) {
				return true
			}
			text, ok := w.readScript(dd)
			if !ok {
				continue
			}
			switch member, body, st := zipMember(text, rels); st {
			case zipUnread:
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: d,
					What: call.Name + " runs " + member + " from the zip archive " + d + ", which corral cannot read"})
				return true
			case zipFound:
				w.program(c, call, lang.Python, body, d+" (zip) "+member, false, d)
				return true
			}
			continue
		}
		var cands []string
		for _, r := range rels {
			cands = append(cands, path.Join(d, r))
		}
		if w.firstFile(c, call, cands, string(lang.Python)) {
			return true
		}
	}
	return false
}
