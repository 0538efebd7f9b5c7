package rewrite

import (
	"encoding/json"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

// agentBypass are the options of coding-agent CLIs that turn their
// approvals off or widen their sandbox to the whole machine, by program,
// from each CLI's documentation. A value after "=" or as the next word is
// given with the option ("--permission-mode bypassPermissions").
var agentBypass = lazy.Value[map[string][]string]{New: func() map[string][]string {
	return map[string][]string{
		"claude": {"--dangerously-skip-permissions", "--allow-dangerously-skip-permissions", "--permission-mode bypassPermissions",
			"--setting-sources", "--settings", "--bare", "--safe-mode", "--restricted",
			"--mcp-config", "--plugin-dir", "--plugin-url"},
		"codex": {"--dangerously-bypass-approvals-and-sandbox", "--yolo", "--sandbox danger-full-access", "-s danger-full-access",
			"-c sandbox_mode=danger-full-access", "--dangerously-bypass-hook-trust"},
		"gemini":       {"--yolo", "-y", "--approval-mode yolo", "--policy", "--admin-policy", "--skip-trust"},
		"qwen":         {"--yolo", "-y", "--approval-mode yolo"},
		"cursor-agent": {"--force", "-f"},
		"amp":          {"--dangerously-allow-all"},
		"crush":        {"--yolo", "-y"},
		"droid":        {"--skip-permissions-unsafe", "--auto high"},
		"copilot":      {"--allow-all-tools", "--allow-all", "--yolo"},
		"kimi":         {"--yolo"},
		"aider":        {"--yes-always"},
		"opencode":     {"--dangerously-skip-permissions"},
		// Red team 14 RG1: claude --agents with hooks (agentsHooks), and
		// the agents corral registers with whose CLIs turn approvals off.
		"cline":    {"--yolo", "-y"},
		"kiro-cli": {"--trust-all-tools"},
		"hermes":   {"--yolo"},
	}
}}

// agentPackages are the npm packages of those CLIs, run by npx, bunx or
// pnpm dlx.
var agentPackages = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"@anthropic-ai/claude-code": "claude", "@openai/codex": "codex",
		"@google/gemini-cli": "gemini", "@qwen-code/qwen-code": "qwen", "opencode-ai": "opencode", "@github/copilot": "copilot",
		"@charmland/crush": "crush", "@sourcegraph/amp": "amp", "aider-chat": "aider"}
}}

// agentOptionEffect says, for the options of agentBypass that do more
// than turn approvals off, what they do: skip or ignore the settings
// that register corral's hook, or load programs (MCP servers, plugins
// with hooks, trusted project hooks, policy files) that run without
// corral seeing them. Each is from the CLI's own --help.
var agentOptionEffect = lazy.Value[map[string]string]{New: func() map[string]string {
	const hooks = "skips the hooks in the settings files, corral's among them"
	const settings = "ignores the user and project settings files that register corral's hook"
	const loads = "loads programs (MCP servers, plugins and their hooks) that run without corral seeing them"
	return map[string]string{
		"claude --bare": hooks, "claude --safe-mode": hooks, "claude --restricted": settings,
		"claude --setting-sources": settings, "claude --settings": "adds settings that can turn hooks off or approve every tool",
		"claude --mcp-config": loads, "claude --plugin-dir": loads, "claude --plugin-url": loads,
		"codex --dangerously-bypass-hook-trust": "runs the project's hooks without the trust the user gives them",
		"gemini --policy":                       "loads policy files that can approve every tool, as --yolo does",
		"gemini --admin-policy":                 "loads policy files that can approve every tool, as --yolo does",
		"gemini --skip-trust":                   "trusts the workspace, so its settings' hooks and MCP servers run",
	}
}}

