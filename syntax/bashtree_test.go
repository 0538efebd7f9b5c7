package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// bashTree is the scratch tree of the tests that compare corral with real
// bash: the path of bash (the test is skipped without it), a temporary
// root with its links resolved (bash's pwd prints the physical path),
// home and proj under it, and each of dirs made, relative to the root.
func bashTree(t *testing.T, dirs ...string) (bash, root, home, proj string) {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	root = t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	for _, d := range dirs {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return bash, root, filepath.Join(root, "home"), filepath.Join(root, "proj")
}

// bashPrints runs src in bash (no start-up files) in dir with exactly the
// environment env, and returns what it printed; the test fails at once
// when bash exits with an error, since the row is then no oracle.
func bashPrints(t *testing.T, bash, dir, src string, env ...string) string {
	t.Helper()
	cmd := exec.Command(bash, "--norc", "--noprofile", "-c", src)
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%q: bash: %v", src, err)
	}
	return string(out)
}
