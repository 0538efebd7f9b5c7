package rewrite

import (
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// selfCommands are corral's subcommands that approve, forget approvals or
// (un)register the hook: the person's, never the agent's.
var selfCommands = []string{"confirm", "session", "init", "uninstall"}

// corralGlobalSpec are corral's options before its subcommand.
var corralGlobalSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{longEq: true, stop: true, longVal: longOpts("color"), longFlag: longOpts("help", "version")}
}}

var corralSelf = Rule{
	Name:      "corral-self",
	Decisions: []Decision{Deny},
	Doc: `corral confirm, corral session, corral init, corral uninstall and corral
policy init run by the agent are denied, however they are spelled (a path, a wrapper, bash -c,
options first): an agent that approves its own asks or unregisters the hook
has switched corral off. The person runs them in their own terminal.`,
	Commands: []string{"corral"},
	Call: func(p *Pass, c *syntax.Call) {
		_, ops := scan(c.Args, corralGlobalSpec.Get())
		if len(ops) == 0 {
			return
		}
		a := c.Args[ops[0]]
		if !a.Static {
			// A subcommand only known at run time could be any of them.
			p.Report(c, Finding{Rule: "corral-self", Decision: Deny, Message: "corral with a subcommand only known at run time could approve or unregister itself; the user runs corral's commands"})
			return
		}
		if a.Value == "policy" && len(ops) > 1 && c.Args[ops[1]].Value == "init" {
			p.Report(c, Finding{Rule: "corral-self", Decision: Deny, Message: "corral policy init writes a policy file; the user runs it in their own terminal"})
			return
		}
		for _, s := range selfCommands {
			if a.Value == s {
				p.Report(c, Finding{Rule: "corral-self", Decision: Deny, Message: "corral " + a.Value + " is for the user to run in their own terminal, not for the agent"})
			}
		}
	},
}
