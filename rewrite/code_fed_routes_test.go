package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCodeFedRoutes: the text of a file held in a variable (x=$(cat
// f.py)) reaches an interpreter's program by every route bash gives it:
// echo or printf of "$x" piped in, a process substitution printing it,
// awk's and sed's program word made by a substitution, and a program
// file that names standard input with the file redirected there (red
// team 12 CV). Look-alikes with harmless files or data pass.
func TestCodeFedRoutes(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/evil.py":    "import os\nos.system(\"rm -rf ~\")\n",
		"proj/evil.js":    "require(\"child_process\").execSync(\"rm -rf ~\");\n",
		"proj/evil.awk":   "BEGIN { system(\"rm -rf ~\") }\n",
		"proj/argv.awk":   "BEGIN { printf \"x\" > ARGV[1] }\n",
		"proj/evil.sed":   "1e rm -rf ~\n",
		"proj/evil.sh":    "rm -rf ~\n",
		"proj/notes.py":   "print(1)\n",
		"proj/fields.awk": "{ print $1 }\n",
		"proj/VERSION":    "1.2.3\n",
		"proj/data.txt":   "a b\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`x=$(cat evil.py); echo "$x" | python3`, "deny"},
		{`x=$(cat evil.py); echo "$x" | python3 -`, "deny"},
		{`x=$(cat evil.py); printf '%s\n' "$x" | python3 -`, "deny"},
		{`x=$(< evil.py); printf %s "$x" | python3`, "deny"},
		{`x=$(cat evil.py); { echo "$x"; } | python3`, "deny"},
		{`x=$(cat evil.py); python3 <(echo "$x")`, "deny"},
		{`echo "$(cat evil.py)" | python3`, "deny"},
		{`x=$(cat evil.js); echo "$x" | node`, "deny"},
		{`x=$(cat evil.js); printf %s "$x" | node`, "deny"},
		{`awk "$(cat evil.awk)" /dev/null`, "deny"},
		{`awk "$(< evil.awk)" /dev/null`, "deny"},
		{`p=$(cat evil.awk); awk "$p" /dev/null`, "deny"},
		{`awk -e "$(cat evil.awk)" /dev/null`, "deny"},
		{`awk "$(cat argv.awk)" ~/.bashrc`, "deny"}, // ARGV of the fed program
		{`sed -e "$(cat evil.sed)" data.txt`, "deny"},
		{`awk -f /dev/stdin /dev/null < evil.awk`, "deny"},
		{`awk -f /dev/fd/0 /dev/null < evil.awk`, "deny"},
		{`sed -f /dev/stdin data.txt < evil.sed`, "deny"},
		{`python3 /dev/stdin < evil.py`, "deny"},
		{`python3 /dev/fd/0 < evil.py`, "deny"},
		{`x=$(cat evil.sh); bash <<< "$x"`, "deny"},
		{"x=$(cat evil.sh); bash <<EOF\n$x\nEOF", "deny"},
		{`x=$(cat evil.sh); echo "$x" | bash`, "deny"},
		{`x=$(cat evil.sh); bash /dev/stdin <<< "$x"`, "deny"},
		// Look-alikes.
		{`x=$(cat notes.py); echo "$x" | python3`, "allow"},
		{`x=$(cat data.txt); echo "$x" | python3 -c 'import sys; print(len(sys.stdin.read()))'`, "allow"},
		{`v=$(cat VERSION); echo "$v"`, "allow"},
		{`awk "$AWK_PROG" data.txt`, "allow"},
		{`p='{print $1}'; awk "$p" data.txt`, "allow"},
		{`awk "$(cat fields.awk)" data.txt`, "allow"},
		{`awk -f /dev/stdin data.txt < fields.awk`, "allow"},
		{`awk -f /dev/stdin data.txt <<< '{print $1}'`, "allow"},
	})
}

// TestCodeFedRoutesExec runs real bash, python3, awk and sed: each route
// TestCodeFedRoutes denies runs the file's code (a canary it creates).
func TestCodeFedRoutesExec(t *testing.T) {
	for _, p := range []string{"bash", "python3", "awk", "sed"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip("no " + p)
		}
	}
	dir := t.TempDir()
	files := map[string]string{
		"f.py":  "open(\"canary\", \"w\").write(\"x\")\n",
		"f.awk": "BEGIN { printf \"x\" > \"canary\" }\n",
		"f.sed": "1e touch canary\n",
		"f.sh":  "touch canary\n",
		"d.txt": "a\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, script := range []string{
		`x=$(cat f.py); echo "$x" | python3`,
		`x=$(cat f.py); printf '%s\n' "$x" | python3 -`,
		`x=$(cat f.py); python3 <(echo "$x")`,
		`awk "$(cat f.awk)" /dev/null`,
		`p=$(cat f.awk); awk "$p" /dev/null`,
		`awk -f /dev/stdin /dev/null < f.awk`,
		`sed -f /dev/stdin d.txt < f.sed`,
		`python3 /dev/fd/0 < f.py`,
		`x=$(cat f.sh); bash <<< "$x"`,
		"x=$(cat f.sh); bash <<EOF\n$x\nEOF",
	} {
		os.Remove(filepath.Join(dir, "canary"))
		cmd := exec.Command("bash", "-c", script)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH")}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", script, err, out)
		}
		if _, err := os.Stat(filepath.Join(dir, "canary")); err != nil {
			t.Errorf("%s: the file's code did not run", script)
		}
	}
}

