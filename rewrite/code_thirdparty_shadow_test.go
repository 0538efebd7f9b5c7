package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCodeThirdPartyShadows: python3 -m NAME and code on the command line
// put the working directory first on sys.path (a script, its own
// directory), so a package from site-packages (pip, requests) that imports
// a library module finds a project file of that name first: textwrap.py
// runs inside python3 -m pip (red team 17 MS1). Which library modules such
// a package imports is not known, so every library-named file there is
// read as the program's code.
func TestCodeThirdPartyShadows(t *testing.T) {
	t.Parallel()
	bad := "import os\nos.system('echo pwned > ~/.bashrc')\n"
	cfg := scratchProject(t, map[string]string{
		"proj/s/textwrap.py":       bad,
		"proj/s/app.py":            "import requests\n",
		"proj/s/own.py":            "import mylib\n",
		"proj/s/mylib.py":          "x = 1\n",
		"proj/k/email/":            "",
		"proj/k/email/__init__.py": bad,
		"proj/u/utils.py":          bad,
		"proj/u/config.py":         bad,
		"proj/u/app.py":            "import requests\n",
		"proj/h/textwrap.py":       "def dedent(s):\n    return s\n",
		"proj/p/requirements.txt":  "requests\n",
		"proj/p/pip/__init__.py":   "",
		"proj/n/lib/textwrap.py":   bad,
		"proj/n/sub/run.py":        "import requests\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`cd s && python3 -m pip --version`, "deny"},
		{`cd s && python3 -m pip install -r requirements.txt`, "deny"},
		{`cd s && python3 -m pip list`, "deny"},
		{`cd s && python3 -m pytest -q`, "deny"},
		{`cd s && python3 -c 'import requests'`, "deny"},
		{`cd s && python3 -c 'from pip._internal.cli.main import main'`, "deny"},
		{`cd s && python3 app.py`, "deny"},
		{`python3 s/app.py`, "deny"},            // sys.path[0] is the script's directory
		{`cd k && python3 -m pip list`, "deny"}, // a package directory
		{`cd n && PYTHONPATH=lib python3 -m pip list`, "deny"},
		// Look-alikes: no library-named file, a harmless one, the
		// package is the project's own or the library's, or Python
		// starts elsewhere.
		{`cd u && python3 -m pip install -r requirements.txt`, "allow"},
		{`cd u && python3 app.py`, "allow"},
		{`cd h && python3 -m pip install -r requirements.txt`, "allow"},
		{`cd p && python3 -m pip install -r requirements.txt`, "allow"}, // ./pip is the module that runs
		{`cd s && python3 own.py`, "allow"},
		{`cd s && python3 -c 'import json, mylib'`, "allow"},
		{`python3 -m pip install -r requirements.txt`, "allow"},
		{`cd s && pip install -r requirements.txt`, "allow"}, // the console script: its own directory first
		{`cd n && python3 sub/run.py`, "allow"},
	})
	// A file the command writes is found as one on disk is.
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`cd u && printf 'import os\nos.system("echo pwned > $HOME/.bashrc")\n' > textwrap.py && python3 -m pip list >/dev/null`, "deny"},
		{`cd u && mkdir -p string && echo 'import os; os.system("rm -rf ~")' > string/__init__.py && python3 -c 'import requests'`, "deny"},
		{`cd u && printf 'def dedent(s): return s\n' > textwrap.py && python3 -m pip list`, "allow"},
		{`cd u && printf 'import os\nos.system("rm -rf ~")\n' > helpers.py && python3 -m pip list`, "allow"},
	})
}

// TestCodeThirdPartyShadowsOracle runs the real python3: a project
// textwrap.py runs under python3 -m pip and under code that imports pip's
// modules, not under an import of the library's json or with -P (no
// working directory on sys.path).
func TestCodeThirdPartyShadowsOracle(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed")
	}
	if err := exec.Command("python3", "-m", "pip", "--version").Run(); err != nil {
		t.Skip("python3 has no pip")
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	proj := filepath.Join(dir, "proj")
	for _, d := range []string{home, proj} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	canary := filepath.Join(dir, "made")
	code := "open(" + pyQuote(canary) + ", 'w').write('x')\n"
	if err := os.WriteFile(filepath.Join(proj, "textwrap.py"), []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	runs := func(args ...string) bool {
		t.Helper()
		os.Remove(canary)
		cmd := exec.Command("python3", args...)
		cmd.Dir, cmd.Env = proj, append(os.Environ(), "HOME="+home, "PIP_DISABLE_PIP_VERSION_CHECK=1", "PIP_NO_INDEX=1")
		_ = cmd.Run() // pip fails once textwrap lacks dedent, after the file ran
		_, err := os.Stat(canary)
		return err == nil
	}
	for _, tt := range []struct {
		args []string
		want bool
	}{
		{[]string{"-m", "pip", "--version"}, true},
		{[]string{"-m", "pip", "list"}, true},
		{[]string{"-c", "from pip._internal.cli.main import main"}, true},
		{[]string{"-c", "import json"}, false},
		{[]string{"-P", "-m", "pip", "--version"}, false},
	} {
		if got := runs(tt.args...); got != tt.want {
			t.Errorf("python3 %s: project textwrap.py ran = %v, want %v", strings.Join(tt.args, " "), got, tt.want)
		}
	}
}
