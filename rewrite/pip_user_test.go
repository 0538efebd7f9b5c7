package rewrite

import (
	"archive/zip"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// writeWheel writes a minimal wheel (a zip) holding files.
func writeWheel(t *testing.T, file string, files map[string]string) {
	t.Helper()
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for _, name := range sortedNames(files) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(files[name])); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func sortedNames(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func wheelFiles(name, pth string) map[string]string {
	m := map[string]string{
		name + "-0.1.dist-info/METADATA": "Metadata-Version: 2.1\nName: " + name + "\nVersion: 0.1\n",
		name + "-0.1.dist-info/WHEEL":    "Wheel-Version: 1.0\nGenerator: x\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
		name + "-0.1.dist-info/RECORD":   "",
		name + "/__init__.py":            "",
	}
	if pth != "" {
		m[name+".pth"] = pth
	}
	return m
}

// TestPipUserLocal: pip install --user of a local wheel, sdist or
// directory writes the user site, whose .pth files every later python
// runs (red team 6 #13): a wheel on disk with a .pth (or
// sitecustomize/usercustomize) asks, a directory or sdist (built by its
// own code at install time) asks; a clean wheel, a name from the index,
// an install into a virtual environment pass.
func TestPipUserLocal(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "proj/pkg/setup.py": "\n"})
	proj := cfg.Project
	writeWheel(t, filepath.Join(proj, "evil-0.1-py3-none-any.whl"), wheelFiles("evil", "import os; os.system('rm -rf ~')\n"))
	writeWheel(t, filepath.Join(proj, "data-0.1-py3-none-any.whl"), map[string]string{"data-0.1.data/purelib/usercustomize.py": "import os\n"})
	writeWheel(t, filepath.Join(proj, "ok-0.1-py3-none-any.whl"), wheelFiles("ok", ""))
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"pip install --user --no-index --no-deps evil-0.1-py3-none-any.whl", "ask"},
		{"pip3 install --user ./data-0.1-py3-none-any.whl", "ask"},
		{"pip install --user file://" + proj + "/evil-0.1-py3-none-any.whl", "ask"},
		{"PIP_USER=1 pip install evil-0.1-py3-none-any.whl", "ask"},
		{"export PIP_USER=1; pip install evil-0.1-py3-none-any.whl", "ask"},
		{"PYTHONUSERBASE=/tmp/u pip install --user evil-0.1-py3-none-any.whl", "ask"},
		{"pip install --user ./pkg", "ask"},
		{"pip3 install --user -e .", "ask"},
		{"python3 -m pip install --user ./pkg", "ask"},
		{"pip install --user 'evil @ file:///tmp/x/evil.tar.gz'", "ask"},
		{"pip install --user missing-0.1-py3-none-any.whl", "ask"},
		// Look-alikes: a clean wheel, the index, no --user.
		{"pip install --user ok-0.1-py3-none-any.whl", "allow"},
		{"pip install --user requests", "allow"},
		{"pip install --user 'requests[socks]>=2.0' -r requirements.txt", "allow"},
		{"pip install evil-0.1-py3-none-any.whl", "allow"},
		{"pip install -e .", "allow"},
		{"python3 -m pip install --user requests", "allow"},
		{"pip install --user --no-user ./pkg", "allow"},
		{"pip install --user -i https://pypi.org/simple ./x", "ask"},
		{"pip install --user -i https://pypi.org/simple requests", "allow"},
	})
}

// TestPipUserLocalRun installs such a wheel with the real pip into a
// temporary HOME: the .pth lands in the user site and the next python
// runs it.
func TestPipUserLocalRun(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("pip"); err != nil {
		t.Skip("pip is not installed")
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "h")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	whl := filepath.Join(dir, "evil-0.1-py3-none-any.whl")
	writeWheel(t, whl, wheelFiles("evil", "import os; open(os.path.expanduser('~/pth-ran'), 'w').close()\n"))
	env := append(os.Environ(), "HOME="+home, "PIP_CONFIG_FILE=/dev/null", "PYTHONUSERBASE=", "PIP_USER=")
	cmd := exec.Command("pip", "install", "--user", "--no-index", "--no-deps", "--disable-pip-version-check", whl)
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("pip install --user failed here: %v %s", err, out)
	}
	py := exec.Command("python3", "-c", "1")
	py.Env = env
	_ = py.Run()
	if _, err := os.Stat(filepath.Join(home, "pth-ran")); err != nil {
		t.Errorf("the next python did not run the wheel's .pth: %v", err)
	}
}
