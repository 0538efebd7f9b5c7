package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var toolConfig = Rule{
	Name:      "tool-config",
	Decisions: []Decision{Ask},
	Doc: `A package manager's persistent settings that point every later
install in every project elsewhere: npm, pnpm and yarn config set (and
npm set) of registry (or @scope:registry; yarn 2+'s npmRegistryServer
and npmScopes.NAME.npmRegistryServer), ignore-scripts, globalconfig,
userconfig, prefix, or a program npm runs later (script-shell, the shell
every package script runs in; node-options; shell, git, editor): ask. go env -w of GOFLAGS, CC, GOPROXY and the
other keys that make go run or fetch code, and pip config set of an
index or trusted host, are read by the shell model and asked about as
hidden-code (syntax/gotool.go, syntax/taskrunners.go), which keeps go and
pip out of the risky words; so are conda's channels by URL and
channel_alias, poetry's repositories and sources, uv add --index and
uv python install --mirror (syntax/pkgindex.go). npm config get/list and other keys pass.`,
	Commands: []string{"npm", "pnpm", "yarn"},
	Call:     checkToolConfig,
}

func checkToolConfig(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	args := c.Words()
	i := 0
	if len(args) > 0 && args[0] == "config" {
		i = 1
	}
	if len(args) < i+2 || args[i] != "set" || i == 0 && c.Name != "npm" {
		return
	}
	key, _, _ := strings.Cut(args[i+1], "=")
	switch {
	case key == "registry", strings.HasSuffix(key, ":registry"), key == "ignore-scripts", key == "globalconfig",
		key == "userconfig", key == "prefix", key == "script-shell", key == "node-options", key == "shell", key == "git",
		key == "editor", strings.EqualFold(key, "npmRegistryServer"),
		strings.HasPrefix(key, "npmScopes.") && strings.HasSuffix(strings.ToLower(key), ".npmregistryserver"):
		p.Report(c, Finding{Rule: "tool-config", Decision: Ask,
			Message: c.Name + " config set " + key + " is kept in the user's configuration: every later install in every project follows it"})
	}
}
