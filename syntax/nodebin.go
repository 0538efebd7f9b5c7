package syntax

import (
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// npm, yarn, pnpm and bun run a package script with the node_modules/.bin
// directory of the package's directory and of every directory above it
// first on PATH (@npmcli/run-script's set-path); npx, npm exec and the
// other package runners look a command up there before the registry. A
// script "lint": "mytool" or npx mytool therefore runs
// node_modules/.bin/mytool when the project has one. The nested command is
// judged with that PATH, so that the file found there is read like
// ./node_modules/.bin/mytool typed by hand (pathProgram). When it is the
// link npm makes to the bin file of an installed package (typescript's
// tsc), the file read is the link's target, as the module loaders read a
// package's files (dependencyFile): leniently, with its relative
// requires found beside the target, where Node finds them.

// nodeBinEnv returns env (the state a child process starts with) with
// the node_modules/.bin directories that exist at or above dir put first
// on PATH. It returns env itself when there are none.
func (w *walker) nodeBinEnv(env *state, dir Dir) *state {
	if !dir.Known || env == nil {
		return env
	}
	var bins []string
	d := dir.Path
	for i := 0; i <= maxNodeUp; i++ {
		if filepath.Base(d) != "node_modules" {
			b := filepath.Join(d, "node_modules", ".bin")
			if w.dirLike(b) {
				bins = append(bins, b)
			}
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	if len(bins) == 0 {
		return env
	}
	head := strings.Join(bins, ":") + ":"
	n := env.clone()
	old, ok := n.vars["PATH"]
	v := variable{exported: true, head: head}
	switch {
	case ok && old.known && old.set:
		v = variable{known: true, set: true, exported: true, str: head + old.str, from: old.from}
	case ok && old.head != "":
		v.head = head + old.head
		v.headOnly, v.from = old.headOnly, old.from
	}
	n.setVar("PATH", v)
	return n
}

// nodeBinDir reports whether dir is a node_modules/.bin directory.
func nodeBinDir(dir string) bool {
	return filepath.Base(dir) == ".bin" && filepath.Base(filepath.Dir(dir)) == "node_modules"
}

// dependencyFile reports whether path, once its links are resolved, is
// a file of an installed package — inside node_modules/NAME (or
// node_modules/@SCOPE/NAME), not a link of node_modules/.bin — that this
// command did not write: code the module loaders read as a dependency's
// (a literal command in it is judged, a value only known at run time
// does not ask), where a file the command writes is the agent's own.
func (w *walker) dependencyFile(path string) bool {
	if _, wrote := w.written[path]; wrote || w.read == nil {
		return false
	}
	real := w.realPath(path)
	if _, wrote := w.written[real]; wrote {
		return false
	}
	parts := strings.Split(filepath.ToSlash(real), "/")
	for i := len(parts) - 2; i >= 0; i-- {
		if parts[i] != "node_modules" {
			continue
		}
		rest := parts[i+1:]
		if rest[0] == ".bin" || rest[0] == "" || strings.HasPrefix(rest[0], "@") && len(rest) < 3 {
			return false
		}
		return len(rest) >= 2
	}
	return false
}

// realPath returns path with its links resolved, or path when they
// cannot be (a file this command writes, one not on disk).
func (w *walker) realPath(path string) string {
	if w.read == nil {
		return path
	}
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	return path
}

// preservesSymlinks reports a node command told to keep the links of the
// paths it loads (--preserve-symlinks-main for the main module, main;
// --preserve-symlinks for the modules it requires; also in NODE_OPTIONS
// or NODE_PRESERVE_SYMLINKS=1): it then resolves relative requires from
// the link's directory, not its target's.
func preservesSymlinks(call *Call, main bool) bool {
	if call == nil || lang.ForProgram(call.Name) != lang.JS {
		return false
	}
	flag := "--preserve-symlinks"
	if main {
		flag += "-main"
	}
	for _, a := range call.Args {
		if a.Value == flag {
			return true
		}
		if !strings.HasPrefix(a.Value, "-") {
			break // the script: what follows is its own
		}
	}
	if !main {
		if v, _, ok := call.Getenv("NODE_PRESERVE_SYMLINKS"); ok && v == "1" {
			return true
		}
	}
	if v, _, ok := call.Getenv("NODE_OPTIONS"); ok {
		for _, f := range strings.Fields(v) {
			if f == flag {
				return true
			}
		}
	}
	return false
}

// maxFileDeps bounds the local dependencies whose scripts one install
// reads.
const maxFileDeps = 32

// fileDepScripts runs the install lifecycle scripts of the local
// dependencies (a "file:DIR" spec, or a path: ./DIR, ../DIR, /DIR, ~/DIR)
// of the package.json in dir: npm install and npm ci of the project
// install each and run its preinstall, install and postinstall (and
// prepare) scripts, in the dependency's directory; a local dependency's
// own local dependencies are installed the same way.
func (w *walker) fileDepScripts(c scope, call *Call, dir Dir, tool string, seen map[string]bool) {
	if !dir.Known || len(seen) >= maxFileDeps {
		return
	}
	text, ok := w.readScript(dir.Join("package.json"))
	if !ok {
		return
	}
	var pkg map[string]json.RawMessage
	if json.Unmarshal([]byte(text), &pkg) != nil {
		return
	}
	var specs []string
	for _, key := range []string{"dependencies", "devDependencies", "optionalDependencies"} {
		var deps map[string]string
		if json.Unmarshal(pkg[key], &deps) != nil {
			continue
		}
		for _, spec := range deps {
			specs = append(specs, spec)
		}
	}
	sort.Strings(specs)
	for _, spec := range specs {
		p, ok := localDepPath(spec, w.home)
		if !ok {
			continue
		}
		d := dir.Join(p)
		if !d.Known || seen[d.Path] || len(seen) >= maxFileDeps {
			continue
		}
		seen[d.Path] = true
		// The dependency's own package.json, not one above it.
		if at, scripts, found := w.manifestScripts(d, "package.json"); found && at.Path == d.Path {
			inner, env := w.packageScriptCall(call, d)
			for _, n := range lifecycleNames {
				for _, s := range scripts[n] {
					w.origin = filepath.Join(p, "package.json") + " scripts." + n + " (" + tool + ", a local dependency)"
					w.childIn(c, inner, s, nil, "package script", false, env, d)
					w.origin = ""
				}
			}
		}
		w.fileDepScripts(c, call, d, tool, seen)
	}
}

// localDepPath returns the directory a package.json dependency spec
// names when it is a local one: file:DIR, or a path npm takes as one.
func localDepPath(spec, home string) (string, bool) {
	spec = strings.TrimSpace(spec)
	if p, ok := strings.CutPrefix(spec, "file:"); ok {
		spec = strings.TrimPrefix(p, "//")
		if spec == "" {
			return "", false
		}
	} else if !(spec == "." || spec == ".." || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") ||
		strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, "~/")) {
		return "", false
	}
	if rest, ok := strings.CutPrefix(spec, "~/"); ok {
		if home == "" {
			return "", false
		}
		spec = filepath.Join(home, rest)
	}
	if strings.HasSuffix(spec, ".tgz") || strings.HasSuffix(spec, ".tar.gz") || strings.HasSuffix(spec, ".tar") {
		return "", false // a tarball: its scripts are not on disk to read
	}
	return spec, true
}
