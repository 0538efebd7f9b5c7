package agent

import (
	"encoding/json"
	"path/filepath"
)

// codexCLI is OpenAI's Codex CLI (DESIGN.md, verified with Codex 0.169.0;
// developers.openai.com/codex/hooks): Claude Code's shape plus turn_id and
// model. A rewrite is applied only with permissionDecision allow; there is
// no ask, so an ask is refused with the way to approve.
var codexCLI = claudeLike{
	name: "codex", title: "Codex CLI",
	caps: Caps{Rewrite: true, Ask: false, Context: true},
	tools: tools{
		{"Bash", Shell, []string{"command", "cmd"}},
		{"shell", Shell, []string{"command", "cmd"}},
		{"exec_command", Shell, []string{"cmd", "command"}},
		{"local_shell", Shell, []string{"command", "cmd"}},
		{"apply_patch", Patch, nil},
	},
	events:       &preToolUse,
	outEvent:     "PreToolUse",
	allowRewrite: true,
	recognize: func(f map[string]json.RawMessage) bool {
		if !eventIs(f, "PreToolUse", "SessionEnd", "") {
			return false
		}
		if _, ok := f["turn_id"]; ok {
			return true
		}
		switch stringField(f, "tool_name") {
		case "apply_patch", "exec_command", "local_shell":
			return true
		}
		return false
	},
	jsonHooks: jsonHooks{
		agent:  "codex",
		scopes: []Scope{User, Project},
		path: func(t Target, s Scope) string {
			if s == Project {
				return filepath.Join(t.Project, ".codex", "hooks.json")
			}
			return homeOr(t, "CODEX_HOME", ".codex", "hooks.json")
		},
		detect: []string{".codex"},
		nested: true,
		events: []hookEvent{
			{"PreToolUse", "^(Bash|apply_patch|exec_command|shell|local_shell|mcp__.*)$"},
			{"SessionEnd", ""},
		},
		entry:     func(e *obj) { e.set("timeout", json.Number("30")) },
		shellTool: "Bash",
	},
}
