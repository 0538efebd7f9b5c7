package syntax

import (
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// Git-hook managers.
//
// A hook manager installs into .git/hooks (a protected path the agent
// cannot write itself) a hook that runs commands taken from a project
// file the agent can write: pre-commit's hook runs pre-commit hook-impl
// with .pre-commit-config.yaml, lefthook's runs lefthook run HOOK with
// lefthook.yml, overcommit's runs the hooks of .overcommit.yml,
// simple-git-hooks writes package.json's command for each hook into the
// hook itself, husky 9 points core.hooksPath at .husky/_ (read by
// gitHooks) and husky 4 runs package.json's husky.hooks. So an installer
// is judged as what it installs, the configuration's commands for the
// hooks it sets up; and a later git command whose hook in the default
// hooks directory is a known manager's hook is judged by the manager's
// configuration for that hook, as it stands when git runs (the hook
// itself, the user's, is not read as a script).

// maxStubText bounds the text of a hook read to tell whose it is.
const maxStubText = 64 << 10

// allGitHooks are the hook names git runs (githooks(5)), sorted.
var allGitHooks = lazy.Value[[]string]{New: func() []string {
	seen := map[string]bool{"post-index-change": true, "reference-transaction": true}
	for _, names := range gitHookRuns.Get() {
		for _, n := range names {
			seen[n] = true
		}
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}}

// hookManagerRun models the hook managers' own commands; it reports
// whether call was one.
func (w *walker) hookManagerRun(c scope, call *Call) bool {
	switch call.Name {
	case "lefthook":
		w.lefthookRun(c, call)
	case "overcommit":
		w.overcommitRun(c, call)
	case "simple-git-hooks":
		w.simpleGitHooksRun(c, call)
	case "husky":
		w.huskyRun(c, call)
	case "husky-run":
		// husky 4's runner (node_modules/.bin/husky-run HOOK, what its
		// installed hooks run): the hook's command of the configuration;
		// with no hook named, corral judges every hook's.
		ops, known := operands(call)
		if !known {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
				What: "husky-run runs a hook only known at run time"})
			break
		}
		only := ""
		if len(ops) > 0 {
			only = ops[0]
		}
		w.huskyFourHooks(c, call, call.Dir, only, only == "")
	default:
		return false
	}
	return true
}

// operands returns call's words that do not start with "-", and whether
// all of them are known.
func operands(call *Call) ([]string, bool) {
	var out []string
	known := true
	for _, a := range call.Args {
		if strings.HasPrefix(a.Value, "-") {
			continue
		}
		out = append(out, a.Value)
		known = known && a.Static
	}
	return out, known
}

// lefthookConfigs are lefthook's main configuration files, in the order
// it looks for them.
var lefthookConfigs = []string{"lefthook.yml", ".lefthook.yml", "lefthook.yaml", ".lefthook.yaml",
	"lefthook.toml", ".lefthook.toml", "lefthook.json", ".lefthook.json"}

// lefthookRun models lefthook install (every hook of the configuration)
// and lefthook run HOOK (that hook's commands).
func (w *walker) lefthookRun(c scope, call *Call) {
	ops, known := operands(call)
	if len(ops) == 0 {
		return
	}
	switch ops[0] {
	case "install":
		w.lefthookHooks(c, call, "")
	case "run":
		if len(ops) < 2 || !known {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
				What: "lefthook run runs the commands of a hook only known at run time"})
			return
		}
		w.lefthookHooks(c, call, ops[1])
	}
}

