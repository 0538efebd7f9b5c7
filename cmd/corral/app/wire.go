package app

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
