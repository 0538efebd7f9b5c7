package rewrite

import "fmt"

// Decision is the verdict on a command or on one finding, ordered by
// severity: a command's decision is the highest of its findings.
type Decision int

// The decisions, least severe first.
const (
	Allow Decision = iota
	Warn
	Rewrite
	Ask
	Deny
)

var decisionNames = [...]string{"allow", "warn", "rewrite", "ask", "deny"}

func (d Decision) String() string {
	if d < 0 || int(d) >= len(decisionNames) {
		return fmt.Sprintf("Decision(%d)", int(d))
	}
	return decisionNames[d]
}

// ParseDecision reads a decision name.
func ParseDecision(s string) (Decision, error) {
	for i, n := range decisionNames {
		if n == s {
			return Decision(i), nil
		}
	}
	return Allow, fmt.Errorf("unknown decision %q (want allow, warn, rewrite, ask or deny)", s)
}

// MarshalText writes the decision's name.
func (d Decision) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads a decision's name.
func (d *Decision) UnmarshalText(b []byte) error {
	v, err := ParseDecision(string(b))
	*d = v
	return err
}

// Mode is how acquisitions outside the sandbox are answered
// (CONTENT_FILTER_ENFORCER_MODE).
type Mode string

// The enforcer modes.
const (
	ModeRewrite Mode = "rewrite"
	ModeBlock   Mode = "block"
)

// Approval says when a rewritten command is approved by corral itself
// (permissionDecision "allow") rather than left to the agent's own
// permission rules.
type Approval string

// The approval settings.
const (
	// ApproveAuto approves a rewrite only when every call in the result is
	// a rewritten acquisition or on a short read-only list.
	ApproveAuto Approval = "auto"
	// ApproveAllow always approves a rewrite.
	ApproveAllow Approval = "allow"
	// ApproveDefer never approves: the agent's own rules judge the result.
	ApproveDefer Approval = "defer"
	// ApproveAsk asks the user about the rewritten command.
	ApproveAsk Approval = "ask"
)
