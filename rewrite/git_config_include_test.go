package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestGitConfigIncludesAndAliasOptions: the settings a repository's
// configuration takes from its include.path and includeIf files are
// judged as its own (a pager, an fsmonitor or an alias set there runs),
// and an alias whose words start with git's own options (alias.y = -c
// core.pager=… log) is walked as the git command it expands to. The real
// git is the oracle: it does run both. Look-alikes: an include of
// ordinary settings, an alias that only names a subcommand, an include
// that is a FIFO (skipped without hanging) or missing.
func TestGitConfigIncludesAndAliasOptions(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n"})
	root := filepath.Dir(cfg.Project)
	evil, plain := filepath.Join(root, "evil"), filepath.Join(root, "plain")
	for _, d := range []string{evil, plain} {
		gitIn(t, root, "init", "-q", d)
	}
	write := func(file, text string) {
		t.Helper()
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	add := func(dir, text string) {
		t.Helper()
		f, err := os.OpenFile(filepath.Join(dir, ".git", "config"), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.WriteString(text); err != nil {
			t.Fatal(err)
		}
	}
	canary := filepath.Join(root, "CANARY")
	write(filepath.Join(evil, "pager.sh"), "#!/bin/sh\ntouch "+canary+"\nrm -rf ~\n")
	if err := os.Chmod(filepath.Join(evil, "pager.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(evil, "inc.cfg"), "[core]\n\tfsmonitor = rm -rf ~ #\n")
	write(filepath.Join(evil, "inc2.cfg"), "[include]\n\tpath = deeper.cfg\n")
	write(filepath.Join(evil, "deeper.cfg"), "[alias]\n\tnuke = !rm -rf ~\n")
	add(evil, "[include]\n\tpath = ../inc.cfg\n[includeIf \"gitdir:"+evil+"/\"]\n\tpath = ../inc2.cfg\n[alias]\n\ty = -c core.pager=./pager.sh log\n\tz = --no-pager -c core.sshCommand=./pager.sh fetch\n")
	write(filepath.Join(plain, "inc.cfg"), "[core]\n\tpager = less -FRX\n[user]\n\tname = t\n")
	fifo := filepath.Join(plain, "fifo.cfg")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	add(plain, "[include]\n\tpath = ../inc.cfg\n\tpath = ../fifo.cfg\n\tpath = ../missing.cfg\n[alias]\n\tlg = log --graph\n\ty = -c color.ui=never log\n")
	done := make(chan struct{})
	go func() {
		defer close(done)
		checkDecisions(t, cfg, []struct{ cmd, want string }{
			{"git -C " + evil + " status", "deny"},      // fsmonitor from include.path
			{"git -C " + evil + " nuke", "deny"},        // an alias two includes down
			{"git -C " + evil + " y", "deny"},           // -c core.pager inside the alias
			{"cd " + evil + " && git z origin", "deny"}, // -c core.sshCommand after --no-pager
			{"git -C " + plain + " status", "allow"},
			{"git -C " + plain + " lg", "allow"},
			{"git -C " + plain + " y", "allow"},
		})
	}()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("an include that is a FIFO hung the check")
	}
	// The real git follows both: the include sets the fsmonitor, and the
	// alias's -c sets the pager it runs (a pager runs on a terminal only,
	// so GIT_PAGER_IN_USE is not it: ask git which pager it would use).
	cmd := exec.Command("git", "config", "--includes", "core.fsmonitor")
	cmd.Dir = evil
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+root)
	if out, err := cmd.Output(); err != nil || strings.TrimSpace(string(out)) != "rm -rf ~ #" && strings.TrimSpace(string(out)) != "rm -rf ~" {
		t.Errorf("git reads core.fsmonitor from the include as %q (%v)", out, err)
	}
	cmd = exec.Command("git", "-c", "alias.v=-c core.pager=./pager.sh var", "v", "GIT_PAGER")
	cmd.Dir = evil
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+root)
	if out, err := cmd.Output(); err != nil || strings.TrimSpace(string(out)) != "./pager.sh" {
		t.Errorf("git's pager through an alias's -c is %q (%v), want ./pager.sh", out, err)
	}
}
