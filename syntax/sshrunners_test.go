package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSSHRunnersOracle: the host of mosh (which runs ssh with its --ssh
// words and, by default, its own ProxyCommand after them), of rsync with
// RSYNC_RSH, and of an lftp ssh site (ssh HOST) is where real ssh -G,
// given the same words, connects: a loopback host name and no proxy of
// the configuration's is this machine.
func TestSSHRunnersOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("ssh"); err != nil {
		t.Skip("ssh not installed")
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(filepath.Join(home, ".ssh"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(home, ".ssh", "config")
	for p, text := range map[string]string{
		cfg: "Host box\n  HostName 127.0.0.1\nHost web\n  HostName web.example.com\nHost prox\n  ProxyCommand nc 127.0.0.1 22\n" +
			"Host jbox\n  HostName 127.0.0.1\n  ProxyJump web\n",
		filepath.Join(dir, "alt"): "Host prod\n  HostName ::1\n",
	} {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// oracle runs ssh -G with words (a -F of the user's configuration
	// first when there is none, as ssh reads the password entry's home)
	// and reports whether it connects here: a loopback host name reached
	// with no proxy command or jump host.
	oracle := func(t *testing.T, words []string) bool {
		if !strings.Contains(" "+strings.Join(words, " ")+" ", " -F ") {
			words = append([]string{"-F", cfg}, words...)
		}
		run := exec.Command("ssh", append([]string{"-G"}, words...)...)
		run.Dir = dir
		out, err := run.Output()
		if err != nil {
			t.Skipf("ssh -G %v: %v", words, err)
		}
		here, proxied := false, false
		for _, line := range strings.Split(string(out), "\n") {
			k, v, _ := strings.Cut(line, " ")
			switch k {
			case "hostname":
				here = loopbackName(v)
			case "proxycommand", "proxyjump":
				proxied = proxied || v != "none" && v != ""
			}
		}
		return here && !proxied
	}
	for _, c := range []struct {
		cmd   string
		words []string // what ssh is given
	}{
		{"mosh box -- ls", []string{"-o", "ProxyCommand=none", "box"}},
		{"mosh web -- ls", []string{"-o", "ProxyCommand=none", "web"}},
		{"mosh prox -- ls", []string{"-o", "ProxyCommand=none", "prox"}},
		{"mosh jbox -- ls", []string{"-o", "ProxyCommand=none", "jbox"}},
		{"mosh --ssh='ssh -F alt' prod -- ls", []string{"-F", "alt", "-o", "ProxyCommand=none", "prod"}},
		{"mosh --ssh='ssh -F /dev/null' box -- ls", []string{"-F", "/dev/null", "-o", "ProxyCommand=none", "box"}},
		{"mosh --ssh='ssh -o HostName=localhost' web -- ls", []string{"-o", "HostName=localhost", "-o", "ProxyCommand=none", "web"}},
		{"mosh --experimental-remote-ip=remote jbox -- ls", []string{"jbox"}},
	} {
		t.Run(c.cmd, func(t *testing.T) {
			want := oracle(t, c.words)
			m, err := Analyze(c.cmd, Options{Cwd: dir, Home: home})
			if err != nil {
				t.Fatal(err)
			}
			for _, call := range m.Calls {
				if call.Name == "mosh" {
					if got := call.sshPlace == sshHere; got != want {
						t.Errorf("here %v (%v, %s), ssh -G %v: here %v", got, call.sshPlace, call.sshWhy, c.words, want)
					}
					return
				}
			}
			t.Fatal("no mosh call")
		})
	}
	for _, host := range []string{"box", "web", "prox", "jbox", "BOX"} {
		t.Run("lftp sftp://"+host, func(t *testing.T) {
			want := oracle(t, []string{host})
			if got, why := SSHConfigHere(home, host); got != want {
				t.Errorf("SSHConfigHere %v (%s), ssh -G: here %v", got, why, want)
			}
		})
	}
	for _, c := range []struct{ cmd, rsh, host string }{
		{"RSYNC_RSH='ssh -F alt' rsync x prod:MARK", "-F alt", "prod"},
		{"export RSYNC_RSH='ssh -o HostName=127.0.0.1'; rsync x web:MARK", "-o HostName=127.0.0.1", "web"},
		{"RSYNC_RSH='ssh -F /dev/null' rsync x box:MARK", "-F /dev/null", "box"},
		{"RSYNC_RSH=ssh rsync x box:MARK", "", "box"},
	} {
		t.Run(c.cmd, func(t *testing.T) {
			want := oracle(t, append(strings.Fields(c.rsh), c.host))
			h, m, why := transferPlace(t, c.cmd, dir, home, "MARK")
			if h != want || m {
				t.Errorf("here %v maybe %v (%s), ssh -G: here %v", h, m, why, want)
			}
		})
	}
}
