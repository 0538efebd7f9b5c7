package syntax

import (
	"io"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/corral-dev/corral/internal/lazy"
)

// sshPlace is where ssh's destination runs a command, as its options
// and configuration decide it.
type sshPlace int

const (
	// sshOther is another machine: its files are not this one's.
	sshOther sshPlace = iota
	// sshHere is this machine: what the remote shell runs is judged as
	// a command run here, from the home directory.
	sshHere
	// sshMaybe is a destination only run time knows, or one that a
	// proxy or a conditional block of the configuration decides.
	sshMaybe
)

// sshResolver reads ssh's destination as ssh -G does: the options of
// the command line first (the first value of a keyword wins), then the
// user's configuration (~/.ssh/config) and the system's
// (/etc/ssh/ssh_config), or the file of -F alone; a Host block applies
// when one of its patterns matches the name typed (case and all) and
// none of its negated ones does; Include reads more files in place.
type sshResolver struct {
	home string
	// account is the account's home directory from its passwd entry,
	// where ssh reads ~/.ssh/config ("" for the account corral runs
	// as: accountHome).
	account string
	// read returns a configuration file's text; ok is false when the file
	// exists but cannot be read, or is not a regular file.
	read func(path string) (text string, exists, ok bool)
	// glob lists the files of an Include pattern (nil: the file system's).
	glob func(pattern string) ([]string, error)
	// jumped, when not nil, is set to the ProxyJump value when a hop,
	// not this machine, resolves the destination's loopback name (ssh -J
	// hop localhost); "?" for one only run time knows.
	jumped *string
}

// maxSSHConfig bounds the configuration text read, and maxSSHIncludes
// how deeply Include is followed.
const (
	maxSSHConfig   = 1 << 20
	maxSSHIncludes = 16
)

// readSSHConfig reads a configuration file for sshResolver, bounded.
func readSSHConfig(path string) (string, bool, bool) {
	fi, err := os.Stat(path)
	if err != nil {
		if os.IsNotExist(err) {
			return "", false, true
		}
		return "", true, false
	}
	if !fi.Mode().IsRegular() {
		// -F /dev/null: no settings; another device or a FIFO holds text
		// corral does not read ahead (and opening a FIFO would wait for
		// its writer).
		if filepath.Clean(path) == "/dev/null" {
			return "", true, true
		}
		return "", true, false
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return "", true, false
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return "", true, false
	}
	data, err := io.ReadAll(io.LimitReader(f, maxSSHConfig))
	if err != nil {
		return "", true, false
	}
	return string(data), true, true
}

// sshHostPart is the host of ssh's destination word: [user@]host, or the
// URI form ssh://[user@]host[:port][/…], without brackets.
func sshHostPart(h string) string {
	if rest, ok := strings.CutPrefix(h, "ssh://"); ok {
		h, _, _ = strings.Cut(rest, "/")
		if at := strings.LastIndexByte(h, '@'); at >= 0 {
			h = h[at+1:]
		}
		if strings.HasPrefix(h, "[") {
			if end := strings.IndexByte(h, ']'); end > 0 {
				h = h[:end+1]
			}
		} else if i := strings.LastIndexByte(h, ':'); i >= 0 {
			h = h[:i]
		}
	} else if at := strings.LastIndexByte(h, '@'); at >= 0 {
		h = h[at+1:]
	}
	return strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
}

// sshSetting splits an ssh_config line or -o value into its keyword
// (lower case) and arguments: blanks or one "=" end the keyword, and
// double quotes group an argument.
func sshSetting(line string) (key string, args []string) {
	line = strings.TrimSpace(line)
	k := strings.IndexAny(line, " \t=")
	if k < 0 {
		return strings.ToLower(line), nil
	}
	key, rest := strings.ToLower(line[:k]), strings.TrimLeft(line[k:], " \t")
	rest = strings.TrimLeft(strings.TrimPrefix(rest, "="), " \t")
	var cur strings.Builder
	quoted, have := false, false
	for _, r := range rest {
		switch {
		case r == '"':
			quoted, have = !quoted, true
		case !quoted && (r == ' ' || r == '\t'):
			if have {
				args = append(args, cur.String())
				cur.Reset()
				have = false
			}
		default:
			cur.WriteRune(r)
			have = true
		}
	}
	if have {
		args = append(args, cur.String())
	}
	return key, args
}

