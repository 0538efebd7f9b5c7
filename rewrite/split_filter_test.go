package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSplitFilter (red team 18 TC2): GNU split --filter=CMD gives each
// piece of its input to CMD on its standard input; a shell or an
// interpreter there runs the pieces as scripts, so it asks; CMD reading
// the piece as data passes. The oracle runs the real GNU split:
// --filter=sh runs a piece that writes a canary.
func TestSplitFilter(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	canary := filepath.Join(dir, "canary")
	script := "echo pwned > " + canary + "\n"
	cfg := scratchProject(t, map[string]string{"proj/p.sh": script, "proj/big.log": "a\nb\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"split -b 1k --filter=sh p.sh", "ask"},
		{"split -n 1 --filter='sh -s' p.sh", "ask"},
		// The piece of known text piped in is judged as sh's script
		// too (the filter's sh reads the pipe: stdinconsumers.go).
		{"echo 'rm -f ~/.bashrc' | split --filter=sh", "deny"},
		{"echo 'echo hi' | split --filter=sh", "ask"},
		{"cat p.sh | split -b 1k --filter=bash", "ask"},
		{"split --fil=python3 p.sh", "ask"},
		{"split -l 1 --filter 'env sh' p.sh", "ask"},
		// look-alikes: the piece read as data
		{"split -b 100M --filter='gzip > $FILE.gz' big.log", "allow"},
		{"split -l 1000 --filter='wc -l' big.log", "allow"},
		{"split -l 1 --filter='sh -c \"wc -l\"' big.log", "allow"},
		{"split -l 1000 big.log part-", "allow"},
	})
	if out, err := exec.Command("split", "--version").Output(); err != nil || !strings.Contains(string(out), "GNU coreutils") {
		t.Skip("no GNU split")
	}
	p := filepath.Join(dir, "p.sh")
	if err := os.WriteFile(p, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("split", "-b", "1k", "--filter=sh", p)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "SHELL=/bin/sh"}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("split: %v %s", err, out)
	}
	if b, _ := os.ReadFile(canary); string(b) != "pwned\n" {
		t.Errorf("real split --filter=sh did not run the piece: %q", b)
	}
}
