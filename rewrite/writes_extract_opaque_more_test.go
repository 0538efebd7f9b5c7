package rewrite

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestOpaqueArchiveIntoHome (red team 17 TX1 rest): unzip, busybox unzip
// -, python3 -m zipfile -e, bsdtar and tar of an archive corral cannot
// list — decoded on the fly on stdin, or not on disk when the hook runs
// (something in the command makes it unseen) — extracted into the working
// directory after cd ~ (or with -d ~ / -C ~) ask, as tar x of an opaque
// archive on stdin does: the members can be .bashrc. Look-alikes: the same
// archives into a subdirectory or the sandbox, a missing archive in the
// project (tar xzf dist.tgz fails or unpacks a build's files), a download
// (the acquisition rules'), an archive on disk corral lists. The oracle
// runs the real unzip and python3 -m zipfile in a scratch home: the
// member lands on ~/.bashrc.
func TestOpaqueArchiveIntoHome(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create(".bashrc")
	if err != nil {
		t.Fatal(err)
	}
	body := "echo pwned\n"
	w.Write([]byte(body))
	zw.Close()
	b64 := base64.StdEncoding.EncodeToString(buf.Bytes()) + "\n"
	var ok bytes.Buffer
	zw = zip.NewWriter(&ok)
	w, _ = zw.Create("notes.txt")
	w.Write([]byte("n\n"))
	zw.Close()
	cfg := scratchProject(t, map[string]string{"a.b64": b64, "proj/build/": "", "home/.bashrc": "# rc\n", "ok.zip": ok.String()})
	root := filepath.Dir(cfg.Project)
	a, missing := filepath.Join(root, "a.b64"), filepath.Join(root, "missing")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd ~ && base64 -d < " + a + " | busybox unzip -", "ask"},
		{"cd ~ && base64 -d < " + a + " | python3 -m zipfile -e /dev/stdin .", "ask"},
		{"cd ~ && base64 -d < " + a + " | bsdtar xf -", "ask"},
		{"base64 -d < " + a + " | busybox unzip -", "ask"}, // the project: .claude/settings.json
		{"cd ~ && unzip -o " + missing + ".zip", "ask"},
		{"cd ~ && python3 -m zipfile -e " + missing + ".zip .", "ask"},
		{"cd ~ && bsdtar xf " + missing + ".tar", "ask"},
		{"cd ~ && tar xf " + missing + ".tar", "ask"},
		{"cd ~ && tar x < " + missing + ".tar", "ask"},
		{"cd ~ && busybox unzip - < " + missing + ".zip", "ask"},
		{"unzip -o " + missing + ".zip -d ~", "ask"},
		{"tar x -C ~ < " + missing + ".tar", "ask"},
		// Look-alikes.
		{"cd build && base64 -d < " + a + " | busybox unzip -", "allow"},
		{"base64 -d < " + a + " | python3 -m zipfile -e /dev/stdin agent_sandbox", "allow"},
		{"cd build && unzip " + missing + ".zip", "allow"},
		{"unzip " + missing + ".zip", "allow"},
		{"tar xzf dist.tgz", "allow"},
		{"cd ~ && unzip -o " + root + "/ok.zip", "allow"},
	})
	// Oracle: the member of the archive lands in the working directory,
	// the home directory after cd ~.
	zipFile := filepath.Join(t.TempDir(), "a.zip")
	if err := os.WriteFile(zipFile, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ prog, cmd string }{
		{"unzip", "cd ~ && unzip -o -q " + zipFile},
		{"python3", "cd ~ && python3 -m zipfile -e " + zipFile + " ."},
	} {
		if _, err := exec.LookPath(tc.prog); err != nil {
			t.Logf("%s not installed", tc.prog)
			continue
		}
		home := t.TempDir()
		if err := os.WriteFile(filepath.Join(home, ".bashrc"), []byte("# rc\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		sh := exec.Command("sh", "-c", tc.cmd)
		sh.Env = append(os.Environ(), "HOME="+home)
		if out, err := sh.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", tc.cmd, err, out)
		}
		if b, _ := os.ReadFile(filepath.Join(home, ".bashrc")); string(b) != body {
			t.Errorf("%s: ~/.bashrc = %q, want the member", tc.prog, b)
		}
	}
}
