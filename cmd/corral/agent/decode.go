package agent

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// tool says how one of an agent's tools maps to the neutral request: its
// kind and the input fields that carry the command or the paths.
type tool struct {
	name   string
	kind   Kind
	fields []string
}

// tools lists an agent's tools with their meaning. It is a slice, not a
// map, so that the adapters' tables are static data: a hook process
// builds nothing for them at start-up.
type tools []tool

// find returns the tool called name.
func (t tools) find(name string) (tool, bool) {
	for _, x := range t {
		if x.name == name {
			return x, true
		}
	}
	return tool{}, false
}

// fill sets req.Kind and the command, paths or patch from a tool input.
// A tool it does not know leaves the kind empty (allowed). A shell tool
// whose command field is there but is not text is an error: the call is
// then allowed with a note, never decoded as something else.
func (t tools) fill(req *Request, input map[string]any) error {
	spec, ok := t.find(req.Tool)
	if !ok {
		return nil
	}
	req.Kind = spec.kind
	switch spec.kind {
	case Shell:
		for _, f := range spec.fields {
			v, present := input[f]
			if !present {
				continue
			}
			cmd, ok := commandOf(v)
			if !ok {
				return fmt.Errorf("%s.%s is not a command string", req.Tool, f)
			}
			req.Command = cmd
			return shellDir(req, input)
		}
		req.Kind = ""
	case Patch:
		req.Patch = strings.Join(allStrings(input), "\n")
	default:
		for _, f := range spec.fields {
			req.Paths = append(req.Paths, stringsOf(input[f])...)
		}
	}
	return nil
}

// shellDirFields are the input fields in which agents' shell tools take
// the directory to run the command in: Codex's shell, exec_command and
// local_shell (workdir), Gemini CLI's run_shell_command (dir_path; older
// releases: directory), Qwen Code's (directory), and the cwd and
// working-directory names other tools use.
var shellDirFields = [...]string{"workdir", "dir_path", "directory", "cwd", "working_directory", "workingDirectory"}

// shellDir sets req.Dir from the first working-directory field of a
// shell tool's input; one that is not text is an error, as a command
// that is not text is.
func shellDir(req *Request, input map[string]any) error {
	for _, f := range shellDirFields {
		v, present := input[f]
		if !present || v == nil {
			continue
		}
		d, ok := v.(string)
		if !ok {
			return fmt.Errorf("%s.%s is not a directory string", req.Tool, f)
		}
		switch {
		case d == "":
			continue
		case filepath.IsAbs(d) || d == "~" || strings.HasPrefix(d, "~/") || req.Cwd == "":
			req.Dir = filepath.Clean(d)
		default:
			req.Dir = filepath.Join(req.Cwd, d)
		}
		return nil
	}
	return nil
}

// commandOf reads a command given as a string, or as an argv list (Codex
// has sent ["bash", "-lc", "script"]): a shell's -c script is the command,
// any other list is quoted back into one.
func commandOf(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case []any:
		var argv []string
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return "", false
			}
			argv = append(argv, s)
		}
		if len(argv) == 0 {
			return "", false
		}
		if len(argv) == 3 && isShell(argv[0]) && (argv[1] == "-c" || argv[1] == "-lc") {
			return argv[2], true
		}
		q := make([]string, len(argv))
		for i, a := range argv {
			q[i] = shellQuote(a)
		}
		return strings.Join(q, " "), true
	}
	return "", false
}

// isShell reports whether the program p (a name or a path) is a shell of
// the one runner table (syntax.RunnerOf).
func isShell(p string) bool { return syntax.IsShell(p[strings.LastIndex(p, "/")+1:]) }

