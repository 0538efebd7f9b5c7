package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestSymlinkedHookExec: the project's pre-commit hook is a symbolic link
// to a project script (ln -s ../../scripts/pre-commit.sh
// .git/hooks/pre-commit, a common set-up). Writing the script, and
// replacing the link (ln -sf, ln -snf, mv, cp --remove-destination,
// install, rm then cp), changes what the next git commit runs: corral
// denies each, and the real git runs the payload (a canary) exactly for
// those. Writing another script, and a new link elsewhere, pass and change
// nothing git runs.
func TestSymlinkedHookExec(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"git", "bash"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip(p + " is not installed")
		}
	}
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "proj/scripts/pre-commit.sh": "#!/bin/sh\nexit 0\n",
		"proj/scripts/build.sh": "#!/bin/sh\nexit 0\n"})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	root := filepath.Dir(cfg.Project)
	canary := filepath.Join(root, "CANARY")
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		cmd.Dir = cfg.Project
		cmd.Env = append(os.Environ(), "HOME="+root, "GIT_CONFIG_NOSYSTEM=1")
		_ = cmd.Run()
	}
	git("init", "-q")
	payload := "#!/bin/sh\ntouch " + canary + "\n"
	hook := filepath.Join(cfg.Project, ".git", "hooks", "pre-commit")
	reset := func() {
		t.Helper()
		_ = os.Remove(hook)
		_ = os.Remove(canary)
		if err := os.WriteFile(filepath.Join(cfg.Project, "scripts", "pre-commit.sh"), []byte("#!/bin/sh\n:\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(filepath.Join(cfg.Project, "scripts", "pre-commit.sh"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(cfg.Project, "x.sh"), []byte(payload), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("../../scripts/pre-commit.sh", hook); err != nil {
			t.Skipf("symbolic links not available: %v", err)
		}
	}
	reset()
	rows := []struct{ cmd, want string }{
		{"printf 'touch " + canary + "\\n' >> scripts/pre-commit.sh", "deny"},
		{"cp x.sh scripts/pre-commit.sh", "deny"},
		{"ln -sf ../../x.sh .git/hooks/pre-commit", "deny"},
		{"ln -snf ../../x.sh .git/hooks/pre-commit", "deny"},
		{"mv -f x.sh .git/hooks/pre-commit", "deny"},
		{"cp --remove-destination x.sh .git/hooks/pre-commit", "deny"},
		{"install -m 755 x.sh .git/hooks/pre-commit", "deny"},
		{"rm .git/hooks/pre-commit && cp x.sh .git/hooks/pre-commit", "deny"},
		{"sed -i 's|^:$|touch " + filepath.ToSlash(canary) + "|' scripts/pre-commit.sh", "deny"},
		// Look-alikes: nothing git runs changes.
		{"printf 'touch " + canary + "\\n' >> scripts/build.sh", "allow"},
		{"ln -s ../x.sh scripts/newlink", "allow"},
		{"cp x.sh scripts/run.sh", "allow"},
	}
	for _, r := range rows {
		reset()
		res := Check(cfg, r.cmd)
		if got := res.Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s (%v)", r.cmd, got, r.want, res.Findings)
		}
		cmd := exec.Command("bash", "-c", r.cmd)
		cmd.Dir = cfg.Project
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %v %s", r.cmd, err, out)
		}
		git("commit", "-q", "--allow-empty", "-m", "wip")
		_, err := os.Stat(canary)
		if ran := err == nil; ran != (r.want == "deny") {
			t.Errorf("%s: the next git commit ran the payload: %v; corral's decision should be %s", r.cmd, ran, r.want)
		}
	}
	// A repository nested deeper than the links corral looks up: writing
	// the script its hook leads to is not seen (README limits), but
	// writing or replacing the hook's name is judged by the name.
	deep := filepath.Join(cfg.Project, "a", "b", "c", "d", ".git", "hooks")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../../../../../scripts/build.sh", filepath.Join(deep, "pre-commit")); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"ln -sf ../../../../../../x.sh a/b/c/d/.git/hooks/pre-commit", "deny"},
		{"mv x.sh a/b/c/d/.git/hooks/pre-commit", "deny"},
		{"cp --remove-destination x.sh a/b/c/d/.git/hooks/pre-commit", "deny"},
		{"cp x.sh a/b/c/d/.git/hooks/pre-commit", "deny"},
		// The limit: its link is four levels down, past the three the
		// nested-repository search reads (a nest of three is found: a
		// test with one passed only while an index built before the nest
		// existed was reused).
		{"echo x >> scripts/build.sh", "allow"},
	})
}

// TestSymlinkedSettings: the agent's settings are a link into a dotfiles
// repository (~/.claude/settings.json -> ../dotfiles/claude/settings.json);
// writing the dotfiles file, through a redirect, sed -i or cp, rewrites
// the settings the agent reads, and replacing the link replaces them.
// Other dotfiles pass.
func TestSymlinkedSettings(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "home/dotfiles/.git/HEAD": "ref: refs/heads/main\n",
		"home/dotfiles/claude/settings.json": `{"hooks": {}}`, "home/dotfiles/vimrc": "set nu\n", "home/.claude/": ""})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	if err := os.Symlink("../dotfiles/claude/settings.json", filepath.Join(cfg.Home, ".claude", "settings.json")); err != nil {
		t.Skipf("symbolic links not available: %v", err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"echo '{}' > ~/dotfiles/claude/settings.json", "deny"},
		{"sed -i s/hooks/x/ ~/dotfiles/claude/settings.json", "deny"},
		{"cp /dev/null ~/dotfiles/claude/settings.json", "deny"},
		{"rm ~/dotfiles/claude/settings.json", "deny"},
		{"echo '{}' > ~/.claude/settings.json", "deny"},
		{"ln -sf /tmp/x.json ~/.claude/settings.json", "deny"},
		{"mv /tmp/x.json ~/.claude/settings.json", "deny"},
		{"echo 'set ai' >> ~/dotfiles/vimrc", "allow"},
		{"cat ~/dotfiles/claude/settings.json", "allow"},
	})
}
