package agent

import (
	"encoding/json"
	"path/filepath"
)

// charmCrush is Charm's Crush (DESIGN.md, "Hook protocols of other
// agents"; documented, not run here): PreToolUse in crush.json, input
// {event, tool_name, tool_input}, answer decision and updated_input (a
// shallow merge into the tool input); exit status 2 also blocks.
type charmCrush struct{ jsonHooks }

var crush = charmCrush{jsonHooks{
	agent:  "crush",
	scopes: []Scope{User, Project},
	path: func(t Target, s Scope) string {
		if s == Project {
			return filepath.Join(t.Project, "crush.json")
		}
		if d := t.getenv("XDG_CONFIG_HOME"); d != "" {
			return filepath.Join(d, "crush", "crush.json")
		}
		return filepath.Join(t.Home, ".config", "crush", "crush.json")
	},
	detect:    []string{".config/crush", ".local/share/crush"},
	nested:    true,
	events:    []hookEvent{{"PreToolUse", "bash|write|edit|multiedit|view|glob|grep|ls"}},
	shellTool: "bash",
}}

var crushTools = tools{
	{"bash", Shell, []string{"command"}},
	{"write", Write, []string{"file_path", "path"}},
	{"edit", Edit, []string{"file_path", "path"}},
	{"multiedit", Edit, []string{"file_path", "path"}},
	{"view", Read, []string{"file_path", "path"}},
	{"glob", Read, []string{"path"}},
	{"grep", Read, []string{"path"}},
	{"ls", Read, []string{"path"}},
}

func (charmCrush) Name() string  { return "crush" }
func (charmCrush) Title() string { return "Crush" }
func (charmCrush) Caps() Caps    { return Caps{Rewrite: true} }

func (charmCrush) Recognize(f map[string]json.RawMessage) bool {
	return stringField(f, "event") == "PreToolUse" && present(f["tool_name"])
}

func (charmCrush) Decode(data []byte) (*Request, error) {
	var in struct {
		Event     string          `json:"event"`
		SessionID string          `json:"session_id"`
		Cwd       string          `json:"cwd"`
		ToolName  string          `json:"tool_name"`
		ToolInput json.RawMessage `json:"tool_input"`
	}
	if err := checkObject(data); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, err
	}
	req := &Request{Agent: "crush", Event: Other, Tool: in.ToolName, Session: in.SessionID, Cwd: in.Cwd}
	if in.Event == "PreToolUse" || in.Event == "" {
		req.Event = PreTool
	}
	input, err := object(in.ToolInput, "tool_input")
	if err != nil {
		return nil, err
	}
	req.Input = input
	if req.Event == PreTool {
		return req, crushTools.fill(req, input)
	}
	return req, nil
}

type crushOutput struct {
	Decision     string         `json:"decision,omitempty"`
	Reason       string         `json:"reason,omitempty"`
	UpdatedInput map[string]any `json:"updated_input,omitempty"`
}

func (c charmCrush) Encode(req *Request, a Answer) Reply {
	a = fit(c.Caps(), c.Title(), a)
	out := crushOutput{Decision: string(a.Decision), Reason: a.Reason}
	if a.Rewritten != "" {
		out.UpdatedInput = map[string]any{crushTools.commandField(req.Tool, req.Input): a.Rewritten}
		if out.Decision == "" {
			out.Decision = "allow"
		}
	}
	if out.Decision == "" {
		return Reply{Stderr: forModel(a)}
	}
	return Reply{Stdout: jsonLine(out), Stderr: a.Context}
}
