package rewrite

import (
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var power = Rule{
	Name:      "power",
	Decisions: []Decision{Ask},
	Doc: `shutdown, reboot, halt, poweroff, init 0/6, telinit 0/6, systemctl
poweroff/reboot/halt/kexec (and systemctl start, isolate or restart of
poweroff.target, reboot.target, halt.target, rescue.target,
emergency.target and the like), loginctl poweroff/reboot/halt and
terminate-session/kill-session/terminate-user/kill-user,
openrc-shutdown -p/-r/-H/-K/-s (OpenRC's; -c, -R, -w and --help pass),
runit-init 0/6 (runit's), ipmitool power or chassis power off, cycle,
reset, soft or diag and raw 0x00 0x02 (the BMC's, of this machine or a
remote one with -H; power status and on pass), kill of every process
(kill -9 -1, Perl's kill 9 => -1, and kill(-1) in program code,
libc's through Python's ctypes too) and reboot(2) from program code
(ctypes.CDLL(None).reboot(0x4321fedc); the Ctrl-Alt-Del settings pass),
killall5, pkill or killall -r with a pattern every process name matches
(pkill -9 ., killall -r '.*'), a D-Bus call of logind's or systemd's
PowerOff, Reboot, Halt, KExec, Suspend or Hibernate or StartUnit of
poweroff.target and the like (dbus-send, busctl, gdbus, qdbus) or of
KDE's session manager's logout, logoutAndShutdown or logoutAndReboot
(org.kde.ksmserver, org.kde.Shutdown) or its power management's
suspendToRam/suspendToDisk, umount of / or -a, and mount -o
remount,ro of / stop the machine, or
everyone's work on it; so do a signal to pid 1 (systemd powers off or
reboots on SIGRTMIN+4, SIGINT, …; kill -0 1 probes and passes), pkill,
killall or kill $(pidof …) of a daemon the machine or the way to reach
it depends on (sshd, systemd, dbus-daemon, Xorg, …) or of every shell or
terminal multiplexer of the user (bash, zsh, tmux, …), kill of the
agent's own session (kill 0, its process group; kill $PPID, the program
that runs the command), procps' skill of every process of a user or a
terminal (skill -KILL -u root) or of such a daemon or shell (skill -c
sshd), systemctl and
loginctl suspend/hibernate/hybrid-sleep, rtcwake (but -m no/on/show/
disable), zzz and pm-suspend, the desktop sessions' logout programs,
osascript telling the system to shut down, and fuser -k of / or with
-m: ask (seed 002: confirm). shutdown -c (cancel), -k (the warning
only) and --show, halt/poweroff/reboot -w (--wtmp-only: the record of a
shutdown, no shutdown), systemctl halt/poweroff/… --when cancel or show,
and --help pass, unless the command gives the program POSIXLY_CORRECT and
the option comes after an operand (GNU getopt then stops at the operand:
POSIXLY_CORRECT=1 shutdown now --help shuts down with --help as its
message).`,
	Commands: []string{"shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl", "loginctl", "kill", "killall5",
		"pkill", "killall", "dbus-send", "busctl", "gdbus", "qdbus", "umount", "mount", "rtcwake", "zzz", "ZZZ", "pm-suspend",
		"pm-hibernate", "pm-suspend-hybrid", "systemd-sleep", "gnome-session-quit", "xfce4-session-logout", "lxqt-leave",
		"cinnamon-session-quit", "osascript", "fuser", "openrc-shutdown", "runit-init", "ipmitool", "qdbus6", "qdbus-qt5", "qdbus-qt6", "skill"},
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
			case "poweroff", "reboot", "halt", "kexec", "soft-reboot", "rescue", "emergency", "suspend-then-hibernate",
				"suspend", "hibernate", "hybrid-sleep", "sleep":
				opts, _ := scan(c.Args, systemctlSpec.Get())
				if w := find(opts, "when"); len(w) > 0 && (w[len(w)-1].val.Value == "cancel" || w[len(w)-1].val.Value == "show") {
					return // --when cancel or show: a scheduled action is cancelled or shown
				}
			case "start", "isolate", "restart", "reload-or-restart", "try-restart", "enqueue-marked-jobs":
				target := ""
				for _, u := range units {
					if stopTargets.Get()[strings.TrimSuffix(u, ".target")] {
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
			_, ops := scan(c.Args, optSpec{shortVal: "pHMsn", longVal: longOpts("property", "host", "machine", "signal", "lines", "output", "kill-whom"), longEq: true})
			if len(ops) == 0 {
				return
			}
			switch v := c.Args[ops[0]].Value; v {
			case "poweroff", "reboot", "halt", "kexec", "suspend", "hibernate", "hybrid-sleep", "suspend-then-hibernate", "sleep":
			case "terminate-session", "kill-session", "terminate-user", "kill-user", "terminate-seat":
				msg = "loginctl " + v + " ends sessions and every program in them"
			default:
				return
			}
		case "kill":
			switch {
			case killsEverything(c):
				msg = "kill -1 signals every process the user may signal"
			case killsOwnSession(c) != "":
				msg = killsOwnSession(c)
			case signalsInit(c):
				msg = "kill signals pid 1, the init system (systemd powers off, reboots or halts on several signals; in a container it is the main process)"
			default:
				what, ok := killsDaemon(c)
				if !ok {
					if what, ok = killsLookedUp(p, c); !ok {
						return
					}
				}
				msg = what
			}
		case "killall5":
			msg = "killall5 signals every process except the kernel's and its own session"
		case "skill":
			what, ok := skillHarm(c)
			if !ok {
				return
			}
			msg = what
		case "pkill", "killall":
			what, ok := killsByPattern(c)
			if !ok {
				if what, ok = killsDaemon(c); !ok {
					return
				}
			}
			msg = what
		case "rtcwake":
			// rtcwake -m MODE: off, disk, mem, freeze and standby put the
			// machine down; no, on, show and disable do not.
			opts, _ := scan(c.Args, optSpec{shortVal: "AdmstT", longVal: longOpts("adjfile", "device", "mode", "seconds", "time", "date"), longEq: true, abbrev: true})
			m := find(opts, "m", "mode")
			mode := "standby"
			if len(m) > 0 {
				mode = m[len(m)-1].val.Value
			}
			switch mode {
			case "no", "on", "show", "disable":
				return
			}
			msg = "rtcwake -m " + mode + " suspends or powers off the machine"
		case "zzz", "ZZZ", "pm-suspend", "pm-hibernate", "pm-suspend-hybrid", "systemd-sleep":
			if asksHelp(c) {
				return
			}
			msg = c.Name + " suspends or hibernates the machine"
		case "gnome-session-quit", "xfce4-session-logout", "lxqt-leave", "cinnamon-session-quit":
			if asksHelp(c) {
				return
			}
			msg = c.Name + " ends the desktop session, or stops the machine, and every program in it"
		case "osascript":
			if !osascriptPower.Get().MatchString(c.Text()) {
				return
			}
			msg = "osascript tells the system to shut down, restart, sleep or log out"
		case "fuser":
			// fuser -k kills the processes using a file: with -m, or of /
			// (the root directory of every process), everything on the
			// file system.
			opts, ops := scan(c.Args, optSpec{shortVal: "n", longVal: longOpts("namespace"), longEq: true})
			if !has(opts, "k", "kill") {
				return
			}
			all := false
			for _, i := range ops {
				if a := c.Args[i]; a.Static && (has(opts, "m", "mount") || path.Clean(a.Value) == "/") {
					all = true
				}
			}
			if !all {
				return
			}
			msg = "fuser -k kills every process using the file system"
		case "openrc-shutdown":
			if !openrcStops(c) {
				return
			}
			msg = "openrc-shutdown tells OpenRC's init to power off, reboot, halt, kexec or drop to single-user mode"
		case "runit-init":
			// runit-init reads the first letter of its first word: 0 powers
			// off, 6 reboots, anything else prints its usage.
			if len(c.Args) == 0 || c.Args[0].Static && !strings.HasPrefix(c.Args[0].Value, "0") && !strings.HasPrefix(c.Args[0].Value, "6") {
				return
			}
			msg = "runit-init " + c.Args[0].Raw + " tells runit to power off or reboot the machine"
		case "ipmitool":
			what, ok := ipmiPower(c)
			if !ok {
				return
			}
			msg = "ipmitool " + what + " cuts, cycles or resets the power of the machine its BMC controls (this one, or a remote one with -H)"
		case "dbus-send", "busctl", "gdbus", "qdbus", "qdbus6", "qdbus-qt5", "qdbus-qt6":
			what, ok := powerMethod(c)
			if !ok {
				return
			}
			msg = c.Name + " asks " + what + " to stop or suspend the machine"
			if strings.HasPrefix(what, "KDE") {
				msg = c.Name + " asks " + what + " to end the desktop session, and every program in it, or to stop or suspend the machine"
			}
		case "umount", "mount":
			if !unmountsRoot(c) {
				return
			}
			msg = c.Name + " of / (or of every file system) takes the system's file system away from every program"
		case "shutdown":
			// -c cancels a pending shutdown, in any cluster (-kc); -k
			// only sends the wall message; read with shutdown's table, so
			// -t's value is not an option.
			opts, _ := scan(c.Args, posixSpec(c, specFor("shutdown")))
			if given(opts, "c", "help", "k", "show") {
				return
			}
		default:
			// --wtmp-only (-w) writes the shutdown record and stops
			// nothing.
			opts, _ := scan(c.Args, posixSpec(c, specFor(c.Name)))
			if asksHelp(c) || given(opts, "w", "wtmp-only") {
				return
			}
		}
		p.Report(c, Finding{Rule: "power", Decision: Ask, Message: msg})
	},
}

// osascriptPower matches AppleScript that tells the system to shut
// down, restart, sleep or log out.
var osascriptPower = lazy.Regexp{Expr: `(?i)\b(shut\s*down|restart|sleep|log\s*out)\b`}

// stopTargets are the systemd targets that stop the machine or drop it
// to single-user mode.
var stopTargets = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("poweroff", "reboot", "halt", "kexec", "rescue", "emergency", "shutdown", "soft-reboot", "final", "exit",
		"runlevel0", "runlevel1", "runlevel6", "sleep", "suspend", "hibernate", "hybrid-sleep", "ctrl-alt-del")
}}

