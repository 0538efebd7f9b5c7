package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestComputedNameTargets: a name a program computes from pieces (red
// team 19 PI2's limit) is in no token of the substitution's text, so the
// mention reading cannot see it: program code (python3 -c, node -e, perl
// -e, awk BEGIN), a shell's ${a}shrc, a decoder's output, or static text
// through a filter corral does not compute. Given to a writer or deleter
// as the head of the path, quoted or not, it asks (codeComputedHead). The
// listings of the working tree (find, ls, git ls-files, cat LIST) and
// what a local program prints of itself pass, as before. The oracle runs
// each substitution in real bash, with printf in place of the deleter,
// and requires it to print ~/.bashrc: the ask is the path it can be.
func TestComputedNameTargets(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/README":  "x\n",
		"proj/a.o":     "x\n",
		"home/.bashrc": "# rc\n",
	})
	home := cfg.Home
	subst := []string{
		`python3 -c 'print("` + home + `/.ba"+"shrc")'`,
		`python3 -c 'import os; print(os.environ["HOME"] + "/.ba" "shrc")'`,
		`python3 -c 'print("/".join(["` + home + `", ".bashrc"]))'`,
		`node -e 'console.log(process.env.HOME+"/.bashrc")'`,
		`perl -e 'print "$ENV{HOME}/.ba"."shrc"'`,
		`awk 'BEGIN { print ENVIRON["HOME"] "/.ba" "shrc" }'`,
		`sh -c 'a=~/.ba; echo ${a}shrc'`,
		`x=~/.ba; bash -c "echo \${0}shrc" "$x"`,
		`jq -rn '"` + home + `/.ba" + "shrc"'`,
		`cat <(python3 -c 'print("` + home + `/.ba"+"shrc")')`,
		`eval 'a=~/.ba; echo ${a}shrc'`,
		`awk -v x=shrc 'BEGIN { print ENVIRON["HOME"] "/.ba" x }'`,
		`gawk -e 'BEGIN { print ENVIRON["HOME"] "/.ba" "shrc" }'`,
		`f`,
	}
	// Decoders and filters corral computes on static text: denied as the
	// path they print.
	computed := []string{
		`base64 -d <<< ` + b64(home+"/.bashrc"),
		`echo ` + b64(home+"/.bashrc") + ` | base64 -d`,
		`echo crhsab. | rev | sed "s|^|` + home + `/|"`,
		`sed s/x$/c/ <<< ` + home + `/.bashrx`,
	}
	// f is a function whose body computes the name: rm -f $(f).
	fn := `f() { python3 -c 'print("` + home + `/.ba"+"shrc")'; }; `
	var rows []struct{ cmd, want string }
	for _, s := range computed {
		rows = append(rows,
			struct{ cmd, want string }{`rm -f $(` + s + `)`, "deny"},
			struct{ cmd, want string }{`rm -f "$(` + s + `)"`, "deny"})
	}
	for _, s := range subst {
		rows = append(rows,
			struct{ cmd, want string }{fn + `rm -f $(` + s + `)`, "ask"},
			struct{ cmd, want string }{fn + `cp /tmp/x $(` + s + `)`, "ask"},
			struct{ cmd, want string }{fn + `rm -f "$(` + s + `)"`, "ask"})
	}
	rows = append(rows, []struct{ cmd, want string }{
		// A known tail after the computed head.
		{`rm -f $(python3 -c 'print("` + home + `/.ba")')shrc`, "ask"},
		{`rm -rf $(python3 -c 'import site; print(site.getsitepackages()[0])')/x`, "ask"},
		// Stored first, then given unquoted.
		{`x=$(python3 -c 'print("` + home + `/.ba"+"shrc")'); rm -f $x`, "ask"},
		{`x=$(node -e 'console.log(process.env.HOME+"/.bashrc")'); mv /tmp/x $x`, "ask"},
		// Computed by corral itself: judged as the path.
		{`rm -f $(printf '%s%s' ~/.ba shrc)`, "deny"},
		{`rm -f $(echo ~/.ba)shrc`, "deny"},
		// Look-alikes: listings of the working tree, their filters, a
		// list file, lookups, a fresh temporary file, data.
		{`rm -f $(find . -name '*.o')`, "allow"},
		{`rm -f $(find . -name '*.pyc')`, "allow"},
		{`rm -f $(ls *.tmp)`, "allow"},
		{`rm $(git ls-files -d)`, "allow"},
		{`rm -f $(git status --porcelain | awk '{print $2}')`, "allow"},
		{`rm -f $(ls | grep -v keep)`, "allow"},
		{`rm -f $(ls | tr '\n' ' ')`, "allow"},
		{`rm -f $(awk '{print $1}' list.txt)`, "allow"},
		{`rm -f $(jq -r '.files[]' manifest.json)`, "allow"},
		{`f() { find . -name '*.o'; }; rm -f $(f)`, "allow"},
		{`rm -f $(cat list.txt)`, "allow"},
		{`chmod +x $(find . -name '*.sh')`, "allow"},
		{`mv $(ls *.txt) old/`, "allow"},
		{`cp $(which python3) bin/`, "allow"},
		{`rm -f $(basename $(pwd)).tar.gz`, "allow"},
		{`tar czf $(date +%F).tgz src`, "allow"},
		{`cp a "$(mktemp)"`, "allow"},
		{`echo $(python3 -c 'print("` + home + `/.ba"+"shrc")')`, "allow"},
		{`python3 -c 'print("` + home + `/.ba"+"shrc")'`, "allow"},
		{`echo "rm -rf /"`, "allow"},
	}...)
	checkDecisions(t, cfg, rows)

	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	for _, s := range append(subst, computed...) {
		prog := strings.Fields(s)[0]
		switch {
		case strings.HasPrefix(prog, "x=") || prog == "eval" || prog == "f":
			prog = "bash"
		case prog == "cat":
			prog = "python3"
		}
		if _, err := exec.LookPath(prog); err != nil {
			continue // that interpreter is not on this machine
		}
		if _, err := exec.LookPath("base64"); err != nil && strings.Contains(s, "base64") {
			continue
		}
		// printf in place of rm: what the deleter would have been given.
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", fn+`printf '%s\n' $(`+s+`)`)
		cmd.Dir = filepath.Join(filepath.Dir(home), "proj")
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LC_ALL=C"}
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("bash %q: %v", s, err)
			continue
		}
		if got := strings.TrimSpace(string(out)); got != filepath.Join(home, ".bashrc") {
			t.Errorf("bash %q printed %q, not ~/.bashrc", s, out)
		}
	}
}

