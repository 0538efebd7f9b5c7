package syntax

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestEnvSplitSubst: env -S "$(cat F)" runs the command line F holds
// (GNU env splits it into words and runs the first), so it asks as a
// command that is one substitution does; a static string is read as
// before. The oracle rows run the real env against a canary.
func TestEnvSplitSubst(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "cmd.txt"), []byte("touch M\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cmd    string
		hidden bool
		oracle bool // run it: touch M must run
	}{
		{`env -S "$(cat cmd.txt)"`, true, true},
		{`env -S"$(cat cmd.txt)"`, true, true},
		{`env --split-string="$(cat cmd.txt)"`, true, true},
		{"env -S `cat cmd.txt`", true, true},
		// Look-alikes.
		{`env -S "python3 -u" app.py`, false, false},
		{`env -S 'echo hi'`, false, false},
		{`env FOO="$(cat cmd.txt)" printenv FOO`, false, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: t.TempDir(), ReadFile: ReadScript})
		if err != nil {
			t.Fatalf("%s: %v", tc.cmd, err)
		}
		hidden := false
		for _, h := range m.Hidden {
			hidden = hidden || h.Always && strings.Contains(h.What, "env -S runs")
		}
		if hidden != tc.hidden {
			t.Errorf("%s: hidden %v, want %v (%+v)", tc.cmd, hidden, tc.hidden, m.Hidden)
		}
		if !tc.oracle {
			continue
		}
		bash := bashPath(t)
		if _, err := exec.LookPath("env"); err != nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", tc.cmd)
		cmd.Dir = dir
		_ = cmd.Run()
		cancel()
		if err := os.Remove(filepath.Join(dir, "M")); err != nil {
			t.Errorf("%s: the real env did not run the file's command line (%v)", tc.cmd, err)
		}
	}
}