// systemctlSpec are systemctl's options that take a value.
var systemctlSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "HMptsno", longVal: longOpts("host", "machine", "property", "type", "state", "signal", "lines",
		"output", "root", "kill-whom", "kill-value", "job-mode", "what", "boot-loader-menu", "boot-loader-entry", "reboot-argument",
		"timestamp", "message", "image", "image-policy", "preset-mode", "marked", "drop-in", "when"), longEq: true}
}}

// systemctlVerb returns systemctl's command and the words after it.
func systemctlVerb(c *syntax.Call) (string, []string) {
	_, ops := scan(c.Args, systemctlSpec.Get())
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
// kill -s TERM -- -1. kill is a bash builtin whose words are not read as
// getopt reads them, so they are read as bash's kill_builtin does: -l and
// -L list signals (nothing is sent); -s SIG and -n NUM take the next word;
// -sSIG and -nNUM are one word; "--" ends the options; the first other
// word that starts with "-" is the signal; every word after it is a pid.
// A word only known at run time could be a signal or a pid: the words
// after it are pids either way. /bin/kill's --signal SIG is read as -s.
func killsEverything(c *syntax.Call) bool {
	_, pids := killTargets(c)
	for _, a := range pids {
		if a.Value == "-1" {
			return true
		}
		if a.Static {
			continue
		}
		// kill -9 -${x:-1}, p=-1 in one branch, -1$x: a value the word
		// takes when its variables are unset or empty, or one of a set.
		for _, r := range append(candidateArgs(a), maybeArgs(a)...) {
			if r.Static && r.Value == "-1" {
				return true
			}
		}
		if strings.HasPrefix(a.Value, "-1$") || strings.HasPrefix(a.Value, "-1`") {
			return true // -1${x}: -1 itself when x is empty
		}
	}
	return false
}

// killTargets reads kill's words as killsEverything says: the signal as
// written ("" for the default, TERM; "?" when only run time knows it) and
// the pid words. A listing (-l) has none.
func killTargets(c *syntax.Call) (signal string, pids []syntax.Arg) {
	args := c.Args
	sawSignal := false
	i := 0
options:
	for ; i < len(args); i++ {
		v := args[i].Value
		switch {
		case !args[i].Static:
			// A signal or a pid, which only run time tells: the words
			// from here are pids either way (kill $(pidof x)).
			if !sawSignal {
				signal = "?"
			}
			break options
		case v == "-l" || v == "-L" || v == "--list" || v == "--table":
			return "", nil
		case v == "-s" || v == "-n" || v == "--signal":
			if i+1 < len(args) {
				signal = args[i+1].Value
			}
			i++
			sawSignal = true
		case v == "--":
			i++
			break options
		case strings.HasPrefix(v, "-") && len(v) > 1 && !sawSignal:
			signal = v[1:]
			if strings.HasPrefix(v, "-s") && len(v) > 2 && !strings.HasPrefix(v, "-SIG") || strings.HasPrefix(v, "-n") {
				signal = v[2:] // -sKILL, -n9
			}
			sawSignal = true
		default:
			break options
		}
	}
	return signal, args[min(i, len(args)):]
}

// signalsInit reports kill of pid 1 with a signal other than 0 (a probe):
// systemd powers off, reboots or halts on SIGRTMIN+3…+6 and +13…+16, starts
// ctrl-alt-del.target on SIGINT and sigpwr.target on SIGPWR, and in a
// container pid 1 is its main process.
func signalsInit(c *syntax.Call) bool {
	signal, pids := killTargets(c)
	if signal == "0" || strings.EqualFold(signal, "null") {
		return false
	}
	for _, a := range pids {
		if a.Static && a.Value == "1" {
			return true
		}
	}
	return false
}

// criticalDaemons are the processes whose loss takes the machine, or the
// way to reach it, away from everyone: the init system, the remote login
// daemon, the message bus, the display server and session manager, the
// network and device managers, the container daemons. Sorted.
var criticalDaemons = []string{"NetworkManager", "X", "Xorg", "Xwayland", "agetty", "containerd", "dbus-broker", "dbus-daemon",
	"dockerd", "gdm", "gdm3", "gnome-shell", "init", "journald", "kwin_wayland", "kwin_x11", "lightdm", "login", "plasmashell",
	"sddm", "sshd", "systemd", "systemd-journald", "systemd-logind", "systemd-networkd", "systemd-udevd", "udevd", "wpa_supplicant"}

// userMultiplexers are the terminal multiplexers the user's sessions run
// in. Killing them all by name, or every process of one of the shells
// of the runner table (syntax.IsShell), ends each terminal, tmux or
// screen window, and the agent's own session, with what runs in them.
var userMultiplexers = []string{"screen", "tmux"}

// killedProcessHarm says why killing every process named name does
// damage: a critical daemon, or every shell of the user.
func killedProcessHarm(name string) (string, bool) {
	switch {
	case slices.Contains(criticalDaemons, name):
		return "a process the machine, or the way to reach it, depends on", true
	case syntax.IsShell(name) || slices.Contains(userMultiplexers, name):
		return "every " + name + " of the user: each terminal and session running in one, the agent's own among them, with what runs there", true
	}
	return "", false
}

// killsDaemon reports pkill or killall of a critical daemon by its exact
// name (pkill sshd, killall -9 Xorg), and kill of the pids pidof or pgrep
// print for one (kill -9 $(pidof sshd)).
func killsDaemon(c *syntax.Call) (string, bool) {
	switch c.Name {
	case "pkill", "killall":
		if harmlessSignal(readPkill(c).signal) {
			return "", false // pkill -CONT bash resumes the shells
		}
		_, ops := scan(c.Args, optSpec{shortVal: "gGPsuUtFcoOe", longVal: longOpts("pgroup", "group", "parent", "session", "euid", "uid", "terminal", "pidfile", "signal", "ns", "nslist", "older", "newer"), longEq: true})
		for _, i := range ops {
			if a := c.Args[i]; a.Static {
				if harm, ok := killedProcessHarm(a.Value); ok {
					return c.Name + " " + a.Value + " kills " + harm, true
				}
			}
		}
	case "kill":
		signal, pids := killTargets(c)
		if harmlessSignal(signal) {
			return "", false // kill -CONT $(pidof bash)
		}
		for _, a := range pids {
			first, _, ok := a.WholeSubst()
			if ok && first == "cat" {
				// kill $(cat /run/sshd.pid): the daemon's pid file.
				for _, f := range strings.FieldsFunc(a.Raw, func(r rune) bool { return strings.ContainsRune(" \t()`\"'<", r) }) {
					if name, isPid := strings.CutSuffix(path.Base(f), ".pid"); isPid && slices.Contains(criticalDaemons, name) {
						return "kill " + a.Raw + " kills " + name + " (its pid file), which the machine, or the way to reach it, depends on", true
					}
				}
				continue
			}
			if !ok || first != "pidof" && first != "pgrep" {
				continue
			}
			for _, f := range strings.FieldsFunc(a.Raw, func(r rune) bool { return strings.ContainsRune(" \t()`\"'", r) }) {
				if slices.Contains(criticalDaemons, f) {
					return "kill " + a.Raw + " kills " + f + ", which the machine, or the way to reach it, depends on", true
				}
				if harm, ok := killedProcessHarm(f); ok {
					return "kill " + a.Raw + " kills " + harm, true
				}
			}
		}
	}
	return "", false
}

// killsLookedUp reports kill of the pids pgrep or pidof print, judged as
// the pkill or killall that signals the same processes: the pids are a
// whole $(pgrep …) word (kill $(pgrep .)), or what xargs reads from
// the pipeline stage before (pgrep -f . | xargs kill).
func killsLookedUp(p *Pass, c *syntax.Call) (string, bool) {
	if signal, _ := killTargets(c); harmlessSignal(signal) {
		return "", false // kill -CONT $(pgrep x) resumes them
	}
	for _, k := range lookedUpKillers(p, c) {
		what, ok := killsByPattern(&k.same)
		if !ok {
			what, ok = killsDaemon(&k.same)
		}
		if ok {
			return "kill of the pids " + k.src.Name + " prints: " + what, true
		}
	}
	return "", false
}

// lookedUpKiller is kill of the pids a lookup prints (src), as the pkill
// or killall that signals the same processes (same).
type lookedUpKiller struct {
	src  *syntax.Call
	same syntax.Call
}

// lookedUpKillers returns, for kill c, the lookups whose pids it signals:
// a whole $(pgrep …) or $(pidof …) word, or what xargs reads from the
// pipeline stage before (pgrep -f . | xargs kill), each as the pkill or
// killall that selects the same processes.
func lookedUpKillers(p *Pass, c *syntax.Call) []lookedUpKiller {
	var sources []*syntax.Call
	if n := len(c.Wrappers); n > 0 && c.Wrappers[n-1] == "xargs" {
		if in := c.Fd(0); in.Kind == syntax.StreamPipe && in.Pipe != nil && in.Stage > 0 {
			sources = append(sources, in.Pipe.Stage(in.Stage-1))
		}
	}
	_, pids := killTargets(c)
	for _, a := range pids {
		if calls := p.Model.SubstCalls(c, a); len(calls) > 0 {
			if calls[0].Name == "ps" && len(calls) > 1 {
				// $(ps aux | grep x | awk …): the pids the filters keep,
				// not every one ps lists.
				continue
			}
			sources = append(sources, calls[0])
		}
	}
	var out []lookedUpKiller
	for _, src := range sources {
		if src == nil {
			continue
		}
		var same syntax.Call
		switch src.Name {
		case "pgrep":
			same = syntax.Call{Name: "pkill", Args: src.Args}
			if byUser(src) {
				// pgrep -u USER | xargs kill: every process of the user,
				// as pkill -u USER (account-change's) signals them.
				same = syntax.Call{Name: "pkill", Args: []syntax.Arg{{Value: ".", Raw: "-u USER (every process of the user)", Static: true}}}
			}
		case "pidof":
			// pidof NAME… prints the pids of programs named exactly NAME,
			// as killall NAME signals them; -o omits a pid, -s, -c, -x,
			// -q and -z change what is printed, not which.
			_, ops := scan(src.Args, optSpec{shortVal: "o", longVal: longOpts("omit-pid")})
			args := make([]syntax.Arg, 0, len(ops))
			for _, i := range ops {
				args = append(args, src.Args[i])
			}
			same = syntax.Call{Name: "killall", Args: args}
		case "ps":
			// ps -e, ps -A, ps ax (procps, the BSDs) lists every process:
			// kill of the pids it prints (ps -eo pid= | xargs kill -9)
			// signals them all, as pkill . does.
			if !psListsEvery(src.Args) {
				continue
			}
			same = syntax.Call{Name: "pkill", Args: []syntax.Arg{{Value: ".", Raw: ".", Static: true}}}
		default:
			continue
		}
		out = append(out, lookedUpKiller{src, same})
	}
	return out
}

// byUser reports pgrep or pkill selecting by user alone (-u/-U/--euid/
// --uid, no pattern): every process of that user.
func byUser(c *syntax.Call) bool {
	opts, ops := scan(c.Args, optSpec{shortVal: "gGPsuUtFcoOe", longVal: longOpts("pgroup", "group", "parent", "session", "euid", "uid", "terminal", "pidfile", "signal", "ns", "nslist", "older", "newer"), longEq: true})
	return len(ops) == 0 && has(opts, "u", "U", "euid", "uid")
}

// psListsEvery reports ps told to select every process: -e or -A in a
// cluster of UNIX options (ps -e, ps -eo pid=, ps -Af), before any letter
// whose value follows (-o, -p, -u …), or a BSD-style word with both a
// (every user's processes) and x (those with no terminal too): ps ax, ps
// aux, ps axo pid=. A word only known at run time may select anything and
// is not counted.
func psListsEvery(args []syntax.Arg) bool {
	for i, a := range args {
		if !a.Static {
			continue
		}
		v := a.Value
		if i > 0 && strings.HasPrefix(args[i-1].Value, "-") && !strings.HasPrefix(args[i-1].Value, "--") {
			if prev := args[i-1].Value; len(prev) > 1 && strings.ContainsAny(prev[len(prev)-1:], "oOpuUgGtCkqsF") {
				continue // the value of -o, -p, -u … (ps -o e)
			}
		}
		switch {
		case strings.HasPrefix(v, "--"):
		case strings.HasPrefix(v, "-") && len(v) > 1:
			for _, r := range v[1:] {
				if r == 'e' || r == 'A' {
					return true
				}
				if strings.ContainsRune("oOpuUgGtCkqsF", r) {
					break // the rest is that option's value
				}
			}
		case v != "" && strings.Trim(v, "aAcCefhjlLmMnrsSTuvwxXZo") == "" && strings.Contains(v, "a") && strings.Contains(v, "x"):
			// BSD options, up to an o whose format follows (ps axo pid=).
			if i := strings.IndexByte(v, 'o'); i >= 0 {
				v = v[:i]
			}
			if strings.Contains(v, "a") && strings.Contains(v, "x") {
				return true
			}
		}
	}
	return false
}

// killsByPattern reports pkill, or killall -r, whose pattern matches
// every process name (an extended regular expression that matches any
// one-letter name and the usual ones, as ., .*, ^ or [^/]* do). pkill -u
// USER alone is account-change's.
func killsByPattern(c *syntax.Call) (string, bool) {
	opts, ops := scan(c.Args, optSpec{shortVal: "gGPsuUtFcoOe", longVal: longOpts("pgroup", "group", "parent", "session", "euid", "uid", "terminal", "pidfile", "signal", "ns", "nslist", "older", "newer", "exact", "regexp"), longEq: true})
	if c.Name == "killall" {
		// killall NAME matches names exactly; -r/--regexp makes them
		// patterns.
		if !given(opts, "r", "regexp") {
			return "", false
		}
	}
	if c.Name == "pkill" {
		// pkill -P 1 (no pattern, or any): the children of pid 1, which
		// are every service and the sessions' managers.
		for _, o := range find(opts, "P", "parent") {
			if o.val.Static && slices.Contains(strings.Split(o.val.Value, ","), "1") {
				return "pkill -P 1 signals every process pid 1 started: every service and session", true
			}
		}
	}
	if len(ops) == 0 {
		return "", false // pkill -u USER alone: account-change's
	}
	pat := c.Args[ops[0]]
	if !pat.Static {
		return "", false
	}
	re, err := regexp.Compile(pat.Value)
	if err != nil {
		return "", false
	}
	// pkill -v (--inverse) signals the processes the pattern does not
	// match: every one but a few unless it matches nearly every name.
	inverse := c.Name == "pkill" && given(opts, "v", "inverse")
	for _, name := range []string{"a", "Z", "9", "init", "systemd", "bash", "sshd", "kworker/0:1"} {
		if !re.MatchString(name) {
			if inverse {
				return c.Name + " -v " + pat.Raw + " signals every process whose name " + pat.Raw + " does not match (" + name + " among them)", true
			}
			return "", false
		}
	}
	if inverse {
		return "", false // it matches every name: -v leaves none
	}
	return c.Name + " " + pat.Raw + " matches the name of every process", true
}

// powerMethods are the methods of logind's and systemd's managers that
// stop, restart or suspend the machine.
var powerMethods = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("PowerOff", "Reboot", "Halt", "KExec", "SoftReboot", "Suspend", "Hibernate", "HybridSleep", "SuspendThenHibernate",
		"PowerOffWithFlags", "RebootWithFlags", "HaltWithFlags", "KExecWithFlags", "SuspendWithFlags", "HibernateWithFlags")
}}

