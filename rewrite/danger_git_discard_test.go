package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitCheckoutUnchangedFiles (red team 17 FA1): git checkout -- F,
// git checkout F, git checkout . and git restore F discard the work
// tree's text where it differs from the index; in a tree where the files
// are the index's blobs they discard nothing and pass. A changed file (a
// new text of the same size too), a staged-only change read from another
// source, a pathspec matching nothing, a call after one that may change
// the file, a source commit or a run-time path still ask.
func TestGitCheckoutUnchangedFiles(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cfg := scratchProject(t, map[string]string{
		"proj/app/main.py": "print(1)\n", "proj/app/util.py": "x = 1\n", "proj/README": "r\n",
		"proj2/a.py": "a = 1\n", "proj2/b.py": "b = 1\n",
	})
	gitIn(t, cfg.Project, "init", "-q")
	gitIn(t, cfg.Project, "add", ".")
	gitIn(t, cfg.Project, "commit", "-qm", "init")
	other := filepath.Join(filepath.Dir(cfg.Project), "proj2")
	gitIn(t, other, "init", "-q")
	gitIn(t, other, "add", ".")
	gitIn(t, other, "commit", "-qm", "init")
	// b.py: same size, another text; a.py stays.
	if err := os.WriteFile(filepath.Join(other, "b.py"), []byte("b = 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git checkout -- app/main.py", "allow"},
		{"git checkout -q -- app/main.py app/util.py", "allow"},
		{"git restore app/main.py", "allow"},
		{"git restore --worktree -- app", "allow"},
		{"git checkout app/main.py", "allow"},
		{"git checkout .", "allow"},
		{"cd app && git checkout -- main.py", "allow"},
		{"git status && git restore .", "allow"},
		{"git -C " + other + " checkout -- a.py", "allow"},
		// Changed, or not known to be unchanged: ask as before.
		{"git -C " + other + " checkout -- b.py", "ask"},
		{"git -C " + other + " restore b.py", "ask"},
		{"git -C " + other + " checkout b.py", "ask"},
		{"git -C " + other + " checkout .", "ask"},
		{"git -C " + other + " restore '*.py'", "ask"},
		{"cd " + other + " && git checkout -- a.py b.py", "ask"},
		{"git checkout -- nothere.py", "ask"},
		{"git checkout HEAD~1 -- app/main.py", "ask"},
		{"git restore --source=HEAD~1 app/main.py", "ask"},
		{"git checkout --ours -- app/main.py", "ask"},
		{"git checkout -- \"$F\"", "ask"},
		{"echo x >> app/main.py; git checkout -- app/main.py", "ask"},
		{"cp README app/main.py && git restore app/main.py", "ask"},
		{"for i in 1 2; do git checkout -- app/main.py; done", "ask"},
		{"GIT_INDEX_FILE=/tmp/i git checkout -- app/main.py", "ask"},
		{"git --git-dir=.git checkout -- app/main.py", "ask"},
		{"git checkout -f", "ask"},
		// Look-alikes that never asked.
		{"git checkout main", "allow"},
		{"git restore --staged app/main.py", "allow"},
	})
}

// TestGitCheckoutDiscardOracle runs the real git: checkout -- F over a
// file whose bytes are the index blob leaves the same bytes (nothing is
// lost), and over a changed file of the same size puts the index's text
// back (the change is lost), which is why corral compares the text, not
// the size. Canaries in a temporary directory only.
func TestGitCheckoutDiscardOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	gitIn(t, dir, "init", "-q")
	for _, f := range []string{"a.txt", "b.txt"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("one\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitIn(t, dir, "add", ".")
	gitIn(t, dir, "commit", "-qm", "init")
	if err := os.WriteFile(filepath.Join(dir, "b.txt"), []byte("two\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The index's blob of each file (git ls-files -s) against corral's
	// hash of the work tree's bytes: the unchanged file matches, the
	// changed one of the same size does not.
	for f, same := range map[string]bool{"a.txt": true, "b.txt": false} {
		out, err := runGit(dir, "ls-files", "-s", "--", f)
		if err != nil || len(out) < 48 {
			t.Fatalf("ls-files %s: %q %v", f, out, err)
		}
		obj := string(out[7:47])
		if n, ok := worktreeMatchesBlob(filepath.Join(dir, f), "100644", obj); n != 4 || ok != same {
			t.Fatalf("%s: matches=%v (%d bytes), want %v", f, ok, n, same)
		}
	}
	gitIn(t, dir, "checkout", "--", "a.txt", "b.txt")
	for f, want := range map[string]string{"a.txt": "one\n", "b.txt": "one\n"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil || string(b) != want {
			t.Fatalf("%s after checkout: %q %v, want %q", f, b, err, want)
		}
	}
}