// sshHostMatch reports whether a Host line's patterns take host: one of
// them matches and no negated one (!pattern) does. A pattern holds * and
// ? wildcards and may be a comma list; matching keeps case.
func sshHostMatch(host string, patterns []string) bool {
	matched := false
	for _, field := range patterns {
		for _, p := range strings.Split(field, ",") {
			neg := strings.HasPrefix(p, "!")
			p = strings.TrimPrefix(p, "!")
			if p == "" || !sshWildMatch(p, host) {
				continue
			}
			if neg {
				return false
			}
			matched = true
		}
	}
	return matched
}

// sshWildMatch is ssh's match_pattern: * any run of bytes, ? one byte,
// every other byte itself.
func sshWildMatch(p, s string) bool {
	for len(p) > 0 {
		switch p[0] {
		case '*':
			for p = p[1:]; len(p) > 0 && p[0] == '*'; p = p[1:] {
			}
			if p == "" {
				return true
			}
			for i := 0; i <= len(s); i++ {
				if sshWildMatch(p, s[i:]) {
					return true
				}
			}
			return false
		case '?':
			if s == "" {
				return false
			}
		default:
			if s == "" || s[0] != p[0] {
				return false
			}
		}
		p, s = p[1:], s[1:]
	}
	return s == ""
}

// sshFound is what the settings give for the keywords that decide where
// ssh connects.
type sshFound struct {
	hostName, proxy   string
	hasName, hasProxy bool
	// jump is ProxyJump (-J): the hops ssh connects through, the last
	// of which connects to the destination. ProxyCommand and ProxyJump
	// exclude each other: the first set wins.
	jump    string
	hasJump bool
	// jumpDyn reports a ProxyJump only run time knows (-J "$J").
	jumpDyn bool
	// canon and domains are CanonicalizeHostname and CanonicalDomains:
	// ssh may try the name under each domain at connect time.
	canon, domains       string
	hasCanon, hasDomains bool
	// why is set when a setting only run time decides may change them
	// (a Match block, an unreadable file).
	why string
}

// set records a keyword's first value.
func (f *sshFound) set(key string, args []string) {
	if len(args) == 0 {
		return
	}
	switch key {
	case "hostname":
		if !f.hasName {
			f.hostName, f.hasName = args[0], true
		}
	case "proxycommand":
		if !f.hasProxy && !f.hasJump {
			f.proxy, f.hasProxy = strings.Join(args, " "), true
		}
	case "proxyjump":
		if !f.hasJump && !f.hasProxy {
			f.jump, f.hasJump = args[0], true
		}
	case "canonicalizehostname":
		if !f.hasCanon {
			f.canon, f.hasCanon = strings.ToLower(args[0]), true
		}
	case "canonicaldomains":
		if !f.hasDomains {
			f.domains, f.hasDomains = strings.Join(args, " "), true
		}
	}
}

// file applies the configuration file at path (base: the directory a
// relative Include is read from) for host; active is whether its first
// lines apply (an Include in a Host block that applies).
func (r sshResolver) file(path, base, host string, f *sshFound, depth int, active bool) {
	text, exists, ok := r.read(path)
	if !ok {
		if f.why == "" {
			f.why = "ssh reads its configuration " + path + ", which corral cannot read"
		}
		return
	}
	if !exists {
		return
	}
	match := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		key, args := sshSetting(line)
		switch key {
		case "host":
			active, match = sshHostMatch(host, args), false
			continue
		case "match":
			// Match all applies; the other criteria (exec, user,
			// localnetwork, …) only run time decides.
			active, match = len(args) == 1 && strings.EqualFold(args[0], "all"), true
			if active {
				match = false
			}
			continue
		case "include":
			if !active && !match || depth >= maxSSHIncludes {
				continue
			}
			if match {
				if f.why == "" {
					f.why = "ssh's configuration includes files under a Match block only run time decides"
				}
				continue
			}
			for _, pat := range args {
				p := expandTilde(pat, r.home)
				if !filepath.IsAbs(p) {
					p = filepath.Join(base, p)
				}
				glob := r.glob
				if glob == nil {
					glob = func(p string) ([]string, error) {
						return doublestar.FilepathGlob(p, doublestar.WithFailOnIOErrors())
					}
				}
				names, err := glob(p)
				if err != nil && f.why == "" {
					f.why = "ssh includes " + pat + ", which corral cannot list"
				}
				for _, n := range names {
					r.file(n, base, host, f, depth+1, true)
				}
			}
			continue
		}
		if key != "hostname" && key != "proxycommand" && key != "proxyjump" && key != "canonicalizehostname" && key != "canonicaldomains" {
			continue // other keywords do not move the destination
		}
		if match {
			// A Match block only changes a keyword no earlier line set.
			if key == "hostname" && f.hasName || (key == "proxycommand" || key == "proxyjump") && (f.hasProxy || f.hasJump) ||
				key == "canonicalizehostname" && f.hasCanon || key == "canonicaldomains" && f.hasDomains {
				continue
			}
			if f.why == "" {
				f.why = "a Match block of ssh's configuration sets " + key + " when a condition only run time knows holds"
			}
			continue
		}
		if active {
			f.set(key, args)
		}
	}
}

