package rewrite

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAwkInetDownload (red team 13 AQ, awk.go): gawk's network special
// files (/inet/tcp/0/HOST/PORT with |&, getline <) read what a server
// sends; the program writing it to a file, or printing it to a stdout
// the shell sends to a file, passed. Writing a file asks now (a fetch
// that writes, http-client); the stdout's file moves into the sandbox
// (the connection is nc's, net-stream). Look-alikes: the name printed as
// data, a coprocess of a command, a program with no connection, the
// connection printed to the terminal. Where gawk is on the machine, the
// first row is run against a loopback server and f must hold what the
// server sent (the skip is clean without gawk).
func TestAwkInetDownload(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Write([]byte("canary body\n"))
			c.Close()
		}
	}()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	tests := []struct{ cmd, want string }{
		{`gawk 'BEGIN{ s = "/inet/tcp/0/127.0.0.1/PORT"; print "GET /" |& s; while ((s |& getline l) > 0) print l > "f" }'`, "ask"},
		{`gawk 'BEGIN{ while ((getline l < "/inet/tcp/0/127.0.0.1/PORT") > 0) print l > "f" }'`, "ask"},
		{`gawk 'BEGIN{ s = "/inet4/tcp/0/127.0.0.1/PORT"; s |& getline l; print l >> "f" }'`, "ask"},
		{`gawk 'BEGIN{ s = "/inet/tcp/0/127.0.0.1/PORT"; while ((s |& getline l) > 0) print l }' > f`, "rewrite"},
		{`gawk 'BEGIN{ s = "/inet/tcp/0/127.0.0.1/PORT"; while ((s |& getline l) > 0) print l }' | tee f`, "rewrite"},
		// Look-alikes.
		{`gawk 'BEGIN{ s = "/inet/tcp/0/127.0.0.1/PORT"; while ((s |& getline l) > 0) print l }'`, "allow"},
		{`gawk 'BEGIN{ s = "/inet/tcp/0/127.0.0.1/PORT"; print "ping" |& s; close(s) }'`, "allow"},
		{`gawk 'BEGIN{ print "/inet/tcp/0/127.0.0.1/PORT" }' > f`, "allow"},
		{`gawk 'BEGIN{ "date" |& getline d; print d > "f" }'`, "allow"},
		{`gawk '{ print > "out.txt" }' in.txt`, "allow"},
		{`gawk 'BEGIN{ s = "/inet/tcp/0/127.0.0.1/PORT"; while ((s |& getline l) > 0) print l > "agent_sandbox/f" }'`, "allow"},
	}
	gawk, gawkErr := exec.LookPath("gawk")
	for i, tt := range tests {
		proj := t.TempDir()
		cfg := &Config{Cwd: proj, Project: proj, Home: t.TempDir(), Sandbox: filepath.Join(proj, "agent_sandbox"), Mode: ModeRewrite, Approve: ApproveAuto}
		cmd := strings.ReplaceAll(tt.cmd, "PORT", port)
		r := Check(cfg, cmd)
		if got := r.Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, r.Findings)
		}
		if i != 0 || gawkErr != nil {
			continue
		}
		run := exec.Command(gawk, strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(cmd, "gawk "), "'"), "'"))
		run.Dir = proj
		if b, err := run.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", cmd, err, b)
		}
		if b, _ := os.ReadFile(filepath.Join(proj, "f")); string(b) != "canary body\n" {
			t.Errorf("gawk wrote %q to f, want what the server sent", b)
		}
	}
}
