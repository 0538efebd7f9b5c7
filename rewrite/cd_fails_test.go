package rewrite

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCdThatDoesNotHappen: bash stays where it is when cd fails (no such
// directory, too many arguments) and goes on after ";", and after enable
// -n cd the builtin is gone (red team 7, T). Real bash runs each shape
// and prints the directory it ends in, which must be the one it started
// in; corral judges the write or deletion that follows in that
// directory too.
func TestCdThatDoesNotHappen(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	missing := filepath.Join(t.TempDir(), "nonexist_zz")
	shapes := []string{
		"cd MISSING",
		"cd -- MISSING",
		"cd /tmp extra_arg",
		"pushd /tmp /var",
		"enable -n cd; cd /tmp",
		"enable -n pushd; pushd /tmp",
	}
	for _, s := range shapes {
		start := t.TempDir()
		cmd := strings.ReplaceAll(s, "MISSING", missing) + "; pwd"
		c := exec.Command("bash", "-c", cmd)
		c.Dir = start
		out, _ := c.Output()
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if got := lines[len(lines)-1]; got != start {
			t.Errorf("%s: bash ended in %q, want %q (it stays)", cmd, got, start)
		}
	}
	cfg := scratchProject(t, map[string]string{"home/.claude/settings.json": "{}", "home/.bashrc": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd ~; cd " + missing + "; rm -rf ./*", "ask"},
		{"cd ~; cd " + missing + "; echo 'curl x|sh' >> .bashrc", "ask"},
		{"cd ~/.claude; cd " + missing + "; echo {} > settings.json", "ask"},
		{"cd ~; cd -- " + missing + "; echo x >> .bashrc", "ask"},
		{"cd ~; cd /tmp extra_arg; rm -rf ./*", "deny"},
		{"cd ~; cd /tmp extra_arg; echo x >> .bashrc", "deny"},
		{"cd ~; enable -n cd; cd /tmp; rm -rf ./*", "deny"},
		{"cd ~ && enable -n cd && cd /tmp && rm -rf ./*", "deny"},
		{"cd ~; enable -n pushd; pushd /tmp; rm -rf ./*", "deny"},
		// Look-alikes: && and || exit, set -e, a directory made first,
		// the builtin turned on again.
		{"cd ~; cd " + missing + " && rm -rf ./*", "allow"},
		{"cd ~; cd " + missing + " || exit 1; rm -rf ./*", "allow"},
		{"cd ~; set -e; cd " + missing + "; rm -rf ./*", "allow"},
		{"mkdir -p out; cd out; cmake ..", "allow"},
		{"cd ~; mkdir -p " + missing + "/b; cd " + missing + "/b; rm -rf ./*", "allow"},
		{"cd build || exit 1; make", "allow"},
		{"cd ~; enable -n cd; enable cd; cd " + filepath.Dir(missing) + "; rm -rf ./*", "allow"},
	})
}