var agentUnguarded = Rule{
	Name:      "agent-unguarded",
	Decisions: []Decision{Ask},
	Doc: `Another coding agent started with its approvals turned off or its sandbox
opened to the whole machine (claude --dangerously-skip-permissions or
--permission-mode bypassPermissions, or with --settings/--setting-sources,
which can leave out the settings that register corral; codex --yolo,
--sandbox danger-full-access or a -c/--config sandbox_mode override to
danger-full-access, quoted as TOML or not; gemini/qwen --yolo or --approval-mode yolo;
cursor-agent --force; amp --dangerously-allow-all; copilot
--allow-all-tools; aider --yes-always; and the same run through npx, bunx or
pnpm dlx) runs commands corral does not see unless corral is registered for
that agent too: ask. So does one started with an environment that changes
how corral guards it: corral's variables (CORRAL_*, CONTENT_FILTER_*,
FILE_RESTRICTIONS) set or unset, CLAUDE_PROJECT_DIR, or the directories
its settings and corral's state are found in (HOME, XDG_*_HOME,
CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME), by a prefix, env, env -u,
env -i, or an assignment or unset earlier in the command. Starting an agent
with its own approvals on passes.`,
	Commands: []string{"claude", "codex", "gemini", "qwen", "cursor-agent", "amp", "crush", "droid", "copilot", "kimi", "aider",
		"opencode", "cline", "kiro-cli", "hermes", "goose",
		"claude-code", "gemini-cli", "qwen-code", "opencode-ai", "claude.exe", "aider-chat"},
	Call: func(p *Pass, c *syntax.Call) {
		name, args, ok := agentCLI(c)
		if !ok {
			return
		}
		if v := guardEnv(c.EnvChanged); v != "" {
			p.Report(c, Finding{Rule: "agent-unguarded", Decision: Ask,
				Message: name + " is started with " + v + " changed, which decides whether and how corral guards it (its hooks, policy, state or project)"})
			return
		}
		if name == "claude" {
			if a, ok := agentsHooks(args); ok {
				p.Report(c, Finding{Rule: "agent-unguarded", Decision: Ask,
					Message: "claude --agents " + clipText(a.Value, 60) + " defines subagents whose hooks (or definitions only known at run time) run commands outside corral's hook, or whose permissionMode turns Claude Code's own prompts off"})
				return
			}
			if why, loose := claudeCLILoosens(args); loose {
				p.Report(c, Finding{Rule: "agent-unguarded", Decision: Ask, Message: "claude " + why})
				return
			}
		}
		if name == "codex" {
			if opt, what, ok := codexConfigOverride(args); ok {
				p.Report(c, Finding{Rule: "agent-unguarded", Decision: Ask,
					Message: "codex " + opt + " " + what})
				return
			}
		}
		flags, ok := agentBypass.Get()[name]
		if !ok {
			return
		}
		for i, a := range args {
			for _, f := range flags {
				opt, val, hasVal := strings.Cut(f, " ")
				switch {
				case !hasVal && (a.Value == opt || strings.HasPrefix(a.Value, opt+"=")):
				case hasVal && a.Value == opt+"="+val:
				case hasVal && a.Value == opt && i+1 < len(args) && args[i+1].Value == val:
				default:
					continue
				}
				what := "starts an agent whose commands corral does not see unless corral is registered for it"
				if e := agentOptionEffect.Get()[name+" "+opt]; e != "" {
					what = e
				}
				p.Report(c, Finding{Rule: "agent-unguarded", Decision: Ask, Message: name + " " + opt + " " + what})
				return
			}
		}
	},
}

// agentsHooks returns claude's --agents value (JSON of subagent
// definitions) when it gives a subagent hooks, or is only known at run
// time.
func agentsHooks(args []syntax.Arg) (syntax.Arg, bool) {
	for i, a := range args {
		v, ok := strings.CutPrefix(a.Value, "--agents=")
		switch {
		case ok:
			a.Value = v
		case a.Value == "--agents" && i+1 < len(args):
			a = args[i+1]
		default:
			continue
		}
		if !a.Static || strings.Contains(a.Value, "hooks") || strings.Contains(a.Value, `\u`) || loosePermissionMode(a.Value) {
			return a, true
		}
	}
	return syntax.Arg{}, false
}

// loosePermissionMode reports --agents JSON that gives a subagent a
// permissionMode other than default or plan (bypassPermissions turns
// Claude Code's own prompts off for everything it does; red team 16 RG4b),
// or that mentions the key in a text that does not decode.
func loosePermissionMode(v string) bool {
	if !strings.Contains(v, "permissionMode") {
		return false
	}
	var defs map[string]map[string]any
	if json.Unmarshal([]byte(v), &defs) != nil {
		return true
	}
	for _, d := range defs {
		if m, ok := d["permissionMode"]; ok && m != "default" && m != "plan" {
			return true
		}
	}
	return false
}

