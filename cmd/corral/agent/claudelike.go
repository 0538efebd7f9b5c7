package agent

import (
	"encoding/json"

	"github.com/corral-dev/corral/internal/lazy"
)

// claudeLike is an agent whose hook input copies Claude Code's field
// names (hook_event_name, tool_name, tool_input, session_id, cwd); most
// agents do. Its own file gives its tools, events, capabilities and
// registration.
type claudeLike struct {
	jsonHooks
	name, title string
	caps        Caps
	tools       tools
	// events maps the agent's event names to neutral ones (a pointer to
	// a table built on first use, so that the agents' variables stay
	// static data).
	events *lazy.Value[map[string]Event]
	// outEvent is hookEventName in the answer.
	outEvent string
	// exit2 agents block with exit status 2 and the reason on stderr;
	// the others answer in Claude Code's JSON.
	exit2 bool
	// allowRewrite says a rewrite must carry permissionDecision allow to
	// be applied (Codex).
	allowRewrite bool
	recognize    func(fields map[string]json.RawMessage) bool
}

func (c claudeLike) Name() string  { return c.name }
func (c claudeLike) Title() string { return c.title }
func (c claudeLike) Caps() Caps    { return c.caps }

func (c claudeLike) Recognize(fields map[string]json.RawMessage) bool {
	return c.recognize != nil && c.recognize(fields)
}

func (c claudeLike) Decode(data []byte) (*Request, error) {
	return decodeClaudeShape(data, c.name, c.tools, c.events.Get())
}

func (c claudeLike) Encode(req *Request, a Answer) Reply {
	a = fit(c.caps, c.title, a)
	if c.exit2 {
		return exit2(a)
	}
	if a.Rewritten != "" && c.allowRewrite && a.Decision == None {
		a.Decision = Allow
	}
	r := claudeReply(c.outEvent, c.tools, req, a)
	if !c.caps.Context && a.Context != "" {
		r.Stderr = a.Context
	}
	return r
}

// eventIs reports whether the input's hook_event_name is one of names.
func eventIs(fields map[string]json.RawMessage, names ...string) bool {
	ev := stringField(fields, "hook_event_name")
	for _, n := range names {
		if ev == n {
			return true
		}
	}
	return false
}

// preToolUse maps the usual event names.
var preToolUse = lazy.Value[map[string]Event]{New: func() map[string]Event { return map[string]Event{"PreToolUse": PreTool, "SessionEnd": SessionEnd} }}
