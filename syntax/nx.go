package syntax

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Nx runs a project's targets (red team 14 NP1): nx run PROJECT:TARGET
// [:CONFIG], nx TARGET [PROJECT] (the infix form), nx run-many -t T…
// and nx affected -t T… (every project with the target). A target is
// defined in the project's project.json "targets" (or package.json's
// "nx": {"targets"}) — a "command" (shorthand) or nx:run-commands'
// options.command / options.commands run as shell text in
// options.cwd (the workspace root by default), nx:run-script's
// options.script the package.json script —, or inferred from a
// package.json script of that name. The targets a target dependsOn (its
// own project's, "^T" read as T of the same project too) run first.

// nxTarget is one target of a project.
type nxTarget struct {
	Command   string          `json:"command"`
	Executor  string          `json:"executor"`
	Options   json.RawMessage `json:"options"`
	DependsOn []any           `json:"dependsOn"`
}

// nxProject is a project nx finds: its name, directory and targets, and
// its package.json scripts.
type nxProject struct {
	name    string
	dir     Dir
	targets map[string]nxTarget
	scripts bool // has a package.json
	named   bool // named by its project.json
}

// nxVerbs are nx's commands that are not a target (nx --help).
var nxVerbs = lazy.Set{List: []string{"add", "affected", "connect", "daemon", "graph", "exec", "format", "format:check",
	"format:write", "generate", "g", "import", "init", "list", "migrate", "new", "release", "repair", "report",
	"reset", "run-many", "show", "sync", "sync:check", "view-logs", "watch", "login", "logout", "help", "mcp"}}

// nxSpec is nx's options that take a value (nx run --help; yargs reads
// --name=value too).
var nxSpec = OptSpec{ShortVal: "tpc", LongEq: true, LongVal: []string{"targets", "target", "projects", "project",
	"configuration", "exclude", "parallel", "base", "head", "files", "output-style", "runner", "nxBail"}}

// nxRun models an nx call.
func (w *walker) nxRun(c scope, call *Call) {
	opts, ops := ScanOptions(call.Args, nxSpec)
	if len(ops) == 0 {
		return
	}
	first := call.Args[ops[0]]
	if !first.Static {
		return
	}
	var project, targets []string
	all := false
	switch v := first.Value; {
	case v == "run":
		if len(ops) < 2 || !call.Args[ops[1]].Static {
			return
		}
		p, t, found := strings.Cut(call.Args[ops[1]].Value, ":")
		if !found {
			targets = []string{p}
		} else {
			t, _, _ = strings.Cut(t, ":")
			project, targets = []string{p}, []string{t}
		}
	case v == "run-many" || v == "affected":
		all = true
		for _, o := range opts {
			if (o.Name == "t" || o.Name == "targets" || o.Name == "target") && o.HasVal && o.Val.Static {
				targets = append(targets, strings.Split(o.Val.Value, ",")...)
			}
		}
		for _, o := range opts {
			if (o.Name == "p" || o.Name == "projects") && o.HasVal && o.Val.Static {
				project, all = append(project, strings.Split(o.Val.Value, ",")...), false
			}
		}
	case strings.HasPrefix(v, "-") || nxVerbs.Has(v):
		return
	default:
		// nx TARGET [PROJECT]; nx PROJECT:TARGET.
		if p, t, found := strings.Cut(v, ":"); found {
			t, _, _ = strings.Cut(t, ":")
			project, targets = []string{p}, []string{t}
		} else {
			targets = []string{v}
			if len(ops) > 1 && call.Args[ops[1]].Static {
				project = []string{call.Args[ops[1]].Value}
			}
		}
	}
	if len(targets) == 0 {
		return
	}
	root := call.Dir
	if p, _, ok := w.findUp(call.Dir, "nx.json"); ok {
		root = Dir{Path: filepath.Dir(p), Known: true}
	}
	projects := w.nxProjects(root)
	for _, pr := range projects {
		if !all && len(project) > 0 && !slices.Contains(project, pr.name) {
			continue
		}
		if !all && len(project) == 0 && pr.dir.Path != call.Dir.Path && pr.dir.Path != root.Path {
			continue // nx TARGET: the project of the working directory
		}
		for _, t := range targets {
			w.nxTarget(c, call, root, pr, t, map[string]bool{})
		}
	}
}

