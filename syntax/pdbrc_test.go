package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPdbrc: pdb runs the Python of ./.pdbrc when it starts (python -m
// pdb, breakpoint(), pdb.set_trace(), pdb.run, pytest --pdb/--trace);
// a write of a .pdbrc is judged as its Python. Look-alikes: a program
// that does not enter pdb, PYTHONBREAKPOINT=0, an rc of pdb commands.
func TestPdbrc(t *testing.T) {
	t.Parallel()
	evil := "!import os; os.system('rm -rf /victim')\ncontinue\n"
	for _, tc := range []struct {
		rc, cmd string
		rm      bool
	}{
		{evil, `python3 -m pdb app.py`, true},
		{evil, `python3 -m pdb -c continue app.py`, true},
		{evil, `python3 bp.py`, true},
		{evil, `python3 st.py`, true},
		{evil, `python3 -c 'import pdb; pdb.run("1")'`, true},
		{evil, `pytest --pdb`, true},
		{evil, `python3 -m pytest --trace`, true},
		{"import os; os.system('rm -rf /victim')\n", `python3 bp.py`, true},
		{"p __import__('os').system('rm -rf /victim')\n", `python3 -m pdb app.py`, true},
		{"", `printf '!import os; os.system("rm -rf /victim")\n' > .pdbrc`, true},
		// An alias body runs when its name is typed; breakpoint and
		// pdb's functions reached under another name enter pdb.
		{"alias rr !import os; os.system('rm -rf /victim')\ncontinue\n", `python3 -m pdb app.py`, true},
		{"alias rr import os;; os.system('rm -rf /victim')\n", `python3 -m pdb app.py`, true},
		{"", `printf 'alias rr !import os; os.system("rm -rf /victim")\n' > .pdbrc`, true},
		{evil, `printf 'from builtins import breakpoint as bp\nbp()\n' > a.py && python3 a.py`, true},
		{evil, `python3 -c 'import sys; sys.breakpointhook()'`, true},
		{evil, `python3 -c 'from pdb import set_trace as st; st()'`, true},
		// Look-alikes.
		{"alias ll longlist\nalias pi p 1\nalias\n", `python3 -m pdb app.py`, false},
		{evil, `PYTHONBREAKPOINT=0 python3 -c 'from builtins import breakpoint as bp; bp()'`, false},
		{evil, `python3 -c 'print("breakpoints")'`, false},
		{evil, `python3 app.py`, false},
		{evil, `pytest -q`, false},
		{evil, `PYTHONBREAKPOINT=0 python3 bp.py`, false},
		{"break app.py:1\nalias pi p 1\n# !rm\nc\n", `python3 -m pdb app.py`, false},
		{"", `python3 -m pdb app.py`, false},
		{"", `printf 'break app.py:2\ncontinue\n' > .pdbrc`, false},
	} {
		dir := t.TempDir()
		files := map[string]string{"app.py": "print(1)\n", "bp.py": "x = 1\nbreakpoint()\n", "st.py": "import pdb\npdb.set_trace()\n"}
		if tc.rc != "" {
			files[".pdbrc"] = tc.rc
		}
		writeFiles(t, dir, files)
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.rc+" | "+tc.cmd, tc.rm)
	}
	if code := PdbrcCode("b 3;;!x = 1\ncommands 1\nsilent\nend\nimport os\n"); code != "x = 1\nimport os\n" {
		t.Errorf("PdbrcCode = %q", code)
	}
	if code := PdbrcCode("alias a !x = 1;;y = 2\nalias b alias c p z\nalias d\nalias e step\n"); code != "x = 1\ny = 2\nz\n" {
		t.Errorf("PdbrcCode of aliases = %q", code)
	}
}

// TestPdbrcRun runs real python3: the rc's "!", plain and p lines run at
// python -m pdb and at breakpoint() with stdin at /dev/null, and corral
// reads them. TestPdbrcAliasRun: an alias the rc defines runs its body
// when its name is typed, and breakpoint reached under another name
// enters pdb.
func TestPdbrcRun(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed")
	}
	rc := "!import os; os.system('touch canary1')\nimport os; os.system('touch canary2')\np os.system('touch canary3')\ncontinue\n"
	for _, cmd := range []string{"python3 -m pdb app.py", "python3 bp.py"} {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{".pdbrc": rc, "app.py": "print(1)\n", "bp.py": "x = 1\nbreakpoint()\n"})
		m := analyzeIn(t, dir, cmd)
		var all string
		for _, s := range nestedScripts(m) {
			all += s + "\n"
		}
		c := exec.Command("bash", "-c", cmd+" </dev/null >/dev/null 2>&1")
		c.Dir = dir
		c.Env = append(os.Environ(), "HOME="+dir, "PYTHONBREAKPOINT=")
		_ = c.Run()
		for _, n := range []string{"canary1", "canary2", "canary3"} {
			_, err := os.Stat(filepath.Join(dir, n))
			if err != nil || !strings.Contains(all, "touch "+n) {
				t.Errorf("%s: %s ran %v, corral saw it %v", cmd, n, err == nil, strings.Contains(all, "touch "+n))
			}
		}
	}
}

func TestPdbrcAliasRun(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed")
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		".pdbrc": "alias rr !import os; os.system('touch canary')\n",
		"bp.py":  "from builtins import breakpoint as bp\nbp()\n",
	})
	cmd := "python3 bp.py"
	m := analyzeIn(t, dir, cmd)
	all := strings.Join(nestedScripts(m), "\n")
	c := exec.Command("bash", "-c", "printf 'rr\\ncontinue\\n' | "+cmd+" >/dev/null 2>&1")
	c.Dir = dir
	c.Env = append(os.Environ(), "HOME="+dir, "PYTHONBREAKPOINT=")
	_ = c.Run()
	_, err := os.Stat(filepath.Join(dir, "canary"))
	if err != nil || !strings.Contains(all, "touch canary") {
		t.Errorf("%s: the alias ran %v, corral saw it %v", cmd, err == nil, strings.Contains(all, "touch canary"))
	}
}