// lefthookHooks judges the commands lefthook runs for hook ("" all of
// them): each run: text (a shell command line, lefthook's {files}
// templates left as words) and each script (runner: PROGRAM, the file
// source_dir/HOOK/NAME), from the main configuration and the local one
// merged with it.
func (w *walker) lefthookHooks(c scope, call *Call, hook string) {
	path, text, ok := w.findUp(call.Dir, lefthookConfigs...)
	if !ok {
		return
	}
	dir := filepath.Dir(path)
	texts := map[string]string{path: text}
	local := "lefthook-local" + filepath.Ext(path)
	if strings.HasPrefix(filepath.Base(path), ".") {
		local = "." + local
	}
	if t, ok := w.readScript(Dir{Path: filepath.Join(dir, local), Known: true}); ok {
		texts[filepath.Join(dir, local)] = t
	}
	inner := *call
	inner.Dir = Dir{Path: dir, Known: true}
	for _, p := range sortedKeys(boolKeys(texts)) {
		name := relTo(call.Dir.Path, p)
		var cmds []ciCommand
		var vals []ciKeyValue
		if ext := filepath.Ext(p); ext != ".yml" && ext != ".yaml" {
			// TOML and JSON hold the same keys (lefthookfmt.go); one
			// corral cannot parse runs what only lefthook knows.
			var ok bool
			if cmds, vals, ok = lefthookCmds(texts[p], ext); !ok {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
					What: "lefthook runs the commands of " + name + ", which corral cannot read"})
				continue
			}
		} else {
			cmds, vals = ciCommands(texts[p], []string{"run", "runner"}, []string{"script"})
		}
		for _, cmd := range cmds {
			if len(cmd.path) == 0 || hook != "" && cmd.path[0] != hook {
				continue
			}
			where := name + " (" + cmd.path[0] + ")"
			if !cmd.known {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: cmd.text,
					What: where + " holds a command corral cannot read"})
				continue
			}
			text := cmd.text
			if cmd.key == "runner" {
				// A script: scripts: NAME: runner: R, or a job with
				// script: NAME and runner: R, run from source_dir.
				script := ""
				if len(cmd.path) >= 3 && cmd.path[1] == "scripts" {
					script = cmd.path[2]
				}
				for _, v := range vals {
					if cmd.item != "" && v.item == cmd.item && v.key == "script" {
						script = v.val
					}
				}
				if script == "" {
					continue
				}
				text += " " + Quote(filepath.Join(".lefthook", cmd.path[0], script))
			}
			w.runTaskText(c, &inner, inner.Dir, text, where, false)
		}
	}
}

// boolKeys returns the set of m's keys.
func boolKeys(m map[string]string) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

// overcommitRun models overcommit --install, --sign and --run: the
// configuration's hooks are what they install, approve or run.
func (w *walker) overcommitRun(c scope, call *Call) {
	for _, a := range call.Args {
		switch a.Value {
		case "--install", "-i", "--sign", "--run", "-r":
			w.overcommitHooks(c, call, "")
			return
		}
	}
}

// overcommitHooks judges the command: of each hook .overcommit.yml
// configures under hook type kind (PreCommit, CommitMsg; "" all): an
// array of words, run without a shell (one word with blanks is read as a
// command line).
func (w *walker) overcommitHooks(c scope, call *Call, kind string) {
	path, text, ok := w.findUp(call.Dir, ".overcommit.yml")
	if !ok {
		return
	}
	inner := *call
	inner.Dir = Dir{Path: filepath.Dir(path), Known: true}
	cmds, _ := ciCommands(text, []string{"command"}, nil)
	var order []string
	words := map[string][]string{}
	unknown := map[string]bool{}
	for _, cmd := range cmds {
		if len(cmd.path) < 2 || kind != "" && cmd.path[0] != kind {
			continue
		}
		k := strings.Join(cmd.path, "/")
		if _, ok := words[k]; !ok {
			order = append(order, k)
		}
		words[k] = append(words[k], cmd.text)
		unknown[k] = unknown[k] || !cmd.known
	}
	for _, k := range order {
		where := ".overcommit.yml (" + k + ")"
		argv := words[k]
		switch {
		case unknown[k]:
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: strings.Join(argv, " "),
				What: where + " holds a command corral cannot read"})
		case len(argv) == 1:
			w.runTaskText(c, &inner, inner.Dir, argv[0], where, false)
		default:
			w.runTaskText(c, &inner, inner.Dir, quoteArgv(argv), where, false)
		}
	}
}

// overcommitKind is overcommit's name of a git hook: pre-commit is
// PreCommit.
func overcommitKind(hook string) string {
	parts := strings.Split(hook, "-")
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, "")
}

