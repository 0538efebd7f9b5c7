package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSiteCopies: a copy, move, link or install of a file into a site
// directory plants code every later start of that Python runs, so the
// write itself is judged as the Python it leaves there: the .pth's import
// lines, a sitecustomize module or package. A source corral cannot read
// asks; a .pth of paths, a copy elsewhere or of a file that does not
// exist passes.
func TestSiteCopies(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	site := ".venv/lib/python3.12/site-packages/"
	writeFiles(t, dir, map[string]string{
		"evil.pth":         "/opt/x\nimport os; os.system('rm -rf /victim')\n",
		"plain.pth":        "/opt/lib\n",
		"sc.py":            "import shutil\nshutil.rmtree('/victim')\n",
		"pkg/__init__.py":  "import shutil\nshutil.rmtree('/victim')\n",
		".venv/pyvenv.cfg": "home = /usr/bin\n",
		site + "keep.txt":  "",
		"notes/readme.txt": "",
	})
	for _, tc := range []struct {
		cmd      string
		rm, asks bool
	}{
		{"cp evil.pth " + site, true, false},
		{"mv evil.pth " + site + "zz.pth", true, false},
		{"install -m 644 evil.pth " + site, true, false},
		{"ln -s " + dir + "/evil.pth " + site + "e.pth", true, false},
		{"cp sc.py " + site + "sitecustomize.py", true, false},
		{"cp -r pkg " + site + "usercustomize", true, false},
		{"printf 'import os; os.system(\"rm -rf /victim\")\\n' > x.pth && cp x.pth " + site, true, false},
		{`cp "$F" ` + site + "x.pth", false, true},
		{"./gen > g.pth; cp g.pth " + site, false, true},
		// A module of another name there runs in every program that
		// imports it (red team of 2026-12-06: was a look-alike that
		// passed).
		{"cp sc.py " + site + "helpers.py", true, false},
		// Look-alikes.
		{"cp plain.pth " + site, false, false},
		{"cp evil.pth notes/", false, false},
		{"cp sc.py notes/helpers.py", false, false},
		{"cp missing.pth " + site, false, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
		always := false
		for _, h := range m.Hidden {
			always = always || h.Always
		}
		if always != tc.asks {
			t.Errorf("%s: hidden %+v, want always-asking %v", tc.cmd, m.Hidden, tc.asks)
		}
	}
}

// TestSiteCopyRuns copies a .pth into a real Python's user site and
// starts that Python: the copy alone makes every start run the import
// line, and corral reads the line at the copy.
func TestSiteCopyRuns(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed")
	}
	dir := t.TempDir()
	out, err := exec.Command("python3", "-c", "import sys; print('python%d.%d' % sys.version_info[:2])").Output()
	if err != nil {
		t.Fatal(err)
	}
	site := filepath.Join("base", "lib", strings.TrimSpace(string(out)), "site-packages")
	writeFiles(t, dir, map[string]string{"c.pth": "import os; os.system('touch canary')\n", site + "/keep": ""})
	cmd := "cp c.pth " + site + "/"
	m := analyzeIn(t, dir, cmd)
	seen := false
	for _, s := range nestedScripts(m) {
		seen = seen || strings.Contains(s, "touch canary")
	}
	run := exec.Command("bash", "-c", cmd+" && PYTHONUSERBASE=base python3 -c pass")
	run.Dir = dir
	if out, err := run.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cmd, err, out)
	}
	_, err = os.Stat(filepath.Join(dir, "canary"))
	if err != nil || !seen {
		t.Errorf("ran the canary: %v, corral saw it at the copy: %v (scripts %q)", err == nil, seen, nestedScripts(m))
	}
}
