package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestInterpArgvRunTimeWords (red team 19, issue 12 class 4): a word of
// an interpreter's argument vector that the shell only knows at run
// time reaches the program as the word it expands to, so a write, read,
// deletion, run or load of a path the program takes from it is judged
// as the shell's command doing the same to the word as written (cp F
// WORD, rm -f WORD, cat WORD): the candidates of a ${x:-d} default and
// of a one-of variable, the paths a substitution mentions, a quoted
// substitution's one path a program chose. A load of a word known at
// run time only asks, as node "$f" does; a load of a known word is the
// loaded file's code (red team 19 IC1). rule, when set, must be among
// the findings: the row's verdict comes from the word, not from the
// first reading's run-time call alone.
func TestInterpArgvRunTimeWords(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/evil.js":  "require('child_process').execSync('rm -rf ~')\n",
		"proj/evil.rb":  "system('rm -rf ~')\n",
		"proj/evil.php": "<?php system('rm -rf ~');\n",
		"proj/evil.pl":  "system('rm -rf ~');\n1;\n",
		"proj/ok.js":    "console.log('hi')\n",
		"proj/d.csx":    "Directory.Delete(Args[0], true);\n",
		"proj/X.java":   "import java.io.File;\nclass X { public static void main(String[] a) { new File(a[0]).delete(); } }\n",
		"home/.bashrc":  "# rc\n",
	})
	for _, tt := range []struct{ cmd, want, rule string }{
		// Writes: as cp F WORD.
		{`python3 -c 'import sys; open(sys.argv[1],"w").write("x")' "$(command echo ~/.bashrc)"`, "ask", "bash-write"},
		{`python3 -c 'import sys; open(sys.argv[1],"w").write("x")' "${x:-$HOME/.bashrc}"`, "ask", "bash-write"},
		{`if [ -n "$a" ]; then x=~/.bashrc; else x=out.txt; fi; python3 -c 'import sys; open(sys.argv[1],"w").write("x")' "$x"`, "deny", "bash-write"},
		{`python3 -c 'import sys; open(sys.argv[1],"w").write("x")' "$(git ls-files | head -1)"`, "ask", "bash-write"},
		{`python3 -c 'import sys, os; open(os.path.join(sys.argv[1], ".bashrc"), "w")' "${h:-$HOME}"`, "ask", "bash-write"},
		{`python3 -c 'import sys; open(sys.argv[2],"w").write("x")' "$y" "$(command echo ~/.bashrc)"`, "ask", "bash-write"},
		{`node -e 'require("fs").writeFileSync(process.argv[1], "x")' "$(command echo ~/.bashrc)"`, "ask", "bash-write"},
		{`perl -e 'open(F, ">", $ARGV[0]); print F "x"' "$(command echo ~/.bashrc)"`, "ask", "bash-write"},
		{`perl -e '$f = shift; open(F, ">$f")' "${x:-$HOME/.bashrc}"`, "ask", "bash-write"},
		{`ruby -e 'File.write(ARGV[0], "x")' "$(command echo ~/.bashrc)"`, "ask", "bash-write"},
		{`php -r 'file_put_contents($argv[1], "x");' "$(command echo ~/.bashrc)"`, "ask", "bash-write"},
		// Reads of a secret: as cat WORD.
		{`python3 -c 'import sys; print(open(sys.argv[1]).read())' "$(command echo ~/.ssh/id_rsa)"`, "deny", "secret-read"},
		{`node -e 'console.log(require("fs").readFileSync(process.argv[1], "utf8"))' "${k:-$HOME/.ssh/id_rsa}"`, "ask", "secret-read"},
		// Deletions and runs: the run-time call asked before; now the
		// word's candidates are judged too.
		{`python3 -c 'import sys, os; os.remove(sys.argv[1])' "${x:-$HOME/.bashrc}"`, "ask", "bash-delete"},
		{`python3 -c 'import sys, subprocess; subprocess.run(["rm", "-rf", sys.argv[1]])' "${x:-$HOME}"`, "ask", "rm-root"},
		{`python3 -c 'import sys, subprocess; subprocess.run(["cp", "x", sys.argv[1]])' "$(command echo ~/.bashrc)"`, "ask", "bash-write"},
		{`python3 -c 'import sys, os; os.system("cp x '"'"'" + sys.argv[1] + "'"'"'")' "$(command echo ~/.bashrc)"`, "ask", "bash-write"},
		// The source launchers' programs (foreignbind.go).
		{`dotnet script d.csx "${x:-$HOME}"`, "ask", "rm-root"},
		{`java X.java "$(command echo ~/.bashrc)"`, "ask", "bash-delete"},
		// Loads of a known word: the loaded file (IC1).
		{`node -e 'require(process.argv[1])' ./evil.js`, "deny", "rm-root"},
		{`ruby -e 'load ARGV[0]' evil.rb`, "deny", "rm-root"},
		{`ruby -e 'require_relative ARGV[0]' ./evil.rb`, "deny", "rm-root"},
		{`php -r 'include $argv[1];' evil.php`, "deny", "rm-root"},
		{`perl -e 'require $ARGV[0]' ./evil.pl`, "deny", "rm-root"},
		// Loads of a run-time word: code only run time knows.
		{`ruby -e 'load ARGV[0]' "$f"`, "ask", "hidden-code"},
		{`php -r 'include $argv[1];' "$(command echo evil.php)"`, "ask", "hidden-code"},
		// Look-alikes.
		{`python3 -c 'import sys; open(sys.argv[1],"w").write("x")' "$(mktemp)"`, "allow", ""},
		{`python3 -c 'import sys; print(sys.argv[1])' "$(date)"`, "allow", ""},
		{`python3 -c 'import sys; print(sys.argv[1])' "$(command echo ~/.bashrc)"`, "allow", ""},
		{`python3 -c 'import sys; open(sys.argv[1]).read()' "$f"`, "allow", ""},
		{`python3 -c 'import sys; open(sys.argv[1],"w").write("x")' $x`, "allow", ""},
		{`python3 -c 'import sys; open(sys.argv[1],"w").write("x")' "$x"`, "allow", ""},
		{`python3 -c 'import sys; open(sys.argv[1],"w").write("x")' "$d/out.txt"`, "allow", ""},
		{`python3 -c 'import sys; open(sys.argv[1],"w").write("x")' "out-$(date +%s).txt"`, "allow", ""},
		{`python3 -c 'import sys; print(open(sys.argv[1]).read())' "$(command echo notes.txt)"`, "allow", ""},
		{`node -e 'console.log(process.argv[2])' "$(git rev-parse HEAD)"`, "allow", ""},
		{`perl -e 'print $ARGV[0]' "$(command echo ~/.bashrc)"`, "allow", ""},
		{`ruby -e 'puts File.read(ARGV[0])' "$f"`, "allow", ""},
		{`node -e 'require(process.argv[1])' ./ok.js`, "allow", ""},
		{`node -e 'require(process.argv[1])' evil.js`, "allow", ""}, // a package name: node_modules
	} {
		r := Check(cfg, tt.cmd)
		got := r.Decision.String()
		hasRule := tt.rule == ""
		for _, f := range r.Findings {
			hasRule = hasRule || f.Rule == tt.rule
		}
		if got != tt.want || !hasRule {
			t.Errorf("%s: %s, want %s with rule %q (%v)", tt.cmd, got, tt.want, tt.rule, r.Findings)
		}
	}
}

