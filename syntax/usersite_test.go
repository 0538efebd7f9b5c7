package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPythonUserSite: PYTHONUSERBASE=DIR makes DIR/lib/pythonX.Y/
// site-packages the user site, whose usercustomize.py and .pth import
// lines run at start-up; site.addsitedir(DIR) runs DIR's .pth import
// lines. Look-alikes: -s, -I, -E and PYTHONNOUSERSITE turn the user site
// off; a .pth of plain paths runs nothing.
func TestPythonUserSite(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	evil := "import os\nos.system('rm -rf /victim')\n"
	writeFiles(t, dir, map[string]string{
		"u/lib/python3.11/site-packages/usercustomize.py": evil,
		"p/lib/python3.12/site-packages/x.pth":            "import os; os.system('rm -rf /victim')\n",
		"s/x.pth":                                         "../lib\nimport os; os.system('rm -rf /victim')\n",
		"ok/lib/python3.12/site-packages/paths.pth":       "/opt/lib\n../src\n# import os; os.system('rm -rf /victim')\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`PYTHONUSERBASE=u python3 -c 1`, true},
		{`PYTHONUSERBASE=$PWD/u python3 -c 1`, true},
		{`export PYTHONUSERBASE=p; python3 app.py`, true},
		{`env PYTHONUSERBASE=p python3 -c 1`, true},
		{`python3 -c 'import site; site.addsitedir("s")'`, true},
		{`mkdir -p w/lib/python3.11/site-packages && printf 'import os\nos.system("rm -rf /victim")\n' > w/lib/python3.11/site-packages/usercustomize.py && PYTHONUSERBASE=w python3 -c 1`, true},
		// Look-alikes.
		{`PYTHONUSERBASE=u python3 -s -c 1`, false},
		{`PYTHONUSERBASE=u python3 -I -c 1`, false},
		{`PYTHONUSERBASE=u python3 -E -c 1`, false},
		{`PYTHONUSERBASE=u PYTHONNOUSERSITE=1 python3 -c 1`, false},
		{`PYTHONUSERBASE=ok python3 -c 1`, false},
		{`python3 -c 'import site; site.addsitedir("ok/lib/python3.12/site-packages")'`, false},
		{`python3 -c 1`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}

// TestPythonDefaultUserSite: without PYTHONUSERBASE the user site is
// ~/.local/lib/pythonX.Y/site-packages, and the .pth files already there
// run at every start (also with -E, which ignores only the variable).
// Look-alikes: -s, -I, PYTHONNOUSERSITE, another base given, a .pth of
// paths.
func TestPythonDefaultUserSite(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pth, cmd string
		rm       bool
	}{
		{"import os; os.system('rm -rf /victim')\n", `python3 -c 1`, true},
		{"import os; os.system('rm -rf /victim')\n", `python3 -E app.py`, true},
		{"import os; os.system('rm -rf /victim')\n", `pip3 --version`, true},
		// Look-alikes.
		{"import os; os.system('rm -rf /victim')\n", `python3 -s -c 1`, false},
		{"import os; os.system('rm -rf /victim')\n", `python3 -I -c 1`, false},
		{"import os; os.system('rm -rf /victim')\n", `PYTHONNOUSERSITE=1 python3 -c 1`, false},
		{"import os; os.system('rm -rf /victim')\n", `PYTHONUSERBASE=other python3 -c 1`, false},
		{"import os; os.system('rm -rf /victim')\n", `ls ~/.local`, false},
		{"/opt/lib\n", `python3 -c 1`, false},
	} {
		dir := t.TempDir()
		home := filepath.Join(dir, "home")
		writeFiles(t, dir, map[string]string{"home/.local/lib/python3.11/site-packages/zz.pth": tc.pth, "p/app.py": "print(1)\n"})
		m, err := Analyze(tc.cmd, Options{Cwd: filepath.Join(dir, "p"), Home: home, ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}

// TestPythonUserSiteRun runs real python3 with PYTHONUSERBASE and
// site.addsitedir: the code that touches a canary runs, and corral reads
// it.
func TestPythonUserSiteRun(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	out, err := exec.Command(py, "-c", "import sys; print('python%d.%d' % sys.version_info[:2])").Output()
	if err != nil {
		t.Fatal(err)
	}
	ver := strings.TrimSpace(string(out))
	for _, tc := range []struct {
		cmd   string
		files map[string]string
	}{
		{"PYTHONUSERBASE=ub python3 -c 1", map[string]string{"ub/lib/" + ver + "/site-packages/usercustomize.py": "import os\nos.system('touch canary')\n"}},
		{"PYTHONUSERBASE=ub python3 -c 1", map[string]string{"ub/lib/" + ver + "/site-packages/a.pth": "import os; os.system('touch canary')\n"}},
		{`python3 -c 'import site; site.addsitedir("sd")'`, map[string]string{"sd/a.pth": "import os; os.system('touch canary')\n"}},
	} {
		dir := t.TempDir()
		writeFiles(t, dir, tc.files)
		m := analyzeIn(t, dir, tc.cmd)
		seen := false
		for _, s := range nestedScripts(m) {
			seen = seen || strings.Contains(s, "touch canary")
		}
		c := exec.Command("bash", "-c", tc.cmd)
		c.Dir = dir
		c.Env = append(os.Environ(), "PYTHONNOUSERSITE=")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", tc.cmd, err, out)
		}
		_, err := os.Stat(filepath.Join(dir, "canary"))
		if err != nil || !seen {
			t.Errorf("%s: ran the canary: %v, corral saw it: %v", tc.cmd, err == nil, seen)
		}
	}
}

// TestPythonDefaultUserSiteRun runs real python3 with HOME at a scratch
// directory: a .pth already in ~/.local's user site runs (with -E too),
// and corral reads it.
func TestPythonDefaultUserSiteRun(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	out, err := exec.Command(py, "-c", "import sys; print('python%d.%d' % sys.version_info[:2])").Output()
	if err != nil {
		t.Fatal(err)
	}
	ver := strings.TrimSpace(string(out))
	for _, cmd := range []string{"python3 -c 1", "python3 -E -c 1"} {
		dir := t.TempDir()
		home := filepath.Join(dir, "home")
		writeFiles(t, dir, map[string]string{"home/.local/lib/" + ver + "/site-packages/a.pth": "import os; os.system('touch canary')\n"})
		m, err := Analyze(cmd, Options{Cwd: dir, Home: home, ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		seen := strings.Contains(strings.Join(nestedScripts(m), "\n"), "touch canary")
		c := exec.Command("bash", "-c", cmd)
		c.Dir = dir
		c.Env = append(os.Environ(), "HOME="+home, "PYTHONNOUSERSITE=", "PYTHONUSERBASE=")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", cmd, err, out)
		}
		_, err = os.Stat(filepath.Join(dir, "canary"))
		if err != nil || !seen {
			t.Errorf("%s: ran the canary: %v, corral saw it: %v", cmd, err == nil, seen)
		}
	}
}
