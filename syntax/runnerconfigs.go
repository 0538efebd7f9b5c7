package syntax

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// More runners load code named by a configuration file that is data:
// mocha's .mocharc.json/.yml and package.json "mocha" (require, file),
// nyc's .nycrc* and package.json "nyc" (require; nyc.config.js is a
// module itself), lint-staged's .lintstagedrc* and package.json
// "lint-staged" (a command per pattern; its .js configurations are
// modules), pm2 start's ecosystem file (a module, or JSON naming each
// app's script) and rspec's .rspec/.rspec-local/~/.rspec (--require).
// Playwright's playwright.config.* is a module read by configRun's table.

// maxConfigValues bounds the values read from one configuration.
const maxConfigValues = 64

// configValues returns the string values of keys in a configuration
// text that is JSON (an object) or YAML as these tools' documentation
// writes it ("key: value", "key: [a, b]", or "key:" with "- item"
// lines), top-level keys only; sub names a top-level object to look in
// instead (package.json's "mocha"), "" for the top level.
func configValues(text, sub string, keys ...string) []string {
	var out []string
	want := func(k string) bool {
		for _, w := range keys {
			if k == w {
				return true
			}
		}
		return false
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal([]byte(text), &obj) == nil {
		if sub != "" {
			inner := obj[sub]
			obj = nil
			if json.Unmarshal(inner, &obj) != nil {
				return nil
			}
		}
		for k, raw := range obj {
			if !want(k) {
				continue
			}
			var one string
			var many []string
			if json.Unmarshal(raw, &one) == nil {
				out = append(out, one)
			} else if json.Unmarshal(raw, &many) == nil {
				out = append(out, many...)
			}
		}
		sortStrings(out)
		return capValues(out)
	}
	if sub != "" {
		return nil
	}
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], " \t\r")
		if line == "" || line[0] == ' ' || line[0] == '\t' || line[0] == '#' {
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok || !want(yamlUnquote(strings.TrimSpace(k))) {
			continue
		}
		v = strings.TrimSpace(v)
		switch {
		case strings.HasPrefix(v, "["):
			for _, item := range strings.Split(strings.Trim(v, "[]"), ",") {
				if item = yamlUnquote(strings.TrimSpace(item)); item != "" {
					out = append(out, item)
				}
			}
		case v != "":
			out = append(out, yamlUnquote(v))
		default:
			for i+1 < len(lines) {
				next := strings.TrimSpace(lines[i+1])
				if next != "" && !strings.HasPrefix(next, "- ") && !strings.HasPrefix(next, "#") {
					break
				}
				if item, ok := strings.CutPrefix(next, "- "); ok {
					out = append(out, yamlUnquote(strings.TrimSpace(item)))
				}
				i++
			}
		}
	}
	return capValues(out)
}

func capValues(v []string) []string {
	if len(v) > maxConfigValues {
		return v[:maxConfigValues]
	}
	return v
}

func sortStrings(v []string) { slices.Sort(v) }

// jsRequired returns the files node loads for a module a runner
// requires by name: a relative or absolute path as written and with .js,
// and for a bare package name the file it resolves to in node_modules
// (nodeResolve), which runs as the project's code does.
func (w *walker) jsRequired(dir Dir, names []string) []string {
	var out []string
	for _, n := range names {
		if strings.HasPrefix(n, "./") || strings.HasPrefix(n, "../") || strings.HasPrefix(n, "/") {
			out = append(out, n, n+".js")
		} else {
			// A package in node_modules (ts-node/register), as require
			// finds it.
			out = append(out, w.nodeResolve(dir, n, nodeLoad{})...)
		}
	}
	return out
}

// mochaDataConfig returns the files mocha's data configuration files
// (.mocharc.json, .jsonc, .yml, .yaml, and package.json's "mocha") make
// it load: require and file entries.
func (w *walker) mochaDataConfig(call *Call) []string {
	var files []string
	for _, f := range []string{".mocharc.cjs", ".mocharc.js", ".mocharc.json", ".mocharc.jsonc", ".mocharc.yml", ".mocharc.yaml"} {
		if text, ok := w.readScript(call.Dir.Join(f)); ok {
			if jsModule(f) {
				// A module mocha requires: itself code, and the files
				// its require and file entries name.
				files = append(files, f)
				files = append(files, w.jsRequired(call.Dir, jsConfigStrings(text, "require", "file"))...)
				break
			}
			files = append(files, w.jsRequired(call.Dir, configValues(text, "", "require", "file"))...)
			break // the first found is the one used
		}
	}
	if text, ok := w.readScript(call.Dir.Join("package.json")); ok {
		files = append(files, w.jsRequired(call.Dir, configValues(text, "mocha", "require", "file"))...)
	}
	return files
}