// TestRuntimeOperandScript: the rest of red team 19 RD3. A program corral
// does not compute printing a file only run time names (eval "$(pr -t
// "$f")") and a substitution inside longer script text (eval "x=1; $(pr
// -t F)", sh -c "…; $(python3 -c …)") hand the shell text only run time
// knows: ask, and a readable file's text is judged as the script too
// (deny). Programs printing their own set-up, a local program's output
// inside a script (sh -c "echo $(date)") and computed text pass or keep
// their verdict. The oracle runs each in real bash against a canary:
// the text the filter printed ran.
func TestRuntimeOperandScript(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/F":       "rm -f ~/.bashrc\n",
		"proj/G":       "echo hi\n",
		"proj/VERSION": "1.0\n",
		"home/.bashrc": "# rc\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// An operand only known at run time.
		{`eval "$(pr -t "$f")"`, "ask"},
		{`eval "$(pr -t -- "$f")"`, "ask"},
		{`eval "$(pr -t "$f" | sed s/a/b/)"`, "ask"},
		{`sh -c "$(pr -t "$f")"`, "ask"},
		{`source <(pr -t "$f")`, "ask"},
		{`f=$(mystery); eval "$(fmt "$f")"`, "ask"},
		// A substitution inside the script's text.
		{`eval "x=1; $(pr -t G)"`, "ask"},
		{`eval "x=1; $(pr -t F)"`, "deny"},
		{`eval "x=1; $(pr -t "$f")"`, "ask"},
		{`eval "x=1; $(python3 -c 'print(1)')"`, "ask"},
		{`sh -c "cd /tmp && $(fmt <<< 'rm -f ~/.bashrc')"`, "deny"},
		{`bash -c "set -e; $(xargs -0 < G)"`, "ask"},
		// A later word of eval, which joins its words into the script.
		{`eval x=1 ";" "$(pr -t G)"`, "ask"},
		{`eval x=1\; $(pr -t F)`, "deny"},
		{`eval x=1 "$(ssh-agent -s)"`, "allow"},
		// Kept: computed text, set-up output, a local program's output
		// inside a script, data.
		{`eval "x=1; $(echo rm -rf ~)"`, "deny"},
		{`eval "rm -rf ~; $(pr -t G)"`, "deny"},
		{`eval "$(ssh-agent -s)"`, "allow"},
		{`eval "$(docker-machine env "$m")"`, "allow"},
		{`eval "$(pyenv init - "$SHELL")"`, "allow"},
		{`eval "$(tool)"`, "allow"},
		{`bash -c "echo $(date)"`, "allow"},
		{`sh -c "cd $(pwd) && make"`, "allow"},
		{`sh -c "echo $(cat VERSION)"`, "allow"},
		{`pr -t "$f"`, "allow"},
		{`echo "x=1; $(pr -t "$f")"`, "allow"},
	})
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	for _, script := range []string{
		`f=F; eval "$(pr -t "$f")"`,
		`eval "x=1; $(pr -t F)"`,
		`f=F; sh -c "$(pr -t "$f")"`,
		`f=F; source <(pr -t "$f")`,
		`bash -c "set -e; $(xargs -0 < F)"`,
	} {
		for _, prog := range []string{"pr", "xargs"} {
			if strings.Contains(script, prog+" ") {
				if _, err := exec.LookPath(prog); err != nil {
					t.Skip(prog + " not installed")
				}
			}
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "F"), []byte("echo pwned > canary\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "--norc", "--noprofile", "-c", script)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH")}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", script, err, out)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "canary")); string(b) != "pwned\n" {
			t.Errorf("%s: real bash did not run the text the filter read: %q", script, b)
		}
	}
}
