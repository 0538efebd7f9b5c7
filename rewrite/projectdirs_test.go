package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPackageScriptsElsewhere: the package.json scripts a command runs
// from another directory than the working one, or by another runner
// than npm (red team 13 PB): node --run NAME (the nearest package.json
// upwards, no pre/post scripts), pnpm -C/--dir DIR, yarn --cwd DIR and
// bun --cwd DIR run the scripts of DIR's package.json; a directory only
// known at run time asks when a script would run. Look-alikes: harmless
// scripts, a project without the script, builtins that run none.
func TestPackageScriptsElsewhere(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/package.json":     `{"name":"root","scripts":{"test":"node -e 0","evil":"rm -rf ~","prewipe":"echo hi"}}`,
		"proj/web/package.json": `{"name":"web","scripts":{"install":"rm -rf ~","build":"rm -rf ~","test":"rm -rf ~"}}`,
		"proj/ok/package.json":  `{"name":"ok","scripts":{"build":"tsc -p .","test":"node -e 0","install":"node -e 0"}}`,
		"proj/sub/":             "",
		"proj/nopkg/":           "",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"node --run evil", "deny"},
		{"node --run=evil", "deny"},
		{"cd web && node --run build", "deny"},
		{"cd sub && node --run evil", "deny"}, // found upwards
		{"node --run \"$X\"", "ask"},
		{"pnpm -C web build", "deny"},
		{"pnpm --dir web run build", "deny"},
		{"pnpm --dir=web run build", "deny"},
		{"pnpm run --dir web build", "deny"},
		{"pnpm -C web install", "deny"},
		{"pnpm -C web test", "deny"},
		{"yarn --cwd web build", "deny"},
		{"yarn --cwd web", "deny"},
		{"yarn --cwd=web run build", "deny"},
		{"bun --cwd web run build", "deny"},
		{"bun --cwd=web run build", "deny"},
		{"pnpm -C \"$(cat d.txt)\" build", "ask"},
		{"yarn --cwd \"$(cat d.txt)\" install", "ask"},
		// Look-alikes.
		{"node --run test", "allow"},
		{"node --run build", "allow"}, // no such script at the root
		{"node --run", "allow"},
		{"pnpm -C ok build", "allow"},
		{"pnpm -C ok install", "allow"},
		{"pnpm --dir ok run test", "allow"},
		{"yarn --cwd ok build", "allow"},
		{"yarn --cwd ok", "allow"},
		{"bun --cwd ok run build", "allow"},
		{"pnpm -C nopkg install", "allow"},
		{"pnpm -C \"$(cat d.txt)\" list", "allow"},
		{"echo node --run evil", "allow"},
	})
}

// TestNodeRunOracle runs node --run with the real node (22 and later;
// it skips on an older one): the script of the nearest package.json
// runs in that file's directory, and its pre script does not run, as
// nodeRunScript models.
func TestNodeRunOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node")
	}
	root := t.TempDir()
	sub := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	pkg := `{"scripts":{"prego":"touch pre-ran","go":"touch ran-here"}}`
	if err := os.WriteFile(filepath.Join(root, "package.json"), []byte(pkg), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", "--run", "go")
	cmd.Dir = sub
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil && strings.Contains(string(out), "bad option") {
		t.Skip("this node has no --run")
	}
	if err != nil {
		t.Fatalf("node --run go: %v: %s", err, out)
	}
	if _, err := os.Stat(filepath.Join(root, "ran-here")); err != nil {
		t.Errorf("the script did not run in package.json's directory: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "pre-ran")); err == nil {
		t.Errorf("node --run ran the pre script")
	}
}
