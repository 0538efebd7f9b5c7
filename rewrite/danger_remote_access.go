package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var remoteAccess = Rule{
	Name:      "remote-access",
	Decisions: []Decision{Ask},
	Doc: `A terminal or a local port opened to the network outlives the
command and lets whoever reaches it act on the machine past every guard
the agent is under. Terminals served to the network: ttyd, gotty,
websocketd, wetty and shellinaboxd running a shell or an interpreter
with no script, login or a program that starts the user's shell (sudo
-i, su), directly or through the code a runner it serves is given (ttyd
sh -c 'exec bash -i', ttyd python3 -c 'import pty; pty.spawn("/bin/bash")':
the served command is modelled and each call in it looked at), a
terminal multiplexer's new or attached session (ttyd tmux new, gotty -w screen, ttyd zellij, ttyd byobu, ttyd tmux attach: the
user's shell), or a program only known at run time, telnet servers
(telnetd, in.telnetd, utelnetd, busybox telnetd), shared terminals
(tmate, upterm host, sshx) and an sshd or dropbear the command starts.
Tunnels that publish a local port elsewhere: ngrok (http, tcp, tls,
start, tunnel), cloudflared tunnel with --url or run, localtunnel (lt),
bore local, frpc, chisel client with an R: remote and chisel server
--reverse, tailscale funnel, zrok share, and ssh or autossh with -R or
-o RemoteForward: ask. Editors and notebooks served with no
authentication hand whoever reaches their port a terminal and a code
runner: code-server --auth none, openvscode-server
--without-connection-token, code serve-web --without-connection-token,
code tunnel (VS Code's relay), jupyter notebook/lab/server with an
empty token (--ServerApp.token='', --NotebookApp.token='',
--IdentityProvider.token=''): ask; with their default token or
password they pass. A web terminal running another program (ttyd
htop, websocketd ./count.sh, ttyd sh -c 'bash ./menu.sh'), ssh -L and -D (ports on this machine for
its own use), sshd -t/-T (checks), tmate -V, ngrok config and version,
cloudflared tunnel list and access, tailscale funnel status pass. ttyd,
gotty and websocketd are wrappers (syntax's table): the command they
serve is judged by every rule as if it ran here (ttyd sh -c 'rm -rf ~'
is rm -rf ~).`,
	Commands: []string{"ttyd", "gotty", "websocketd", "wetty", "shellinaboxd", "telnetd", "in.telnetd", "utelnetd",
		"tmate", "upterm", "sshx", "sshd", "dropbear", "ngrok", "cloudflared", "lt", "localtunnel", "bore", "frpc",
		"chisel", "tailscale", "zrok", "ssh", "autossh", "code-server", "openvscode-server", "code", "jupyter", "jupyter-lab",
		"jupyter-notebook", "jupyter-server", "jupyter-nbclassic"},
	Call:    checkRemoteAccess,
	Command: checkServedCommands,
}

// webTerminal reports a wrapper name of the wrapper table that serves
// its command to the network (syntax unwraps ttyd, gotty and websocketd:
// the command they serve is the call, judged by every rule).
func webTerminal(name string) bool {
	return name == "ttyd" || name == "gotty" || name == "websocketd"
}

// checkServedCommands looks at each command a web terminal serves: a
// shell, an interpreter reading the terminal, login, a program that
// starts the user's shell or a terminal multiplexer's new session (tmux,
// screen: the user's shell), or a program only known at run time, is a
// terminal for whoever connects.
func checkServedCommands(p *Pass) {
	for _, c := range p.Model.Calls {
		server := ""
		for _, w := range c.Wrappers {
			if webTerminal(w) {
				server = w
			}
		}
		if server == "" {
			continue
		}
		prog := ""
		switch {
		case !c.NameArg.Static:
			prog = "a program only known at run time"
		case multiplexerShell(c):
			prog = c.Name + " (a new session runs the user's shell)"
		default:
			prog = startedShell(p, append([]syntax.Arg{c.NameArg}, c.Args...))
		}
		if prog != "" {
			p.Report(c, Finding{Rule: "remote-access", Decision: Ask,
				Message: server + " serves " + prog + " to the network: whoever connects types commands here (nothing the agent is held to applies to what comes in)"})
		}
	}
}

