package app

import "encoding/json"

// hookInput is what an agent sends a PreToolUse hook on stdin. Both the
// current Claude Code shape (tool_name, tool_input) and the older one
// (tool, arguments) are read; Gemini CLI and Codex CLI send the same
// fields under other event names.
type hookInput struct {
	SessionID      string          `json:"session_id"`
	TranscriptPath string          `json:"transcript_path"`
	Cwd            string          `json:"cwd"`
	PermissionMode string          `json:"permission_mode"`
	HookEventName  string          `json:"hook_event_name"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	ToolUseID      string          `json:"tool_use_id"`
	// AgentType names the subagent that calls (Explore, a custom agent).
	AgentType string `json:"agent_type"`

	// The older shape (seed 000).
	Tool         string          `json:"tool"`
	Arguments    json.RawMessage `json:"arguments"`
	SessionIDOld string          `json:"sessionId"`
}

// hookOutput is the answer on stdout.
type hookOutput struct {
	HookSpecificOutput *hookSpecific `json:"hookSpecificOutput,omitempty"`
	// Decision and Reason are Gemini CLI's top-level fields.
	Decision string `json:"decision,omitempty"`
	Reason   string `json:"reason,omitempty"`
}

type hookSpecific struct {
	HookEventName            string         `json:"hookEventName"`
	PermissionDecision       string         `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string         `json:"permissionDecisionReason,omitempty"`
	UpdatedInput             map[string]any `json:"updatedInput,omitempty"`
	// ToolInput is Gemini CLI's name for the rewritten input.
	ToolInput         map[string]any `json:"tool_input,omitempty"`
	AdditionalContext string         `json:"additionalContext,omitempty"`
}
