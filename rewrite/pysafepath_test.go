package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPythonSafePath (red team 18 MS1 rest): python -P, -I (isolated
// mode) and PYTHONSAFEPATH leave the working directory (the script's
// directory) out of sys.path, so a project file named as a library module
// shadows nothing there: python3 -P -m pip beside a destructive
// textwrap.py passes. PYTHONPATH is still searched under -P (not under -I,
// which ignores the environment); PYTHONSAFEPATH is ignored under -E, when
// empty, and by interpreters before 3.11 (python3 may be one: only a name
// that gives the version honours it); an option after -m or -c belongs to
// the program.
func TestPythonSafePath(t *testing.T) {
	t.Parallel()
	bad := "import os\nos.system('echo pwned > ~/.bashrc')\n"
	cfg := scratchProject(t, map[string]string{
		"proj/s/textwrap.py":     bad,
		"proj/s/app.py":          "import requests\n",
		"proj/n/lib/textwrap.py": bad,
		"proj/n/main.py":         "print(1)\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`cd s && PYTHONSAFEPATH=1 python3 -m pip list`, "deny"},
		{`cd s && PYTHONSAFEPATH=1 python3.11 -E -m pip list`, "deny"},
		{`cd s && PYTHONSAFEPATH= python3.12 -m pip list`, "deny"},
		{`cd s && PYTHONSAFEPATH=1 python3.10 -m pip list`, "deny"},
		{`cd n && PYTHONPATH=lib python3 -P -m pip list`, "deny"},
		{`cd s && python3 -m pip -P list`, "deny"},
		{`cd s && python3 -c 'import requests' -P`, "deny"},
		{`cd s && python3 -m pip list`, "deny"},
		// Look-alikes: the directory is left out.
		{`cd s && python3 -P -m pip list`, "allow"},
		{`cd s && python3 -P -m pip --version`, "allow"},
		{`cd s && python3 -I -m pip list`, "allow"},
		{`cd s && python3 -IP -c 'import requests'`, "allow"},
		{`cd s && python3 -P app.py`, "allow"},
		{`python3 -I s/app.py`, "allow"},
		{`cd s && PYTHONSAFEPATH=1 python3.11 -m pip list`, "allow"},
		{`cd s && export PYTHONSAFEPATH=x; python3.12 -c 'import requests'`, "allow"},
		{`cd n && PYTHONPATH=lib python3 -I -m pip list`, "allow"},
	})
}

// TestPythonSafePathOracle runs the real python3 (3.11 or later) beside a
// project textwrap.py and a PYTHONPATH lib/textwrap.py that create a
// canary: -P, -I and PYTHONSAFEPATH keep the project's file from running
// under python3 -m pip, -E brings it back, PYTHONPATH's is still searched
// under -P and not under -I.
func TestPythonSafePathOracle(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed")
	}
	if err := exec.Command("python3", "-c", "import sys; sys.exit(sys.version_info < (3, 11))").Run(); err != nil {
		t.Skip("python3 is older than 3.11")
	}
	if err := exec.Command("python3", "-m", "pip", "--version").Run(); err != nil {
		t.Skip("python3 has no pip")
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	proj := filepath.Join(dir, "proj")
	for _, d := range []string{home, filepath.Join(proj, "lib")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	canary := filepath.Join(dir, "made")
	code := "open(" + pyQuote(canary) + ", 'w').write('x')\n"
	for _, f := range []string{"textwrap.py", "lib/textwrap.py"} {
		if err := os.WriteFile(filepath.Join(proj, f), []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	runs := func(env []string, args ...string) bool {
		t.Helper()
		os.Remove(canary)
		cmd := exec.Command("python3", args...)
		cmd.Dir, cmd.Env = proj, append(append(os.Environ(), "HOME="+home, "PIP_DISABLE_PIP_VERSION_CHECK=1", "PIP_NO_INDEX=1", "PYTHONPATH=", "PYTHONSAFEPATH="), env...)
		_ = cmd.Run()
		_, err := os.Stat(canary)
		return err == nil
	}
	for _, tt := range []struct {
		env  []string
		args []string
		want bool
	}{
		{nil, []string{"-m", "pip", "--version"}, true},
		{nil, []string{"-P", "-m", "pip", "--version"}, false},
		{nil, []string{"-I", "-m", "pip", "--version"}, false},
		{nil, []string{"-IP", "-c", "from pip._internal.cli.main import main"}, false},
		{[]string{"PYTHONSAFEPATH=1"}, []string{"-m", "pip", "--version"}, false},
		{[]string{"PYTHONSAFEPATH=1"}, []string{"-E", "-m", "pip", "--version"}, true},
		{[]string{"PYTHONPATH=lib"}, []string{"-P", "-m", "pip", "--version"}, true},
		{[]string{"PYTHONPATH=lib"}, []string{"-I", "-m", "pip", "--version"}, false},
	} {
		if got := runs(tt.env, tt.args...); got != tt.want {
			t.Errorf("%s python3 %s: a textwrap.py ran = %v, want %v", strings.Join(tt.env, " "), strings.Join(tt.args, " "), got, tt.want)
		}
	}
}
