package agent

import (
	"encoding/json"
	"path/filepath"
)

// claudeCode is Claude Code (DESIGN.md, "The Claude Code protocol, as
// verified against the real CLI"): PreToolUse with rewrite (updatedInput),
// ask, deny and additionalContext; SessionEnd drops session approvals.
var claudeCode = claudeLike{
	name: "claude", title: "Claude Code",
	caps: Caps{Rewrite: true, Ask: true, Context: true},
	tools: tools{
		{"Bash", Shell, []string{"command"}},
		{"Write", Write, []string{"file_path"}},
		{"Edit", Edit, []string{"file_path"}},
		{"MultiEdit", Edit, []string{"file_path"}},
		{"NotebookEdit", Edit, []string{"notebook_path"}},
		{"Read", Read, []string{"file_path"}},
		{"Grep", Read, []string{"path"}},
		{"Glob", Read, []string{"path"}},
		{"Skill", Skill, nil},
	},
	events:   &preToolUse,
	outEvent: "PreToolUse",
	// The most general shape: tried last, it takes any Claude-shaped
	// input (and seed 000's {tool, arguments}) the others did not.
	recognize: func(f map[string]json.RawMessage) bool {
		if eventIs(f, "PreToolUse", "SessionEnd") {
			return true
		}
		_, ev := f["hook_event_name"]
		return !ev && (present(f["tool_name"]) || present(f["tool"]))
	},
	jsonHooks: jsonHooks{
		agent:  "claude",
		scopes: []Scope{User, Project, Local},
		path: func(t Target, s Scope) string {
			switch s {
			case User:
				return filepath.Join(t.Home, ".claude", "settings.json")
			case Project:
				return filepath.Join(t.Project, ".claude", "settings.json")
			}
			return filepath.Join(t.Project, ".claude", "settings.local.json")
		},
		detect: []string{".claude"},
		nested: true,
		events: []hookEvent{
			// Anchored: an unanchored regular expression would also
			// select TodoWrite, BashOutput and the like. mcp__.* selects
			// every MCP server's tools (mcp__plugin_… ones too).
			{"PreToolUse", "^(Bash|Write|Edit|MultiEdit|NotebookEdit|Read|Grep|Glob|Skill|ReadMcpResourceTool|mcp__.*)$"},
			{"SessionEnd", ""},
		},
		shellTool: "Bash",
	},
}
