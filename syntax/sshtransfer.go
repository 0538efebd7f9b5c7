package syntax

import (
	"slices"
	"strings"
)

// hostPlace is where the host of one word of an scp, sftp or rsync call
// (over ssh) is, as ssh's options and configuration resolve it: arg is
// its index in Call.Args, local the word with its host written as
// localhost ([user@]localhost:PATH), the form the loopback-copy rules
// read as a path on this machine; for a loopback name a jump host
// resolves (scp -J prod x localhost:y), place is sshOther and local
// names the last hop (prod:y).
type hostPlace struct {
	arg   int
	place sshPlace
	why   string
	local string
}

// resolveTransfer records on an scp, sftp or rsync call (rsync when its
// remote shell is ssh) the place of each operand that names a host
// through ssh (Call.hostPlaces): this machine through a configured name
// (Host box / HostName 127.0.0.1, -o HostName=, -F FILE, rsync -e "ssh
// -F FILE"), or a place only run time decides (a host word with
// run-time parts, a Match block, a ProxyCommand). Another machine, and a
// loopback name the rules already read (localhost:, "$(hostname)":), are
// not recorded.
func (w *walker) resolveTransfer(call *Call) {
	var opts []Option
	var operands []int
	sftp := false
	switch call.Name {
	case "scp":
		opts, operands = ScanOptions(call.Args, scpSpec)
	case "sftp":
		opts, operands = ScanOptions(call.Args, sftpSpec)
		sftp = true
		if len(operands) > 1 {
			// sftp HOST LOCAL: only the first names a host.
			operands = operands[:1]
		}
	case "rsync":
		var ok bool
		if opts, operands, ok = rsyncSSH(call.Args, call); !ok {
			return
		}
	default:
		return
	}
	// scp/sftp -S PROGRAM: PROGRAM makes the connection instead of ssh,
	// with ssh's arguments; one that is not ssh may send a host anywhere
	// (a wrapper script, a program only run time names), so each host
	// word is a place only run time knows.
	wrapper := ""
	for _, o := range opts {
		if o.Name == "S" && o.HasVal && (!o.Val.Static || baseName(o.Val.Value) != "ssh") {
			wrapper = o.Val.Raw
		}
	}
	r := sshResolver{home: w.home, read: readSSHConfig}
	for _, i := range operands {
		a := call.Args[i]
		if wrapper != "" {
			if b, ok := ThisMachineArg(a); ok && loopbackHost(Arg{Value: transferHost(b.Value, sftp), Static: true}) {
				continue // localhost:PATH keeps its reading
			}
			if dest, local, ok := transferDest(a, sftp); ok {
				call.hostPlaces = append(call.hostPlaces, hostPlace{arg: i, place: sshMaybe, local: local,
					why: call.Name + " connects to " + clip(dest.Raw, 40) + " through " + clip(wrapper, 40) + " (-S), which may send it anywhere"})
			}
			continue
		}
		if b, ok := ThisMachineArg(a); ok && loopbackHost(Arg{Value: transferHost(b.Value, sftp), Static: true}) {
			// localhost:PATH, "$(hostname)":PATH: read as they are,
			// unless a jump host resolves the name (scp -J prod x
			// localhost:y writes prod's y): the copy is then judged as
			// one to or from the last hop.
			if dest, _, ok := transferDest(b, sftp); ok {
				jump := ""
				rj := r
				rj.jumped = &jump
				if place, _ := rj.target(dest, opts, call.Dir); place == sshOther && jump != "" && jump != "?" {
					hops := strings.Split(jump, ",")
					hop := jumpHopHost(hops[len(hops)-1])
					if strings.Contains(hop, ":") {
						hop = "[" + hop + "]"
					}
					host := transferHost(b.Value, sftp)
					user := ""
					if at := strings.LastIndexByte(host, '@'); at >= 0 {
						user = host[:at+1]
					}
					call.hostPlaces = append(call.hostPlaces, hostPlace{arg: i, place: sshOther, local: user + hop + b.Value[len(host):],
						why: call.Name + " reaches " + clip(host, 40) + " through the jump host " + clip(jump, 40) + ", another machine"})
				}
			}
			continue
		}
		dest, local, ok := transferDest(a, sftp)
		if !ok {
			continue
		}
		place, why := r.target(dest, opts, call.Dir)
		if place == sshOther {
			continue
		}
		if why == "" {
			why = call.Name + " connects " + clip(dest.Raw, 40) + " to this machine"
		}
		call.hostPlaces = append(call.hostPlaces, hostPlace{arg: i, place: place, why: why, local: local})
	}
}

