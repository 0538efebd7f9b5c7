package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Kind is what a tool call does, whatever the agent calls the tool.
type Kind string

// The kinds of tool call the engine decides about. A call of another kind
// (a web fetch, a todo list) has Kind "" and is allowed.
const (
	Shell  Kind = "shell"
	Write  Kind = "write"
	Edit   Kind = "edit"
	Read   Kind = "read"
	Patch  Kind = "patch"
	Delete Kind = "delete"
	// Skill is a skill or custom command the agent loads (Claude Code's
	// Skill tool): its text can run shell commands.
	Skill Kind = "skill"
	// MCP is a tool of an MCP server (Claude Code's mcp__server__tool,
	// Gemini CLI's mcp_server_tool): what it does is judged from its
	// name and its input's shape.
	MCP Kind = "mcp"
)

// Event is the moment of a hook call, in neutral terms.
type Event string

// The events corral answers.
const (
	PreTool    Event = "pre_tool"
	SessionEnd Event = "session_end"
	Other      Event = "other"
)

// Request is one hook call, decoded from any agent's input.
type Request struct {
	Agent   string // the adapter's name
	Event   Event
	Tool    string // the agent's own tool name
	Kind    Kind
	Command string   // Shell: the command line
	Paths   []string // Write, Edit, Read, Delete: the files (Read: may be a directory or empty)
	Patch   string   // Patch: the patch text(s), newline-joined
	Cwd     string
	// Dir is, for a shell tool whose input names the directory it runs
	// the command in (Codex's workdir, Gemini CLI's dir_path, Qwen Code's
	// directory), that directory: absolute, joined to Cwd when relative,
	// or as given when it starts with "~" (the hook resolves that against
	// the home directory). Empty: the command runs in Cwd.
	Dir     string
	Session string
	// AgentID and AgentType name the subagent that called, when the agent
	// says (Claude Code's agent_id/agent_type).
	AgentID   string
	AgentType string
	// Input is the tool's input object as the agent sent it; a rewrite
	// sends it back whole with the command replaced.
	Input map[string]any
	// MCPServer and MCPTool are an MCP tool's server and its own name
	// (Kind MCP).
	MCPServer, MCPTool string
	// NoRewrite says this event cannot take a rewritten command even if
	// the agent's other events can (Cursor's beforeShellExecution).
	NoRewrite bool
}

// Decision is the engine's verdict in neutral terms.
type Decision string

// The decisions. None says nothing: the agent's own rules apply.
const (
	None  Decision = ""
	Allow Decision = "allow"
	Ask   Decision = "ask"
	Deny  Decision = "deny"
)

// Answer is what the engine decided about a Request.
type Answer struct {
	Decision Decision
	// Reason is for the user and, on deny or ask, for the model.
	Reason string
	// Context is for the model after an allowed call (what changed).
	Context string
	// Rewritten is the command to run instead of Request.Command.
	Rewritten string
}

// Reply is an answer in an agent's wire format.
type Reply struct {
	Stdout []byte // one JSON value and a newline, or nothing
	Stderr string // a line for the user (or, on exit 2, for the model)
	Exit   int    // 0, or 2 where the agent blocks on exit status 2
}

// Caps says what an agent's hook protocol can express.
type Caps struct {
	Rewrite bool // the hook can replace the command
	Ask     bool // the hook can ask the user
	Context bool // the hook can tell the model something on allow
}

// Adapter is one agent's hook protocol and registration.
type Adapter interface {
	// Name is the agent's name on the command line (corral hook --agent NAME).
	Name() string
	// Title is the agent's name for people.
	Title() string
	Caps() Caps
	// Recognize reports whether a hook input of unknown origin has this
	// agent's shape. fields are the input's top-level members.
	Recognize(fields map[string]json.RawMessage) bool
	// Decode reads a hook input.
	Decode(data []byte) (*Request, error)
	// Encode writes an answer in the agent's wire format. It is called
	// only for PreTool requests with something to say.
	Encode(req *Request, a Answer) Reply
	Registrar
}

// All is every agent corral answers, in the order recognition tries them:
// the most distinctive shapes first, Claude Code's (the most general) last.
// They are pointers to the adapters, so that start-up copies none of them.
var All = []Adapter{
	&copilot,
	&cursor,
	&windsurf,
	&cline,
	&antigravity,
	&opencode,
	&gemini,
	&codexCLI,
	&kiro,
	&hermes,
	&crush,
	&qwenCode,
	&factoryDroid,
	&kimi,
	&augmentCLI,
	&grokBuild,
	&continueCLI,
	&claudeCode,
}

// ByName returns the adapter called name, or nil.
func ByName(name string) Adapter {
	for _, a := range All {
		if a.Name() == strings.ToLower(name) {
			return a
		}
	}
	return nil
}

// Names lists the adapters' names, sorted.
func Names() []string {
	var out []string
	for _, a := range All {
		out = append(out, a.Name())
	}
	sort.Strings(out)
	return out
}

// Recognize finds the adapter whose input shape data has, or nil when
// none does (or data is not a JSON object).
func Recognize(data []byte) Adapter {
	fields, err := topLevel(data)
	if err != nil {
		return nil
	}
	for _, a := range All {
		if a.Recognize(fields) {
			return a
		}
	}
	return nil
}

// checkObject reports the error topLevel would for data, without building
// its map of fields when data is valid JSON that starts as an object (the
// hook's common case: one decoding of the input, not two).
func checkObject(data []byte) error {
	_, err := objectValid(data)
	return err
}

// objectValid is checkObject, and reports whether data is valid JSON
// whose value is an object (decodeClaudeFast reads only such input).
func objectValid(data []byte) (bool, error) {
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] == '{' && json.Valid(data) {
		return true, nil
	}
	_, err := topLevel(data)
	return false, err
}

// topLevel decodes a JSON object's members, refusing anything after it.
func topLevel(data []byte) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var fields map[string]json.RawMessage
	if err := dec.Decode(&fields); err != nil {
		return nil, err
	}
	if fields == nil {
		return nil, fmt.Errorf("not a JSON object")
	}
	if dec.More() {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return fields, nil
}
