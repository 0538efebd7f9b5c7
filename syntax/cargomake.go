package syntax

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// cargo-make (cargo make TASK, makers TASK) runs the tasks of the
// project's Makefile.toml (--makefile FILE, from --cwd DIR; default task
// "default"): a task's dependencies first, then its command with its
// args (no shell; cargo-make expands ${VAR} in them), or its script (a
// string, lines, or { file = "…" }), run by its script_runner: the shell
// by default (@shell), a program the runner table knows (python, node…)
// as code in its language, or (@rust, @duckscript, others) code corral
// does not read; then its run_task. alias (linux_alias) runs another
// task instead; extend takes the fields another task does not set;
// [tasks.NAME.linux] overrides them on Linux. Loading the file runs
// [config] load_script and the script of each [env] value written
// { script = [...] }, and every flow runs [config] init_task and
// end_task. Each command is judged as the shell text it is, from the
// file's directory.

// cargoMakeSpec is cargo-make's options (makers --help, 0.37): the
// first operand is the task, the words after it its arguments.
var cargoMakeSpec = OptSpec{ShortVal: "tpel", LongEq: true, Stop: true,
	LongVal: []string{"makefile", "task", "profile", "cwd", "env", "env-file", "loglevel", "output-format",
		"output-file", "skip-tasks", "completion"},
	LongFlag: []string{"allow-private", "skip-init-end-tasks", "no-workspace", "no-on-error", "time-summary",
		"disable-check-for-updates", "experimental", "verbose", "quiet", "silent", "no-color", "help", "version",
		"list-all-steps", "list-category-steps", "print-steps", "diff-steps", "hide-uninteresting", "ci-mode"}}

// cargoMakeVar matches the ${NAME} cargo-make expands in a command's
// args.
var cargoMakeVar = lazy.Regexp{Expr: `\$\{[A-Za-z_][A-Za-z0-9_]*\}`}

// cargoMake models cargo make ARGS (args after "make") and makers ARGS.
func (w *walker) cargoMake(c scope, call *Call, dir Dir, args []Arg) {
	opts, operands := ScanOptions(args, cargoMakeSpec)
	file := "Makefile.toml"
	task := ""
	skipInit := false
	for _, o := range opts {
		switch o.Name {
		case "h", "help", "V", "version", "list-all-steps", "list-category-steps", "print-steps", "diff-steps", "completion":
			return
		case "makefile", "cwd", "task", "t":
			if !o.HasVal {
				continue
			}
			if !o.Val.Static {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: o.Name != "task" && o.Name != "t", Text: o.Val.Raw,
					What: call.Name + " --" + o.Name + " names what it runs only at run time"})
				return
			}
			switch o.Name {
			case "makefile":
				file = o.Val.Value
			case "cwd":
				dir = dir.Join(o.Val.Value)
			default:
				task = o.Val.Value
			}
		case "skip-init-end-tasks":
			skipInit = true
		}
	}
	if task == "" && len(operands) > 0 {
		a := args[operands[0]]
		if !a.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: a.Raw,
				What: call.Name + " runs a task of Makefile.toml only known at run time"})
			return
		}
		task = a.Value
	}
	if task == "" {
		task = "default"
	}
	if !dir.Known {
		return
	}
	d := dir.Join(file)
	text, ok := w.readScript(d)
	if !ok {
		return
	}
	root := Dir{Path: filepath.Dir(d.Path), Known: true}
	entries := w.cargoMakeEntries(text, root, 0)
	base := filepath.Base(d.Path)
	// field is key of task name: [tasks.NAME.linux]'s, else its own,
	// else (extend) the task it extends.
	field := func(name, key string) (string, bool) {
		for range maxTaskDepth {
			var ext string
			for _, table := range []string{"tasks." + name + ".linux", "tasks." + name} {
				for _, e := range entries {
					if e.table == table && e.key == key {
						return e.value, true
					}
				}
			}
			for _, e := range entries {
				if e.table == "tasks."+name && e.key == "extend" {
					if s := tomlStrings(e.value); len(s) > 0 {
						ext = s[0]
					}
				}
			}
			if ext == "" || ext == name {
				return "", false
			}
			name = ext
		}
		return "", false
	}
	judge := func(where, script, runner string) {
		runner = strings.TrimSpace(runner)
		switch {
		case runner == "" || runner == "@shell" || IsShell(filepath.Base(runner)):
			w.runTaskText(c, call, root, script, where, false)
		case lang.ForProgram(filepath.Base(strings.Fields(runner)[0])) != "":
			inner := *call
			inner.Dir = root
			w.program(c, &inner, lang.ForProgram(filepath.Base(strings.Fields(runner)[0])), script, where, false, where)
		default:
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: script,
				What: where + " runs with " + clip(runner, 40) + ", which corral does not read"})
		}
	}
	// Loading the file: [config] load_script, [env] scripts.
	for _, e := range entries {
		switch {
		case e.table == "config" && (e.key == "load_script" || e.key == "linux_load_script"):
			judge(base+" [config] "+e.key, strings.Join(cargoMakeScript(e.value), "\n"), "")
		case (e.table == "env" || strings.HasPrefix(e.table, "env.")) && strings.HasPrefix(e.value, "{") && strings.Contains(e.value, "script"):
			if s := tomlInlineKey(e.value, "script"); s != "" {
				judge(base+" ["+e.table+"] "+e.key, strings.Join(cargoMakeScript(s), "\n"), "")
			}
		}
	}
	seen := map[string]bool{}
	var run func(name string, depth int)
	run = func(name string, depth int) {
		if seen[name] || depth > maxTaskDepth {
			return
		}
		seen[name] = true
		where := base + " [tasks." + name + "]"
		for _, k := range []string{"linux_alias", "alias"} {
			if v, found := field(name, k); found {
				if s := tomlStrings(v); len(s) > 0 {
					run(s[0], depth+1)
					return
				}
			}
		}
		if v, found := field(name, "dependencies"); found {
			for _, dep := range tomlStrings(v) {
				run(dep, depth+1)
			}
		}
		tdir := root
		if v, found := field(name, "cwd"); found {
			if s := tomlStrings(v); len(s) > 0 && !strings.Contains(s[0], "${") {
				tdir = root.Join(s[0])
			}
		}
		if v, found := field(name, "command"); found {
			if s := tomlStrings(v); len(s) > 0 {
				argv := []string{s[0]}
				if a, found := field(name, "args"); found {
					argv = append(argv, tomlStrings(a)...)
				}
				w.runTaskText(c, call, tdir, cargoMakeCommand(argv), where+" command", false)
			}
		} else if v, found := field(name, "script"); found {
			runner, _ := field(name, "script_runner")
			if r := tomlStrings(runner); len(r) > 0 {
				runner = r[0]
			}
			if f := tomlInlineKey(v, "file"); strings.HasPrefix(v, "{") && f != "" {
				if s := tomlStrings(f); len(s) > 0 && (runner == "" || runner == "@shell") {
					inner := *call
					inner.Dir = tdir
					w.scriptFile(c, &inner, Arg{Value: s[0], Raw: s[0], Static: true}, "sh")
				} else {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: v, What: where + " runs a script file corral does not read"})
				}
			} else {
				if runner != "" && runner != "@shell" {
					tdir = root
				}
				save := root
				root = tdir
				judge(where+" script", strings.Join(cargoMakeScript(v), "\n"), runner)
				root = save
			}
		}
		if v, found := field(name, "run_task"); found {
			if strings.HasPrefix(v, "{") {
				v = tomlInlineKey(v, "name")
			}
			for _, n := range tomlStrings(v) {
				run(n, depth+1)
			}
		}
	}
	if !skipInit {
		if v, found := tomlKey(text, "config", "init_task"); found {
			run(v, 0)
		}
	}
	run(task, 0)
	if !skipInit {
		if v, found := tomlKey(text, "config", "end_task"); found {
			run(v, 0)
		}
	}
}

