package agent

import "path/filepath"

// grokBuild is xAI's Grok Build CLI (DESIGN.md, "Hook protocols of other
// agents": hook files in ~/.grok/hooks/*.json, PreToolUse blocking; its
// input shape is not verified). corral registers a Claude-style file of
// its own and answers with Claude Code's deny; it is only used with
// --agent grok, never guessed from an input's shape.
var grokBuild = claudeLike{
	name: "grok", title: "Grok Build",
	caps: Caps{Context: true},
	tools: tools{
		{"Bash", Shell, []string{"command"}},
		{"run_terminal_command", Shell, []string{"command"}},
		{"Write", Write, []string{"file_path", "path"}},
		{"Edit", Edit, []string{"file_path", "path"}},
		{"MultiEdit", Edit, []string{"file_path", "path"}},
		{"Read", Read, []string{"file_path", "path"}},
	},
	events:   &preToolUse,
	outEvent: "PreToolUse",
	jsonHooks: jsonHooks{
		agent:     "grok",
		scopes:    []Scope{User},
		path:      func(t Target, s Scope) string { return filepath.Join(t.Home, ".grok", "hooks", "corral.json") },
		detect:    []string{".grok"},
		nested:    true,
		dedicated: true,
		events:    []hookEvent{{"PreToolUse", "Bash|run_terminal_command|Write|Edit|MultiEdit|Read"}},
		shellTool: "Bash",
	},
}
