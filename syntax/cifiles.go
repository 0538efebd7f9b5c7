package syntax

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// CI pipelines run on this machine: act runs the jobs of
// .github/workflows/*.yml, each step's run: text with its shell (act
// usually starts a container, but with the project and the Docker
// socket mounted, or on this machine with -P …=-self-hosted, so the
// steps are judged as run here); gitlab-runner exec and gitlab-ci-local
// run the script:, before_script: and after_script: of .gitlab-ci.yml's
// jobs. The YAML is read by lines and indentation, for these keys only:
// a plain, quoted or block (| >) scalar, a list of them, or a flow list;
// anything else there (an alias, a !reference) is only known when the
// runner reads it, and asks by its rule words.

// ciCommand is one command text of a pipeline file: the keys above it
// (list items as "-LINE"), its line, the list item that holds it, and
// whether it was read.
type ciCommand struct {
	path  []string
	key   string
	text  string
	line  int
	item  string
	known bool
}

// ciKeyValues are other keys of the pipeline read per list item: the
// value of key under item.
type ciKeyValue struct {
	item, key, val string
}

// maxCICommands bounds the commands read from one pipeline file.
const maxCICommands = 512

// ciCommands reads the values of keys in a YAML pipeline file, and the
// plain values of the keys in also (a step's shell:, uses:,
// working-directory:), by the list item they belong to.
func ciCommands(text string, keys, also []string) ([]ciCommand, []ciKeyValue) {
	type entry struct {
		indent int
		key    string
	}
	var stack []entry
	var out []ciCommand
	var vals []ciKeyValue
	lines := strings.Split(text, "\n")
	parentItem := func() string {
		for i := len(stack) - 1; i >= 0; i-- {
			if strings.HasPrefix(stack[i].key, "-") {
				return stack[i].key
			}
		}
		return ""
	}
	pathOf := func() []string {
		p := make([]string, len(stack))
		for i, e := range stack {
			p[i] = e.key
		}
		return p
	}
	for i := 0; i < len(lines) && len(out) < maxCICommands; i++ {
		raw := strings.TrimRight(lines[i], " \t\r")
		t := strings.TrimLeft(raw, " ")
		if t == "" || strings.HasPrefix(t, "#") || t == "---" {
			continue
		}
		in := len(raw) - len(t)
		for len(stack) > 0 && stack[len(stack)-1].indent >= in {
			stack = stack[:len(stack)-1]
		}
		for strings.HasPrefix(t, "- ") || t == "-" {
			stack = append(stack, entry{in, "-" + strconv.Itoa(i+1)})
			rest := strings.TrimLeft(strings.TrimPrefix(t, "-"), " ")
			in += len(t) - len(rest)
			t = rest
		}
		key, val, ok := strings.Cut(t, ":")
		if !ok || key == "" || strings.ContainsAny(key, " \t\"'{[") && !(key[0] == '"' || key[0] == '\'') ||
			val != "" && val[0] != ' ' && val[0] != '\t' {
			continue
		}
		key = yamlUnquote(key)
		val = strings.TrimSpace(val)
		if val != "" && (val[0] == '"' || val[0] == '\'') {
			if j := strings.LastIndexByte(val, val[0]); j > 0 {
				val = val[:j+1]
			}
		} else if j := strings.Index(val, " #"); j >= 0 {
			val = strings.TrimSpace(val[:j])
		}
		if slices.Contains(also, key) {
			vals = append(vals, ciKeyValue{parentItem(), key, yamlUnquote(val)})
		}
		if !slices.Contains(keys, key) {
			if val == "" || strings.HasPrefix(val, "&") && !strings.Contains(val, " ") {
				stack = append(stack, entry{in, key})
			}
			continue
		}
		cmd := ciCommand{path: pathOf(), key: key, line: i + 1, item: parentItem()}
		if strings.HasPrefix(val, "&") {
			_, val, _ = strings.Cut(val, " ") // an anchor: the value after it
			val = strings.TrimSpace(val)
		}
		switch {
		case strings.HasPrefix(val, "|") || strings.HasPrefix(val, ">"):
			cmd.text, i = taskScalar(val, lines, i, in)
			cmd.known = true
			out = append(out, cmd)
		case val == "":
			// A block list: its items, at the key's indentation or more.
			for i+1 < len(lines) {
				next := strings.TrimRight(lines[i+1], " \t\r")
				nt := strings.TrimLeft(next, " ")
				if nt == "" || strings.HasPrefix(nt, "#") {
					i++
					continue
				}
				nin := len(next) - len(nt)
				if nin < in || !strings.HasPrefix(nt, "- ") && nt != "-" {
					break
				}
				i++
				item := strings.TrimSpace(strings.TrimPrefix(nt, "-"))
				c := cmd
				c.line = i + 1
				if strings.HasPrefix(item, "|") || strings.HasPrefix(item, ">") {
					c.text, i = taskScalar(item, lines, i, nin)
					c.known = true
				} else {
					c.text, c.known = item, ciPlain(item)
					if c.known {
						c.text = yamlUnquote(item)
					}
				}
				out = append(out, c)
			}
		case strings.HasPrefix(val, "["):
			for _, v := range yamlList(val) {
				c := cmd
				c.text, c.known = v, true
				out = append(out, c)
			}
		default:
			cmd.text, cmd.known = val, ciPlain(val)
			if cmd.known {
				cmd.text = yamlUnquote(val)
			}
			out = append(out, cmd)
		}
	}
	return out, vals
}

