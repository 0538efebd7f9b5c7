package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitOutputEverySubcommand (red team 14 GO1): --output=FILE and
// --output FILE write FILE for every git subcommand that parses the
// revision or diff options, not only log/show/diff.
func TestGitOutputEverySubcommand(t *testing.T) {
	t.Parallel()
	testRuleWith(t, guardedConfig(), "bash-write", []ruleCase{
		{"git rev-list --all --output=$HOME/.bashrc", Deny},
		{"git rev-list -1 --output=.claude/settings.json HEAD", Deny},
		{"git rev-list --output .git/config HEAD", Deny},
		{"git diff-tree -p --root --output=$HOME/.bashrc HEAD", Deny},
		{"git shortlog --output=$HOME/.bashrc HEAD~1..HEAD", Deny},
		{"git diff-files --output=.env", Deny},
		{"git diff-index --output=.env HEAD", Deny},
		{"git reflog --output=.git/hooks/pre-commit", Deny},
		{"git reflog show --output=.env", Deny},
		{"git stash list --output=.env", Deny},
		{"git stash show --output=.env", Deny},
		{"git show-branch --output=.env", Deny},
		{"git blame --output=.env README", Deny},
		{"git -C sub rev-list --output=../.env HEAD", Deny},
		{"git -C ~ rev-list --output=.bashrc HEAD", Deny},
		{"git rev-list --output=~/.bashrc HEAD", Allow}, // bash leaves this ~: ./~/.bashrc
		{"git rev-list --output=/etc/cron.d/x HEAD", Deny},
		// Look-alikes.
		{"git rev-list --all", Allow},
		{"git shortlog -sn", Allow},
		{"git diff-tree -r HEAD", Allow},
		{"git rev-list --output=agent_sandbox/x --all", Allow},
		{"git rev-list --output=/tmp/x --all", Allow},
		{"git log --output=/tmp/x", Allow},
		{"git rev-list --output-indicator-new=x HEAD", Allow},
		{"git rev-list HEAD -- --output=.env", Allow}, // a pathspec
		{"git commit -m 'use --output=.env'", Allow},
	})
}

// TestGitOutputOracle runs the real git: each of these subcommands
// writes the --output file (HOME a temp directory, the file a canary).
func TestGitOutputOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	run := func(args ...string) error {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=x; touch pwned; #", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
		out, err := cmd.CombinedOutput()
		if err != nil {
			return &exec.ExitError{Stderr: out}
		}
		return nil
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"commit", "-q", "--allow-empty", "-m", "x"}} {
		if err := run(args...); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "README"), []byte("hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run("add", "README"); err != nil {
		t.Fatal(err)
	}
	if err := run("commit", "-qm", "r"); err != nil {
		t.Fatal(err)
	}
	for i, args := range [][]string{
		{"rev-list", "--all", "--output=OUT"},
		{"rev-list", "--output", "OUT", "HEAD"},
		{"shortlog", "--output=OUT", "HEAD"},
		{"diff-tree", "-p", "--root", "--output=OUT", "HEAD"},
		{"diff-index", "--output=OUT", "HEAD~1"},
		{"reflog", "--output=OUT"},
		{"blame", "--output=OUT", "README"},
	} {
		out := filepath.Join(dir, "canary"+string(rune('a'+i)))
		for j := range args {
			args[j] = strings.ReplaceAll(args[j], "OUT", out)
		}
		if err := run(args...); err != nil {
			t.Errorf("git %v: %v", args, err)
			continue
		}
		if _, err := os.Stat(out); err != nil {
			t.Errorf("git %v did not write its --output file: %v", args, err)
		}
	}
	// git takes no abbreviation of it.
	if err := run("rev-list", "--outp="+filepath.Join(dir, "abbr"), "HEAD"); err == nil {
		t.Errorf("git rev-list --outp= was accepted")
	}
	if _, err := os.Stat(filepath.Join(dir, "abbr")); err == nil {
		t.Errorf("git rev-list --outp= wrote a file")
	}
}

// TestGitConfigFileFromC: git config --file F with git -C DIR opens a
// relative F from DIR, where git runs (git -C .git config --file config
// core.x y writes .git/config, which the real git shows). It was judged
// from the working directory and passed.
func TestGitConfigFileFromC(t *testing.T) {
	t.Parallel()
	testRuleWith(t, guardedConfig(), "bash-write", []ruleCase{
		{"git -C .git config --file config core.x y", Deny},
		{"git -C .git config -f config core.x y", Deny},
		{"git -C .git/hooks config --file=../config core.x y", Deny},
		{"git config --file .git/config core.x y", Deny},
		// Look-alikes.
		{"git -C sub config --file x.cfg a.b c", Allow},
		{"git -C /tmp config --file x.cfg a.b c", Allow},
		{"git -C .git config --get core.bare", Allow},
	})
	if _, err := exec.LookPath("git"); err != nil {
		return
	}
	dir := t.TempDir()
	if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
		t.Skipf("git init: %v %s", err, out)
	}
	cmd := exec.Command("git", "-C", ".git", "config", "--file", "config", "core.canary", "yes")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git: %v %s", err, out)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, ".git", "config")); !strings.Contains(string(b), "canary") {
		t.Errorf("git -C .git config --file config did not write .git/config: %s", b)
	}
}