// multiplexerShell reports a terminal multiplexer call that opens a
// session running the user's shell, or attaches to a session (whose
// panes run shells): tmux and byobu (a front end that hands its words to
// tmux) with no command, new-session/new without a shell command, or
// attach-session/attach/a (tmux(1)); screen with no program, or -r/-R/-x
// (screen(1)); zellij with no subcommand (a new session, also -s NAME)
// or attach/a. Listing and other commands acting on a running session
// (tmux ls, screen -ls, zellij ls, zellij run …) are not.
func multiplexerShell(c *syntax.Call) bool {
	switch c.Name {
	case "tmux", "byobu":
		_, operands := scan(c.Args, optSpec{shortVal: "cfLST", stop: true})
		if len(operands) == 0 {
			return !hasWord(c.Words(), "-c", "-V")
		}
		rest := c.Args[operands[0]:]
		// tmux finds a command by alias or unique prefix (new-s, a).
		name, _ := syntax.TmuxCommandName(rest[0].Value)
		switch name {
		case "attach-session":
			return true
		case "new-session":
		default:
			return false
		}
		_, ops := scan(rest[1:], optSpec{shortVal: "cefFnstxyX", stop: true})
		return len(ops) == 0
	case "screen":
		opts, operands := scan(c.Args, optSpec{shortVal: "cehpStTsRrx", stop: true})
		if hasWord(c.Words(), "-ls", "-list", "-wipe", "-version", "-help") {
			return false
		}
		if has(opts, "r", "R", "x") && !has(opts, "X", "Q") {
			return true // attaches to a running session
		}
		return len(operands) == 0 && !has(opts, "X", "ls", "list", "v", "h", "help", "version", "Q", "wipe")
	case "zellij":
		opts, operands := scan(c.Args, optSpec{shortVal: "slcn", longVal: longOpts("session", "layout", "config", "config-dir",
			"data-dir", "max-panes", "new-session-with-layout"), longEq: true, stop: true})
		if has(opts, "h", "help", "V", "version") {
			return false
		}
		if len(operands) == 0 {
			return true
		}
		v := c.Args[operands[0]].Value
		return v == "attach" || v == "a"
	}
	return false
}