// simpleGitHooksFiles are simple-git-hooks' configuration files besides
// package.json's "simple-git-hooks" key.
var simpleGitHooksFiles = []string{".simple-git-hooks.cjs", ".simple-git-hooks.js", ".simple-git-hooks.mjs",
	"simple-git-hooks.cjs", "simple-git-hooks.js", "simple-git-hooks.mjs", ".simple-git-hooks.json", "simple-git-hooks.json"}

// simpleGitHooksRun models simple-git-hooks [CONFIG]: it writes each
// hook's command of the configuration into .git/hooks/HOOK, to run at
// that hook; a JavaScript configuration is a module node loads.
func (w *walker) simpleGitHooksRun(c scope, call *Call) {
	ops, known := operands(call)
	if !known {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
			What: "simple-git-hooks installs the hooks of a configuration only known at run time"})
		return
	}
	files := simpleGitHooksFiles
	if len(ops) > 0 {
		files = []string{ops[0]}
	}
	for _, f := range files {
		d := call.Dir.Join(f)
		text, ok := w.readScript(d)
		if !ok {
			continue
		}
		if jsModule(f) {
			w.readConfigs(c, call, call.Dir, []string{f}, lang.JS, false)
			w.jsHookCommands(c, call, text, "", f)
			return
		}
		w.jsonHookCommands(c, call, text, "", "", f)
		return
	}
	if text, ok := w.readScript(call.Dir.Join("package.json")); ok {
		w.jsonHookCommands(c, call, text, "simple-git-hooks", "", "package.json")
	}
}

// jsonHookCommands judges the hook commands of a JSON text: the object
// under key (all of it when ""), and within it hooks (husky 4's
// "hooks"); each value named after a git hook (only, when not "") is a
// shell command line run at that hook.
func (w *walker) jsonHookCommands(c scope, call *Call, text, key, only, file string) {
	var obj map[string]json.RawMessage
	if json.Unmarshal([]byte(text), &obj) != nil {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: file,
			What: file + " holds the hooks' commands and is not JSON corral can read"})
		return
	}
	for _, k := range strings.Split(key, ".") {
		if k == "" {
			continue
		}
		raw, ok := obj[k]
		if !ok {
			return
		}
		obj = nil
		if json.Unmarshal(raw, &obj) != nil {
			return
		}
	}
	hooks := allGitHooks.Get()
	names := make([]string, 0, len(obj))
	for n := range obj {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if i := sort.SearchStrings(hooks, n); i >= len(hooks) || hooks[i] != n || only != "" && n != only {
			continue
		}
		var cmd string
		if json.Unmarshal(obj[n], &cmd) != nil {
			continue
		}
		w.runTaskText(c, call, call.Dir, cmd, file+" ("+n+")", false)
	}
}

// huskyRun models husky [DIR], husky install [DIR] and husky init: they
// make git run the hooks of DIR (.husky) on later commands, judged here
// as scripts; husky add FILE CMD (husky 8) writes CMD into FILE.
func (w *walker) huskyRun(c scope, call *Call) {
	ops, known := operands(call)
	if !known {
		return
	}
	dir := ".husky"
	switch {
	case len(ops) == 0 || ops[0] == "init":
	case ops[0] == "install":
		if len(ops) > 1 {
			dir = ops[1]
		}
	case ops[0] == "add" || ops[0] == "set":
		if len(ops) > 2 {
			w.runTaskText(c, call, call.Dir, ops[2], "husky "+ops[0]+" "+ops[1], false)
		}
		return
	case ops[0] == "uninstall" || ops[0] == "help":
		return
	default:
		dir = ops[0]
	}
	hooks := call.Dir.Join(dir)
	for _, n := range allGitHooks.Get() {
		p := hooks.Join(n)
		if _, ok := w.readScript(p); ok {
			w.scriptFile(c, call, Arg{Value: p.Path, Raw: filepath.Join(dir, n), Static: true}, "")
		}
	}
}

