package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// agentSettingCommands are, per coding-agent CLI, its subcommands that
// change its own settings: the plugins, extensions, hooks, MCP servers,
// skills and feature flags it loads. A group maps to the verbs that
// write ("*" for every verb but the read-only ones of agentReadVerbs),
// from each CLI's --help (Claude Code 2.1, Gemini CLI 0.61, Codex 0.1xx;
// Qwen Code follows Gemini's).
var agentSettingCommands = lazy.Value[map[string]map[string][]string]{New: func() map[string]map[string][]string {
	return map[string]map[string][]string{
		"claude": {
			"plugin":  {"*"},
			"plugins": {"*"},
			"mcp":     {"add", "add-json", "add-from-claude-desktop", "remove", "reset-project-choices"},
			"import":  {"*"},
			// claude config set|add|remove KEY VALUE writes the settings
			// (allowedTools, hooks in older releases).
			"config": {"set", "add", "remove", "reset"},
		},
		"gemini": {
			"extensions": {"*"},
			"extension":  {"*"},
			"mcp":        {"add", "remove", "enable", "disable"},
			"skills":     {"*"},
			"skill":      {"*"},
			"hooks":      {"*"},
			"hook":       {"*"},
		},
		"codex": {
			"mcp":      {"add", "remove"},
			"plugin":   {"*"},
			"features": {"enable", "disable"},
		},
	}
}}

// agentWriteVerbs are the verbs that change settings in some group, for
// a group only known at run time.
var agentWriteVerbs = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"disable": true, "enable": true, "install": true, "uninstall": true, "remove": true,
		"update": true, "add": true, "add-json": true, "link": true, "migrate": true, "marketplace": true, "prune": true, "autoremove": true}
}}

// agentReadVerbs are the verbs of a "*" group that only show things.
var agentReadVerbs = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"list": true, "details": true, "validate": true, "help": true, "get": true,
		"test": true, "eval": true, "init": true, "new": true, "tag": true, "--help": true, "-h": true}
}}

var agentSettings = Rule{
	Name:      "agent-settings",
	Decisions: []Decision{Deny},
	Doc: `A coding agent's own CLI changing the agent's settings: claude plugin
disable/uninstall/install/enable/update/marketplace …, claude mcp
add/remove, claude import, claude config set/add/remove; gemini/qwen extensions, skills and hooks
changes, mcp add/remove/enable/disable; codex mcp add/remove, plugin
changes, features enable/disable (also through npx, bunx or pnpm dlx).
These write the settings files that register corral (claude plugin disable
corral switches it off) or give the agent tools corral does not see (an
MCP server that runs commands), which the agent cannot write directly
either: deny. A verb only known at run time counts as a change, and so
does a group only known at run time followed by a verb that changes
settings (claude "$G" disable corral). Listing
and showing (plugin list, mcp list/get, extensions list) pass.`,
	Commands: []string{"claude", "gemini", "qwen", "codex",
		"claude-code", "gemini-cli", "qwen-code"},
	Call: func(p *Pass, c *syntax.Call) {
		name, args, ok := agentCLI(c)
		if !ok {
			return
		}
		cli := name
		if cli == "qwen" {
			cli = "gemini" // Qwen Code keeps Gemini CLI's commands
		}
		groups := agentSettingCommands.Get()[cli]
		if groups == nil {
			return
		}
		group, verb, dynamic, ok := agentSubcommand(args, groups)
		if !ok {
			return
		}
		change := dynamic
		for _, v := range groups[group] {
			all := v == "*" && (verb != "" && !agentReadVerbs.Get()[verb] || group == "import")
			change = change || v == verb && verb != "" || all
		}
		if change {
			p.Report(c, Finding{Rule: "agent-settings", Decision: Deny,
				Message: name + " " + strings.TrimSpace(group+" "+verb) + " changes " + name + "'s own settings (its plugins, hooks or tools), which can switch corral off; only the person can run it"})
		}
	},
}

// agentSubcommand returns the group of an agent CLI's command line (the
// first word that names one of groups, wherever options with values put
// it: claude --model opus plugin disable x) and its verb, the next word
// that is not an option ("" when there is none). dynamic reports a verb
// only known at run time; ok is false when there is no group, or a word
// only known at run time comes before it.
func agentSubcommand(args []syntax.Arg, groups map[string][]string) (group, verb string, dynamic, ok bool) {
	for i, a := range args {
		if !a.Static {
			// A group only known at run time ("$G" disable corral): a
			// change when a verb that writes follows.
			for _, b := range args[i+1:] {
				if !b.Static || strings.HasPrefix(b.Value, "-") {
					continue
				}
				if agentWriteVerbs.Get()[b.Value] {
					return "", b.Value, true, true
				}
				break
			}
			return "", "", false, false
		}
		if _, isGroup := groups[a.Value]; !isGroup {
			continue
		}
		for _, b := range args[i+1:] {
			switch {
			case !b.Static:
				return a.Value, "", true, true
			case agentReadVerbs.Get()[b.Value] || !strings.HasPrefix(b.Value, "-"):
				return a.Value, b.Value, false, true
			}
		}
		return a.Value, "", false, true
	}
	return "", "", false, false
}