func checkRemoteAccess(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	words := c.Words()
	first := ""
	for _, w := range words {
		if !strings.HasPrefix(w, "-") {
			first = w
			break
		}
	}
	msg := ""
	switch c.Name {
	case "ttyd", "gotty", "websocketd", "wetty":
		if prog := servedShell(p, c); prog != "" {
			msg = c.Name + " serves " + prog + " to the network: whoever connects types commands here"
		}
	case "shellinaboxd":
		// It serves a login (or -s's service) by default.
		msg = "shellinaboxd serves a terminal to the network: whoever connects types commands here"
	case "telnetd", "in.telnetd", "utelnetd":
		msg = c.Name + " serves a login shell over telnet"
	case "tmate", "sshx":
		if !hasWord(words, "-V", "--version", "-h", "--help") {
			msg = c.Name + " shares this terminal through a relay on the internet: whoever has the link types commands here"
		}
	case "upterm":
		if first == "host" {
			msg = "upterm host shares this terminal through a relay on the internet: whoever has the link types commands here"
		}
	case "sshd", "dropbear":
		if !hasWord(words, "-t", "-T", "-V", "-h", "--help") {
			msg = c.Name + " starts an SSH server the agent configured"
		}
	case "ngrok":
		switch first {
		case "http", "tcp", "tls", "start", "tunnel":
			msg = "ngrok " + first + " publishes a local port on the internet"
		}
	case "cloudflared":
		if first == "tunnel" && (hasOption(words, "--url") || hasWord(words, "run")) {
			msg = "cloudflared tunnel publishes a local service on the internet"
		}
	case "lt", "localtunnel":
		if hasOption(words, "--port", "-p") {
			msg = c.Name + " publishes a local port on the internet"
		}
	case "bore":
		if first == "local" {
			msg = "bore local publishes a local port on another host"
		}
	case "frpc":
		switch first {
		case "completion", "help", "verify", "status", "reload":
		default:
			if hasWord(words, "-v", "--version") {
				break
			}
			msg = "frpc publishes local ports through a frp server"
		}
	case "chisel":
		switch {
		case first == "client":
			for _, w := range words {
				if strings.HasPrefix(w, "R:") {
					msg = "chisel client " + w + " opens a port on the server that reaches this machine"
					break
				}
			}
		case first == "server" && hasOption(words, "--reverse"):
			msg = "chisel server --reverse lets its clients open ports that reach this machine"
		}
	case "tailscale":
		if first == "funnel" && !hasWord(words, "status", "reset") {
			msg = "tailscale funnel publishes a local port on the internet"
		}
	case "zrok":
		if first == "share" {
			msg = "zrok share publishes a local service"
		}
	case "code-server":
		if optionValue(words, "--auth") == "none" {
			msg = "code-server --auth none serves an editor with a terminal to whoever reaches its port"
		}
	case "openvscode-server":
		if hasWord(words, "--without-connection-token") {
			msg = "openvscode-server --without-connection-token serves an editor with a terminal to whoever reaches its port"
		}
	case "code":
		switch {
		case first == "serve-web" && hasWord(words, "--without-connection-token"):
			msg = "code serve-web --without-connection-token serves an editor with a terminal to whoever reaches its port"
		case first == "tunnel" && !tunnelInfo(words):
			msg = "code tunnel publishes this machine's editor and terminal through VS Code's relay"
		}
	case "jupyter", "jupyter-lab", "jupyter-notebook", "jupyter-server", "jupyter-nbclassic":
		if t := emptyJupyterToken(words); t != "" {
			msg = c.Name + " with " + t + "='' serves a code runner and a terminal with no authentication to whoever reaches its port"
		}
	case "ssh", "autossh":
		if fwd := sshRemoteForward(c); fwd != "" {
			msg = c.Name + " " + fwd + " opens a port on the other host that reaches this machine"
		}
	}
	if msg != "" {
		p.Report(c, Finding{Rule: "remote-access", Decision: Ask, Message: msg + " (nothing the agent is held to applies to what comes in)"})
	}
}

// servedShell returns the program a web terminal serves when it is a
// shell or an interpreter reading commands from the terminal (no script
// after it, only options), a program that starts one (login, su, sudo
// -i, …: syntax.StartsShell), or a program named at run time; ""
// otherwise. The served command is modelled as the shell would run it,
// from each of the first words that are not options (the programs' own
// options are not needed: an option's value is never a command that
// starts a shell), so that a runner given code (sh -c 'exec bash -i',
// python3 -c 'import pty; pty.spawn("/bin/bash")') is followed into the
// code it runs.
func servedShell(p *Pass, c *syntax.Call) string {
	tries := 0
	for i, a := range c.Args {
		if !a.Static {
			return "a program only known at run time"
		}
		if strings.HasPrefix(a.Value, "-") {
			continue
		}
		if tries++; tries > maxServedStarts {
			break
		}
		if prog := startedShell(p, c.Args[i:]); prog != "" {
			return prog
		}
	}
	return ""
}

// maxServedStarts bounds the words a web terminal's command is looked
// for at.
const maxServedStarts = 8

