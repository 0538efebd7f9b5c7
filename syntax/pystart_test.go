package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestConsoleScriptSiteHooks: every CPython start runs the site module,
// not only python3 by name: pip, pytest, a #! python script, uv run
// x.py, and a make recipe or npm script given the variable. Look-alikes:
// programs that are not Python, a shell script, an ordinary src tree.
func TestConsoleScriptSiteHooks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	evil := "import os; os.system('rm -rf /victim')\n"
	writeFiles(t, dir, map[string]string{
		"ub/lib/python3.11/site-packages/zz.pth": evil,
		"pp/sitecustomize.py":                    evil,
		"src/app/__init__.py":                    "x = 1\n",
		"manage.py":                              "#!/usr/bin/env python3\nprint(1)\n",
		"run.sh":                                 "#!/bin/sh\necho hi\n",
		"Makefile":                               "test:\n\tpytest -q\n",
		"package.json":                           `{"scripts": {"test": "pytest -q"}}`,
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`PYTHONUSERBASE=ub pip3 --version`, true},
		{`PYTHONUSERBASE=ub pip3.12 list`, true},
		{`PYTHONUSERBASE=ub pytest -q`, true},
		{`PYTHONUSERBASE=ub ./manage.py check`, true},
		{`PYTHONUSERBASE=ub uv run x.py`, true},
		{`export PYTHONUSERBASE=ub; pip3 list`, true},
		{`PYTHONUSERBASE=ub make test`, true},
		{`PYTHONUSERBASE=ub npm test`, true},
		{`PYTHONPATH=pp pip3 list`, true},
		{`PYTHONPATH=pp pip install -I requests`, true}, // pip's -I is not python's
		{`export PYTHONPATH=pp; pytest -q`, true},
		{`PYTHONPATH=pp ./manage.py check`, true},
		{`PYTHONPATH=$PWD/pp make test`, true},
		// Look-alikes.
		{`PYTHONUSERBASE=ub ls`, false},
		{`PYTHONUSERBASE=ub node -e 1`, false},
		{`PYTHONUSERBASE=ub ./run.sh`, false},
		{`PYTHONPATH=pp cat x`, false},
		{`PYTHONPATH=src pytest -q`, false},
		{`PYTHONUSERBASE=ub PYTHONNOUSERSITE=1 pip3 list`, false},
		{`pip3 list`, false},
		{`make test`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}

// TestConsoleScriptSiteHooksRun runs real pip3 (a console script) with
// PYTHONUSERBASE and PYTHONPATH: the canary code runs, and corral reads
// it.
func TestConsoleScriptSiteHooksRun(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	if _, err := exec.LookPath("pip3"); err != nil {
		t.Skip("pip3 not installed")
	}
	out, err := exec.Command(py, "-c", "import sys; print('python%d.%d' % sys.version_info[:2])").Output()
	if err != nil {
		t.Fatal(err)
	}
	ver := strings.TrimSpace(string(out))
	canary := "import os; os.system('touch canary')\n"
	for _, tc := range []struct {
		cmd   string
		files map[string]string
	}{
		{"PYTHONUSERBASE=ub pip3 --version", map[string]string{"ub/lib/" + ver + "/site-packages/a.pth": canary}},
		{"PYTHONPATH=pp pip3 --version", map[string]string{"pp/sitecustomize.py": canary}},
		{"PYTHONUSERBASE=ub make -s t", map[string]string{"ub/lib/" + ver + "/site-packages/a.pth": canary, "Makefile": "t:\n\tpip3 --version\n"}},
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
			if strings.Contains(tc.cmd, "make") {
				if _, err := exec.LookPath("make"); err != nil {
					continue
				}
			}
			t.Fatalf("%s: %v\n%s", tc.cmd, err, out)
		}
		_, err := os.Stat(filepath.Join(dir, "canary"))
		if err != nil || !seen {
			t.Errorf("%s: ran the canary: %v, corral saw it: %v", tc.cmd, err == nil, seen)
		}
	}
}
