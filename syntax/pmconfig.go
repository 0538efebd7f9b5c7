package syntax

import (
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// Package managers run programs their configuration names, for every
// script or even every invocation: npm's and pnpm's script-shell (the
// shell each package script runs in: SHELL -c SCRIPT) and node-options
// (NODE_OPTIONS for the scripts), from the command line, the environment
// (npm_config_*, any case) or an .npmrc (the project's, next to its
// package.json, and the user's); yarn's yarnPath (.yarnrc.yml) and
// yarn-path (.yarnrc), the JavaScript file yarn hands every invocation
// to; bun's preload scripts (bunfig.toml), run before bun run and bun
// test. Each is judged as the program it is: a script file, or node
// options.
func (w *walker) packageManagerConfig(c scope, call *Call) {
	pm := call.Name
	if n := lastWrapper(call); n == "npm" || n == "pnpm" {
		// npm exec -- tsc, pnpm exec tsc: the command runs as a package
		// script does, with script-shell and node-options.
		pm = n
	}
	switch pm {
	case "npm", "pnpm", "npx", "pnpx":
		w.pnpmfile(c, call)
	case "yarn":
		w.yarnPath(c, call)
		return
	case "bun", "bunx":
		w.bunPreload(c, call)
		return
	default:
		return
	}
	settings := map[string][]string{}
	// base is the directory a relative init-module is taken from: the
	// working directory (npm resolves a path setting there), and for an
	// .npmrc also the file's own directory, the cautious side.
	base := []Dir{call.Dir}
	add := func(key, val string) {
		key = strings.ReplaceAll(strings.ToLower(strings.TrimSpace(key)), "_", "-")
		val = strings.Trim(strings.TrimSpace(val), `"'`)
		switch {
		case val == "":
		case key == "script-shell" || key == "node-options":
			settings[key] = append(settings[key], val)
		case key == "init-module" || key == "init.module":
			for _, b := range base {
				if d := b.Join(val); d.Known {
					settings["init-module"] = append(settings["init-module"], d.Path)
				}
			}
		}
	}
	// .npmrc files: the user's, and the project's: the directory of the
	// nearest package.json, or the working directory (with --prefix DIR
	// or -C DIR, DIR's), and the root of a workspace it is in (npm takes
	// the root's .npmrc when run in a workspace package or with -w).
	if home, _ := w.userHome(c, call, "takes script-shell and node-options from ~/.npmrc"); home != "" {
		base = []Dir{call.Dir, {Path: home, Known: true}}
		w.iniSettings(Dir{Path: home + "/.npmrc", Known: true}, add)
	}
	roots := w.npmProjectRoots(npmPrefix(call))
	for _, d := range roots {
		base = []Dir{call.Dir, d}
		w.iniSettings(d.Join(".npmrc"), add)
	}
	base = []Dir{call.Dir}
	// The environment: npm_config_script_shell in any case.
	if w.cur != nil {
		for name, v := range w.cur.vars {
			if k, ok := cutPrefixFold(name, "npm_config_"); ok && v.known && v.set {
				add(k, v.str)
			}
		}
	}
	if call.Expr != nil {
		for _, as := range call.Expr.Assigns {
			if as.Name == nil || as.Value == nil {
				continue
			}
			if k, ok := cutPrefixFold(as.Name.Value, "npm_config_"); ok {
				r := &resolver{src: c.sc.Src, dir: call.Dir, st: w.cur}
				if a := r.arg(as.Value); a.Static {
					add(k, a.Value)
				}
			}
		}
	}
	// The command line: --script-shell X, --script-shell=X.
	for i, a := range call.Args {
		v := a.Value
		for _, key := range []string{"script-shell", "node-options", "init-module"} {
			switch {
			case v == "--"+key && i+1 < len(call.Args):
				add(key, call.Args[i+1].Value)
			case strings.HasPrefix(v, "--"+key+"="):
				add(key, strings.TrimPrefix(v, "--"+key+"="))
			}
		}
	}
	// The scripts, and so the shell and node with node-options, run in
	// the project's directory (npm --prefix sub run build: sub's; -w
	// packages/a: the workspace's), where a relative --require ./x.js
	// is found; the working directory too (npm exec), the cautious side.
	var shellCalls []*Call
	seenDir := map[string]bool{}
	for _, d := range append([]Dir{call.Dir}, w.npmScriptDirs(call, roots)...) {
		if !d.Known || seenDir[d.Path] {
			continue
		}
		seenDir[d.Path] = true
		inner := *call
		inner.Dir = d
		shellCalls = append(shellCalls, &inner)
	}
	for _, sc := range shellCalls {
		for _, sh := range settings["script-shell"] {
			w.child(c, sc, Quote(sh)+" -c true", nil, pm+" script-shell", false)
		}
		for _, o := range settings["node-options"] {
			w.child(c, sc, "node "+o+" -e 1", nil, pm+" node-options", false)
		}
	}
	if pm == call.Name && npmInits(call) {
		// npm init with no initializer runs the init-module file
		// (a JavaScript file that builds package.json): when no
		// configuration sets one, npm's default, ~/.npm-init.js under the
		// HOME npm gets (real npm 11 ran it for npm init and npm init -y).
		if len(settings["init-module"]) == 0 {
			if home, _ := w.userHome(c, call, "runs ~/.npm-init.js"); home != "" {
				settings["init-module"] = []string{strings.TrimSuffix(home, "/") + "/.npm-init.js"}
			}
		}
		seen := map[string]bool{}
		for _, f := range settings["init-module"] {
			if !seen[f] {
				seen[f] = true
				w.child(c, call, "node "+Quote(f), nil, "npm init-module", false)
			}
		}
	}
}

// npmSpec is npm's option table read past the subcommand: npm takes its
// options anywhere on the line (npm run build --prefix web).
func npmSpec() OptSpec {
	s := NpmOptions
	s.Stop = false
	return s
}

// npmPrefix returns the directory npm takes as the project for call:
// --prefix DIR or -C DIR (the last), else the working directory.
func npmPrefix(call *Call) Dir {
	if call.Name != "npm" {
		return call.Dir
	}
	d := call.Dir
	opts, _ := ScanOptions(call.Args, npmSpec())
	for _, o := range opts {
		if (o.Name == "prefix" || o.Name == "C") && o.HasVal && o.Val.Static && o.Val.Value != "" {
			d = call.Dir.Join(o.Val.Value)
		} else if o.Name == "prefix" || o.Name == "C" {
			d = Dir{}
		}
	}
	return d
}

// pnpmfileVerbs are pnpm's commands that resolve dependencies, and so
// load the pnpmfile (its readPackage and afterAllResolved hooks).
var pnpmfileVerbs = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"install": true, "i": true, "add": true, "update": true, "up": true, "upgrade": true,
		"remove": true, "rm": true, "uninstall": true, "un": true, "fetch": true, "import": true, "dedupe": true,
		"prune": true, "link": true, "ln": true, "unlink": true, "rebuild": true, "rb": true, "install-test": true,
		"it": true, "outdated": true, "patch-commit": true}
}}