// wrapperConfigs reads what nyc loads around the command it wraps (nyc
// npm test): nyc.config.js/.cjs (a module), and the require entries of
// .nycrc, .nycrc.json, .nycrc.yml, .nycrc.yaml or package.json's "nyc",
// and of its own --require/-i options.
func (w *walker) wrapperConfigs(c scope, call *Call) {
	if slices.Contains(call.Wrappers, "devbox") {
		w.devboxRun(c, call) // devbox run NAME: devbox.json's scripts
	}
	at := -1
	for i, wr := range call.Wrappers {
		if wr == "nyc" {
			at = i
		}
	}
	if at < 0 || w.read == nil && len(w.written) == 0 || !call.Dir.Known {
		return
	}
	var files []string
	for i := 0; i < len(call.pre); i++ {
		v := call.pre[i].Value
		switch {
		case (v == "--require" || v == "-i") && i+1 < len(call.pre):
			files = append(files, w.jsRequired(call.Dir, []string{call.pre[i+1].Value})...)
			i++
		case strings.HasPrefix(v, "--require="):
			files = append(files, w.jsRequired(call.Dir, []string{strings.TrimPrefix(v, "--require=")})...)
		}
	}
	for _, f := range []string{".nycrc", ".nycrc.json", ".nycrc.yml", ".nycrc.yaml"} {
		if text, ok := w.readScript(call.Dir.Join(f)); ok {
			files = append(files, w.jsRequired(call.Dir, configValues(text, "", "require"))...)
			break
		}
	}
	if text, ok := w.readScript(call.Dir.Join("package.json")); ok {
		files = append(files, w.jsRequired(call.Dir, configValues(text, "nyc", "require"))...)
	}
	for _, f := range []string{"nyc.config.js", "nyc.config.cjs", "nyc.config.mjs"} {
		if text, ok := w.readScript(call.Dir.Join(f)); ok {
			// The module's require entries, as a data file's.
			files = append(files, w.jsRequired(call.Dir, jsConfigStrings(text, "require"))...)
			break
		}
	}
	inner := *call
	w.readConfigs(c, &inner, call.Dir, []string{"nyc.config.js", "nyc.config.cjs", "nyc.config.mjs"}, lang.JS, false)
	w.readTestFiles(c, call, files, string(lang.JS))
}

// lintStagedRun reads what lint-staged runs: its JavaScript
// configuration as a module, and the commands of a data configuration
// (.lintstagedrc, .lintstagedrc.json/.yml/.yaml, package.json's
// "lint-staged"): each pattern's command line, or list of them.
func (w *walker) lintStagedRun(c scope, call *Call) {
	if w.read == nil && len(w.written) == 0 || !call.Dir.Known {
		return
	}
	cfg := ""
	for i := 0; i < len(call.Args); i++ {
		v := call.Args[i].Value
		switch {
		case v == "--help" || v == "-h" || v == "--version" || v == "-V":
			return
		case (v == "-c" || v == "--config") && i+1 < len(call.Args):
			if !call.Args[i+1].Static {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: call.Args[i+1].Raw,
					What: "lint-staged runs the commands of a configuration only known at run time"})
				return
			}
			cfg = call.Args[i+1].Value
			i++
		case strings.HasPrefix(v, "--config="):
			cfg = strings.TrimPrefix(v, "--config=")
		}
	}
	cands := []string{".lintstagedrc.js", ".lintstagedrc.cjs", ".lintstagedrc.mjs", "lint-staged.config.js",
		"lint-staged.config.cjs", "lint-staged.config.mjs", ".lintstagedrc", ".lintstagedrc.json", ".lintstagedrc.yml",
		".lintstagedrc.yaml", "package.json"}
	if cfg != "" {
		cands = []string{cfg}
	}
	for _, f := range cands {
		text, ok := w.readScript(call.Dir.Join(f))
		if !ok {
			continue
		}
		if jsModule(f) {
			w.readConfigs(c, call, call.Dir, []string{f}, lang.JS, false)
			return
		}
		sub := ""
		if filepath.Base(f) == "package.json" {
			sub = "lint-staged"
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal([]byte(text), &obj) == nil {
			if sub != "" {
				if _, ok := obj[sub]; !ok {
					continue
				}
			}
		}
		cmds := lintStagedCommands(text, sub)
		for _, cmd := range cmds {
			w.runTaskText(c, call, call.Dir, cmd, f+" (lint-staged)", false)
		}
		return
	}
}

