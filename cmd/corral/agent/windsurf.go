package agent

import (
	"encoding/json"
	"path/filepath"
)

// windsurfCascade is Windsurf's Cascade (DESIGN.md, "Hook protocols of
// other agents"; docs.windsurf.com/windsurf/cascade/hooks; IDE only, not
// run here): pre_run_command, pre_write_code and pre_read_code with
// {agent_action_name, trajectory_id, tool_info}; exit status 2 blocks and
// nothing else is read: no rewrite, no ask. corral refuses and names the
// sandboxed command.
type windsurfCascade struct{ jsonHooks }

var windsurf = windsurfCascade{jsonHooks{
	agent:  "windsurf",
	scopes: []Scope{User, Project},
	path: func(t Target, s Scope) string {
		if s == Project {
			return filepath.Join(t.Project, ".windsurf", "hooks.json")
		}
		return filepath.Join(t.Home, ".codeium", "windsurf", "hooks.json")
	},
	detect:     []string{".codeium/windsurf"},
	commandKey: "command",
	events:     []hookEvent{{"pre_run_command", ""}, {"pre_write_code", ""}, {"pre_read_code", ""}},
	entry:      func(e *obj) { e.set("show_output", true) },
}}

func (windsurfCascade) Name() string  { return "windsurf" }
func (windsurfCascade) Title() string { return "Windsurf" }
func (windsurfCascade) Caps() Caps    { return Caps{} }

func (windsurfCascade) Recognize(f map[string]json.RawMessage) bool {
	_, action := f["agent_action_name"]
	_, info := f["tool_info"]
	return action && info
}

func (windsurfCascade) Decode(data []byte) (*Request, error) {
	var in struct {
		Action       string          `json:"agent_action_name"`
		TrajectoryID string          `json:"trajectory_id"`
		ToolInfo     json.RawMessage `json:"tool_info"`
	}
	if err := checkObject(data); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, err
	}
	info, err := object(in.ToolInfo, "tool_info")
	if err != nil {
		return nil, err
	}
	req := &Request{Agent: "windsurf", Event: PreTool, Tool: in.Action, Session: in.TrajectoryID, Input: info}
	req.Cwd, _ = info["cwd"].(string)
	t := tools{
		{"pre_run_command", Shell, []string{"command_line"}},
		{"pre_write_code", Write, []string{"file_path"}},
		{"pre_read_code", Read, []string{"file_path"}},
	}
	if _, ok := t.find(in.Action); !ok {
		req.Event = Other
		return req, nil
	}
	return req, t.fill(req, info)
}

func (w windsurfCascade) Encode(req *Request, a Answer) Reply {
	return exit2(fit(w.Caps(), w.Title(), a))
}
