package syntax

import (
	"encoding/json"
	"path"
	"path/filepath"
	"strings"
)

// Node resolves a bare module name (require("foo"), node -r ts-node/register,
// mocha's and nyc's require lists) in the node_modules directory of the
// requiring directory and of each directory above it: NAME as a file
// (NAME, NAME.js, NAME.cjs, NAME.mjs), then as a package directory, whose
// package.json "exports" (the subpath's entry: a string, or the
// "require"/"node"/"default" condition) or "main" names the file, else
// its index.js. The first file that exists is the module, code the
// command runs; a package corral cannot find on disk is not read.

// maxNodeUp bounds the directories above the start searched for
// node_modules.
const maxNodeUp = 8

// nodePackageFile returns the file the bare module name spec resolves to from
// dir, or "" when there is none on disk (nor written by the command).
func (w *walker) nodePackageFile(dir Dir, spec string) string {
	for _, f := range w.nodePackageFiles(dir, spec) {
		if w.exists(f) {
			return f
		}
	}
	return ""
}

// nodePackageFiles returns the files, absolute and in Node's order, that
// the bare module name spec may resolve to from dir.
func (w *walker) nodePackageFiles(dir Dir, spec string) []string {
	if !dir.Known || spec == "" || strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") || strings.Contains(spec, ":") || strings.Contains(spec, "\\") {
		return nil
	}
	pkg, sub := spec, ""
	parts := strings.SplitN(spec, "/", 3)
	switch {
	case strings.HasPrefix(spec, "@") && len(parts) >= 2:
		pkg = parts[0] + "/" + parts[1]
		if len(parts) == 3 {
			sub = parts[2]
		}
	case len(parts) >= 2:
		pkg, sub = parts[0], strings.Join(parts[1:], "/")
	}
	if pkg == ".." || strings.Contains(pkg, "..") || strings.Contains(sub, "..") {
		return nil
	}
	var out []string
	d := dir.Path
	for i := 0; i <= maxNodeUp; i++ {
		if filepath.Base(d) != "node_modules" {
			root := filepath.Join(d, "node_modules", pkg)
			if w.dirLike(root) || w.exists(filepath.Join(root, "package.json")) {
				out = append(out, w.nodePackageEntry(root, sub)...)
			} else {
				base := filepath.Join(d, "node_modules", spec)
				out = append(out, base+".js", base+".cjs", base+".mjs")
			}
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return out
}

// nodePackageEntry returns the files of the package at root that its
// subpath sub ("" for the package itself) may be.
func (w *walker) nodePackageEntry(root, sub string) []string {
	var out []string
	key := "."
	if sub != "" {
		key = "./" + sub
	}
	if text, ok := w.readScript(Dir{Path: filepath.Join(root, "package.json"), Known: true}); ok {
		var pj struct {
			Exports json.RawMessage `json:"exports"`
			Main    string          `json:"main"`
		}
		if json.Unmarshal([]byte(text), &pj) == nil {
			if f := nodeExport(pj.Exports, key); f != "" {
				return []string{filepath.Join(root, path.Clean("/" + f)[1:])}
			}
			if sub == "" && pj.Main != "" {
				m := filepath.Join(root, path.Clean("/" + pj.Main)[1:])
				out = append(out, m, m+".js", m+".cjs", filepath.Join(m, "index.js"))
			}
		}
	}
	p := filepath.Join(root, sub)
	if sub != "" {
		out = append(out, p, p+".js", p+".cjs", p+".mjs")
	}
	return append(out, filepath.Join(p, "index.js"), filepath.Join(p, "index.cjs"), filepath.Join(p, "index.mjs"))
}

// nodeExport returns the file package.json's exports gives subpath key:
// exports a string (the package itself), an object of subpaths, or an
// object of conditions for "."; a condition object takes "require",
// then "node", then "default". "" when it names none.
func nodeExport(raw json.RawMessage, key string) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if key == "." {
			return s
		}
		return ""
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return ""
	}
	subpaths := false
	for k := range m {
		subpaths = subpaths || strings.HasPrefix(k, ".")
	}
	if !subpaths {
		if key != "." {
			return ""
		}
		return nodeCondition(raw, 0)
	}
	if v, ok := m[key]; ok {
		return nodeCondition(v, 0)
	}
	return ""
}

// nodeCondition resolves an exports target: a string, or conditions.
func nodeCondition(raw json.RawMessage, depth int) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var m map[string]json.RawMessage
	if depth > 4 || json.Unmarshal(raw, &m) != nil {
		return ""
	}
	for _, c := range []string{"require", "node", "default"} {
		if v, ok := m[c]; ok {
			if f := nodeCondition(v, depth+1); f != "" {
				return f
			}
		}
	}
	return ""
}
