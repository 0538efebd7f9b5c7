package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var serviceStop = Rule{
	Name:      "service-stop",
	Decisions: []Decision{Ask},
	Doc: `systemctl stop, disable, mask and kill (and service NAME stop,
invoke-rc.d NAME stop, rc-service NAME stop, /etc/init.d/NAME stop) take a
service down: ask (seed 002: confirm). status, start, restart and the rest
pass, and so does a verb with no unit (systemctl kill --signal help lists
the signals).`,
	Words: []string{"systemctl", "service", "invoke-rc.d", "rc-service"},
	Call: func(p *Pass, c *syntax.Call) {
		if asksHelp(c) {
			return
		}
		switch c.Name {
		case "service", "invoke-rc.d", "rc-service":
			if len(c.Args) >= 2 && c.Args[1].Value == "stop" {
				p.Report(c, Finding{Rule: "service-stop", Decision: Ask, Message: c.Name + " " + c.Args[0].Value + " stop takes a service down"})
			}
			return
		case "systemctl":
			verb, units := systemctlVerb(c)
			if len(units) == 0 {
				return // no unit: systemctl kill --signal help lists the signals
			}
			switch verb {
			case "stop", "disable", "mask", "kill":
				p.Report(c, Finding{Rule: "service-stop", Decision: Ask, Message: "systemctl " + verb + " takes a service down"})
			}
			return
		}
		// An init script run by its path: /etc/init.d/nginx stop.
		if n := c.NameArg.Value; c.NameArg.Static && initScript(n) && len(c.Args) > 0 && c.Args[0].Value == "stop" {
			p.Report(c, Finding{Rule: "service-stop", Decision: Ask, Message: n + " stop takes a service down"})
		}
	},
}

// initScript reports a path in a directory of SysV or BSD init scripts.
func initScript(name string) bool {
	for _, d := range []string{"/etc/init.d/", "/etc/rc.d/", "/etc/rc.d/init.d/", "/usr/local/etc/rc.d/"} {
		if strings.HasPrefix(name, d) && len(name) > len(d) {
			return true
		}
	}
	return false
}

var servicePersist = Rule{
	Name:      "service-persist",
	Decisions: []Decision{Ask},
	Doc: `loginctl enable-linger (issue 12) makes the user's systemd manager start
at boot and stay after the last session ends (loginctl(1)): every user
service enabled then runs without a login, outside the agent's session
and any hook, for good: ask. disable-linger, show-user and the other
verbs pass.`,
	Commands: []string{"loginctl"},
	Call: func(p *Pass, c *syntax.Call) {
		if asksHelp(c) {
			return
		}
		_, ops := scan(c.Args, optSpec{shortVal: "pHMsn", longVal: longOpts("property", "host", "machine", "signal", "lines", "output", "kill-whom"), longEq: true})
		if len(ops) > 0 && c.Args[ops[0]].Value == "enable-linger" {
			p.Report(c, Finding{Rule: "service-persist", Decision: Ask, Message: "loginctl enable-linger starts the user's services at boot and keeps them running after logout, outside any session"})
		}
	},
}
