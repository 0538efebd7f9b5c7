package agent

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf8"
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
	// write_bash types input into a running shell session
	// ({shellId, input, delay}, the schema in Copilot CLI 1.0.102's
	// bundle): its text is judged as the command bash reads.
	{"write_bash", Shell, []string{"input"}},
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
	// toolArgs is the tool's input object (as Copilot CLI 1.0.102 sends
	// it, recorded) or a JSON string holding one (as documented).
	var s string
	if json.Unmarshal(raw, &s) == nil {
		raw = json.RawMessage(s)
	}
	input, err := object(raw, "toolArgs")
	if err != nil {
		return nil, fmt.Errorf("toolArgs: %v", err)
	}
	req.Input = input
	if err := copilotTools.fill(req, input); err != nil {
		return nil, err
	}
	if req.Tool == "write_bash" && req.Kind == Shell {
		// Typed text cannot be rewritten into the sandboxed command (a
		// line already half typed would be joined to it): a clone is
		// refused, naming the command to run with the bash tool.
		req.Command, req.NoRewrite = typedLines(req.Command), true
	}
	if _, known := copilotTools.find(req.Tool); !known {
		if server, tool, ok := copilotMCPTool(req.Tool); ok {
			req.Kind, req.MCPServer, req.MCPTool = MCP, server, tool
		}
	}
	return req, nil
}

// copilotMCPTool splits the name Copilot CLI gives an MCP server's tool:
// SERVER-TOOL (fs-write_file; recorded from a real 1.0.102 run, cmd/e2e
// TestCopilotMCP, and its built-in GitHub server's tools are
// github-mcp-server-…). Its own tools are spelt with underscores only
// (bash, write_bash, session_store_sql), so a name with a dash is a
// server's. A server's name may hold dashes itself: the server is taken
// to end at the first one, and the rest, judged as the tool's name, may
// carry words of the server's (stricter, not looser).
func copilotMCPTool(name string) (server, tool string, ok bool) {
	server, tool, found := strings.Cut(name, "-")
	if !found || server == "" || tool == "" {
		return "", "", false
	}
	return server, tool, true
}

type copilotOutput struct {
	PermissionDecision       string         `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string         `json:"permissionDecisionReason,omitempty"`
	ModifiedArgs             map[string]any `json:"modifiedArgs,omitempty"`
}

// typedLines is the text a shell reads when keys are typed into it as
// Copilot CLI's write_bash sends them: plain text, and the keys its tool
// description named in {braces} before 1.0.62 (a pseudo-terminal then):
// {enter} ends a line, {backspace} deletes the character before the
// cursor, {left} and {right} move it within the line being typed. Other
// words in braces ({up}, {down}, a literal {x}) stay as text. Bounded:
// one pass over the input.
func typedLines(in string) string {
	var done strings.Builder
	var line []rune
	cur := 0
	for len(in) > 0 {
		if in[0] == '{' {
			if end := strings.IndexByte(in, '}'); end > 0 {
				key := in[1:end]
				handled := true
				switch key {
				case "enter":
					done.WriteString(string(line))
					done.WriteByte('\n')
					line, cur = line[:0], 0
				case "backspace":
					if cur > 0 {
						line = append(line[:cur-1], line[cur:]...)
						cur--
					}
				case "left":
					if cur > 0 {
						cur--
					}
				case "right":
					if cur < len(line) {
						cur++
					}
				default:
					handled = false
				}
				if handled {
					in = in[end+1:]
					continue
				}
			}
		}
		r, size := utf8.DecodeRuneInString(in)
		in = in[size:]
		if r == '\n' {
			done.WriteString(string(line))
			done.WriteByte('\n')
			line, cur = line[:0], 0
			continue
		}
		line = append(line, 0)
		copy(line[cur+1:], line[cur:])
		line[cur] = r
		cur++
	}
	done.WriteString(string(line))
	return done.String()
}

func (c copilotCLI) Encode(req *Request, a Answer) Reply {
	caps := c.Caps()
	if req.NoRewrite {
		caps.Rewrite = false
	}
	a = fit(caps, c.Title(), a)
	out := copilotOutput{PermissionDecision: string(a.Decision), PermissionDecisionReason: a.Reason}
	if a.Rewritten != "" {
		out.ModifiedArgs = withCommand(req.Input, "command", a.Rewritten)
	}
	if out.PermissionDecision == "" && out.ModifiedArgs == nil {
		return Reply{Stderr: forModel(a)}
	}
	return Reply{Stdout: jsonLine(out), Stderr: a.Context}
}
