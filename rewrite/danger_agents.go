package rewrite

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// agentBypass are the options of coding-agent CLIs that turn their
// approvals off or widen their sandbox to the whole machine, by program,
// from each CLI's documentation. A value after "=" or as the next word is
// given with the option ("--permission-mode bypassPermissions").
var agentBypass = lazy.Value[map[string][]string]{New: func() map[string][]string {
	return map[string][]string{
		"claude": {"--dangerously-skip-permissions", "--allow-dangerously-skip-permissions", "--permission-mode bypassPermissions",
			"--setting-sources", "--settings"},
		"codex": {"--dangerously-bypass-approvals-and-sandbox", "--yolo", "--sandbox danger-full-access", "-s danger-full-access",
			"-c sandbox_mode=danger-full-access"},
		"gemini":       {"--yolo", "-y", "--approval-mode yolo"},
		"qwen":         {"--yolo", "-y", "--approval-mode yolo"},
		"cursor-agent": {"--force", "-f"},
		"amp":          {"--dangerously-allow-all"},
		"crush":        {"--yolo", "-y"},
		"droid":        {"--skip-permissions-unsafe", "--auto high"},
		"copilot":      {"--allow-all-tools", "--allow-all", "--yolo"},
		"kimi":         {"--yolo"},
		"aider":        {"--yes-always"},
		"opencode":     {"--dangerously-skip-permissions"},
	}
}}

// agentPackages are the npm packages of those CLIs, run by npx, bunx or
// pnpm dlx.
var agentPackages = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"@anthropic-ai/claude-code": "claude", "@openai/codex": "codex",
		"@google/gemini-cli": "gemini", "@qwen-code/qwen-code": "qwen", "opencode-ai": "opencode", "@github/copilot": "copilot",
		"@charmland/crush": "crush", "@sourcegraph/amp": "amp"}
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
		"opencode",
		"claude-code", "gemini-cli", "qwen-code", "opencode-ai"},
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
		if name == "codex" {
			if opt, ok := codexSandboxOverride(args); ok {
				p.Report(c, Finding{Rule: "agent-unguarded", Decision: Ask,
					Message: "codex " + opt + " sandbox_mode=danger-full-access starts an agent whose commands corral does not see unless corral is registered for it"})
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
				p.Report(c, Finding{Rule: "agent-unguarded", Decision: Ask,
					Message: name + " " + opt + " starts an agent whose commands corral does not see unless corral is registered for it"})
				return
			}
		}
	},
}

// codexSandboxOverride reports a codex config override (-c KEY=VALUE,
// --config KEY=VALUE, also attached, the value TOML: quoted or not,
// blanks around "=") that sets sandbox_mode to danger-full-access, and
// the option it was given with.
func codexSandboxOverride(args []syntax.Arg) (string, bool) {
	for i, a := range args {
		v := a.Value
		opt := ""
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
		if !ok || strings.Trim(strings.TrimSpace(key), `"'`) != "sandbox_mode" {
			continue
		}
		if strings.Trim(strings.TrimSpace(val), `"'`) == "danger-full-access" {
			return opt, true
		}
	}
	return "", false
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
		case "FILE_RESTRICTIONS", "CLAUDE_PROJECT_DIR", "HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "GEMINI_CLI_HOME", "XDG_CONFIG_DIRS":
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