// ciPlain reports a YAML scalar this reader takes as text: not an alias
// (*name), a tag (!reference […]) or a mapping.
func ciPlain(v string) bool {
	return v != "" && !strings.HasPrefix(v, "*") && !strings.HasPrefix(v, "!") && !strings.HasPrefix(v, "{")
}

// yamlFiles returns the *.yml and *.yaml files of dir, on disk or
// written by this command, sorted.
func (w *walker) yamlFiles(dir Dir) []string {
	var out []string
	for _, pat := range []string{"*.yml", "*.yaml"} {
		for _, m := range w.globNames(dir, pat) {
			out = append(out, dir.Join(m).Path)
		}
	}
	for p := range w.written {
		if filepath.Dir(p) == dir.Path && (strings.HasSuffix(p, ".yml") || strings.HasSuffix(p, ".yaml")) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// actRun models act [EVENT] [-j JOB] [-W PATH] [-C DIR]: every run: step
// of the jobs act plans (the job -j names only, whatever event triggers
// it, as act's PlanJob; else the workflows whose on: holds the event,
// push when none is given, as act's PlanEvent), in the step's
// working-directory, with its shell: a python step is Python code;
// another program's text asks by its rule words. A step that uses a
// local action (uses: ./DIR) runs its action.yml's run: steps. act -l,
// -n, -g, --help and --version run nothing. A workflow whose on: this
// reader cannot read, --detect-event (act picks the first event it
// finds), and an option it does not know (whose value may be the word
// taken for the event) count every workflow.
func (w *walker) actRun(c scope, call *Call) {
	dir := call.Dir
	wf, job := "", ""
	args := call.Args
	var events []string // the words that may be the event
	anyEvent := false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		val := ""
		if i+1 < len(args) {
			val = args[i+1].Value
		}
		name, _, eq := strings.Cut(v, "=")
		switch {
		case v == "-l" || v == "--list" || v == "-n" || v == "--dryrun" || v == "-g" || v == "--graph" ||
			v == "-h" || v == "--help" || v == "--version" || v == "--validate":
			return
		case v == "-W" || v == "--workflows":
			wf = val
			i++
		case v == "-j" || v == "--job":
			job = val
			i++
		case v == "-C" || v == "--directory":
			dir = dir.Join(val)
			i++
		case strings.HasPrefix(v, "--workflows="):
			wf = strings.TrimPrefix(v, "--workflows=")
		case strings.HasPrefix(v, "--job="):
			job = strings.TrimPrefix(v, "--job=")
		case strings.HasPrefix(v, "--directory="):
			dir = dir.Join(strings.TrimPrefix(v, "--directory="))
		case v == "--detect-event" || !args[i].Static:
			anyEvent = true
		case strings.HasPrefix(v, "-") && actValueOpts.Get()[name]:
			if !eq {
				i++
			}
		case strings.HasPrefix(v, "-") && len(v) > 1:
			if !actFlags.Get()[name] {
				anyEvent = true
			}
		default:
			events = append(events, v)
		}
	}
	if !dir.Known {
		return
	}
	if len(events) == 0 {
		events = []string{"push"}
	}
	var files []string
	switch d := dir.Join(wf); {
	case wf == "":
		files = w.yamlFiles(dir.Join(".github/workflows"))
	case w.isDir(d):
		files = w.yamlFiles(d)
	default:
		files = []string{d.Path}
	}
	for _, f := range files {
		text, ok := w.readScript(Dir{Path: f, Known: true})
		if !ok {
			continue
		}
		if job == "" && !anyEvent {
			on, known := workflowEvents(text)
			if known && !slices.ContainsFunc(events, func(e string) bool { return slices.Contains(on, e) }) {
				continue // act plans no job of this workflow for the event
			}
		}
		cmds, vals := ciCommands(text, []string{"run"}, []string{"shell", "working-directory", "uses"})
		var sel []ciCommand
		for _, cm := range cmds {
			if len(cm.path) >= 3 && cm.path[0] == "jobs" && (job == "" || cm.path[1] == job) && cm.path[2] == "steps" {
				sel = append(sel, cm)
			}
		}
		name, _ := filepath.Rel(dir.Path, f)
		w.ciSteps(c, call, dir, name, sel, vals)
		for _, v := range vals {
			if v.key == "uses" && strings.HasPrefix(v.val, "./") {
				w.localAction(c, call, dir, v.val)
			}
		}
	}
}

// actValueOpts are act's options that take a value (the next word
// unless written --name=value); actFlags those that take none.
var actValueOpts = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"-a": true, "--actor": true, "--artifact-server-addr": true, "--artifact-server-path": true,
		"--artifact-server-port": true, "--cache-server-addr": true, "--cache-server-path": true, "--cache-server-port": true,
		"--cache-server-external-url": true, "--container-architecture": true, "--container-cap-add": true,
		"--container-cap-drop": true, "--container-daemon-socket": true, "--container-options": true, "--defaultbranch": true,
		"--env": true, "--env-file": true, "-e": true, "--eventpath": true, "--github-instance": true, "--input": true,
		"--input-file": true, "--local-repository": true, "--matrix": true, "--network": true, "-P": true, "--platform": true,
		"--remote-name": true, "-s": true, "--secret": true, "--secret-file": true, "--userns": true, "--var": true,
		"--var-file": true, "--action-cache-path": true, "--concurrent-jobs": true}
}}

