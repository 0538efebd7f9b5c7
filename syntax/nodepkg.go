package syntax

import (
	"bytes"
	"encoding/json"
	"net/url"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Node resolves a bare module name (require("pkg"), import … from
// "pkg/sub", node -r pkg, --import, --loader, mocha's and nyc's require
// lists) as its own resolver does (Node's "Modules: Packages" and
// "Modules: CommonJS" algorithms), with one function, nodeResolve, for
// every caller:
//   - self-reference: the nearest package.json above the requiring
//     directory whose "name" is the package's and that has "exports"
//     resolves the name through those exports;
//   - then node_modules/NAME in the requiring directory (its real path,
//     links resolved) and each one above it (a directory itself named
//     node_modules is skipped); NAME is scoped (@s/n) or plain, the rest
//     of the specifier its subpath;
//   - a package whose package.json has "exports" resolves the subpath
//     ("." for the package itself) through them and nothing else: an
//     exact key "./x", else the longest pattern key "./x/*" (its "*"
//     put into the target); a target is a "./" path, an array of
//     fallbacks (an invalid one skipped), or an object of conditions
//     taken in the file's order: the first key that is "default" or one
//     of the load's conditions (node, require for require(), import for
//     import and --import/--loader, module-sync, and any -C/--conditions
//     of the node command); a string, array or condition object alone is
//     the "." entry; null excludes the subpath. A target with a ".",
//     ".." or node_modules segment is invalid, its %XX escapes are the
//     file name's bytes. The file named is the one loaded (no extension
//     is tried); an exports nested past maxNodeJSONDepth is reported,
//     not followed;
//   - without "exports", require tries the path as a file (X, X.js,
//     X.json, X.node), then as a directory (its package.json "main" as a
//     file, then main/index.js, .json, .node; then index.js, .json,
//     .node), and goes on to the next node_modules up when none exists;
//     import takes the package's "main" the same way for the package
//     itself, a subpath only as written, and stops at the first
//     node_modules/NAME directory that exists. require then looks in
//     NODE_PATH's directories the same way. A relative require("./x")
//     (node -r ./x) is the same file-then-directory search
//     (nodeRequireFile).
//
// "module-sync" is a condition of Node 20.19, 22.10 and later only: when
// an older Node would pick another file, both are returned.

// maxNodeUp bounds the directories above the start searched for
// node_modules (and for the package scope of a self-reference).
const maxNodeUp = 64

// maxNodeJSON bounds the values read from one "exports", and
// maxNodeJSONDepth its nesting: one past them is not followed (and asks).
const (
	maxNodeJSON      = 1 << 20 // as many as a package.json corral reads can hold
	maxNodeJSONDepth = 1000
)

// nodeLoad is how a module is loaded: by import (ESM) or require, with
// the node command's extra conditions.
type nodeLoad struct {
	esm   bool
	conds []string
	// paths are NODE_PATH's directories, absolute: require looks there
	// after the node_modules (import does not).
	paths []string
	// preserve is --preserve-symlinks: the search starts from the
	// requiring file's directory as its link names it, not its real one.
	preserve bool
}

// nodeLoadOf returns the load of a module by import (esm) or require in
// code run by call, with the -C/--conditions values of its node command.
func nodeLoadOf(call *Call, esm bool) nodeLoad {
	ld := nodeLoad{esm: esm}
	if call == nil {
		return ld
	}
	name := strings.TrimRight(call.Name, "0123456789.")
	if name == "bun" || name == "deno" {
		// Their own condition comes before node's.
		ld.conds = append(ld.conds, name)
		return ld
	}
	if lang.ForProgram(call.Name) != lang.JS {
		return ld
	}
	ld.preserve = preservesSymlinks(call, false)
	for _, d := range call.modPath {
		if p := call.Dir.Join(d); p.Known {
			ld.paths = append(ld.paths, p.Path)
		}
	}
	spec, ok := interpSpecFor(lang.JS, name)
	if !ok {
		return ld
	}
	opts, _ := ScanOptions(call.Args, spec.opts)
	for _, o := range opts {
		if (o.Name == "C" || o.Name == "conditions") && o.HasVal && o.Val.Static {
			ld.conds = append(ld.conds, o.Val.Value)
		}
	}
	return ld
}

// nodeResolve returns the files, absolute, that Node loads for the bare
// module name spec from directory dir: the one current Node loads first,
// then the one an older Node loads when that differs. Nil when the
// package or its file is not on disk (nor written by the command), or
// spec is not a bare name.
func (w *walker) nodeResolve(dir Dir, spec string, ld nodeLoad) []string {
	files, _ := w.nodeResolveAll(dir, spec, ld)
	return files
}

// nodeResolveAll is nodeResolve, and the package.json on the way whose
// "exports" is beyond what corral follows (nested deeper than
// maxNodeJSONDepth), "" when none: Node may load any file of it.
func (w *walker) nodeResolveAll(dir Dir, spec string, ld nodeLoad) (out []string, unread string) {
	if !dir.Known || spec == "" || strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") ||
		strings.Contains(spec, ":") || strings.ContainsAny(spec, "\x00$`") {
		return nil, ""
	}
	name, sub, ok := nodeSplit(spec)
	if !ok && !strings.HasPrefix(spec, "#") {
		return nil, ""
	}
	start := dir.Path
	if w.read != nil && !ld.preserve {
		// Node looks up from the real path of the requiring file
		// (a pnpm package linked into node_modules finds its own
		// dependencies beside its real directory).
		if r, err := filepath.EvalSymlinks(start); err == nil {
			start = r
		}
	}
	for _, modern := range []bool{true, false} {
		conds := map[string]bool{"node": true, "default": true, "module-sync": modern, nodeSyncSeen: false}
		if ld.esm {
			conds["import"] = true
		} else {
			conds["require"] = true
		}
		for _, c := range ld.conds {
			conds[c] = true
		}
		f, bad := w.nodeFind(start, spec, name, sub, ld, conds)
		if bad != "" {
			return out, bad
		}
		if f != "" && (len(out) == 0 || out[0] != f) {
			out = append(out, f)
		}
		if !conds[nodeSyncSeen] {
			break // no module-sync condition on the way: the same file
		}
	}
	return out, ""
}

// nodeSyncSeen is the key of a condition set that records a module-sync
// condition met while resolving (no condition is spelt with a NUL).
const nodeSyncSeen = "\x00module-sync seen"

// nodeSplit splits a bare specifier into its package name (@scope/name
// or name) and the subpath after it ("" for the package itself).
func nodeSplit(spec string) (name, sub string, ok bool) {
	parts := strings.SplitN(spec, "/", 3)
	if strings.HasPrefix(spec, "@") {
		if len(parts) < 2 || parts[1] == "" {
			return "", "", false
		}
		name = parts[0] + "/" + parts[1]
		if len(parts) == 3 {
			sub = parts[2]
		}
	} else {
		name = parts[0]
		sub = strings.TrimPrefix(spec[len(name):], "/")
	}
	if name == "" || strings.HasPrefix(name, ".") || strings.ContainsAny(name, "%\\") {
		return "", "", false
	}
	return name, sub, true
}

// nodeFind is nodeResolve under one condition set; bad is a package.json
// whose exports it could not follow.
func (w *walker) nodeFind(start, spec, name, sub string, ld nodeLoad, conds map[string]bool) (file, bad string) {
	if strings.HasPrefix(spec, "#") {
		return w.nodeImports(start, spec, ld, conds)
	}
	esm := ld.esm
	key := "."
	if sub != "" {
		key = "./" + sub
	}
	// A package naming itself: the nearest package.json above.
	for d, i := start, 0; i <= maxNodeUp; i++ {
		if filepath.Base(d) == "node_modules" {
			break
		}
		if pj, ok := w.nodePackageJSON(d); ok {
			if pj.Name == name && pj.hasExports() {
				if pj.Exports.kind == 'd' {
					return "", filepath.Join(d, "package.json")
				}
				return w.nodeFile(nodeExportsResolve(d, pj.Exports, key, conds)), ""
			}
			break
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	for d, i := start, 0; i <= maxNodeUp; i++ {
		if filepath.Base(d) != "node_modules" {
			root := filepath.Join(d, "node_modules", name)
			pj, hasPJ := w.nodePackageJSON(root)
			if hasPJ && pj.hasExports() {
				if pj.Exports.kind == 'd' {
					return "", filepath.Join(root, "package.json")
				}
				return w.nodeFile(nodeExportsResolve(root, pj.Exports, key, conds)), ""
			}
			if esm {
				if w.dirLike(root) {
					if sub == "" {
						return w.nodeMain(root, pj, hasPJ), ""
					}
					return w.nodeFile(filepath.Join(root, sub)), ""
				}
			} else if f := w.nodeRequireFile(filepath.Join(d, "node_modules", spec)); f != "" {
				return f, ""
			}
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	if !esm {
		// NODE_PATH's directories, each as a node_modules.
		for _, d := range ld.paths {
			root := filepath.Join(d, name)
			if pj, ok := w.nodePackageJSON(root); ok && pj.hasExports() {
				if pj.Exports.kind == 'd' {
					return "", filepath.Join(root, "package.json")
				}
				return w.nodeFile(nodeExportsResolve(root, pj.Exports, key, conds)), ""
			}
			if f := w.nodeRequireFile(filepath.Join(d, spec)); f != "" {
				return f, ""
			}
		}
	}
	return "", ""
}

// nodeImports is PACKAGE_IMPORTS_RESOLVE: a "#name" specifier is looked
// up in the "imports" of the package scope of start (the nearest
// package.json above it, not past a node_modules directory), its keys
// matched as exports' are (exact, then the longest "#x/*" pattern) under
// the same conditions; a "./" target is a file of that package, and a
// bare one (imports may name another package: "#dep": "dep-node") is
// resolved as a package from the scope's directory. "#" and "#/…" are
// invalid.
func (w *walker) nodeImports(start, spec string, ld nodeLoad, conds map[string]bool) (file, bad string) {
	if spec == "#" || strings.HasPrefix(spec, "#/") {
		return "", ""
	}
	for d, i := start, 0; i <= maxNodeUp; i++ {
		if filepath.Base(d) == "node_modules" {
			return "", ""
		}
		if pj, ok := w.nodePackageJSON(d); ok {
			if pj.Imports == nil || pj.Imports.kind != 'o' {
				return "", ""
			}
			t, match, pattern := nodeMatchKey(pj.Imports, spec)
			if t == nil {
				return "", ""
			}
			f, r := nodeTargetOf(d, t, match, pattern, conds, 0, true)
			switch r {
			case nodeFound:
				return w.nodeFile(f), ""
			case nodeBare:
				name, sub, ok := nodeSplit(f)
				if !ok || strings.HasPrefix(f, "#") {
					return "", ""
				}
				return w.nodeFind(d, f, name, sub, ld, conds)
			}
			return "", ""
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return "", ""
}

// nodeFile returns f when it is a file on disk, or written or compiled
// by the command.
func (w *walker) nodeFile(f string) string {
	if f != "" && w.native(f) {
		return f
	}
	return ""
}

// nodeAsFile is require's LOAD_AS_FILE: X, X.js, X.json, X.node.
func (w *walker) nodeAsFile(x string) string {
	for _, f := range []string{x, x + ".js", x + ".json", x + ".node"} {
		if w.nodeFile(f) != "" {
			return f
		}
	}
	return ""
}

// nodeRequireFile is the file require loads for the path x (absolute):
// x as a file, else as a directory.
func (w *walker) nodeRequireFile(x string) string {
	if f := w.nodeAsFile(x); f != "" {
		return f
	}
	return w.nodeAsDir(x)
}

// nodeAsDir is require's LOAD_AS_DIRECTORY: package.json's main as a
// file and as a directory's index, then the directory's index.
func (w *walker) nodeAsDir(x string) string {
	pj, ok := w.nodePackageJSON(x)
	return w.nodeMain(x, pj, ok)
}

// nodeMain resolves package directory x by its "main", then index.
func (w *walker) nodeMain(x string, pj nodePJ, ok bool) string {
	if ok && pj.Main != "" {
		m := filepath.Join(x, pj.Main)
		if f := w.nodeAsFile(m); f != "" {
			return f
		}
		if f := w.nodeIndexOf(m); f != "" {
			return f
		}
	}
	return w.nodeIndexOf(x)
}

// nodeIndexOf is LOAD_INDEX(x): x/index.js, x/index.json, x/index.node.
func (w *walker) nodeIndexOf(x string) string {
	for _, f := range []string{"index.js", "index.json", "index.node"} {
		if p := filepath.Join(x, f); w.nodeFile(p) != "" {
			return p
		}
	}
	return ""
}

// nodePJ is what the resolver reads of a package.json.
type nodePJ struct {
	Name    string
	Main    string
	Exports *jsonValue
	// Imports is the "imports" map (#name specifiers), nil when absent
	// or beyond the bounds.
	Imports *jsonValue
}

// hasExports reports an "exports" that is neither absent nor null.
func (pj nodePJ) hasExports() bool { return pj.Exports != nil && pj.Exports.kind != 'n' }

// nodePackageJSON reads dir/package.json; false when there is none or it
// is not a JSON object.
func (w *walker) nodePackageJSON(dir string) (nodePJ, bool) {
	text, ok := w.readScript(Dir{Path: filepath.Join(dir, "package.json"), Known: true})
	if !ok {
		return nodePJ{}, false
	}
	var top map[string]json.RawMessage
	if json.Unmarshal([]byte(text), &top) != nil {
		return nodePJ{}, false
	}
	var pj nodePJ
	_ = json.Unmarshal(top["name"], &pj.Name)
	_ = json.Unmarshal(top["main"], &pj.Main)
	if raw, ok := top["exports"]; ok {
		dec := json.NewDecoder(bytes.NewReader(raw))
		budget := maxNodeJSON
		if v, ok := readJSONValue(dec, 0, &budget); ok {
			pj.Exports = v
		} else {
			pj.Exports = &jsonValue{kind: 'd'} // too deep (or malformed): not followed
		}
	}
	if raw, ok := top["imports"]; ok {
		dec := json.NewDecoder(bytes.NewReader(raw))
		budget := maxNodeJSON
		if v, ok := readJSONValue(dec, 0, &budget); ok {
			pj.Imports = v
		}
	}
	return pj, true
}

// jsonValue is a JSON value that keeps its object's keys in the file's
// order (conditions are tried in that order): kind 's' a string, 'a' an
// array (items), 'o' an object (keys, items), 'n' null, 'x' anything
// else, 'd' one beyond the bounds.
type jsonValue struct {
	kind  byte
	str   string
	keys  []string
	items []*jsonValue
}

// readJSONValue reads one value from dec, at most budget values in all;
// false past the budget or on malformed text.
func readJSONValue(dec *json.Decoder, depth int, budget *int) (*jsonValue, bool) {
	*budget--
	if *budget < 0 || depth > maxNodeJSONDepth {
		return nil, false
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, false
	}
	switch t := tok.(type) {
	case string:
		return &jsonValue{kind: 's', str: t}, true
	case nil:
		return &jsonValue{kind: 'n'}, true
	case json.Delim:
		v := &jsonValue{kind: 'a'}
		if t == '{' {
			v.kind = 'o'
		}
		for dec.More() {
			if v.kind == 'o' {
				k, err := dec.Token()
				if err != nil {
					return nil, false
				}
				ks, _ := k.(string)
				v.keys = append(v.keys, ks)
			}
			item, ok := readJSONValue(dec, depth+1, budget)
			if !ok {
				return nil, false
			}
			v.items = append(v.items, item)
		}
		if _, err := dec.Token(); err != nil {
			return nil, false
		}
		return v, true
	}
	return &jsonValue{kind: 'x'}, true
}

// get returns an object's value for key (the last one, as JSON.parse).
func (v *jsonValue) get(key string) (*jsonValue, bool) {
	for i := len(v.keys) - 1; i >= 0; i-- {
		if v.keys[i] == key {
			return v.items[i], true
		}
	}
	return nil, false
}

// nodeExportsResolve is PACKAGE_EXPORTS_RESOLVE: the file exports gives
// subpath key ("." or "./sub") of the package at root, "" when none.
func nodeExportsResolve(root string, exports *jsonValue, key string, conds map[string]bool) string {
	dotKeys, other := false, false
	if exports.kind == 'o' {
		for _, k := range exports.keys {
			if strings.HasPrefix(k, ".") {
				dotKeys = true
			} else {
				other = true
			}
		}
	}
	if dotKeys && other {
		return "" // invalid: Node refuses the package
	}
	if !dotKeys {
		if key != "." {
			return ""
		}
		f, _ := nodeTarget(root, exports, "", false, conds, 0)
		return f
	}
	t, match, pattern := nodeMatchKey(exports, key)
	if t == nil {
		return ""
	}
	f, _ := nodeTarget(root, t, match, pattern, conds, 0)
	return f
}

// nodeMatchKey is PACKAGE_IMPORTS_EXPORTS_RESOLVE's match of key in an
// exports or imports object: the exact key (without a "*"), else the
// pattern key with the longest base (PATTERN_KEY_COMPARE) whose base and
// trailer surround key, with what its "*" matched. Nil when none.
func nodeMatchKey(m *jsonValue, key string) (t *jsonValue, match string, pattern bool) {
	if t, ok := m.get(key); ok && !strings.Contains(key, "*") {
		return t, "", false
	}
	var pats []string
	for _, k := range m.keys {
		if i := strings.Index(k, "*"); i >= 0 && i == strings.LastIndex(k, "*") {
			pats = append(pats, k)
		}
	}
	sort.SliceStable(pats, func(i, j int) bool {
		a, b := strings.Index(pats[i], "*"), strings.Index(pats[j], "*")
		if a != b {
			return a > b
		}
		return len(pats[i]) > len(pats[j])
	})
	for _, k := range pats {
		i := strings.Index(k, "*")
		base, trailer := k[:i], k[i+1:]
		if !strings.HasPrefix(key, base) || key == base {
			continue
		}
		if trailer != "" && !(strings.HasSuffix(key, trailer) && len(key) >= len(k)) {
			continue
		}
		t, _ := m.get(k)
		return t, key[len(base) : len(key)-len(trailer)], true
	}
	return nil, "", false
}

// Results of nodeTarget: a file, no matching condition (the next one
// is tried), an excluded subpath (null), an invalid target.
const (
	nodeNone = iota
	nodeFound
	nodeNull
	nodeInvalid
	// nodeBare: an imports target that is another package's specifier,
	// returned as the string to resolve.
	nodeBare
)

// nodeTarget is PACKAGE_TARGET_RESOLVE for exports: the file target
// names, and the result's kind.
func nodeTarget(root string, t *jsonValue, match string, pattern bool, conds map[string]bool, depth int) (string, int) {
	return nodeTargetOf(root, t, match, pattern, conds, depth, false)
}

// nodeTargetOf is nodeTarget; with imports, a target that does not
// start with "./" and is no path or URL is a bare specifier (nodeBare).
func nodeTargetOf(root string, t *jsonValue, match string, pattern bool, conds map[string]bool, depth int, imports bool) (string, int) {
	if t == nil || depth > maxNodeJSONDepth {
		return "", nodeInvalid
	}
	switch t.kind {
	case 's':
		if imports && !strings.HasPrefix(t.str, "./") && !strings.HasPrefix(t.str, "../") && !strings.HasPrefix(t.str, "/") && !strings.Contains(t.str, ":") {
			s := t.str
			if pattern {
				s = strings.ReplaceAll(s, "*", match)
			}
			return s, nodeBare
		}
		if !strings.HasPrefix(t.str, "./") || !nodeSegmentsOK(t.str[2:]) || pattern && !nodeSegmentsOK(match) {
			return "", nodeInvalid
		}
		s := t.str
		if pattern {
			s = strings.ReplaceAll(s, "*", match)
		}
		// The target is a URL: its %XX are the file name's bytes (an
		// encoded / or \ is refused).
		if u, err := url.PathUnescape(s); err != nil || strings.Contains(strings.ToLower(s), "%2f") || strings.Contains(strings.ToLower(s), "%5c") {
			return "", nodeInvalid
		} else {
			s = u
		}
		return filepath.Join(root, s), nodeFound
	case 'o':
		for i, k := range t.keys {
			if k == "module-sync" {
				conds[nodeSyncSeen] = true
			}
			if k == "default" || k != nodeSyncSeen && conds[k] {
				if f, r := nodeTargetOf(root, t.items[i], match, pattern, conds, depth+1, imports); r != nodeNone {
					return f, r
				}
			}
		}
		return "", nodeNone
	case 'a':
		for _, item := range t.items {
			if f, r := nodeTargetOf(root, item, match, pattern, conds, depth+1, imports); r == nodeFound || r == nodeBare {
				return f, r
			}
		}
		return "", nodeNull
	case 'n':
		return "", nodeNull
	}
	return "", nodeInvalid
}

// nodeSegmentsOK reports a target's path (after "./") or a pattern's
// match free of the segments Node refuses: ".", "..", node_modules
// (spelt with %XX escapes too).
func nodeSegmentsOK(p string) bool {
	for _, seg := range strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' }) {
		if u, err := url.PathUnescape(seg); err == nil {
			seg = u
		}
		if seg == "." || seg == ".." || strings.EqualFold(seg, "node_modules") {
			return false
		}
	}
	return true
}
