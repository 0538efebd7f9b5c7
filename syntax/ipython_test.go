package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// ipythonNotebook is a notebook whose cells delete /victim: a Python
// cell, a ! line and a %%bash cell.
const ipythonNotebook = `{"cells": [
 {"cell_type": "markdown", "source": ["!rm -rf /md"]},
 {"cell_type": "code", "source": ["x = 1\n", "!rm -rf /victim\n"]}
], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`

// TestIPythonCode: IPython's front end runs Python with IPython's own
// syntax from -c, stdin, files, modules, settings and the profile
// directory (red team 10 IP). Look-alikes: harmless code, a ! inside a
// string, magics that only time or print.
func TestIPythonCode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"ev.py":                             "import os\nos.system('rm -rf /victim')\n",
		"ev.ipy":                            "!rm -rf /victim\n",
		"pkg/__init__.py":                   "",
		"pkg/ev.py":                         "import shutil\nshutil.rmtree('/victim')\n",
		"nb.ipynb":                          ipythonNotebook,
		"prof/startup/00.py":                "import os\nos.system('rm -rf /victim')\n",
		"cfg/ipython_config.py":             "import os\nos.system('rm -rf /victim')\n",
		"ipy/profile_default/startup/a.ipy": "!rm -rf /victim\n",
		"ipy/profile_work/startup/b.py":     "import os\nos.system('rm -rf /victim')\n",
		"profile":                           "import os\nos.system('rm -rf /victim')\n",
		"history":                           "import os\nos.system('rm -rf /victim')\n",
		"ok.py":                             "print(1)\n",
		"rc.py":                             "x = 1\nif x:\n    get_ipython().run_cell('!rm -rf /victim')\n",
		// Settings in ipython_config.py that run code.
		"cfgl/ipython_config.py":  "c = get_config()\nc.InteractiveShellApp.exec_lines = [\n    'import os',\n    '!rm -rf /victim',\n]\n",
		"cfgc/ipython_config.py":  "c.TerminalIPythonApp.code_to_run = \"import shutil; shutil.rmtree('/victim')\"\n",
		"cfga/ipython_config.py":  "c.InteractiveShellApp.exec_lines.append(\"get_ipython().system('rm -rf /victim')\")\n",
		"cfgf/ipython_config.py":  "c.InteractiveShellApp.exec_files = ['ev.py']  # run at start\n",
		"cfgd/ipython_config.py":  "import os\nc.InteractiveShellApp.exec_lines = os.environ['LINES'].split(';')\n",
		"cfgok/ipython_config.py": "c = get_config()\nc.TerminalIPythonApp.display_banner = False\nc.InteractiveShellApp.exec_lines = ['%load_ext autoreload', '%autoreload 2']\nc.InteractiveShellApp.extensions = []\n",
		"ok.ipynb":                `{"cells": [{"cell_type": "code", "source": "!ls\nprint(1)"}]}`,
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`ipython -c 'import os; os.system("rm -rf /victim")'`, true},
		{`ipython -c '!rm -rf /victim'`, true},
		{`ipython -c '!!rm -rf /victim'`, true},
		{`ipython -c 'out = !rm -rf /victim'`, true},
		{`ipython -c '%sx rm -rf /victim'`, true},
		{`ipython -c 'for i in range(1):
    !rm -rf /victim'`, true},
		{`ipython3 -c 'get_ipython().system("rm -rf /victim")'`, true},
		{`ipython -c '%%bash
rm -rf /victim'`, true},
		{`ipython -c '%run ev.py'`, true},
		{`ipython -c 'run ev.py'`, true},
		{`ipython -c '%run -m pkg.ev'`, true},
		{`echo '!rm -rf /victim' | ipython`, true},
		{`ipython <<< 'import os; os.system("rm -rf /victim")'`, true},
		{`python3 -m IPython ev.py`, true},
		{`python3 -m IPython -c '!rm -rf /victim'`, true},
		{`ipython -m pkg.ev`, true},
		{`ipython ev.ipy`, true},
		{`ipython nb.ipynb`, true},
		{`ipython3 -i ev.py`, true},
		{`ipython --profile-dir=prof -c pass`, true},
		{`ipython --profile-dir prof`, true},
		{`ipython --profile-dir=cfg -c pass`, true},
		{`IPYTHONDIR=ipy ipython -c pass`, true},
		{`ipython --ipython-dir=ipy --profile=work -c pass`, true},
		{`ipython --InteractiveShellApp.exec_lines='["import os; os.system(\"rm -rf /victim\")"]'`, true},
		{`ipython --TerminalIPythonApp.exec_lines="['!rm -rf /victim']" -c pass`, true},
		{`ipython --InteractiveShellApp.exec_files=ev.py`, true},
		{`ipython --InteractiveShellApp.code_to_run='!rm -rf /victim'`, true},
		{`ipython --ext=pkg.ev -c pass`, true},
		{`ipython --ext pkg.ev`, true},
		{`ipython -c 'get_ipython().run_cell("!rm -rf /victim")'`, true},
		{`ipython -c 'get_ipython().run_cell("get_ipython().run_cell(\"!rm -rf /victim\")")'`, true},
		{`ipython -c 'get_ipython().run_line_magic("system", "rm -rf /victim")'`, true},
		{`ipython -c 'get_ipython().run_cell_magic("bash", "", "rm -rf /victim")'`, true},
		{`ipython -c 'get_ipython().run_line_magic("run", "ev.py")'`, true},
		{`ipython -c 'ip = get_ipython(); ip.run_cell("!rm -rf /victim")'`, true},
		{`ipython -c 'from IPython import get_ipython; shell = get_ipython()
shell.run_line_magic("system", "rm -rf /victim")'`, true},
		{`ipython -c 'ip = get_ipython(); ip.system("rm -rf /victim")'`, true},
		{`ipython rc.py`, true},
		{`ipython -c '%run ev.ipy'`, true},
		{`ipython --profile-dir=cfgl -c pass`, true},
		{`ipython --profile-dir=cfgc`, true},
		{`ipython --profile-dir=cfga -c pass`, true},
		{`ipython --profile-dir=cfgf -c pass`, true},
		{`jupyter run ev.py`, true},
		{`jupytext --execute nb.ipynb`, true},
		{`jupytext --to notebook --execute nb.ipynb`, true},
		{`pytest --nbmake nb.ipynb`, true},
		{`python3 -m pytest --nbmake nb.ipynb`, true},
		{`jupyter execute nb.ipynb`, true},
		// Script magics run their command with the cell on stdin, and an
		// alias's command runs when it is called (red team 16 MC1).
		{"ipython -c '%%perl\nsystem(\"rm -rf /victim\")'", true},
		{"ipython -c '%%ruby\nsystem(\"rm -rf /victim\")'", true},
		{"ipython -c '%%script perl -w\nsystem(\"rm -rf /victim\")'", true},
		{"ipython -c '%%script --no-raise-error sh\nrm -rf /victim'", true},
		{"ipython -c '%alias rmv rm -rf /victim\n%rmv'", true},
		{"ipython -c 'alias rmv rm -rf %s\nrmv /victim'", false},
		{"ipython -c 'alias rmv rm -rf /victim'", true},
		// Look-alikes.
		{"ipython -c '%%perl\nprint \"rm -rf /victim\"'", false},
		{"ipython -c 'alias = \"rm -rf /victim\"; print(alias)'", false},
		{"ipython -c '%alias ll ls -la\n%ll'", false},
		{`ipython`, false},
		{`ipython -c 'print("!rm -rf /victim")'`, false},
		{`ipython -c 'import numpy; print(numpy.__version__)'`, false},
		{`ipython -c '%timeit sum(range(10))'`, false},
		{`ipython -c 'run = 3; print(run)'`, false},
		{`ipython -c '%run ok.py'`, false},
		{`ipython ok.py`, false},
		{`ipython ok.ipynb`, false},
		{`ipython --profile=dev -c pass`, false},
		{`ipython --profile-dir=cfgok -c pass`, false},
		{`ipython -c 'get_ipython().run_cell("print(1)")'`, false},
		{`ipython -c 'ip = get_ipython(); ip.run_cell("print(1)"); print(ip.user_ns.keys())'`, false},
		{`ipython -c 'myip = get_ipython(); ip = 3; print(ip)'`, false},
		{`ipython -c 'get_ipython().run_line_magic("timeit", "sum(range(9))")'`, false},
		{`python3 rc.py`, false},
		{`echo 'print(1)' | ipython`, false},
		{`jupytext --to py nb.ipynb`, false},
		{`jupyter run --help`, false},
		{`pytest ok.py`, false},
		{`ipython profile create`, false},
		{`ipython history clear`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		if rm := deletes(m, "/victim"); rm != tc.rm {
			t.Errorf("%s: /victim deleted %v, want %v", tc.cmd, rm, tc.rm)
		}
		if deletes(m, "/md") {
			t.Errorf("%s: a markdown cell was read as code", tc.cmd)
		}
	}
	// %%writefile writes the cell's text where it says.
	for _, tc := range []struct {
		cmd, path string
		want      bool
	}{
		{"ipython -c '%%writefile ~/.bashrc\nrm -rf /victim'", "/home/u/.bashrc", true},
		{"ipython -c '%%writefile -a notes.txt\nhello'", filepath.Join(dir, "notes.txt"), true},
		{"ipython -c '%%writefile notes.txt\nhello'", "/home/u/.bashrc", false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		got := false
		for _, c := range m.Calls {
			for _, r := range c.Redirs {
				if d := c.Dir.Join(r.Target.Value); d.Known && d.Path == tc.path && (r.Op == ">" || r.Op == ">>") {
					got = true
				}
			}
		}
		if got != tc.want {
			t.Errorf("%s: writes %s %v, want %v", tc.cmd, tc.path, got, tc.want)
		}
	}
	// Run-time code and profile directories ask.
	for _, cmd := range []string{`ipython -c "$(cat f)"`, `ipython --profile-dir="$D" -c pass`, `ipython --profile-dir=cfgd -c pass`,
		`ipython --InteractiveShellApp.exec_lines="$X"`} {
		m := analyzeIn(t, dir, cmd)
		asks := false
		for _, h := range m.Hidden {
			asks = asks || h.Always
		}
		if !asks {
			t.Errorf("%s: no question about code only known at run time", cmd)
		}
	}
}

