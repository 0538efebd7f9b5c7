package agent

import (
	"encoding/json"
	"path/filepath"
)

// augmentCLI is Augment's auggie (DESIGN.md, "Hook protocols of other
// agents"; documented, not run here): Claude Code's PreToolUse shape with
// its own tool names; it blocks on exit status 2. A rewrite is not
// verified, so corral refuses with the sandboxed command.
var augmentCLI = claudeLike{
	name: "augment", title: "Augment (auggie)",
	caps: Caps{},
	tools: tools{
		{"launch-process", Shell, []string{"command"}},
		{"save-file", Write, []string{"path", "file_path"}},
		{"str-replace-editor", Edit, []string{"path", "file_path"}},
		{"remove-files", Delete, []string{"file_paths", "paths"}},
		{"view", Read, []string{"path", "file_path"}},
	},
	events: &preToolUse,
	exit2:  true,
	recognize: func(f map[string]json.RawMessage) bool {
		return eventIs(f, "PreToolUse") && hasTool(f, tools{{name: "launch-process"}, {name: "save-file"}, {name: "str-replace-editor"}, {name: "remove-files"}, {name: "view"}})
	},
	jsonHooks: jsonHooks{
		agent:  "augment",
		scopes: []Scope{User, Project},
		path: func(t Target, s Scope) string {
			if s == Project {
				return filepath.Join(t.Project, ".augment", "settings.json")
			}
			return filepath.Join(t.Home, ".augment", "settings.json")
		},
		detect:    []string{".augment"},
		nested:    true,
		events:    []hookEvent{{"PreToolUse", "launch-process|save-file|str-replace-editor|remove-files|view"}, {"SessionEnd", ""}},
		shellTool: "launch-process",
	},
}
