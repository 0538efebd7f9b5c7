package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// writeTree writes files (slash paths relative to root, with their
// content) under root, making their directories.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for rel, content := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// runCanary runs cmd in real bash in a fresh tree of files, in its proj
// directory, with HOME its home directory holding a canary ~/.bashrc,
// and returns what ~/.bashrc holds afterwards. A failing bash is an
// error of the test.
func runCanary(t *testing.T, files map[string]string, cmd string) string {
	t.Helper()
	root := t.TempDir()
	writeTree(t, root, files)
	home := filepath.Join(root, "home")
	writeTree(t, home, map[string]string{".bashrc": "# canary\n"})
	c := exec.Command("bash", "-c", cmd)
	c.Dir = filepath.Join(root, "proj")
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	c.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
	if out, err := c.CombinedOutput(); err != nil {
		t.Errorf("%q: bash: %v %s", cmd, err, out)
	}
	b, _ := os.ReadFile(filepath.Join(home, ".bashrc"))
	return string(b)
}

// originRepo makes cfg's project a git repository whose remote origin
// is on github.com, as a user's usually is.
func originRepo(t *testing.T, cfg *Config) {
	t.Helper()
	for _, args := range [][]string{{"init", "-q"}, {"remote", "add", "origin", "https://github.com/me/proj.git"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = cfg.Project
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
}

// pwned reports whether a canary ~/.bashrc runCanary returned was
// written by the command.
func pwned(canary string) bool { return strings.Contains(canary, "pwned") }
