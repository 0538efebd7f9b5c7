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
	case "nc", "ncat", "netcat":
		return p.netDumpToSandbox(c, ask)
	case "socat":
		a, b, u, rev, ok := socatAddrs(c)
		if !ok {
			return false
		}
		af, an, ap := socatKind(a)
		bf, bn, bp := socatKind(b)
		switch {
		case an && bf && !rev && !p.InSandbox(c.Dir, syntax.Arg{Value: bp, Static: b.Static}):
			p.socatToSandbox(c, a, b, bp, ask)
			return true
		case bn && af && !u && !p.InSandbox(c.Dir, syntax.Arg{Value: ap, Static: a.Static}):
			p.socatToSandbox(c, b, a, ap, ask)
			return true
		}
	case "tftp", "atftp":
		for i, a := range c.Args {
			v := a.Value
			switch {
			case v == "-g" || v == "--get" || strings.HasPrefix(v, "-g") && !strings.HasPrefix(v, "--"):
				p.tftpGetToSandbox(c, ask)
				return true
			case v == "-c" && i+1 < len(c.Args):
				if f := strings.Fields(c.Args[i+1].Value); len(f) > 0 && f[0] == "get" && len(f) > 1 || !c.Args[i+1].Static {
					ask(c.Name + " -c get saves a file fetched over TFTP")
					return true
				}
				if i+2 < len(c.Args) && c.Args[i+1].Value == "get" {
					p.tftpCommandGet(c, c.Args[i+2:], ask)
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

// socatUnsafe are the characters socat's address syntax gives a meaning
// (socat(1), ADDRESS SPECIFICATIONS: option and address separators,
// quoting and grouping): a sandbox path holding one cannot be written
// into an address as it is.
const socatUnsafe = ":,!\"'\\[]{}() \t\n"

// socatToSandbox moves the file a socat file address receives into the
// sandbox, the address type and its options kept (CREATE:f,perm=600
// becomes CREATE:SANDBOX/f,perm=600), as a download's -o is. An address
// only known at run time, a device or a system file (GOPEN:/dev/ttyS0, not
// a download's file), or a sandbox path socat's syntax would misread,
// asks.
func (p *Pass) socatToSandbox(c *syntax.Call, from, to syntax.Arg, path string, ask func(string)) {
	what := "socat writes what " + from.Value + " sends to the file " + path
	d := c.Dir.Join(path)
	if !to.Static || path == "" || !d.Known || within("/dev", d) || within("/proc", d) || within("/sys", d) {
		ask(what)
		return
	}
	dest := p.SandboxPath(path, "download")
	i := strings.Index(to.Value, path)
	if i < 0 || strings.ContainsAny(dest, socatUnsafe) {
		ask(what)
		return
	}
	word := to.Value[:i] + dest + to.Value[i+len(path):]
	p.acquire(c, "net-stream", "network stream", what+", outside the sandbox", dest,
		[]syntax.Edit{Replace(c, to, syntax.Quote(word))}, relocate(c, c.Dir, path, dest))
}

// tftpTail is the local name tftp-hpa gives a file fetched by get REMOTE:
// its last path part, after a HOST: prefix.
func tftpTail(remote string) string {
	if i := strings.IndexByte(remote, ':'); i >= 0 {
		remote = remote[i+1:]
	}
	return remote[strings.LastIndexByte(remote, '/')+1:]
}

// tftpCommandGet moves the file of tftp -c get REMOTE [LOCAL] (tftp(1),
// tftp-hpa) into the sandbox: LOCAL is replaced, or a LOCAL in the
// sandbox added after REMOTE. A get of several files (each saved under
// its own name) or of names only known at run time asks.
func (p *Pass) tftpCommandGet(c *syntax.Call, files []syntax.Arg, ask func(string)) {
	what := c.Name + " -c get saves a file fetched over TFTP"
	for _, f := range files {
		if !f.Static || f.Split {
			ask(what)
			return
		}
	}
	switch len(files) {
	case 1:
		name := tftpTail(files[0].Value)
		if name == "" {
			break
		}
		if p.DirInSandbox(c.Dir) {
			return
		}
		dest := p.SandboxPath(name, "download")
		p.acquire(c, "net-stream", "network stream", what+" in the working directory, outside the sandbox", dest,
			[]syntax.Edit{Insert(c, files[0].End, " "+syntax.Quote(dest))}, relocate(c, c.Dir, name, dest))
		return
	case 2:
		local := files[1]
		if p.InSandbox(c.Dir, local) {
			return
		}
		dest, text := p.sandboxed(local, "download")
		p.acquire(c, "net-stream", "network stream", what+" to "+local.Value+", outside the sandbox", dest,
			[]syntax.Edit{Replace(c, local, text)}, relocate(c, c.Dir, local.Value, dest))
		return
	}
	ask(what)
}

// tftpGetToSandbox moves the file of busybox tftp -g / atftp --get into
// the sandbox: its -l/--local-file, or, when none is given, a -l in the
// sandbox named after -r/--remote-file's last part. Attached or run-time
// names ask.
func (p *Pass) tftpGetToSandbox(c *syntax.Call, ask func(string)) {
	what := c.Name + " -g saves a file fetched over TFTP"
	var local, remote *syntax.Arg
	localAt := -1
	for i := 0; i < len(c.Args); i++ {
		v := c.Args[i].Value
		switch {
		case (v == "-l" || v == "--local-file") && i+1 < len(c.Args):
			local, localAt = &c.Args[i+1], i+1
			i++
		case (v == "-r" || v == "--remote-file") && i+1 < len(c.Args):
			remote = &c.Args[i+1]
			i++
		case strings.HasPrefix(v, "--local-file=") || strings.HasPrefix(v, "-l") && len(v) > 2 && !strings.HasPrefix(v, "--"):
			ask(what + " to the file " + v)
			return
		}
	}
	if local != nil {
		if p.InSandbox(c.Dir, *local) {
			return
		}
		if !local.Static || local.Split {
			ask(what + " to " + local.Value)
			return
		}
		dest, text := p.sandboxed(*local, "download")
		p.acquire(c, "net-stream", "network stream", what+" to "+local.Value+", outside the sandbox", dest,
			[]syntax.Edit{Replace(c, c.Args[localAt], text)}, relocate(c, c.Dir, local.Value, dest))
		return
	}
	if remote == nil || !remote.Static || remote.Split || tftpTail(remote.Value) == "" {
		ask(what + " in the working directory")
		return
	}
	if p.DirInSandbox(c.Dir) {
		return
	}
	name := tftpTail(remote.Value)
	dest := p.SandboxPath(name, "download")
	p.acquire(c, "net-stream", "network stream", what+" in the working directory, outside the sandbox", dest,
		[]syntax.Edit{Insert(c, c.NameArg.End, " -l "+syntax.Quote(dest))}, relocate(c, c.Dir, name, dest))
}

// netDumpToSandbox moves the file nc records a connection's traffic in
// into the sandbox: ncat -o/--output FILE (and -x/--hex-dump FILE, a hex
// dump) and netcat-traditional's -o FILE save what the peer sends (ncat(1):
// "Dump session data to a file"), external content as a download's -o
// is. A value only known at run time asks.
func (p *Pass) netDumpToSandbox(c *syntax.Call, ask func(string)) bool {
	opts, _ := scan(c.Args, netcatSpec)
	names := []string{"o", "output"}
	if c.Name == "ncat" {
		names = append(names, "x", "hex-dump") // OpenBSD nc's -x is a proxy
	}
	done := false
	for _, o := range find(opts, names...) {
		if !o.hasVal || p.InSandbox(c.Dir, o.val) {
			continue
		}
		what := c.Name + " saves the traffic of a network connection to " + o.val.Value
		if !o.val.Static || o.val.Split {
			ask(what)
			return true
		}
		dest, text := p.sandboxed(o.val, "download")
		p.acquire(c, "net-stream", "network stream", what+", outside the sandbox", dest,
			[]syntax.Edit{setValue(c, o, text)}, relocate(c, c.Dir, o.val.Value, dest))
		done = true
	}
	return done
}

// netcatSpec reads nc, ncat and netcat's options (ncat 7.9, OpenBSD nc,
// netcat-traditional): the letters and long options that take a value.
var netcatSpec = optSpec{shortVal: "pswiqeIOTxXcMPmogGd", longEq: true, longVal: longOpts("source-port", "source", "wait",
	"idle-timeout", "exec", "sh-exec", "lua-exec", "proxy", "proxy-type", "proxy-auth", "output", "hex-dump", "max-conns",
	"delay", "allow", "allowfile", "deny", "denyfile", "ssl-cert", "ssl-key", "ssl-trustfile", "ssl-ciphers",
	"ssl-servername", "ssl-alpn", "proxy-dns")}
