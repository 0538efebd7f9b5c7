package rewrite

import "github.com/corral-dev/corral/syntax"

var dynamicCommand = Rule{
	Name:      "dynamic-command",
	Decisions: []Decision{Ask},
	Doc: `A command whose name is only known at run time ($cmd clone …,
git${IFS}clone …, "$(echo rm)" -rf …) cannot be judged by name. When its
text holds a word that acquires content or can destroy data, ask; other
run-time names ("$EDITOR" file, "$@") pass. Names assigned a static value
earlier in the command (a=git; $a clone …) are resolved and judged
normally.`,
	Call: func(p *Pass, c *syntax.Call) {
		if c.Name != "" || len(c.Wrappers) > 0 && c.NameArg.Word == nil {
			return
		}
		if text := c.Text(); p.mentionsRuleWord(text) {
			p.Report(c, Finding{Rule: "dynamic-command", Decision: Ask,
				Message: "the command name " + c.NameArg.Raw + " is only known at run time, and the command mentions something that acquires content or destroys data"})
		}
	},
}
