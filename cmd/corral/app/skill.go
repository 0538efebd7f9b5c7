package app

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/cmd/corral/agent"
	"github.com/corral-dev/corral/cmd/corral/internal/audit"
	"github.com/corral-dev/corral/rewrite"
)

// A skill or a custom command that Claude Code's Skill tool invokes runs
// the shell commands its text holds (!`cmd`, ```! blocks) when it loads,
// with $ARGUMENTS (and $1, $2…) replaced by the arguments the model
// passed, outside any Bash tool call corral sees. So an invocation is
// decided by the text of the skill or command files it can load: each
// command is judged as if the agent ran it (allowed passes, denied is
// denied, anything else asks: it cannot be rewritten there), and front
// matter that registers hooks asks. A name with no file corral can find
// (a built-in or a plugin's skill outside the places below) is left to
// the agent.

// skillFiles returns the files Claude Code may load for a skill or
// command name: .claude/skills/NAME/SKILL.md and .claude/commands/NAME.md
// of the project and of the home directory (a:b is commands/a/b.md), and
// for a plugin's a:b, skills/b/SKILL.md and commands/b.md of an installed
// plugin named a.
func skillFiles(project, home, name string) []string {
	if name == "" || strings.Contains(name, "..") || strings.ContainsAny(name, "/\\\x00") {
		return nil
	}
	var cands []string
	for _, root := range []string{project, home} {
		if root == "" {
			continue
		}
		base := filepath.Join(root, ".claude")
		cands = append(cands, filepath.Join(base, "skills", name, "SKILL.md"),
			filepath.Join(base, "commands", strings.ReplaceAll(name, ":", string(filepath.Separator))+".md"))
	}
	if plugin, skill, ok := strings.Cut(name, ":"); ok && home != "" {
		matches, _ := filepath.Glob(filepath.Join(home, ".claude", "plugins", "*", "*", plugin, "*", "skills", skill, "SKILL.md"))
		more, _ := filepath.Glob(filepath.Join(home, ".claude", "plugins", "*", "*", plugin, "skills", skill, "SKILL.md"))
		cmds, _ := filepath.Glob(filepath.Join(home, ".claude", "plugins", "*", "*", plugin, "commands", skill+".md"))
		cands = append(cands, append(append(matches, more...), cmds...)...)
	}
	var out []string
	seen := map[string]bool{}
	for _, c := range cands {
		if seen[c] {
			continue
		}
		seen[c] = true
		if fi, err := os.Stat(c); err == nil && fi.Mode().IsRegular() {
			out = append(out, c)
		}
	}
	sort.Strings(out)
	return out
}

// withArguments replaces $ARGUMENTS, ${ARGUMENTS} and $1…$9 in a
// skill's command by the arguments the Skill tool was given (split on
// blanks for the numbered ones), as Claude Code expands them.
func withArguments(cmd, args string) string {
	fields := strings.Fields(args)
	cmd = strings.ReplaceAll(cmd, "${ARGUMENTS}", args)
	cmd = strings.ReplaceAll(cmd, "$ARGUMENTS", args)
	for i := 9; i >= 1; i-- {
		v := ""
		if i <= len(fields) {
			v = fields[i-1]
		}
		cmd = strings.ReplaceAll(cmd, fmt.Sprintf("$%d", i), v)
	}
	return cmd
}

// skill decides a Skill tool call.
func (env *runtimeEnv) skill(s *settings, req *agent.Request) *agent.Answer {
	name, _ := req.Input["skill"].(string)
	if name == "" {
		name, _ = req.Input["command"].(string)
	}
	name = strings.TrimPrefix(strings.TrimSpace(name), "/")
	args, _ := req.Input["args"].(string)
	files := skillFiles(s.cfg.Project, s.cfg.Home, name)
	worst, why := rewrite.Allow, ""
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil || len(data) > maxAgentCodeText {
			worst, why = rewrite.Ask, fmt.Sprintf("%s could not be read whole", f)
			continue
		}
		cmds, hooks, ok := agentCodeCommands(string(data))
		switch {
		case !ok:
			if worst < rewrite.Ask {
				worst, why = rewrite.Ask, fmt.Sprintf("a command marker in %s could not be read to its end", f)
			}
			continue
		case hooks:
			if worst < rewrite.Ask {
				worst, why = rewrite.Ask, fmt.Sprintf("the front matter of %s registers hooks, whose commands run outside corral's hook", f)
			}
		}
		for _, c := range cmds {
			c = withArguments(c, args)
			if dec, res := s.agentRuns(c, req.AgentType); dec > worst {
				worst, why = dec, fmt.Sprintf("%s runs %q when it loads: %s", f, c, summary(res))
			}
		}
	}
	if worst == rewrite.Allow {
		return nil
	}
	rec := audit.Record{TS: env.now(), Tool: req.Tool, Operation: name, SessionID: req.Session, Cwd: req.Cwd,
		Rule: "agent-code", Reason: why}
	if worst == rewrite.Deny {
		rec.Action = "block"
		env.log(rec)
		fmt.Fprintln(env.stderr, "corral: skill "+name+": "+why)
		return &agent.Answer{Decision: agent.Deny, Reason: "corral: the skill " + name + " cannot run: " + why}
	}
	rec.Action = "confirm_required"
	env.log(rec)
	return &agent.Answer{Decision: agent.Ask, Reason: "corral: the skill " + name + " needs the user's confirmation: " + why}
}
