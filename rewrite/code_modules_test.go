package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestPythonModulesRunCode: python -m timeit runs its -s setup and its
// statements, and python -m code / -m asyncio read standard input as a
// program; their code is judged as python3 -c's is. python -m venv
// --clear and virtualenv --clear delete their directories' contents, as
// rm -rf does. Look-alikes: timing an expression, other modules, the REPL
// with no input, a new environment, clearing one in the project.
func TestPythonModulesRunCode(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, nil)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`python3 -m timeit -n1 'import os; os.system("rm -rf ~")'`, "deny"},
		{`python3 -m timeit -s 'import shutil' 'shutil.rmtree("/")'`, "deny"},
		{`python3 -m timeit --setup='import os' 'os.system("rm -rf ~")'`, "deny"},
		{`python3 -mtimeit 'import os; os.system("rm -rf ~")'`, "deny"},
		{`python3 -m code <<< 'import os; os.system("rm -rf ~")'`, "deny"},
		{`printf 'import os\nos.system("rm -rf ~")\n' | python3 -m code`, "deny"},
		{`python3 -m asyncio <<'EOF'` + "\nimport shutil; shutil.rmtree('/')\nEOF", "deny"},
		{`python3 -m timeit "$STMT"`, "allow"}, // a variable's text: only known at run time, mentions nothing
		{`python3 -m timeit '"-".join(str(n) for n in range(100))'`, "allow"},
		{`python3 -m timeit -s 'import json' 'json.dumps({"a": 1})'`, "allow"},
		{`echo 'print(1)' | python3 -m code`, "allow"},
		{`python3 -m json.tool < data.json`, "allow"},
		{`python3 -m code`, "allow"},
		// venv --clear empties its directories first.
		{`python3 -m venv --clear ~`, "deny"},
		{`python3 -m venv --cle /etc`, "deny"},
		{`virtualenv --clear ~`, "deny"},
		{`python3 -m venv --clear .venv`, "warn"}, // the virtualenv's programs are protected, deleting them only warns (regenerable)
		{`python3 -m venv ~/venvs/tool`, "allow"},
	})
}

// TestVenvClearOracle: the real python3 -m venv --clear deletes what the
// directory held.
func TestVenvClearOracle(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	dir := filepath.Join(t.TempDir(), "d")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "KEEP"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(py, "-m", "venv", "--clear", "--without-pip", dir).CombinedOutput(); err != nil {
		t.Skipf("python3 -m venv is not usable here: %v %s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "KEEP")); err == nil {
		t.Errorf("python3 -m venv --clear kept the directory's file")
	}
}

// TestPythonModulesRunCodeOracle runs the real python: timeit's setup and
// statement, and code's standard input, do run (a canary file appears).
func TestPythonModulesRunCodeOracle(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	for _, tc := range []struct {
		args  []string
		stdin string
	}{
		{[]string{"-m", "timeit", "-n1", "-r1", "-s", "import pathlib", "pathlib.Path('CANARY').touch()"}, ""},
		{[]string{"-m", "code"}, "import pathlib; pathlib.Path('CANARY').touch()\n"},
	} {
		dir := t.TempDir()
		cmd := exec.Command(py, tc.args...)
		cmd.Dir = dir
		if tc.stdin != "" {
			f := filepath.Join(dir, "in")
			if err := os.WriteFile(f, []byte(tc.stdin), 0o644); err != nil {
				t.Fatal(err)
			}
			in, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			cmd.Stdin = in
		}
		_ = cmd.Run()
		if _, err := os.Stat(filepath.Join(dir, "CANARY")); err != nil {
			t.Errorf("python3 %v did not run the code: %v", tc.args, err)
		}
	}
}
