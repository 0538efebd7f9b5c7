//go:build unix

package rewrite

import (
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

// loopbackSSHD starts a real sshd on a loopback port with its own keys
// (as TestRealSSHLoopback does) and returns ssh's options to reach it
// and the user to log in as; it skips where OpenSSH is missing or sshd
// does not start.
func loopbackSSHD(t *testing.T) (opts []string, login string, me *user.User) {
	t.Helper()
	sshd, _ := findSSHD()
	_, errSSH := exec.LookPath("ssh")
	keygen, errKeygen := exec.LookPath("ssh-keygen")
	if sshd == "" || errSSH != nil || errKeygen != nil {
		t.Skip("ssh, ssh-keygen or sshd is not installed here")
	}
	if os.Geteuid() == 0 {
		if _, err := os.Stat("/run/sshd"); os.IsNotExist(err) {
			if err := os.MkdirAll("/run/sshd", 0o755); err != nil {
				t.Skipf("as root sshd needs /run/sshd: %v", err)
			}
		}
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
		"Port " + strconv.Itoa(port), "ListenAddress 127.0.0.1",
		"HostKey " + filepath.Join(dir, "host"), "AuthorizedKeysFile " + filepath.Join(dir, "authorized_keys"),
		"PidFile " + filepath.Join(dir, "sshd.pid"), "UsePAM no", "StrictModes no", "PermitRootLogin yes",
		"PasswordAuthentication no", "KbdInteractiveAuthentication no", "LogLevel ERROR", "UseDNS no",
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
	t.Cleanup(func() {
		_ = daemon.Process.Kill()
		<-exited
	})
	for i := 0; ; i++ {
		select {
		case <-exited:
			t.Skipf("sshd exited: %s", log.String())
		default:
		}
		if c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(port), 100*time.Millisecond); err == nil {
			c.Close()
			break
		}
		if i == 100 {
			t.Skipf("sshd did not listen: %s", log.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	opts = []string{"-p", strconv.Itoa(port), "-i", filepath.Join(dir, "user"), "-o", "StrictHostKeyChecking=no",
		"-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "ConnectTimeout=5", "-o", "LogLevel=ERROR",
		"-o", "GSSAPIAuthentication=no"}
	return opts, me.Username + "@127.0.0.1", me
}

// TestRemoteShellStdinOracle runs the real ssh against a real sshd on
// loopback to show what TestRemoteShellStdin models: a remote command
// that is a shell given no script runs what ssh reads on stdin (a
// here-document, a here-string, a file opened with <, a pipe), and so
// does the login shell when no command is given; it starts in the home
// directory; -n and -f give it nothing, and a remote command that only
// copies stdin runs none of it. Each row's script touches a canary under
// the test's directory; corral must deny the same shape with rm -rf ~
// in place of the canary where the canary appeared, and pass it where
// it did not. Nothing runs in the home directory: the one row that shows
// where the login shell starts writes pwd's output to the test's
// directory.
func TestRemoteShellStdinOracle(t *testing.T) {
	opts, login, me := loopbackSSHD(t)
	dir := t.TempDir()
	proj := filepath.Join(dir, "project")
	sb := filepath.Join(proj, "agent_sandbox")
	if err := os.MkdirAll(sb, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Cwd: proj, Project: proj, Home: "/home/u", Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto,
		Paths: guards.DefaultPolicy().WithSelfProtection(nil, sb)}
	ssh := "ssh " + strings.Join(opts, " ")
	rows := []struct {
		name, shape string // SSH for ssh and its options, LOGIN the destination, LINE the script
		runs        bool
	}{
		{"heredoc-bash", "SSH LOGIN bash <<'EOF'\nLINE\nEOF", true},
		{"heredoc-login-shell", "SSH LOGIN <<'EOF'\nLINE\nEOF", true},
		{"herestring-sh-s", "SSH LOGIN sh -s <<< 'LINE'", true},
		{"file-bash-s", "SSH LOGIN 'bash -s' < FILE", true},
		{"file-login-shell", "SSH -T LOGIN < FILE", true},
		{"pipe-bash", "echo 'LINE' | SSH LOGIN bash", true},
		{"pipe-login-shell", "echo 'LINE' | SSH LOGIN", true},
		{"cd-then-bash", "SSH LOGIN 'cd /tmp && bash' <<'EOF'\nLINE\nEOF", true},
		{"pipe-cd-then-bash", "echo 'LINE' | SSH LOGIN 'cd /tmp && bash'", true},
		{"pipe-cd-then-block-sh", "echo 'LINE' | SSH LOGIN 'cd /tmp; { sh -s; }'", true},
		{"pipe-cd-then-cat", "echo 'LINE' | SSH LOGIN 'cd /tmp && cat > /dev/null'", false},
		{"pipe-env-bash", "echo 'LINE' | SSH LOGIN env X=1 bash -s", true},
		{"pipe-python3", "echo 'import os; os.system(\"LINE\")' | SSH LOGIN python3", true},
		{"n-no-stdin", "SSH -n LOGIN bash <<'EOF'\nLINE\nEOF", false},
		{"cat-copies", "SSH LOGIN 'cat > /dev/null' <<'EOF'\nLINE\nEOF", false},
		{"wc-counts", "SSH LOGIN wc -l <<< 'LINE'", false},
	}
	for i, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			canary := filepath.Join(dir, "canary-"+strconv.Itoa(i))
			file := filepath.Join(dir, "script-"+strconv.Itoa(i)+".sh")
			if err := os.WriteFile(file, []byte("touch "+canary+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			real := strings.NewReplacer("SSH", ssh, "LOGIN", login, "LINE", "touch "+canary, "FILE", file).Replace(row.shape)
			cmd := exec.Command("bash", "-c", real)
			cmd.Dir = dir
			out, _ := cmd.CombinedOutput()
			_, err := os.Stat(canary)
			if ran := err == nil; ran != row.runs {
				t.Fatalf("%s: the remote side ran the script: %v, want %v\n%s", real, ran, row.runs, out)
			}
			danger := filepath.Join(proj, "danger.sh")
			if err := os.WriteFile(danger, []byte("rm -rf ~\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			judged := strings.NewReplacer("SSH", ssh, "LOGIN", login, "LINE", "rm -rf ~", "FILE", danger).Replace(row.shape)
			want := Allow
			if row.runs {
				want = Deny
			}
			if d := Check(cfg, judged).Decision; d != want {
				t.Errorf("%s: %v, want %v", judged, d, want)
			}
		})
	}
	// The login shell, and a remote command, start in the home
	// directory (pwd's output written to the test's directory).
	for i, shape := range []string{"SSH LOGIN <<'EOF'\npwd > OUT\nEOF", "SSH LOGIN bash <<'EOF'\npwd > OUT\nEOF"} {
		out := filepath.Join(dir, "pwd-"+strconv.Itoa(i))
		real := strings.NewReplacer("SSH", ssh, "LOGIN", login, "OUT", out).Replace(shape)
		cmd := exec.Command("bash", "-c", real)
		cmd.Dir = dir
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", real, err, b)
		}
		b, err := os.ReadFile(out)
		if err != nil || strings.TrimSpace(string(b)) != me.HomeDir {
			t.Errorf("%s: the remote shell started in %q (%v), want the home directory %s", real, b, err, me.HomeDir)
		}
	}
}