// managedHooks judges the hooks names of the default hooks directory
// hooks (the repository's .git/hooks) that a known hook manager
// installed, by the manager's configuration at the top of the working
// tree top.
func (w *walker) managedHooks(c scope, call *Call, names []string, top, hooks string) {
	inner := *call
	inner.Dir = Dir{Path: top, Known: true}
	for _, n := range names {
		text, ok := w.readScript(Dir{Path: filepath.Join(hooks, n), Known: true})
		if !ok || len(text) > maxStubText {
			continue
		}
		switch {
		case strings.Contains(text, "hook-impl") && strings.Contains(text, "pre-commit"):
			// pre-commit: ARGS=(hook-impl --config=FILE --hook-type=NAME …)
			cfg := ".pre-commit-config.yaml"
			if _, v, ok := strings.Cut(text, "--config="); ok {
				if end := strings.IndexAny(v, " \t\n\"')"); end > 0 {
					cfg = v[:end]
				}
			}
			w.child(c, &inner, quoteArgv([]string{"pre-commit", "hook-impl", "--config=" + cfg, "--hook-type=" + n}), nil,
				"git hook "+n, false)
		case strings.Contains(text, "lefthook"):
			w.child(c, &inner, quoteArgv([]string{"lefthook", "run", n}), nil, "git hook "+n, false)
		case strings.Contains(strings.ToLower(text), "overcommit"):
			w.overcommitHooks(c, &inner, overcommitKind(n))
		case strings.Contains(strings.ToLower(text), "husky"):
			// husky 4 runs the hook's command of its configuration.
			w.huskyFourHooks(c, &inner, inner.Dir, n, false)
		}
	}
}

// HookConfigRunner returns the command line that runs every command of a
// git-hook manager's configuration file named base (as the manager's
// installed hook later runs them at the user's commits), and ok false
// for a file that is none: .pre-commit-config.yaml (pre-commit run),
// lefthook's files (lefthook install: every hook's), .overcommit.yml,
// lint-staged's files other than package.json, and husky 4's files and
// package.json (husky-run: every hook's).
func HookConfigRunner(base string) (string, bool) {
	switch {
	case base == ".pre-commit-config.yaml":
		return "pre-commit run --all-files", true
	case base == ".overcommit.yml":
		return "overcommit --run", true
	case strings.HasPrefix(base, ".lintstagedrc") || strings.HasPrefix(base, "lint-staged.config."):
		return "lint-staged", true
	}
	for _, n := range lefthookConfigs {
		if base == n || strings.Replace(base, "lefthook-local", "lefthook", 1) == n {
			return "lefthook install", true
		}
	}
	if IsHuskyFourConfig(base) || base == "package.json" {
		// husky 4's hooks run the commands of its configuration (also
		// package.json's "husky": {"hooks": …}); husky-run with no hook
		// named judges them all.
		return "husky-run", true
	}
	if base == "mise.toml" || base == ".mise.toml" {
		// mise runs its [hooks] in the user's shell once trusted.
		return "mise trust", true
	}
	return "", false
}

// hookManagerPackages models the install step of the git-hook managers
// that install their hooks as a package (npm's lifecycle scripts of the
// package itself, which run when any install puts it into node_modules):
// simple-git-hooks' postinstall writes each hook's command of its
// configuration into .git/hooks, and husky 4's install script writes
// hooks that run package.json's husky.hooks (or .huskyrc) at the user's
// commits. An install of the project that lists either, or of the
// package by name (named: npm install -D simple-git-hooks, husky@4), is
// judged as what it installs, as simple-git-hooks and husky install are.
func (w *walker) hookManagerPackages(c scope, call *Call, named []string) {
	deps := map[string]string{}
	dir := call.Dir
	if path, text, ok := w.findUp(call.Dir, "package.json"); ok {
		dir = Dir{Path: filepath.Dir(path), Known: true}
		var pkg map[string]json.RawMessage
		if json.Unmarshal([]byte(text), &pkg) == nil {
			for _, k := range []string{"dependencies", "devDependencies", "optionalDependencies"} {
				var m map[string]string
				if json.Unmarshal(pkg[k], &m) == nil {
					for n, v := range m {
						deps[n] = v
					}
				}
			}
		}
	}
	for _, s := range named {
		name, ver := s, ""
		if i := strings.LastIndex(s, "@"); i > 0 {
			name, ver = s[:i], s[i+1:]
		}
		deps[name] = ver
	}
	inner := *call
	inner.Dir, inner.Args = dir, nil
	if _, ok := deps["simple-git-hooks"]; ok {
		w.simpleGitHooksRun(c, &inner)
	}
	if v, ok := deps["husky"]; ok && huskyFour(v) {
		w.huskyFourHooks(c, &inner, dir, "", false)
	}
}