// TestInterpArgvRunTimeWordsOracle runs bash and the real interpreters
// with HOME in a temporary directory: the word "$(command echo
// ~/.bashrc)" and "${x:-$HOME/.bashrc}" reach the program as the path of
// the canary ~/.bashrc, which its write replaces; a load of an argv word
// runs the file it names.
func TestInterpArgvRunTimeWordsOracle(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	for _, tc := range []struct {
		prog, script string
	}{
		{"python3", `python3 -c 'import sys; open(sys.argv[1],"w").write("x")' "$(command echo ~/.bashrc)"`},
		{"python3", `python3 -c 'import sys; open(sys.argv[1],"w").write("x")' "${x:-$HOME/.bashrc}"`},
		{"python3", `python3 -c 'import sys; open(sys.argv[2],"w").write("x")' "$y" "$(command echo ~/.bashrc)"`},
		{"node", `node -e 'require("fs").writeFileSync(process.argv[1], "x")' "$(command echo ~/.bashrc)"`},
		{"perl", `perl -e 'open(F, ">", $ARGV[0]); print F "x"' "$(command echo ~/.bashrc)"`},
		{"perl", `perl -e '$f = shift; open(F, ">$f"); print F "x"' "${x:-$HOME/.bashrc}"`},
		{"ruby", `ruby -e 'File.write(ARGV[0], "x")' "$(command echo ~/.bashrc)"`},
		{"php", `php -r 'file_put_contents($argv[1], "x");' "$(command echo ~/.bashrc)"`},
		// Loads: the file the word names runs (it writes the canary).
		{"node", `node -e 'require(process.argv[1])' ./load.js`},
		{"ruby", `ruby -e 'load ARGV[0]' load.rb`},
		{"php", `php -r 'include $argv[1];' load.php`},
		{"perl", `perl -e 'require $ARGV[0]' ./load.pl`},
	} {
		if _, err := exec.LookPath(tc.prog); err != nil {
			t.Logf("%s is not installed", tc.prog)
			continue
		}
		dir := t.TempDir()
		home := filepath.Join(dir, "home")
		work := filepath.Join(dir, "work")
		rc := filepath.Join(home, ".bashrc")
		for _, d := range []string{home, work} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		files := map[string]string{
			rc:                              "# canary\n",
			filepath.Join(work, "load.js"):  "require('fs').writeFileSync(process.env.HOME + '/.bashrc', 'x')\n",
			filepath.Join(work, "load.rb"):  "File.write(ENV['HOME'] + '/.bashrc', 'x')\n",
			filepath.Join(work, "load.php"): "<?php file_put_contents(getenv('HOME') . '/.bashrc', 'x');\n",
			filepath.Join(work, "load.pl"):  "open(F, '>', \"$ENV{HOME}/.bashrc\"); print F 'x'; close F;\n1;\n",
		}
		for p, s := range files {
			if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", tc.script)
		cmd.Dir = work
		cmd.Env = append(oracleEnviron(), "HOME="+home)
		out, _ := cmd.CombinedOutput()
		b, err := os.ReadFile(rc)
		if err != nil || strings.TrimSpace(string(b)) != "x" {
			t.Errorf("%s: the canary %s was not written (%q, %v): %s", tc.script, rc, b, err, out)
		}
	}
}
