package rewrite

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTarToCommand (red team 17 TC1): GNU tar --to-command=CMD gives each
// member to CMD on its standard input; a shell or an interpreter there
// runs the members as scripts. The members of an archive corral can read
// are judged as those scripts (t2.tar's member writes ~/.bashrc: deny;
// ok.tar's and ok.tgz's print: allow); one it cannot read (decoded on the
// fly, not there, made earlier in the command) asks; CMD reading the
// member as data passes. The oracle runs the real GNU tar:
// --to-command=sh runs the member, which writes the canary ~/.bashrc.
func TestTarToCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	canary := filepath.Join(dir, ".bashrc")
	mk := func(name, body string) []byte {
		var buf bytes.Buffer
		tw := tar.NewWriter(&buf)
		tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body))})
		tw.Write([]byte(body))
		tw.Close()
		return buf.Bytes()
	}
	evil := mk("p.sh", "echo pwned > $HOME/.bashrc\n")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(mk("ok.sh", "echo hello\nls -l\n"))
	zw.Close()
	cfg := scratchProject(t, map[string]string{"proj/t2.tar": string(evil), "proj/ok.tar": string(mk("ok.sh", "echo hello\n")),
		"proj/ok.tgz": gz.String(), "proj/py.tar": string(mk("x.py", "import shutil\nshutil.rmtree('/')\n")),
		"proj/nest.tar": string(mk("n.sh", "tar xf nest.tar --to-command=sh\n"))})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"tar xf t2.tar --to-command=sh", "deny"},
		{"tar -x --to-command=bash -f t2.tar", "deny"},
		{"tar --extract --file=t2.tar --to-command=sh", "deny"},
		{"tar -xf t2.tar --to-command='sh -s'", "deny"},
		{"tar -xf t2.tar --to-command sh", "deny"},
		{"tar x --to-command=sh < t2.tar", "deny"},
		{"cat t2.tar | tar x --to-command=sh", "deny"},
		{"tar -xf py.tar --to-com=python3", "deny"},
		// Members corral cannot read: ask.
		{"base64 -d < a.b64 | tar x --to-command=sh", "ask"},
		{"tar xf nothere.tar --to-command=sh", "ask"},
		{"cp t2.tar u.tar && tar xf u.tar --to-command=sh", "ask"},
		// A member that extracts an archive to a shell again: one level
		// is read, the next asks (no unbounded recursion).
		{"tar xf nest.tar --to-command=sh", "ask"},
		// look-alikes: harmless members, the member read as data
		{"tar xf ok.tar --to-command=sh", "allow"},
		{"tar xzf ok.tgz --to-command=bash", "allow"},
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
	if err := os.WriteFile(a, evil, 0o644); err != nil {
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
