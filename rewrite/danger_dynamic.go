package rewrite

import (
	"regexp"

	"github.com/corral-dev/corral/syntax"
)

// dynamicRisky are the words that make a run-time command name worth
// asking about: commands that acquire content or destroy data.
var dynamicRisky = regexp.MustCompile(`(?:^|[^A-Za-z0-9_.-])(?:git|curl|wget|rm|rmdir|shred|dd|mkfs[.\w]*|wipefs|chmod|chown|shutdown|reboot|halt|poweroff|systemctl|kubectl|docker|podman|svn|hg|scp|rsync)(?:$|[^A-Za-z0-9_-])`)

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
		if text := c.Text(); dynamicRisky.MatchString(text) {
			p.Report(c, Finding{Rule: "dynamic-command", Decision: Ask,
				Message: "the command name " + c.NameArg.Raw + " is only known at run time, and the command mentions something that acquires content or destroys data"})
		}
	},
}
