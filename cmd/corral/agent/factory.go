package agent

import (
	"encoding/json"
	"path/filepath"
)

// factoryDroid is Factory's Droid CLI (DESIGN.md, "Hook protocols of
// other agents"; documented, not run here): Claude Code's shape with its
// own tool names (Execute, Create, ApplyPatch). Whether it applies a
// rewrite is not verified, so corral refuses and names the sandboxed
// command instead of rewriting.
var factoryDroid = claudeLike{
	name: "factory", title: "Factory Droid",
	caps: Caps{Rewrite: false, Ask: true, Context: true},
	tools: tools{
		{"Execute", Shell, []string{"command"}},
		{"Create", Write, []string{"file_path", "path"}},
		{"Edit", Edit, []string{"file_path", "path"}},
		{"MultiEdit", Edit, []string{"file_path", "path"}},
		{"ApplyPatch", Patch, nil},
		{"Read", Read, []string{"file_path", "path"}},
		{"Grep", Read, []string{"path"}},
		{"Glob", Read, []string{"path", "folder"}},
		{"LS", Read, []string{"directory_path", "path"}},
	},
	events:   &preToolUse,
	outEvent: "PreToolUse",
	recognize: func(f map[string]json.RawMessage) bool {
		return eventIs(f, "PreToolUse") && hasTool(f, tools{{name: "Execute"}, {name: "Create"}, {name: "ApplyPatch"}})
	},
	jsonHooks: jsonHooks{
		agent:  "factory",
		scopes: []Scope{User, Project},
		path: func(t Target, s Scope) string {
			if s == Project {
				return filepath.Join(t.Project, ".factory", "settings.json")
			}
			return filepath.Join(t.Home, ".factory", "settings.json")
		},
		detect:    []string{".factory"},
		nested:    true,
		events:    []hookEvent{{"PreToolUse", "Execute|Create|Edit|MultiEdit|ApplyPatch|Read|Grep|Glob|LS"}, {"SessionEnd", ""}},
		shellTool: "Execute",
	},
}
