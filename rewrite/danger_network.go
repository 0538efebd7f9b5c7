package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var networkChange = Rule{
	Name:      "network-change",
	Decisions: []Decision{Ask},
	Doc: `Changing the machine's firewall or taking its network down can cut
off the person who reaches it remotely, or open it to others: iptables
and ip6tables that append, insert, replace or delete a rule, flush or
delete chains or set a policy (-A/-I/-R/-D/-F/-X/-P/-E and their long
names, any unambiguous prefix), iptables-restore; nft commands other than
list, monitor, describe and get, and nft -f; ufw allow, deny, reject,
limit, delete, insert, prepend, route, default, enable, disable and reset;
firewall-cmd --add-*, --remove-*, --set-*, --change-*, --new-*,
--delete-*, --panic-on, --runtime-to-permanent, --reset-to-defaults and
--direct; nmcli networking off, radio … off, connection down/delete and
device disconnect/delete/down (nmcli's abbreviations too); ip link set …
down, ip link delete, ip address flush/delete, ip route flush/delete,
ip rule flush/delete and ip -batch (ip's abbreviations too); ifdown; and
ifconfig IFACE down: ask. Listings (iptables -L/-S, nft list ruleset,
ufw status, firewall-cmd --list-all, nmcli device status, ip addr show),
checks (iptables -C, nft -c, ufw --dry-run, ifdown -n) pass. A program
whose input and output a network connection drives opens the machine to
whoever is at the other end (a bind or reverse shell): nc/netcat -e PROG
and -c CMD, ncat -e/--exec, -c/--sh-exec and --lua-exec, when the program
is a shell or an interpreter (or only known at run time), and socat with
an EXEC: or SYSTEM: address and a network one: ask. nc and socat moving
data (nc -l 8080 > f, socat TCP-LISTEN:8080 TCP:host:80) and a fixed
reply (nc -l -c 'echo …') pass.`,
	Commands: []string{"iptables", "ip6tables", "iptables-legacy", "ip6tables-legacy", "iptables-nft", "ip6tables-nft",
		"iptables-restore", "ip6tables-restore", "nft", "ufw", "firewall-cmd", "nmcli", "ip", "ifdown", "ifconfig",
		"nc", "netcat", "nc.traditional", "nc.openbsd", "ncat", "socat"},
	Call: checkNetworkChange,
}

func checkNetworkChange(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	words := c.Words()
	msg := ""
	switch c.Name {
	case "nc", "netcat", "nc.traditional", "nc.openbsd", "ncat":
		// The program a connection drives: -e PROG, -c CMD (and ncat's
		// long names), or -e ending a cluster (-lvpe PROG). A shell or
		// an interpreter there takes the peer's commands; a fixed
		// reply (-c 'echo …') does not.
		for i, w := range words {
			val, ok := "", false
			switch {
			case w == "-e" || w == "-c" || w == "--exec" || w == "--sh-exec" || w == "--lua-exec":
				ok = true
				if i+1 < len(words) {
					val = words[i+1]
				}
			case strings.HasPrefix(w, "--exec=") || strings.HasPrefix(w, "--sh-exec=") || strings.HasPrefix(w, "--lua-exec="):
				_, val, _ = strings.Cut(w, "=")
				ok = true
			case len(w) > 2 && w[0] == '-' && w[1] != '-' && strings.HasSuffix(w, "e") && strings.Trim(w[1:], "lnvkuzp46e") == "":
				ok = true
				if i+1 < len(words) {
					val = words[i+1]
				}
			}
			if !ok {
				continue
			}
			if f := strings.Fields(val); w == "--lua-exec" || strings.HasPrefix(w, "--lua-exec=") || len(f) == 0 || strings.ContainsAny(f[0], "$`") ||
				syntax.RunnerOf(path.Base(f[0])) != syntax.NotRunner {
				msg = c.Name + " " + w + " hands a program's input and output to the network connection: whoever is at the other end runs commands here"
				break
			}
		}
	case "socat":
		// A program on one side, the network on the other.
		prog, network := "", false
		for _, w := range words {
			l := strings.ToLower(w)
			switch {
			case strings.HasPrefix(l, "exec:") || strings.HasPrefix(l, "system:") || strings.HasPrefix(l, "shell:"):
				prog = w
			case socatNetwork(l):
				network = true
			}
		}
		if prog != "" && network {
			msg = "socat " + prog + " connects a program to a network address: whoever is at the other end runs commands here"
		}
	case "iptables", "ip6tables", "iptables-legacy", "ip6tables-legacy", "iptables-nft", "ip6tables-nft":
		if cmd := iptablesChange(words); cmd != "" {
			msg = c.Name + " " + cmd + " changes the firewall's rules"
		}
	case "iptables-restore", "ip6tables-restore":
		if !hasWord(words, "-t", "--test") {
			msg = c.Name + " replaces the firewall's rules with the ones it reads"
		}
	case "nft":
		msg = nftChange(words)
	case "ufw":
		msg = ufwChange(words)
	case "firewall-cmd":
		for _, w := range words {
			name, _, _ := strings.Cut(w, "=")
			for _, pre := range []string{"--add-", "--remove-", "--set-", "--change-", "--new-", "--delete-"} {
				if strings.HasPrefix(name, pre) {
					msg = "firewall-cmd " + name + " changes the firewall"
				}
			}
			switch name {
			case "--panic-on", "--runtime-to-permanent", "--reset-to-defaults", "--direct", "--load-zone-defaults":
				msg = "firewall-cmd " + name + " changes the firewall"
			}
		}
	case "nmcli":
		msg = nmcliChange(words)
	case "ip":
		msg = ipChange(words)
	case "ifdown":
		if !hasWord(words, "-n", "--no-act", "-h", "--help", "-V", "--version") && len(words) > 0 {
			msg = "ifdown takes the interface " + words[len(words)-1] + " down"
		}
	case "ifconfig":
		if len(words) >= 2 && words[len(words)-1] == "down" {
			msg = "ifconfig takes the interface " + words[0] + " down"
		}
	}
	if msg != "" {
		p.Report(c, Finding{Rule: "network-change", Decision: Ask, Message: msg + " (it can cut the machine off the network or open it)"})
	}
}

