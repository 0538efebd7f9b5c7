package agent

import (
	"encoding/json"
	"path/filepath"
)

// kiroCLI is Kiro CLI (DESIGN.md, "Hook protocols of other agents";
// kiro.dev/docs/cli/hooks; not run here): preToolUse hooks in an agent
// configuration file, input {hook_event_name, cwd, tool_name,
// tool_input}; exit status 2 blocks with stderr to the model. Rewrite and
// ask (3.4+) are not verified, so corral refuses and names the sandboxed
// command. corral registers in the agent file default.json.
type kiroCLI struct{ jsonHooks }

var kiro = kiroCLI{jsonHooks{
	agent:  "kiro",
	scopes: []Scope{User, Project},
	path: func(t Target, s Scope) string {
		if s == Project {
			return filepath.Join(t.Project, ".kiro", "agents", "default.json")
		}
		return filepath.Join(t.Home, ".kiro", "agents", "default.json")
	},
	detect:     []string{".kiro"},
	commandKey: "command",
	events:     []hookEvent{{"preToolUse", "execute_bash|fs_write|fs_read|shell|write|read"}},
	shellTool:  "execute_bash",
}}

var kiroTools = tools{
	{"execute_bash", Shell, []string{"command"}},
	{"shell", Shell, []string{"command"}},
	{"fs_write", Write, []string{"path"}},
	{"write", Write, []string{"path"}},
	{"fs_read", Read, []string{"path"}},
	{"read", Read, []string{"path"}},
}

func (kiroCLI) Name() string  { return "kiro" }
func (kiroCLI) Title() string { return "Kiro CLI" }
func (kiroCLI) Caps() Caps    { return Caps{} }

func (kiroCLI) Recognize(f map[string]json.RawMessage) bool {
	return eventIs(f, "preToolUse") && hasTool(f, kiroTools)
}

func (kiroCLI) Decode(data []byte) (*Request, error) {
	req, err := decodeClaudeShape(data, "kiro", kiroTools, map[string]Event{"preToolUse": PreTool})
	if err != nil {
		return nil, err
	}
	// fs_read takes a list of operations, each with a path.
	if ops, ok := req.Input["operations"].([]any); ok && req.Kind == Read {
		for _, op := range ops {
			if m, ok := op.(map[string]any); ok {
				req.Paths = append(req.Paths, stringsOf(m["path"])...)
			}
		}
	}
	return req, nil
}

func (k kiroCLI) Encode(req *Request, a Answer) Reply { return exit2(fit(k.Caps(), k.Title(), a)) }
