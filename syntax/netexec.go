package syntax

import (
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Netcats that run a command for each connection, with the connection
// as its standard input and output:
//
//   - nmap's ncat: -c CMD / --sh-exec CMD runs CMD with /bin/sh -c;
//     -e CMD / --exec CMD runs CMD split on blanks, with no shell;
//     --lua-exec FILE runs a Lua script. getopt_long: options anywhere
//     among the operands, long ones by any unambiguous prefix.
//   - netcat-traditional (nc.traditional, Debian's netcat) and
//     BusyBox's nc: -c CMD through sh -c, -e PROG; BusyBox's -e takes
//     the rest of the line as the program's arguments ("must be last").
//     OpenBSD's nc has neither (its -c is TLS and -e a TLS name): its
//     words are read the same way, which only judges a host name as a
//     command.
//
// What they run is judged as the command it is (a shell with no script
// reads the connection: asked, as socat's EXEC:/bin/sh is). A listener
// runs it for whoever connects, and a connection the agent itself opens
// (ncat -l -c CMD & ncat localhost PORT) runs it at once.

// ncatSpec is ncat's options (ncat --help, Ncat 7.9x; getopt_long
// "46UCc:e:g:G:i:km:hp:d:lo:x:ts:uvw:nz").
var ncatSpec = OptSpec{ShortVal: "ceGgimpdoxsw", LongEq: true, Abbrev: true,
	LongVal: []string{"sh-exec", "exec", "lua-exec", "max-conns", "idle-timeout", "source-port", "source", "wait", "delay",
		"output", "hex-dump", "allow", "allowfile", "deny", "denyfile", "proxy", "proxy-type", "proxy-auth", "proxy-dns",
		"ssl-cert", "ssl-key", "ssl-trustfile", "ssl-ciphers", "ssl-servername", "ssl-alpn", "nsock-engine"},
	LongFlag: []string{"listen", "keep-open", "nodns", "telnet", "udp", "sctp", "verbose", "zero", "append-output",
		"send-only", "recv-only", "no-shutdown", "broker", "chat", "ssl", "ssl-verify", "crlf", "unixsock", "vsock",
		"help", "version"}}

// ncSpec is the union of the value-taking options of netcat-traditional
// ("ae:bc:g:G:hi:klno:p:q:rs:tuvw:zT:"), BusyBox nc and OpenBSD nc
// ("46CcDdFe:H:hI:i:K:klM:m:NnO:o:P:p:R:rSs:T:tUuV:vW:w:X:x:Zz").
var ncSpec = OptSpec{ShortVal: "ceGgHIiKMmOoPpqRsTVWwXx"}

// netExec models call when it is ncat or a netcat; it reports whether
// call was handled.
func (w *walker) netExec(c scope, call *Call) bool {
	switch call.Name {
	case "ncat":
		opts, _ := ScanOptions(call.Args, ncatSpec)
		for _, o := range opts {
			if !o.HasVal {
				continue
			}
			switch o.Name {
			case "c", "sh-exec":
				w.child(c, call, o.Val.Value, nil, "ncat --sh-exec", !o.Val.Static)
			case "e", "exec":
				w.fieldsChild(c, call, o.Val, nil, "ncat --exec")
			case "lua-exec":
				w.scriptFile(c, call, o.Val, string(lang.Lua))
			}
		}
		return true
	case "nc", "netcat", "nc.traditional", "nc.openbsd":
		opts, _ := ScanOptions(call.Args, ncSpec)
		for _, o := range opts {
			if !o.HasVal {
				continue
			}
			switch o.Name {
			case "c":
				w.child(c, call, o.Val.Value, nil, call.Name+" -c", !o.Val.Static)
			case "e":
				// netcat-traditional runs PROG alone; BusyBox gives it
				// the words after -e PROG as arguments: both are judged.
				rest := call.Args[o.Idx+1:]
				if !o.Attached {
					rest = call.Args[o.Idx+2:]
				}
				w.fieldsChild(c, call, o.Val, nil, call.Name+" -e")
				if len(rest) > 0 {
					w.fieldsChild(c, call, o.Val, rest, call.Name+" -e")
				}
			}
		}
		return true
	}
	return false
}

// fieldsChild models a program run from a value split on blanks, with no
// shell (ncat --exec, nc -e), followed by more words.
func (w *walker) fieldsChild(c scope, call *Call, v Arg, more []Arg, kind string) {
	var words []Arg
	for _, f := range strings.Fields(v.Value) {
		words = append(words, Arg{Value: f, Raw: v.Raw, Static: v.Static, Start: v.Start, End: v.End})
	}
	if len(words) == 0 && !v.Static {
		words = append(words, v)
	}
	w.argvChild(c, call, append(words, more...), kind, nil, call.Dir)
}
