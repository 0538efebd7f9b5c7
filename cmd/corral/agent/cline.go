package agent

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// clineAgent is Cline (DESIGN.md, "Hook protocols of other agents"): a
// hook is an executable named after its event (PreToolUse) in
// ~/.cline/hooks or the project's .clinerules/hooks; answer {cancel,
// errorMessage, contextModification, overrideInput}. Two input shapes:
//   - the VS Code extension's (documented, not run here): hookName
//     "PreToolUse", preToolUse {toolName, parameters}, tools
//     execute_command, write_to_file, …; its overrideInput is unverified,
//     so a clone is refused naming the sandboxed command;
//   - the CLI 3.x and its SDK @cline/core (read from the 3.0.65 bundle):
//     hookName "tool_call", tool_call {id, name, input} with the tool's
//     input as the model gave it (preToolUse.parameters holds the same
//     values flattened to strings), tools run_commands {commands: [..]},
//     editor {path, …}, apply_patch {input}, read_files {files: [{path}]};
//     overrideInput replaces the input, so a clone is rewritten.
//
// In both, cancel ends the whole task (the CLI throws a stop error), not
// just the call: the user reads the reason, the model is not asked again.
// So the CLI 3.x's own tools are refused without it (clineRefusal); an
// MCP server's tool and the extension's calls are still cancelled.
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
	{"execute_command", Shell, []string{"command"}},
	{"write_to_file", Write, []string{"path"}},
	{"replace_in_file", Edit, []string{"path"}},
	{"apply_patch", Patch, nil},
	{"read_file", Read, []string{"path"}},
	{"list_files", Read, []string{"path"}},
	{"search_files", Read, []string{"path"}},
	// The CLI 3.x (@cline/core). run_commands is decoded by
	// clineCommands.
	{"editor", Write, []string{"path"}},
}

// clineCommands reads run_commands' input, which the CLI accepts in many
// shapes ({commands: [..]}, {commands: ".."}, {command}, {cmd}, a list,
// a string; an entry may be {command, args}, run without a shell), as one
// script: the commands on separate lines.
func clineCommands(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case []any:
		lines := make([]string, 0, len(x))
		for _, e := range x {
			line, ok := clineCommands(e)
			if !ok {
				return "", false
			}
			lines = append(lines, line)
		}
		return strings.Join(lines, "\n"), len(lines) > 0
	case map[string]any:
		if c, ok := x["commands"]; ok {
			return clineCommands(c)
		}
		if c, ok := x["cmd"]; ok {
			return clineCommands(c)
		}
		c, ok := x["command"].(string)
		if !ok {
			return "", false
		}
		args, _ := x["args"].([]any)
		if len(args) == 0 {
			if _, has := x["args"]; !has {
				return c, true
			}
		}
		return commandOf(append([]any{c}, args...))
	}
	return "", false
}

// clineFiles lists the paths in read_files' input ({files: [{path} or
// path]}, {file_paths}, {paths}, a list, a string).
func clineFiles(v any) []string {
	switch x := v.(type) {
	case string:
		return stringsOf(x)
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, clineFiles(e)...)
		}
		return out
	case map[string]any:
		var out []string
		for _, k := range []string{"path", "file_path", "filePath", "files", "file_paths", "paths"} {
			out = append(out, clineFiles(x[k])...)
		}
		return out
	}
	return nil
}

// clineOwnTools are the CLI 3.x's own tools that neither run commands
// nor touch files (questions, web reads, skills, sub-agents and teams,
// the end of a run; read from the 3.0.65 bundle): they are not judged.
// Its file and command tools are in clineTools or decoded by name.
var clineOwnTools = []string{"ask_question", "fetch_web_content", "search_codebase", "skills", "submit_and_exit", "spawn_agent"}

