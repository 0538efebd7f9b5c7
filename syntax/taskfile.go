package syntax

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// go-task's Taskfile.yml and mise's tasks are two more runners of text the
// project holds: task NAME… (default: the task named default) runs the
// cmds of each task and of its deps and task: calls, from Taskfile.yml,
// Taskfile.yaml, taskfile.yml or taskfile.yaml in the working directory
// or above (-t/--taskfile FILE, -d/--dir DIR); mise run NAME (mise NAME
// is not taken: it can be a mise command) runs [tasks.NAME]'s run (a
// string or a list) from mise.toml, .mise.toml or mise/config.toml, and
// its depends, or a file task (mise-tasks/NAME, .mise/tasks/NAME,
// .config/mise/tasks/NAME, mise/tasks/NAME), read as a script. A command
// with a template ({{.VAR}}, {{arg "x"}}) is only known when the runner
// runs it, and asks when it names a risky command (runTaskText).

// maxTaskDepth bounds the tasks followed through deps and task calls.
const maxTaskDepth = 16

// yamlTask is one task of a Taskfile: its commands (with their lines),
// and the tasks it runs first (deps) or in its commands (task: NAME).
type yamlTask struct {
	cmds  []taskLine
	deps  []string
	calls []string
}

type taskLine struct {
	text string
	line int
}

// taskfileTasks reads the tasks: of a Taskfile.yml, by indentation: each
// task's cmds (a list of strings, - cmd: …, - task: …, block scalars | and
// >), a cmd: string, deps (a flow list or a block list, - task: …), and
// the short form NAME: COMMAND or NAME: [COMMANDS].
func taskfileTasks(text string) map[string]*yamlTask {
	lines := strings.Split(text, "\n")
	tasks := map[string]*yamlTask{}
	indent := func(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }
	inTasks, taskIndent := false, -1
	var cur *yamlTask
	section, sectionIndent := "", -1
	for i := 0; i < len(lines); i++ {
		raw := strings.TrimRight(lines[i], "\r")
		t := strings.TrimSpace(raw)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		in := indent(raw)
		if in == 0 {
			inTasks = t == "tasks:"
			cur, taskIndent = nil, -1
			continue
		}
		if !inTasks {
			continue
		}
		if taskIndent < 0 {
			taskIndent = in
		}
		if in == taskIndent {
			name, rest, ok := strings.Cut(t, ":")
			if !ok {
				continue
			}
			name = strings.Trim(name, `"'`)
			cur = &yamlTask{}
			tasks[name] = cur
			section, sectionIndent = "", -1
			if v := strings.TrimSpace(rest); v != "" {
				// NAME: COMMAND, NAME: [A, B].
				for _, c := range yamlList(v) {
					cur.cmds = append(cur.cmds, taskLine{c, i + 1})
				}
			}
			continue
		}
		if cur == nil {
			continue
		}
		if sectionIndent >= 0 && in <= sectionIndent && !strings.HasPrefix(t, "- ") {
			section = ""
		}
		if key, val, ok := strings.Cut(t, ":"); ok && !strings.HasPrefix(t, "- ") && !strings.ContainsAny(key, " \"'{") {
			val = strings.TrimSpace(val)
			switch key {
			case "cmds", "deps":
				section, sectionIndent = key, in
				for _, v := range yamlList(val) {
					if key == "deps" {
						cur.deps = append(cur.deps, v)
					} else {
						cur.cmds = append(cur.cmds, taskLine{v, i + 1})
					}
				}
			case "cmd":
				v, next := taskScalar(val, lines, i, in)
				cur.cmds = append(cur.cmds, taskLine{v, i + 1})
				i = next
			case "task":
				cur.calls = append(cur.calls, yamlUnquote(val))
			}
			continue
		}
		if strings.HasPrefix(t, "- ") && section != "" {
			item := strings.TrimSpace(t[2:])
			switch {
			case strings.HasPrefix(item, "task:"):
				name := yamlUnquote(strings.TrimSpace(strings.TrimPrefix(item, "task:")))
				if section == "deps" {
					cur.deps = append(cur.deps, name)
				} else {
					cur.calls = append(cur.calls, name)
				}
			case strings.HasPrefix(item, "cmd:"):
				v, next := taskScalar(strings.TrimSpace(strings.TrimPrefix(item, "cmd:")), lines, i, in+2)
				cur.cmds = append(cur.cmds, taskLine{v, i + 1})
				i = next
			case section == "deps":
				cur.deps = append(cur.deps, yamlUnquote(item))
			case strings.Contains(item, ": ") && !strings.HasPrefix(item, `"`) && !strings.HasPrefix(item, "'") && !strings.HasPrefix(item, "|") && !strings.HasPrefix(item, ">"):
				// - defer: …, - for: …: not a command of this reader.
			default:
				v, next := taskScalar(item, lines, i, in)
				cur.cmds = append(cur.cmds, taskLine{v, i + 1})
				i = next
			}
		}
	}
	return tasks
}