// codexConfigOverride reports a codex config override (-c KEY=VALUE,
// --config KEY=VALUE, also attached, the value TOML: quoted or not,
// blanks around "=") that opens the sandbox (sandbox_mode =
// danger-full-access) or names a program codex runs (notify, an
// mcp_servers entry), the option it was given with and what it does.
func codexConfigOverride(args []syntax.Arg) (opt, what string, found bool) {
	for i, a := range args {
		v := a.Value
		// --disable FEATURE: codex's hooks (where corral is registered)
		// are the feature "hooks" (its deprecated alias "codex_hooks").
		feature, known := "", true
		switch {
		case v == "--disable" && i+1 < len(args):
			feature, known = args[i+1].Value, args[i+1].Static
		case strings.HasPrefix(v, "--disable="):
			feature, known = strings.TrimPrefix(v, "--disable="), a.Static
		}
		if feature == "hooks" || feature == "codex_hooks" || !known {
			return "--disable", feature + " turns codex's hooks off, corral's among them", true
		}
		switch {
		case (v == "-c" || v == "--config") && i+1 < len(args):
			opt, v = v, args[i+1].Value
		case strings.HasPrefix(v, "--config="):
			opt, v = "--config", strings.TrimPrefix(v, "--config=")
		case strings.HasPrefix(v, "-c") && len(v) > 2 && !strings.HasPrefix(v, "--"):
			opt, v = "-c", strings.TrimPrefix(v[2:], "=")
		default:
			continue
		}
		key, val, ok := strings.Cut(v, "=")
		if !ok {
			continue
		}
		key = strings.Trim(strings.TrimSpace(key), `"'`)
		switch {
		case key == "sandbox_mode" && strings.Trim(strings.TrimSpace(val), `"'`) == "danger-full-access":
			return opt, "sandbox_mode=danger-full-access starts an agent whose commands corral does not see unless corral is registered for it", true
		case key == "notify" || key == "mcp_servers" || strings.HasPrefix(key, "mcp_servers."):
			return opt, key + " names a program codex runs without corral seeing it", true
		case key == "features.hooks" || key == "features.codex_hooks" || key == "hooks" || strings.HasPrefix(key, "hooks."):
			// features.hooks=false turns the hooks off; a hooks table
			// given here replaces the ones corral registered.
			return opt, key + " changes codex's hooks, corral's among them", true
		case key == "features" && strings.Contains(strings.ReplaceAll(val, " ", ""), "hooks="):
			return opt, "features={… hooks …} changes codex's hooks, corral's among them", true
		}
	}
	return "", "", false
}

// guardEnv returns the first of names (Call.EnvChanged) that decides
// whether corral guards an agent started with it, and how: corral's own
// variables (CORRAL_*, the seeds' CONTENT_FILTER_* and FILE_RESTRICTIONS),
// the project directory, and the directories where the agents and corral
// find their settings, hooks and state (HOME, XDG_*_HOME,
// CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME); "*" is env -i, which
// clears them all.
func guardEnv(names []string) string {
	for _, n := range names {
		switch {
		case n == "*":
			return "the whole environment (env -i)"
		case strings.HasPrefix(n, "CORRAL_"), strings.HasPrefix(n, "CONTENT_FILTER_"), strings.HasPrefix(n, "XDG_") && strings.HasSuffix(n, "_HOME"):
			return n
		}
		switch n {
		case "FILE_RESTRICTIONS", "CLAUDE_PROJECT_DIR", "HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "GEMINI_CLI_HOME", "XDG_CONFIG_DIRS",
			// Claude Code's switches for --bare (CLAUDE_CODE_SIMPLE, which
			// its --help names), --safe-mode and --restricted, and the
			// variables that turn the user's hooks off, skip permissions
			// or move the managed settings: names read from the strings
			// of Claude Code 2.1.330's program (most are undocumented).
			"CLAUDE_CODE_SIMPLE", "CLAUDE_CODE_SAFE_MODE", "CLAUDE_CODE_RESTRICTED", "CLAUDE_CODE_PERSONAL_HOOKS_OFF",
			"CLAUDE_CODE_RESTRICT_PERSONAL_CONFIG", "CLAUDE_CODE_EVEN_MORE_DANGEROUSLY_SKIP_PERMISSIONS",
			"CLAUDE_CODE_MANAGED_SETTINGS_PATH", "CLAUDE_CODE_REMOTE_SETTINGS_PATH", "CLAUDE_CODE_MOCK_REMOTE_SETTINGS",
			// The other agents' system settings, which win over the user's
			// (Gemini CLI's and Qwen Code's), OpenCode's configuration and
			// permissions given in the environment, and Goose's mode
			// (red team 14 RG1).
			"GEMINI_CLI_SYSTEM_SETTINGS_PATH", "GEMINI_CLI_SYSTEM_DEFAULTS_PATH", "QWEN_CODE_SYSTEM_SETTINGS_PATH",
			"QWEN_CODE_SYSTEM_DEFAULTS_PATH", "OPENCODE_CONFIG", "OPENCODE_CONFIG_DIR", "OPENCODE_CONFIG_CONTENT",
			"OPENCODE_PERMISSION", "GOOSE_MODE":
			return n
		}
	}
	return ""
}

