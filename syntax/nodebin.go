package syntax

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// npm, yarn, pnpm and bun run a package script with the node_modules/.bin
// directory of the package's directory and of every directory above it
// first on PATH (@npmcli/run-script's set-path); npx, npm exec and the
// other package runners look a command up there before the registry. A
// script "lint": "mytool" or npx mytool therefore runs
// node_modules/.bin/mytool when the project has one. The nested command is
// judged with that PATH, so that the file found there is read like
// ./node_modules/.bin/mytool typed by hand (pathProgram) — unless it is
// the link npm makes to the bin file an installed package declares (a
// registry dependency such as typescript's tsc), whose code corral does
// not read, as it does not read an installed package's other files.

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

// installedPackageBin reports whether p, a file in a node_modules/.bin
// directory, is the link npm makes for an installed package's command: a
// symbolic link to a file inside node_modules/PKG whose package.json
// "bin" names that file.
func (w *walker) installedPackageBin(p string) bool {
	target, err := os.Readlink(p)
	if err != nil {
		return false
	}
	mods := filepath.Dir(filepath.Dir(p))
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(p), target)
	}
	target = filepath.Clean(target)
	rel, err := filepath.Rel(mods, target)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return false
	}
	parts := strings.Split(rel, "/")
	n := 1
	if strings.HasPrefix(parts[0], "@") {
		n = 2
	}
	if len(parts) <= n {
		return false
	}
	root := filepath.Join(mods, filepath.Join(parts[:n]...))
	text, ok := w.readScript(Dir{Path: filepath.Join(root, "package.json"), Known: true})
	if !ok {
		return false
	}
	var pkg struct {
		Bin json.RawMessage `json:"bin"`
	}
	if json.Unmarshal([]byte(text), &pkg) != nil {
		return false
	}
	var files []string
	var one string
	var many map[string]string
	switch {
	case json.Unmarshal(pkg.Bin, &one) == nil:
		files = []string{one}
	case json.Unmarshal(pkg.Bin, &many) == nil:
		for _, f := range many {
			files = append(files, f)
		}
	}
	for _, f := range files {
		if filepath.Join(root, f) == target {
			return true
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