// lintStagedCommands returns the commands of a lint-staged data
// configuration: every value of its top-level object (or sub's), a
// string or a list of strings, in pattern order; YAML's "pattern: cmd"
// and "pattern:" with "- cmd" lines.
func lintStagedCommands(text, sub string) []string {
	var obj map[string]json.RawMessage
	if json.Unmarshal([]byte(text), &obj) == nil {
		if sub != "" {
			inner := obj[sub]
			obj = nil
			if json.Unmarshal(inner, &obj) != nil {
				return nil
			}
		}
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sortStrings(keys)
		var out []string
		for _, k := range keys {
			var one string
			var many []string
			if json.Unmarshal(obj[k], &one) == nil {
				out = append(out, one)
			} else if json.Unmarshal(obj[k], &many) == nil {
				out = append(out, many...)
			}
		}
		return capValues(out)
	}
	if sub != "" {
		return nil
	}
	var keys []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t\r")
		if line == "" || line[0] == ' ' || line[0] == '\t' || line[0] == '#' {
			continue
		}
		// The pattern is the text before the last ": " or the final ":".
		k := strings.TrimSuffix(line, ":")
		if i := strings.LastIndex(line, ": "); i >= 0 {
			k = line[:i]
		}
		keys = append(keys, yamlUnquote(strings.TrimSpace(k)))
	}
	return configValuesYAMLKeys(text, keys)
}

// configValuesYAMLKeys is configValues for YAML keys that may hold ":"
// (glob patterns), cut at the last ": " of the line.
func configValuesYAMLKeys(text string, keys []string) []string {
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimRight(line, " \t\r")
		if t != "" && t[0] != ' ' && t[0] != '\t' && t[0] != '#' {
			k, v := t, ""
			if i := strings.LastIndex(t, ": "); i >= 0 {
				k, v = t[:i], t[i+2:]
			} else {
				k = strings.TrimSuffix(t, ":")
			}
			k = strings.ReplaceAll(yamlUnquote(strings.TrimSpace(k)), ":", "\x00")
			b.WriteString(k + ": " + v + "\n")
			continue
		}
		b.WriteString(line + "\n")
	}
	for i, k := range keys {
		keys[i] = strings.ReplaceAll(k, ":", "\x00")
	}
	return configValues(b.String(), "", keys...)
}