// target returns where ssh, given the options opts in the working
// directory dir, runs a command for the destination word dest, and why when it is not plainly another
// machine.
func (r sshResolver) target(dest Arg, opts []Option, dir Dir) (sshPlace, string) {
	place, why := r.targetAt(dest, opts, dir, 0)
	if place == sshHere || r.home == "" {
		return place, why
	}
	// ssh finds ~/.ssh/config (and expands ~) in the account's home
	// directory (getpwuid), not $HOME: when the two differ, the
	// account's configuration is read too, and the nearer place wins.
	acct := r.account
	if acct == "" {
		acct = accountHome.Get()
	}
	if acct == "" || filepath.Clean(acct) == filepath.Clean(r.home) {
		return place, why
	}
	alt := r
	alt.home = acct
	p2, why2 := alt.targetAt(dest, opts, dir, 0)
	if p2 == sshHere || p2 == sshMaybe && place == sshOther {
		if why2 == "" {
			why2 = "ssh connects " + dest.Value + " to this machine"
		}
		return p2, why2 + " (ssh reads the configuration in the account's home directory, " + acct + ", not $HOME)"
	}
	return place, why
}

// accountHome is the home directory of the account corral runs as, as
// ssh finds it (getpwuid: the passwd entry), whatever $HOME says.
var accountHome = lazy.Value[string]{New: func() string {
	u, err := user.Current()
	if err != nil {
		return ""
	}
	return u.HomeDir
}}

// maxSSHJumps bounds how many ProxyJump hops the resolver follows.
const maxSSHJumps = 8

func (r sshResolver) targetAt(dest Arg, opts []Option, dir Dir, depth int) (sshPlace, string) {
	if !dest.Static {
		if _, ok := ThisMachineArg(dest); ok {
			return sshHere, "ssh's destination " + dest.Raw + " is this machine's name"
		}
		return sshMaybe, "ssh's destination " + clip(dest.Raw, 40) + " is only known at run time"
	}
	host := sshHostPart(dest.Value)
	var f sshFound
	config, configSet := "", false
	for _, o := range opts {
		switch o.Name {
		case "o":
			if !o.HasVal {
				continue
			}
			key, args := sshSetting(o.Val.Value)
			if !o.Val.Static && (key == "hostname" || key == "proxycommand" || key == "proxyjump" || !strings.Contains(o.Val.Value, "=") && len(args) == 0) {
				if f.why == "" {
					f.why = "ssh's option -o " + clip(o.Val.Raw, 40) + " is only known at run time"
				}
				f.jumpDyn = f.jumpDyn || key == "proxyjump" && !f.hasJump && !f.hasProxy
				continue
			}
			f.set(key, args)
		case "J":
			// -J HOPS is -o ProxyJump=HOPS.
			if !o.HasVal {
				continue
			}
			if !o.Val.Static {
				if !f.hasJump && !f.hasProxy {
					f.jumpDyn = true
					if f.why == "" {
						f.why = "ssh connects through the jump host " + clip(o.Val.Raw, 40) + ", only known at run time"
					}
				}
				continue
			}
			f.set("proxyjump", []string{o.Val.Value})
		case "F":
			if !o.HasVal {
				continue
			}
			if !o.Val.Static {
				return sshMaybe, "ssh reads its configuration from " + clip(o.Val.Raw, 40) + ", a file only known at run time"
			}
			config, configSet = o.Val.Value, true
		}
	}
	switch {
	case configSet && strings.EqualFold(config, "none"):
	case configSet:
		p := expandTilde(config, r.home)
		if !filepath.IsAbs(p) {
			if !dir.Known {
				return sshMaybe, "ssh reads its configuration from " + config + ", in a directory only known at run time"
			}
			p = dir.Join(p).Path
		}
		if _, exists, ok := r.read(p); ok && !exists {
			return sshMaybe, "ssh reads its configuration from " + config + ", which is not there yet"
		}
		r.file(p, filepath.Join(r.home, ".ssh"), host, &f, 0, true)
	default:
		if r.home != "" {
			r.file(filepath.Join(r.home, ".ssh", "config"), filepath.Join(r.home, ".ssh"), host, &f, 0, true)
		}
		r.file(sshSystemConfig, filepath.Dir(sshSystemConfig), host, &f, 0, true)
	}
	name := host
	if f.hasName {
		name = strings.NewReplacer("%h", host, "%%", "%").Replace(f.hostName)
	}
	if f.hasJump && !strings.EqualFold(f.jump, "none") {
		// ssh -J hop localhost: the last hop connects to the name, so
		// a loopback one is the hop's machine (this machine's own name
		// stays this machine's).
		if loopbackName(name) && !ownHostName(name) {
			if r.jumped != nil {
				*r.jumped = f.jump
			}
			place, why := r.jumpPlace(f.jump, opts, dir, depth)
			switch place {
			case sshHere:
				return sshHere, "ssh reaches " + host + " (" + name + ") through the jump host " + clip(f.jump, 40) + ", which is this machine"
			case sshMaybe:
				return sshMaybe, "ssh reaches " + host + " (" + name + ") through the jump host " + clip(f.jump, 40) + ", which may be this machine (" + why + ")"
			}
			return sshOther, ""
		}
		if f.why != "" {
			return sshMaybe, f.why
		}
		if loopbackName(name) {
			return sshHere, "ssh's configuration connects " + host + " to " + name
		}
		return sshOther, ""
	}
	if f.jumpDyn && loopbackName(name) && !ownHostName(name) {
		if r.jumped != nil {
			*r.jumped = "?"
		}
		return sshMaybe, f.why
	}
	if loopbackName(name) {
		if name == host {
			return sshHere, ""
		}
		return sshHere, "ssh's configuration connects " + host + " to " + name
	}
	if f.canon == "yes" || f.canon == "always" || f.canon == "true" {
		// CanonicalizeHostname: a name of at most one dot is tried
		// under each of CanonicalDomains first (box.localhost).
		for _, d := range strings.Fields(f.domains) {
			if strings.Count(name, ".") <= 1 && loopbackName(name+"."+d) {
				return sshMaybe, "ssh may connect " + host + " as " + name + "." + d + " (CanonicalDomains)"
			}
		}
	}
	if f.hasProxy && !strings.EqualFold(f.proxy, "none") && !sshProxyToName(f.proxy) {
		return sshMaybe, "ssh reaches " + host + " through the ProxyCommand " + clip(f.proxy, 60)
	}
	if f.why != "" {
		return sshMaybe, f.why
	}
	return sshOther, ""
}

