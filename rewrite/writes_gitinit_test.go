package rewrite

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGitInitOutside: git init DIR writes DIR's repository, and a new
// repository is a path the guards then count as a project (seed 002's
// git-aware detection): outside the project, the sandbox and the
// temporary directories it is the write it is. In the project, or over a
// repository that exists, it passes.
func TestGitInitOutside(t *testing.T) {
	t.Parallel()
	// The scratch home is under the temporary directory, which is safe:
	// the home directory's own case is guards' TestGitProjectHome.
	cfg := scratchProject(t, nil)
	other := filepath.Join(filepath.Dir(cfg.Project), "other")
	if err := os.MkdirAll(filepath.Join(other, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git init /opt", "ask"},
		{"git -C /opt/tools init", "ask"},
		{"cd /opt/tools && git init", "ask"},
		{"git init --bare /srv/repo.git", "ask"},
		{"git init /opt/newproj", "ask"},
		// Look-alikes.
		{"git init", "allow"},
		{"git init newproj", "allow"},
		{"git init -b main sub", "allow"},
		{"mkdir pkg && cd pkg && git init", "allow"},
		{"git init /tmp/scratch-repo", "allow"},
		{"git -C " + other + " init", "allow"},
	})
}
