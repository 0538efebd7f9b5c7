package syntax

import (
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Node resolves a bare module name (require("lodash"), import("lodash"),
// node -r lodash) to a package directory node_modules/NAME in the
// requiring file's directory or the nearest one above it that has one,
// and runs the file the package's package.json names: "exports" (its "."
// entry, or the whole value when it has no subpaths; a string, or
// conditions such as "require", "import", "node", "default") before
// "main" (tried as it is, with .js, and as a directory's index.js), and
// index.js when neither is given. A NAME/SUB name is the file SUB in the
// package. A .node file is a native addon: code corral cannot read.

// maxNodeTargets bounds the entry points read from one package.json.
const maxNodeTargets = 8

// nodePackage judges the package spec loaded from directory from. The
// package's files are read as the project's code that runs, with the
// values only known at run time in a library's code not asking (as for
// a test suite's files).
func (w *walker) nodePackage(c scope, call *Call, from Dir, spec, what string) {
	if !from.Known || spec == "" || strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") ||
		strings.ContainsAny(spec, "\\\x00$`") || w.read == nil && len(w.written) == 0 {
		return
	}
	parts := strings.Split(spec, "/")
	name, sub := parts[0], strings.Join(parts[1:], "/")
	if strings.HasPrefix(spec, "@") && len(parts) > 1 {
		name, sub = parts[0]+"/"+parts[1], strings.Join(parts[2:], "/")
	}
	d := from.Path
	for k := 0; k < 32; k++ {
		pkg := filepath.Join(d, "node_modules", name)
		if w.dirLike(pkg) {
			w.nodePackageIn(c, call, pkg, sub, what)
			return
		}
		if d == "/" || d == "." || d == "" {
			return
		}
		d = filepath.Dir(d)
	}
}

// nodePackageIn judges the entry point of the package directory pkg
// (sub, a file inside it, when given).
func (w *walker) nodePackageIn(c scope, call *Call, pkg, sub, what string) {
	// every: each of them that exists runs (which export Node picks
	// depends on how the package is loaded); first: the first that
	// exists is the one.
	var every, first []string
	if sub != "" {
		f := filepath.Join(pkg, sub)
		first = []string{f, f + ".js", f + ".cjs", f + ".mjs", f + ".node", f + "/index.js"}
	} else {
		text, _ := w.readScript(Dir{Path: filepath.Join(pkg, "package.json"), Known: true})
		var meta struct {
			Main    any `json:"main"`
			Exports any `json:"exports"`
		}
		_ = json.Unmarshal([]byte(text), &meta)
		var targets []string
		nodeExportTargets(meta.Exports, true, &targets)
		sort.Strings(targets)
		for _, t := range compactStrings(targets) {
			every = append(every, filepath.Join(pkg, t))
		}
		if len(every) == 0 {
			if main, ok := meta.Main.(string); ok && main != "" {
				f := filepath.Join(pkg, main)
				first = append(first, f, f+".js", f+".json", f+".node", f+"/index.js", f+"/index.node")
			}
			first = append(first, filepath.Join(pkg, "index.js"), filepath.Join(pkg, "index.json"), filepath.Join(pkg, "index.node"))
		}
	}
	w.lenient++
	defer func() { w.lenient-- }()
	run := func(f string) bool {
		if !w.exists(f) && !w.opaque[f] {
			return false
		}
		if strings.HasSuffix(f, ".json") {
			return true // data
		}
		w.include(c, call, lang.JS, f, what, what, false, false)
		return true
	}
	for _, f := range every {
		run(f)
	}
	for _, f := range first {
		if run(f) {
			return
		}
	}
}

// nodeExportTargets collects the relative file targets of a package.json
// "exports" value: a string, an array of them, the "." entry of a map of
// subpaths, or every branch of a map of conditions.
func nodeExportTargets(v any, top bool, out *[]string) {
	if len(*out) >= maxNodeTargets {
		return
	}
	switch t := v.(type) {
	case string:
		if strings.HasPrefix(t, "./") && !strings.Contains(t, "*") {
			*out = append(*out, t)
		}
	case []any:
		for _, e := range t {
			nodeExportTargets(e, false, out)
		}
	case map[string]any:
		if dot, ok := t["."]; ok && top {
			nodeExportTargets(dot, false, out)
			return
		}
		keys := make([]string, 0, len(t))
		for k := range t {
			if !strings.HasPrefix(k, ".") {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			nodeExportTargets(t[k], false, out)
		}
	}
}

// nativeLoad asks about a shared object an interpreter loads as a
// module, whose code corral cannot read (its constructors run when it is
// loaded, whatever the module's init does then): a Node addon
// (require("./addon.node"), node -r ./addon.node), a Ruby extension
// (require "./x.so", ruby -rx finding x.so). It reports whether file
// (relative to the call's directory) is one that exists.
func (w *walker) nativeLoad(c scope, call *Call, l lang.Lang, file, what string) bool {
	switch {
	case l == lang.JS && strings.HasSuffix(file, ".node"):
	case l == lang.Ruby && (strings.HasSuffix(file, ".so") || strings.HasSuffix(file, ".bundle")):
	default:
		return false
	}
	d := call.Dir.Join(file)
	if !d.Known || !w.native(d.Path) {
		return false
	}
	w.nativeCode(c, call, d.Path, what, "native code")
	return true
}

// nativeFirst applies nativeLoad to the first of cands that exists (the
// one the interpreter loads); it reports whether that one asked.
func (w *walker) nativeFirst(c scope, call *Call, l lang.Lang, cands []string, what string) bool {
	for _, f := range cands {
		if d := call.Dir.Join(f); d.Known && w.native(d.Path) {
			return w.nativeLoad(c, call, l, f, what)
		}
	}
	return false
}

// native reports a file that is on disk, or that this command wrote or
// compiled.
func (w *walker) native(path string) bool {
	_, built := w.compiled[path]
	return built || w.opaque[path] || w.exists(path)
}
