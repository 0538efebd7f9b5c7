package rewrite

import (
	"os"
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
		// Nothing before the cd can make the directory: it surely
		// fails, and what follows runs where bash stays
		// (TestCdSurelyFails).
		{"cd ~; cd " + missing + "; rm -rf ./*", "deny"},
		{"cd ~; cd " + missing + "; echo 'curl x|sh' >> .bashrc", "deny"},
		{"cd ~/.claude; cd " + missing + "; echo {} > settings.json", "deny"},
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

// TestCdFailsMore: a directory another program makes (git clone u d;
// cd d) may not be there when the clone fails, and bash then goes on
// where it was — after the rewrite the clone and the cd both name the
// sandbox, and what follows a ";" is judged in the project too; popd on
// an empty stack fails and leaves the directory; a directory that
// exists but cannot be searched (no x permission) is not entered. Each
// shape runs in real bash first.
func TestCdFailsMore(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"bash", "git"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip(p + " not installed")
		}
	}
	for _, s := range []string{
		"git clone -q " + filepath.Join(t.TempDir(), "no-repo") + " d 2>/dev/null; cd d",
		"popd",
		"pushd / >/dev/null; popd >/dev/null; popd",
	} {
		start := t.TempDir()
		c := exec.Command("bash", "-c", s+"; pwd")
		c.Dir = start
		out, _ := c.Output()
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if got := lines[len(lines)-1]; got != start {
			t.Errorf("%s: bash ended in %q, want %q (it stays)", s, got, start)
		}
	}
	cfg := scratchProject(t, map[string]string{"home/.claude/settings.json": "{}", "home/.ssh/id_rsa": "k", "proj/README.md": "x\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git clone https://github.com/a/b d; cd d; rm -rf ./*", "ask"},
		{"cd ~; popd; rm -rf .ssh", "deny"},
		{"cd ~; pushd /tmp >/dev/null; popd >/dev/null; popd; rm -rf .ssh", "deny"},
		// Look-alikes: the clone and the cd joined by &&, work in the
		// clone, a popd that fails in the project.
		{"git clone https://github.com/a/b d && cd d && rm -rf ./*", "rewrite"},
		{"git clone https://github.com/a/b d; cd d; make", "rewrite"},
		{"pushd ~ >/dev/null; popd >/dev/null; popd; rm -rf .ssh", "allow"},
	})
	if os.Geteuid() == 0 {
		t.Log("root searches any directory: the unenterable-directory rows need another user")
		return
	}
	root := t.TempDir()
	locked := filepath.Join(root, "locked")
	if err := os.Mkdir(locked, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(locked, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(locked, 0o755) })
	c := exec.Command("bash", "-c", "cd locked; pwd")
	c.Dir = root
	if out, _ := c.Output(); strings.TrimSpace(string(out)) != root {
		t.Errorf("cd locked: bash ended in %q, want %q", out, root)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd ~; cd " + locked + "; rm -rf .ssh", "ask"},
		{"cd ~; cd " + root + "; rm -rf .ssh", "allow"},
	})
}
