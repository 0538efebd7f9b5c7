package agent

import (
	"encoding/json"
	"path/filepath"
	"strings"
)

// cursorAgent is Cursor, the editor and cursor-agent (DESIGN.md, "Hook
// protocols of other agents"; cursor.com/docs/agent/hooks; not run here):
// preToolUse (tools Shell, Write, StrReplace, Delete, Read; a rewrite in
// updated_input) and beforeShellExecution (no rewrite: corral refuses and
// names the sandboxed command); beforeMCPExecution for MCP servers' tools. Answers: permission allow/deny/ask,
// user_message, agent_message.
type cursorAgent struct{ jsonHooks }

var cursor = cursorAgent{jsonHooks{
	agent:  "cursor",
	scopes: []Scope{User, Project},
	path: func(t Target, s Scope) string {
		if s == Project {
			return filepath.Join(t.Project, ".cursor", "hooks.json")
		}
		return filepath.Join(t.Home, ".cursor", "hooks.json")
	},
	detect:     []string{".cursor"},
	commandKey: "command",
	events: []hookEvent{
		{"preToolUse", "Shell|Write|Edit|StrReplace|Delete|Read"},
		{"beforeShellExecution", ""},
		{"beforeMCPExecution", ""},
	},
	top:       func(doc *obj) { doc.set("version", json.Number("1")) },
	shellTool: "Shell",
}}

var cursorTools = tools{
	{"Shell", Shell, []string{"command"}},
	{"Write", Write, []string{"file_path", "path"}},
	{"Edit", Edit, []string{"file_path", "path"}},
	{"StrReplace", Edit, []string{"file_path", "path"}},
	{"Delete", Delete, []string{"file_path", "path"}},
	{"Read", Read, []string{"file_path", "path"}},
}

func (cursorAgent) Name() string  { return "cursor" }
func (cursorAgent) Title() string { return "Cursor" }

// Caps are preToolUse's; beforeShellExecution cannot rewrite.
func (cursorAgent) Caps() Caps { return Caps{Rewrite: true, Ask: true, Context: true} }

func (cursorAgent) Recognize(f map[string]json.RawMessage) bool {
	if eventIs(f, "beforeShellExecution", "beforeReadFile", "beforeMCPExecution") {
		return true
	}
	_, conv := f["conversation_id"]
	_, roots := f["workspace_roots"]
	return eventIs(f, "preToolUse") && (conv || roots)
}

func (cursorAgent) Decode(data []byte) (*Request, error) {
	var in struct {
		HookEventName  string          `json:"hook_event_name"`
		ConversationID string          `json:"conversation_id"`
		Cwd            string          `json:"cwd"`
		WorkspaceRoots []string        `json:"workspace_roots"`
		Command        *string         `json:"command"`
		FilePath       string          `json:"file_path"`
		ToolName       string          `json:"tool_name"`
		ToolInput      json.RawMessage `json:"tool_input"`
	}
	if err := checkObject(data); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, err
	}
	req := &Request{Agent: "cursor", Event: PreTool, Tool: in.HookEventName, Session: in.ConversationID, Cwd: in.Cwd}
	if req.Cwd == "" && len(in.WorkspaceRoots) > 0 {
		req.Cwd = in.WorkspaceRoots[0]
	}
	switch in.HookEventName {
	case "beforeShellExecution":
		req.Input, req.NoRewrite = map[string]any{}, true
		if in.Command != nil {
			req.Kind, req.Command = Shell, *in.Command
			req.Input["command"] = *in.Command
		}
		return req, nil
	case "beforeMCPExecution":
		// An MCP server's tool: tool_name and its arguments, tool_input
		// (a JSON text or an object: both shapes are documented), and
		// the server's url or command, not its name. Judged by the
		// tool's name and the input's shape, as every agent's MCP calls.
		raw := in.ToolInput
		var text string
		if json.Unmarshal(raw, &text) == nil {
			raw = json.RawMessage(text)
			if strings.TrimSpace(text) == "" {
				raw = json.RawMessage("{}")
			}
		}
		if len(raw) == 0 {
			raw = json.RawMessage("{}")
		}
		input, err := object(raw, "tool_input")
		if err != nil {
			return nil, err
		}
		req.Tool, req.Input, req.NoRewrite = in.ToolName, input, true
		req.Kind, req.MCPTool = MCP, in.ToolName
		return req, nil
	case "beforeReadFile":
		req.Kind, req.Paths, req.Input = Read, stringsOf(in.FilePath), map[string]any{}
		return req, nil
	case "preToolUse":
		req.Tool = in.ToolName
		input, err := object(in.ToolInput, "tool_input")
		if err != nil {
			return nil, err
		}
		req.Input = input
		return req, cursorTools.fill(req, input)
	}
	req.Event = Other
	return req, nil
}

type cursorOutput struct {
	Permission   string         `json:"permission,omitempty"`
	UserMessage  string         `json:"user_message,omitempty"`
	AgentMessage string         `json:"agent_message,omitempty"`
	UpdatedInput map[string]any `json:"updated_input,omitempty"`
}

func (c cursorAgent) Encode(req *Request, a Answer) Reply {
	caps := c.Caps()
	if req.NoRewrite {
		caps.Rewrite = false
	}
	a = fit(caps, c.Title(), a)
	out := cursorOutput{Permission: string(a.Decision), UserMessage: a.Reason, AgentMessage: a.Reason}
	if a.Decision == None || a.Decision == Allow {
		out.AgentMessage = a.Context
	}
	if a.Rewritten != "" {
		out.UpdatedInput = withCommand(req.Input, "command", a.Rewritten)
		if out.Permission == "" {
			out.Permission = "allow"
		}
	}
	if out.Permission == "" {
		out.Permission = "allow"
	}
	return Reply{Stdout: jsonLine(out)}
}