// pnpmfile reads the pnpmfile pnpm install (add, update, remove, …)
// loads, a JavaScript module it requires before resolving: --pnpmfile
// FILE or the pnpmfile setting (an .npmrc of the project or the user's),
// else .pnpmfile.cjs of the project's root (-C/--dir DIR; the workspace
// root above, where pnpm-workspace.yaml is); and --global-pnpmfile FILE
// or the global-pnpmfile setting, loaded as well. --ignore-pnpmfile
// loads neither.
func (w *walker) pnpmfile(c scope, call *Call) {
	if call.Name != "pnpm" || !call.Dir.Known {
		return
	}
	dir := call.Dir
	var files []string
	verb, dynamic := "", ""
	for i := 0; i < len(call.Args); i++ {
		a := call.Args[i]
		v := a.Value
		val := func() (string, bool) {
			if j := strings.IndexByte(v, '='); j > 0 && strings.HasPrefix(v, "--") {
				return v[j+1:], a.Static
			}
			if i+1 < len(call.Args) {
				i++
				return call.Args[i].Value, call.Args[i].Static
			}
			return "", false
		}
		name, _, _ := strings.Cut(v, "=")
		switch {
		case v == "--":
			i = len(call.Args)
		case v == "--ignore-pnpmfile":
			return
		case name == "--pnpmfile" || name == "--global-pnpmfile":
			if f, ok := val(); ok {
				files = append(files, f)
			} else {
				dynamic = v
			}
		case v == "-C" || name == "--dir":
			if f, ok := val(); ok {
				dir = call.Dir.Join(f)
			} else {
				return
			}
		case strings.HasPrefix(v, "-"):
		case verb == "":
			verb = v
		}
	}
	if !pnpmfileVerbs.Get()[verb] || !dir.Known {
		return
	}
	if dynamic != "" {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: dynamic,
			What: "pnpm loads a pnpmfile, JavaScript, whose name is only known at run time"})
	}
	// The settings: the project's .npmrc and the user's.
	cfgs := []Dir{dir.Join(".npmrc")}
	if home, _ := w.userHome(c, call, "loads the pnpmfile ~/.npmrc names"); home != "" {
		cfgs = append(cfgs, Dir{Path: home + "/.npmrc", Known: true})
	}
	set := false
	for _, f := range cfgs {
		w.iniSettings(f, func(k, v string) {
			k = strings.ToLower(strings.TrimSpace(k))
			v = strings.Trim(strings.TrimSpace(v), `"'`)
			if (k == "pnpmfile" || k == "global-pnpmfile") && v != "" {
				files = append(files, v)
				set = set || k == "pnpmfile"
			}
		})
	}
	// pnpm 10's settings in pnpm-workspace.yaml (the project's, or the
	// workspace root's above it): pnpmfile: and globalPnpmfile:, a
	// path from that file's directory.
	for p, k := dir.Path, 0; k < 32; k++ {
		root := Dir{Path: p, Known: true}
		if text, ok := w.readScript(root.Join("pnpm-workspace.yaml")); ok {
			for _, line := range strings.Split(text, "\n") {
				if line == "" || line[0] == ' ' || line[0] == '\t' || line[0] == '#' {
					continue
				}
				k, v, ok := strings.Cut(line, ":")
				if !ok {
					continue
				}
				v, _, _ = strings.Cut(v, " #")
				v = strings.Trim(strings.TrimSpace(v), `"'`)
				switch strings.TrimSpace(k) {
				case "pnpmfile", "globalPnpmfile", "global-pnpmfile":
					if v != "" {
						files = append(files, root.Join(v).Path)
						set = set || strings.TrimSpace(k) == "pnpmfile"
					}
				}
			}
			break
		}
		if p == "/" || w.home != "" && p == w.home {
			break
		}
		p = filepath.Dir(p)
	}
	if !set {
		// The default, in the project's root and in the workspace's
		// root above it (pnpm-workspace.yaml marks it).
		files = append(files, ".pnpmfile.cjs", ".pnpmfile.mjs")
		for p, k := dir.Path, 0; p != "/" && k < 32; k++ {
			p = filepath.Dir(p)
			if w.exists(filepath.Join(p, "pnpm-workspace.yaml")) {
				files = append(files, filepath.Join(p, ".pnpmfile.cjs"), filepath.Join(p, ".pnpmfile.mjs"))
				break
			}
			if w.home != "" && p == w.home {
				break
			}
		}
	}
	w.readConfigs(c, call, dir, files, lang.JS, true)
}

