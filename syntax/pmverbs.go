package syntax

import (
	"encoding/json"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// Package managers' other names for the verbs that run the project's
// scripts (red team 14 NP1), read as npm's are: pnpm's aliases (pnpm
// test is t and tst, install-test is it, rebuild is rb; pnpm restart
// runs stop, restart and start), yarn's and pnpm's bare script name for a
// word that is no command of theirs (pnpm has no x: pnpx is dlx; yarn
// neither), bun NAME when NAME is a script of package.json (bun runs its
// own commands first, then a script, a file, a package's binary), bun
// --cwd DIR FILE (DIR's FILE),
// bun install/add with no package (the project's lifecycle scripts),
// lerna run NAME (the script in each of the packages), and ninja -t
// clean (it removes every file the build file's build lines make).

// pmAliases models the yarn and pnpm verbs above; it reports whether
// call was handled (packageRun then stops).
func (w *walker) pmAliases(c scope, call *Call) bool {
	if call.Name != "yarn" && call.Name != "pnpm" {
		return false
	}
	d, ws := pmProjectArgs(call)
	if !d.Known {
		return false
	}
	inner := *call
	inner.Dir = d
	if len(ws) == 0 {
		if call.Name != "yarn" {
			return false
		}
		// yarn --version, yarn -v, yarn --help print and install nothing.
		opts, _ := ScanOptions(call.Args, yarnOptions)
		for _, o := range opts {
			switch o.Name {
			case "version", "v", "help", "h":
				return true
			}
		}
		return false
	}
	if ws[0] == "x" {
		// yarn x, pnpm x: the script x (neither has an x command; pnpm
		// runs a word that is no script as pnpm exec would).
		w.packageScript(c, &inner, "x", call.Name)
		return false
	}
	if call.Name != "pnpm" {
		return false
	}
	w.pnpmShellCommand(c, call, d, ws[0])
	switch ws[0] {
	case "t", "tst":
		w.packageScript(c, &inner, "test", call.Name)
		return true
	case "it", "install-test":
		// pnpm install, then pnpm test (it takes install's arguments).
		w.lifecycleScripts(c, &inner, call.Name)
		w.packageScript(c, &inner, "test", call.Name)
		return true
	case "rb", "rebuild":
		// pnpm rebuild: the install scripts of the project and of its
		// packages, as npm rebuild runs them.
		var pkgs []string
		for _, v := range ws[1:] {
			if !strings.HasPrefix(v, "-") {
				pkgs = append(pkgs, v)
			}
		}
		w.npmRebuild(c, &inner, pkgs, nil)
		return true
	case "restart":
		// pnpm restart: the stop, restart and start scripts.
		for _, n := range []string{"stop", "restart", "start"} {
			w.packageScript(c, &inner, n, call.Name)
		}
		return true
	}
	return false
}

// pnpmCommands are pnpm's own commands (pnpm help) that
// packageBuiltins does not list.
var pnpmCommands = lazy.Set{List: []string{"uninstall", "un", "ln", "rebuild", "rb", "fetch", "install-test", "it",
	"patch-commit", "patch-remove", "run", "run-script", "test", "t", "tst", "start", "restart", "stop", "setup",
	"server", "root", "deploy", "doctor", "get", "cat-file", "cat-index", "find-hash", "self-update",
	"approve-builds", "ignored-builds", "catalogs", "pm", "clean", "sbom", "completion", "recursive", "multi", "m"}}

// pnpmNotCommands are the words of packageBuiltins (yarn's and bun's
// commands) that pnpm has no command for: pnpm node … runs node.
var pnpmNotCommands = lazy.Set{List: []string{"node", "workspace", "workspaces", "plugin", "global"}}

// pnpmShellCommand models pnpm NAME ARGS when NAME is neither a pnpm
// command nor a script of package.json: pnpm (6.6.1 on) runs it as pnpm
// exec would, a command found on PATH with node_modules/.bin first
// (pnpm bash -c …, pnpm nx build web).
func (w *walker) pnpmShellCommand(c scope, call *Call, d Dir, name string) {
	if packageBuiltins.Get()[name] && !pnpmNotCommands.Has(name) || pnpmCommands.Has(name) || strings.HasPrefix(name, "-") {
		return
	}
	if _, scripts, found := w.manifestScripts(d, "package.json"); found && scripts[name] != nil {
		return // the script's (packageRun)
	}
	_, ops := ScanOptions(call.Args, pnpmOptions)
	if len(ops) == 0 {
		return
	}
	inner, env := w.packageScriptCall(call, d)
	w.argvChild(c, inner, call.Args[ops[0]:], "pnpm "+name, env, d)
}

// bunCommands are bun's own commands (bun --help), which run before a
// package.json script of the same name.
var bunCommands = lazy.Set{List: []string{"run", "test", "x", "repl", "exec", "install", "i", "add", "a", "remove",
	"rm", "update", "outdated", "link", "unlink", "publish", "patch", "patch-commit", "pm", "info", "why", "build",
	"init", "create", "c", "upgrade", "audit", "completions", "discord", "help", "feedback"}}

// bunVerb models bun NAME (a package.json script when NAME is one and no
// bun command; a file of that name is read as bun runs it, by
// interpreter) and bun install/i/add/a with no package (the project's
// install lifecycle scripts). It does not stop the rest of the reading.
func (w *walker) bunVerb(c scope, call *Call) {
	if call.Name != "bun" {
		return
	}
	d, ws := pmProjectArgs(call)
	if !d.Known || len(ws) == 0 {
		return
	}
	for _, a := range call.Args {
		if a.Static && (a.Value == "-e" || a.Value == "-p" || strings.HasPrefix(a.Value, "--eval") || strings.HasPrefix(a.Value, "--print")) {
			return // bun -e CODE: the interpreter's
		}
	}
	inner := *call
	inner.Dir = d
	if file := ws[0]; d != call.Dir && (file == "run" && len(ws) > 1 && looksLikeFile(ws[1]) || looksLikeFile(file)) {
		// bun --cwd DIR FILE, bun run --cwd DIR FILE: FILE is DIR's (the
		// interpreter reads it from the working directory).
		if file == "run" {
			file = ws[1]
		}
		for i := len(call.Args) - 1; i >= 0; i-- {
			if a := call.Args[i]; a.Static && a.Value == file {
				w.interpreterFile(c, &inner, a, lang.JS)
				break
			}
		}
		return
	}
	switch name := ws[0]; {
	case name == "install" || name == "i" || name == "add" || name == "a":
		pkgs := 0
		for _, v := range ws[1:] {
			if !strings.HasPrefix(v, "-") {
				pkgs++
			}
		}
		if pkgs == 0 {
			w.lifecycleScripts(c, &inner, "bun")
		} else {
			// bun add ./pkg: a local package's scripts (npmlocal.go).
			w.localPackageSpecs(c, &inner, pmAddedPackages("bun", ws), lifecycleNames, "bun "+name, true)
		}
	case bunCommands.Has(name) || looksLikeFile(name):
	default:
		w.packageScript(c, &inner, name, "bun")
	}
}

// lernaSpec is lerna's options that take a value (lerna run --help).
var lernaSpec = OptSpec{LongEq: true, LongVal: []string{"scope", "ignore", "concurrency", "since", "loglevel",
	"npm-client", "profile-location"}}

// lernaRun models lerna run SCRIPT: the script (with its pre and post
// scripts, as npm run has them) of each package lerna finds: lerna.json's
// "packages" globs (packages/* when it names none), or the workspaces of
// package.json when lerna.json says useWorkspaces or names none.
func (w *walker) lernaRun(c scope, call *Call) {
	_, ops := ScanOptions(call.Args, lernaSpec)
	if len(ops) < 2 || call.Args[ops[0]].Value != "run" {
		return
	}
	script := call.Args[ops[1]]
	if !script.Static {
		return
	}
	root := call.Dir
	text, ok := w.readScript(root.Join("lerna.json"))
	var cfg struct {
		Packages      []string `json:"packages"`
		UseWorkspaces bool     `json:"useWorkspaces"`
	}
	if ok {
		_ = json.Unmarshal([]byte(text), &cfg)
	}
	var dirs []Dir
	if cfg.UseWorkspaces || len(cfg.Packages) == 0 {
		dirs = w.npmWorkspaceDirs(root)
	}
	globs := cfg.Packages
	if len(globs) == 0 {
		globs = []string{"packages/*"}
	}
	dirs = append(dirs, w.workspaceDirs(root, globs)...)
	seen := map[string]bool{}
	for _, d := range dirs {
		if seen[d.Path] {
			continue
		}
		seen[d.Path] = true
		in := *call
		in.Dir = d
		w.ownScripts(c, &in, d, []string{"pre" + script.Value, script.Value, "post" + script.Value}, "lerna run")
	}
}

// ninjaCleanSpec is ninja's options (ninja --help) with -t's tool.
var ninjaCleanSpec = OptSpec{ShortVal: "Cfjkldtw"}

// ninjaClean models ninja -t clean (also with -C DIR, -f FILE): it
// removes the outputs of every build line of the build file that is not
// phony (those of a target's inputs with targets named, of a rule's
// with -r: all of them are taken), judged as rm -f of them. An output
// with a variable is only known when ninja reads the file: asked about.
func (w *walker) ninjaClean(c scope, call *Call) {
	opts, _ := ScanOptions(call.Args, ninjaCleanSpec)
	dir, file, clean := call.Dir, "build.ninja", false
	for _, o := range opts {
		switch {
		case o.Name == "t" && o.HasVal:
			clean = o.Val.Static && o.Val.Value == "clean"
		case o.Name == "C" && o.HasVal && o.Val.Static:
			dir = dir.Join(o.Val.Value)
		case o.Name == "f" && o.HasVal && o.Val.Static:
			file = o.Val.Value
		}
	}
	if !clean || !dir.Known {
		return
	}
	text, ok := w.readScript(dir.Join(file))
	if !ok {
		return
	}
	text = w.ninjaIncluded(call, dir, text, 0) // include and subninja files' builds too (ninja.go)
	words := []Arg{{Value: "rm", Raw: "rm", Static: true}, {Value: "-f", Raw: "-f", Static: true},
		{Value: "--", Raw: "--", Static: true}}
	n := len(words)
	for _, line := range strings.Split(strings.ReplaceAll(text, "$\n", " "), "\n") {
		rest, ok := strings.CutPrefix(line, "build ")
		if !ok {
			continue
		}
		outs, rule, ok := ninjaBuildHead(rest)
		if !ok || rule == "phony" {
			continue
		}
		for _, o := range outs {
			if strings.Contains(o, "$") {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o,
					What: call.Name + " -t clean removes " + clip(o, 60) + ", a path only known when it reads " + file})
				continue
			}
			words = append(words, Arg{Value: o, Raw: o, Static: true})
		}
		if len(words) > n+maxScriptMatches {
			w.m.Truncated = true
			break
		}
	}
	if len(words) == n {
		return
	}
	w.argvChild(c, call, words, call.Name+" -t clean", call.env, dir)
}

// ninjaBuildHead splits the rest of a build line, "OUT… [| IMPLICIT…]:
// RULE …", into its outputs (ninja's "$ " and "$:" escapes read) and its
// rule.
func ninjaBuildHead(s string) (outs []string, rule string, ok bool) {
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			outs = append(outs, b.String())
			b.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == '$' && i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == ':'):
			b.WriteByte(s[i+1])
			i++
		case ch == ' ' || ch == '|':
			flush()
		case ch == ':':
			flush()
			fields := strings.Fields(s[i+1:])
			if len(fields) == 0 {
				return nil, "", false
			}
			return outs, fields[0], true
		default:
			b.WriteByte(ch)
		}
	}
	return nil, "", false
}
