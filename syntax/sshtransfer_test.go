package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// transferPlace analyzes cmd (one scp, sftp or rsync call) with home and
// returns the place recorded for its operand holding marker.
func transferPlace(t *testing.T, cmd, dir, home, marker string) (here, maybe bool, why string) {
	t.Helper()
	m, err := Analyze(cmd, Options{Cwd: dir, Home: home})
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	for _, c := range m.Calls {
		for i, a := range c.Args {
			if strings.Contains(a.Raw, marker) {
				return c.TransferHost(i)
			}
		}
	}
	t.Fatalf("%s: no word holds %q", cmd, marker)
	return
}

// TestTransferHost: the host of an scp, sftp or rsync operand, resolved
// as ssh resolves it from the options the program hands ssh (-F, -o,
// rsync -e "ssh …") and the user's configuration; another remote shell
// (rsync -e rsh), rsync's daemon form and a URL are not read.
func TestTransferHost(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	files := map[string]string{
		"home/.ssh/config": "Host box\n  HostName 127.0.0.1\nHost prox\n  ProxyCommand nc 127.0.0.1 22\nHost web\n  HostName web.example.com\n",
		"alt":              "Host prod\n  HostName localhost\n",
	}
	for rel, text := range files {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const here, maybe, other = "here", "maybe", "other"
	for _, c := range []struct{ cmd, want string }{
		{"scp x box:MARK", here},
		{"scp x me@box:MARK", here},
		{"scp box:MARK .", here},
		{"scp -P 22 x box:MARK", here},
		{"scp -o HostName=127.0.0.1 x prod:MARK", here},
		{"scp -F alt x prod:MARK", here},
		{"scp x prox:MARK", maybe},
		{"scp x $H:MARK", maybe},
		{"scp x me@\"$H\":MARK", maybe},
		{"sftp box:MARK k", here},
		{"sftp -b - boxMARK", other}, // no such Host: another machine
		{"sftp $H:MARK", maybe},
		{"rsync -a x box:MARK", here},
		{"rsync -a --delete x box:MARK", here},
		{"rsync -a -e 'ssh -o HostName=127.0.0.1' x prod:MARK", here},
		{"rsync -a --rsh='ssh -F alt' x prod:MARK", here},
		{"rsync -avze \"ssh -o 'HostName localhost'\" x prod:MARK", here},
		{"rsync -a -e ssh x box:MARK", here},
		{"rsync -a -e /usr/bin/ssh x box:MARK", here},
		{"rsync -a x $H:MARK", maybe},
		// Look-alikes.
		{"scp x web:MARK", other},
		{"scp x prod:MARK", other},
		{"scp -F /dev/null x box:MARK", other},
		{"scp -o HostName=web.example.com x box:MARK", other},
		{"scp x BOX:MARK", other},
		{"scp x localhost:MARK", other}, // read as localhost: already
		{"scp x box/MARK:y", other},     // a local path
		{"scp x scp://box/MARK", other},
		{"rsync -a -e rsh x box:MARK", other},
		{"rsync -a -e 'ssh -F /dev/null' x box:MARK", other},
		{"rsync -a x box::MARK", other},
		{"rsync -a -e \"$RSH\" x box:MARK", other},
		{"scp x box:$MARK", other}, // a path only run time knows
		{"rsync -a -f'- e' -e rsh x box:MARK", other},
		{"rsync -a -f'- e' x box:MARK", here},
		{"rsync -aerssh x box:MARK", other}, // -e rssh
	} {
		h, m, why := transferPlace(t, c.cmd, dir, home, "MARK")
		got := other
		if h {
			got = here
		} else if m {
			got = maybe
		}
		if got != c.want {
			t.Errorf("%s: %s (%s), want %s", c.cmd, got, why, c.want)
		}
	}
}

// TestTransferHostOracle runs the real scp and sftp with -S naming a
// program that asks ssh -G where the words scp hands ssh connect, and
// requires the resolver to place the host on this machine exactly when
// that is a loopback name.
func TestTransferHostOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("ssh"); err != nil {
		t.Skip("ssh not installed")
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(filepath.Join(home, ".ssh"), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(p, text string, mode os.FileMode) {
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(home, ".ssh", "config"), "Host box\n  HostName 127.0.0.1\nHost web\n  HostName web.example.com\nHost *.loop\n  HostName localhost\n", 0o644)
	write(filepath.Join(dir, "alt"), "Host prod\n  HostName ::1\n", 0o644)
	log := filepath.Join(dir, "log")
	fake := filepath.Join(dir, "fakessh")
	// ssh reads the configuration of the password entry's home, not
	// HOME's: without -F the fake program names HOME's.
	write(fake, "#!/bin/sh\ncase \" $* \" in *\" -F \"*) set -- \"$@\";; *) set -- -F "+filepath.Join(home, ".ssh", "config")+" \"$@\";; esac\n"+
		"ssh -G \"$@\" 2>/dev/null | sed -n 's/^hostname //p' > "+log+"\n", 0o755)
	for _, cmd := range []string{
		"scp x box:MARK", "scp x web:MARK", "scp x a.loop:MARK", "scp x me@box:MARK", "scp x prod:MARK",
		"scp -F alt x prod:MARK", "scp -F alt x box:MARK", "scp -o HostName=127.0.0.1 x web:MARK",
		"scp -oHostName=web.example.com x box:MARK", "scp x BOX:MARK",
		"sftp box:MARK", "sftp -F alt prod:MARK", "sftp -o HostName=localhost web:MARK", "sftp web:MARK",
	} {
		prog, _, _ := strings.Cut(cmd, " ")
		path, err := exec.LookPath(prog)
		if err != nil {
			continue
		}
		os.Remove(log)
		words := strings.Fields(cmd)
		run := exec.Command(path, append([]string{"-S", fake}, words[1:]...)...)
		run.Dir = dir
		run.Env = append(os.Environ(), "HOME="+home)
		_ = run.Run() // the fake program speaks no protocol: scp fails
		out, err := os.ReadFile(log)
		name := strings.TrimSpace(string(out))
		if err != nil || name == "" {
			t.Errorf("%s: ssh -G printed no host name", cmd)
			continue
		}
		h, m, why := transferPlace(t, cmd, dir, home, "MARK")
		if want := loopbackName(name); h != want || m {
			t.Errorf("%s: ssh connects to %s (this machine: %v); resolver here %v maybe %v (%s)", cmd, name, want, h, m, why)
		}
	}
}
