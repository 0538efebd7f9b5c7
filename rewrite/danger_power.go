package rewrite

import (
	"strings"
	"sync"

	"github.com/corral-dev/corral/syntax"
)

var power = Rule{
	Name:      "power",
	Decisions: []Decision{Ask},
	Doc: `shutdown, reboot, halt, poweroff, init 0/6, telinit 0/6, systemctl
poweroff/reboot/halt/kexec (and systemctl start, isolate or restart of
poweroff.target, reboot.target, halt.target, rescue.target,
emergency.target and the like), loginctl poweroff/reboot/halt and
terminate-session/kill-session/terminate-user/kill-user, kill of every
process (kill -9 -1) and killall5 stop the machine, or everyone's work on
it: ask (seed 002: confirm). shutdown -c (cancel), -k (the warning
only) and --show, halt/poweroff/reboot -w (--wtmp-only: the record of a
shutdown, no shutdown), systemctl halt/poweroff/… --when cancel or show,
and --help pass.`,
	Commands: []string{"shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl", "loginctl", "kill", "killall5"},
	Call: func(p *Pass, c *syntax.Call) {
		msg := c.Name + " stops or restarts the machine"
		switch c.Name {
		case "init", "telinit":
			if len(c.Args) == 0 || (c.Args[0].Value != "0" && c.Args[0].Value != "6" && c.Args[0].Value != "1" && c.Args[0].Value != "S" && c.Args[0].Value != "s") {
				return
			}
		case "systemctl":
			verb, units := systemctlVerb(c)
			switch verb {
			case "poweroff", "reboot", "halt", "kexec", "soft-reboot", "rescue", "emergency", "suspend-then-hibernate":
				opts, _ := scan(c.Args, systemctlSpec())
				if w := find(opts, "when"); len(w) > 0 && (w[len(w)-1].val.Value == "cancel" || w[len(w)-1].val.Value == "show") {
					return // --when cancel or show: a scheduled action is cancelled or shown
				}
			case "start", "isolate", "restart", "reload-or-restart", "try-restart", "enqueue-marked-jobs":
				target := ""
				for _, u := range units {
					if stopTargets()[strings.TrimSuffix(u, ".target")] {
						target = u
					}
				}
				if target == "" {
					return
				}
				msg = "systemctl " + verb + " " + target + " stops the machine or takes it out of service"
			default:
				return
			}
		case "loginctl":
			_, ops := scan(c.Args, optSpec{shortVal: "pHMsn", longVal: setOf("property", "host", "machine", "signal", "lines", "output", "kill-whom"), longEq: true})
			if len(ops) == 0 {
				return
			}
			switch v := c.Args[ops[0]].Value; v {
			case "poweroff", "reboot", "halt", "kexec":
			case "terminate-session", "kill-session", "terminate-user", "kill-user", "terminate-seat":
				msg = "loginctl " + v + " ends sessions and every program in them"
			default:
				return
			}
		case "kill":
			if !killsEverything(c) {
				return
			}
			msg = "kill -1 signals every process the user may signal"
		case "killall5":
			msg = "killall5 signals every process except the kernel's and its own session"
		case "shutdown":
			if hasFlag(c.Args, 0, "-c", "--help", "-k", "--show") {
				return // cancel, or only the wall message (-k), or show
			}
		default:
			if hasFlag(c.Args, 0, "--help", "-w", "--wtmp-only") {
				return // --wtmp-only writes the shutdown record and stops nothing
			}
		}
		p.Report(c, Finding{Rule: "power", Decision: Ask, Message: msg})
	},
}

// stopTargets are the systemd targets that stop the machine or drop it
// to single-user mode.
var stopTargets = sync.OnceValue(func() map[string]bool {
	return setOf("poweroff", "reboot", "halt", "kexec", "rescue", "emergency", "shutdown", "soft-reboot", "final", "exit",
		"runlevel0", "runlevel1", "runlevel6", "sleep", "suspend", "hibernate", "hybrid-sleep", "ctrl-alt-del")
})

// systemctlSpec are systemctl's options that take a value.
var systemctlSpec = sync.OnceValue(func() optSpec {
	return optSpec{shortVal: "HMptsno", longVal: setOf("host", "machine", "property", "type", "state", "signal", "lines",
		"output", "root", "kill-whom", "kill-value", "job-mode", "what", "boot-loader-menu", "boot-loader-entry", "reboot-argument",
		"timestamp", "message", "image", "image-policy", "preset-mode", "marked", "drop-in", "when"), longEq: true}
})

// systemctlVerb returns systemctl's command and the words after it.
func systemctlVerb(c *syntax.Call) (string, []string) {
	_, ops := scan(c.Args, systemctlSpec())
	if len(ops) == 0 {
		return "", nil
	}
	var rest []string
	for _, i := range ops[1:] {
		rest = append(rest, c.Args[i].Value)
	}
	return c.Args[ops[0]].Value, rest
}

// killsEverything reports kill of pid -1 (every process the user may
// signal), with any signal spelling before it: kill -9 -1, kill -KILL -1,
// kill -s TERM -- -1.
func killsEverything(c *syntax.Call) bool {
	args := c.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-s" || v == "-n" || v == "--signal":
			i++
		case v == "--":
			for _, a := range args[i+1:] {
				if a.Value == "-1" {
					return true
				}
			}
			return false
		case v == "-1" && i > 0:
			// The first word may be the signal (kill -1 1 is SIGHUP to
			// init's pid 1); -1 after a signal is the pid.
			return true
		case v == "-l" || v == "-L" || v == "--list" || v == "--table":
			return false
		}
	}
	return false
}
