package syntax

import (
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// turbo run TASK… (turbo TASK…, turbo watch TASK…) runs, in each
// workspace package of the repository turbo.json is at the root of, the
// package.json script named TASK, through the package manager (npm run,
// pnpm run: with its pre and post scripts), and before it the tasks its
// turbo.json entry dependsOn ("^build" the packages' dependencies',
// "lint" the same package's, "pkg#x" that package's: every workspace's
// is read); a root task ("//#TASK") runs the root package.json's. The
// workspaces are the root package.json's "workspaces" and
// pnpm-workspace.yaml's "packages". --filter selects among them: all are
// read, the cautious side. Each script is judged as npm run's is.

// turboSpec is turbo's options (turbo run --help, 2.x) that take a
// value; --graph, --dry-run and --summarize take one only after "=".
var turboSpec = OptSpec{ShortVal: "F", LongEq: true,
	LongVal: []string{"filter", "cwd", "concurrency", "output-logs", "cache-dir", "log-order", "env-mode", "team",
		"token", "api", "login", "profile", "log-prefix", "cache", "ui", "heap", "trace", "anon-profile", "remote-cache-timeout",
		"affected-base", "global-deps", "scope", "since", "ignore", "cache-workers", "remote-cache-read-only", "root-turbo-json"},
	LongFlag: []string{"graph", "dry-run", "dry", "summarize", "continue", "parallel", "only", "no-cache", "no-daemon",
		"daemon", "force", "framework-inference", "single-package", "verbosity", "help", "version", "affected",
		"include-dependencies", "no-deps", "experimental-space-id", "skip-infer", "no-update-notifier", "color", "no-color"}}

// turboCommands are turbo's own commands other than run and watch: they
// run no task.
var turboCommands = lazy.Set{List: []string{"prune", "login", "logout", "link", "unlink", "gen", "generate", "daemon",
	"telemetry", "info", "ls", "query", "scan", "boundaries", "bin", "completion", "config", "devtools", "docs", "get-mfe-port"}}

// turboRun models turbo; it reports whether call was turbo.
func (w *walker) turboRun(c scope, call *Call) bool {
	if call.Name != "turbo" {
		return false
	}
	args := call.Args
	for i, a := range args {
		if a.Value == "--" {
			args = args[:i] // the words after it are the scripts' arguments
			break
		}
	}
	opts, ops := ScanOptions(args, turboSpec)
	dir := call.Dir
	for _, o := range opts {
		switch o.Name {
		case "dry-run", "dry", "graph", "help", "version":
			return true
		case "cwd":
			if o.HasVal && o.Val.Static {
				dir = call.Dir.Join(o.Val.Value)
			} else {
				dir = Dir{}
			}
		}
	}
	var tasks []Arg
	for k, i := range ops {
		a := args[i]
		if k == 0 && (a.Value == "run" || a.Value == "watch") {
			continue
		}
		if k == 0 && turboCommands.Has(a.Value) {
			return true
		}
		tasks = append(tasks, a)
	}
	if len(tasks) == 0 {
		return true
	}
	for _, t := range tasks {
		if !t.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: t.Raw,
				What: "turbo runs the package.json scripts named " + t.Raw + ", a task only known at run time"})
			return true
		}
	}
	if !dir.Known {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: strings.Join(call.Words(), " "),
			What: "turbo runs the package.json scripts of a repository only known at run time"})
		return true
	}
	path, text, found := w.findUp(dir, "turbo.json", "turbo.jsonc")
	if !found {
		return true // turbo refuses to run without one
	}
	root := Dir{Path: filepath.Dir(path), Known: true}
	names, rootNames := turboTasks(text, tasks)
	dirs := w.npmWorkspaceDirs(root)
	seen := map[string]bool{}
	for _, d := range dirs {
		seen[d.Path] = true
	}
	for _, d := range w.pnpmWorkspaceDirs(root) {
		if !seen[d.Path] {
			seen[d.Path] = true
			dirs = append(dirs, d)
		}
	}
	for _, d := range dirs {
		for _, n := range names {
			w.ownScripts(c, call, d, []string{"pre" + n, n, "post" + n}, "turbo run "+n)
		}
	}
	for _, n := range rootNames {
		w.ownScripts(c, call, root, []string{"pre" + n, n, "post" + n}, "turbo run //#"+n)
	}
	return true
}

// maxTurboTasks bounds the tasks one turbo command is read for.
const maxTurboTasks = 64

// turboTasks returns the package tasks the named ones run with what
// their turbo.json entries depend on (tasks, v2, or pipeline, v1), and
// the root tasks ("//#name") among them, each sorted.
func turboTasks(text string, named []Arg) (pkg, root []string) {
	var cfg struct {
		Tasks    map[string]struct{ DependsOn []string } `json:"tasks"`
		Pipeline map[string]struct{ DependsOn []string } `json:"pipeline"`
	}
	_ = json.Unmarshal([]byte(StripJSONC(text)), &cfg)
	entries := cfg.Tasks
	if entries == nil {
		entries = cfg.Pipeline
	}
	// deps of a task name: its own entry's and every "pkg#name" entry's.
	deps := map[string][]string{}
	for k, e := range entries {
		_, name, scoped := strings.Cut(k, "#")
		if !scoped {
			name = k
		}
		deps[name] = append(deps[name], e.DependsOn...)
	}
	seen := map[string]bool{}
	rootSeen := map[string]bool{}
	var queue []string
	for _, t := range named {
		queue = append(queue, t.Value)
	}
	for len(queue) > 0 && len(seen)+len(rootSeen) < maxTurboTasks {
		t := queue[0]
		queue = queue[1:]
		t = strings.TrimPrefix(t, "^")
		if r, ok := strings.CutPrefix(t, "//#"); ok {
			if !rootSeen[r] {
				rootSeen[r] = true
				queue = append(queue, deps[r]...)
			}
			continue
		}
		if _, name, scoped := strings.Cut(t, "#"); scoped {
			t = name
		}
		if t == "" || seen[t] {
			continue
		}
		seen[t] = true
		queue = append(queue, deps[t]...)
		if _, ok := entries["//#"+t]; ok {
			rootSeen[t] = true
		}
	}
	for t := range seen {
		pkg = append(pkg, t)
	}
	for t := range rootSeen {
		root = append(root, t)
	}
	sort.Strings(pkg)
	sort.Strings(root)
	return pkg, root
}

// pnpmWorkspaceDirs returns the workspace packages pnpm-workspace.yaml
// in root lists under packages: (a block list of globs, "!" ones left
// out), the directories matched that hold a package.json.
func (w *walker) pnpmWorkspaceDirs(root Dir) []Dir {
	text, ok := w.readScript(root.Join("pnpm-workspace.yaml"))
	if !ok {
		return nil
	}
	var globs []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if line[0] != ' ' && line[0] != '\t' && line[0] != '-' {
			in = strings.HasPrefix(t, "packages:")
			continue
		}
		g, item := strings.CutPrefix(t, "-")
		if !in || !item {
			continue
		}
		if g = strings.Trim(strings.TrimSpace(g), `"'`); g != "" {
			globs = append(globs, g)
		}
	}
	return w.workspaceDirs(root, globs)
}
