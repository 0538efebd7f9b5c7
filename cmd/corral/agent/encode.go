package agent

import (
	"encoding/json"
	"fmt"
)

// fit turns an answer into one an agent with caps c can express, always
// towards the safer side, and says so in the reason.
//   - A rewrite the agent cannot apply becomes a deny whose reason carries
//     the exact rewritten command, so the model can run that instead.
//   - An ask the agent cannot put to the user becomes a deny that says how
//     to approve.
func fit(c Caps, title string, a Answer) Answer {
	if a.Rewritten != "" && (!c.Rewrite || (a.Decision == Ask && !c.Ask)) {
		why := title + " cannot take a rewritten command from a hook"
		if c.Rewrite {
			why = title + " cannot ask the user from a hook"
		}
		return Answer{Decision: Deny, Reason: fmt.Sprintf("corral refused this command: external content must land in the sandbox, and %s. Run exactly this instead:\n%s", why, a.Rewritten)}
	}
	if a.Decision == Ask && !c.Ask {
		a.Decision = Deny
		a.Reason = title + " cannot ask the user from a hook, so corral refused instead (the safer answer). " + a.Reason
	}
	return a
}

// forModel is what the model should read on an allow: the context, else
// the reason.
func forModel(a Answer) string {
	if a.Context != "" {
		return a.Context
	}
	return a.Reason
}

// jsonLine marshals v as one line of JSON.
func jsonLine(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte("{}")
	}
	return append(b, '\n')
}

// exit2 is the answer of agents that block on exit status 2 with the
// reason on stderr (and allow otherwise).
func exit2(a Answer) Reply {
	if a.Decision == Deny {
		return Reply{Stderr: a.Reason, Exit: 2}
	}
	return Reply{Stderr: forModel(a)}
}

// claudeOutput is Claude Code's answer shape, which several agents read.
type claudeOutput struct {
	HookSpecificOutput *claudeSpecific `json:"hookSpecificOutput,omitempty"`
}

type claudeSpecific struct {
	HookEventName            string         `json:"hookEventName"`
	PermissionDecision       string         `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string         `json:"permissionDecisionReason,omitempty"`
	UpdatedInput             map[string]any `json:"updatedInput,omitempty"`
	AdditionalContext        string         `json:"additionalContext,omitempty"`
}

// claudeReply encodes an answer in Claude Code's shape for event.
func claudeReply(event string, t tools, req *Request, a Answer) Reply {
	hs := &claudeSpecific{HookEventName: event, PermissionDecision: string(a.Decision),
		PermissionDecisionReason: a.Reason, AdditionalContext: a.Context}
	if a.Rewritten != "" {
		hs.UpdatedInput = withCommand(req.Input, t.commandField(req.Tool, req.Input), a.Rewritten)
	}
	return Reply{Stdout: jsonLine(claudeOutput{hs})}
}