func hasWord(words []string, names ...string) bool {
	for _, w := range words {
		for _, n := range names {
			if w == n {
				return true
			}
		}
	}
	return false
}

// iptablesCommands are iptables' commands that change the rules, by their
// short and long names (iptables(8), "COMMANDS"); iptablesLongs are its
// other long options, against which a prefix (getopt_long) is resolved.
var (
	iptablesCommands = []struct{ short, long string }{
		{"A", "append"}, {"D", "delete"}, {"I", "insert"}, {"R", "replace"}, {"F", "flush"},
		{"X", "delete-chain"}, {"P", "policy"}, {"E", "rename-chain"},
	}
	iptablesLongs = []string{"check", "list", "list-rules", "zero", "new-chain", "version", "help", "protocol",
		"source", "destination", "match", "jump", "goto", "in-interface", "out-interface", "fragment",
		"set-counters", "verbose", "wait", "wait-interval", "numeric", "exact", "line-numbers", "modprobe",
		"table", "ipv4", "ipv6"}
)

// iptablesChange returns the option by which an iptables call changes the
// rules, or "". Short options cluster (-vF); in a cluster a letter that
// takes a value ends it (-jDROP is -j with DROP, -tnat -t with nat).
func iptablesChange(words []string) string {
	const takesValue = "ACDRINEPopsdjitmcgM" + "LSFZXhwW"
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "--":
			return ""
		case strings.HasPrefix(w, "--"):
			name, _, _ := strings.Cut(w[2:], "=")
			var match []string
			for _, cmd := range iptablesCommands {
				if cmd.long == name {
					return "--" + name
				}
				if strings.HasPrefix(cmd.long, name) {
					match = append(match, cmd.long)
				}
			}
			for _, l := range iptablesLongs {
				if l == name {
					match = nil
					break
				}
				if strings.HasPrefix(l, name) {
					match = append(match, l)
				}
			}
			if len(match) == 1 && name != "" {
				return "--" + match[0]
			}
		case strings.HasPrefix(w, "-") && len(w) > 1:
			for k := 1; k < len(w); k++ {
				for _, cmd := range iptablesCommands {
					if w[k] == cmd.short[0] {
						return "-" + cmd.short
					}
				}
				if strings.IndexByte(takesValue, w[k]) >= 0 {
					break
				}
			}
		}
	}
	return ""
}

// nftChange: nft's first operand is its command (nft(8)); -f runs a
// ruleset file, -c only checks.
func nftChange(words []string) string {
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "-c" || w == "--check":
			return ""
		case w == "-f" || w == "--file" || strings.HasPrefix(w, "--file="):
			for _, rest := range words[i+1:] {
				if rest == "-c" || rest == "--check" {
					return ""
				}
			}
			return "nft -f loads a ruleset into the firewall"
		case w == "-I" || w == "--includepath" || w == "-D" || w == "--define":
			i++
		case strings.HasPrefix(w, "-"):
		default:
			switch w {
			case "list", "monitor", "describe", "get", "export":
				return ""
			}
			return "nft " + w + " changes the firewall's rules"
		}
	}
	return ""
}

