package agent

import (
	"encoding/json"
	"path/filepath"
)

// googleAntigravity is Google's Antigravity (DESIGN.md, "Hook protocols
// of other agents": ~/.gemini/config/hooks.json, input toolCall{name:
// "run_command", args.CommandLine}, answer {"decision": "deny"}; not run
// here, unverified). Deny only: corral refuses and names the sandboxed
// command.
type googleAntigravity struct{ jsonHooks }

var antigravity = googleAntigravity{jsonHooks{
	agent:      "antigravity",
	scopes:     []Scope{User},
	path:       func(t Target, s Scope) string { return filepath.Join(t.Home, ".gemini", "config", "hooks.json") },
	detect:     []string{".gemini/antigravity"},
	commandKey: "command",
	events:     []hookEvent{{"PreToolUse", ""}},
}}

var antigravityTools = tools{
	{"run_command", Shell, []string{"CommandLine", "command"}},
	{"write_to_file", Write, []string{"TargetFile", "path"}},
	{"replace_file_content", Edit, []string{"TargetFile", "path"}},
	{"multi_replace_file_content", Edit, []string{"TargetFile", "path"}},
	{"view_file", Read, []string{"AbsolutePath", "path"}},
}

func (googleAntigravity) Name() string  { return "antigravity" }
func (googleAntigravity) Title() string { return "Antigravity" }
func (googleAntigravity) Caps() Caps    { return Caps{} }

func (googleAntigravity) Recognize(f map[string]json.RawMessage) bool {
	_, ok := f["toolCall"]
	return ok
}

func (googleAntigravity) Decode(data []byte) (*Request, error) {
	var in struct {
		ConversationID string `json:"conversationId"`
		ToolCall       *struct {
			Name string          `json:"name"`
			Args json.RawMessage `json:"args"`
		} `json:"toolCall"`
	}
	if err := checkObject(data); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, err
	}
	req := &Request{Agent: "antigravity", Event: Other, Session: in.ConversationID}
	if in.ToolCall == nil {
		return req, nil
	}
	req.Event, req.Tool = PreTool, in.ToolCall.Name
	input, err := object(in.ToolCall.Args, "toolCall.args")
	if err != nil {
		return nil, err
	}
	req.Input = input
	req.Cwd, _ = input["Cwd"].(string)
	return req, antigravityTools.fill(req, input)
}

type antigravityOutput struct {
	Decision string `json:"decision"`
	Reason   string `json:"reason,omitempty"`
}

func (g googleAntigravity) Encode(req *Request, a Answer) Reply {
	a = fit(g.Caps(), g.Title(), a)
	if a.Decision == Deny {
		return Reply{Stdout: jsonLine(antigravityOutput{"deny", a.Reason})}
	}
	return Reply{Stderr: forModel(a)}
}
