package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestArithProgramValues: a value a program printed, used where bash
// evaluates it as arithmetic or as a name, runs a[$(cmd)] in it
// (x=$(git log -1 --format=%s); (( x ))). Each row first runs in real
// bash, with ./gen (and the last commit's subject) printing a canary
// payload, to show bash runs it; corral asks (hidden-code), since only
// run time knows what the program prints. Readers of a file corral can
// read (tail, cut, grep, sort, awk '{print $1}') are judged by the
// file's lines; programs that print a number pass.
func TestArithProgramValues(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"bash", "git"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip(p + " not installed")
		}
	}
	cfg := scratchProject(t, map[string]string{
		"home/.claude/settings.json": "{}",
		"proj/n.txt":                 "1\na[$(rm -rf ~)]\n",
		"proj/one.txt":               "a[$(rm -rf ~)]\n",
		"proj/count.txt":             "41\n",
	})
	rows := []struct{ cmd, want string }{
		{`x=$(git log -1 --format=%s); (( x ))`, "ask"},
		{`x=$(git log -1 --format=%s); echo $((x+1))`, "ask"},
		{`echo $(( $(git log -1 --format=%s) + 1 ))`, "ask"},
		{`(( $(./gen) ))`, "ask"},
		{`x=$(./gen); let y=x+1`, "ask"},
		{`let "y=$(./gen)"`, "ask"},
		{`x=$(./gen); [[ $x -gt 1 ]]`, "ask"},
		{`[[ $(./gen) -gt 1 ]]`, "ask"},
		{`declare -i y; y=$(./gen)`, "ask"},
		{`x=$(./gen); echo "${!x}"`, "ask"},
		{`x=$(./gen); declare -n r=$x; echo "$r"`, "ask"},
		{`x=$(./gen); test -v "$x"`, "ask"},
		{`x=$(./gen); printf -v "$x" %s 1`, "ask"},
		{`a=(1); x=$(./gen); unset "$x"`, "ask"},
		{`x=$(./gen | tail -n 1); (( x ))`, "ask"},
		{`x=$(nproc && ./gen); (( x ))`, "ask"},
		// Readers of a file corral reads: its lines.
		{`x=$(tail -n 1 n.txt); (( x ))`, "deny"},
		{`x=$(tail -1 n.txt); echo $((x+1))`, "deny"},
		{`x=$(grep a n.txt); [[ $x -gt 1 ]]`, "deny"},
		{`x=$(cut -d, -f1 n.txt | tail -n 1); echo`, "allow"}, // not evaluated
		{`x=$(sort -r n.txt | head -1); echo "$x"`, "allow"},
		{`x=$(cut -d, -f1 one.txt); echo "${!x}"`, "deny"},
		{`echo $(( $(awk '{print}' one.txt) ))`, "deny"},
		{`x=$(sort one.txt); test -v "$x"`, "deny"},
	}
	for _, r := range rows {
		dir := t.TempDir()
		canary := filepath.Join(dir, "ran")
		payload := "a[$(touch " + canary + ")]"
		if err := os.WriteFile(filepath.Join(dir, "n.txt"), []byte("1\n"+payload+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "one.txt"), []byte(payload+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "gen"), []byte("#!/bin/sh\necho '"+payload+"'\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		git := exec.Command("sh", "-c", `git init -q . && git -c user.name=t -c user.email=t@e commit -q --allow-empty -m "$1"`, "sh", payload)
		git.Dir = dir
		if out, err := git.CombinedOutput(); err != nil {
			t.Fatalf("git: %v %s", err, out)
		}
		c := exec.Command("bash", "-c", r.cmd+"\ntrue")
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Errorf("%s: bash: %v %s", r.cmd, err, out)
		}
		_, err := os.Stat(canary)
		if ran := err == nil; ran != (r.want != "allow") {
			t.Errorf("%s: bash ran the payload: %v, want %v", r.cmd, ran, r.want != "allow")
		}
		if got := Check(cfg, r.cmd).Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s", r.cmd, got, r.want)
		}
	}
	// Look-alikes: numbers from programs, and program output used as
	// data.
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`n=$(nproc); make -j$((n+1))`, "allow"},
		{`count=$(wc -l < count.txt); echo $((count*2))`, "allow"},
		{`x=$(git rev-list --count HEAD); ((x > 10))`, "allow"},
		{`echo $(( $(date +%s) - 60 ))`, "allow"},
		{`start=$(date +%s); make; echo $(( $(date +%s) - start ))`, "allow"},
		{`size=$(stat -c %s count.txt); echo $((size / 1024))`, "allow"},
		{`n=$(expr 1 + 2); echo $((n))`, "allow"},
		{`uid=$(id -u); [[ $uid -eq 0 ]] && echo root`, "allow"},
		{`cols=$(tput cols); echo $((cols - 2))`, "allow"},
		{`n=$(grep -c x count.txt); (( n > 0 ))`, "allow"},
		{`n=$(git log --oneline | wc -l); echo $((n))`, "allow"},
		{`x=$(tail -n 1 count.txt); echo $((x+1))`, "allow"},
		{`x=$(cut -c1-2 count.txt); (( x ))`, "allow"},
		{`n=$(awk '{print $1}' count.txt); echo $((n+1))`, "allow"},
		{`x=$(cat missing.txt); echo $((x+1))`, "allow"},
		{`x=$(git log -1 --format=%s); echo "$x"; [[ $x == fix* ]]`, "allow"},
		{`x=$(./gen); echo "$x" > out.txt`, "allow"},
	})
}
