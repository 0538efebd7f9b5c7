package agent

import (
	"encoding/json"
	"path/filepath"
)

// qwenCode is Qwen Code (DESIGN.md, "Hook protocols of other agents"; run
// end to end in cmd/e2e): Gemini CLI's tools behind Claude Code's
// PreToolUse shape, answered in Claude Code's shape. Qwen Code 0.24.4
// takes deny, ask and additionalContext from a PreToolUse answer but not
// updatedInput (it runs the original command), so corral refuses and names
// the sandboxed command instead of rewriting.
var qwenCode = claudeLike{
	name: "qwen", title: "Qwen Code",
	caps: Caps{Rewrite: false, Ask: true, Context: true},
	tools: tools{
		{"run_shell_command", Shell, []string{"command"}},
		{"write_file", Write, []string{"file_path", "absolute_path", "path"}},
		{"edit", Edit, []string{"file_path", "absolute_path", "path"}},
		{"replace", Edit, []string{"file_path", "absolute_path", "path"}},
		{"read_file", Read, []string{"absolute_path", "file_path", "path"}},
		{"read_many_files", Read, []string{"paths"}},
		{"glob", Read, []string{"path"}},
		{"grep_search", Read, []string{"path"}},
		{"search_file_content", Read, []string{"path"}},
		{"list_directory", Read, []string{"path"}},
	},
	events:   &preToolUse,
	outEvent: "PreToolUse",
	recognize: func(f map[string]json.RawMessage) bool {
		return eventIs(f, "PreToolUse") && hasTool(f, tools{{name: "run_shell_command"}, {name: "write_file"}, {name: "edit"}, {name: "read_file"}, {name: "read_many_files"}, {name: "grep_search"}})
	},
	jsonHooks: jsonHooks{
		agent:  "qwen",
		scopes: []Scope{User, Project},
		path: func(t Target, s Scope) string {
			if s == Project {
				return filepath.Join(t.Project, ".qwen", "settings.json")
			}
			return filepath.Join(t.Home, ".qwen", "settings.json")
		},
		detect:    []string{".qwen"},
		nested:    true,
		events:    []hookEvent{{"PreToolUse", "^(run_shell_command|write_file|edit|replace|read_file|read_many_files|glob|grep_search|search_file_content|list_directory|mcp__.*)$"}, {"SessionEnd", ""}},
		shellTool: "run_shell_command",
	},
}
