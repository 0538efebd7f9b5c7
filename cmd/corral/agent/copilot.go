package agent

import (
	"encoding/json"
	"fmt"
	"path/filepath"
)

// copilotCLI is GitHub Copilot CLI (DESIGN.md, "Hook protocols of other
// agents"; docs.github.com/copilot, hooks): preToolUse in
// .github/hooks/*.json ({"version": 1}, a "bash" command key); input
// {toolName, toolArgs (a JSON string), cwd, timestamp}; answer
// permissionDecision allow/deny/ask, a rewrite in modifiedArgs.
type copilotCLI struct{ jsonHooks }

var copilot = copilotCLI{jsonHooks{
	agent:      "copilot",
	scopes:     []Scope{Project},
	path:       func(t Target, s Scope) string { return filepath.Join(t.Project, ".github", "hooks", "corral.json") },
	detect:     []string{".copilot"},
	commandKey: "bash",
	events:     []hookEvent{{"preToolUse", ""}},
	entry: func(e *obj) {
		e.set("type", "command")
		e.set("timeoutSec", json.Number("30"))
	},
	top:       func(doc *obj) { doc.set("version", json.Number("1")) },
	dedicated: true,
}}

var copilotTools = tools{
	{"bash", Shell, []string{"command"}},
	{"create", Write, []string{"path", "file_path"}},
	{"edit", Edit, []string{"path", "file_path"}},
	{"str_replace", Edit, []string{"path", "file_path"}},
	{"apply_patch", Patch, nil},
	{"view", Read, []string{"path", "file_path"}},
}

func (copilotCLI) Name() string  { return "copilot" }
func (copilotCLI) Title() string { return "GitHub Copilot CLI" }
func (copilotCLI) Caps() Caps    { return Caps{Rewrite: true, Ask: true} }

func (copilotCLI) Recognize(f map[string]json.RawMessage) bool {
	_, name := f["toolName"]
	_, args := f["toolArgs"]
	return name && args
}

func (copilotCLI) Decode(data []byte) (*Request, error) {
	fields, err := topLevel(data)
	if err != nil {
		return nil, err
	}
	req := &Request{Agent: "copilot", Event: PreTool, Tool: stringField(fields, "toolName"),
		Cwd: stringField(fields, "cwd"), Session: stringField(fields, "sessionId")}
	if ev := stringField(fields, "hook_event_name"); ev != "" && ev != "preToolUse" {
		req.Event = Other
		return req, nil
	}
	raw := fields["toolArgs"]
	// toolArgs is a JSON string holding a JSON object (or, in the SDK, the
	// object itself).
	var s string
	if json.Unmarshal(raw, &s) == nil {
		raw = json.RawMessage(s)
	}
	input, err := object(raw, "toolArgs")
	if err != nil {
		return nil, fmt.Errorf("toolArgs: %v", err)
	}
	req.Input = input
	return req, copilotTools.fill(req, input)
}

type copilotOutput struct {
	PermissionDecision       string         `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string         `json:"permissionDecisionReason,omitempty"`
	ModifiedArgs             map[string]any `json:"modifiedArgs,omitempty"`
}

func (c copilotCLI) Encode(req *Request, a Answer) Reply {
	a = fit(c.Caps(), c.Title(), a)
	out := copilotOutput{PermissionDecision: string(a.Decision), PermissionDecisionReason: a.Reason}
	if a.Rewritten != "" {
		out.ModifiedArgs = withCommand(req.Input, "command", a.Rewritten)
	}
	if out.PermissionDecision == "" && out.ModifiedArgs == nil {
		return Reply{Stderr: forModel(a)}
	}
	return Reply{Stdout: jsonLine(out), Stderr: a.Context}
}
