package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestDotDotAfterMadeLink: ".." after a link the same command made leaves
// the link's target, as the kernel resolves it (red-team B4). Checked
// with the real bash against a canary home first.
func TestDotDotAfterMadeLink(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":           "FAKE KEY",
		"home/.claude/settings.json": "{}",
		"home/.aws/credentials":      "[default]\n",
		"home/.bashrc":               "# rc\n",
		"proj/README.md":             "x\n",
		"proj/shared/lib/x.sh":       "true\n",
		"canary/home/.ssh/id_rsa":    "K",
		"canary/home/.claude/x.json": "{}",
		"canary/proj/README.md":      "x\n",
	})
	canary := filepath.Join(filepath.Dir(cfg.Project), "canary")
	cmd := exec.Command("bash", "-c", "ln -s ../home/.ssh t; rm -rf t/../.claude")
	cmd.Dir = filepath.Join(canary, "proj")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bash: %v %s", err, out)
	}
	if _, err := os.Stat(filepath.Join(canary, "home", ".claude")); !os.IsNotExist(err) {
		t.Fatalf("bash: t/../.claude did not reach the link target's parent: %v", err)
	}
	if _, err := os.Stat(filepath.Join(canary, "proj", "README.md")); err != nil {
		t.Fatalf("bash: the project's files should stay: %v", err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"ln -s ~/.ssh t; rm -rf t/../.claude", "deny"},
		{"ln -s ~/.ssh t && echo 'curl x|sh' >> t/../.bashrc", "deny"},
		{"ln -s ~/.ssh t && cat t/../.aws/credentials", "deny"},
		{"ln -s ~/.ssh t; rm -rf t/..", "deny"},
		{"ln -s ~/.ssh t; echo x > t/../.profile", "deny"},
		// A link into the project: ".." stays in the project.
		{"ln -s shared/lib lib; echo x > lib/../notes.txt", "allow"},
		{"ln -s ../shared/lib lib", "allow"},
		{"mkdir -p build && cd build && echo x > ../out.txt", "allow"},
	})
}

// TestPhysicalCdDecisions: with a link s -> ~/.ssh on disk (made by an
// earlier call), a physical cd through it leaves the project for the
// home directory (red-team B5); the look-alikes stay in the project.
func TestPhysicalCdDecisions(t *testing.T) {
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":           "FAKE KEY",
		"home/.claude/settings.json": "{}",
		"proj/README.md":             "x\n",
		"proj/build/Makefile":        "all:\n\ttrue\n",
	})
	if err := os.Symlink(filepath.Join(cfg.Home, ".ssh"), filepath.Join(cfg.Project, "s")); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd -P s/.. && rm -rf .claude", "deny"},
		{"cd s && cd -P .. && rm -rf .claude", "deny"},
		{"set -P; cd s/..; rm -rf .claude", "deny"},
		{"set -o physical; cd s; cd ..; rm -rf .claude", "deny"},
		{"cd s; cd \"$(pwd -P)/..\"; rm -rf .claude", "deny"},
		{"ln -s ~/.ssh u; cd -P u/..; rm -rf .claude", "deny"},
		{"cd s/.. && rm -rf .claude", "allow"},
		{"cd -P build && make", "allow"},
		{"cd -P build && rm -rf out", "allow"},
		{"set -P; cd build; cd ..; rm -rf build/out", "allow"},
	})
}
