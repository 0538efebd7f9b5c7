package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// selfCommands are corral's subcommands that approve, forget approvals or
// (un)register the hook: the person's, never the agent's.
var selfCommands = []string{"confirm", "session", "init", "uninstall"}

var corralSelf = Rule{
	Name:      "corral-self",
	Decisions: []Decision{Deny},
	Doc: `corral confirm, corral session, corral init and corral uninstall run by
the agent are denied, however they are spelled (a path, a wrapper, bash -c,
options first): an agent that approves its own asks or unregisters the hook
has switched corral off. The person runs them in their own terminal.`,
	Commands: []string{"corral"},
	Call: func(p *Pass, c *syntax.Call) {
		for i := 0; i < len(c.Args); i++ {
			v := c.Args[i].Value
			if !c.Args[i].Static {
				// A subcommand only known at run time could be any of them.
				p.Report(c, Finding{Rule: "corral-self", Decision: Deny, Message: "corral with a subcommand only known at run time could approve or unregister itself; the user runs corral's commands"})
				return
			}
			if v == "--color" {
				i++
				continue
			}
			if strings.HasPrefix(v, "-") {
				continue
			}
			for _, s := range selfCommands {
				if v == s {
					p.Report(c, Finding{Rule: "corral-self", Decision: Deny, Message: "corral " + v + " is for the user to run in their own terminal, not for the agent"})
				}
			}
			return
		}
	},
}
