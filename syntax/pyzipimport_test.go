package syntax

import (
	"archive/zip"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPythonZipImports: a module Python's zipimport loads from an
// archive on its path — PYTHONPATH=lib.zip, sys.path.insert(0,
// "deps.egg") in the script — is read as the program's Python, and the
// real python3 runs it (a canary). Look-alikes: a standard module with
// the archive on the path, a module the archive does not hold.
func TestPythonZipImports(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, body := range map[string]string{"m.py": "import os\nos.system('touch canary')\n", "pkg/__init__.py": "import os\nos.system('touch canary')\n"} {
		f, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(body))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"PYTHONPATH=lib.zip python3 -c 'import m'", true},
		{"PYTHONPATH=lib.zip python3 app.py", true},
		{"python3 ins.py", true},
		{"PYTHONPATH=deps.egg python3 -c 'import pkg'", true},
		{"PYTHONPATH=lib.zip python3 -c 'import json'", false},
		{"PYTHONPATH=lib.zip python3 -c 'import other'", false},
	} {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"lib.zip": buf.String(), "deps.egg": buf.String(), "app.py": "import m\n",
			"ins.py": "import sys\nsys.path.insert(0, 'deps.egg')\nimport m\n"})
		m := analyzeIn(t, dir, tc.cmd)
		seen := false
		for _, s := range nestedScripts(m) {
			seen = seen || strings.Contains(s, "touch canary")
		}
		if seen != tc.want {
			t.Errorf("%s: corral sees touch canary: %v, want %v (scripts %q)", tc.cmd, seen, tc.want, nestedScripts(m))
		}
		if _, err := exec.LookPath("python3"); err != nil {
			continue
		}
		run := exec.Command("bash", "-c", tc.cmd)
		run.Dir = dir
		out, err := run.CombinedOutput()
		_, cerr := os.Stat(filepath.Join(dir, "canary"))
		if tc.want && (err != nil || cerr != nil) || !tc.want && cerr == nil {
			t.Errorf("%s: python3 ran the canary: %v, want %v (%v %s)", tc.cmd, cerr == nil, tc.want, err, out)
		}
	}
}