// jumpPlace returns where the last hop of a ProxyJump value (HOP or
// HOP1,HOP2,…; each [user@]host[:port] or ssh://[user@]host[:port]) is:
// ssh reaches it with the same -F configuration, through the hops
// before it, or those its own configuration names.
func (r sshResolver) jumpPlace(jump string, opts []Option, dir Dir, depth int) (sshPlace, string) {
	if depth >= maxSSHJumps {
		return sshMaybe, "ssh's jump hosts go " + strconv.Itoa(maxSSHJumps) + " deep"
	}
	hops := strings.Split(jump, ",")
	last := hops[len(hops)-1]
	host := jumpHopHost(last)
	var hopOpts []Option
	for _, o := range opts {
		if o.Name == "F" {
			hopOpts = append(hopOpts, o)
		}
	}
	if len(hops) > 1 {
		rest := strings.Join(hops[:len(hops)-1], ",")
		hopOpts = append(hopOpts, Option{Name: "J", HasVal: true, Val: Arg{Value: rest, Raw: rest, Static: true}})
	}
	return r.targetAt(Arg{Value: host, Raw: host, Static: true}, hopOpts, dir, depth+1)
}

// jumpHopHost is the host of a ProxyJump hop: [user@]host[:port] or
// ssh://[user@]host[:port].
func jumpHopHost(hop string) string {
	if strings.HasPrefix(hop, "ssh://") {
		return sshHostPart(hop)
	}
	if at := strings.LastIndexByte(hop, '@'); at >= 0 {
		hop = hop[at+1:]
	}
	if strings.HasPrefix(hop, "[") {
		if end := strings.IndexByte(hop, ']'); end > 0 {
			return hop[1:end]
		}
	} else if i := strings.LastIndexByte(hop, ':'); i >= 0 && strings.Count(hop, ":") == 1 {
		return hop[:i]
	}
	return hop
}

// sshProxyToName reports whether a ProxyCommand connects to the host
// ssh names (%h, as ssh -W %h:%p bastion and nc %h %p do), is plain
// words (no shell text that could compute another address) and names
// no loopback address or this machine itself: the destination is then
// the name, reached through the proxy.
func sshProxyToName(proxy string) bool {
	if !strings.Contains(proxy, "%h") || strings.ContainsAny(proxy, "$`;|&()<>'\"\\{}*?") {
		// Shell text ($(…), ;, quotes) may connect anywhere.
		return false
	}
	for _, word := range strings.Fields(proxy) {
		word = strings.TrimRight(word, ":%p0123456789")
		if loopbackName(sshHostPart(word)) {
			return false
		}
	}
	return true
}

