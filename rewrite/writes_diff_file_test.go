package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestDiffFileSelfTargets (issue 12 class 6): a diff in a file on disk
// (patch < FILE, patch -i FILE, git apply FILE, git am MBOX, git am <
// MBOX) is read at hook time as a here-document is, and every file it
// names is judged as a write after -p, -d and --directory place it: one
// that patches .claude/settings.json is denied. Look-alikes: a diff of
// ordinary project files, git apply --check and --stat (they write
// nothing), a diff that is not there (patch fails and writes nothing).
// The mbox is made by the real git format-patch, and the oracle's git am
// writes the file corral names.
func TestDiffFileSelfTargets(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cfg := scratchProject(t, map[string]string{
		"proj/.claude/settings.json": "{}\n",
		"proj/src/a.go":              "a\n",
		"sub.diff":                   "--- a/settings.json\n+++ b/settings.json\n@@ -1 +1 @@\n-{}\n+{\"x\":1}\n",
		"evil.diff":                  "--- a/.claude/settings.json\n+++ b/.claude/settings.json\n@@ -1 +1 @@\n-{}\n+{\"x\":1}\n",
		"fix.diff":                   "--- a/src/a.go\n+++ b/src/a.go\n@@ -1 +1 @@\n-a\n+b\n",
	})
	proj := cfg.Project
	root := filepath.Dir(proj)
	env := append(os.Environ(), "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b", "HOME="+root)
	git := func(args ...string) []byte {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = proj, env
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		return out
	}
	git("init", "-q", "-b", "main")
	git("add", ".")
	git("commit", "-qm", "base")
	if err := os.WriteFile(filepath.Join(proj, ".claude/settings.json"), []byte("{\"hooks\":1}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("commit", "-qam", "evil")
	mbox := filepath.Join(root, "p.mbox")
	if err := os.WriteFile(mbox, git("format-patch", "-1", "--stdout"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("reset", "-q", "--hard", "HEAD~1")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"patch -p1 < " + root + "/evil.diff", "deny"},
		{"patch -p1 -i " + root + "/evil.diff", "deny"},
		{"patch -p1 -d .claude < " + root + "/sub.diff", "deny"},
		{"patch -p1 --directory=.claude -i " + root + "/sub.diff", "deny"},
		{"git apply " + root + "/evil.diff", "deny"},
		{"git apply --directory=.claude " + root + "/sub.diff", "deny"},
		{"git am " + mbox, "deny"},
		{"git am -3 < " + mbox, "deny"},
		{"cat " + root + "/evil.diff | patch -p1", "deny"},
		// look-alikes
		{"git apply " + root + "/fix.diff", "warn"}, // src/** is a production path: warned, not stopped
		{"git apply --check " + root + "/evil.diff", "allow"},
		{"git apply --stat " + root + "/evil.diff", "allow"},
		{"patch -p1 < " + root + "/missing.diff", "allow"}, // patch fails: nothing written
		{"git am --abort", "allow"},
	})
	// Oracle: the real git am writes the file corral names.
	git("am", mbox)
	if b, _ := os.ReadFile(filepath.Join(proj, ".claude/settings.json")); string(b) != "{\"hooks\":1}\n" {
		t.Errorf("git am did not write .claude/settings.json: %q", b)
	}
}
