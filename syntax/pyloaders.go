package syntax

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// CPython's path finder looks a module NAME up in each directory of
// sys.path in a fixed order (importlib's FileFinder): a package directory
// NAME/ with an __init__ file, then an extension module (NAME.*.so,
// NAME.so: native code), then the source NAME.py, then a sourceless
// NAME.pyc; a directory NAME/ with no __init__ file is a namespace
// package only when none of those is found. The source it runs may also
// be cached bytecode: __pycache__/NAME.TAG.pyc, used in place of NAME.py
// when its header matches the source (or, for a hash-based file marked
// unchecked, always).

// pyNativeModules returns the extension modules Python would load for
// the module whose source would be stem+".py" (stem a path: D/NAME or
// D/NAME/__init__): stem.so and stem.TAG.so (NAME.cpython-311-x86_64-
// linux-gnu.so, NAME.abi3.so), on disk or written by this command,
// sorted.
func (w *walker) pyNativeModules(stem string) []string {
	var out []string
	dir, base := filepath.Split(stem)
	match := func(name string) bool {
		if name == base+".so" {
			return true
		}
		if !strings.HasPrefix(name, base+".") || !strings.HasSuffix(name, ".so") {
			return false
		}
		tag := strings.TrimSuffix(strings.TrimPrefix(name, base+"."), ".so")
		return tag != "" && !strings.Contains(tag, "/")
	}
	for p := range w.written {
		if filepath.Dir(p) == filepath.Clean(dir) && match(filepath.Base(p)) {
			out = append(out, p)
		}
	}
	for p := range w.opaque {
		if filepath.Dir(p) == filepath.Clean(dir) && match(filepath.Base(p)) {
			out = append(out, p)
		}
	}
	for p := range w.compiled {
		if filepath.Dir(p) == filepath.Clean(dir) && match(filepath.Base(p)) {
			out = append(out, p)
		}
	}
	for _, n := range w.names(filepath.Clean(dir)) {
		if match(n) {
			out = append(out, filepath.Join(dir, n))
		}
	}
	sort.Strings(out)
	return compactStrings(out)
}

// pyCompiled judges what CPython would load in place of the Python
// source src (an absolute D/NAME.py or D/NAME/__init__.py) when it
// imports it, none of which corral can read: an extension module beside
// it (tried before the source), a sourceless NAME.pyc (tried when there
// is no source), and cached bytecode in __pycache__ that this command
// wrote or changed, or that is hash-based and marked unchecked (Python
// runs it without looking at the source). A cached file with a matching
// header that was on disk before is taken as Python's own (see the
// README: it cannot be told from a forged one). It reports whether it
// asked.
func (w *walker) pyCompiled(c scope, call *Call, src, what string) bool {
	if !strings.HasSuffix(src, ".py") || w.read == nil && len(w.written) == 0 && len(w.opaque) == 0 && len(w.compiled) == 0 {
		return false
	}
	stem := strings.TrimSuffix(src, ".py")
	ask := func(file, kind string) bool {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: file,
			What: what + ": Python loads " + file + ", " + kind + " corral cannot read"})
		return true
	}
	if so := w.pyNativeModules(stem); len(so) > 0 {
		w.nativeCode(c, call, so[0], what, "an extension module (native code)")
		return true
	}
	if p := stem + ".pyc"; w.exists(p) || w.opaque[p] {
		return ask(p, "compiled bytecode")
	}
	dir, base := filepath.Split(stem)
	cache := filepath.Join(dir, "__pycache__")
	var cached []string
	for p := range w.written {
		if filepath.Dir(p) == cache && strings.HasPrefix(filepath.Base(p), base+".") && strings.HasSuffix(p, ".pyc") {
			cached = append(cached, p)
		}
	}
	for p := range w.opaque {
		if filepath.Dir(p) == cache && strings.HasPrefix(filepath.Base(p), base+".") && strings.HasSuffix(p, ".pyc") {
			cached = append(cached, p)
		}
	}
	if len(cached) > 0 {
		sort.Strings(cached)
		return ask(cached[0], "bytecode this command wrote, which")
	}
	for _, n := range w.names(cache) {
		if !strings.HasPrefix(n, base+".") || !strings.HasSuffix(n, ".pyc") {
			continue
		}
		p := filepath.Join(cache, n)
		// Only a file recorded itself: below a directory recorded whole
		// (the sandbox, a clone run before), Python writes its own.
		if _, ok, whole := w.earlierMatch(p); ok && !whole {
			return ask(p, "bytecode an earlier call of this session wrote with bytes corral could not read, which")
		}
		if pycUnchecked(p) {
			return ask(p, "hash-based bytecode Python runs without checking it against the source, which")
		}
	}
	return false
}