// taskScalar reads a scalar that starts on line i: a block scalar (| or >,
// its lines indented past indent), a quoted or plain string. It returns
// the text and the last line it took.
func taskScalar(v string, lines []string, i, indent int) (string, int) {
	if strings.HasPrefix(v, "|") || strings.HasPrefix(v, ">") {
		var body []string
		j := i + 1
		for ; j < len(lines); j++ {
			l := strings.TrimRight(lines[j], "\r")
			if strings.TrimSpace(l) != "" && len(l)-len(strings.TrimLeft(l, " ")) <= indent {
				break
			}
			body = append(body, strings.TrimSpace(l))
		}
		sep := "\n"
		if strings.HasPrefix(v, ">") {
			sep = " "
		}
		return strings.Join(body, sep), j - 1
	}
	return yamlUnquote(v), i
}

// yamlUnquote removes a scalar's quotes ("…" with its escapes, '…' with
// two single quotes for one).
func yamlUnquote(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		return strings.NewReplacer(`\"`, `"`, `\\`, `\`, `\n`, "\n", `\t`, "\t").Replace(v[1 : len(v)-1])
	}
	if len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'' {
		return strings.ReplaceAll(v[1:len(v)-1], "''", "'")
	}
	if i := strings.Index(v, " #"); i >= 0 {
		v = strings.TrimSpace(v[:i])
	}
	return v
}

// yamlList reads a flow list [a, "b c"] or a single scalar.
func yamlList(v string) []string {
	v = strings.TrimSpace(v)
	if !strings.HasPrefix(v, "[") {
		if v == "" {
			return nil
		}
		return []string{yamlUnquote(v)}
	}
	v = strings.TrimSuffix(strings.TrimPrefix(v, "["), "]")
	var out []string
	for _, part := range splitFlow(v) {
		if p := yamlUnquote(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// splitFlow splits a flow list's items on commas outside quotes.
func splitFlow(v string) []string {
	var out []string
	var q byte
	start := 0
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		case c == ',':
			out = append(out, v[start:i])
			start = i + 1
		}
	}
	return append(out, v[start:])
}

// taskRunFile models task [NAME…]: see the top of this file.
func (w *walker) taskRunFile(c scope, call *Call) {
	dir := call.Dir
	file := ""
	var names []string
	for i := 0; i < len(call.Args); i++ {
		v := call.Args[i].Value
		switch {
		case v == "--":
			i = len(call.Args)
		case v == "-t" || v == "--taskfile" || v == "-d" || v == "--dir":
			if i+1 < len(call.Args) {
				if v == "-d" || v == "--dir" {
					dir = w.dirWord(dir, call.Args[i+1]) // dirword.go
				} else {
					file = call.Args[i+1].Value
				}
				i++
			}
		case strings.HasPrefix(v, "--taskfile="):
			file = strings.TrimPrefix(v, "--taskfile=")
		case strings.HasPrefix(v, "--dir="):
			dir = dir.Join(strings.TrimPrefix(v, "--dir="))
		case v == "-l" || v == "--list" || v == "-a" || v == "--list-all" || v == "--init" || v == "-i" || v == "--version" ||
			v == "-h" || v == "--help" || v == "-n" || v == "--dry" || v == "--summary":
			return
		case strings.HasPrefix(v, "-"):
		case strings.Contains(v, "="):
			// VAR=value: a variable for the tasks.
		default:
			names = append(names, v)
		}
	}
	if len(names) == 0 {
		names = []string{"default"}
	}
	var path, text string
	var ok bool
	known := false
	if dir, known = w.taskDir(call, dir, file, "its Taskfile"); !known {
		return
	}
	if file != "" {
		d := dir.Join(file)
		text, ok = w.readScript(d)
		path = d.Path
	} else {
		path, text, ok = w.findUp(dir, "Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml")
	}
	if !ok {
		return
	}
	tasks := taskfileTasks(text)
	runDir := Dir{Path: filepath.Dir(path), Known: true}
	seen := map[string]bool{}
	var run func(name string, depth int)
	run = func(name string, depth int) {
		t, ok := tasks[name]
		if !ok || seen[name] || depth > maxTaskDepth {
			return
		}
		seen[name] = true
		for _, d := range t.deps {
			run(d, depth+1)
		}
		for _, l := range t.cmds {
			w.runTaskText(c, call, runDir, l.text, fmt.Sprintf("%s:%d (task %s)", filepath.Base(path), l.line, name), strings.Contains(l.text, "{{"))
		}
		for _, n := range t.calls {
			run(n, depth+1)
		}
	}
	for _, n := range names {
		run(n, 0)
	}
}

// miseRun models mise run NAME… (mise r): see the top of this file.
func (w *walker) miseRun(c scope, call *Call) {
	names, dir, ok := w.miseTaskNames(call)
	if !ok {
		return
	}
	path, text, ok := w.findUp(dir, "mise.toml", ".mise.toml", "mise/config.toml")
	root := dir
	if ok {
		root = Dir{Path: filepath.Dir(path), Known: true}
		if filepath.Base(filepath.Dir(path)) == "mise" {
			root = Dir{Path: filepath.Dir(filepath.Dir(path)), Known: true}
		}
	}
	seen := map[string]bool{}
	var run func(name string, depth int)
	run = func(name string, depth int) {
		if seen[name] || depth > maxTaskDepth {
			return
		}
		seen[name] = true
		if ok {
			table := "tasks." + name
			if deps, found := tomlKey(text, table, "depends"); found {
				for _, d := range yamlList(deps) {
					run(d, depth+1)
				}
			}
			if v, found := tomlKeyRaw(text, table, "run"); found {
				for _, cmd := range pyScriptValue(v, false) {
					w.runTaskText(c, call, root, cmd, filepath.Base(path)+" [tasks."+name+"]", strings.Contains(cmd, "{{"))
				}
				return
			}
			if v, found := tomlKeyRaw(text, "tasks", name); found {
				for _, cmd := range pyScriptValue(v, false) {
					w.runTaskText(c, call, root, cmd, filepath.Base(path)+" [tasks] "+name, strings.Contains(cmd, "{{"))
				}
				return
			}
		}
		for _, d := range []string{"mise-tasks", ".mise/tasks", ".config/mise/tasks", "mise/tasks", ".mise-tasks"} {
			f := filepath.Join(root.Path, d, strings.ReplaceAll(name, ":", "/"))
			if w.exists(f) {
				inner := *call
				inner.Dir = root
				w.scriptFile(c, &inner, Arg{Value: f, Raw: f, Static: true}, "")
				return
			}
		}
	}
	for _, n := range names {
		run(n, 0)
	}
}

// miseCommands are mise's commands and their aliases (mise --help,
// 2025): mise NAME runs the task NAME when NAME is none of them.
var miseCommands = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`activate alias a backends b bin-paths cache completion config cfg deactivate doctor dr
		en env e exec x fmt generate g global hook-env hook-not-found implode install i install-into latest link ln local
		lock ls list ls-remote mcp outdated plugins p prune registry reshim run r search self-update set settings shell sh
		shell-alias sync tasks t task test-tool remove plugin tool tool-stub trust uninstall unset unuse rm upgrade up use u usage version v
		watch w where which help edit direnv render-help`) {
		m[n] = true
	}
	return m
}}

// miseTaskNames returns the tasks a mise call runs and the directory it
// runs them from: mise run|r NAME…, mise tasks|t run|r NAME…, mise
// watch|w [-t] NAME…, and mise NAME [ARGS] when NAME is not one of
// mise's commands; -C/--cd DIR first moves to DIR. No name runs the task
// named default (mise run).
func (w *walker) miseTaskNames(call *Call) (names []string, dir Dir, ok bool) {
	dir = call.Dir
	args := call.Args
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		switch {
		case (v == "-C" || v == "--cd") && i+1 < len(args):
			if !args[i+1].Static {
				return nil, dir, false
			}
			dir = dir.Join(args[i+1].Value)
			i++
			continue
		case strings.HasPrefix(v, "--cd="):
			dir = dir.Join(strings.TrimPrefix(v, "--cd="))
			continue
		case strings.HasPrefix(v, "-C") && len(v) > 2:
			dir = dir.Join(v[2:])
			continue
		case (v == "-E" || v == "--env" || v == "-j" || v == "--jobs" || v == "--output" || v == "--log-level") && i+1 < len(args):
			i++
			continue
		case strings.HasPrefix(v, "-"):
			continue
		}
		break
	}
	if i >= len(args) || !args[i].Static {
		return nil, dir, false
	}
	sub := args[i].Value
	rest := args[i+1:]
	switch {
	case sub == "run" || sub == "r" || sub == "watch" || sub == "w":
	case (sub == "tasks" || sub == "t") && len(rest) > 0 && (rest[0].Value == "run" || rest[0].Value == "r"):
		rest = rest[1:]
	case miseCommands.Get()[sub]:
		return nil, dir, false
	default:
		// mise NAME ARGS: the words after the task are its arguments.
		return []string{sub}, dir, true
	}
	for j := 0; j < len(rest); j++ {
		a := rest[j]
		if a.Value == "--" || a.Value == ":::" {
			break
		}
		if (a.Value == "-t" || a.Value == "--task") && j+1 < len(rest) {
			continue // mise watch -t NAME: the name is the next word
		}
		if (a.Value == "-C" || a.Value == "--cd") && j+1 < len(rest) {
			if !rest[j+1].Static {
				return nil, dir, false
			}
			dir = dir.Join(rest[j+1].Value)
			j++
			continue
		}
		if (a.Value == "-j" || a.Value == "--jobs" || a.Value == "-o" || a.Value == "--output" || a.Value == "-E" || a.Value == "--env" ||
			a.Value == "-w" || a.Value == "--watch" || a.Value == "-g" || a.Value == "--glob" || a.Value == "--tool" || a.Value == "-s" ||
			a.Value == "--shell") && j+1 < len(rest) {
			j++
			continue
		}
		if !strings.HasPrefix(a.Value, "-") && a.Static {
			names = append(names, a.Value)
		}
	}
	if len(names) == 0 {
		names = []string{"default"}
	}
	return names, dir, true
}

// miseHookNames are the hooks of mise's [hooks] table: enter, leave and
// cd run in the user's shell (mise activate) when it enters, leaves or
// moves within the project; preinstall and postinstall around mise
// install.
var miseHookNames = []string{"enter", "leave", "cd", "preinstall", "postinstall"}

// miseHookCommands returns the shell text each hook of a mise
// configuration runs, by hook, in file order: [hooks] NAME = "cmd", a
// list of commands, an inline table's script = "cmd" (a list of them),
// the dotted hooks.NAME = … at the top, and [[hooks.NAME]] tables'
// script. only limits them to those hooks (nil: all).
func miseHookCommands(text string, only []string) []ciCommand {
	want := func(n string) bool {
		if !slices.Contains(miseHookNames, n) {
			return false
		}
		return only == nil || slices.Contains(only, n)
	}
	var out []ciCommand
	add := func(name, v string) {
		v = strings.TrimSpace(v)
		if strings.Contains(v, "script") && (strings.HasPrefix(v, "{") || strings.HasPrefix(v, "[")) {
			rest := v
			for {
				i := strings.Index(rest, "script")
				if i < 0 {
					break
				}
				rest = strings.TrimSpace(rest[i+len("script"):])
				if !strings.HasPrefix(rest, "=") {
					continue
				}
				if s := tomlStrings(strings.TrimSpace(rest[1:])); len(s) > 0 {
					out = append(out, ciCommand{path: []string{name}, text: s[0], known: true})
				}
			}
			return
		}
		for _, s := range tomlStrings(v) {
			out = append(out, ciCommand{path: []string{name}, text: s, known: true})
		}
	}
	for _, e := range tomlEntries(text) {
		switch {
		case e.table == "hooks" && want(e.key):
			add(e.key, e.value)
		case e.table == "" && strings.HasPrefix(e.key, "hooks.") && want(strings.TrimPrefix(e.key, "hooks.")):
			add(strings.TrimPrefix(e.key, "hooks."), e.value)
		}
	}
	// [[hooks.NAME]] tables, which tomlEntries does not name.
	aot := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "[[") && strings.HasSuffix(line, "]]"):
			aot = strings.TrimSpace(strings.Trim(line, "[]"))
		case strings.HasPrefix(line, "["):
			aot = ""
		case strings.HasPrefix(aot, "hooks.") && want(strings.TrimPrefix(aot, "hooks.")):
			if k, v, ok := strings.Cut(line, "="); ok && strings.TrimSpace(k) == "script" {
				if s := tomlStrings(strings.TrimSpace(v)); len(s) > 0 {
					out = append(out, ciCommand{path: []string{strings.TrimPrefix(aot, "hooks.")}, text: s[0], known: true})
				}
			}
		}
	}
	return out
}

// miseHooks models mise trust [PATH] (every hook of the configuration it
// trusts: mise then runs its enter, cd and leave hooks in the user's
// shell, outside the agent, and its install hooks at each install) and
// mise install (preinstall and postinstall): each hook's text is judged
// as a shell command line run from the configuration's project
// directory.
func (w *walker) miseHooks(c scope, call *Call) {
	ops, known := operands(call)
	if len(ops) == 0 {
		return
	}
	var only []string
	dir := call.Dir
	switch ops[0] {
	case "trust":
		if !known {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
				What: "mise trust trusts the hooks of a configuration only known at run time"})
			return
		}
		if len(ops) > 1 {
			d := call.Dir.Join(ops[1])
			if text, ok := w.readScript(d); ok {
				w.miseHookRun(c, call, d.Path, text, nil)
				return
			}
			dir = d
		}
	case "install", "i", "use", "u":
		only = []string{"preinstall", "postinstall"}
	default:
		return
	}
	if path, text, ok := w.findUp(dir, "mise.toml", ".mise.toml", "mise/config.toml", ".config/mise.toml", ".config/mise/config.toml"); ok {
		w.miseHookRun(c, call, path, text, only)
	}
}

// miseHookRun judges the hooks (only: those) of the mise configuration
// at path holding text, run from its project directory.
func (w *walker) miseHookRun(c scope, call *Call, path, text string, only []string) {
	root := filepath.Dir(path)
	for filepath.Base(root) == "mise" || filepath.Base(root) == ".config" {
		root = filepath.Dir(root)
	}
	inner := *call
	inner.Dir = Dir{Path: root, Known: true}
	for _, cmd := range miseHookCommands(text, only) {
		w.runTaskText(c, &inner, inner.Dir, cmd.text, filepath.Base(path)+" [hooks] "+cmd.path[0], strings.Contains(cmd.text, "{{"))
	}
}
