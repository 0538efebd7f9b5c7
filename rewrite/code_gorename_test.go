package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// goRenameMain is a Go program that moves the home directory away.
const goRenameMain = "package main\n\nimport \"os\"\n\nfunc main() {\n\th, _ := os.UserHomeDir()\n\tif err := os.Rename(h, os.Args[1]); err != nil {\n\t\tpanic(err)\n\t}\n}\n"

// TestGoRename: os.Rename in Go code go run builds is mv -T of the same
// paths, so moving the home directory away is judged as mv ~ is
// (before: allowed; red team of 2026-12-05). Look-alike: a temporary
// file renamed over a project file.
func TestGoRename(t *testing.T) {
	cfg := scratchProject(t, map[string]string{
		"proj/mv/main.go": goRenameMain,
		"proj/ok/main.go": "package main\n\nimport \"os\"\n\nfunc main() {\n\tf, _ := os.CreateTemp(\".\", \"x\")\n\tf.Close()\n\tos.Rename(f.Name(), \"out.txt\")\n}\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`go run ./mv/main.go /tmp/gone`, "deny"},
		{`go run ./ok/main.go`, "allow"},
	})
}

// TestGoRenameOracle runs the program above with the real go and HOME
// set to a temporary directory: the directory is moved.
func TestGoRenameOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go not installed")
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte(goRenameMain), 0o644); err != nil {
		t.Fatal(err)
	}
	// The build cache of the test's own go, not one under the new HOME.
	cache, err := exec.Command(goBin, "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(goBin, "run", src, filepath.Join(dir, "gone"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+home, "GOFLAGS=-mod=mod", "GO111MODULE=off", "GOCACHE="+strings.TrimSpace(string(cache)))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run: %v %s", err, out)
	}
	if _, err := os.Stat(home); err == nil {
		t.Errorf("HOME still exists")
	}
	if _, err := os.Stat(filepath.Join(dir, "gone")); err != nil {
		t.Errorf("HOME was not moved: %v", err)
	}
}