// stringsOf returns v if it is a non-empty string, or the non-empty
// strings of a list.
func stringsOf(v any) []string {
	switch x := v.(type) {
	case string:
		if x != "" {
			return []string{x}
		}
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok && s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// allStrings lists every string in v (objects in key order), so that a
// patch is found whatever field carries it.
func allStrings(v any) []string {
	var out []string
	switch x := v.(type) {
	case string:
		out = append(out, x)
	case []any:
		for _, e := range x {
			out = append(out, allStrings(e)...)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			out = append(out, allStrings(x[k])...)
		}
	}
	return out
}

// object decodes raw as a JSON object; null or absent is an empty one.
func object(raw json.RawMessage, what string) (map[string]any, error) {
	out := map[string]any{}
	if len(raw) == 0 || string(raw) == "null" {
		return out, nil
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("%s: %v", what, err)
	}
	if out == nil {
		out = map[string]any{}
	}
	return out, nil
}

// present reports whether a raw member is there and not null.
func present(raw json.RawMessage) bool { return len(raw) > 0 && string(raw) != "null" }

// stringField reads a top-level string member ("" when absent).
func stringField(fields map[string]json.RawMessage, name string) string {
	var s string
	if raw, ok := fields[name]; ok {
		_ = json.Unmarshal(raw, &s)
	}
	return s
}

// withCommand copies a tool input with its command field replaced.
func withCommand(in map[string]any, field, cmd string) map[string]any {
	out := make(map[string]any, len(in)+1)
	for k, v := range in {
		out[k] = v
	}
	out[field] = cmd
	return out
}

// commandField is the field of input that carries the command, among the
// tool's fields ("command" when none is there).
func (t tools) commandField(toolName string, input map[string]any) string {
	spec, _ := t.find(toolName)
	for _, f := range spec.fields {
		if _, ok := input[f]; ok {
			return f
		}
	}
	return "command"
}

func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// claudeShape is Claude Code's hook input, which many agents copy: the
// current shape (tool_name, tool_input) and seed 000's (tool, arguments).
type claudeShape struct {
	SessionID     string          `json:"session_id"`
	Cwd           string          `json:"cwd"`
	HookEventName string          `json:"hook_event_name"`
	ToolName      string          `json:"tool_name"`
	ToolInput     json.RawMessage `json:"tool_input"`
	AgentID       string          `json:"agent_id"`
	AgentType     string          `json:"agent_type"`
	// MCPContext names an MCP tool's server and tool (Gemini CLI).
	MCPContext struct {
		ServerName string `json:"server_name"`
		ToolName   string `json:"tool_name"`
	} `json:"mcp_context"`

	Tool         string          `json:"tool"`
	Arguments    json.RawMessage `json:"arguments"`
	SessionIDOld string          `json:"sessionId"`
}

// decodeClaudeShape decodes a Claude-shaped input. events maps the
// agent's event names; "" (seed 000's shape has none) is PreTool.
func decodeClaudeShape(data []byte, name string, t tools, events map[string]Event) (*Request, error) {
	valid, err := objectValid(data)
	if err != nil {
		return nil, err
	}
	var in claudeShape
	if !valid || !decodeClaudeFast(data, &in) {
		in = claudeShape{}
		if err := json.Unmarshal(data, &in); err != nil {
			return nil, err
		}
	}
	req := &Request{Agent: name, Tool: in.ToolName, Session: in.SessionID, Cwd: in.Cwd, AgentID: in.AgentID, AgentType: in.AgentType}
	if req.Tool == "" {
		req.Tool = in.Tool
	}
	if req.Session == "" {
		req.Session = in.SessionIDOld
	}
	req.Event = Other
	if ev, ok := events[in.HookEventName]; ok {
		req.Event = ev
	} else if in.HookEventName == "" {
		req.Event = PreTool
	}
	raw := in.ToolInput
	if !present(raw) {
		raw = in.Arguments
	}
	input, err := object(raw, "tool_input")
	if err != nil {
		return nil, err
	}
	req.Input = input
	if req.Event == PreTool {
		if err := t.fill(req, input); err != nil {
			return nil, err
		}
		if req.Kind == "" {
			if srv, tool, ok := mcpToolName(req.Tool, in.MCPContext.ServerName, in.MCPContext.ToolName); ok {
				req.Kind, req.MCPServer, req.MCPTool = MCP, srv, tool
			}
		}
	}
	return req, nil
}

// mcpToolName splits the name an agent gives an MCP server's tool into
// the server and the tool's own name: mcp__SERVER__TOOL (Claude Code,
// Codex, Qwen Code, and the agents that copy them) or mcp_SERVER_TOOL
// (Gemini CLI, whose mcp_context names both; without it the server is
// taken to end at the first underscore, as Gemini CLI parses it).
func mcpToolName(name, ctxServer, ctxTool string) (server, tool string, ok bool) {
	if ctxTool != "" {
		return ctxServer, ctxTool, true
	}
	if name == "ReadMcpResourceTool" {
		// Claude Code's own tool that reads a server's resource by URI
		// (file:///… on this disk): judged as an MCP read.
		return "", name, true
	}
	if rest, found := strings.CutPrefix(name, "mcp__"); found {
		server, tool, ok = strings.Cut(rest, "__")
		return server, tool, ok && server != "" && tool != ""
	}
	if rest, found := strings.CutPrefix(name, "mcp_"); found {
		server, tool, ok = strings.Cut(rest, "_")
		return server, tool, ok && server != "" && tool != ""
	}
	return "", "", false
}

// hasTool reports whether a Claude-shaped input names one of t's tools.
func hasTool(fields map[string]json.RawMessage, t tools) bool {
	name := stringField(fields, "tool_name")
	if name == "" {
		name = stringField(fields, "tool")
	}
	_, ok := t.find(name)
	return ok
}
