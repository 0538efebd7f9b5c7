package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPythonTarfileWrites: Python's tarfile without a filter (python3 -m
// tarfile -e, extractall(), shutil.unpack_archive of a tar) writes an
// absolute member where it names, follows a symbolic link an earlier
// member made, and hard-links to any file: each archive below writes the
// home directory's .bashrc, and is stopped. The oracle runs the real
// python3 in the project with that home: the rows corral stops write
// .bashrc, the look-alikes (a listing, the "data" filter, an ordinary
// archive, a zip) do not.
func TestPythonTarfileWrites(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "home/.profile": "\n"})
	home := filepath.Join(filepath.Dir(cfg.Project), "home")
	bashrc := filepath.Join(home, ".bashrc")
	build := `import tarfile, io, zipfile, sys
home = sys.argv[1]
def f(t, name, data=b"echo pwned\n"):
    ti = tarfile.TarInfo(name); ti.size = len(data); t.addfile(ti, io.BytesIO(data))
def link(t, name, to, kind):
    ti = tarfile.TarInfo(name); ti.type = kind; ti.linkname = to; t.addfile(ti)
with tarfile.open("abs.tar", "w") as t:
    f(t, "ok.txt"); f(t, home + "/.bashrc")
with tarfile.open("sym.tar", "w") as t:
    link(t, "l", home, tarfile.SYMTYPE); f(t, "l/.bashrc")
with tarfile.open("rel.tar.gz", "w:gz") as t:
    link(t, "d", "..", tarfile.SYMTYPE); link(t, "d/e", "../home", tarfile.SYMTYPE); f(t, "d/e/.bashrc")
with tarfile.open("hard.tar", "w") as t:
    link(t, "h", home + "/.bashrc", tarfile.LNKTYPE); f(t, "h")
with tarfile.open("ok.tar.gz", "w:gz") as t:
    f(t, "src/a.py", b"print(1)\n"); link(t, "src/b.py", "a.py", tarfile.SYMTYPE)
with tarfile.open("ok.tar.xz", "w:xz") as t:
    f(t, "a.txt")
with zipfile.ZipFile("ok.zip", "w") as z:
    z.writestr("a.txt", "a")
`
	cmd := exec.Command("python3", "-c", build, home)
	cmd.Dir = cfg.Project
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the archives: %v %s", err, out)
	}
	if err := os.WriteFile(bashrc, []byte("# user\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	xzWant := "ask"
	if _, err := exec.LookPath("xz"); err == nil {
		xzWant = "allow"
	}
	rows := []struct{ cmd, want string }{
		{"python3 -m tarfile -e abs.tar .", "deny"},
		{"python3 -m tarfile -e sym.tar", "deny"},
		{"python3 -m tarfile -e rel.tar.gz out", "deny"},
		{"python3 -m tarfile -e hard.tar .", "deny"},
		{`python3 -c 'import tarfile; tarfile.open("sym.tar").extractall()'`, "deny"},
		{`python3 -c 'import tarfile
with tarfile.open("abs.tar") as t:
    t.extractall(path="out")'`, "deny"},
		{`python3 -c 'import tarfile; tarfile.open("sym.tar").extractall(filter="fully_trusted")'`, "deny"},
		{`python3 -c 'import shutil; shutil.unpack_archive("sym.tar")'`, "deny"},
		{`python3 -c 'import shutil; shutil.unpack_archive("abs.tar", "out", "tar")'`, "deny"},
		{"python3 -m tarfile -l sym.tar", "allow"},
		{`python3 -c 'import tarfile; tarfile.open("sym.tar").extractall(filter="data")'`, "allow"},
		{"python3 -m tarfile --filter data -e abs.tar out", "allow"},
		{"python3 -m tarfile -e ok.tar.gz out", "allow"},
		{`python3 -c 'import tarfile; tarfile.open("ok.tar.gz").extractall("out")'`, "allow"},
		{`python3 -c 'import shutil; shutil.unpack_archive("ok.zip", "out")'`, "allow"},
		{"python3 -m tarfile -e ok.tar.xz out", xzWant}, // read through the system's xz (writes_extract_xz.go)
	}
	checkDecisions(t, cfg, rows)
	for _, r := range rows {
		if r.want == "ask" {
			continue
		}
		work := t.TempDir()
		for _, n := range []string{"abs.tar", "sym.tar", "rel.tar.gz", "hard.tar", "ok.tar.gz", "ok.zip"} {
			data, err := os.ReadFile(filepath.Join(cfg.Project, n))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(work, n), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// rel.tar.gz climbs one level from the extraction directory:
		// a home beside it, as in the project's layout.
		if err := os.Symlink(home, filepath.Join(filepath.Dir(work), "home")); err != nil && !os.IsExist(err) {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "-c", r.cmd)
		cmd.Dir = work
		cmd.Env = append(os.Environ(), "HOME="+home)
		out, _ := cmd.CombinedOutput()
		if strings.Contains(string(out), "unexpected keyword argument 'filter'") {
			// Python before 3.11.4 has no extraction filters: this
			// interpreter cannot run the row (the decision is still
			// checked above).
			t.Logf("%s: skipped running it: this python3 has no extraction filters", r.cmd)
			continue
		}
		data, _ := os.ReadFile(bashrc)
		wrote := strings.Contains(string(data), "pwned")
		if wrote != (r.want == "deny") {
			t.Errorf("%s: python3 wrote %s: %v, corral's decision %s\n%s", r.cmd, bashrc, wrote, r.want, out)
		}
		if err := os.WriteFile(bashrc, []byte("# user\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