// kdeMethods are the methods of KDE's session manager (org.kde.ksmserver's
// /KSMServer, org.kde.Shutdown's /Shutdown) that end the session, and
// with it every program in it, and may power off or reboot after it
// (logout CONFIRM TYPE MODE: TYPE 1 reboots, 2 halts), and of its power
// management's SuspendSession action. LogoutPrompt's prompts ask the user
// first and are not among them.
var kdeMethods = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("logout", "logoutAndShutdown", "logoutAndReboot", "suspendToRam", "suspendToDisk", "suspendHybrid")
}}

// powerMethod reports a D-Bus call of such a method on
// org.freedesktop.login1 or org.freedesktop.systemd1, or of KDE's on its
// session manager (dbus-send's INTERFACE.MEMBER, busctl call's, gdbus
// call's and qdbus's separate words).
func powerMethod(c *syntax.Call) (string, bool) {
	service := ""
	methods := powerMethods.Get()
	for _, a := range c.Args {
		switch v := a.Value; {
		case strings.Contains(v, "org.freedesktop.login1"):
			service = "logind"
		case strings.Contains(v, "org.freedesktop.systemd1") && service == "":
			service = "systemd"
		case strings.Contains(v, "org.kde.ksmserver") || strings.Contains(v, "org.kde.Shutdown") || strings.Contains(v, "org.kde.Solid.PowerManagement"):
			service = "KDE's session manager"
			methods = kdeMethods.Get()
		}
	}
	if service == "" {
		return "", false
	}
	for _, a := range c.Args {
		m := a.Value
		if i := strings.LastIndexByte(m, '.'); i >= 0 {
			m = m[i+1:]
		}
		if methods[m] {
			return service + " (" + a.Value + ")", true
		}
		if service == "KDE's session manager" {
			continue
		}
		if m == "StartUnit" || m == "StartUnitReplace" || m == "RestartUnit" || m == "ReloadOrRestartUnit" {
			// systemd's StartUnit "poweroff.target" "replace-irreversibly".
			for _, u := range c.Args {
				if v := strings.Trim(strings.TrimPrefix(u.Value, "string:"), `"'`); strings.HasSuffix(v, ".target") && stopTargets.Get()[strings.TrimSuffix(v, ".target")] {
					return service + " (" + a.Value + " " + v + ")", true
				}
			}
		}
	}
	return "", false
}

