package rewrite

import (
	"net"
	"testing"
)

// TestLoopbackIPAsNet checks that loopbackIP (net/netip) reads addresses as
// net.ParseIP did before it: zones, mapped addresses and look-alikes.
func TestLoopbackIPAsNet(t *testing.T) {
	for _, s := range []string{"127.0.0.1", "127.1.2.3", "::1", "[::1]", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1",
		"::1%lo", "fe80::1%eth0", "127.0.0.01", "127.1", "localhost", "10.0.0.1", "::", "0.0.0.0", "", "128.0.0.1", "::2"} {
		ip := net.ParseIP(s)
		want := ip != nil && ip.IsLoopback()
		if got := loopbackIP(s); got != want {
			t.Errorf("loopbackIP(%q) = %v, net.ParseIP says %v", s, got, want)
		}
	}
	if !loopbackIP("127.0.0.1") || !loopbackIP("::1") || loopbackIP("::1%lo") {
		t.Error("the table above lost its point")
	}
}
