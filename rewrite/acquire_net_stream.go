package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var netStream = Rule{
	Name:      "net-stream",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `A raw network connection prints what the other end sends: nc, ncat
and netcat connecting to a host or listening (-l: whoever connects
sends the bytes), telnet HOST, socat joining its standard input/output
(-, STDIO, STDOUT) to a network address, and openssl s_client. Those
bytes are external content, followed as a download's stdout: the file
they are redirected to (nc h 80 > x), tee's files, tar's extraction and
the rest move into the sandbox; a shell at the end of the pipe is
another rule's. nc -z (a port scan) and nc -e/-c (a shell handed to the
connection, network-change's) print nothing of the peer here. bash's
own connections are the same: a command whose standard input is a
redirection from /dev/tcp/HOST/PORT or /dev/udp/HOST/PORT (cat <
/dev/tcp/h/80 > x, exec 3<>/dev/tcp/h/80; cat <&3 > x, a loop's done <
/dev/tcp/h/80), or a /dev/fd/N operand that names such a descriptor
(cat /dev/fd/3 3</dev/tcp/h/80), reads what the peer sends, followed the same way; a
shell or interpreter reading its program from there (bash <
/dev/tcp/h/80, or the pipe after such a reader) runs remote code and
asks. A connection the program itself saves to a file moves into the
sandbox as a download's -o does: socat with a file address (CREATE:,
OPEN:, GOPEN:, a bare path) that receives what a network address sends
(both ways by default, left to right with -u, right to left with -U) gets
the sandbox path in its address, type and options kept; tftp HOST -c get
REMOTE [LOCAL] gets LOCAL in the sandbox; busybox tftp -g and atftp
-g/--get get their -l in the sandbox. A file address only known at run
time, a device (GOPEN:/dev/ttyS0), a sandbox path socat's address syntax
would misread, a get of several files, and get commands read on tftp's
stdin (which corral would have to edit inside that script) ask.`,
	Commands: []string{"nc", "ncat", "netcat", "telnet", "socat", "openssl", "tftp", "atftp"},
	Call:     checkNetStream,
	Command:  checkNetReads,
}

// checkNetReads finds the calls whose standard input bash connects to
// another host (/dev/tcp/HOST/PORT, /dev/udp/HOST/PORT opened for
// reading by the call's own redirection, an enclosing compound's, or an
// earlier exec's): what they read is the peer's, external content.
func checkNetReads(p *Pass) {
	checkNetValues(p) // read -u3 / mapfile -u3 values printed to a file (acquire_net_values.go)
	for _, c := range p.Model.Calls {
		in, byPath, ok := netInput(c)
		if !ok {
			continue
		}
		if byPath && (syntax.IsShell(c.Name) || isInterpreter(c.Name)) {
			// bash /dev/fd/3 3</dev/tcp/h/80: the script is the peer's.
			p.Report(c, Finding{Rule: "net-stream", Decision: Ask, Kind: "network stream",
				Message: c.Name + " reads " + in.Target.Value + ", a network connection, through a /dev/fd path: remote code execution if it runs it"})
			continue
		}
		if runsStdin(c) && !byPath {
			p.Report(c, Finding{Rule: "net-stream", Decision: Ask, Kind: "network stream",
				Message: c.Name + " runs what it reads from " + in.Target.Value + ", a network connection: remote code execution"})
			continue
		}
		if s := p.stdinRunnerAfter(c); s != nil {
			p.Report(c, Finding{Rule: "net-stream", Decision: Ask, Kind: "network stream",
				Message: "what " + c.Name + " reads from " + in.Target.Value + " is piped into " + s.Name + ", which runs it: remote code execution"})
			continue
		}
		if p.followReader(c, "net-stream", "network stream") {
			p.followPipe(c, "net-stream", "network stream")
		}
	}
}

func checkNetStream(p *Pass, c *syntax.Call) {
	if p.netToFile(c) {
		return
	}
	if netStreamPrints(c) {
		p.followStdout(c, "net-stream", "network stream")
	}
}

// netStreamPrints reports whether c writes to its stdout what a peer on
// the network sends.
func netStreamPrints(c *syntax.Call) bool {
	switch c.Name {
	case "nc", "ncat", "netcat":
		opts, operands := scan(c.Args, optSpec{shortVal: "pswiqeIOTxXcMPm", longVal: longOpts("source-port", "source", "wait",
			"idle-timeout", "exec", "sh-exec", "lua-exec", "proxy", "proxy-type", "proxy-auth", "output", "hex-dump", "append-output")})
		if has(opts, "z", "e", "c", "exec", "sh-exec", "lua-exec") || has(opts, "h", "help", "version") {
			return false
		}
		return len(operands) > 0 || has(opts, "l", "listen")
	case "telnet":
		_, operands := scan(c.Args, optSpec{shortVal: "belnkSX"})
		return len(operands) > 0
	case "socat":
		stdio, net := false, false
		for _, a := range c.Args {
			v := strings.ToUpper(a.Value)
			switch {
			case v == "-" || v == "STDIO" || v == "STDOUT" || strings.HasPrefix(v, "STDIO,") || strings.HasPrefix(v, "STDOUT,") || strings.HasPrefix(v, "-,"):
				stdio = true
			case strings.HasPrefix(v, "TCP") || strings.HasPrefix(v, "UDP") || strings.HasPrefix(v, "OPENSSL") ||
				strings.HasPrefix(v, "SSL:") || strings.HasPrefix(v, "SOCKS") || strings.HasPrefix(v, "PROXY:") || strings.HasPrefix(v, "SCTP"):
				net = true
			}
		}
		return stdio && net
	case "openssl":
		return len(c.Args) > 0 && c.Args[0].Value == "s_client"
	}
	return false
}

// netInput returns the redirection from /dev/tcp or /dev/udp that c
// reads: its standard input, or (byPath) a descriptor an operand names
// (cat /dev/fd/3 3</dev/tcp/h/80, /dev/stdin).
func netInput(c *syntax.Call) (in syntax.Redirect, byPath, ok bool) {
	reads := func(st syntax.Stream) (syntax.Redirect, bool) {
		r, ok := st.File()
		if !ok || r.Writes() && r.Op != "<>" {
			return r, false
		}
		_, _, net := netRedirect(r)
		return r, net
	}
	if r, ok := reads(c.Fd(0)); ok {
		return r, false, true
	}
	for _, a := range c.Args {
		if st, routed := c.Route(a.Value); routed {
			if r, ok := reads(st); ok {
				return r, true, true
			}
		}
	}
	return syntax.Redirect{}, false, false
}