// transferHost returns the [user@]host part of a static scp or rsync
// operand [user@]host:PATH (sftp: [user@]host[:PATH]), or "".
func transferHost(v string, sftp bool) string {
	if strings.Contains(v, "://") {
		return ""
	}
	colon := transferColon(v)
	if colon < 0 {
		if sftp && !strings.HasPrefix(v, "-") {
			return v
		}
		return ""
	}
	if strings.HasPrefix(v[colon+1:], ":") {
		return "" // rsync's daemon form host::module
	}
	return v[:colon]
}

// TransferColon is transferColon, for the rules that read the same
// operands (a loopback host's path).
func TransferColon(v string) int { return transferColon(v) }

// transferColon is the colon that ends the host part of
// [user@]host:PATH, as scp's colon() finds it: the first one outside an
// IPv6 address in brackets and before any slash; -1 when there is none.
func transferColon(v string) int {
	bracket := false
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '[':
			bracket = true
		case ']':
			bracket = false
		case ':':
			if !bracket {
				if i == 0 {
					return -1
				}
				return i
			}
		case '/':
			if !bracket {
				return -1
			}
		}
	}
	return -1
}

// transferDest returns the destination ssh is given for operand a (its
// [user@]host, a word only run time knows when its host part has
// run-time parts) and a's text with that host written as localhost.
// A word whose path part is only known at run time, or that names no
// host, gives false.
func transferDest(a Arg, sftp bool) (dest Arg, local string, ok bool) {
	if a.Static {
		host := transferHost(a.Value, sftp)
		if host == "" {
			return Arg{}, "", false
		}
		user := ""
		if at := strings.LastIndexByte(host, '@'); at >= 0 {
			user = host[:at+1]
		}
		return Arg{Value: host, Raw: host, Static: true}, user + "localhost" + a.Value[len(host):], true
	}
	if a.Word == nil || a.Split {
		return Arg{}, "", false
	}
	lit := LiteralSkeleton(a.Word, "\x00")
	if strings.Contains(lit, "://") {
		return Arg{}, "", false
	}
	colon := strings.IndexByte(lit, ':')
	if colon <= 0 || strings.Contains(lit[:colon], "/") || strings.HasPrefix(lit[colon+1:], ":") {
		if !sftp || colon >= 0 || lit == "" {
			return Arg{}, "", false
		}
		colon = len(lit) // sftp $H
	}
	rest := lit[colon:]
	if strings.Contains(rest, "\x00") || !strings.Contains(lit[:colon], "\x00") {
		return Arg{}, "", false
	}
	raw := a.Raw
	if i := strings.IndexByte(raw, ':'); i > 0 && colon < len(lit) {
		raw = raw[:i]
	}
	return Arg{Raw: raw}, "localhost" + rest, true
}

// rsyncSSH returns the ssh options of an rsync call whose remote shell
// is ssh (no -e/--rsh and no RSYNC_RSH, or one whose program is ssh: -e
// "ssh -F cfg -o HostName=…", RSYNC_RSH="ssh -F cfg"), and the words that may be its operands (every word
// that is not an option or an option's value); false for another
// remote shell, or one only run time knows.
func rsyncSSH(args []Arg, call *Call) ([]Option, []int, bool) {
	var rsh *Arg
	var operands []int
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" && args[i].Static {
			for j := i + 1; j < len(args); j++ {
				operands = append(operands, j)
			}
			break
		}
		switch {
		case v == "--rsh" || v == "-e":
			if i+1 < len(args) {
				rsh = &args[i+1]
				i++
			}
		case strings.HasPrefix(v, "--rsh="):
			a := args[i]
			a.Value = strings.TrimPrefix(v, "--rsh=")
			rsh = &a
		case len(v) > 2 && v[0] == '-' && v[1] != '-' && rsyncShortE(v) > 0:
			// -avze CMD, -e"ssh -F f", -avessh: the letters after e are
			// its value, the next word when there are none.
			k := rsyncShortE(v)
			if k+1 < len(v) {
				a := args[i]
				a.Value = v[k+1:]
				rsh = &a
			} else if i+1 < len(args) {
				rsh = &args[i+1]
				i++
			}
		case strings.HasPrefix(v, "-"):
		default:
			operands = append(operands, i)
		}
	}
	if rsh == nil && call != nil {
		// Without -e, rsync runs the command in RSYNC_RSH (a prefix
		// assignment, env NAME=value or an earlier export), split as -e's.
		if v, known, set := call.Getenv("RSYNC_RSH"); set {
			rsh = &Arg{Value: v, Raw: "RSYNC_RSH", Static: known}
		}
	}
	if rsh == nil {
		return nil, operands, true
	}
	if !rsh.Static {
		return nil, nil, false
	}
	words := rshWords(rsh.Value)
	if len(words) == 0 || baseName(words[0]) != "ssh" {
		return nil, nil, false
	}
	var sargs []Arg
	for _, w := range words[1:] {
		sargs = append(sargs, Arg{Value: w, Raw: w, Static: true})
	}
	opts, _ := ScanOptions(sargs, sshSpec)
	return opts, operands, true
}

