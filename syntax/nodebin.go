package syntax

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/corral-dev/corral/guards"

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
	specs, ok := packageDepSpecs(text)
	if !ok {
		return
	}
	for _, spec := range specs {
		p, ok := localDepPath(spec, w.home)
		if !ok {
			// A tarball dependency (file:x.tgz, ./x.tgz): its scripts
			// from the archive (npmlocal.go).
			if tp, tarball, local := npmLocalDep(spec, w.home); local && tarball {
				if t := dir.Join(tp); t.Known && !seen[t.Path] && len(seen) < maxFileDeps {
					seen[t.Path] = true
					w.tarballScripts(c, call, t, tool+", a local dependency "+spec)
				}
			}
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
// names when it is a local one: file:DIR, or a path npm takes as one
// (npmLocalDep, npmlocal.go); a tarball is not a directory.
func localDepPath(spec, home string) (string, bool) {
	p, tarball, ok := npmLocalDep(spec, home)
	return p, ok && !tarball
}

// npmCommandScripts are the scripts of the package npm pack, npm publish
// and npm version run, in order (npm's "Life Cycle Operation Order"; a
// --dry-run runs them too).
func npmCommandScripts(cmd string) []string {
	switch cmd {
	case "pack":
		return []string{"prepack", "prepare", "postpack"}
	case "publish":
		return []string{"prepublishOnly", "prepack", "prepare", "postpack", "publish", "postpublish"}
	}
	return []string{"preversion", "version", "postversion"}
}

// ownScripts runs the scripts names of the package.json in d itself (not
// one above it), from d.
func (w *walker) ownScripts(c scope, call *Call, d Dir, names []string, label string) {
	at, scripts, found := w.manifestScripts(d, "package.json")
	if !found || at.Path != d.Path {
		return
	}
	inner, env := w.packageScriptCall(call, d)
	for _, n := range names {
		for _, s := range scripts[n] {
			w.origin = w.projectRel(filepath.Join(d.Path, "package.json")) + " scripts." + n + " (" + label + ")"
			w.childIn(c, inner, s, nil, "package script", false, env, d)
			w.origin = ""
		}
	}
}

// npmDirSpec reports the directory an npm package spec names when it is
// one: file:DIR, a path (./x, ../x, /x, ~/x), or a name with two or more
// slashes that is no URL (r10/np/dep, sub/f/: npm-package-arg takes a/b
// as a GitHub repository and @scope/name as a package, but a/b/c and a/b/
// as a folder).
func npmDirSpec(spec, home string) (string, bool) {
	p, tarball, ok := npmLocalSpec(spec, home)
	return p, ok && !tarball
}

// npmDirSpecs runs the scripts names of each directory among specs (the
// operands of npm install, link, pack, publish), in that directory.
func (w *walker) npmDirSpecs(c scope, call *Call, specs []string, names []string, cmd string) {
	if cmd != "pack" && cmd != "publish" {
		// Installed: a tarball's scripts too (npmlocal.go).
		w.localPackageSpecs(c, call, specs, names, "npm "+cmd, true)
		return
	}
	for _, spec := range specs {
		p, ok := npmDirSpec(spec, w.home)
		if !ok {
			continue
		}
		d := call.Dir.Join(p)
		if !d.Known {
			continue
		}
		w.ownScripts(c, call, d, names, "npm "+cmd+" "+spec)
	}
}

// npmInstallScripts are the scripts npm rebuild runs of each installed
// package; a linked one (a local dependency, a workspace) also runs its
// prepare scripts (lifecycleNames).
var npmInstallScripts = []string{"preinstall", "install", "postinstall"}

// npmRebuild models npm rebuild [PKG…]: the install scripts run again:
// the project's own (with no PKG named), those of the packages under
// node_modules, and those of the local ones an install of the project
// links (file: dependencies, workspaces), with their prepare, which may
// not be there yet (npm install --ignore-scripts && npm rebuild). With
// PKG named, only the packages of that name (npm 11: npm rebuild ran the
// root's postinstall and each local dependency's prepare and
// postinstall; npm rebuild e only e's).
func (w *walker) npmRebuild(c scope, call *Call, pkgs []string, wsDirs []Dir) {
	root, _, found := w.manifestScripts(call.Dir, "package.json")
	if !found {
		return
	}
	if len(pkgs) == 0 {
		w.packageScripts(c, call, lifecycleNames, "npm rebuild")
	}
	type pkg struct {
		d      Dir
		linked bool
	}
	var dirs []pkg
	for _, pat := range []string{"node_modules/*", "node_modules/@*/*"} {
		for _, m := range w.globNames(root, pat) {
			dirs = append(dirs, pkg{root.Join(m), false})
		}
	}
	for _, d := range append(append(append([]Dir{}, wsDirs...), w.npmWorkspaceDirs(root)...), w.localDeps(root)...) {
		dirs = append(dirs, pkg{d, true})
	}
	seen := map[string]bool{}
	for _, p := range dirs {
		d := p.d
		if !d.Known || seen[d.Path] || len(seen) >= maxScriptMatches {
			continue
		}
		seen[d.Path] = true
		if len(pkgs) > 0 {
			name := w.packageName(d)
			if !slices.Contains(pkgs, name) && !slices.Contains(pkgs, filepath.Base(d.Path)) {
				continue
			}
		}
		names := npmInstallScripts
		if p.linked {
			names = lifecycleNames
		}
		w.ownScripts(c, call, d, names, "npm rebuild")
	}
}

// packageName is the "name" of the package.json in d.
func (w *walker) packageName(d Dir) string {
	text, ok := w.readScript(d.Join("package.json"))
	if !ok {
		return ""
	}
	var pkg struct {
		Name string `json:"name"`
	}
	json.Unmarshal([]byte(text), &pkg)
	return pkg.Name
}

// localDeps returns the directories of the local (file:) dependencies of
// the package.json in dir, and theirs, as an install links them.
func (w *walker) localDeps(dir Dir) []Dir {
	var out []Dir
	seen := map[string]bool{dir.Path: true}
	queue := []Dir{dir}
	for len(queue) > 0 && len(seen) < maxFileDeps {
		d := queue[0]
		queue = queue[1:]
		text, ok := w.readScript(d.Join("package.json"))
		if !ok {
			continue
		}
		specs, ok := packageDepSpecs(text)
		if !ok {
			continue
		}
		for _, spec := range specs {
			p, ok := localDepPath(spec, w.home)
			if !ok {
				continue
			}
			if x := d.Join(p); x.Known && !seen[x.Path] && len(seen) < maxFileDeps {
				seen[x.Path] = true
				out = append(out, x)
				queue = append(queue, x)
			}
		}
	}
	return out
}

// npmWorkspaceDirs returns the workspace packages of the package.json in
// root: the directories its "workspaces" globs (a list, or the list under
// "packages") match that hold a package.json.
func (w *walker) npmWorkspaceDirs(root Dir) []Dir {
	text, ok := w.readScript(root.Join("package.json"))
	if !ok {
		return nil
	}
	var pkg struct {
		Workspaces json.RawMessage `json:"workspaces"`
	}
	if json.Unmarshal([]byte(text), &pkg) != nil || len(pkg.Workspaces) == 0 {
		return nil
	}
	var globs []string
	if json.Unmarshal(pkg.Workspaces, &globs) != nil {
		var obj struct {
			Packages []string `json:"packages"`
		}
		if json.Unmarshal(pkg.Workspaces, &obj) != nil {
			return nil
		}
		globs = obj.Packages
	}
	return w.workspaceDirs(root, globs)
}

// workspaceDirs returns the directories under root that a workspace's
// package globs match ("!" ones left out) and that hold a package.json:
// npm's and yarn's workspaces, pnpm-workspace.yaml's packages.
func (w *walker) workspaceDirs(root Dir, globs []string) []Dir {
	var out []Dir
	seen := map[string]bool{}
	for _, g := range globs {
		if strings.HasPrefix(g, "!") {
			continue
		}
		// The globs take ** for any depth; one level is read.
		g = strings.ReplaceAll(strings.TrimRight(g, "/"), "**", "*")
		matches := []string{g} // a plain path is itself, written by this command or not
		if strings.ContainsAny(g, "*?[") {
			matches = w.globNames(root, g)
		}
		for _, m := range matches {
			d := root.Join(m)
			if !d.Known || seen[d.Path] || len(out) >= maxScriptMatches {
				continue
			}
			if _, ok := w.readScript(d.Join("package.json")); ok {
				seen[d.Path] = true
				out = append(out, d)
			}
		}
	}
	return out
}

// npmWorkspaces returns the workspaces npm's -w NAME (--workspace=NAME; a
// package name, or a path: the workspaces in it) and --workspaces (-ws)
// select, of the nearest package.json with workspaces from call's
// directory up; withRoot reports --include-workspace-root (-iwr), and
// given whether a workspace option was there at all. A name only known
// at run time selects every workspace.
func (w *walker) npmWorkspaces(call *Call, opts []Option) (dirs []Dir, withRoot, given bool) {
	var named []Arg
	all := false
	for _, o := range opts {
		raw := ""
		if o.Idx < len(call.Args) {
			raw = call.Args[o.Idx].Value
		}
		switch {
		case raw == "-ws" || o.Name == "workspaces" || o.Name == "ws":
			all = true
		case raw == "-iwr" || o.Name == "include-workspace-root" || o.Name == "iwr":
			withRoot = true
		case (o.Name == "w" || o.Name == "workspace") && o.HasVal:
			named = append(named, o.Val)
		}
	}
	if !all && len(named) == 0 {
		return nil, false, false
	}
	// The root: the nearest package.json up that has workspaces.
	var root Dir
	var wsAll []Dir
	for d, i := call.Dir, 0; d.Known && i < 32; i++ {
		at, _, found := w.manifestScripts(d, "package.json")
		if !found {
			break
		}
		if wsAll = w.npmWorkspaceDirs(at); len(wsAll) > 0 {
			root = at
			break
		}
		parent := Dir{Path: filepath.Dir(at.Path), Known: true}
		if parent.Path == at.Path {
			break
		}
		d = parent
	}
	if !root.Known {
		return nil, withRoot, true
	}
	for _, d := range wsAll {
		keep := all
		for _, a := range named {
			if !a.Static {
				keep = true
				continue
			}
			for _, base := range []Dir{call.Dir, root} {
				if p := base.Join(a.Value); p.Known && (p.Path == d.Path || guards.Within(p.Path, d.Path)) {
					keep = true
				}
			}
			keep = keep || w.packageName(d) == a.Value
		}
		if keep {
			dirs = append(dirs, d)
		}
	}
	return dirs, withRoot, true
}

// projectRel is path relative to the project directory when it is in it.
func (w *walker) projectRel(path string) string {
	if w.project != "" && guards.Within(w.project, path) {
		if r, err := filepath.Rel(w.project, path); err == nil {
			return r
		}
	}
	return path
}

// packageDepSpecs returns the version specs of a package.json text's
// dependencies, devDependencies and optionalDependencies, sorted (npm
// install of the package installs each); false when it is not JSON.
func packageDepSpecs(text string) ([]string, bool) {
	var pkg map[string]json.RawMessage
	if json.Unmarshal([]byte(text), &pkg) != nil {
		return nil, false
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
	return specs, true
}