// TestScriptArgvFedByXargs: the words xargs, parallel and find -exec add
// to a script's command line are its argv, read as words written there
// are (python3 rd.py ~/.ssh/id_rsa: the script reads the key; python3
// app.py ~/.bashrc: asked about) (red team 12 XA).
func TestScriptArgvFedByXargs(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/rd.py":       "import sys\n\nprint(open(sys.argv[1]).read())\n",
		"proj/app.py":      "import sys\n\n\ndef main(argv):\n    with open(argv[1], \"a\") as f:\n        f.write(\"x\")\n\n\nmain(sys.argv)\n",
		"proj/run.sh":      "#!/bin/bash\nprintf '%s\\n' \"$1\"\n",
		"proj/lint.py":     "import sys\nfor f in sys.argv[1:]:\n    print(f)\n",
		"proj/a.py":        "x = 1\n",
		"proj/evil.py":     "import os\nos.system(\"rm -rf ~\")\n",
		"home/.ssh/id_rsa": "k\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`python3 rd.py ~/.ssh/id_rsa`, "deny"}, // the reading this extends
		{`echo ~/.ssh/id_rsa | xargs python3 rd.py`, "deny"},
		{`xargs python3 rd.py <<< ~/.ssh/id_rsa`, "deny"},
		{`echo README.md ~/.ssh/id_rsa | xargs python3 rd.py`, "deny"},
		{`printf '%s\n' ~/.ssh/id_rsa | xargs -I{} python3 rd.py {}`, "deny"},
		{`parallel python3 rd.py ::: ~/.ssh/id_rsa`, "deny"},
		{`echo ~/.ssh/id_rsa | xargs python3 -c 'import sys; print(open(sys.argv[1]).read())'`, "deny"},
		{`find ~/.ssh -name id_rsa -exec python3 rd.py {} \;`, "deny"},
		{`xargs python3 app.py <<< ~/.bashrc`, "ask"},
		{`echo ~/.bashrc | xargs python3 app.py`, "ask"},
		{`echo ~/.bashrc | xargs bash run.sh`, "ask"},
		{`find ~ -maxdepth 1 -name .bashrc -exec python3 app.py {} \;`, "ask"},
		// The code word is the input: parallel python3 -c {} ::: CODE.
		{`parallel python3 -c {} ::: 'import os; os.system("rm -rf ~")'`, "deny"},
		{`xargs -0 -I{} python3 -c {} < evil.py`, "deny"},
		{`xargs -I{} python3 -c 'print(open("{}").read())' <<< ~/.ssh/id_rsa`, "deny"},
		{`ls | parallel python3 -c {}`, "ask"},
		{`parallel python3 -c {} ::: 'print(1)'`, "allow"},
		{`git ls-files | xargs -I{} python3 -c 'print("{}")'`, "allow"},
		// Look-alikes.
		{`git ls-files '*.py' | xargs python3 lint.py`, "allow"},
		{`echo a.py | xargs python3 rd.py`, "allow"},
		{`find . -name '*.py' -exec python3 lint.py {} +`, "allow"},
		{`find . -name a.py -exec python3 rd.py {} \;`, "allow"},
		{`xargs -I{} python3 rd.py a.py <<< ~/.ssh/id_rsa`, "allow"}, // no {} in the command: the input is not used
		{`echo a.py | xargs python3 app.py`, "allow"},
	})
}

// TestScriptArgvFedByXargsExec runs real bash, xargs, find and python3:
// the script reads the file xargs or find hands it (a canary key).
func TestScriptArgvFedByXargsExec(t *testing.T) {
	for _, p := range []string{"bash", "python3", "xargs", "find"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip("no " + p)
		}
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".ssh"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".ssh", "id_rsa"), []byte("CANARY-KEY\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "rd.py"), []byte("import sys\nprint(open(sys.argv[1]).read())\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, script := range []string{
		`echo ~/.ssh/id_rsa | xargs python3 rd.py`,
		`xargs python3 rd.py <<< ~/.ssh/id_rsa`,
		`printf '%s\n' ~/.ssh/id_rsa | xargs -I{} python3 rd.py {}`,
		`find ~/.ssh -name id_rsa -exec python3 rd.py {} \;`,
		`xargs -I{} python3 -c 'print(open("{}").read())' <<< ~/.ssh/id_rsa`,
	} {
		cmd := exec.Command("bash", "-c", script)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH")}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v %s", script, err, out)
		}
		if !strings.Contains(string(out), "CANARY-KEY") {
			t.Errorf("%s: the script did not read the key: %s", script, out)
		}
	}
}