// openrcStops reports openrc-shutdown told to power off (-p), reboot
// (-r), halt (-H), kexec (-K) or go to single-user mode (-s). It does
// exactly one of its actions or fails; -c (cancel), -R (re-execute init)
// and -w (the wtmp record only) are the others, and --help and --version
// exit while the options are read (unless the command gives it
// POSIXLY_CORRECT and they come after the time, as for shutdown).
// --dry-run (-D) is no way out: with
// sysvinit's /run/initctl present the halt, power off, reboot and
// single-user requests go to it without the dry run's check.
func openrcStops(c *syntax.Call) bool {
	opts, _ := scan(c.Args, posixSpec(c, optSpec{longFlag: longOpts("cancel", "no-write", "dry-run", "halt", "kexec", "poweroff", "reexec",
		"reboot", "single", "write-only", "help", "version", "verbose", "quiet", "nocolor"), abbrev: true}))
	if given(opts, "c", "cancel", "R", "reexec", "w", "write-only", "h", "help", "V", "version") {
		return false
	}
	return has(opts, "p", "poweroff", "r", "reboot", "H", "halt", "K", "kexec", "s", "single")
}

// ipmiSpec are ipmitool's options that take a value (its getopt string).
var ipmiSpec = optSpec{shortVal: "IoHdPfUpCLAtTmzSlbBekyORND"}

