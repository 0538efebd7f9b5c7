package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitCloneWorktreeConfig: git clone -c core.worktree=DIR (or
// --config) keeps DIR in the new repository's configuration. The clone
// checks out into its own directory, but later checkouts and resets
// there write the foreign tree into DIR, outside the sandbox the clone
// was moved to: ask. Other -c settings keep the rewrite. The real git
// shows the setting kept and a later checkout writing into DIR.
func TestGitCloneWorktreeConfig(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "x\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`git clone --config core.worktree=/srv/x https://example.com/r.git`, "ask"},
		{`git clone -c core.worktree=../../.. https://example.com/r.git agent_sandbox/r`, "ask"},
		{`git clone -c core.WorkTree=x https://example.com/r.git`, "ask"},
		// Look-alikes.
		{`git clone -c core.autocrlf=false https://example.com/r.git`, "rewrite"},
		{`git clone --config http.sslVerify=true https://example.com/r.git`, "rewrite"},
	})
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	run := func(d string, args ...string) {
		cmd := exec.Command(git, args...)
		cmd.Dir = d
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir, "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b",
			"GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Skipf("git %v: %v %s", args, err, out)
		}
	}
	src := filepath.Join(dir, "src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	run(src, "init", "-q", ".")
	if err := os.WriteFile(filepath.Join(src, "foreign.txt"), []byte("f\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run(src, "add", "foreign.txt")
	run(src, "commit", "-qm", "x")
	out := filepath.Join(dir, "outside")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	run(dir, "clone", "-q", "-c", "core.worktree="+out, src, "box")
	run(filepath.Join(dir, "box"), "checkout", "-f", "HEAD", "--", ".")
	if _, err := os.Stat(filepath.Join(out, "foreign.txt")); err != nil {
		t.Errorf("a checkout in a clone made with -c core.worktree=%s did not write there: %v", out, err)
	}
}