// rsyncShortE returns the index of -e in a cluster of rsync's short
// options (-avze), or -1: the letters after one that takes a value
// (-B, -f, -M, -T, -@) are that value.
func rsyncShortE(v string) int {
	for k := 1; k < len(v); k++ {
		switch v[k] {
		case 'e':
			return k
		case 'B', 'f', 'M', 'T', '@':
			return -1
		}
	}
	return -1
}

// rshWords splits rsync's -e command into words as rsync does (do_cmd):
// at spaces (not tabs or newlines), with single and double quotes
// grouping; inside quotes the quote doubled stands for itself; a
// backslash is an ordinary character.
func rshWords(s string) []string {
	var out []string
	var cur strings.Builder
	have := false
	var quote byte
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote == 0 && ch == ' ':
			if have {
				out = append(out, cur.String())
				cur.Reset()
				have = false
			}
		case quote == 0 && (ch == '\'' || ch == '"'):
			quote, have = ch, true
		case quote != 0 && ch == quote && i+1 < len(s) && s[i+1] == quote:
			i++
			cur.WriteByte(ch)
		case quote != 0 && ch == quote:
			quote = 0
		default:
			cur.WriteByte(ch)
			have = true
		}
	}
	if have {
		out = append(out, cur.String())
	}
	return out
}

// TransferHost reports, for the word at Args[i] of an scp, sftp or
// rsync call, whether ssh's options and configuration send its host to
// this machine (here), or only run time knows (maybe), with why.
func (c *Call) TransferHost(i int) (here, maybe bool, why string) {
	for _, h := range c.hostPlaces {
		if h.arg == i {
			return h.place == sshHere, h.place == sshMaybe, h.why
		}
	}
	return false, false, ""
}

// LoopbackTwin returns, for an scp, sftp or rsync call with a host that
// ssh's options or configuration send to this machine (maybe false), or
// that may be this machine (maybe true: those too), a copy of the call
// whose words name that host as localhost (box:~/.bashrc reads
// localhost:~/.bashrc, its Raw and span kept), which the rules judge as
// the copy on this machine it is, and a localhost a jump host resolves
// as the last hop (scp -J prod x localhost:y reads prod:y); nil when
// there is none.
func (c *Call) LoopbackTwin(maybe bool) *Call {
	if maybe && !c.hasMaybeHost() {
		return nil // the same twin as the one without maybe
	}
	var args []Arg
	for _, h := range c.hostPlaces {
		if h.place == sshMaybe && !maybe {
			continue
		}
		if args == nil {
			args = append([]Arg(nil), c.Args...)
		}
		a := args[h.arg]
		a.Value, a.Static, a.Split, a.Glob, a.OneOf = h.local, true, false, false, false
		a.SetCandidates(nil)
		a.SetUnknown(nil)
		args[h.arg] = a
	}
	if args == nil {
		return nil
	}
	twin := *c
	twin.Args = args
	return &twin
}

// hasMaybeHost reports a host word only run time places.
func (c *Call) hasMaybeHost() bool {
	for _, h := range c.hostPlaces {
		if h.place == sshMaybe {
			return true
		}
	}
	return false
}

// LoopbackWhy says why the hosts LoopbackTwin(maybe) writes as localhost
// are, or may be, this machine.
func (c *Call) LoopbackWhy(maybe bool) string {
	var out []string
	for _, h := range c.hostPlaces {
		if h.place == sshMaybe && !maybe || slices.Contains(out, h.why) {
			continue
		}
		out = append(out, h.why)
	}
	return strings.Join(out, "; ")
}