// clineMCPTool splits the name the CLI 3.x gives a tool that is not one
// of its own: an MCP server's tool, which @cline/core names
// SERVER__TOOL (fs__write_file; recorded from a real 3.0.65 run,
// TestClineMCP), with every run of characters other than letters,
// digits, '_' and '-' replaced by '_'; a name so changed or longer than
// 64 characters is cut and ends in '_' and 8 hex digits of its hash, so
// the tool's own name may be lost, and the whole name is then judged.
// The server is taken to end at the first "__". A plugin's tool is judged
// the same way, by its name and input. The agent-team tools (team_task,
// team_send_message, …) only pass work and messages between the CLI's
// own agents, whose tool calls come to the hook themselves: a team_ name
// without "__" is not judged (team__write_file is server team's).
func clineMCPTool(name string) (server, tool string, ok bool) {
	if name == "" || name == "run_commands" || name == "read_files" {
		return "", "", false
	}
	if strings.HasPrefix(name, "team_") && !strings.Contains(name, "__") {
		return "", "", false
	}
	for _, own := range clineOwnTools {
		if name == own {
			return "", "", false
		}
	}
	if server, tool, found := strings.Cut(name, "__"); found && server != "" && tool != "" {
		return server, tool, true
	}
	return "", name, true
}

func (clineAgent) Name() string  { return "cline" }
func (clineAgent) Title() string { return "Cline" }
func (clineAgent) Caps() Caps    { return Caps{Rewrite: true, Context: true} }

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
		ToolCall *struct {
			Name  string          `json:"name"`
			Input json.RawMessage `json:"input"`
		} `json:"tool_call"`
	}
	if err := checkObject(data); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, err
	}
	req := &Request{Agent: "cline", Event: Other, Session: in.TaskID}
	if len(in.WorkspaceRoots) > 0 {
		req.Cwd = in.WorkspaceRoots[0]
	}
	switch {
	case in.HookName == "tool_call" && in.ToolCall != nil:
		// The CLI 3.x: the tool's own input.
		req.Event, req.Tool = PreTool, in.ToolCall.Name
		var input any
		if len(in.ToolCall.Input) > 0 {
			if err := json.Unmarshal(in.ToolCall.Input, &input); err != nil {
				return nil, err
			}
		}
		obj, _ := input.(map[string]any)
		if obj == nil {
			obj = map[string]any{"input": input}
		}
		req.Input = obj
		switch req.Tool {
		case "run_commands":
			cmd, ok := clineCommands(input)
			if !ok {
				return nil, fmt.Errorf("run_commands input is not a command")
			}
			req.Kind, req.Command = Shell, cmd
			return req, nil
		case "read_files":
			req.Kind, req.Paths = Read, clineFiles(input)
			return req, nil
		}
		if err := clineTools.fill(req, obj); err != nil {
			return nil, err
		}
		if _, known := clineTools.find(req.Tool); !known {
			if server, tool, ok := clineMCPTool(req.Tool); ok {
				req.Kind, req.MCPServer, req.MCPTool = MCP, server, tool
			}
		}
		return req, nil
	case in.PreToolUse == nil || (in.HookName != "" && in.HookName != "PreToolUse" && in.HookName != "tool_call"):
		switch in.HookName {
		case "TaskCancel", "TaskComplete", "agent_abort", "agent_end", "session_shutdown":
			req.Event = SessionEnd
		}
		return req, nil
	}
	// The VS Code extension's shape (or a 3.x payload without tool_call):
	// its overrideInput is unverified, so no rewrite.
	req.Event, req.Tool, req.NoRewrite = PreTool, in.PreToolUse.ToolName, true
	input, err := object(in.PreToolUse.Parameters, "preToolUse.parameters")
	if err != nil {
		return nil, err
	}
	req.Input = input
	if req.Tool == "use_mcp_tool" {
		// The extension's one tool for every MCP server's tools:
		// {server_name, tool_name, arguments} (arguments a JSON text).
		server, _ := input["server_name"].(string)
		tool, _ := input["tool_name"].(string)
		args := map[string]any{}
		switch v := input["arguments"].(type) {
		case string:
			if strings.TrimSpace(v) != "" {
				if err := json.Unmarshal([]byte(v), &args); err != nil {
					return nil, fmt.Errorf("use_mcp_tool arguments: %v", err)
				}
			}
		case map[string]any:
			args = v
		}
		if tool == "" {
			return nil, fmt.Errorf("use_mcp_tool names no tool")
		}
		req.Kind, req.MCPServer, req.MCPTool, req.Input = MCP, server, tool, args
		return req, nil
	}
	if req.Tool == "run_commands" || req.Tool == "read_files" {
		// 3.x parameters: values flattened to strings (JSON for lists).
		var v any
		for _, k := range []string{"commands", "files"} {
			if s, ok := input[k].(string); ok && json.Unmarshal([]byte(s), &v) == nil {
				input = map[string]any{k: v}
			}
		}
		if req.Tool == "run_commands" {
			cmd, ok := clineCommands(input)
			if !ok {
				return nil, fmt.Errorf("run_commands parameters are not a command")
			}
			req.Kind, req.Command = Shell, cmd
			return req, nil
		}
		req.Kind, req.Paths = Read, clineFiles(input)
		return req, nil
	}
	if err := clineTools.fill(req, input); err != nil {
		return nil, err
	}
	if _, known := clineTools.find(req.Tool); !known && in.HookName == "tool_call" {
		// A 3.x server's tool (the extension's come in use_mcp_tool).
		if server, tool, ok := clineMCPTool(req.Tool); ok {
			req.Kind, req.MCPServer, req.MCPTool = MCP, server, tool
		}
	}
	return req, nil
}

