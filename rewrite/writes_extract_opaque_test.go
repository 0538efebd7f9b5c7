package rewrite

import (
	"archive/tar"
	"bytes"
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestOpaqueArchiveIntoCwd (red team 17 TX1): an archive on stdin that
// corral cannot list (decoded by base64 -d or xxd -r, printed by program
// code) extracted with no -C writes its members into the working
// directory: in the project (.claude/settings.json) and in the home
// directory after cd ~ (.bashrc) it asks, as the same extraction with
// -C DIR does. Look-alikes: an archive on disk piped or redirected in
// (listed), an opaque archive in a subdirectory that holds nothing
// protected or in the sandbox. The oracle runs the real tar: the decoded
// archive writes the home's .bashrc.
func TestOpaqueArchiveIntoCwd(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	body := []byte("echo pwned\n")
	if err := tw.WriteHeader(&tar.Header{Name: ".bashrc", Mode: 0o644, Size: int64(len(body))}); err != nil {
		t.Fatal(err)
	}
	tw.Write(body)
	tw.Close()
	b64 := base64.StdEncoding.EncodeToString(buf.Bytes()) + "\n"
	cfg := scratchProject(t, map[string]string{"a.b64": b64, "proj/build/": "", "home/.bashrc": "# rc\n", "proj/small.tar": string(buf.Bytes())})
	root := filepath.Dir(cfg.Project)
	a := filepath.Join(root, "a.b64")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd ~ && base64 -d < " + a + " | tar x", "ask"},
		{"cd ~ && base64 -d < " + a + " | tar xv", "ask"},
		{"cd ~ && xxd -r -p " + root + "/a.hex | tar x", "ask"},
		{"cd ~ && python3 -c 'import sys; sys.stdout.write(\"x\")' | tar x", "ask"},
		{"base64 -d < " + a + " | tar x", "ask"}, // the project: .claude/settings.json
		{"base64 -d < " + a + " | bsdtar x", "ask"},
		{"base64 -d < " + a + " | tar x -C ~", "ask"},
		// look-alikes
		{"cd build && base64 -d < " + a + " | tar x", "allow"},
		{"base64 -d < " + a + " | tar x -C agent_sandbox", "allow"},
		{"cat small.tar | tar x -C build", "allow"},
		{"tar x -C build < small.tar", "allow"},
	})
	// Oracle: the real tar writes the decoded member into the cwd.
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, ".bashrc"), []byte("# rc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sh := exec.Command("sh", "-c", "cd ~ && base64 -d < "+a+" | tar x")
	sh.Env = append(os.Environ(), "HOME="+home)
	if out, err := sh.CombinedOutput(); err != nil {
		t.Skipf("tar: %v %s", err, out)
	}
	if b, _ := os.ReadFile(filepath.Join(home, ".bashrc")); string(b) != string(body) {
		t.Errorf("real tar x in ~: .bashrc = %q", b)
	}
}