// nxTarget judges target name of project pr and the targets it depends on.
func (w *walker) nxTarget(c scope, call *Call, root Dir, pr nxProject, name string, seen map[string]bool) {
	if seen[name] || len(seen) > 16 {
		return
	}
	seen[name] = true
	t, ok := pr.targets[name]
	if !ok {
		if pr.scripts {
			w.ownScripts(c, call, pr.dir, []string{"pre" + name, name, "post" + name}, "nx "+pr.name+":"+name)
		}
		return
	}
	for _, d := range t.DependsOn {
		var dep string
		switch v := d.(type) {
		case string:
			dep = v
		case map[string]any:
			dep, _ = v["target"].(string)
		}
		dep = strings.TrimPrefix(dep, "^")
		if dep != "" {
			w.nxTarget(c, call, root, pr, dep, seen)
		}
	}
	var o struct {
		Command  string            `json:"command"`
		Commands []json.RawMessage `json:"commands"`
		Cwd      string            `json:"cwd"`
		Script   string            `json:"script"`
	}
	if len(t.Options) > 0 {
		_ = json.Unmarshal(t.Options, &o)
	}
	where := w.projectRel(filepath.Join(pr.dir.Path, "project.json")) + " targets." + name
	if strings.HasSuffix(t.Executor, ":run-script") && o.Script != "" {
		w.ownScripts(c, call, pr.dir, []string{"pre" + o.Script, o.Script, "post" + o.Script}, "nx "+pr.name+":"+name)
		return
	}
	dir := root
	if o.Cwd != "" {
		dir = root.Join(o.Cwd)
	}
	texts := []string{t.Command, o.Command}
	for _, raw := range o.Commands {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			var obj struct {
				Command string `json:"command"`
			}
			_ = json.Unmarshal(raw, &obj)
			s = obj.Command
		}
		texts = append(texts, s)
	}
	for _, text := range texts {
		text = strings.NewReplacer("{workspaceRoot}", root.Path, "{projectRoot}", pr.dir.Path).Replace(text)
		w.runTaskText(c, call, dir, text, where, strings.Contains(text, "{args."))
	}
}

// nxProjects returns the projects of the workspace at root: the root's
// and those of project.json and package.json files one and two levels
// down (apps/x, libs/x, packages/x), sorted by directory.
func (w *walker) nxProjects(root Dir) []nxProject {
	byDir := map[string]*nxProject{}
	var dirs []string
	add := func(d Dir) *nxProject {
		if p := byDir[d.Path]; p != nil {
			return p
		}
		p := &nxProject{name: filepath.Base(d.Path), dir: d, targets: map[string]nxTarget{}}
		byDir[d.Path] = p
		dirs = append(dirs, d.Path)
		return p
	}
	var files []string
	for _, pat := range []string{"project.json", "package.json", "*/project.json", "*/package.json",
		"*/*/project.json", "*/*/package.json"} {
		if !strings.Contains(pat, "*") {
			files = append(files, pat)
			continue
		}
		for _, m := range w.globNames(root, pat) {
			if !strings.Contains(m, "node_modules") {
				files = append(files, m)
			}
		}
	}
	// And those this command wrote (mkdir -p apps/web && echo … >
	// apps/web/project.json && nx build web).
	var wrote []string
	for p := range w.written {
		rel, err := filepath.Rel(root.Path, p)
		base := filepath.Base(rel)
		if err != nil || strings.HasPrefix(rel, "..") || strings.Count(rel, "/") > 2 ||
			base != "project.json" && base != "package.json" || slices.Contains(files, rel) {
			continue
		}
		wrote = append(wrote, rel)
	}
	sort.Strings(wrote)
	files = append(files, wrote...)
	if len(files) > maxScriptMatches {
		files = files[:maxScriptMatches]
		w.m.Truncated = true
	}
	for _, f := range files {
		d := root.Join(filepath.Dir(f))
		text, ok := w.readScript(root.Join(f))
		if !ok {
			continue
		}
		var j struct {
			Name    string              `json:"name"`
			Targets map[string]nxTarget `json:"targets"`
			Nx      struct {
				Targets map[string]nxTarget `json:"targets"`
			} `json:"nx"`
			Scripts map[string]json.RawMessage `json:"scripts"`
		}
		if json.Unmarshal([]byte(text), &j) != nil {
			continue
		}
		p := add(d)
		if j.Name != "" && !p.named {
			// project.json's name wins over package.json's.
			p.name, p.named = j.Name, filepath.Base(f) == "project.json"
		}
		for k, v := range j.Targets {
			p.targets[k] = v
		}
		for k, v := range j.Nx.Targets {
			if _, ok := p.targets[k]; !ok {
				p.targets[k] = v
			}
		}
		if filepath.Base(f) == "package.json" {
			p.scripts = true
		}
	}
	sort.Strings(dirs)
	out := make([]nxProject, 0, len(dirs))
	for _, d := range dirs {
		out = append(out, *byDir[d])
	}
	return out
}
