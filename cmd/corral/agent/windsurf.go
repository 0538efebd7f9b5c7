package agent

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// windsurfCascade is Windsurf's Cascade (DESIGN.md, "Hook protocols of
// other agents"; docs.windsurf.com/windsurf/cascade/hooks; IDE only, not
// run here): pre_run_command, pre_write_code, pre_read_code and
// pre_mcp_tool_use (its fields from other hook tools' references) with
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
	events:     []hookEvent{{"pre_run_command", ""}, {"pre_write_code", ""}, {"pre_read_code", ""}, {"pre_mcp_tool_use", ""}},
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
	if in.Action == "pre_mcp_tool_use" {
		// An MCP server's tool: tool_info {mcp_server_name,
		// mcp_tool_name, mcp_tool_arguments} (its arguments an object,
		// or a JSON text holding one), judged by the tool's name and
		// the arguments' shape.
		server, _ := info["mcp_server_name"].(string)
		tool, _ := info["mcp_tool_name"].(string)
		args := map[string]any{}
		switch v := info["mcp_tool_arguments"].(type) {
		case map[string]any:
			args = v
		case string:
			if strings.TrimSpace(v) != "" {
				if err := json.Unmarshal([]byte(v), &args); err != nil {
					return nil, fmt.Errorf("mcp_tool_arguments: %v", err)
				}
			}
		}
		if tool == "" {
			return nil, fmt.Errorf("pre_mcp_tool_use names no tool")
		}
		req.Kind, req.Tool, req.MCPServer, req.MCPTool, req.Input = MCP, tool, server, tool, args
		return req, nil
	}
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
