package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestPHPIncludePrints: PHP prints the text of an included file outside
// its <?php tags as it is, so include/require of a secret prints it: a
// secret read, as cat's (before: allowed; red team of 2026-12-05). An
// ordinary include and a script's own code are unchanged.
func TestPHPIncludePrints(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/lib.php": "<?php echo 'hi';\n", "proj/.env": "KEY=x\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`php -r 'include "` + cfg.Home + `/.ssh/id_rsa";'`, "deny"},
		{`php -r 'require_once "` + cfg.Home + `/.aws/credentials";'`, "deny"},
		{`php -r 'include ".env";'`, "deny"},
		{`php -r 'include "lib.php";'`, "allow"},
		{`php -r 'echo "include .env";'`, "allow"},
	})
}

// TestPHPIncludePrintsOracle runs the real php: an included file with no
// <?php tag is printed whole.
func TestPHPIncludePrintsOracle(t *testing.T) {
	php, err := exec.LookPath("php")
	if err != nil {
		t.Skip("php not installed")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "key"), []byte("SECRET-LINE\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(php, "-r", `include "key";`)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil || string(out) != "SECRET-LINE\n" {
		t.Errorf("php include of a plain file printed %q (%v), want its text", out, err)
	}
}
