package app

import (
	"github.com/corral-dev/corral/guards"
)

// Text corral does not read whole (red team 16 SZ1). A Write or Edit
// whose resulting text is larger than corral reads (maxAgentCodeText), or
// an Edit of a file that is not a regular one, leaves text that is
// unknown, never empty: where that text is code — the hooks a git-hook
// manager's configuration makes it run, the files a memory file's @
// references import into the agent's context — the write asks, naming
// the reason, instead of passing as if the file said nothing. Text that
// is only data is not judged here.

// The reasons agentCodeTextWhy gives.
const (
	whyTextTooLarge   = "larger than the 1 MiB corral reads"
	whyNotRegularText = "not a regular file (a FIFO or a device), whose text corral cannot read"
)

// unreadTextDecision raises d to an ask under rule, saying what in path
// corral could not read and why, and what that leaves unknown.
func unreadTextDecision(d guards.Decision, rule, what, unknown string) guards.Decision {
	if d.Verdict >= guards.Ask {
		return d
	}
	return guards.Decision{Verdict: guards.Ask, Rule: rule, Source: "corral", Path: d.Path, PathContext: "blocked",
		Message: "corral: " + what + ": " + unknown}
}