// huskyFourFiles are the files husky 4 reads its configuration from, in
// the order it looks (cosmiconfig's search places for "husky"): the
// first found is the configuration; package.json only when it has a
// "husky" key.
var huskyFourFiles = []string{"package.json", ".huskyrc", ".huskyrc.json", ".huskyrc.yaml", ".huskyrc.yml",
	".huskyrc.js", ".huskyrc.cjs", "husky.config.js", "husky.config.cjs"}

// IsHuskyFourConfig reports a file name husky 4 reads hook commands from
// other than package.json.
func IsHuskyFourConfig(base string) bool {
	for _, f := range huskyFourFiles[1:] {
		if base == f {
			return true
		}
	}
	return false
}

// huskyFourHooks judges the commands husky 4's hooks run: the "hooks"
// object of its configuration in dir (huskyFourFiles), the hook only's
// (every hook's when ""). A JavaScript configuration is read as code
// (what it runs when loaded) and for the string values of its hooks.
// With skipOpaquePkg (husky-run with no hook named, the line corral
// judges a write of package.json with), a package.json the command
// changed with text only run time knows (jq … > p && mv p package.json,
// sed -i) is passed over rather than asked about: such edits are
// everyday work, and only a husky key written in known text is judged.
func (w *walker) huskyFourHooks(c scope, call *Call, dir Dir, only string, skipOpaquePkg bool) {
	inner := *call
	inner.Dir = dir
	for _, f := range huskyFourFiles {
		if d := dir.Join(f); skipOpaquePkg && f == "package.json" && d.Known && w.opaque[d.Path] {
			continue
		}
		text, ok := w.readScript(dir.Join(f))
		if !ok {
			continue
		}
		switch {
		case f == "package.json":
			var pkg map[string]json.RawMessage
			if json.Unmarshal([]byte(text), &pkg) != nil {
				continue
			}
			if _, ok := pkg["husky"]; !ok {
				continue
			}
			w.jsonHookCommands(c, &inner, text, "husky.hooks", only, f)
		case jsModule(f):
			w.readConfigs(c, &inner, dir, []string{f}, lang.JS, false)
			w.jsHookCommands(c, &inner, text, only, f)
		default:
			// .huskyrc is JSON or YAML; JSON is read, YAML asks.
			w.jsonHookCommands(c, &inner, text, "hooks", only, f)
		}
		return
	}
}

// jsHookCommands judges the hook commands of a JavaScript configuration
// module (husky 4's .huskyrc.js, simple-git-hooks' .simple-git-hooks.js):
// each property named after a git hook (only, when not "") whose value is
// a string literal is a shell command line run at that hook; one whose
// value is built at run time (a template with ${…}, a call, a variable)
// asks.
func (w *walker) jsHookCommands(c scope, call *Call, text, only, file string) {
	hooks := allGitHooks.Get()
	for _, p := range jsStringProps(text) {
		if p.key == "hooks" && !p.literal && p.value != "" {
			// hooks: h, an object built elsewhere in the module.
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: file,
				What: file + " gives its hooks as " + p.value + ", an object corral does not read"})
			continue
		}
		if i := sort.SearchStrings(hooks, p.key); i >= len(hooks) || hooks[i] != p.key || only != "" && p.key != only {
			continue
		}
		if !p.literal {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: file,
				What: file + " gives the " + p.key + " hook a command only known at run time"})
			continue
		}
		w.runTaskText(c, call, call.Dir, p.value, file+" ("+p.key+")", false)
	}
}

