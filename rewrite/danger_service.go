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
verbs pass. systemctl set-environment and import-environment (issue 12)
set a variable of the service manager's environment, which every unit it
starts later inherits, as ~/.config/environment.d (self-protected) does:
a variable that makes programs load code (LD_PRELOAD, BASH_ENV,
NODE_OPTIONS, PATH, …), a name or value only known at run time, or
import-environment with no name (every variable of the caller) asks;
systemctl --user set-environment DISPLAY=:0 passes.
dbus-update-activation-environment (dbus-update-activation-environment(1))
sets the same variables in the D-Bus session bus's activation
environment, and with --systemd in the systemd user manager's too: each
NAME=VALUE, and each bare NAME (whose value it takes from this shell),
is judged as set-environment's, and --all (every variable of this
shell) asks as import-environment with no name does.`,
	Commands: []string{"loginctl", "systemctl", "dbus-update-activation-environment"},
	Call: func(p *Pass, c *syntax.Call) {
		if asksHelp(c) {
			return
		}
		if c.Name == "dbus-update-activation-environment" {
			if why := dbusActivationEnvironment(c); why != "" {
				p.Report(c, Finding{Rule: "service-persist", Decision: Ask, Message: why})
			}
			return
		}
		if c.Name == "systemctl" {
			if why := systemctlEnvironment(c); why != "" {
				p.Report(c, Finding{Rule: "service-persist", Decision: Ask, Message: why})
			}
			return
		}
		_, ops := scan(c.Args, optSpec{shortVal: "pHMsn", longVal: longOpts("property", "host", "machine", "signal", "lines", "output", "kill-whom"), longEq: true})
		if len(ops) > 0 && c.Args[ops[0]].Value == "enable-linger" {
			p.Report(c, Finding{Rule: "service-persist", Decision: Ask, Message: "loginctl enable-linger starts the user's services at boot and keeps them running after logout, outside any session"})
		}
	},
}

// systemctlEnvironment says why systemctl set-environment or
// import-environment changes what every later unit of the manager runs
// (systemctl(1) "Environment Commands"), or "".
func systemctlEnvironment(c *syntax.Call) string {
	_, ops := scan(c.Args, systemctlSpec.Get())
	if len(ops) == 0 {
		return ""
	}
	verb := c.Args[ops[0]].Value
	switch verb {
	case "set-environment", "import-environment":
	default:
		return ""
	}
	if verb == "import-environment" && len(ops) == 1 {
		return "systemctl import-environment with no name gives the service manager every variable of this shell, which every unit it starts later inherits"
	}
	for _, i := range ops[1:] {
		a := c.Args[i]
		name := a.Value
		if verb == "set-environment" {
			name, _, _ = strings.Cut(a.Value, "=")
		}
		if !a.Static || strings.ContainsAny(name, "*?[") || codeLoadingVar(name) {
			return "systemctl " + verb + " " + a.Raw + " sets a variable of the service manager's environment that every unit it starts later inherits, one that makes programs load code"
		}
	}
	return ""
}

// dbusActivationEnvironment says why dbus-update-activation-environment
// changes what every service the session bus (and, with --systemd, the
// systemd user manager) starts later inherits, or "". Its options are
// --all, --systemd and --verbose; every other word is NAME or
// NAME=VALUE (dbus-update-activation-environment(1)).
func dbusActivationEnvironment(c *syntax.Call) string {
	for _, a := range c.Args {
		if !a.Static {
			return "dbus-update-activation-environment " + a.Raw + " sets a variable only known at run time in the environment every service the session bus starts later inherits"
		}
		switch a.Value {
		case "--systemd", "--verbose":
			continue
		case "--all":
			return "dbus-update-activation-environment --all gives the session bus every variable of this shell, which every service it starts later inherits"
		}
		name, _, _ := strings.Cut(a.Value, "=")
		if strings.ContainsAny(name, "*?[") || codeLoadingVar(name) {
			return "dbus-update-activation-environment " + a.Raw + " sets a variable of the environment every service the session bus starts later inherits, one that makes programs load code"
		}
	}
	return ""
}

// codeLoadingVar reports an environment variable that makes the programs
// a service manager starts load or run other code: the dynamic loader's,
// the shells' start-up files, the search paths and option variables of
// interpreters and the JVM, git's configuration. A switch, not a map
// (internal/lazy's TestNothingBuiltAtStartup).
func codeLoadingVar(name string) bool {
	switch name {
	case "LD_PRELOAD", "LD_AUDIT", "LD_LIBRARY_PATH", "BASH_ENV", "ENV", "PATH", "SHELL", "PROMPT_COMMAND", "ZDOTDIR",
		"PYTHONPATH", "PYTHONSTARTUP", "PYTHONHOME", "PYTHONUSERBASE", "NODE_OPTIONS", "NODE_PATH", "PERL5OPT", "PERL5LIB",
		"PERLLIB", "RUBYOPT", "RUBYLIB", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "CLASSPATH",
		"GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_EXEC_PATH", "GIT_SSH",
		"GIT_SSH_COMMAND", "GIT_ASKPASS", "SSH_ASKPASS", "EDITOR", "VISUAL", "PAGER", "LESSOPEN", "LESSCLOSE", "XDG_CONFIG_HOME",
		"XDG_DATA_DIRS", "XDG_CONFIG_DIRS", "HOME", "GTK_MODULES", "GTK_PATH", "QT_PLUGIN_PATH", "GIO_EXTRA_MODULES",
		"GCONV_PATH", "LUA_INIT", "LUA_PATH", "LUA_CPATH", "SVN_SSH", "HGRCPATH", "RSYNC_RSH", "GIT_PROXY_COMMAND":
		return true
	}
	return false
}
