package syntax

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLoopbackHost checks ssh host words against what the resolver
// would connect to: every spelling of this machine is loopback, other
// machines are not.
func TestLoopbackHost(t *testing.T) {
	local := []string{
		"localhost", "LOCALHOST", "root@LocalHost", "localhost.", "root@localhost.",
		"localhost.localdomain", "ip6-localhost", "ip6-loopback", "localhost6", "web.localhost",
		"127.0.0.1", "127.1", "127.0.1", "0", "0.0.0.0", "0x7f000001", "0x7f.1", "2130706433", "0177.0.0.1",
		"::1", "[::1]", "root@[::1]", "::", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1", "fe80::1%lo",
		"ssh://root@localhost:2222", "ssh://[::1]:22", "ssh://127.1",
	}
	if name, err := os.Hostname(); err == nil && name != "" {
		local = append(local, name, "user@"+name+".")
	}
	for _, h := range local {
		if h == "fe80::1%lo" {
			continue // link-local: another machine on the link
		}
		if !loopbackHost(Arg{Value: h, Static: true}) {
			t.Errorf("loopbackHost(%q) = false, want true", h)
		}
	}
	remote := []string{
		"remotehost", "example.com", "user@10.0.0.1", "128.0.0.1", "0x80000001", "8.8.8.8", "fe80::1",
		"localhostx", "mylocalhost", "localhost.example.com", "ssh://example.com:22", "2001:db8::1", "1.2.3.4.5", "08",
	}
	for _, h := range remote {
		if loopbackHost(Arg{Value: h, Static: true}) {
			t.Errorf("loopbackHost(%q) = true, want false", h)
		}
	}
	if loopbackHost(Arg{Value: "localhost", Static: false}) {
		t.Error("a host only known at run time was taken as loopback")
	}
}

// TestHostsFileLoopback checks that names the hosts file maps to a
// loopback address are this machine.
func TestHostsFileLoopback(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "hosts")
	if err := os.WriteFile(f, []byte("127.0.1.1 devbox devbox.corp # this machine\n10.1.2.3 buildfarm\n::1 v6name\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	saved := hostsFile
	hostsFile = f
	defer func() { hostsFile = saved }()
	got := hostsLoopbackFrom()
	for _, n := range []string{"devbox", "devbox.corp", "v6name"} {
		if !got[n] {
			t.Errorf("%s from the hosts file is not loopback", n)
		}
	}
	if got["buildfarm"] {
		t.Error("buildfarm (10.1.2.3) was taken as loopback")
	}
}