// TestIPythonOracle runs the real IPython (when installed) with a
// scratch HOME: each spelling runs the shell or Python it carries.
func TestIPythonOracle(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs ipython")
	}
	ipy, err := exec.LookPath("ipython")
	if err != nil {
		t.Skip("no ipython")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	if out, err := exec.Command(ipy, "--version").CombinedOutput(); err != nil {
		t.Skipf("ipython does not start: %s", out)
	}
	for _, cmd := range []string{
		`ipython --quick -c '!touch canary'`,
		`echo '!touch canary' | ipython --quick`,
		`ipython --quick -c 'files = !touch canary'`,
		`ipython --quick -c 'get_ipython().system("touch canary")'`,
		`ipython --profile-dir=prof -c pass`,
		`ipython --quick --InteractiveShellApp.exec_lines='["open(\"canary\", \"w\")"]' -c pass`,
		`ipython --quick -c 'run mk.py'`,
		"ipython --quick -c '%%perl\nopen(my $f, \">\", \"canary\")'",
		"ipython --quick -c '%%script perl -w\nopen(my $f, \">\", \"canary\")'",
		"ipython --quick -c '%%ruby\nFile.write(\"canary\", \"\")'",
		"ipython --quick -c '%alias mk touch canary\n%mk'",
	} {
		if strings.Contains(cmd, "%%ruby") {
			if _, err := exec.LookPath("ruby"); err != nil {
				continue // the cell magic runs ruby (scripts/test.sh installs it)
			}
		}
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"prof/startup/00.py": "open('canary', 'w')\n", "mk.py": "open('canary', 'w')\n"})
		c := exec.Command(bash, "-c", cmd)
		c.Dir = dir
		c.Env = append(os.Environ(), "HOME="+dir)
		out, _ := c.CombinedOutput()
		if _, err := os.Stat(filepath.Join(dir, "canary")); err != nil {
			t.Errorf("%s: the code did not run: %s", cmd, out)
		}
	}
}
