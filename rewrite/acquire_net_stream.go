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
connection, network-change's) print nothing of the peer here.`,
	Commands: []string{"nc", "ncat", "netcat", "telnet", "socat", "openssl"},
	Call:     checkNetStream,
}

func checkNetStream(p *Pass, c *syntax.Call) {
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
