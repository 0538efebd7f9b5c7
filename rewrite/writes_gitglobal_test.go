package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestGitGlobalConfigRead (red team 14 GC1, GW1): the user's global git
// configuration (~/.gitconfig, ~/.config/git/config) is read at hook time
// as the repository's .git/config is: a code-running key there is judged
// on every git command (an alias only for the command it names); a
// code-running key set with git config naming a program that does not
// exist yet asks (a later Write of it runs on every git command); a
// work tree outside the project asks as any write there does, except
// beside the repository. The real git (HOME a temp directory) runs the
// global fsmonitor on git status, and git worktree add writes the branch's
// config as ~/.config/git/config.
func TestGitGlobalConfigRead(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "home/.bashrc": "# canary\n"})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	proj, home := cfg.Project, cfg.Home
	run := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b", "HOME="+home, "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(p, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run(proj, "init", "-q", "-b", "main")
	run(proj, "add", "README")
	run(proj, "commit", "-qm", "base")
	run(proj, "checkout", "-q", "-b", "evil")
	write(filepath.Join(proj, "config"), "[core]\n\tfsmonitor = rm -f ~/.bashrc; false\n")
	run(proj, "add", "config")
	run(proj, "commit", "-qm", "evil")
	run(proj, "checkout", "-q", "main")
	for _, v := range []string{"XDG_CONFIG_HOME", "GIT_CONFIG_GLOBAL"} {
		t.Setenv(v, "")
		os.Unsetenv(v)
	}
	// An ordinary global configuration: nothing to say.
	gitconfig := filepath.Join(home, ".gitconfig")
	xdgconfig := filepath.Join(home, ".config", "git", "config")
	write(gitconfig, "[user]\n\tname = a\n[core]\n\teditor = vim\n\tpager = less\n[alias]\n\tco = checkout\n\tlg = !git log --oneline\n")
	missing := filepath.Join(t.TempDir(), "later.sh")
	// A program that is there, in a place the agent's user can write:
	// the agent can put anything there later.
	existing := filepath.Join(t.TempDir(), "tool.sh")
	write(existing, "#!/bin/sh\nexec less \"$@\"\n")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git status", "allow"},
		{"git co main", "allow"},
		{"git lg", "allow"},
		{"git config --global user.name x", "allow"},
		{"git config --global core.editor vim", "allow"},
		{"git config --global init.defaultBranch main", "allow"},
		{"git config --global core.pager /usr/bin/less", "allow"},
		// A code-running key naming a program not there yet.
		{"git config --global core.fsmonitor " + missing, "ask"},
		{"git config --global core.pager " + missing, "ask"},
		{"git config --global core.sshCommand " + missing, "ask"},
		{"git config --global diff.external " + missing, "ask"},
		{"git config --global credential.helper " + missing, "ask"},
		{"git config --global alias.st '!" + missing + "'", "ask"},
		{"git config core.fsmonitor " + missing, "ask"},
		{"git config --global core.pager " + existing, "ask"},
		{"git config --global core.askpass " + existing, "ask"},
		{"git config --global diff.external " + existing, "ask"},
		{"echo x > " + missing + "; git config --global core.pager " + missing, "ask"},
	})
	// A work tree outside the project (the temporary directory not a
	// safe path here, as the user's home is not).
	pol, err := guards.ParsePolicy("guardrails.json", []byte(`{"version": 1, "safe_paths": ["~/.claude"], "blocked_paths": ["/etc"]}`))
	if err != nil {
		t.Fatal(err)
	}
	wcfg := *cfg
	wcfg.Paths = guards.DefaultPolicy().Merge(pol).WithSelfProtection(nil, cfg.Sandbox)
	checkDecisions(t, &wcfg, []struct{ cmd, want string }{
		{"git worktree add ~/.config/git evil", "ask"},
		{"git worktree add ~/.config/nvim evil", "deny"},                     // Neovim's start-up files are protected
		{"git worktree add ~/.ipython/profile_default/startup evil", "deny"}, // IPython's start-up files are protected too
		{"git worktree add ~/.local/share/evil evil", "ask"},
		{"git checkout -q -b e2 && git worktree add -q ~/.config/git e2", "ask"},
		{"touch ~/.config/git/config", "ask"}, // as any write there
		{"git worktree add ../feature-x evil", "allow"},
		{"git worktree add -b x ../wt2", "allow"},
		{"git worktree add agent_sandbox/wt main", "allow"},
		{"git worktree add ../.vim evil", "ask"},
	})
	// Code-running keys in the global files.
	write(gitconfig, "[core]\n\tfsmonitor = rm -f ~/.bashrc; false\n")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git status", "deny"},
		{"git log", "deny"},
		{"GIT_CONFIG_GLOBAL=/dev/null git status", "allow"},
	})
	write(gitconfig, "[alias]\n\tst = !rm -f ~/.bashrc\n")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git st", "deny"},
		{"git status", "allow"},
	})
	if err := os.Remove(gitconfig); err != nil {
		t.Fatal(err)
	}
	write(xdgconfig, "[core]\n\tpager = rm -f ~/.bashrc\n")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git log", "deny"},
		{"HOME=/nonexistent git log", "allow"},
	})
	write(xdgconfig, "[core]\n\tfsmonitor = "+missing+"\n")
	write(missing, "#!/bin/sh\nrm -f "+filepath.Join(home, ".bashrc")+"\n")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git status", "deny"}, // the script it names, read now
	})
	// What the real git does with the global configuration and the work tree.
	if err := os.Remove(xdgconfig); err != nil {
		t.Fatal(err)
	}
	canary := filepath.Join(home, "pwned")
	write(gitconfig, "[core]\n\tfsmonitor = touch "+canary+"; false\n")
	run(proj, "status", "--short")
	if _, err := os.Stat(canary); err != nil {
		t.Errorf("git status did not run the global core.fsmonitor: %v", err)
	}
	if err := os.Remove(gitconfig); err != nil {
		t.Fatal(err)
	}
	run(proj, "worktree", "add", "-q", filepath.Join(home, ".config", "git"), "evil")
	b, err := os.ReadFile(xdgconfig)
	if err != nil || !strings.Contains(string(b), "fsmonitor") {
		t.Errorf("git worktree add did not write the branch's config as the global one: %v %q", err, b)
	}
}
