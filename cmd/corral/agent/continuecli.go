package agent

import "path/filepath"

// continueCLI is Continue's CLI, cn (DESIGN.md, "Hook protocols of other
// agents": Claude-style PreToolUse that can block; not run here). It
// blocks on exit status 2; corral refuses and names the sandboxed command
// instead of rewriting. Used with --agent continue; its input is
// Claude-shaped, so unregistered input falls to the Claude Code adapter,
// whose answer it reads the same way.
var continueCLI = claudeLike{
	name: "continue", title: "Continue CLI",
	caps: Caps{},
	tools: tools{
		{"Bash", Shell, []string{"command"}},
		{"run_terminal_command", Shell, []string{"command"}},
		{"Write", Write, []string{"file_path", "filepath", "path"}},
		{"create_new_file", Write, []string{"filepath", "file_path"}},
		{"Edit", Edit, []string{"file_path", "filepath", "path"}},
		{"MultiEdit", Edit, []string{"file_path", "filepath", "path"}},
		{"edit_existing_file", Edit, []string{"filepath", "file_path"}},
		{"Read", Read, []string{"file_path", "filepath", "path"}},
		{"read_file", Read, []string{"filepath", "file_path"}},
	},
	events: &preToolUse,
	exit2:  true,
	jsonHooks: jsonHooks{
		agent:  "continue",
		scopes: []Scope{User, Project},
		path: func(t Target, s Scope) string {
			if s == Project {
				return filepath.Join(t.Project, ".continue", "settings.json")
			}
			return filepath.Join(t.Home, ".continue", "settings.json")
		},
		detect:    []string{".continue"},
		nested:    true,
		events:    []hookEvent{{"PreToolUse", "Bash|run_terminal_command|Write|create_new_file|Edit|MultiEdit|edit_existing_file|Read|read_file"}},
		shellTool: "Bash",
	},
}
