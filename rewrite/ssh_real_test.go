//go:build unix

package rewrite

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// findSSHD returns the OpenSSH server and its sftp-server, or "".
func findSSHD() (sshd, sftpServer string) {
	for _, p := range []string{"/usr/sbin/sshd", "/usr/local/sbin/sshd", "/sbin/sshd"} {
		if _, err := os.Stat(p); err == nil {
			sshd = p
			break
		}
	}
	if sshd == "" {
		if p, err := exec.LookPath("sshd"); err == nil {
			sshd = p
		}
	}
	candidates := []string{"/usr/lib/openssh/sftp-server", "/usr/libexec/openssh/sftp-server", "/usr/libexec/sftp-server", "/usr/lib/ssh/sftp-server"}
	if sshd != "" {
		// An unpacked OpenSSH (…/usr/sbin/sshd beside …/usr/lib/openssh).
		root := filepath.Dir(filepath.Dir(sshd))
		candidates = append(candidates, filepath.Join(root, "lib", "openssh", "sftp-server"), filepath.Join(root, "libexec", "sftp-server"))
	}
	for _, p := range candidates {
		if _, err := os.Stat(p); err == nil {
			sftpServer = p
			break
		}
	}
	return sshd, sftpServer
}

// TestRealSSHLoopback runs a real sshd on a loopback port, started by the
// test with its own keys, and checks corral's idea of "this machine"
// against what ssh really connects to: for each spelling of the host
// that ssh reaches here (LOCALHOST, localhost., 127.1, 0x7f000001,
// 2130706433, ::1, the host name), the remote command really runs on this
// machine (a canary file appears) and corral judges the remote command
// as one run here (ssh HOST 'rm -rf ~' is denied). Then the acquisitions
// over ssh that corral rewrites run for real — sftp HOST:file dest, scp
// HOST:file ., ssh HOST cat x.tar | tar x — and the file lands in the
// sandbox, not in the project. sshd runs unprivileged where the test is
// not root (UsePAM no, StrictModes no, its own host key and authorized
// keys); as root OpenSSH wants its privilege separation directory
// (/run/sshd), which the test creates when missing. OpenSSH comes from
// .ci/install-sshd.sh (Debian's openssh-client and openssh-server).
// Where it is missing the test skips, except under CORRAL_E2E=require
// (CI, scripts/test.sh), where that is a failure.
func TestRealSSHLoopback(t *testing.T) {
	required := os.Getenv("CORRAL_E2E") == "require"
	skip := func(format string, args ...any) {
		t.Helper()
		if required {
			t.Fatalf("CORRAL_E2E=require: "+format, args...)
		}
		t.Skipf(format, args...)
	}
	sshd, sftpServer := findSSHD()
	ssh, errSSH := exec.LookPath("ssh")
	keygen, errKeygen := exec.LookPath("ssh-keygen")
	if sshd == "" || errSSH != nil || errKeygen != nil {
		skip("ssh, ssh-keygen or sshd is not installed here (.ci/install-sshd.sh installs them)")
	}
	if os.Geteuid() == 0 {
		if _, err := os.Stat("/run/sshd"); os.IsNotExist(err) {
			if err := os.MkdirAll("/run/sshd", 0o755); err != nil {
				skip("as root sshd needs /run/sshd: %v", err)
			}
		}
	}
	me, err := user.Current()
	if err != nil {
		skip("no current user: %v", err)
	}
	dir := t.TempDir()
	for _, k := range []string{"host", "user"} {
		if out, err := exec.Command(keygen, "-q", "-t", "ed25519", "-N", "", "-f", filepath.Join(dir, k)).CombinedOutput(); err != nil {
			t.Fatalf("ssh-keygen: %v\n%s", err, out)
		}
	}
	pub, err := os.ReadFile(filepath.Join(dir, "user.pub"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "authorized_keys"), pub, 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		skip("no loopback: %v", err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	conf := []string{
		"Port " + strconv.Itoa(port), "ListenAddress 127.0.0.1", "ListenAddress ::1",
		"HostKey " + filepath.Join(dir, "host"), "AuthorizedKeysFile " + filepath.Join(dir, "authorized_keys"),
		"PidFile " + filepath.Join(dir, "sshd.pid"), "UsePAM no", "StrictModes no", "PermitRootLogin yes",
		"PasswordAuthentication no", "KbdInteractiveAuthentication no", "LogLevel ERROR", "UseDNS no",
	}
	if sftpServer != "" {
		conf = append(conf, "Subsystem sftp "+sftpServer)
	}
	cfgFile := filepath.Join(dir, "sshd_config")
	if err := os.WriteFile(cfgFile, []byte(strings.Join(conf, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	daemon := exec.Command(sshd, "-D", "-e", "-f", cfgFile)
	var log strings.Builder
	daemon.Stderr = &log
	if err := daemon.Start(); err != nil {
		skip("sshd does not start here: %v", err)
	}
	exited := make(chan struct{})
	go func() {
		_ = daemon.Wait()
		close(exited)
	}()
	defer func() {
		_ = daemon.Process.Kill()
		<-exited
	}()
	up := false
	for i := 0; i < 100 && !up; i++ {
		select {
		case <-exited:
			// As root, OpenSSH needs its privilege separation user.
			skip("sshd exited: %s", log.String())
		default:
		}
		if c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(port), 100*time.Millisecond); err == nil {
			c.Close()
			up = true
		} else {
			time.Sleep(100 * time.Millisecond)
		}
	}
	if !up {
		skip("sshd did not listen (it may need privileges here): %s", log.String())
	}
	opts := []string{"-p", strconv.Itoa(port), "-i", filepath.Join(dir, "user"), "-o", "StrictHostKeyChecking=no",
		"-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "ConnectTimeout=5", "-o", "LogLevel=ERROR",
		"-o", "GSSAPIAuthentication=no"}
	proj := filepath.Join(dir, "project")
	sb := filepath.Join(proj, "agent_sandbox")
	if err := os.MkdirAll(sb, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Cwd: proj, Project: proj, Home: "/home/u", Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto,
		Paths: guards.DefaultPolicy().WithSelfProtection(nil, sb)}
	hosts := []string{"localhost", "LOCALHOST", "localhost.", "127.0.0.1", "127.1", "0x7f000001", "2130706433", "0177.0.0.1", "::1"}
	if name, err := os.Hostname(); err == nil && name != "" {
		hosts = append(hosts, strings.ToUpper(name))
	}
	reached := 0
	for i, h := range hosts {
		canary := filepath.Join(dir, "canary-"+strconv.Itoa(i))
		args := append(append([]string{}, opts...), me.Username+"@"+h, "touch", canary)
		if out, err := exec.Command(ssh, args...).CombinedOutput(); err != nil {
			// Not a connection this machine offers (no IPv6, a name
			// the resolver here does not know): nothing to compare.
			t.Logf("ssh %s: not reachable here: %v %s", h, err, strings.TrimSpace(string(out)))
			continue
		}
		if _, err := os.Stat(canary); err != nil {
			t.Errorf("ssh %s succeeded but the remote command did not run on this machine", h)
			continue
		}
		reached++
		cmd := fmt.Sprintf("ssh %s %s@%s 'rm -rf ~'", strings.Join(opts, " "), me.Username, h)
		if d := Check(cfg, cmd).Decision; d != Deny {
			t.Errorf("ssh to %s runs its command on this machine, but corral decided %v for %s", h, d, cmd)
		}
	}
	if reached == 0 {
		t.Fatalf("sshd listens on 127.0.0.1:%d but no spelling of this machine reached it\n%s", port, log.String())
	}
	// Spellings only run time resolves (thismachine.go): bash expands
	// them to this machine's name, and ssh reaches this machine.
	if bash, err := exec.LookPath("bash"); err == nil {
		quoted := make([]string, len(opts))
		for i, o := range opts {
			quoted[i] = syntax.Quote(o)
		}
		for i, h := range []string{"$(hostname)", `"$HOSTNAME"`, "$(uname -n)", "`hostname -s`", "$(hostname | cut -d. -f1)"} {
			canary := filepath.Join(dir, "canary-rt-"+strconv.Itoa(i))
			line := fmt.Sprintf("ssh %s %s@%s touch %s", strings.Join(quoted, " "), me.Username, h, syntax.Quote(canary))
			if out, err := exec.Command(bash, "-c", line).CombinedOutput(); err != nil {
				t.Logf("%s: not reachable here: %v %s", line, err, strings.TrimSpace(string(out)))
				continue
			}
			if _, err := os.Stat(canary); err != nil {
				t.Errorf("%s succeeded but the remote command did not run on this machine", line)
				continue
			}
			cmd := fmt.Sprintf("ssh %s %s@%s 'rm -rf ~'", strings.Join(quoted, " "), me.Username, h)
			if d := Check(cfg, cmd).Decision; d != Deny {
				t.Errorf("%s reaches this machine, but corral decided %v for %s", h, d, cmd)
			}
		}
	}
	if sftpServer == "" {
		skip("sftp-server is not installed: the acquisitions over ssh are not run")
		return
	}
	sftp, err := exec.LookPath("sftp")
	if err != nil {
		skip("sftp is not installed: the acquisitions over ssh are not run")
		return
	}
	scp, err := exec.LookPath("scp")
	if err != nil {
		skip("scp is not installed: the acquisitions over ssh are not run")
		return
	}
	remote := filepath.Join(dir, "remote.txt")
	if err := os.WriteFile(remote, []byte("from the server\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A tar archive on the server holding inner/from-tar.txt.
	tarSrc := filepath.Join(dir, "tarsrc")
	if err := os.MkdirAll(filepath.Join(tarSrc, "inner"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tarSrc, "inner", "from-tar.txt"), []byte("from the archive\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	archive := filepath.Join(dir, "remote.tar")
	if out, err := exec.Command("tar", "-C", tarSrc, "-cf", archive, "inner").CombinedOutput(); err != nil {
		t.Fatalf("tar: %v\n%s", err, out)
	}
	copyOpts := append([]string{"-P", strconv.Itoa(port)}, opts[2:]...)
	host := me.Username + "@LOCALHOST"
	cases := []struct {
		name, cmd, landed, want string
	}{
		{"sftp", fmt.Sprintf("%s %s %s:%s got.txt", sftp, strings.Join(copyOpts, " "), host, remote), "got.txt", "from the server\n"},
		{"scp", fmt.Sprintf("%s %s %s:%s .", scp, strings.Join(copyOpts, " "), host, remote), "remote.txt", "from the server\n"},
		{"ssh-cat-tar", fmt.Sprintf("%s %s %s cat %s | tar x", ssh, strings.Join(opts, " "), host, archive), "inner/from-tar.txt", "from the archive\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			proj := filepath.Join(dir, "proj-"+tc.name)
			sb := filepath.Join(proj, "agent_sandbox")
			if err := os.MkdirAll(sb, 0o755); err != nil {
				t.Fatal(err)
			}
			cfg := &Config{Cwd: proj, Project: proj, Home: "/home/u", Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto,
				Paths: guards.DefaultPolicy().WithSelfProtection(nil, sb)}
			r := Check(cfg, tc.cmd)
			if r.Decision != Rewrite || !strings.Contains(r.Rewritten, sb) {
				t.Fatalf("%s: decision %v, rewritten %q: want the copy moved into the sandbox", tc.cmd, r.Decision, r.Rewritten)
			}
			// The command as written would land the file in the project
			// (checked on a copy of it, so the rewrite is what differs).
			orig := filepath.Join(dir, "orig-"+tc.name)
			if err := os.MkdirAll(orig, 0o755); err != nil {
				t.Fatal(err)
			}
			asWritten := exec.Command("bash", "-c", tc.cmd)
			asWritten.Dir = orig
			if out, err := asWritten.CombinedOutput(); err != nil {
				t.Fatalf("%s as written: %v\n%s", tc.cmd, err, out)
			}
			if _, err := os.Stat(filepath.Join(orig, tc.landed)); err != nil {
				t.Fatalf("%s as written did not land %s in its working directory: %v", tc.cmd, tc.landed, err)
			}
			run := exec.Command("bash", "-c", r.Rewritten)
			run.Dir = proj
			if out, err := run.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", r.Rewritten, err, out)
			}
			if b, err := os.ReadFile(filepath.Join(sb, tc.landed)); err != nil || string(b) != tc.want {
				t.Errorf("%s did not land %s in the sandbox: %q, %v", r.Rewritten, tc.landed, b, err)
			}
			if _, err := os.Stat(filepath.Join(proj, tc.landed)); err == nil {
				t.Errorf("%s wrote %s into the project", r.Rewritten, tc.landed)
			}
		})
	}
}