// ufwChange: ufw's command is its first operand (ufw(8)); --dry-run
// changes nothing.
func ufwChange(words []string) string {
	if hasWord(words, "--dry-run") {
		return ""
	}
	for _, w := range words {
		if strings.HasPrefix(w, "-") {
			continue
		}
		switch w {
		case "allow", "deny", "reject", "limit", "delete", "insert", "prepend", "route", "default", "enable", "disable", "reset":
			return "ufw " + w + " changes the firewall"
		}
		return ""
	}
	return ""
}

// nmcliChange reads nmcli's OBJECT COMMAND, each any prefix nmcli accepts
// (nmcli(1): the first object or command in its table that the word
// begins wins: c is connection, d device, n networking, r radio; con d
// is connection down, dev d device disconnect).
func nmcliChange(words []string) string {
	var ops []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "-f" || w == "--fields" || w == "-g" || w == "--get-values" || w == "-e" || w == "--escape" ||
			w == "-m" || w == "--mode" || w == "-c" || w == "--colors" || w == "-w" || w == "--wait":
			i++
		case strings.HasPrefix(w, "-"):
		default:
			ops = append(ops, w)
		}
	}
	if len(ops) < 2 {
		return ""
	}
	obj := firstPrefixed(ops[0], "general", "networking", "radio", "connection", "device", "agent", "monitor")
	cmd := ops[1]
	switch obj {
	case "networking":
		if firstPrefixed(cmd, "on", "off", "connectivity") == "off" {
			return "nmcli networking off turns the network off"
		}
	case "radio":
		if len(ops) >= 3 && firstPrefixed(ops[2], "on", "off") == "off" {
			return "nmcli radio " + cmd + " off turns the radio off"
		}
	case "connection":
		switch firstPrefixed(cmd, "show", "up", "down", "add", "modify", "clone", "edit", "delete", "monitor", "reload", "load", "import", "export") {
		case "down", "delete":
			return "nmcli connection " + cmd + " takes a connection down"
		}
	case "device":
		switch firstPrefixed(cmd, "status", "show", "set", "connect", "reapply", "modify", "disconnect", "delete", "monitor", "wifi", "lldp", "up", "down") {
		case "disconnect", "delete", "down":
			return "nmcli device " + cmd + " takes a device off the network"
		}
	}
	return ""
}

// firstPrefixed returns the first of names that w is a prefix of, or "".
func firstPrefixed(w string, names ...string) string {
	if w == "" {
		return ""
	}
	for _, n := range names {
		if strings.HasPrefix(n, w) {
			return n
		}
	}
	return ""
}

// ipChange reads ip's OBJECT COMMAND (ip(8)); an object is the first in
// ip's table that the word begins (a is address, l link, r route, ru
// rule), commands as each object's parser matches them.
func ipChange(words []string) string {
	var ops []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "-b" || w == "-batch" || w == "--batch":
			return "ip -batch runs the ip commands of a file"
		case w == "-n" || w == "-netns" || w == "-rc" || w == "-rcvbuf" || w == "-l" || w == "-loops" || w == "-f" || w == "-family":
			i++
		case strings.HasPrefix(w, "-") && len(ops) == 0:
		default:
			ops = append(ops, w)
		}
	}
	if len(ops) < 2 {
		return ""
	}
	obj := firstPrefixed(ops[0], "address", "addrlabel", "maddress", "route", "rule", "neighbor", "neighbour",
		"ntable", "ntbl", "link", "l2tp", "fou", "ila", "macsec", "tunnel", "tuntap", "tap", "token", "tcpmetrics",
		"tcp_metrics", "monitor", "xfrm", "mroute", "mrule", "netns", "netconf", "vrf", "sr", "nexthop", "mptcp")
	cmd := ops[1]
	switch obj {
	case "link":
		switch {
		case cmd == "set" || strings.HasPrefix("change", cmd):
			if hasWord(ops[2:], "down") {
				return "ip link " + cmd + " … down takes an interface down"
			}
		case strings.HasPrefix("delete", cmd):
			return "ip link " + cmd + " deletes an interface"
		}
	case "address", "route", "rule":
		switch {
		case strings.HasPrefix("flush", cmd):
			return "ip " + obj + " " + cmd + " removes every " + obj + " it matches"
		case strings.HasPrefix("delete", cmd):
			return "ip " + obj + " " + cmd + " removes the " + obj + " it names"
		}
	}
	return ""
}

// socatNetwork reports a socat address that is a network endpoint
// (TCP, UDP, SCTP, TLS, a proxy, a listening socket of any of them).
func socatNetwork(addr string) bool {
	for _, p := range []string{"tcp", "udp", "sctp", "openssl", "ssl", "socks", "proxy", "dccp", "vsock", "ip4:", "ip6:", "ip-"} {
		if strings.HasPrefix(addr, p) {
			return true
		}
	}
	return false
}
