package agent

import (
	"encoding/json"
	"path/filepath"
)

// geminiCLI is Google's Gemini CLI (DESIGN.md, verified with Gemini CLI
// 0.61.0): BeforeTool, run_shell_command; a rewrite is
// hookSpecificOutput.tool_input, a refusal the top-level decision. corral
// answers an ask with a refusal that says how to approve (a headless run
// cannot ask).
type geminiCLI struct{ jsonHooks }

var gemini = geminiCLI{jsonHooks{
	agent:  "gemini",
	scopes: []Scope{User, Project},
	path: func(t Target, s Scope) string {
		if s == Project {
			return filepath.Join(t.Project, ".gemini", "settings.json")
		}
		return filepath.Join(t.Home, ".gemini", "settings.json")
	},
	detect: []string{".gemini"},
	nested: true,
	events: []hookEvent{
		{"BeforeTool", "^(run_shell_command|write_file|replace|read_file|read_many_files|glob|search_file_content|grep_search|list_directory|mcp_.*)$"},
		{"SessionEnd", ""},
	},
	entry:     func(e *obj) { e.set("name", "corral") },
	shellTool: "run_shell_command",
}}

var geminiTools = tools{
	{"run_shell_command", Shell, []string{"command"}},
	{"write_file", Write, []string{"file_path", "absolute_path", "path"}},
	{"replace", Edit, []string{"file_path", "absolute_path", "path"}},
	{"read_file", Read, []string{"absolute_path", "file_path", "path"}},
	{"read_many_files", Read, []string{"paths"}},
	{"glob", Read, []string{"path"}},
	{"search_file_content", Read, []string{"path"}},
	{"grep_search", Read, []string{"path", "dir_path"}},
	{"list_directory", Read, []string{"path", "dir_path"}},
}

func (geminiCLI) Name() string  { return "gemini" }
func (geminiCLI) Title() string { return "Gemini CLI" }
func (geminiCLI) Caps() Caps    { return Caps{Rewrite: true} }

func (geminiCLI) Recognize(f map[string]json.RawMessage) bool { return eventIs(f, "BeforeTool") }

func (geminiCLI) Decode(data []byte) (*Request, error) {
	return decodeClaudeShape(data, "gemini", geminiTools, map[string]Event{"BeforeTool": PreTool, "SessionEnd": SessionEnd})
}

type geminiOutput struct {
	Decision           string          `json:"decision,omitempty"`
	Reason             string          `json:"reason,omitempty"`
	HookSpecificOutput *geminiSpecific `json:"hookSpecificOutput,omitempty"`
}

type geminiSpecific struct {
	HookEventName string         `json:"hookEventName"`
	ToolInput     map[string]any `json:"tool_input,omitempty"`
}

func (g geminiCLI) Encode(req *Request, a Answer) Reply {
	a = fit(g.Caps(), g.Title(), a)
	var out geminiOutput
	switch {
	case a.Decision == Deny:
		out.Decision, out.Reason = "deny", a.Reason
	case a.Rewritten != "":
		out.HookSpecificOutput = &geminiSpecific{HookEventName: "BeforeTool", ToolInput: withCommand(req.Input, geminiTools.commandField(req.Tool, req.Input), a.Rewritten)}
	case a.Decision == Allow:
		out.Decision = "allow"
	default:
		return Reply{Stderr: forModel(a)}
	}
	return Reply{Stdout: jsonLine(out), Stderr: a.Context}
}
