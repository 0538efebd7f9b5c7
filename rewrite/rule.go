package rewrite

import "github.com/corral-dev/corral/syntax"

// Rule is one check. Exactly the fields it needs are set: Call runs for
// every call whose name is in Commands or Calls (all calls when both are
// empty),
// Redirect for every redirection, Command once per command.
type Rule struct {
	Name string
	// Doc says what the rule finds, what it decides and why.
	Doc string
	// Decisions are the decisions the rule's findings can carry, in order
	// of severity (a rewrite becomes deny in block mode; that is the
	// engine's, not the rule's).
	Decisions []Decision
	// Requires names the rules whose findings this rule reads (through
	// Pass.ResultOf). The engine runs them over the whole command first;
	// Validate checks that every name exists and that there is no cycle.
	Requires []string
	// Commands are the command names the rule's Call looks at. They are
	// also the words that make an unparsable command, a run-time command
	// name or a pipe into them risky (see CommandWords).
	Commands []string
	// Calls are more command names the rule's Call looks at that do not
	// make text risky by themselves (an interpreter, which starts an
	// agent CLI only when given its installed entry script).
	Calls []string
	// Words are, for a rule whose Call looks at every call (no Commands),
	// the command names it acts on ("mkfs." stands for every mkfs.TYPE),
	// so that CommandWords knows them too.
	Words    []string
	Call     func(p *Pass, c *syntax.Call)
	Redirect func(p *Pass, r syntax.Redirect)
	Command  func(p *Pass)
}

// Finding is what a rule reports about one part of a command.
type Finding struct {
	Rule     string   `json:"rule"`
	Decision Decision `json:"decision"`
	Message  string   `json:"message"`
	// Start and End are the byte span in the top-level command. For a
	// finding inside a nested script (bash -c '…') it is the span of the
	// word that holds the script.
	Start int `json:"start"`
	End   int `json:"end"`
	// Text is the part of the command the finding is about, in its own
	// script.
	Text string `json:"text"`
	Fix  *Fix   `json:"fix,omitempty"`
	// After is Text with this finding's fix applied.
	After string `json:"after,omitempty"`
	// Dest is where external content lands once the fix is applied.
	Dest string `json:"dest,omitempty"`
	// Kind names the acquisition for people: "git clone", "download".
	Kind string `json:"kind,omitempty"`
	// PathContext is the audit log's safe/outside/blocked/n/a.
	PathContext string `json:"path_context,omitempty"`
}

// Fix is a set of edits that resolves a finding, and the paths it moves.
//
// Once a Result holds the finding, its rewrite is built and the edits are
// gone (nil), as is each relocation's Script: they would keep the
// command's syntax tree in memory while the rewrite is checked again.
type Fix struct {
	Message     string        `json:"message"`
	Edits       []syntax.Edit `json:"-"`
	Relocations []Relocation  `json:"-"`
}

// Relocation records that content meant for From now lands at To, so that
// later references to From in the same script (cd repo, tar xf file) can
// follow it.
type Relocation struct {
	Script *syntax.Script
	// After is the offset in Script.Src after which references follow.
	After    int
	From, To string
}