// ipmiPower reports ipmitool's power and chassis power commands that cut,
// cycle or reset the power (off, down, cycle, reset, diag, soft, acpi, or
// a word only run time knows; status, on, up and a bare "power" pass), and
// raw 0x00 0x02 (chassis control) with any action but power up (1).
func ipmiPower(c *syntax.Call) (string, bool) {
	_, ops := scan(c.Args, ipmiSpec)
	words := make([]syntax.Arg, 0, len(ops))
	for _, i := range ops {
		words = append(words, c.Args[i])
	}
	if len(words) > 0 && words[0].Value == "chassis" {
		words = words[1:]
	}
	if len(words) == 0 {
		return "", false
	}
	switch words[0].Value {
	case "power":
		if len(words) < 2 {
			return "", false
		}
		switch v := words[1]; {
		case v.Static && (v.Value == "status" || v.Value == "on" || v.Value == "up" || v.Value == "help"):
			return "", false
		default:
			return "power " + v.Raw, true
		}
	case "raw":
		if len(words) < 3 || !isNum(words[1].Value, 0) || !isNum(words[2].Value, 2) {
			return "", false
		}
		if len(words) > 3 && isNum(words[3].Value, 1) {
			return "", false // power up
		}
		return "raw " + words[1].Raw + " " + words[2].Raw + " (chassis control)", true
	}
	return "", false
}

