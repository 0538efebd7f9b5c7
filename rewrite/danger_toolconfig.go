package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var toolConfig = Rule{
	Name:      "tool-config",
	Decisions: []Decision{Ask},
	Doc: `A package manager's persistent settings that point every later
install in every project elsewhere: npm, pnpm and yarn config set (and
npm set) of registry (or @scope:registry; yarn 2+'s npmRegistryServer
and npmScopes.NAME.npmRegistryServer, yarnPath, yarn 1's yarn-path),
ignore-scripts, globalconfig,
userconfig, prefix, or a program npm runs later (script-shell, the shell
every package script runs in; node-options; shell, git, editor): ask. go env -w of GOFLAGS, CC, GOPROXY and the
other keys that make go run or fetch code, and pip config set of an
index or trusted host, are read by the shell model and asked about as
hidden-code (syntax/gotool.go, syntax/taskrunners.go), which keeps go and
pip out of the risky words; so are conda's channels by URL and
channel_alias, poetry's repositories and sources, uv add --index and
uv python install --mirror (syntax/pkgindex.go). A value is judged as
the same line written into the file is (syntax.IndexValueRisky): the
default registry (https://registry.npmjs.org/, registry.yarnpkg.com)
and ignore-scripts true pass; npm's options are read anywhere among the
words (npm --userconfig F config set …). npm config get/list and other
keys pass.`,
	Commands: []string{"npm", "pnpm", "yarn"},
	Call:     checkToolConfig,
}

// npmValueOpts are npm's options (nopt) that take the next word as
// their value when not written --name=value; the others are flags.
var npmValueOpts = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"--userconfig": true, "--globalconfig": true, "--location": true, "-L": true,
		"--registry": true, "--prefix": true, "--cache": true, "--loglevel": true, "-w": true, "--workspace": true,
		"--dir": true, "-C": true, "--filter": true, "--cwd": true}
}}

func checkToolConfig(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	// The words, options (anywhere: npm's nopt reads them among the
	// command's words) left out.
	var args []string
	var vals []syntax.Arg
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		if a.Static && strings.HasPrefix(a.Value, "-") && a.Value != "-" {
			if npmValueOpts.Get()[a.Value] {
				i++
			}
			continue
		}
		args = append(args, a.Value)
		vals = append(vals, a)
	}
	i := 0
	if len(args) > 0 && (args[0] == "config" || args[0] == "c" && c.Name == "npm") {
		i = 1
	}
	if len(args) < i+2 || args[i] != "set" || i == 0 && c.Name != "npm" {
		return
	}
	// The file the setting is kept in, as its own line would be judged
	// there (syntax.IndexValueRisky): npm and pnpm an .npmrc, yarn 1 a
	// .yarnrc, yarn 2+ a .yarnrc.yml.
	file := "/.npmrc"
	// npm config set KEY VALUE, or KEY=VALUE pairs (npm 7+ takes several).
	for j := i + 1; j < len(args); j++ {
		key, val, eq := strings.Cut(args[j], "=")
		runtime := !vals[j].Static
		if !eq {
			if j+1 < len(args) {
				j++
				val, runtime = args[j], runtime || !vals[j].Static
			} else {
				runtime = true // no value given here: not known to be the default
			}
		}
		if c.Name == "yarn" {
			file = "/.yarnrc"
			if key == "npmRegistryServer" || key == "yarnPath" || strings.HasPrefix(key, "npmScopes.") {
				file = "/.yarnrc.yml"
			}
		}
		if !toolConfigKey(key) {
			continue
		}
		if !runtime && !syntax.IndexValueRisky(file, key, val, false) {
			// The default registry, ignore-scripts true: the same line
			// written into the file passes.
			continue
		}
		p.Report(c, Finding{Rule: "tool-config", Decision: Ask,
			Message: c.Name + " config set " + key + " is kept in the user's configuration: every later install in every project follows it"})
		return
	}
}

// toolConfigKey reports a key npm, pnpm or yarn config set keeps that
// sends installs elsewhere or runs a program later.
func toolConfigKey(key string) bool {
	switch {
	case key == "registry", strings.HasSuffix(key, ":registry"), key == "ignore-scripts", key == "globalconfig",
		key == "userconfig", key == "prefix", key == "script-shell", key == "node-options", key == "shell", key == "git",
		key == "editor", key == "init-module", key == "init.module", key == "yarnPath", key == "yarn-path", strings.EqualFold(key, "npmRegistryServer"),
		strings.HasPrefix(key, "npmScopes.") && strings.HasSuffix(strings.ToLower(key), ".npmregistryserver"):
		return true
	}
	return false
}