// pm2Run reads the program pm2 start (restart, reload, startOrRestart,
// startOrReload) runs: a JavaScript ecosystem file is a module pm2
// requires (ecosystem.config.js when no file is given), a JSON one names
// each app's script, and any other file is the app itself, run by the
// interpreter its extension or #! line names (node for .js).
//
// pm2 runs an app whose script has a blank in it as bash -c SCRIPT (its
// prepareAppConf, for the command line's and an ecosystem file's apps
// alike, whether or not a file of that name exists): pm2 start "npm run
// dev" is the shell text npm run dev. A script that is no file is a
// program pm2 finds in PATH, given the words after --: pm2 start npm --
// run dev runs npm run dev.
func (w *walker) pm2Run(c scope, call *Call) {
	sub, file, dash := "", -1, -1
	for i := 0; i < len(call.Args); i++ {
		v := call.Args[i].Value
		switch {
		case v == "--help" || v == "-h" || v == "--version" || v == "-v":
			return
		case v == "--":
			dash = i
			i = len(call.Args)
		case strings.HasPrefix(v, "-"):
			if !strings.Contains(v, "=") && (v == "--name" || v == "-n" || v == "-i" || v == "--instances" || v == "--interpreter" ||
				v == "--cwd" || v == "-o" || v == "-e" || v == "-l" || v == "--log" || v == "--output" || v == "--error" ||
				v == "--only" || v == "--env" || v == "--max-memory-restart" || v == "--cron" || v == "--node-args" ||
				v == "--interpreter-args" || v == "--watch-delay" || v == "--namespace" || v == "-x") && i+1 < len(call.Args) {
				i++
			}
		case sub == "":
			sub = v
		case file < 0:
			file = i
		}
	}
	switch sub {
	case "start", "restart", "reload", "startOrRestart", "startOrReload", "startOrGracefulReload":
	default:
		return
	}
	a := Arg{Value: "ecosystem.config.js", Raw: "ecosystem.config.js", Static: true}
	if file >= 0 {
		a = call.Args[file]
	}
	if !a.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
			What: "pm2 starts a program only known at run time"})
		return
	}
	if strings.ContainsAny(a.Value, " ") {
		w.runTaskText(c, call, call.Dir, a.Value, "pm2 "+sub+" (bash -c)", false)
		return
	}
	if file >= 0 && !strings.ContainsAny(a.Value, "/.") && call.Dir.Known && !w.exists(call.Dir.Join(a.Value).Path) {
		// A program from PATH with the words after --.
		text := Quote(a.Value)
		if dash >= 0 {
			for _, x := range call.Args[dash+1:] {
				if !x.Static {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: x.Raw,
						What: "pm2 starts " + a.Value + " with words only known at run time"})
					return
				}
				text += " " + Quote(x.Value)
			}
		}
		w.runTaskText(c, call, call.Dir, text, "pm2 "+sub, false)
		return
	}
	if w.read == nil && len(w.written) == 0 || !call.Dir.Known {
		return
	}
	if strings.HasSuffix(a.Value, ".json") {
		text, ok := w.readScript(call.Dir.Join(a.Value))
		if !ok {
			return
		}
		var eco struct {
			Apps []struct {
				Script  string `json:"script"`
				Cmd     string `json:"cmd"`
				Command string `json:"command"`
				Cwd     string `json:"cwd"`
			} `json:"apps"`
		}
		if json.Unmarshal([]byte(text), &eco) != nil {
			return
		}
		for i, app := range eco.Apps {
			if app.Script == "" {
				app.Script = app.Cmd // pm2 takes cmd, then command, for a missing script
			}
			if app.Script == "" {
				app.Script = app.Command
			}
			if i >= maxConfigValues || app.Script == "" {
				break
			}
			inner := *call
			inner.Dir = call.Dir.Join(app.Cwd)
			if strings.Contains(app.Script, " ") {
				w.runTaskText(c, &inner, inner.Dir, app.Script, a.Value+" apps["+strconv.Itoa(i)+"] (bash -c)", false)
				continue
			}
			w.readConfigs(c, &inner, inner.Dir, []string{app.Script}, lang.ForFile(app.Script, ""), false)
		}
		return
	}
	if !w.exists(call.Dir.Join(a.Value).Path) {
		return
	}
	as := ""
	if jsModule(a.Value) {
		as = string(lang.JS)
	}
	inner := *call
	w.lenient++
	w.scriptFile(c, &inner, a, as)
	w.lenient--
}

// rspecRun reads what rspec loads before the examples: the --require
// (-r) files of its options files (./.rspec, ./.rspec-local, ~/.rspec)
// and command line, found as Ruby's require finds them with rspec's
// default load path (spec and lib, then the working directory), and the
// spec files of the paths given or spec/ (*_spec.rb).
func (w *walker) rspecRun(c scope, call *Call) {
	if w.read == nil && len(w.written) == 0 || !call.Dir.Known {
		return
	}
	var words, targets []Arg
	rcs := []string{".rspec", ".rspec-local"}
	if home, _ := w.userHome(c, call, "requires the files ~/.rspec names"); home != "" {
		rcs = append([]string{filepath.Join(home, ".rspec")}, rcs...)
	}
	for _, f := range rcs {
		text, ok := w.readScript(call.Dir.Join(f))
		if !ok {
			continue
		}
		for _, line := range strings.Split(text, "\n") {
			for _, s := range strings.Fields(line) {
				words = append(words, Arg{Value: s, Raw: s, Static: true})
			}
		}
	}
	words = append(words, call.Args...)
	var reqs []string
	for i := 0; i < len(words); i++ {
		v := words[i].Value
		switch {
		case v == "--help" || v == "-h" || v == "--version" || v == "-v" || v == "--init":
			return
		case (v == "--require" || v == "-r") && i+1 < len(words):
			reqs = append(reqs, words[i+1].Value)
			i++
		case strings.HasPrefix(v, "--require="):
			reqs = append(reqs, strings.TrimPrefix(v, "--require="))
		case strings.HasPrefix(v, "-r") && len(v) > 2:
			reqs = append(reqs, v[2:])
		case (v == "-I" || v == "--default-path" || v == "-e" || v == "--example" || v == "-t" || v == "--tag" ||
			v == "-f" || v == "--format" || v == "-o" || v == "--out" || v == "-P" || v == "--pattern" || v == "--seed" ||
			v == "--order") && i+1 < len(words):
			i++
		case strings.HasPrefix(v, "-"):
		case i >= len(words)-len(call.Args):
			targets = append(targets, words[i])
		}
	}
	var files []string
	for _, r := range reqs {
		r = strings.TrimSuffix(r, ".rb")
		for _, d := range []string{"spec", "lib", "."} {
			files = append(files, filepath.Join(d, r+".rb"))
		}
	}
	if len(targets) == 0 {
		targets = []Arg{{Value: "spec", Raw: "spec", Static: true}}
	}
	for _, t := range targets {
		if !t.Static {
			continue
		}
		p, _, _ := strings.Cut(t.Value, ":") // spec/a_spec.rb:12
		d := call.Dir.Join(p)
		if !d.Known {
			continue
		}
		if !w.dirLike(d.Path) {
			files = append(files, d.Path)
			continue
		}
		files = append(files, w.collect(d.Path, func(p string) bool { return strings.HasSuffix(p, "_spec.rb") })...)
	}
	w.readTestFiles(c, call, files, string(lang.Ruby))
}

