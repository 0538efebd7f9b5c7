package rewrite

import (
	"archive/zip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPythonMakeArchive: shutil.make_archive(base, format, root_dir,
// base_dir) packs root_dir/base_dir, as tar -C ROOT -cf BASE.EXT DIR
// does, so a pack of the home directory or ~/.ssh reads its secrets
// (before: allowed; red team of 2026-12-05). Look-alikes: packs of the
// project.
func TestPythonMakeArchive(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/src/a.py": "a\n", "home/.ssh/id_rsa": "k"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`python3 -c 'import shutil, os; shutil.make_archive("/tmp/h", "gztar", root_dir=os.path.expanduser("~"))'`, "deny"},
		{`python3 -c 'import shutil, os; shutil.make_archive("/tmp/h", "zip", os.path.expanduser("~/.ssh"))'`, "deny"},
		{`python3 -c 'import shutil, os; shutil.make_archive("/tmp/h", "zip", os.path.expanduser("~"), ".ssh")'`, "deny"},
		// Look-alikes.
		{`python3 -c 'import shutil; shutil.make_archive("dist/src", "gztar", "src")'`, "allow"},
		{`python3 -c 'import shutil; shutil.make_archive("dist/all", "zip")'`, "allow"},
		{`python3 -c 'import shutil; print(shutil.get_archive_formats())'`, "allow"},
	})
}

// TestPythonMakeArchiveOracle runs the real python3 with HOME set to a
// directory holding a canary in .ssh: the archive make_archive makes of
// HOME holds the canary (what the rule reads as tar's read of the tree).
func TestPythonMakeArchiveOracle(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	const canary = "CANARY_5d20"
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".ssh"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte(canary), 0o600); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	cmd := exec.Command(py, "-c", `import shutil, os; shutil.make_archive("`+filepath.Join(out, "h")+`", "zip", root_dir=os.path.expanduser("~"))`)
	cmd.Env = append(os.Environ(), "HOME="+home)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_archive: %v %s", err, b)
	}
	r, err := zip.OpenReader(filepath.Join(out, "h.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	found := false
	for _, f := range r.File {
		if !strings.HasSuffix(f.Name, "id_rsa") {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		found = strings.Contains(string(b), canary)
	}
	if !found {
		t.Errorf("the archive of HOME does not hold ~/.ssh/id_rsa's canary")
	}
}
