package lang

import "strings"

// gawk opens a network connection for a special file name
// /inet/PROTOCOL/LOCALPORT/HOST/REMOTEPORT (also /inet4/, /inet6/;
// PROTOCOL tcp or udp) used with the two-way pipe (print … |& s, s |&
// getline) or a redirection (getline < s, print > s): what the peer sends
// is read like a file (gawk manual, "TCP/IP Networking"). Such a name is
// no command and no file. corral gives each connection as the nc that
// makes the same one (nc HOST PORT; nc -l PORT when gawk listens, with
// REMOTEPORT 0; -u for udp), run by the awk program: what it receives
// the program prints to its own stdout, followed as nc's would be
// (gawk '…' > f moves f into the sandbox). A program that also writes a
// file (print l > "f") may write what it received there: a fetch that
// writes a file (Fetch), which asks as urlretrieve(URL, "f") does. A
// name only run time knows is not found.

// awkInet collects the connections of an awk program.
type awkInet struct {
	names []string
	offs  []int
}

// add reports whether the expression in tokens [from, to) names a
// gawk network special file (in any value it can have), and records it.
func (n *awkInet) add(ev awkEval, from, to, off int) bool {
	var vals []string
	if a := ev.p.arg(from, to); a.lit {
		vals = []string{a.str}
	} else if vs, ok := ev.values(from, to, false, 0); ok {
		for _, v := range vs {
			vals = append(vals, v.s)
		}
	}
	found := false
	for _, v := range vals {
		if awkInetName(v) {
			n.names = append(n.names, v)
			n.offs = append(n.offs, off)
			found = true
		}
	}
	return found
}

// awkInetName reports a gawk network special file name.
func awkInetName(s string) bool {
	for _, p := range []string{"/inet/", "/inet4/", "/inet6/"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// effects returns what the connections do: each as its nc command, and
// when the program writes a file (a Write among out), a Fetch of it.
func (n *awkInet) effects(out []Effect) []Effect {
	if len(n.names) == 0 {
		return nil
	}
	var effs []Effect
	seen := map[string]bool{}
	for i, name := range n.names {
		cmd := awkInetCommand(name)
		if seen[cmd] {
			continue
		}
		seen[cmd] = true
		effs = append(effs, Effect{Kind: Shell, Call: "gawk " + name, Text: cmd, Offset: n.offs[i]})
	}
	for _, e := range out {
		if e.Kind == Write && e.Path != "" && e.Path != "/dev/stdout" && e.Path != "/dev/stderr" && e.Path != "-" {
			effs = append(effs, Effect{Kind: Fetch, Call: "gawk " + n.names[0], Path: e.Path, Offset: n.offs[0]})
			break
		}
	}
	return effs
}

// awkInetCommand is the nc command that makes the connection a gawk
// special file names: /inet/tcp/0/HOST/PORT connects, /inet/tcp/PORT/0/0
// listens.
func awkInetCommand(name string) string {
	f := strings.Split(strings.Trim(name, "/"), "/")
	for len(f) < 5 {
		f = append(f, "0")
	}
	proto, lport, host, rport := f[1], f[2], f[3], f[4]
	udp := ""
	if proto == "udp" {
		udp = "-u "
	}
	if rport == "0" || host == "0" {
		return "nc " + udp + "-l " + shQuote(lport)
	}
	return "nc " + udp + shQuote(host) + " " + shQuote(rport)
}
