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
// as one run here (ssh HOST 'rm -rf ~' is denied). With sftp-server
// present, sftp HOST:file dest really copies the file and corral moves
// dest into the sandbox. Skipped when ssh, ssh-keygen or sshd is missing
// (nothing is installed).
func TestRealSSHLoopback(t *testing.T) {
	sshd, sftpServer := findSSHD()
	ssh, errSSH := exec.LookPath("ssh")
	keygen, errKeygen := exec.LookPath("ssh-keygen")
	if sshd == "" || errSSH != nil || errKeygen != nil {
		t.Skip("ssh, ssh-keygen or sshd is not installed here")
	}
	me, err := user.Current()
	if err != nil {
		t.Skipf("no current user: %v", err)
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
		t.Skipf("no loopback: %v", err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	conf := []string{
		"Port " + strconv.Itoa(port), "ListenAddress 127.0.0.1", "ListenAddress ::1",
		"HostKey " + filepath.Join(dir, "host"), "AuthorizedKeysFile " + filepath.Join(dir, "authorized_keys"),
		"PidFile " + filepath.Join(dir, "sshd.pid"), "UsePAM no", "StrictModes no", "PermitRootLogin yes",
		"PasswordAuthentication no", "KbdInteractiveAuthentication no", "LogLevel ERROR",
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
		t.Skipf("sshd does not start here: %v", err)
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
			t.Skipf("sshd exited: %s", log.String())
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
		t.Skipf("sshd did not listen (it may need privileges here): %s", log.String())
	}
	opts := []string{"-p", strconv.Itoa(port), "-i", filepath.Join(dir, "user"), "-o", "StrictHostKeyChecking=no",
		"-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "ConnectTimeout=5", "-o", "LogLevel=ERROR"}
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
	if sftpServer == "" {
		t.Log("sftp-server not installed: the sftp part is not run")
		return
	}
	if _, err := exec.LookPath("sftp"); err != nil {
		t.Log("sftp not installed: the sftp part is not run")
		return
	}
	remote := filepath.Join(dir, "remote.txt")
	if err := os.WriteFile(remote, []byte("from the server\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sftpOpts := append([]string{"-P", strconv.Itoa(port)}, opts[2:]...)
	src := me.Username + "@LOCALHOST:" + remote
	cmd := fmt.Sprintf("sftp %s %s got.txt", strings.Join(sftpOpts, " "), src)
	r := Check(cfg, cmd)
	if r.Decision != Rewrite || !strings.Contains(r.Rewritten, sb) {
		t.Fatalf("%s: decision %v, rewritten %q: want the copy moved into the sandbox", cmd, r.Decision, r.Rewritten)
	}
	run := exec.Command("bash", "-c", r.Rewritten)
	run.Dir = proj
	if out, err := run.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", r.Rewritten, err, out)
	}
	if b, err := os.ReadFile(filepath.Join(sb, "got.txt")); err != nil || string(b) != "from the server\n" {
		t.Errorf("sftp did not land the file in the sandbox: %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(proj, "got.txt")); err == nil {
		t.Error("sftp wrote into the project")
	}
}
