package rewrite

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSedExecPrefixDecisions (red team 16 SE1): GNU sed's s/^/TEXT/e
// runs TEXT followed by the whole input line (a ; or a newline in the
// line starts any command), so it is a command only run time knows and
// asks, as s/x/y/e does; s/.*/TEXT/e runs TEXT alone, with the
// delimiter's backslash removed as sed removes it. Look-alikes: the
// same substitutions without the e flag.
func TestSedExecPrefixDecisions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/in": ";echo pwned >~/.bashrc\n", "home/.bashrc": "#\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`printf ';echo pwn-static >~/.bashrc\n' | sed 's/^/x/e'`, "ask"},
		{`sed 's/^/x/e' in`, "ask"},
		{`sed 's/^/true/e' in`, "ask"},
		{`sed 's/^/echo /e' in`, "ask"},
		{`sed -n 's/^/x/ew /tmp/o' in`, "ask"},
		{`sed '1s/.*/echo pwn >$HOME\/.bashrc/e' in`, "deny"},
		// Look-alikes.
		{`sed 's/^/x/' in`, "allow"},
		{`sed 's/^/echo /' in`, "allow"},
		{`sed 's/.*/date/e' in`, "allow"},
	})
}

// TestSedExecPrefixOracle: the real GNU sed runs the input line after
// the replacement (s/^/true/e of ";echo pwned > CANARY" writes the
// canary), which is why corral cannot judge the replacement alone.
func TestSedExecPrefixOracle(t *testing.T) {
	sed, err := exec.LookPath("sed")
	if err != nil {
		t.Skip("sed not installed")
	}
	if out, err := exec.Command(sed, "--version").Output(); err != nil || !strings.Contains(string(out), "GNU") {
		t.Skip("not GNU sed")
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "canary")
	in := filepath.Join(dir, "in")
	if err := os.WriteFile(in, []byte(";echo pwned > "+canary+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, sed, "s/^/true/e", in)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + dir, "PATH=/usr/bin:/bin"}
	_ = cmd.Run()
	data, err := os.ReadFile(canary)
	if err != nil || strings.TrimSpace(string(data)) != "pwned" {
		t.Fatalf("sed s/^/true/e did not run the line after the replacement (canary: %q, %v)", data, err)
	}
	if d := Check(scratchProject(t, map[string]string{"proj/in": ";echo pwned > x\n"}), `sed 's/^/true/e' in`).Decision.String(); d == "allow" {
		t.Errorf("sed 's/^/true/e' in: allow, want ask")
	}
}