// pycUnchecked reports a .pyc file whose header (PEP 552: magic, then a
// flags word) marks it hash-based and not to be checked against its
// source: Python loads it whatever the source holds.
func pycUnchecked(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	var h [8]byte
	if n, _ := f.Read(h[:]); n < 8 {
		return false
	}
	flags := binary.LittleEndian.Uint32(h[4:8])
	return flags&1 == 1 && flags&2 == 0
}

// maxDirNames bounds the directories a command's module loaders list.
const maxDirNames = 64

// names returns the names of the files (not directories) in directory
// dir on disk, cached for the command; none when corral does not read
// the disk, the directory cannot be read or holds more than
// maxCollectEntries entries.
func (w *walker) names(dir string) []string {
	if w.read == nil {
		return nil
	}
	if n, ok := w.dirNames[dir]; ok {
		return n
	}
	if len(w.dirNames) >= maxDirNames {
		w.m.Truncated = true
		return nil
	}
	var out []string
	if entries, err := os.ReadDir(dir); err == nil && len(entries) <= maxCollectEntries {
		for _, e := range entries {
			if !e.IsDir() {
				out = append(out, e.Name())
			}
		}
	}
	if w.dirNames == nil {
		w.dirNames = map[string][]string{}
	}
	w.dirNames[dir] = out
	return out
}

// pythonRunModule models python -m NAME (NAME a.b.c): the first
// directory of dirs (the working directory, then -I's, PYTHONPATH's)
// that holds the top-level name is the one Python uses, and in it each
// name is looked up as the path finder does — a package directory with
// its __init__.py (run as it is imported) before an extension module,
// NAME.py, a sourceless NAME.pyc, and a directory without __init__.py
// (a namespace package) last. The last name runs as the program: a
// package's __init__.py and then its __main__.py, or the module's file.
// A directory of dirs that is a file is a zip archive (zipimport).
func (w *walker) pythonRunModule(c scope, call *Call, dirs []string, name string) {
	parts := strings.Split(name, ".")
	for _, p := range parts {
		if p == "" || strings.ContainsAny(p, "/\x00") {
			return
		}
	}
	what := call.Name + " -m " + name
	for _, d := range dirs {
		dd := call.Dir.Join(d)
		if !dd.Known {
			return
		}
		if !w.isDir(dd) && w.exists(dd.Path) || w.opaque[dd.Path] {
			p := strings.Join(parts, "/")
			if w.pythonSearch(c, call, []string{d}, []string{p + ".py", p + "/__main__.py"}) {
				return
			}
			continue
		}
		if w.pyModuleIn(c, call, d, parts, what, false) {
			return
		}
	}
	// No module or regular package: the first namespace package.
	for _, d := range dirs {
		if dd := call.Dir.Join(d); dd.Known && w.isDir(dd) && w.pyModuleIn(c, call, d, parts, what, true) {
			break
		}
	}
	// The library's module imports others in turn, and its main code
	// more, each found first in the working directory (python3 -m
	// unittest beside an argparse.py).
	w.pyStdlibShadows(c, call, dirs, lang.PyStdlibRuns(name), what, what, false)
	// A package from site-packages (python3 -m pip): its imports find
	// every library-named project file first (pythirdparty.go).
	w.pyThirdPartyRun(c, call, dirs, name)
}

// pyModuleIn runs the module parts (a, b, c of a.b.c) from directory
// dir as python -m does; it reports whether the top-level name was
// found there (Python then looks no further). A top-level namespace
// package counts only with namespace set (after every directory was
// tried for a module or a regular package).
func (w *walker) pyModuleIn(c scope, call *Call, dir string, parts []string, what string, namespace bool) bool {
	cur := dir
	for k, n := range parts {
		last := k == len(parts)-1
		pkg := filepath.Join(cur, n)
		pd := call.Dir.Join(pkg)
		isPkg := w.dirLike(pd.Path)
		init := filepath.Join(pkg, "__init__.py")
		initD := call.Dir.Join(init)
		regular := isPkg && (w.exists(initD.Path) || w.opaque[initD.Path] || w.exists(initD.Path+"c") ||
			len(w.pyNativeModules(strings.TrimSuffix(initD.Path, ".py"))) > 0)
		if regular {
			w.include(c, call, lang.Python, init, what, what, false, false)
			if last {
				w.include(c, call, lang.Python, filepath.Join(pkg, "__main__.py"), what, what, false, false)
			}
			cur = pkg
			continue
		}
		src := filepath.Join(cur, n+".py")
		srcD := call.Dir.Join(src)
		if w.pyCompiled(c, call, srcD.Path, what) {
			return true
		}
		if w.exists(srcD.Path) || w.opaque[srcD.Path] {
			// The module runs as the program, or is imported as the
			// parent of the next name (python3 -m json.tool beside a
			// json.py runs json.py, then finds no json.tool).
			w.firstFile(c, call, []string{src}, string(lang.Python))
			return true // a module is no package: python stops at a.b
		}
		if !isPkg || k == 0 && !namespace {
			return k > 0 // not here: the next directory (top level), or an error
		}
		// A namespace package: no code of its own.
		if last {
			w.include(c, call, lang.Python, filepath.Join(pkg, "__main__.py"), what, what, false, false)
		}
		cur = pkg
	}
	return true
}

