package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitPathspecWrites (issue 12 class 6): a pathspec under a command
// that overwrites work-tree files with what git holds is a write of the
// files it names: git stash push PATHSPEC (and git stash -- PATHSPEC)
// resets them to HEAD, git restore and git checkout -- PATHSPEC to the
// index, and a directory pathspec writes the tracked self-protected
// files under it (git restore .claude as git restore
// .claude/settings.json); git read-tree -u --reset TREE writes the files
// that differ in TREE. Look-alikes: a stash of the whole tree, of an
// ordinary directory, the stash's listing and display, a restore of the
// repository's top, a restore of the index only. The oracle runs the
// real git stash -- .claude and checks it reset the file.
func TestGitPathspecWrites(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cfg := scratchProject(t, map[string]string{
		"proj/.claude/settings.json": "{}\n",
		"proj/src/a.go":              "package a\n",
		"proj/docs/x.md":             "x\n",
	})
	proj := cfg.Project
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = proj
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b", "HOME="+filepath.Dir(proj))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q", "-b", "main")
	git("add", ".")
	git("commit", "-qm", "base")
	git("checkout", "-q", "-b", "other")
	if err := os.WriteFile(filepath.Join(proj, ".claude/settings.json"), []byte(`{"hooks":{}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("commit", "-qam", "other")
	git("checkout", "-q", "main")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git stash -- .claude", "deny"},
		{"git stash push .claude/settings.json", "deny"},
		{"git stash push -m wip -- .claude", "deny"},
		{"git stash -u -- .claude/settings.json", "deny"},
		{"git restore .claude", "deny"},
		{"git restore -W .claude", "deny"},
		{"git checkout -- .claude", "deny"},
		{"git restore --source=HEAD .claude", "deny"},
		{"git -C src restore ../.claude", "deny"},
		{"git read-tree -u --reset other", "deny"},
		{"git read-tree -m -u other", "deny"},
		// look-alikes
		{"git stash", "allow"},
		{"git stash -- docs", "allow"},
		{"git stash push -m wip docs/x.md", "allow"},
		{"git stash list", "allow"},
		{"git stash show -p", "allow"},
		{"git read-tree -u --reset main", "ask"}, // git-destroy only: HEAD's files
		{"git read-tree other", "allow"},         // the index only
		{"git stash push --help", "allow"},
	})
	// Oracle: the real git stash -- .claude resets the changed file to
	// HEAD, and git stash -- docs leaves it.
	if err := os.WriteFile(filepath.Join(proj, ".claude/settings.json"), []byte("changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("stash", "--", "docs")
	if b, _ := os.ReadFile(filepath.Join(proj, ".claude/settings.json")); string(b) != "changed\n" {
		t.Errorf("git stash -- docs changed .claude/settings.json: %q", b)
	}
	git("stash", "--", ".claude")
	if b, _ := os.ReadFile(filepath.Join(proj, ".claude/settings.json")); !strings.Contains(string(b), "{}") {
		t.Errorf("git stash -- .claude left .claude/settings.json as %q, want HEAD's", b)
	}
}
