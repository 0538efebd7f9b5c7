package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestExecVenvSite: a virtual environment's interpreter runs the
// "import" lines of its site-packages *.pth files and its sitecustomize
// at every start (red-team 3, finding 5). With a real venv (python3 -m
// venv, pip included, so its own distutils-precedence.pth is there): a
// .pth or sitecustomize.py that runs touch {home}/made makes the file
// when the venv's python starts, and the same file running rm -rf ~ is
// denied for each way of starting that python — its path, a console
// script in its bin, PATH after activate, uv run (decided only, never
// run). The clean venv's python, pip and activate pass.
func TestExecVenvSite(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a venv")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	home := filepath.Join(t.TempDir(), "home")
	project := filepath.Join(home, "project")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("python3", "-m", "venv", filepath.Join(project, ".venv")).CombinedOutput(); err != nil {
		t.Skipf("python3 -m venv: %v %s", err, out)
	}
	sites, _ := filepath.Glob(filepath.Join(project, ".venv", "lib", "python3*", "site-packages"))
	if len(sites) != 1 {
		t.Fatalf("site-packages: %v", sites)
	}
	site := sites[0]
	env := map[string]string{"HOME": home, EnvProject: project}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, project)
	starts := []string{".venv/bin/python -c 1", ".venv/bin/python3 -m pip --version", ".venv/bin/pip list",
		"source .venv/bin/activate && python -c 'print(1)'", ". .venv/bin/activate; python3 -c 1", "uv run python -c 1"}
	check := func(want Decision) {
		t.Helper()
		for _, cmd := range starts {
			if res := Check(cfg, cmd); res.Decision != want {
				t.Errorf("%s: decision = %s, want %s (%+v)", cmd, res.Decision, want, res.Findings)
			}
		}
	}
	run := func(cmd string) {
		t.Helper()
		c := exec.Command("bash", "-c", cmd)
		c.Dir = project
		c.Env = append(os.Environ(), "HOME="+home)
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", cmd, err, out)
		}
	}
	made := filepath.Join(home, "made")
	// The clean venv: nothing to judge, and nothing made.
	check(Allow)
	run(".venv/bin/python -c 1")
	if _, err := os.Stat(made); err == nil {
		t.Fatal("the clean venv made the file")
	}
	// Debian's interpreters ship their own sitecustomize in the standard
	// library, which comes first on sys.path: there a venv's is not
	// imported (corral still judges it, the cautious side).
	shadowed := false
	if out, err := exec.Command(filepath.Join(project, ".venv/bin/python"), "-c",
		"import sitecustomize; print(sitecustomize.__file__)").Output(); err == nil && strings.TrimSpace(string(out)) != "" {
		shadowed = true
	}
	for _, tc := range []struct{ file, text string }{
		{"zz.pth", "import os; os.system(%q)\n"},
		{"sitecustomize.py", "import os\nos.system(%q)\n"},
	} {
		p := filepath.Join(site, tc.file)
		write := func(payload string) {
			t.Helper()
			if err := os.WriteFile(p, []byte(strings.ReplaceAll(tc.text, "%q", `"`+payload+`"`)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write("touch " + made)
		run(".venv/bin/python -c 1")
		if _, err := os.Stat(made); err != nil {
			if tc.file == "sitecustomize.py" && shadowed {
				t.Logf("%s: not run: this python's standard library has its own sitecustomize", tc.file)
			} else {
				t.Errorf("%s: the venv's python did not run it", tc.file)
			}
		}
		os.Remove(made)
		write("rm -rf ~")
		check(Deny)
		// -S: no site module, nothing runs.
		if res := Check(cfg, ".venv/bin/python -S -c 1"); res.Decision != Allow {
			t.Errorf("python -S: %s (%+v)", res.Decision, res.Findings)
		}
		os.Remove(p)
	}
}
