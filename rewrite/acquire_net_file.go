package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// socatFileTypes are socat's address types that open a file of the local
// file system (socat(1): CREATE/CREAT, OPEN, GOPEN; FILE as older
// releases and scripts spell it).
var socatFileTypes = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"CREATE": true, "CREAT": true, "OPEN": true, "GOPEN": true, "FILE": true}
}}

// socatNetTypes are socat's address type prefixes that reach another host.
var socatNetTypes = []string{"TCP", "UDP", "SCTP", "OPENSSL", "SSL", "SOCKS", "PROXY", "DTLS", "UDP-DATAGRAM", "IP-"}

// socatAddrs returns the two addresses of a socat call (the operands
// after its options, of which -lf, -lp, -t, -T, -b, -L and -W take a
// value), or false.
func socatAddrs(c *syntax.Call) (a, b syntax.Arg, u, rev, ok bool) {
	var ops []syntax.Arg
	for i := 0; i < len(c.Args); i++ {
		v := c.Args[i].Value
		switch {
		case v == "-u":
			u = true
		case v == "-U":
			rev = true
		case v == "-lf" || v == "-lp" || v == "-t" || v == "-T" || v == "-b" || v == "-L" || v == "-W":
			i++
		case strings.HasPrefix(v, "-") && v != "-" && !strings.HasPrefix(v, "-,"):
		default:
			ops = append(ops, c.Args[i])
		}
	}
	if len(ops) != 2 {
		return a, b, u, rev, false
	}
	return ops[0], ops[1], u, rev, true
}

// socatKind says whether a socat address is a local file (with its path)
// or reaches the network.
func socatKind(a syntax.Arg) (file, net bool, path string) {
	v := a.Value
	typ, rest, found := strings.Cut(v, ":")
	up := strings.ToUpper(typ)
	if !found {
		// A bare word: a keyword (STDIO, -), or GOPEN of a path when it
		// has a slash.
		if strings.Contains(v, "/") && !strings.Contains(v, ",") {
			return true, false, v
		}
		if i := strings.IndexByte(v, ','); i > 0 && strings.Contains(v[:i], "/") {
			return true, false, v[:i]
		}
		return false, false, ""
	}
	if socatFileTypes.Get()[up] {
		path, _, _ = strings.Cut(rest, ",")
		return true, false, path
	}
	for _, n := range socatNetTypes {
		if strings.HasPrefix(up, n) {
			return false, true, ""
		}
	}
	return false, false, ""
}

// netToFile asks about a program that saves what it receives from the
// network to a file it names in its own syntax: socat joining a network
// address to a file address, tftp's and atftp's get. It reports whether
// it judged c.
func (p *Pass) netToFile(c *syntax.Call) bool {
	ask := func(what string) {
		p.Report(c, Finding{Rule: "net-stream", Decision: Ask, Kind: "network stream",
			Message: what + "; corral cannot move it into the sandbox inside " + c.Name + "'s own syntax"})
	}
	switch c.Name {
	case "socat":
		a, b, u, rev, ok := socatAddrs(c)
		if !ok {
			return false
		}
		af, an, ap := socatKind(a)
		bf, bn, bp := socatKind(b)
		switch {
		case an && bf && !rev && !p.InSandbox(c.Dir, syntax.Arg{Value: bp, Static: b.Static}):
			ask("socat writes what " + a.Value + " sends to the file " + bp)
			return true
		case bn && af && !u && !p.InSandbox(c.Dir, syntax.Arg{Value: ap, Static: a.Static}):
			ask("socat writes what " + b.Value + " sends to the file " + ap)
			return true
		}
	case "tftp", "atftp":
		for i, a := range c.Args {
			v := a.Value
			switch {
			case v == "-g" || v == "--get" || strings.HasPrefix(v, "-g") && !strings.HasPrefix(v, "--"):
				ask(c.Name + " -g saves a file fetched over TFTP in the working directory or where -l says")
				return true
			case v == "-c" && i+1 < len(c.Args):
				if f := strings.Fields(c.Args[i+1].Value); len(f) > 0 && f[0] == "get" || !c.Args[i+1].Static {
					ask(c.Name + " -c get saves a file fetched over TFTP")
					return true
				}
				if i+2 < len(c.Args) && c.Args[i+1].Value == "get" {
					ask(c.Name + " -c get saves a file fetched over TFTP")
					return true
				}
				return false
			}
		}
		if c.Name == "tftp" {
			// tftp HOST reads its commands (get …) on stdin.
			if in := c.Fd(0); in.Kind != syntax.StreamInherited {
				ask("tftp reads its commands from its stdin, where a get saves a file fetched over TFTP")
				return true
			}
		}
	}
	return false
}