// sshSystemConfig is the system-wide ssh client configuration.
var sshSystemConfig = "/etc/ssh/ssh_config"

// resolveSSH records on an ssh call where its destination runs commands
// (Call.sshPlace): this machine through a configured name or option
// (ssh -o HostName=127.0.0.1 prod, a Host block with HostName
// localhost), or a place only run time decides.
func (w *walker) resolveSSH(call *Call) {
	if call.Name == "mosh" {
		w.resolveMosh(call)
		return
	}
	if call.Name != "ssh" {
		w.resolveTransfer(call)
		return
	}
	host, _ := sshDestination(call.Args)
	if host < 0 {
		return
	}
	opts, _ := ScanOptions(sshOptionWords(call, host), sshSpec)
	r := sshResolver{home: w.home, read: readSSHConfig, jumped: &call.sshJump}
	call.sshPlace, call.sshWhy = r.target(call.Args[host], opts, call.Dir)
}

// sshToHere reports whether ssh's destination at host is this machine:
// a loopback name (unless a jump host resolves it: ssh -J prod
// localhost is prod), or one its options or configuration send here.
func sshToHere(call *Call, host int) bool {
	return loopbackHost(call.Args[host]) && call.sshJump == "" || call.sshPlace == sshHere
}

// resolveMosh records where mosh's host is: mosh starts mosh-server
// through ssh (--ssh=COMMAND, ssh by default), so ssh's options and
// configuration decide which machine runs the command. By default
// (--experimental-remote-ip=proxy) mosh gives ssh its own ProxyCommand,
// which connects to the name ssh resolves (%h, HostName applied) and
// comes before the configuration's ProxyCommand or ProxyJump; with
// local or remote those apply as for ssh. An --ssh command that is not
// ssh, or one only run time knows, may send the host anywhere.
func (w *walker) resolveMosh(call *Call) {
	opts, operands := ScanOptions(call.Args, moshSpec)
	if len(operands) == 0 {
		return
	}
	sshCmd := Arg{Value: "ssh", Raw: "ssh", Static: true}
	fakeProxy := true
	for _, o := range opts {
		if !o.HasVal {
			continue
		}
		switch o.Name {
		case "ssh":
			sshCmd = o.Val
		case "experimental-remote-ip":
			fakeProxy = !o.Val.Static || o.Val.Value == "proxy"
		}
	}
	dest := call.Args[operands[0]]
	if !sshCmd.Static {
		call.sshPlace, call.sshWhy = sshMaybe, "mosh connects to "+clip(dest.Raw, 40)+" through "+clip(sshCmd.Raw, 40)+", only known at run time"
		return
	}
	words := rshWords(sshCmd.Value)
	if len(words) == 0 || baseName(words[0]) != "ssh" {
		if !loopbackHost(dest) {
			call.sshPlace, call.sshWhy = sshMaybe, "mosh connects to "+clip(dest.Raw, 40)+" through "+clip(sshCmd.Value, 40)+", which may send it anywhere"
		}
		return
	}
	var sargs []Arg
	for _, wd := range words[1:] {
		sargs = append(sargs, Arg{Value: wd, Raw: wd, Static: true})
	}
	if fakeProxy {
		// After the --ssh words, as mosh puts it; the first value wins.
		sargs = append(sargs, Arg{Value: "-o", Static: true}, Arg{Value: "ProxyCommand=none", Static: true})
	}
	sopts, _ := ScanOptions(sargs, sshSpec)
	r := sshResolver{home: w.home, read: readSSHConfig, jumped: &call.sshJump}
	call.sshPlace, call.sshWhy = r.target(dest, sopts, call.Dir)
}

// SSHConfigHere reports whether ssh, run with no options as a program
// runs it for a host (lftp's sftp:// and fish:// sites: ssh -a -x HOST),
// connects host to this machine through ssh's configuration
// (~/.ssh/config under home, then /etc/ssh/ssh_config: Host box /
// HostName 127.0.0.1), with why. A loopback name is the caller's to
// read.
func SSHConfigHere(home, host string) (bool, string) {
	if host == "" || home == "" {
		return false, ""
	}
	r := sshResolver{home: home, read: readSSHConfig}
	place, why := r.target(Arg{Value: host, Raw: host, Static: true}, nil, Dir{})
	return place == sshHere, why
}
