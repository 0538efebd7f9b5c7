package agent

import (
	"encoding/json"
)

// hermesAgent is Nous Research's Hermes Agent (DESIGN.md, "Hook protocols
// of other agents"; hermes-agent.nousresearch.com, shell hooks; not run
// here): pre_tool_call entries under hooks: in ~/.hermes/config.yaml,
// input {hook_event_name, tool_name, tool_input, session_id, cwd}, answer
// {"decision": "block", "reason": …}. Deny only: corral refuses and names
// the sandboxed command.
type hermesAgent struct{ yamlHooks }

var hermes = hermesAgent{yamlHooks{
	agent:   "hermes",
	file:    func(t Target) string { return homeOr(t, "HERMES_HOME", ".hermes", "config.yaml") },
	detect:  []string{".hermes"},
	event:   "pre_tool_call",
	matcher: "terminal|write_file|patch|read_file|search_files",
}}

var hermesTools = tools{
	{"terminal", Shell, []string{"command"}},
	{"write_file", Write, []string{"path", "file_path"}},
	{"patch", Edit, []string{"path", "file_path"}},
	{"read_file", Read, []string{"path", "file_path"}},
	{"search_files", Read, []string{"path"}},
}

func (hermesAgent) Name() string  { return "hermes" }
func (hermesAgent) Title() string { return "Hermes Agent" }
func (hermesAgent) Caps() Caps    { return Caps{} }

func (hermesAgent) Recognize(f map[string]json.RawMessage) bool {
	return eventIs(f, "pre_tool_call", "on_session_end")
}

func (hermesAgent) Decode(data []byte) (*Request, error) {
	return decodeClaudeShape(data, "hermes", hermesTools, map[string]Event{"pre_tool_call": PreTool, "on_session_end": SessionEnd})
}

type hermesOutput struct {
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
}

func (h hermesAgent) Encode(req *Request, a Answer) Reply {
	a = fit(h.Caps(), h.Title(), a)
	if a.Decision == Deny {
		return Reply{Stdout: jsonLine(hermesOutput{"block", a.Reason})}
	}
	if c := forModel(a); c != "" {
		return Reply{Stdout: jsonLine(map[string]string{"context": c})}
	}
	return Reply{}
}