// isNum reports whether s is the number n written as ipmitool reads a
// byte (0x02, 2, 0x2).
func isNum(s string, n int64) bool {
	v, err := strconv.ParseInt(s, 0, 64)
	return err == nil && v == n
}

// unmountsRoot reports umount of the root file system (umount /, -l /)
// or of every file system (umount -a), and mount -o remount,ro of /
// (writes taken away from every program).
func unmountsRoot(c *syntax.Call) bool {
	remount := c.Name != "mount"
	for _, a := range c.Args {
		if c.Name == "umount" && (a.Value == "-a" || a.Value == "--all") {
			return true
		}
		if o := strings.TrimPrefix(strings.TrimPrefix(a.Value, "-o"), "--options="); strings.Contains(o, "remount") {
			// -o remount,ro: read-only (rw, a recovery step, passes).
			for _, opt := range strings.Split(o, ",") {
				remount = remount || opt == "ro"
			}
		}
	}
	if !remount {
		return false
	}
	for _, a := range c.Args {
		if a.Static && !strings.HasPrefix(a.Value, "-") && path.Clean(c.Dir.Join(a.Value).Path) == "/" && c.Dir.Join(a.Value).Known {
			return true
		}
	}
	return false
}

// killsOwnSession says why kill c ends the agent's own session, or "":
// pid 0 is the caller's process group, which a command shares with the
// agent that started it, and $PPID is that program itself (in the
// command's own script or one eval or source runs). A signal
// that neither ends nor stops a process does not count (kill -0 $PPID
// probes it).
func killsOwnSession(c *syntax.Call) string {
	signal, pids := killTargets(c)
	if harmlessSignal(signal) {
		return ""
	}
	for _, a := range pids {
		switch {
		case a.Static && (a.Value == "0" || a.Value == "-0"):
			return "kill 0 signals every process of the command's process group: the agent that runs it among them"
		case !a.Static && slices.Contains([]string{"$PPID", "${PPID}", "-$PPID", "-${PPID}"}, strings.Trim(a.Raw, `"`)) &&
			(c.RunBy == nil || syntax.RunnerOf(c.RunBy.Name) == syntax.HostRunner):
			// In a script another program starts (find -exec sh -c
			// '…; kill "$PPID"'), $PPID is that program: find stops.
			return "kill " + a.Raw + " signals the program that runs the command: the agent's own session"
		}
	}
	return ""
}