// npmProjectRoots returns the directories whose .npmrc npm reads as the
// project's for a command run in d: the nearest package.json's directory
// at or above d (or d), and each directory above it whose package.json
// declares workspaces (npm 7+ takes a workspace root above a package as
// the project: real npm 11, run in packages/a, read the root's .npmrc and
// not the package's own). The package's own is read too, the cautious
// side.
func (w *walker) npmProjectRoots(d Dir) []Dir {
	root := w.packageRoot(d)
	if !root.Known {
		return nil
	}
	roots := []Dir{root}
	for p, k := root.Path, 0; p != "/" && k < 32; k++ {
		if w.home != "" && p == w.home {
			break
		}
		p = filepath.Dir(p)
		text, ok := w.readScript(Dir{Path: filepath.Join(p, "package.json"), Known: true})
		if !ok {
			continue
		}
		var pkg map[string]json.RawMessage
		if json.Unmarshal([]byte(text), &pkg) == nil && pkg["workspaces"] != nil {
			roots = append(roots, Dir{Path: p, Known: true})
		}
	}
	return roots
}

// npmScriptDirs returns the directories npm runs call's scripts in: the
// project's (roots[0]) and, with -w/--workspace NAME, each workspace's
// directory that NAME names as a path under a root (a workspace named
// by its package name is not looked up: the root's own directory stands
// in for it).
func (w *walker) npmScriptDirs(call *Call, roots []Dir) []Dir {
	if len(roots) == 0 {
		return nil
	}
	dirs := []Dir{roots[0]}
	if call.Name != "npm" {
		return dirs // pnpm's -w is the workspace root, its --filter a pattern
	}
	opts, _ := ScanOptions(call.Args, npmSpec())
	for _, o := range opts {
		if o.Name != "w" && o.Name != "workspace" || !o.HasVal || !o.Val.Static {
			continue
		}
		for _, r := range roots {
			if d := r.Join(o.Val.Value); d.Known && w.isDir(d) {
				dirs = append(dirs, d)
			}
		}
	}
	return dirs
}

