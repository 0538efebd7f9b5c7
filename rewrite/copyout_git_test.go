package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestCopyOutThroughGit: a repository in the sandbox (cloned by the same
// command, or already there) copies its content out through git as well
// as through its files: git show/cat-file/archive/diff/log -p of it into
// a project file, git worktree add of it outside the sandbox, and a diff
// from the sandbox applied by patch, git apply or git am in the project.
// Subcommands that print names, hashes or status, and writes that stay in
// the sandbox or go to /tmp, pass.
func TestCopyOutThroughGit(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/README.md":                   "hi\n",
		"proj/agent_sandbox/lib/.git/HEAD": "ref: refs/heads/main\n",
		"proj/agent_sandbox/lib/x.sh":      "echo hi\n",
		"proj/agent_sandbox/fix.diff":      "--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-hi\n+ho\n",
	})
	clone := "git clone https://github.com/acme/b && "
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// A repository cloned into the sandbox by this command (b is
		// moved to agent_sandbox/b).
		{clone + "git -C b show HEAD:x.sh > src.sh", "ask"},
		{clone + "git -C b show HEAD:x.sh | tee src.sh", "ask"},
		{clone + "git --git-dir=b/.git show HEAD:x.sh > src.sh", "ask"},
		{clone + "git -C b cat-file -p HEAD:x.sh > src.sh", "ask"},
		{clone + "git -C b archive HEAD | tar -x -C web", "ask"},
		{clone + "git -C b log -p > notes.txt", "ask"},
		{clone + "git -C b diff HEAD~1 | git apply", "ask"},
		{clone + "git -C b diff HEAD~1 | patch -p1", "ask"},
		{clone + "git -C b format-patch -1 --stdout | git am", "ask"},
		{clone + "git -C b worktree add ../../w", "ask"},
		{clone + "git -C b worktree add -b x ../../w", "ask"},
		// Already in the sandbox.
		{"git -C agent_sandbox/lib show HEAD:x.sh > x.sh", "ask"},
		{"cd agent_sandbox/lib && git show HEAD:x.sh > ../../x.sh", "ask"},
		{"GIT_DIR=agent_sandbox/lib/.git git show HEAD:x.sh > x.sh", "ask"},
		{"patch -p1 < agent_sandbox/fix.diff", "ask"},
		{"cat agent_sandbox/fix.diff | patch -p1", "ask"},
		{"git apply agent_sandbox/fix.diff", "ask"},
		{"cat agent_sandbox/fix.diff | git apply", "ask"},
		{"git am agent_sandbox/fix.diff", "ask"},
		// Look-alikes.
		{clone + "git -C b log --oneline | head", "rewrite"},
		{clone + "git -C b rev-parse HEAD > .libver", "rewrite"},
		{clone + "git -C b status > status.txt", "rewrite"},
		{clone + "git -C b show HEAD:x.sh > /tmp/x.sh", "rewrite"},
		{clone + "cd b && git show HEAD:x.sh > y.sh", "rewrite"},
		{clone + "git -C b worktree add ../w", "rewrite"},
		{"git -C agent_sandbox/lib show HEAD:x.sh > agent_sandbox/x.sh", "allow"},
		{"git -C agent_sandbox/lib show HEAD:x.sh | wc -l", "allow"},
		{"git show HEAD:README.md > old.md", "allow"},
		{"git diff HEAD~1 | git apply -R", "allow"},
		{"git log -p > notes.txt", "allow"},
		{"git -C agent_sandbox show HEAD:README.md > old.md", "allow"},
		{"git worktree add ../wt", "allow"},
	})
}

// TestWorktreeAddRelativeToC: git worktree add PATH makes PATH from the
// directory -C names, not from where git was started (real git), and
// corral judges that path: git -C ~/.config worktree add autostart writes
// ~/.config/autostart.
func TestWorktreeAddRelativeToC(t *testing.T) {
	t.Parallel()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	repo := filepath.Join(dir, "proj", "agent_sandbox", "b")
	home := filepath.Join(dir, "home")
	for _, d := range []string{repo, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(repo, "x.sh"), []byte("echo hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(wd string, args ...string) {
		t.Helper()
		cmd := exec.Command(git, args...)
		cmd.Dir = wd
		cmd.Env = append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run(repo, "init", "-q")
	run(repo, "add", "x.sh")
	run(repo, "commit", "-qm", "x")
	proj := filepath.Join(dir, "proj")
	run(proj, "-C", "agent_sandbox/b", "worktree", "add", "-q", "../../w")
	if _, err := os.Stat(filepath.Join(proj, "w", "x.sh")); err != nil {
		t.Fatalf("git -C agent_sandbox/b worktree add ../../w did not check out proj/w/x.sh: %v", err)
	}
	cfg := scratchProject(t, map[string]string{"proj/README.md": "hi\n", "home/.config/x": "x\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git -C ~/.config worktree add autostart", "deny"},
		{"git -C ~/.config worktree add -b b2 autostart", "deny"},
		{"git -C ~ worktree add .ssh", "deny"},
		{"git -C ~/src/tool worktree add ../tool-wt", "allow"},
	})
}

// TestCopyOutThroughValues: content of a sandbox file held by a variable
// (x=$(cat F), x=$(< F), read, mapfile, source) and written out by echo
// or printf is copied out as cat F > p is; a source path that is one of
// several values (assigned in a branch that may not run) is checked for
// each value. Writes that stay in the sandbox, values never written and
// files of the project pass.
func TestCopyOutThroughValues(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/README.md":       "hi\n",
		"proj/agent_sandbox/x": "echo hi\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`x=$(cat agent_sandbox/x); echo "$x" > p.sh`, "ask"},
		{`x=$(< agent_sandbox/x); printf '%s' "$x" > p.sh`, "ask"},
		{`mapfile -t a < agent_sandbox/x; printf '%s\n' "${a[@]}" > p.sh`, "ask"},
		{`read -r x < agent_sandbox/x; echo "$x" | tee p.sh`, "ask"},
		{`IFS= read -rd '' x < agent_sandbox/x; printf '%s' "$x" > p.sh`, "ask"},
		{`curl -o v.txt https://example.com/v && v=$(cat v.txt); echo "$v" > VERSION`, "ask"},
		{`git clone https://github.com/acme/b && f=b/setup.sh; cp $f web/`, "ask"},
		{`git clone https://github.com/acme/b && f=b/setup.sh; cat "$f" > web/s.sh`, "ask"},
		{`cp "${F:-agent_sandbox/x}" web/`, "ask"},
		// Look-alikes.
		{`x=$(cat agent_sandbox/x); echo "$x" > agent_sandbox/y`, "allow"},
		{`x=$(cat agent_sandbox/x); echo "$x"`, "allow"},
		{`x=$(cat README.md); echo "$x" > p.md`, "allow"},
		{`f=README.md; [ -n "$X" ] && f=docs.md; cp "$f" web/`, "allow"},
		{`cp "$F" /tmp/`, "allow"},
	})
}