// jsConfigStrings returns the string literals a JavaScript configuration
// module gives keys (key: "a", key: ["a", 'b'], "key": `c`, key:
// require.resolve("./d")), wherever the key is; a template with ${…}
// is left out.
func jsConfigStrings(text string, keys ...string) []string {
	var out []string
	for _, k := range keys {
		re := jsConfigKey(k)
		for _, m := range re.FindAllStringSubmatch(text, maxConfigValues) {
			for _, q := range jsQuoted.Get().FindAllStringSubmatch(m[1], maxConfigValues) {
				v := q[1] + q[2] + q[3]
				if !strings.Contains(v, "${") && v != "" {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

var jsQuoted = lazy.Regexp{Expr: "'([^'\\n]*)'|\"([^\"\\n]*)\"|`([^`]*)`"}

var jsConfigKeys = lazy.Value[map[string]*regexp.Regexp]{New: func() map[string]*regexp.Regexp {
	m := map[string]*regexp.Regexp{}
	for _, k := range []string{"require", "file", "globalSetup", "globalTeardown", "command"} {
		m[k] = regexp.MustCompile(`(?:^|[^\w$.])['"]?` + k + `['"]?\s*:\s*(?:require\.resolve\(\s*)?(\[[^\]]*\]|'[^'\n]*'|"[^"\n]*"|` + "`[^`]*`" + `)`)
	}
	return m
}}

func jsConfigKey(k string) *regexp.Regexp { return jsConfigKeys.Get()[k] }

// playwrightRefs reads what a Playwright configuration names beside
// itself: its globalSetup and globalTeardown modules (a path, or a list
// of them, relative to the configuration's directory; Playwright
// requires each before and after the run) as JavaScript, and each
// webServer command, a command line it starts before the tests.
func (w *walker) playwrightRefs(c scope, call *Call, dir Dir, files []string) {
	if w.read == nil && len(w.written) == 0 || !dir.Known {
		return
	}
	for _, f := range files {
		d := dir.Join(f)
		text, ok := w.readScript(d)
		if !ok {
			continue
		}
		base := Dir{Path: filepath.Dir(d.Path), Known: true}
		var mods []string
		for _, m := range jsConfigStrings(text, "globalSetup", "globalTeardown") {
			p := base.Join(m)
			if !p.Known {
				continue
			}
			for _, ext := range []string{"", ".ts", ".js", ".mjs", ".cjs", ".mts", ".cts"} {
				mods = append(mods, p.Path+ext)
			}
		}
		w.readTestFiles(c, call, mods, string(lang.JS))
		if strings.Contains(text, "webServer") {
			for i, cmd := range jsConfigStrings(text, "command") {
				if i >= maxConfigValues {
					break
				}
				w.runTaskText(c, call, base, cmd, relTo(call.Dir.Path, d.Path)+" (webServer)", false)
			}
		}
		return
	}
}