// jsProp is a property of an object literal in JavaScript text: its key,
// and its value when a string literal (literal true), the text of the
// value otherwise.
type jsProp struct {
	key, value string
	literal    bool
}

// maxJSProps bounds the properties read from one configuration module.
const maxJSProps = 512

// jsStringProps returns the properties of the object literals in
// JavaScript text, key: value, where the key is a name or a string
// literal: comments are skipped and strings read with their escapes.
func jsStringProps(text string) []jsProp {
	var out []jsProp
	// lastKey is the last string literal or name read, and haveKey whether a
	// ':' may follow it as a key.
	lastKey, haveKey := "", false
	// bracket reports that the key was read inside [ ]: h['pre-commit'] =
	// 'cmd' assigns a property as a literal does.
	bracket := false
	i := 0
	readString := func(q byte) (string, bool, int) {
		var b strings.Builder
		dynamic := false
		j := i + 1
		for j < len(text) && text[j] != q {
			ch := text[j]
			if ch == '\\' && j+1 < len(text) {
				switch text[j+1] {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				default:
					b.WriteByte(text[j+1])
				}
				j += 2
				continue
			}
			if q == '`' && ch == '$' && j+1 < len(text) && text[j+1] == '{' {
				dynamic = true
			}
			if q != '`' && ch == '\n' {
				break
			}
			b.WriteByte(ch)
			j++
		}
		return b.String(), !dynamic, j + 1
	}
	for i < len(text) && len(out) < maxJSProps {
		ch := text[i]
		switch {
		case ch == '/' && i+1 < len(text) && text[i+1] == '/':
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		case ch == '/' && i+1 < len(text) && text[i+1] == '*':
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				return out
			}
			i += end + 4
			continue
		case ch == '"' || ch == '\'' || ch == '`':
			v, _, next := readString(ch)
			lastKey, haveKey, bracket = v, true, false
			i = next
			continue
		case ch == '_' || ch == '$' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z':
			j := i
			for j < len(text) && (text[j] == '_' || text[j] == '$' || text[j] >= 'a' && text[j] <= 'z' || text[j] >= 'A' && text[j] <= 'Z' || text[j] >= '0' && text[j] <= '9') {
				j++
			}
			lastKey, haveKey, bracket = text[i:j], true, false
			i = j
			continue
		case ch == ']' && haveKey:
			// ['pre-commit']: a computed key, or h['pre-commit'] = …
			bracket = true
			i++
			continue
		case (ch == ':' || ch == '=' && bracket && i+1 < len(text) && text[i+1] != '=' && text[i+1] != '>') && haveKey:
			key := lastKey
			bracket = false
			haveKey = false
			j := i + 1
			for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r') {
				j++
			}
			if j < len(text) && (text[j] == '"' || text[j] == '\'' || text[j] == '`') {
				i = j
				v, lit, next := readString(text[j])
				// A string followed by + or a call is built.
				k := next
				for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
					k++
				}
				if k < len(text) && (text[k] == '+' || text[k] == '.' || text[k] == '(') {
					lit = false
				}
				out = append(out, jsProp{key: key, value: v, literal: lit})
				i = next
				continue
			}
			if j < len(text) && text[j] != '{' && text[j] != '[' {
				// A name, a call, a function: built at run time.
				end := strings.IndexAny(text[j:], ",}\n")
				if end < 0 {
					end = len(text) - j
				}
				out = append(out, jsProp{key: key, value: strings.TrimSpace(text[j : j+end])})
			}
			i = j
			continue
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
		default:
			haveKey, bracket = false, false
		}
		i++
	}
	return out
}

// huskyFour reports a version range of husky 4 (4, 4.3.8, ^4.3.8,
// ~4.2, 4.x), whose install step writes the hooks itself; husky 5 and
// later install nothing until the project's prepare script runs husky.
func huskyFour(v string) bool {
	v = strings.TrimLeft(strings.TrimSpace(v), "^~=v ")
	return v == "4" || strings.HasPrefix(v, "4.")
}