// skillHarm says why procps' skill c does damage: skill [-SIGNAL]
// [options] EXPRESSION… signals the processes its expression selects,
// by terminal (-t), user (-u), pid (-p) or command name (-c); a bare
// word is guessed by its form (digits a pid, a terminal's name, a
// user's name, else a command). Every process of a user or of a
// terminal, or the processes of a daemon or of every shell of the
// user by name, are judged as killall of them. -l and -L list the
// signals, -n only says what it would do; CONT and 0 harm nothing.
func skillHarm(c *syntax.Call) (string, bool) {
	signal, kind := "", ""
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		if !a.Static {
			continue
		}
		switch {
		case v == "-l" || v == "-L" || v == "-n" || v == "--list" || v == "--table" || v == "--no-action" || v == "--help" || v == "-h" || v == "-V" || v == "--version":
			return "", false
		case v == "-t" || v == "--tty" || v == "-u" || v == "--user" || v == "-p" || v == "--pid" || v == "-c" || v == "--command":
			kind = strings.TrimLeft(v, "-")[:1]
		case v == "-s" || v == "--signal":
			if i+1 < len(c.Args) {
				signal = c.Args[i+1].Value
				i++
			}
		case strings.HasPrefix(v, "-") && len(v) > 1 && signalWord(v[1:]):
			signal = v[1:]
		case strings.HasPrefix(v, "-"):
			// -f, -i, -v, -w: how it runs, not what it selects.
		case kind == "u" || kind == "" && v == "root":
			if harmlessSignal(signal) {
				return "", false
			}
			return "skill " + v + " signals every process of the user " + v + ", the agent and the user's session among them", true
		case kind == "t":
			if harmlessSignal(signal) {
				return "", false
			}
			return "skill -t " + v + " signals every process on the terminal " + v, true
		case kind == "c" || kind == "" && strings.Trim(v, "0123456789") != "":
			if harmlessSignal(signal) {
				return "", false
			}
			if harm, ok := killedProcessHarm(v); ok {
				return "skill " + v + " kills " + harm, true
			}
		}
	}
	return "", false
}