var actFlags = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"-b": true, "--bind": true, "-v": true, "--verbose": true, "-q": true, "--quiet": true,
		"-r": true, "--reuse": true, "--privileged": true, "--insecure-secrets": true, "--no-recurse": true,
		"--no-skip-checkout": true, "--use-gitignore": true, "--use-new-action-cache": true, "--action-offline-mode": true,
		"--json": true, "--pull": true, "--rebuild": true, "--strict": true, "--no-cache-server": true, "-w": true,
		"--watch": true, "--log-prefix-job-id": true, "-p": true}
}}

// workflowEvents reads the events of a workflow's top-level on: key —
// a name, a flow list ([push, pull_request]), a block list, or a
// mapping of names (push:, with their filters below) — and whether it
// could; a workflow with none cannot run.
func workflowEvents(text string) ([]string, bool) {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		key, rest, ok := strings.Cut(l, ":")
		if !ok || strings.Trim(key, `"'`) != "on" || key != strings.TrimSpace(key) || strings.HasPrefix(key, " ") {
			continue
		}
		if j := strings.Index(rest, " #"); j >= 0 {
			rest = rest[:j]
		}
		rest = strings.TrimSpace(rest)
		if rest != "" {
			if strings.HasPrefix(rest, "[") && strings.HasSuffix(rest, "]") {
				var out []string
				for _, e := range strings.Split(rest[1:len(rest)-1], ",") {
					out = append(out, strings.Trim(strings.TrimSpace(e), `"'`))
				}
				return out, true
			}
			if strings.ContainsAny(rest, "{&*!|>") {
				return nil, false
			}
			return []string{strings.Trim(rest, `"'`)}, true
		}
		// A block: the names at the first indentation below on:.
		var out []string
		indent := -1
		for _, b := range lines[i+1:] {
			t := strings.TrimSpace(b)
			if t == "" || strings.HasPrefix(t, "#") {
				continue
			}
			n := len(b) - len(strings.TrimLeft(b, " "))
			if n == 0 {
				break
			}
			if indent < 0 {
				indent = n
			}
			if n > indent {
				continue
			}
			if n < indent {
				return nil, false
			}
			if item, ok := strings.CutPrefix(t, "- "); ok {
				out = append(out, strings.Trim(strings.TrimSpace(item), `"'`))
				continue
			}
			name, _, ok := strings.Cut(t, ":")
			if !ok || strings.ContainsAny(name, "{[&*!") {
				return nil, false
			}
			out = append(out, strings.Trim(strings.TrimSpace(name), `"'`))
		}
		return out, len(out) > 0
	}
	return nil, false
}

// localAction runs the run: steps of a composite action of the project
// (uses: ./DIR: DIR/action.yml or action.yaml).
func (w *walker) localAction(c scope, call *Call, dir Dir, uses string) {
	for _, n := range []string{"action.yml", "action.yaml"} {
		d := dir.Join(uses).Join(n)
		text, ok := w.readScript(d)
		if !ok {
			continue
		}
		cmds, vals := ciCommands(text, []string{"run"}, []string{"shell", "working-directory"})
		name, _ := filepath.Rel(dir.Path, d.Path)
		w.ciSteps(c, call, dir, name, cmds, vals)
		return
	}
}

