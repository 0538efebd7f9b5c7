package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestDiffToolPatch (red team 18 FA2): a unified or context diff GNU diff
// makes in the same command names only the files it compared (or its
// --label values), so patch of it writes those: two project files pass
// (it asked), a protected name among them or given as a label is denied.
// A diff in another format, of a run-time operand, changed after diff
// wrote it, a downloaded diff and a diff only run time knows keep their
// verdicts.
func TestDiffToolPatch(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/a": "1\n", "proj/b": "2\n",
		"proj/old/f": "1\n", "proj/new/f": "2\n", "proj/new/g": "3\n",
		"proj/.claude/settings.json": "{}\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// was ask
		{"diff -u a b > p && patch -p0 < p", "allow"},
		{"diff -u a b > p; patch -p0 < p", "allow"},
		{"diff -u a b | patch -p0", "allow"},
		{"diff -c a b > p; patch -p0 < p", "allow"},
		{"diff -U 5 a b > p; patch -p0 -i p", "allow"},
		{"diff -ruN old new > p; patch -p0 < p", "allow"},
		{"diff -u a b > p; patch -p0 -R < p", "allow"},
		// the names diff gives
		{"diff -u a .claude/settings.json > p; patch -p0 < p", "deny"},
		{"diff -u --label .claude/settings.json a b > p; patch -p0 < p", "deny"},
		{"diff -u -L x -L .claude/settings.json a b | patch -p0", "deny"},
		{"diff -u a b > p; patch -p0 -d .git < p", "deny"},
		// still unread
		{"diff a b > p; patch -p0 < p", "ask"},                 // normal format: no names
		{"diff -u a b > p; echo x >> p; patch -p0 < p", "ask"}, // changed after
		{"diff -u a \"$B\" > p; patch -p0 < p", "ask"},         // a run-time operand
		{"diff -u --from-file=a b > p; patch -p0 < p", "ask"},  // an option corral does not read
		{"diff -u - b < a > p; patch -p0 < p", "ask"},          // stdin
		{"diff -u old new > p; patch -p0 < p", "ask"},          // directories without -r
		{"base64 -d < x.b64 > p; patch -p0 < p", "ask"},
	})
}

// TestDiffToolPatchOracle runs the real GNU diff and patch: patch of the
// diff writes the file its headers name (a, or a --label's name), and
// nothing else.
func TestDiffToolPatchOracle(t *testing.T) {
	t.Parallel()
	for _, prog := range []string{"diff", "patch", "bash"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skipf("%s not installed", prog)
		}
	}
	for _, tc := range []struct {
		cmd, changed string
	}{
		{"diff -u a b > p; patch -p0 < p", "a"},
		{"diff -u a b | patch -p0", "a"},
		{"diff -c a b > p; patch -p0 < p", "a"},
		{"diff -u --label .claude/settings.json --label .claude/settings.json a b > p; patch -p0 < p", ".claude/settings.json"},
		{"diff -u -L x -L .claude/settings.json a b | patch -p0", ".claude/settings.json"},
	} {
		dir := t.TempDir()
		files := map[string]string{"a": "1\n", "b": "2\n", ".claude/settings.json": "1\n"}
		for rel, text := range files {
			p := filepath.Join(dir, rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		sh := exec.Command("bash", "-c", tc.cmd)
		sh.Dir = dir
		sh.Env = append(os.Environ(), "HOME="+t.TempDir())
		out, _ := sh.CombinedOutput()
		for rel, was := range files {
			b, _ := os.ReadFile(filepath.Join(dir, rel))
			switch {
			case rel == tc.changed && string(b) != "2\n":
				t.Errorf("%s: %s = %q, want patched (%s)", tc.cmd, rel, b, out)
			case rel != tc.changed && rel != "b" && string(b) != was:
				t.Errorf("%s: %s changed to %q (%s)", tc.cmd, rel, b, out)
			}
		}
	}
}
