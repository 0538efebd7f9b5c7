package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/bmatcuk/doublestar/v4"
)

// TestSSHPatternMatch: Host patterns as ssh's match_pattern takes them,
// with comma lists, negation and case kept.
func TestSSHPatternMatch(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		host     string
		patterns []string
		want     bool
	}{
		{"box", []string{"box"}, true},
		{"box", []string{"other", "box"}, true},
		{"box", []string{"other,box"}, true},
		{"a.dev", []string{"*.dev"}, true},
		{"a.dev", []string{"!a.dev", "*.dev"}, false},
		{"b.dev", []string{"!a.dev", "*.dev"}, true},
		{"a.dev", []string{"!a.dev"}, false},
		{"web1", []string{"web?"}, true},
		{"web12", []string{"web?"}, false},
		{"BOX", []string{"box"}, false},
		{"box", []string{"*"}, true},
		{"box", []string{"b*x*"}, true},
		{"", []string{"*"}, true},
		{"box", []string{"!"}, false},
	} {
		if got := sshHostMatch(c.host, c.patterns); got != c.want {
			t.Errorf("sshHostMatch(%q, %q) = %v, want %v", c.host, c.patterns, got, c.want)
		}
	}
}

// TestSSHSetting: keywords and their arguments, split as ssh_config(5)
// splits them.
func TestSSHSetting(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		line, key string
		args      []string
	}{
		{"HostName 127.0.0.1", "hostname", []string{"127.0.0.1"}},
		{"HostName=localhost", "hostname", []string{"localhost"}},
		{"  hostname =  ::1 ", "hostname", []string{"::1"}},
		{`ProxyCommand "nc" %h 22`, "proxycommand", []string{"nc", "%h", "22"}},
		{"Host a b,c", "host", []string{"a", "b,c"}},
		{`Include "my dir/*"`, "include", []string{"my dir/*"}},
		{"Match", "match", nil},
	} {
		key, args := sshSetting(c.line)
		if key != c.key || strings.Join(args, "|") != strings.Join(c.args, "|") {
			t.Errorf("sshSetting(%q) = %q %q, want %q %q", c.line, key, args, c.key, c.args)
		}
	}
}

