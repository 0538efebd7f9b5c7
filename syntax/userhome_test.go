package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestUserHomeFiles: a HOME the command gives a program moves the
// per-user files it reads (the Python user site with usercustomize,
// ~/.pdbrc, ~/.npmrc's script-shell, ~/.config/git/config) to that
// directory, which corral reads as it reads the user's own. Look-alikes:
// Python's -s and -I, a PYTHONUSERBASE given, a home of plain settings,
// a program that reads nothing from HOME, env -u HOME.
func TestUserHomeFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	evil := "import os\nos.system('rm -rf /victim')\n"
	writeFiles(t, dir, map[string]string{
		"uh/.local/lib/python3.11/site-packages/usercustomize.py": evil,
		"uh/.pdbrc":             "import os; os.system('rm -rf /victim')\n",
		"uh/.npmrc":             "script-shell=" + filepath.Join(dir, "x.sh") + "\n",
		"uh/.config/git/config": "[core]\n\tpager = rm -rf /victim\n",
		"x.sh":                  "rm -rf /victim\n",
		"app.py":                "print(1)\n",
		"uh/.cargo/config.toml": "[build]\nrustc-wrapper = \"tools/wrap.sh\"\n",
		"uh/tools/wrap.sh":      "#!/bin/sh\nrm -rf /victim\nexec \"$@\"\n",
		"uh/.bunfig.toml":       "preload = [\"./y.js\"]\n",
		"uh/y.js":               "require(\"child_process\").execSync(\"rm -rf /victim\")\n",
		"Cargo.toml":            "[package]\nname = \"w\"\n",
		"ok/.cargo/config.toml": "[build]\njobs = 4\n",
		"ok/.bunfig.toml":       "[install]\nexact = true\n",
		"package.json":          `{"scripts": {"test": "echo ok"}}`,
		"ok/.local/lib/python3.11/site-packages/paths.pth": "/opt/lib\n",
		"ok/.npmrc":             "save-exact=true\n",
		"ok/.gitconfig":         "[user]\n\tname = Someone\n",
		"ok/.config/git/config": "[core]\n\tautocrlf = input\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`HOME=uh python3 -c 1`, true},
		{`HOME=$PWD/uh python3 app.py`, true},
		{`export HOME=$PWD/uh; python3 -c 1`, true},
		{`env HOME=uh pip3 --version`, true},
		{`cd uh && HOME=. python3 -c 1`, true},
		{`HOME=uh python3 -E -c 1`, true}, // -E ignores PYTHONUSERBASE, not HOME
		{`HOME=uh python3 -m pdb app.py`, true},
		{`HOME=uh npm test`, true},
		{`HOME=uh git log`, true},
		{`HOME=$PWD/uh cargo build`, true},
		{`CARGO_HOME=$PWD/uh/.cargo cargo build`, true},
		{`HOME=$PWD/uh bun test`, true},
		{`mkdir -p w/.local/lib/python3.12/site-packages && printf 'import os\nos.system("rm -rf /victim")\n' > w/.local/lib/python3.12/site-packages/usercustomize.py && HOME=w python3 -c 1`, true},
		// Look-alikes.
		{`HOME=uh python3 -s -c 1`, false},
		{`HOME=uh python3 -I -c 1`, false},
		{`HOME=uh PYTHONNOUSERSITE=1 python3 -c 1`, false},
		{`HOME=uh PYTHONUSERBASE=ok python3 -c 1`, false},
		{`HOME=ok python3 -c 1`, false},
		{`HOME=ok npm test`, false},
		{`HOME=ok git log`, false},
		{`HOME=$PWD/ok cargo build`, false},
		{`HOME=$PWD/ok bun test`, false},
		{`cargo build`, false},
		{`HOME=uh ls`, false},
		{`HOME=uh cat app.py`, false},
		{`env -u HOME python3 -c 1`, false},
		{`python3 -c 1`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}

// TestUserHomeRunTime: a HOME only known at run time that the command
// gives a program which runs code from its home asks; the same HOME for
// a program that reads nothing there, and a HOME the command did not
// touch, do not.
func TestUserHomeRunTime(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		cmd  string
		asks bool
	}{
		{`HOME=$(mktemp -d) python3 -c 1`, true},
		{`export HOME="$(cat home.txt)"; python3 app.py`, true},
		{`env HOME=$D pip install -r requirements.txt`, true},
		{`HOME=$(mktemp -d) npm test`, true},
		// Look-alikes.
		{`HOME=$(mktemp -d) ls`, false},
		{`HOME=$(mktemp -d) make -n`, false},
		{`python3 -c 1`, false},
		{`HOME=/tmp/h python3 -c 1`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		asks := false
		for _, h := range m.Hidden {
			asks = asks || h.Always && strings.Contains(h.What, "HOME")
		}
		if asks != tc.asks {
			t.Errorf("%s: asks about HOME = %v, want %v (%+v)", tc.cmd, asks, tc.asks, m.Hidden)
		}
	}
}

// TestUserHomeRealPython checks the mechanism with the real python3:
// HOME=DIR makes it import DIR/.local/lib/pythonX.Y/site-packages/
// usercustomize.py, and -s does not.
func TestUserHomeRealPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	out, err := exec.Command(py, "-c", "import sys; print('%d.%d' % sys.version_info[:2])").Output()
	if err != nil {
		t.Skip("python3 does not run")
	}
	ver := strings.TrimSpace(string(out))
	dir := t.TempDir()
	canary := filepath.Join(dir, "ran")
	writeFiles(t, dir, map[string]string{
		"uh/.local/lib/python" + ver + "/site-packages/usercustomize.py": "open(" + strconvQuote(canary) + ", 'w').write('x')\n",
	})
	for _, tc := range []struct {
		args []string
		ran  bool
	}{
		{[]string{"-c", "pass"}, true},
		{[]string{"-s", "-c", "pass"}, false},
	} {
		os.Remove(canary)
		cmd := exec.Command(py, tc.args...)
		cmd.Env = []string{"HOME=" + filepath.Join(dir, "uh"), "PATH=" + os.Getenv("PATH")}
		if err := cmd.Run(); err != nil {
			t.Fatal(err)
		}
		_, err := os.Stat(canary)
		if ran := err == nil; ran != tc.ran {
			t.Errorf("python3 %v with HOME=uh: usercustomize ran = %v, want %v", tc.args, ran, tc.ran)
		}
		m, err := Analyze("HOME=uh python3 "+strings.Join(tc.args, " "), Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		if seen := strings.Contains(strings.Join(nestedScripts(m), "\n"), canary); seen != tc.ran {
			t.Errorf("python3 %v with HOME=uh: corral reads usercustomize = %v, want %v", tc.args, seen, tc.ran)
		}
	}
}

func strconvQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `\'`) + "'" }

// TestUserHomeRealGit checks with the real git that HOME=DIR makes git
// read DIR/.config/git/config (an alias there runs), and that corral
// reads it too.
func TestUserHomeRealGit(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "ran")
	writeFiles(t, dir, map[string]string{"uh/.config/git/config": "[alias]\n\tzz = !touch " + canary + "\n"})
	cmd := exec.Command(git, "zz")
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + filepath.Join(dir, "uh"), "PATH=" + os.Getenv("PATH"), "GIT_CONFIG_NOSYSTEM=1"}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git zz: %v %s", err, out)
	}
	if _, err := os.Stat(canary); err != nil {
		t.Fatal("git did not run the alias of HOME's .config/git/config")
	}
	m := analyzeIn(t, dir, `HOME=uh git zz`)
	seen := false
	for _, c := range m.Calls {
		seen = seen || c.Name == "touch" && len(c.Args) > 0 && c.Args[0].Value == canary
	}
	if !seen {
		t.Error("corral does not see the alias HOME=uh git zz runs")
	}
}
