package syntax

import (
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// nodePackage judges the package spec loaded from directory from, by
// import (esm) or require: the file Node's resolver finds (nodepkg.go)
// is read as the project's code that runs, with the values only known
// at run time in a library's code not asking (as for a test suite's
// files); a .node file is a native addon, code corral cannot read. A
// file this command writes is the agent's own code, read as such (echo
// … > node_modules/x/index.js && node app.js), and so is a "#name"
// import of the project's own package.json "imports" (only one inside
// an installed package is a library's: dependencyFile).
func (w *walker) nodePackage(c scope, call *Call, from Dir, spec, what string, esm bool) {
	if w.read == nil && len(w.written) == 0 {
		return
	}
	files, bad := w.nodeResolveAll(from, spec, nodeLoadOf(call, esm))
	if bad != "" {
		w.nodeUnread(call, bad, what)
	}
	for _, f := range files {
		if strings.HasSuffix(f, ".json") { // data
			continue
		}
		_, wrote := w.written[f]
		lenient := !wrote && !strings.HasPrefix(spec, "#") || w.dependencyFile(f)
		if lenient {
			w.lenient++
		}
		w.include(c, call, lang.JS, f, what, what, false, false)
		if lenient {
			w.lenient--
		}
	}
}

// nodeUnread asks about a package whose package.json "exports" corral
// could not follow: any file of the package may be the one Node loads.
func (w *walker) nodeUnread(call *Call, pj, what string) {
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: pj,
		What: what + ": the exports of " + pj + " are nested too deep for corral to follow, and name the file that runs"})
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
