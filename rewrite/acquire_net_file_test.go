package rewrite

import (
	"encoding/binary"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNetFileRewrite: a connection socat or tftp saves to a plain file is
// moved into the sandbox as a download is (socat(1): the path of a
// CREATE:, OPEN:, GOPEN: or bare file address, its options kept;
// tftp(1) of tftp-hpa: get REMOTE [LOCAL] saves LOCAL, or REMOTE's last
// part, in the working directory; busybox tftp and atftp: -l LOCAL,
// else the remote name). A device, a path corral cannot rewrite inside
// the address syntax, or a tftp reading its commands from stdin still
// asks.
func TestNetFileRewrite(t *testing.T) {
	sb := testConfig().Sandbox
	for _, tc := range []struct {
		cmd, want, in string
	}{
		{"socat -u TCP:h.example:80 CREATE:f", "rewrite", "CREATE:" + sb + "/f"},
		{"socat -u TCP:h.example:80 OPEN:out.bin,creat,trunc", "rewrite", "OPEN:" + sb + "/out.bin,creat,trunc"},
		{"socat -u OPENSSL:h.example:443 ./out", "rewrite", sb + "/out"},
		{"socat -U CREATE:f TCP:h.example:80", "rewrite", "CREATE:" + sb + "/f"},
		{"socat -u TCP:h.example:80 CREATE:f && cat f", "rewrite", "cat " + sb + "/f"},
		{"tftp h.example -c get f", "rewrite", "get f " + sb + "/f"},
		{"tftp h.example -c get dir/f.bin", "rewrite", "get dir/f.bin " + sb + "/f.bin"},
		{"tftp h.example -c get f local.bin", "rewrite", "get f " + sb + "/local.bin"},
		{"busybox tftp -g -r f h.example", "rewrite", "-l " + sb + "/f"},
		{"atftp --get -r f -l out h.example", "rewrite", "-l " + sb + "/out"},
		// Still asked: the address only known at run time, a device, a
		// tftp get of several files, commands on tftp's stdin.
		{`socat -u TCP:h.example:80 "CREATE:$F"`, "ask", ""},
		{"socat -u TCP:h.example:80 GOPEN:/dev/ttyS0", "ask", ""},
		{"tftp h.example -c get a b c", "ask", ""},
		{`tftp h.example <<< "get f"`, "ask", ""},
		// Look-alikes: the sandbox, no network, an upload of a plain file.
		{"socat -u TCP:h.example:80 CREATE:agent_sandbox/f", "allow", ""},
		{"tftp h.example -c get f agent_sandbox/f", "allow", ""},
		{"echo x | socat - CREATE:out.txt", "allow", ""},
		{"socat -u CREATE:f TCP:h.example:80", "allow", ""},
	} {
		r := Check(testConfig(), tc.cmd)
		if got := r.Decision.String(); got != tc.want || !strings.Contains(r.Rewritten, tc.in) {
			t.Errorf("%s: %s %q, want %s with %q (%v)", tc.cmd, got, r.Rewritten, tc.want, tc.in, r.Findings)
		}
	}
}

// TestNetFileRewriteExec runs the real socat and tftp (tftp-hpa) against
// loopback servers: the original command writes the peer's bytes into
// the project, the rewritten one into the sandbox and nowhere else.
func TestNetFileRewriteExec(t *testing.T) {
	const payload = "peer bytes\n"
	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback:", err)
	}
	t.Cleanup(func() { tcp.Close() })
	go func() {
		for {
			c, err := tcp.Accept()
			if err != nil {
				return
			}
			c.Write([]byte(payload))
			c.Close()
		}
	}()
	tftpAddr := serveTFTP(t, payload)
	for _, tc := range []struct{ prog, cmd, file string }{
		{"socat", "socat -u TCP:" + tcp.Addr().String() + " CREATE:f.txt", "f.txt"},
		{"socat", "socat -u TCP:" + tcp.Addr().String() + " OPEN:f.txt,creat,trunc", "f.txt"},
		{"tftp", "tftp " + strings.Replace(tftpAddr, ":", " ", 1) + " -c get f.txt", "f.txt"},
		{"tftp", "tftp " + strings.Replace(tftpAddr, ":", " ", 1) + " -c get dir/r.txt f.txt", "f.txt"},
	} {
		if _, err := exec.LookPath(tc.prog); err != nil {
			t.Logf("%s not installed: %s not run", tc.prog, tc.cmd)
			continue
		}
		for _, rewritten := range []bool{false, true} {
			base := t.TempDir()
			proj, sandbox := filepath.Join(base, "proj"), filepath.Join(base, "sandbox")
			for _, d := range []string{proj, sandbox} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			run := tc.cmd
			if rewritten {
				cfg := &Config{Cwd: proj, Project: proj, Home: filepath.Join(base, "home"), Sandbox: sandbox, Mode: ModeRewrite}
				r := Check(cfg, tc.cmd)
				if r.Decision != Rewrite {
					t.Errorf("%s: %v, want rewrite (%v)", tc.cmd, r.Decision, r.Findings)
					continue
				}
				run = r.Rewritten
			}
			if out, err := execBash(proj, os.Environ(), run); err != nil {
				t.Errorf("%s: %v\n%s%s", run, err, out.stdout, out.stderr)
				continue
			}
			inProj, _ := os.ReadFile(filepath.Join(proj, tc.file))
			inSandbox, _ := os.ReadFile(filepath.Join(sandbox, tc.file))
			switch {
			case !rewritten && string(inProj) != payload:
				t.Errorf("%s: the original wrote %q into the project, want the peer's bytes", run, inProj)
			case rewritten && (string(inSandbox) != payload || inProj != nil):
				t.Errorf("%s: sandbox holds %q, project %q; want the peer's bytes in the sandbox only", run, inSandbox, inProj)
			}
		}
	}
}

// serveTFTP answers read requests on a loopback UDP port with content,
// as a TFTP server does (RFC 1350: RRQ, then DATA block 1, ACK); it
// returns the address.
func serveTFTP(t *testing.T, content string) string {
	t.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback UDP:", err)
	}
	t.Cleanup(func() { pc.Close() })
	go func() {
		buf := make([]byte, 1024)
		for {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			if n < 2 || binary.BigEndian.Uint16(buf) != 1 {
				continue // only read requests
			}
			// The transfer runs on a port of its own.
			xfer, err := net.ListenPacket("udp", "127.0.0.1:0")
			if err != nil {
				return
			}
			pkt := append([]byte{0, 3, 0, 1}, content...)
			xfer.SetDeadline(time.Now().Add(5 * time.Second))
			xfer.WriteTo(pkt, from)
			ack := make([]byte, 16)
			xfer.ReadFrom(ack)
			xfer.Close()
		}
	}()
	return fmt.Sprint(pc.LocalAddr())
}
