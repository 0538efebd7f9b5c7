package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// stdinSubstFiles are the scripts of TestStdinCatSubst: each deletes
// /victim in its own language; ok.* are harmless.
var stdinSubstFiles = map[string]string{
	"ev.py":     "import os\nos.system(\"rm -rf /victim\")\n",
	"ev.js":     "require('child_process').execSync('rm -rf /victim')\n",
	"ev.pl":     "system('rm -rf /victim');\n",
	"ev.rb":     "system('rm -rf /victim')\n",
	"ev.php":    "system('rm -rf /victim');\n",
	"x.ed":      "!rm -rf /victim\nq\n",
	"x.sql":     ".shell rm -rf /victim\n",
	"ok.py":     "print(1)\n",
	"ok.ed":     ",p\nq\n",
	"ok.sql":    "select 1;\n",
	"README.md": "x\n",
}

// TestStdinCatSubst: a here-string or here-document whose text is a
// command substitution printing a file ("$(cat f)", "$(< f)", `cat f`)
// feeds that file's text to the program's standard input, which every
// reader of code on stdin judges as it judges "< f" (red team 10 HS).
// Look-alikes: a harmless file, a substitution corral cannot read, a
// process substitution (its text is a /dev/fd path).
func TestStdinCatSubst(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, stdinSubstFiles)
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`python3 <<< "$(cat ev.py)"`, true},
		{`python3 - <<< "$(< ev.py)"`, true},
		{"python3 <<< `cat ev.py`", true},
		{`python3 <<< $(cat -- ev.py)`, true},
		{"python3 <<EOF\n$(cat ev.py)\nEOF", true},
		{"python3 <<-EOF\n\t$(< ev.py)\n\tEOF", true},
		{`python3 <<< "print(1)
$(cat ev.py)"`, true},
		{`node <<< "$(cat ev.js)"`, true},
		{`perl <<< "$(cat ev.pl)"`, true},
		{`ruby <<< "$(cat ev.rb)"`, true},
		{`php <<< "<?php $(cat ev.php)"`, true},
		{`ed -s README.md <<< "$(cat x.ed)"`, true},
		{"ed -s README.md <<EOF\n$(cat x.ed)\nEOF", true},
		{`sqlite3 :memory: <<< "$(cat x.sql)"`, true},
		// Look-alikes.
		{`python3 <<< "$(cat ok.py)"`, false},
		{`ed -s README.md <<< "$(cat ok.ed)"`, false},
		{`sqlite3 :memory: <<< "$(< ok.sql)"`, false},
		{`python3 <<< "$(cat missing.py)"`, false},
		{`cat <<< "$(cat ev.py)"`, false},
		{`grep rm <<< "$(cat ev.py)"`, false},
		{"python3 <<'EOF'\n$(cat ev.py)\nEOF", false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		if rm := deletes(m, "/victim"); rm != tc.rm {
			t.Errorf("%s: /victim deleted %v, want %v", tc.cmd, rm, tc.rm)
		}
	}
}

// TestStdinCatSubstOracle runs the real programs: bash expands the
// substitution before the program starts, so the file's text is what
// the program reads and runs (each file here touches a canary).
func TestStdinCatSubstOracle(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs real interpreters")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	for _, tc := range []struct{ prog, file, text, cmd string }{
		{"python3", "c.py", "open('canary', 'w').close()\n", `python3 <<< "$(cat c.py)"`},
		{"python3", "c.py", "open('canary', 'w').close()\n", "python3 <<EOF\n$(< c.py)\nEOF"},
		{"perl", "c.pl", "open(F, '>', 'canary');\n", `perl <<< "$(cat c.pl)"`},
		{"node", "c.js", "require('fs').writeFileSync('canary', '')\n", `node <<< "$(cat c.js)"`},
		{"php", "c.php", "touch('canary');\n", `php <<< "<?php $(cat c.php)"`},
		{"ed", "c.ed", "!touch canary\nq\n", `ed -s <<< "$(cat c.ed)"`},
	} {
		if _, err := exec.LookPath(tc.prog); err != nil {
			continue
		}
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{tc.file: tc.text})
		cmd := exec.Command(bash, "-c", tc.cmd)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir)
		out, _ := cmd.CombinedOutput()
		if _, err := os.Stat(filepath.Join(dir, "canary")); err != nil {
			t.Errorf("%s: the file's text did not run: %s", tc.cmd, out)
		}
	}
}
