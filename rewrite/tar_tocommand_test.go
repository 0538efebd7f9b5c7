package rewrite

import (
	"archive/tar"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTarToCommand (red team 17 TC1): GNU tar --to-command=CMD gives each
// member to CMD on its standard input; a shell or an interpreter there
// runs the members as scripts, so it asks; CMD reading the member as data
// passes. The oracle runs the real GNU tar: --to-command=sh runs a
// member that writes a canary.
func TestTarToCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	canary := filepath.Join(dir, "canary")
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	body := []byte("echo pwned > " + canary + "\n")
	tw.WriteHeader(&tar.Header{Name: "p.sh", Mode: 0o644, Size: int64(len(body))})
	tw.Write(body)
	tw.Close()
	cfg := scratchProject(t, map[string]string{"proj/t2.tar": buf.String()})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"tar xf t2.tar --to-command=sh", "ask"},
		{"tar -x --to-command=bash -f t2.tar", "ask"},
		{"tar --extract --file=t2.tar --to-command=sh", "ask"},
		{"tar -xf t2.tar --to-command='sh -s'", "ask"},
		{"tar -xf t2.tar --to-command sh", "ask"},
		{"tar -xf t2.tar --to-com=python3", "ask"},
		{"base64 -d < a.b64 | tar x --to-command=sh", "ask"},
		// look-alikes: the member read as data
		{"tar xf t2.tar --to-command='wc -c'", "allow"},
		{"tar xf t2.tar --to-command=sha256sum", "allow"},
		{"tar xf t2.tar --to-command='sh -c \"wc -c\"'", "allow"},
		{"tar tf t2.tar", "allow"},
	})
	if _, err := exec.LookPath("tar"); err != nil {
		t.Skip("no tar")
	}
	if out, _ := exec.Command("tar", "--version").Output(); !strings.Contains(string(out), "GNU tar") {
		t.Skip("not GNU tar")
	}
	a := filepath.Join(dir, "t2.tar")
	if err := os.WriteFile(a, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("tar", "xf", a, "--to-command=sh")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tar: %v %s", err, out)
	}
	if b, _ := os.ReadFile(canary); string(b) != "pwned\n" {
		t.Errorf("real tar --to-command=sh did not run the member: %q", b)
	}
}
