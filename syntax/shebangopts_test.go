package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestShebangEnvSplit: a script whose #! line is env -S with the
// interpreter's options runs what env splits out (python3 -c CODE FILE:
// CODE runs); a console script no table lists, found through the PATH
// the command set, starts Python when its #! line names it (the user
// site's .pth runs). Look-alikes: options that run nothing, env without
// -S, a name PATH does not lead to.
func TestShebangEnvSplit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"t.py":                                   "#!/usr/bin/env -S python3 -c \"import os; os.system('rm -rf /victim')\"\nprint(1)\n",
		"t.sh":                                   "#!/usr/bin/env -S bash -c \"rm -rf /victim\"\necho hi\n",
		"t.js":                                   "#!/usr/bin/env -S node -e \"require('child_process').execSync('rm -rf /victim')\"\nconsole.log(1)\n",
		"ok.py":                                  "#!/usr/bin/env -S python3 -u\nprint(1)\n",
		"ok2.py":                                 "#!/usr/bin/env python3\nprint(1)\n",
		"ok3.sh":                                 "#!/bin/sh -e\necho hi\n",
		"loop.sh":                                "#!/usr/bin/env -S ./loop.sh\necho hi\n",
		"v/pyvenv.cfg":                           "home = /usr/bin\n",
		"v/bin/mytool":                           "#!" + "/x/v/bin/python3\nimport sys\n",
		"v/bin/shtool":                           "#!/bin/sh\necho hi\n",
		"ub/lib/python3.11/site-packages/zz.pth": "import os; os.system('rm -rf /victim')\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`./t.py`, true},
		{`./t.sh`, true},
		{`./t.js a b`, true},
		{"mkdir -p .venv/bin && cat > .venv/bin/tool <<'X'\n#!/usr/bin/env -S python3 -c \"import os; os.system('rm -rf /victim')\"\nX\nchmod +x .venv/bin/tool && .venv/bin/tool", true},
		{`PYTHONUSERBASE=ub PATH=v/bin:$PATH mytool`, true},
		{`export PATH="$PWD/v/bin:$PATH" PYTHONUSERBASE=ub; mytool --help`, true},
		// Look-alikes.
		{`./ok.py`, false},
		{`./ok2.py`, false},
		{`./ok3.sh`, false},
		{`./loop.sh`, false},
		{`PYTHONUSERBASE=ub mytool`, false},
		{`PYTHONUSERBASE=ub PATH=v/bin:$PATH shtool`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}

// TestShebangEnvSplitRun runs the scripts for real: env -S splits the #!
// line's argument and CODE runs (the file does not), and corral reads
// CODE.
func TestShebangEnvSplitRun(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ prog, file, text string }{
		{"python3", "t.py", "#!/usr/bin/env -S python3 -c \"import os; os.system('touch canary')\"\nimport os; os.system('touch wrong')\n"},
		{"bash", "t.sh", "#!/usr/bin/env -S bash -c \"touch canary\"\ntouch wrong\n"},
	} {
		if _, err := exec.LookPath(tc.prog); err != nil {
			t.Skip(tc.prog + " not installed")
		}
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{tc.file: tc.text})
		if err := os.Chmod(filepath.Join(dir, tc.file), 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := "./" + tc.file
		m := analyzeIn(t, dir, cmd)
		all := strings.Join(nestedScripts(m), "\n")
		c := exec.Command("bash", "-c", cmd)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", cmd, err, out)
		}
		_, err := os.Stat(filepath.Join(dir, "canary"))
		if err != nil || !strings.Contains(all, "touch canary") {
			t.Errorf("%s: the #! line's code ran %v, corral read it %v", cmd, err == nil, strings.Contains(all, "touch canary"))
		}
		if _, err := os.Stat(filepath.Join(dir, "wrong")); err == nil {
			t.Errorf("%s: the file's own code ran too", cmd)
		}
	}
}
