package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

var power = Rule{
	Name:      "power",
	Decisions: []Decision{Ask},
	Doc: `shutdown, reboot, halt, poweroff, init 0/6, telinit 0/6 and
systemctl poweroff/reboot/halt/kexec stop the machine everyone is working
on: ask (seed 002: confirm). shutdown -c (cancel) passes.`,
	Commands: []string{"shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl"},
	Call: func(p *Pass, c *syntax.Call) {
		switch c.Name {
		case "init", "telinit":
			if len(c.Args) == 0 || (c.Args[0].Value != "0" && c.Args[0].Value != "6") {
				return
			}
		case "systemctl":
			if !hasWord(c, "poweroff", "reboot", "halt", "kexec", "soft-reboot") {
				return
			}
		case "shutdown":
			if hasFlag(c.Args, 0, "-c", "--help") {
				return
			}
		default:
			if hasFlag(c.Args, 0, "--help") {
				return
			}
		}
		p.Report(c, Finding{Rule: "power", Decision: Ask, Message: c.Name + " stops or restarts the machine"})
	},
}