// clineOwnFileOrShellTool reports whether name is one of the CLI 3.x's
// own tools that run commands or touch files, whose input schema is known.
func clineOwnFileOrShellTool(name string) bool {
	switch name {
	case "run_commands", "editor", "apply_patch", "read_files":
		return true
	}
	return false
}

// clineRefusal refuses one call of the CLI 3.x's own tools without
// ending the run. Its file hooks have no "skip this call": cancel stops
// the whole run and the model never learns why (read from @cline/core
// 3.0.65: the answer becomes {stop, reason} for cancel, else
// {appendContext, input}; a hook's exit status is not read). So the call
// goes ahead with an input that does nothing and tells why:
// run_commands gets one command that prints the reason and fails (the
// model reads it as the command's output); editor, apply_patch and
// read_files get an empty input, which their schemas refuse (editor and
// read_files need a path, apply_patch its patch), so nothing is written
// or read and the tool reports an error. errorMessage, on a call that is
// not cancelled, reaches the model as the hook's context. An MCP server's
// tool, whose schema corral does not know (an empty input might be all it
// needs to run), is still refused with cancel.
func clineRefusal(tool, reason string) clineRefused {
	in := map[string]any{}
	if tool == "run_commands" {
		in["commands"] = []any{"printf '%s\\n' " + shellQuote(reason) + "; exit 1"}
	}
	return clineRefused{ErrorMessage: reason, OverrideInput: in}
}

// clineRefused is clineOutput for a refusal that lets the run go on: its
// overrideInput is always sent, even empty.
type clineRefused struct {
	ErrorMessage  string         `json:"errorMessage"`
	OverrideInput map[string]any `json:"overrideInput"`
}

type clineOutput struct {
	Cancel              bool           `json:"cancel"`
	ErrorMessage        string         `json:"errorMessage,omitempty"`
	ContextModification string         `json:"contextModification,omitempty"`
	OverrideInput       map[string]any `json:"overrideInput,omitempty"`
}

func (c clineAgent) Encode(req *Request, a Answer) Reply {
	caps := c.Caps()
	if req.NoRewrite {
		caps.Rewrite = false
	}
	a = fit(caps, c.Title(), a)
	switch {
	case a.Decision == Deny && !req.NoRewrite && clineOwnFileOrShellTool(req.Tool):
		return Reply{Stdout: jsonLine(clineRefusal(req.Tool, a.Reason))}
	case a.Decision == Deny:
		return Reply{Stdout: jsonLine(clineOutput{Cancel: true, ErrorMessage: a.Reason})}
	case a.Rewritten != "":
		// run_commands runs what overrideInput says: the rewritten
		// script as its one command.
		in := map[string]any{}
		for k, v := range req.Input {
			if k != "command" && k != "cmd" && k != "args" {
				in[k] = v
			}
		}
		in["commands"] = []any{a.Rewritten}
		return Reply{Stdout: jsonLine(clineOutput{OverrideInput: in, ContextModification: forModel(a)})}
	}
	return Reply{Stdout: jsonLine(clineOutput{ContextModification: forModel(a)})}
}