// cargoMakeScript returns the lines of a script value: a string (triple
// quoted or not) or an array of them.
func cargoMakeScript(v string) []string {
	v = strings.TrimSpace(v)
	if strings.HasPrefix(v, `"""`) || strings.HasPrefix(v, "'''") {
		return pyScriptValue(v, false)
	}
	return tomlStrings(v)
}

// tomlInlineKey returns the raw value of key in an inline table
// ({ key = value, … }): up to the next top-level comma or the end.
func tomlInlineKey(v, key string) string {
	for i := strings.Index(v, key); i >= 0; {
		rest := strings.TrimSpace(v[i+len(key):])
		if strings.HasPrefix(rest, "=") && (i == 0 || strings.ContainsRune("{ ,\t", rune(v[i-1]))) {
			rest = strings.TrimSpace(rest[1:])
			depth := 0
			var q byte
			for j := 0; j < len(rest); j++ {
				ch := rest[j]
				switch {
				case q != 0:
					if ch == q {
						q = 0
					}
				case ch == '"' || ch == '\'':
					q = ch
				case ch == '[' || ch == '{':
					depth++
				case ch == ']' || ch == '}':
					if depth == 0 {
						return strings.TrimSpace(rest[:j])
					}
					depth--
				case ch == ',' && depth == 0:
					return strings.TrimSpace(rest[:j])
				}
			}
			return strings.TrimSpace(rest)
		}
		j := strings.Index(v[i+1:], key)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return ""
}

// cargoMakeCommand is the shell text of a command and its args: each
// word quoted, but the ${NAME} cargo-make expands from the environment
// left for the shell to expand, in double quotes.
func cargoMakeCommand(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		var b strings.Builder
		last := 0
		for _, m := range cargoMakeVar.Get().FindAllStringIndex(a, -1) {
			if m[0] > last {
				b.WriteString(shellQuote(a[last:m[0]]))
			}
			b.WriteString(`"` + a[m[0]:m[1]] + `"`)
			last = m[1]
		}
		if last < len(a) || len(a) == 0 {
			b.WriteString(shellQuote(a[last:]))
		}
		q[i] = b.String()
	}
	return strings.Join(q, " ")
}

// cargoMakeEntries returns the entries of a Makefile.toml text in dir
// and, after them, those of the files its top-level extend names
// (cargo-make's README, "Extending External Makefiles": extend =
// "file.toml", { path = "file.toml", optional = true }, or a list of
// those, relative to the makefile): the extended file's tasks are loaded
// first and the extending file's fields win, which the first match of
// the entries gives. Followed four files deep.
func (w *walker) cargoMakeEntries(text string, dir Dir, depth int) []tomlEntry {
	entries := tomlEntries(text)
	var more []tomlEntry
	for _, e := range entries {
		if e.table != "" || e.key != "extend" || depth >= 4 {
			continue
		}
		for _, p := range tomlStrings(e.value) {
			d := dir.Join(expandTilde(p, w.home))
			t, ok := w.readScript(d)
			if !ok {
				continue
			}
			more = append(more, w.cargoMakeEntries(t, Dir{Path: filepath.Dir(d.Path), Known: true}, depth+1)...)
		}
	}
	return append(entries, more...)
}