// maxWarningFilters bounds the warning filters read from one command.
const maxWarningFilters = 16

// pythonWarningModules judges the modules Python's warning filters
// import as it starts: each -W ACTION:MESSAGE:CATEGORY:MODULE:LINENO and
// each comma-separated entry of PYTHONWARNINGS whose CATEGORY is dotted
// (pkg.mod.Warning) makes it import pkg.mod to find the class, found in
// the working directory and on the module path like any import. A
// builtin category (ignore::DeprecationWarning) imports nothing.
func (w *walker) pythonWarningModules(c scope, call *Call) {
	if !w.startsPython(call) {
		return
	}
	var filters []Arg
	for _, o := range pythonInterpreterOpts(call) {
		if o.Name == "W" && !o.Long && o.HasVal {
			filters = append(filters, o.Val)
		}
	}
	if v, known, ok := w.envOf(c, call, "PYTHONWARNINGS"); ok {
		for _, f := range strings.Split(v, ",") {
			filters = append(filters, Arg{Value: f, Raw: f, Static: known})
		}
	}
	for i, f := range filters {
		if i >= maxWarningFilters {
			w.m.Truncated = true
			return
		}
		fields := strings.Split(f.Value, ":")
		if len(fields) < 3 {
			continue
		}
		cat := strings.TrimSpace(fields[2])
		k := strings.LastIndexByte(cat, '.')
		if k <= 0 {
			continue
		}
		w.program(c, call, lang.Python, "import "+cat[:k], call.Name+" warning filter "+clip(f.Value, 40), !f.Static, "")
	}
}

// nativeCode judges the shared object path an interpreter loads as a
// module (its constructors run as it is loaded): one this command
// compiled is judged by its sources, as LD_PRELOAD's is (loadLibrary);
// any other asks, as code corral cannot read.
func (w *walker) nativeCode(c scope, call *Call, path, what, kind string) {
	if _, ok := w.compiled[path]; ok {
		w.loadLibrary(c, call, what+":", path)
		return
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: path,
		What: what + ": " + call.Name + " loads " + path + ", " + kind + " corral cannot read"})
}

// pyStdlibShadows judges the project files that Python imports in place
// of the standard-library modules mods (top-level names some import of
// the program loads in turn, lang.PyStdlibImports): each is looked up in
// dirs, the sys.path entries before the library's (the script's directory
// or the working directory first), as NAME.py or the package
// NAME/__init__.py, and the first found is read as the program's code
// (python3 -m unittest beside an argparse.py runs that file).
func (w *walker) pyStdlibShadows(c scope, call *Call, dirs, mods []string, what, label string, dynamic bool) {
	if w.read == nil && len(w.written) == 0 {
		return
	}
	for _, m := range mods {
		for _, d := range dirs {
			dd := call.Dir.Join(d)
			if !dd.Known {
				break
			}
			src := filepath.Join(d, m+".py")
			init := filepath.Join(d, m, "__init__.py")
			file := ""
			switch {
			case slices.Contains(w.names(dd.Path), m+".py") || w.wrote(call.Dir.Join(src).Path):
				file = src
			case w.dirLike(call.Dir.Join(filepath.Join(d, m)).Path) && w.exists(call.Dir.Join(init).Path):
				file = init
			default:
				continue
			}
			w.include(c, call, lang.Python, file, what+" loads "+m+" from "+file+" (a project file in place of the standard library's)", label, dynamic, false)
			break
		}
	}
}

// wrote reports whether this command wrote the file path.
func (w *walker) wrote(path string) bool {
	_, ok := w.written[path]
	return ok
}