// npmInits reports npm init (create, innit) with no initializer named:
// the form that runs the init-module.
func npmInits(call *Call) bool {
	if call.Name != "npm" {
		return false
	}
	_, ops := ScanOptions(call.Args, npmSpec())
	if len(ops) == 0 {
		return false
	}
	switch call.Args[ops[0]].Value {
	case "init", "create", "innit":
		return len(ops) == 1
	}
	return false
}

// packageRoot is the directory of the nearest package.json at or above
// d that corral can read, or d itself.
func (w *walker) packageRoot(d Dir) Dir {
	if !d.Known {
		return d
	}
	for p := d.Path; ; {
		if _, ok := w.readScript(Dir{Path: strings.TrimSuffix(p, "/") + "/package.json", Known: true}); ok {
			return Dir{Path: p, Known: true}
		}
		if p == "/" || w.home != "" && p == w.home {
			return d
		}
		p = p[:strings.LastIndexByte(p, '/')]
		if p == "" {
			p = "/"
		}
	}
}

// iniSettings reads an npm-style ini file (key=value lines, ; and #
// comments) and hands each setting to add.
func (w *walker) iniSettings(d Dir, add func(key, val string)) {
	text, ok := w.readScript(d)
	if !ok {
		return
	}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == ';' || line[0] == '#' {
			continue
		}
		if k, v, ok := strings.Cut(line, "="); ok {
			add(k, v)
		}
	}
}

// yarnPath judges the JavaScript file yarn runs in its own place:
// yarnPath in .yarnrc.yml (yarn 2+), yarn-path in .yarnrc (yarn 1), in the
// working directory or above it.
func (w *walker) yarnPath(c scope, call *Call) {
	if !call.Dir.Known {
		return
	}
	for p := call.Dir.Path; ; {
		dir := Dir{Path: p, Known: true}
		for _, f := range []struct{ name, key string }{{".yarnrc.yml", "yarnPath"}, {".yarnrc", "yarn-path"}} {
			text, ok := w.readScript(dir.Join(f.name))
			if !ok {
				continue
			}
			for _, line := range strings.Split(text, "\n") {
				k, v, ok := strings.Cut(strings.TrimSpace(line), ":")
				if f.name == ".yarnrc" {
					k, v, ok = strings.Cut(strings.TrimSpace(line), " ")
				}
				if !ok || strings.TrimSpace(k) != f.key {
					continue
				}
				v = strings.Trim(strings.TrimSpace(v), `"'`)
				if v == "" {
					continue
				}
				if !strings.HasPrefix(v, "/") {
					v = dir.Join(v).Path
				}
				w.child(c, call, "node "+Quote(v), nil, "yarn "+f.key, false)
			}
		}
		if p == "/" || w.home != "" && p == w.home {
			return
		}
		p = p[:strings.LastIndexByte(p, '/')]
		if p == "" {
			p = "/"
		}
	}
}

// bunPreload judges the scripts bunfig.toml preloads (preload = [...],
// top level or under [run] or [test]) for bun run, bun test and bun FILE.
func (w *walker) bunPreload(c scope, call *Call) {
	var files []Dir
	if call.Dir.Known {
		files = append(files, call.Dir.Join("bunfig.toml"))
	}
	if home, _ := w.userHome(c, call, "preloads the scripts ~/.bunfig.toml names"); home != "" {
		files = append(files, Dir{Path: home + "/.bunfig.toml", Known: true})
	}
	for _, d := range files {
		text, ok := w.readScript(d)
		if !ok {
			continue
		}
		for _, line := range strings.Split(text, "\n") {
			k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
			if !ok || strings.TrimSpace(k) != "preload" {
				continue
			}
			for _, part := range strings.Split(strings.Trim(strings.TrimSpace(v), "[]"), ",") {
				p := strings.Trim(strings.TrimSpace(part), `"'`)
				if p == "" {
					continue
				}
				base := Dir{Path: d.Path[:strings.LastIndexByte(d.Path, '/')], Known: true}
				w.child(c, call, "node "+Quote(base.Join(p).Path), nil, "bun preload", false)
			}
		}
	}
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return "", false
}
