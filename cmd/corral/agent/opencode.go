package agent

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// openCode is OpenCode (DESIGN.md, "Hook protocols of other agents";
// opencode.ai/docs/plugins): no command hooks, but a plugin's
// tool.execute.before may throw to block or change output.args to
// rewrite. corral init writes a small plugin that sends corral the call
// as {hook_event_name: "tool.execute.before", tool, args, session_id, cwd}
// and applies the answer {action: allow|rewrite|deny, args, reason}. No
// ask: an ask is refused with the way to approve.
type openCode struct{ fileHook }

var opencode = openCode{fileHook{
	agent:  "opencode",
	scopes: []Scope{User, Project},
	path: func(t Target, s Scope) string {
		if s == Project {
			return filepath.Join(t.Project, ".opencode", "plugin", "corral.js")
		}
		if d := t.getenv("XDG_CONFIG_HOME"); d != "" {
			return filepath.Join(d, "opencode", "plugin", "corral.js")
		}
		return filepath.Join(t.Home, ".config", "opencode", "plugin", "corral.js")
	},
	detect:  []string{".config/opencode", ".local/share/opencode"},
	content: opencodePlugin,
	mode:    0o644,
	event:   "tool.execute.before",
}}

func opencodePlugin(t Target) []byte {
	bin, _ := json.Marshal(t.Binary)
	return []byte(fmt.Sprintf(`// corral's OpenCode plugin, %s --agent opencode;
// corral uninstall --agent opencode removes it. It sends each tool call to
// "corral hook --agent opencode" and applies the answer; if corral cannot
// run, it says so on stderr and lets the call through (fail open).
import { spawnSync } from "node:child_process";

const CORRAL = %s;

export const Corral = async ({ directory }) => ({
  "tool.execute.before": async (input, output) => {
    const call = JSON.stringify({
      hook_event_name: "tool.execute.before",
      tool: input.tool,
      session_id: input.sessionID,
      cwd: directory,
      args: output.args,
    });
    const r = spawnSync(CORRAL, ["hook", "--agent", "opencode"], { input: call, encoding: "utf8" });
    if (r.error || r.status !== 0) {
      console.error("corral: cannot run " + CORRAL + " (" + (r.error || r.stderr) + "); allowing (fail open)");
      return;
    }
    if (r.stderr) console.error(r.stderr.trim());
    if (!r.stdout.trim()) return;
    let a;
    try {
      a = JSON.parse(r.stdout);
    } catch (e) {
      console.error("corral: unreadable answer; allowing (fail open)");
      return;
    }
    if (a.action === "deny") throw new Error(a.reason);
    if (a.action === "rewrite" && a.args) Object.assign(output.args, a.args);
  },
});
`, fileMarker, bin))
}

var opencodeTools = tools{
	{"bash", Shell, []string{"command"}},
	{"write", Write, []string{"filePath", "file_path"}},
	{"edit", Edit, []string{"filePath", "file_path"}},
	{"patch", Patch, nil},
	// apply_patch {patchText} (OpenCode 1.18 offers it instead of write
	// and edit to GPT models): the files its envelope's headers name.
	{"apply_patch", Patch, nil},
	{"read", Read, []string{"filePath", "file_path"}},
	{"glob", Read, []string{"path"}},
	{"grep", Read, []string{"path"}},
	{"list", Read, []string{"path"}},
}

// opencodeOwnTools are OpenCode's own tools that neither run commands nor
// touch files (todo lists, sub-agents, skills, web reads into the
// conversation, questions to the user): they are not judged.
var opencodeOwnTools = []string{"batch", "codesearch", "invalid", "lsp", "plan_enter", "plan_exit", "question", "skill", "task", "todoread", "todowrite", "webfetch", "websearch"}

// opencodeMCPTool splits the name OpenCode gives a tool that is neither
// in opencodeTools nor one of its own: an MCP server's tool, which
// OpenCode 1.18 names SERVER_TOOL (each part with characters other than
// letters, digits, '_' and '-' replaced by '_'; recorded from a real run,
// TestOpenCodeMCP), or a custom tool of the user's (.opencode/tool/),
// which is judged the same way, by its name and input. The server is
// taken to end at the first underscore, as for Gemini CLI.
func opencodeMCPTool(name string) (server, tool string, ok bool) {
	if name == "" {
		return "", "", false
	}
	for _, own := range opencodeOwnTools {
		if name == own {
			return "", "", false
		}
	}
	if server, tool, found := strings.Cut(name, "_"); found && server != "" && tool != "" {
		return server, tool, true
	}
	return "", name, true
}

func (openCode) Name() string  { return "opencode" }
func (openCode) Title() string { return "OpenCode" }
func (openCode) Caps() Caps    { return Caps{Rewrite: true} }

func (openCode) Recognize(f map[string]json.RawMessage) bool {
	return eventIs(f, "tool.execute.before")
}

func (openCode) Decode(data []byte) (*Request, error) {
	var in struct {
		HookEventName string          `json:"hook_event_name"`
		Tool          string          `json:"tool"`
		SessionID     string          `json:"session_id"`
		Cwd           string          `json:"cwd"`
		Args          json.RawMessage `json:"args"`
	}
	if err := checkObject(data); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, err
	}
	req := &Request{Agent: "opencode", Event: PreTool, Tool: in.Tool, Session: in.SessionID, Cwd: in.Cwd}
	if in.HookEventName != "tool.execute.before" {
		req.Event = Other
		return req, nil
	}
	input, err := object(in.Args, "args")
	if err != nil {
		return nil, err
	}
	req.Input = input
	if err := opencodeTools.fill(req, input); err != nil {
		return nil, err
	}
	if _, known := opencodeTools.find(req.Tool); !known {
		if server, tool, ok := opencodeMCPTool(req.Tool); ok {
			req.Kind, req.MCPServer, req.MCPTool = MCP, server, tool
		}
	}
	return req, nil
}

type opencodeOutput struct {
	Action  string         `json:"action"`
	Reason  string         `json:"reason,omitempty"`
	Args    map[string]any `json:"args,omitempty"`
	Context string         `json:"context,omitempty"`
}

func (o openCode) Encode(req *Request, a Answer) Reply {
	a = fit(o.Caps(), o.Title(), a)
	switch {
	case a.Decision == Deny:
		return Reply{Stdout: jsonLine(opencodeOutput{Action: "deny", Reason: a.Reason})}
	case a.Rewritten != "":
		return Reply{Stdout: jsonLine(opencodeOutput{Action: "rewrite", Args: withCommand(req.Input, "command", a.Rewritten), Context: a.Context}), Stderr: a.Context}
	}
	return Reply{Stdout: jsonLine(opencodeOutput{Action: "allow", Context: forModel(a)}), Stderr: forModel(a)}
}
