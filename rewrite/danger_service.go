package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

var serviceStop = Rule{
	Name:      "service-stop",
	Decisions: []Decision{Ask},
	Doc: `systemctl stop, disable and mask (and service NAME stop) take a
service down: ask (seed 002: confirm). status, start, restart and the rest
pass.`,
	Commands: []string{"systemctl", "service"},
	Call: func(p *Pass, c *syntax.Call) {
		if asksHelp(c) {
			return
		}
		if c.Name == "service" {
			if len(c.Args) >= 2 && c.Args[1].Value == "stop" {
				p.Report(c, Finding{Rule: "service-stop", Decision: Ask, Message: "service " + c.Args[0].Value + " stop takes a service down"})
			}
			return
		}
		_, operands := scan(c.Args, optSpec{shortVal: "HMptsn", longVal: setOf("host", "machine", "property", "type", "state", "signal", "lines", "output", "root", "kill-whom", "job-mode"), longEq: true})
		if len(operands) == 0 {
			return
		}
		switch v := c.Args[operands[0]].Value; v {
		case "stop", "disable", "mask":
			p.Report(c, Finding{Rule: "service-stop", Decision: Ask, Message: "systemctl " + v + " takes a service down"})
		}
	},
}