// startedShell models words as a command and returns the shell or
// interpreter that it, or a command in the code it runs (nested), starts
// reading the terminal: a runner given only options, login, or a
// program that starts the user's shell (syntax.StartsShell); "" when
// none does. A command that cannot be modelled is not followed.
func startedShell(p *Pass, words []syntax.Arg) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = syntax.Quote(w.Value)
	}
	opt := syntax.Options{Cwd: p.Config.Cwd, Home: p.Config.Home, Project: p.Config.Project}
	if !p.Config.NoScriptFiles {
		opt.ReadFile = syntax.ReadScript // ttyd bash ./menu.sh: what the script starts
	}
	m, err := syntax.Analyze(strings.Join(parts, " "), opt)
	if err != nil {
		return ""
	}
	for _, inner := range m.Calls {
		if inner.Name == "" {
			continue
		}
		if in := inner.Fd(0); in.Kind != syntax.StreamInherited {
			continue // bash < x.sh, echo ls | bash: not the terminal
		}
		runner := syntax.RunnerOf(inner.Name)
		if inner.Name == "login" || syntax.StartsShell(inner) ||
			runner != syntax.NotRunner && runner != syntax.HostRunner && interactiveRunner(inner.Args) {
			if inner.Script != nil && inner.Script.Parent != nil {
				return inner.Name + " (started by " + words[0].Value + ")"
			}
			return inner.NameArg.Value
		}
	}
	return ""
}

// interactiveRunner reports a runner given only options (args are the
// words after its name): it reads commands from the terminal.
func interactiveRunner(args []syntax.Arg) bool {
	for _, b := range args {
		if !strings.HasPrefix(b.Value, "-") {
			return false
		}
	}
	return true
}

// hasOption reports an option among words, alone or with "=value".
func hasOption(words []string, names ...string) bool {
	for _, w := range words {
		n, _, _ := strings.Cut(w, "=")
		for _, name := range names {
			if n == name {
				return true
			}
		}
	}
	return false
}

// sshRemoteForward returns ssh's remote forwarding (-R SPEC, -o
// RemoteForward=…) among its options before and after the destination,
// or "".
func sshRemoteForward(c *syntax.Call) string {
	spec := sshSpec
	spec.stop = true
	opts, operands := scan(c.Args, spec)
	if len(operands) > 0 && !(operands[0] > 0 && c.Args[operands[0]-1].Value == "--") {
		more, _ := scan(c.Args[operands[0]+1:], spec)
		opts = append(opts, more...)
	}
	if has(opts, "G", "V", "Q", "O") {
		return "" // prints the configuration, the version, a query; controls a master
	}
	for _, o := range opts {
		switch o.name {
		case "R":
			return "-R " + o.val.Value
		case "o":
			key, _, _ := strings.Cut(strings.TrimSpace(o.val.Value), "=")
			key, _, _ = strings.Cut(key, " ")
			if strings.EqualFold(key, "RemoteForward") {
				return "-o " + o.val.Value
			}
		}
	}
	return ""
}

// optionValue returns the value of a long option given as --opt=V or
// --opt V, the last one winning; "" when absent.
func optionValue(words []string, opt string) string {
	v := ""
	for i, w := range words {
		if w == opt && i+1 < len(words) {
			v = words[i+1]
		} else if rest, ok := strings.CutPrefix(w, opt+"="); ok {
			v = rest
		}
	}
	return v
}

// tunnelInfo reports code tunnel subcommands that only show or change
// the tunnel's state (status, user show, prune, kill, rename, …): the
// ones that serve nothing.
func tunnelInfo(words []string) bool {
	seen := false
	for _, w := range words {
		if !seen {
			seen = w == "tunnel"
			continue
		}
		switch w {
		case "status", "user", "prune", "kill", "rename", "unregister", "restart", "help", "-h", "--help":
			return true
		}
		if !strings.HasPrefix(w, "-") {
			return false
		}
	}
	return false
}

// emptyJupyterToken returns the trait that switches Jupyter's token off
// (an empty --ServerApp.token, and the older NotebookApp/IdentityProvider
// spellings, = or a separate empty word), "" when none does.
func emptyJupyterToken(words []string) string {
	for i, w := range words {
		for _, t := range []string{"--ServerApp.token", "--NotebookApp.token", "--IdentityProvider.token"} {
			if w == t+"=" || w == t && i+1 < len(words) && words[i+1] == "" {
				return t
			}
		}
	}
	return ""
}