// agentCLI returns the coding-agent CLI a call starts and the arguments
// it gets, also when a package runner starts it (npx
// @anthropic-ai/claude-code …, pnpm dlx @google/gemini-cli …, npm
// --yes exec …, bun x …). The runners and their verbs are the one table
// syntax.PackageRunArgs reads; options before the verb are skipped as the
// manager parses them (managerVerb), and npm's unambiguous prefix of a
// command (npm exe) is that command. npm exec, pnpm exec and yarn exec
// are also modelled as wrappers whose command is the package's, named by
// the package (npm exec @anthropic-ai/claude-code …): that call is the
// agent too (its Name is the package word's last part: claude-code), with
// npm's first "--" dropped as npm's option parser drops
// it.
func agentCLI(c *syntax.Call) (string, []syntax.Arg, bool) {
	if n := len(c.Wrappers); n > 0 && slices.Contains(syntax.PackageRunnerNames(), c.Wrappers[n-1]) {
		if name := agentPackages.Get()[packageBase(c.NameArg.Value)]; name != "" {
			return name, dropDashDash(c.Args), true
		}
	}
	if name, args, ok := agentProgram(c); ok {
		return name, args, true
	}
	run := *c
	if verb, k := managerVerb(c); k > 0 || c.Name == "npm" && k == 0 {
		run.Args = slices.Clone(c.Args[k:])
		if c.Name == "npm" && verb == "exec" {
			run.Args[0].Value = "exec" // npm exe, npm x
		}
	}
	args, ok := syntax.PackageRunArgs(&run)
	if !ok {
		if slices.Contains(syntax.PackageRunnerNames(), c.Name) {
			return "", nil, false
		}
		if name := agentPackages.Get()[c.Name]; name != "" {
			return name, c.Args, true // uvx aider-chat: the package's command
		}
		if lang.ForProgram(c.Name) != "" {
			return "", nil, false // an interpreter given no agent's program
		}
		return c.Name, c.Args, true
	}
	i, dashed := 0, false
	for i < len(args) && strings.HasPrefix(args[i].Value, "-") {
		if v := args[i].Value; v == "--" {
			i++
			dashed = true
			break
		} else if (v == "-p" || v == "--package") && i+1 < len(args) {
			i++
		}
		i++
	}
	if i >= len(args) {
		return "", nil, false
	}
	name := agentPackages.Get()[packageBase(args[i].Value)]
	if name == "" {
		return "", nil, false
	}
	if dashed {
		return name, args[i+1:], true
	}
	return name, dropDashDash(args[i+1:]), true
}

// agentProgram returns the agent CLI a call runs by its installed
// files rather than by its command name: the program inside an agent's
// package directory (node_modules/@anthropic-ai/claude-code/bin/claude.exe),
// an interpreter given such a file or an agent's entry script by name
// (node …/@anthropic-ai/claude-code/cli.js, python3 .venv/bin/aider),
// or python -m of an agent's module (python3 -m aider), with the
// arguments the agent gets.
func agentProgram(c *syntax.Call) (string, []syntax.Arg, bool) {
	if name := agentInstalled(c.NameArg.Value, c.Name); name != "" {
		return name, c.Args, true
	}
	code, file, module, ok := syntax.InterpreterWords(c)
	switch {
	case !ok || code >= 0:
	case file >= 0:
		f := c.Args[file].Value
		if name := agentInstalled(f, strings.TrimSuffix(path.Base(f), path.Ext(f))); name != "" {
			return name, c.Args[file+1:], true
		}
	case module:
		for i, a := range c.Args {
			mod := ""
			if a.Value == "-m" && i+1 < len(c.Args) {
				mod, i = c.Args[i+1].Value, i+1
			} else if strings.HasPrefix(a.Value, "-m") && !strings.HasPrefix(a.Value, "--") {
				mod = a.Value[2:]
			} else {
				continue
			}
			if _, ok := agentBypass.Get()[mod]; ok {
				return mod, c.Args[i+1:], true
			}
			break
		}
	}
	return "", nil, false
}

// agentInstalled names the agent CLI of a program file: one inside the
// directory of an agent's package (…/node_modules/@openai/codex/…, a
// scoped package anywhere), or one whose name is the CLI's.
func agentInstalled(file, base string) string {
	if _, ok := agentBypass.Get()[base]; ok && strings.Contains(file, "/") {
		return base
	}
	pkgs := agentPackages.Get()
	for _, pkg := range slices.Sorted(maps.Keys(pkgs)) {
		if strings.Contains(file, "node_modules/"+pkg+"/") || strings.HasPrefix(pkg, "@") && strings.Contains(file, pkg+"/") {
			return pkgs[pkg]
		}
	}
	return ""
}

// packageBase is an npm package word without its version
// (@openai/codex@latest: @openai/codex).
func packageBase(pkg string) string {
	if at := strings.LastIndexByte(pkg, '@'); at > 0 {
		return pkg[:at]
	}
	return pkg
}

// dropDashDash returns args without the first "--", which npm's option
// parser takes as the end of its options and drops before the package's
// command gets the rest.
func dropDashDash(args []syntax.Arg) []syntax.Arg {
	for i, a := range args {
		if a.Static && a.Value == "--" {
			return append(slices.Clone(args[:i]), args[i+1:]...)
		}
	}
	return args
}
