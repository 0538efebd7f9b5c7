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

// TestXzZstdArchives (red team 17 TC1's rest): xz and zstd archives are
// read through the system's xz and zstd, so tar --to-command=sh of one
// (-J, --zstd, -I zstd, -a by suffix, no option, xzcat |) judges its
// members as scripts as for gzip: harmless members pass (they asked), a
// member writing ~/.bashrc is denied (it asked); Python's tarfile of an
// xz archive is listed (it asked). Everyday compression with -J, --zstd
// and -a keeps passing, and --use-compress-program=CMD is still judged as
// a command.
func TestXzZstdArchives(t *testing.T) {
	t.Parallel()
	for _, prog := range []string{"xz", "zstd"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skipf("%s not installed", prog)
		}
	}
	mk := func(name, body string) []byte {
		var buf bytes.Buffer
		tw := tar.NewWriter(&buf)
		tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body))})
		tw.Write([]byte(body))
		tw.Close()
		return buf.Bytes()
	}
	compress := func(prog string, data []byte) string {
		cmd := exec.Command(prog, "-c", "-q")
		cmd.Stdin = bytes.NewReader(data)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", prog, err)
		}
		return string(out)
	}
	ok := mk("ok.sh", "echo hello\nls -l\n")
	evil := mk("p.sh", "echo pwned > $HOME/.bashrc\n")
	cfg := scratchProject(t, map[string]string{
		"proj/ok.tar.xz": compress("xz", ok), "proj/ok.tar.zst": compress("zstd", ok),
		"proj/t2.tar.xz": compress("xz", evil), "proj/t2.tar.zst": compress("zstd", evil),
		"proj/lib/x.go": "package x\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// were ask
		{"tar xJf ok.tar.xz --to-command=sh", "allow"},
		{"tar --zstd -xf ok.tar.zst --to-command=sh", "allow"},
		{"tar -I zstd -xf ok.tar.zst --to-command=sh", "allow"},
		{"tar -xaf ok.tar.zst --to-command='sh -s'", "allow"},
		{"tar xf ok.tar.xz --to-command=bash", "allow"},
		{"xzcat ok.tar.xz | tar x --to-command=sh", "allow"},
		{"python3 -m tarfile -e ok.tar.xz out", "allow"},
		{"tar xJf t2.tar.xz --to-command=sh", "deny"},
		{"tar --zstd -xf t2.tar.zst --to-command=sh", "deny"},
		{"zstdcat t2.tar.zst | tar x --to-command=sh", "deny"},
		// still ask: members corral cannot read
		{"xz -dc < a.b64 | tar x --to-command=sh", "ask"},
		{"tar xJf nothere.tar.xz --to-command=sh", "ask"},
		// everyday compression and extraction
		{"tar cJf x.tar.xz lib", "allow"},
		{"tar --zstd -cf x.tar.zst lib", "allow"},
		{"tar -caf x.tar.xz lib", "allow"},
		{"tar xJf ok.tar.xz", "allow"},
		{"tar -xaf ok.tar.zst", "allow"},
		{"tar --use-compress-program='sh -c \"rm -rf ~\"' -xf ok.tar.zst", "deny"},
	})
	// Oracle: GNU tar runs the xz and zstd archives' member with sh.
	if out, err := exec.Command("tar", "--version").Output(); err != nil || !strings.Contains(string(out), "GNU tar") {
		t.Skip("not GNU tar")
	}
	for _, tc := range []struct{ file, opt string }{{"t2.tar.xz", "-J"}, {"t2.tar.zst", "--zstd"}} {
		home := t.TempDir()
		cmd := exec.Command("tar", tc.opt, "-xf", filepath.Join(cfg.Project, tc.file), "--to-command=sh")
		cmd.Dir = home
		cmd.Env = append(os.Environ(), "HOME="+home)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("tar %s: %v %s", tc.opt, err, out)
		}
		if b, _ := os.ReadFile(filepath.Join(home, ".bashrc")); string(b) != "pwned\n" {
			t.Errorf("tar %s … --to-command=sh: .bashrc = %q", tc.opt, b)
		}
	}
}