// TestSSHTarget: where the resolver sends a destination, with the
// configuration given as files.
func TestSSHTarget(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"/h/.ssh/config": "Include inc/*\nHost box\n  HostName 127.0.0.1\nHost web\n  HostName web.example.com\n" +
			"Host prox\n  ProxyCommand nc 127.0.0.1 22\nHost hop\n  ProxyCommand ssh -W %h:%p bastion\n" +
			"Host viabox\n  HostName localhost\n  ProxyJump box\nHost viaweb\n  HostName localhost\n  ProxyJump web\n" +
			"Host loopjump\n  HostName localhost\n  ProxyJump loopjump\n" +
			"Host jfirst\n  ProxyJump web\n  ProxyCommand nc 127.0.0.1 22\n  HostName localhost\n",
		"/p/match-any":     "Host web\n  HostName web.example.com\nMatch exec \"test -f /tmp/x\"\n  HostName localhost\n",
		"/h/.ssh/inc/a":    "Host inc\n  HostName localhost\n",
		"/etc/ssh/sshsys":  "Host sys\n  HostName ::1\n",
		"/p/alt":           "Host web\n  HostName localhost\n",
		"/h/.ssh/unread":   "\x00",
		"/p/match-late":    "Host web\n  HostName web.example.com\nMatch all\n  HostName localhost\n",
		"/p/match-exec":    "Match exec true\n  ProxyCommand nc localhost 22\n",
		"/p/inc-in-block":  "Host other\n  Include /p/alt\n",
		"/p/inc-all-block": "Host web\n  Include /p/alt2\n",
		"/p/alt2":          "HostName localhost\n",
	}
	read := func(p string) (string, bool, bool) {
		if p == "/h/.ssh/unread" {
			return "", true, false
		}
		text, ok := files[p]
		return text, ok, true
	}
	saved := sshSystemConfig
	sshSystemConfig = "/etc/ssh/sshsys"
	t.Cleanup(func() { sshSystemConfig = saved })
	glob := func(pattern string) ([]string, error) {
		var out []string
		for p := range files {
			if ok, _ := doublestar.Match(pattern, p); ok {
				out = append(out, p)
			}
		}
		sort.Strings(out)
		return out, nil
	}
	r := sshResolver{home: "/h", read: read, glob: glob}
	dir := Dir{Path: "/p", Known: true}
	static := func(v string) Arg { return Arg{Value: v, Raw: v, Static: true} }
	opt := func(name, val string) Option {
		return Option{Name: name, HasVal: true, Val: static(val)}
	}
	for _, c := range []struct {
		dest string
		opts []Option
		want sshPlace
	}{
		{"box", nil, sshHere},
		{"me@box", nil, sshHere},
		{"inc", nil, sshHere},
		{"sys", nil, sshHere},
		{"web", nil, sshOther},
		{"hop", nil, sshOther},
		{"prox", nil, sshMaybe},
		{"anything", []Option{opt("F", "/p/match-any")}, sshMaybe}, // the Match exec block may set HostName
		{"web", []Option{opt("F", "/p/match-any")}, sshOther},      // HostName set before it
		{"web", []Option{opt("F", "alt")}, sshHere},
		{"web", []Option{opt("F", "none")}, sshOther},
		{"localhost", []Option{opt("F", "none")}, sshHere},
		{"box", []Option{opt("o", "HostName=web.example.com")}, sshOther},
		{"web", []Option{opt("o", "HostName 127.1")}, sshHere},
		{"web", []Option{opt("o", "HostName=%h.localhost")}, sshHere},
		{"web", []Option{opt("F", "/h/.ssh/unread")}, sshMaybe},
		{"web", []Option{opt("F", "missing")}, sshMaybe},
		{"box2", []Option{opt("o", "CanonicalizeHostname=yes"), opt("o", "CanonicalDomains=example.org localhost")}, sshMaybe},
		{"box2", []Option{opt("o", "CanonicalizeHostname=no"), opt("o", "CanonicalDomains=localhost")}, sshOther},
		{"a.b.c", []Option{opt("o", "CanonicalizeHostname=always"), opt("o", "CanonicalDomains=localhost")}, sshOther},
		{"web", []Option{opt("F", "/p/match-late")}, sshOther},
		{"other", []Option{opt("F", "/p/match-late")}, sshHere}, // Match all applies
		{"web", []Option{opt("F", "/p/match-exec")}, sshMaybe},
		{"web", []Option{opt("F", "/p/inc-in-block")}, sshOther},
		{"web", []Option{opt("F", "/p/inc-all-block")}, sshHere},
		{"web", []Option{{Name: "F", HasVal: true, Val: Arg{Value: "", Raw: "$CONF"}}}, sshMaybe},
		{"web", []Option{{Name: "o", HasVal: true, Val: Arg{Value: "HostName=", Raw: "HostName=$H"}}}, sshMaybe},
		// ProxyJump: the last hop connects to the name, so a loopback
		// name is the hop's machine.
		{"localhost", []Option{opt("J", "web")}, sshOther},
		{"localhost", []Option{opt("J", "me@web:2222")}, sshOther},
		{"localhost", []Option{opt("J", "ssh://me@web:2222")}, sshOther},
		{"localhost", []Option{opt("o", "ProxyJump=web")}, sshOther},
		{"box", []Option{opt("J", "web")}, sshOther},           // 127.0.0.1 as web takes it
		{"localhost", []Option{opt("J", "box,web")}, sshOther}, // the last hop
		{"localhost", []Option{opt("J", "web,box")}, sshOther}, // box is 127.0.0.1 as web takes it
		{"viaweb", nil, sshOther},
		{"jfirst", nil, sshOther}, // ProxyJump came first: no ProxyCommand
		{"localhost", []Option{opt("J", "box")}, sshHere},
		{"localhost", []Option{opt("J", "localhost")}, sshHere},
		{"localhost", []Option{opt("J", "web,localhost")}, sshOther},
		{"localhost", []Option{opt("J", "box,localhost")}, sshHere},
		{"viabox", nil, sshHere},
		{"localhost", []Option{opt("J", "prox")}, sshMaybe},
		{"loopjump", nil, sshMaybe},
		{"localhost", []Option{{Name: "J", HasVal: true, Val: Arg{Value: "", Raw: "$J"}}}, sshMaybe},
		{"localhost", []Option{{Name: "o", HasVal: true, Val: Arg{Value: "ProxyJump=", Raw: "ProxyJump=$J"}}}, sshMaybe},
		{"localhost", []Option{opt("o", "ProxyJump=none"), opt("J", "web")}, sshHere},
		{"localhost", []Option{opt("o", "ProxyCommand=nc %h 22"), opt("J", "web")}, sshHere}, // ProxyCommand first
		{"web", []Option{opt("J", "box")}, sshOther},
	} {
		got, why := r.target(static(c.dest), c.opts, dir)
		if got != c.want {
			t.Errorf("target(%q, %v) = %v (%s), want %v", c.dest, c.opts, got, why, c.want)
		}
	}
	if name, err := os.Hostname(); err == nil && name != "" {
		// This machine's own name is this machine from any hop.
		if got, why := r.target(static(name), []Option{opt("J", "web")}, dir); got != sshHere {
			t.Errorf("ssh -J web %s (this machine's name) = %v (%s), want sshHere", name, got, why)
		}
	}
	if got, _ := r.target(Arg{Raw: "$H"}, nil, dir); got != sshMaybe {
		t.Errorf("target($H) = %v, want sshMaybe", got)
	}
	if got, _ := r.target(static("web"), []Option{opt("F", "alt")}, Dir{}); got != sshMaybe {
		t.Errorf("-F alt in an unknown directory = %v, want sshMaybe", got)
	}
}