// ciSteps runs the run: texts of workflow steps in their shells.
func (w *walker) ciSteps(c scope, call *Call, dir Dir, file string, cmds []ciCommand, vals []ciKeyValue) {
	for _, cm := range cmds {
		shell, wd := "", ""
		for _, v := range vals {
			if v.item == cm.item && cm.item != "" {
				switch v.key {
				case "shell":
					shell = v.val
				case "working-directory":
					wd = v.val
				}
			}
		}
		where := file + " run (line " + strconv.Itoa(cm.line) + ")"
		if !cm.known {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: cm.text,
				What: where + " is a value corral cannot read"})
			continue
		}
		runDir := dir
		if wd != "" && !strings.Contains(wd, "${{") {
			runDir = dir.Join(wd)
		}
		prog, _, _ := strings.Cut(shell, " ")
		text := cm.text
		exprs := strings.Contains(text, "${{")
		switch {
		case prog == "" || IsShell(prog):
			if exprs {
				// The lines with an expression are known only when act
				// runs (they ask by their rule words); the rest is read
				// with each expression as a plain word.
				var lines []string
				for _, l := range strings.Split(text, "\n") {
					if strings.Contains(l, "${{") {
						lines = append(lines, strings.TrimSpace(l))
					}
				}
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: strings.Join(lines, "\n"),
					What: where + " holds values only known when act runs, so its commands are only known then"})
				text = ghExpr.Get().ReplaceAllString(text, "gh-expr")
			}
			w.runTaskText(c, call, runDir, text, where, false)
		case strings.HasPrefix(prog, "python") && !exprs:
			w.runTaskText(c, call, runDir, "python3 -c "+shellQuote(text), where, false)
		default:
			w.runTaskText(c, call, runDir, text, where+" ("+prog+")", true)
		}
	}
}

// ghExpr matches a GitHub Actions expression, ${{ … }}.
var ghExpr = lazy.Regexp{Expr: `\$\{\{.*?\}\}`}

// gitlabReserved are .gitlab-ci.yml's top-level keys that are not jobs.
var gitlabReserved = []string{"stages", "variables", "include", "workflow", "default", "image", "services", "cache",
	"before_script", "after_script", "spec"}

// gitlabRun models gitlab-runner exec EXECUTOR JOB and gitlab-ci-local
// [JOB…] (all jobs when none is named): the script:, before_script: and
// after_script: of the jobs (and of the hidden jobs, .NAME, they may
// extend), and the default ones, from .gitlab-ci.yml (gitlab-ci-local
// --file FILE, --cwd DIR). gitlab-ci-local --list, --preview, --help and
// --version run nothing.
func (w *walker) gitlabRun(c scope, call *Call) {
	dir := call.Dir
	file := ".gitlab-ci.yml"
	var jobs []string
	args := call.Args
	if call.Name == "gitlab-runner" {
		// gitlab-runner exec EXECUTOR JOB (removed in 16.x, still in use).
		var ops []string
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") {
				ops = append(ops, a.Value)
			}
		}
		if len(ops) < 3 || ops[0] != "exec" {
			return
		}
		jobs = ops[2:3]
	} else {
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			switch {
			case v == "--list" || v == "--list-all" || v == "--list-json" || v == "--list-csv" || v == "--preview" ||
				v == "-h" || v == "--help" || v == "--version" || v == "--completion":
				return
			case v == "--file" && i+1 < len(args):
				file = args[i+1].Value
				i++
			case v == "--cwd" && i+1 < len(args):
				dir = dir.Join(args[i+1].Value)
				i++
			case strings.HasPrefix(v, "--file="):
				file = strings.TrimPrefix(v, "--file=")
			case strings.HasPrefix(v, "--cwd="):
				dir = dir.Join(strings.TrimPrefix(v, "--cwd="))
			case (v == "--variable" || v == "--job" || v == "--stage" || v == "--home-dir" || v == "--state-dir") && i+1 < len(args):
				if v == "--job" {
					jobs = append(jobs, args[i+1].Value)
				}
				i++
			case strings.HasPrefix(v, "-"):
			default:
				jobs = append(jobs, v)
			}
		}
	}
	d := dir.Join(file)
	text, ok := w.readScript(d)
	if !ok {
		return
	}
	cmds, _ := ciCommands(text, []string{"script", "before_script", "after_script"}, nil)
	for _, cm := range cmds {
		var job string
		switch {
		case len(cm.path) == 0:
		case cm.path[0] == "default" && len(cm.path) == 1:
		case slices.Contains(gitlabReserved, cm.path[0]) || len(cm.path) != 1:
			continue
		default:
			job = cm.path[0]
		}
		if job != "" && len(jobs) > 0 && !slices.Contains(jobs, job) && !strings.HasPrefix(job, ".") {
			continue
		}
		where := file + " " + cm.key + " (line " + strconv.Itoa(cm.line) + ")"
		if !cm.known {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: cm.text,
				What: where + " is a value corral cannot read"})
			continue
		}
		w.runTaskText(c, call, dir, cm.text, where, false)
	}
}
