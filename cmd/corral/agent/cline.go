package agent

import (
	"encoding/json"
	"fmt"
	"path/filepath"
)

// clineAgent is Cline (DESIGN.md, "Hook protocols of other agents"; not
// run here): a hook is an executable named after its event (PreToolUse)
// in ~/.cline/hooks or the project's .clinerules/hooks; input
// {hookName, taskId, preToolUse: {toolName, parameters}}; answer {cancel,
// errorMessage, contextModification}. Its rewrite and review fields are
// not verified, so corral refuses (naming the sandboxed command) rather
// than rewrite or ask.
type clineAgent struct{ fileHook }

var cline = clineAgent{fileHook{
	agent:  "cline",
	scopes: []Scope{User, Project},
	path: func(t Target, s Scope) string {
		if s == Project {
			return filepath.Join(t.Project, ".clinerules", "hooks", "PreToolUse")
		}
		return filepath.Join(t.Home, ".cline", "hooks", "PreToolUse")
	},
	detect: []string{".cline", "Documents/Cline"},
	content: func(t Target) []byte {
		return []byte(fmt.Sprintf("#!/bin/sh\n# Cline PreToolUse hook, %s --agent cline;\n# corral uninstall --agent cline removes it.\nexec %s\n", fileMarker, t.Command("cline")))
	},
	mode:  0o755,
	event: "PreToolUse",
}}

var clineTools = tools{
	"execute_command": {Shell, []string{"command"}},
	"write_to_file":   {Write, []string{"path"}},
	"replace_in_file": {Edit, []string{"path"}},
	"apply_patch":     {Patch, nil},
	"read_file":       {Read, []string{"path"}},
	"list_files":      {Read, []string{"path"}},
	"search_files":    {Read, []string{"path"}},
}

func (clineAgent) Name() string  { return "cline" }
func (clineAgent) Title() string { return "Cline" }
func (clineAgent) Caps() Caps    { return Caps{Context: true} }

func (clineAgent) Recognize(f map[string]json.RawMessage) bool {
	_, pre := f["preToolUse"]
	_, name := f["hookName"]
	return pre || (name && present(f["taskId"]))
}

func (clineAgent) Decode(data []byte) (*Request, error) {
	var in struct {
		HookName       string   `json:"hookName"`
		TaskID         string   `json:"taskId"`
		WorkspaceRoots []string `json:"workspaceRoots"`
		PreToolUse     *struct {
			ToolName   string          `json:"toolName"`
			Parameters json.RawMessage `json:"parameters"`
		} `json:"preToolUse"`
	}
	if _, err := topLevel(data); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, err
	}
	req := &Request{Agent: "cline", Event: Other, Session: in.TaskID}
	if len(in.WorkspaceRoots) > 0 {
		req.Cwd = in.WorkspaceRoots[0]
	}
	if in.PreToolUse == nil || (in.HookName != "" && in.HookName != "PreToolUse") {
		if in.HookName == "TaskCancel" || in.HookName == "TaskComplete" {
			req.Event = SessionEnd
		}
		return req, nil
	}
	req.Event, req.Tool = PreTool, in.PreToolUse.ToolName
	input, err := object(in.PreToolUse.Parameters, "preToolUse.parameters")
	if err != nil {
		return nil, err
	}
	req.Input = input
	return req, clineTools.fill(req, input)
}

type clineOutput struct {
	Cancel              bool   `json:"cancel"`
	ErrorMessage        string `json:"errorMessage,omitempty"`
	ContextModification string `json:"contextModification,omitempty"`
}

func (c clineAgent) Encode(req *Request, a Answer) Reply {
	a = fit(c.Caps(), c.Title(), a)
	if a.Decision == Deny {
		return Reply{Stdout: jsonLine(clineOutput{Cancel: true, ErrorMessage: a.Reason})}
	}
	return Reply{Stdout: jsonLine(clineOutput{ContextModification: forModel(a)})}
}