// TestSSHConfigOracle runs the real ssh -G on configurations and
// requires the resolver to take a destination for this machine exactly
// when the host name ssh prints is a loopback name.
func TestSSHConfigOracle(t *testing.T) {
	t.Parallel()
	ssh, err := exec.LookPath("ssh")
	if err != nil {
		t.Skip("ssh not installed")
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	inc := write("inc", "Host inc\n  HostName ::1\n")
	configs := []string{
		write("c1", "Host box alias\n  HostName 127.0.0.1\nHost *.loop\n  HostName localhost\nHost !no.dev *.dev\n  HostName %h.localhost\nHost BIG\n  HostName localhost\n"),
		write("c2", "Include "+inc+"\nHost web\n  HostName web.example.com\nHost *\n  HostName %h\n"),
		write("c3", "Host first\n  HostName 10.0.0.1\nHost first\n  HostName 127.0.0.1\nHost=eq\n  HostName=127.0.0.2\n"),
		write("c4", "Host other\n  Include "+inc+"\nHost  inc\n  HostName example.org\n"),
	}
	hosts := []string{"box", "me@alias", "a.loop", "x.dev", "no.dev", "BIG", "big", "inc", "web", "first", "eq", "plain", "localhost"}
	r := sshResolver{read: readSSHConfig}
	checked := 0
	for _, cfg := range configs {
		for _, h := range hosts {
			out, err := exec.Command(ssh, "-G", "-F", cfg, h).Output()
			if err != nil {
				t.Fatalf("ssh -G -F %s %s: %v", cfg, h, err)
			}
			name := ""
			for _, line := range strings.Split(string(out), "\n") {
				if v, ok := strings.CutPrefix(line, "hostname "); ok {
					name = v
				}
			}
			if name == "" {
				t.Fatalf("ssh -G printed no hostname for %s", h)
			}
			got, why := r.target(Arg{Value: h, Raw: h, Static: true},
				[]Option{{Name: "F", HasVal: true, Val: Arg{Value: cfg, Raw: cfg, Static: true}}}, Dir{Path: dir, Known: true})
			if want := loopbackName(name); (got == sshHere) != want || got == sshMaybe {
				t.Errorf("%s with %s: ssh -G connects to %s (this machine: %v); resolver %v %s", h, filepath.Base(cfg), name, want, got, why)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}

// TestSSHConfigFIFO: a configuration that is a FIFO is not opened (that
// would wait for a writer: ssh -F fifo hung the hook) and is unknown.
func TestSSHConfigFIFO(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "cfg")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skip("no FIFO: ", err)
	}
	if _, exists, ok := readSSHConfig(p); !exists || ok {
		t.Errorf("readSSHConfig(FIFO) = exists %v ok %v, want an unreadable file", exists, ok)
	}
	r := sshResolver{read: readSSHConfig}
	if got, _ := r.target(Arg{Value: "web", Raw: "web", Static: true}, []Option{{Name: "F", HasVal: true, Val: Arg{Value: p, Raw: p, Static: true}}}, Dir{}); got != sshMaybe {
		t.Errorf("ssh -F FIFO = %v, want sshMaybe", got)
	}
}

// TestSSHAccountHome: ssh reads ~/.ssh/config in the account's home
// directory from the passwd entry (getpwuid), not $HOME: when the two
// differ, a host the account's configuration sends to this machine is
// this machine. Look-alikes: a host neither sends here, and the same
// configuration when $HOME is the account's home.
func TestSSHAccountHome(t *testing.T) {
	files := map[string]string{
		"/h/.ssh/config":    "Host web\n  HostName web.example.com\n",
		"/acct/.ssh/config": "Host web\n  HostName 127.0.0.1\nHost far\n  HostName far.example.com\n",
		"/acct/alt":         "Host x\n  HostName localhost\n",
	}
	read := func(p string) (string, bool, bool) {
		t, ok := files[p]
		return t, ok, true
	}
	static := func(v string) Arg { return Arg{Value: v, Raw: v, Static: true} }
	dir := Dir{Path: "/p", Known: true}
	for _, c := range []struct {
		home, account, dest string
		opts                []Option
		want                sshPlace
	}{
		{"/h", "/acct", "web", nil, sshHere},
		{"/h", "/acct", "x", []Option{{Name: "F", HasVal: true, Val: static("~/alt")}}, sshHere},
		{"/h", "/acct", "far", nil, sshOther},
		{"/h", "/acct", "box", nil, sshOther},
		{"/h", "/h", "web", nil, sshOther},
	} {
		r := sshResolver{home: c.home, account: c.account, read: read, glob: func(string) ([]string, error) { return nil, nil }}
		if got, why := r.target(static(c.dest), c.opts, dir); got != c.want {
			t.Errorf("home %s, account %s: ssh %s = %v (%s), want %v", c.home, c.account, c.dest, got, why, c.want)
		}
	}
}
