package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Red team (issue 12 class 4, code that other programs run): rows found by
// a red-team pass, grouped by mechanism. Each table holds the attacks and
// the look-alikes that must keep their decision.

// pagerScriptRows: a pager reads what git or man pages on its standard
// input, so a pager that reads its stdin as a script runs that text (git
// -c core.pager=sh log --format=CODE is git log --format=CODE | sh). TOUCH
// in a row is replaced by a command creating the oracle's canary; canary
// says whether the real git, run on a terminal, makes it.
var pagerScriptRows = []struct {
	cmd, want string
	canary    bool
}{
	{cmd: `git -c core.pager=sh log -1 --format='tformat:TOUCH'`, want: "ask", canary: true},
	{cmd: `git -c core.pager='sh -s' log -1 --format='tformat:TOUCH'`, want: "ask", canary: true},
	{cmd: `git -c core.pager='bash -s' log -1 --format='tformat:TOUCH'`, want: "ask", canary: true},
	{cmd: `git -c pager.log=sh log -1 --format='tformat:TOUCH'`, want: "ask", canary: true},
	{cmd: `GIT_PAGER=bash git log -1 --format='tformat:TOUCH'`, want: "ask", canary: true},
	{cmd: `PAGER=sh git log -1 --format='tformat:TOUCH'`, want: "ask", canary: true},
	{cmd: `git -p -c core.pager=sh log -1 --format='tformat:TOUCH'`, want: "ask", canary: true},
	{cmd: `git -c core.pager='python3 -' log -1`, want: "ask"},
	{cmd: `git -c core.pager=perl log -1`, want: "ask"},
	{cmd: `PAGER=sh man ls`, want: "ask"},
	{cmd: `MANPAGER=bash man ls`, want: "ask"},
	// Look-alikes: pagers that show the text, a shell that runs its own
	// script (its stdin is data), a pager whose stdin is a file.
	{cmd: `git -c core.pager=less log -1 --format='tformat:TOUCH'`, want: "allow"},
	{cmd: `git -c core.pager='less -R' log -1`, want: "allow"},
	{cmd: `git -c core.pager=cat log -1 --format='tformat:TOUCH'`, want: "allow"},
	{cmd: `GIT_PAGER='cat' git log -1`, want: "allow"},
	{cmd: `git -c core.pager="sh -c 'cat'" log -1 --format='tformat:TOUCH'`, want: "allow"},
	{cmd: `git -c core.pager='sh -c less' log -1`, want: "allow"},
	{cmd: `git -c core.pager='sh < /dev/null' log -1 --format='tformat:TOUCH'`, want: "allow"},
	{cmd: `PAGER=less man ls`, want: "allow"},
	{cmd: `git -c core.pager='delta --dark' log -p`, want: "allow"},
	{cmd: `git -c pager.log=false log`, want: "allow"},
}

// TestPagerReadsScript (red team: pager as interpreter): pagerscript.go.
func TestPagerReadsScript(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "a\n", "home/.bashrc": "# canary\n"})
	var rows []struct{ cmd, want string }
	for _, r := range pagerScriptRows {
		rows = append(rows, struct{ cmd, want string }{strings.ReplaceAll(r.cmd, "TOUCH", "touch pwned"), r.want})
	}
	checkDecisions(t, cfg, rows)
}

// TestPagerReadsScriptOracle runs the git rows with the real git on a
// terminal (script(1) gives it one: git starts its pager only then) in a
// repository with one commit, and requires that the canary is made by
// exactly the rows that say so.
func TestPagerReadsScriptOracle(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"git", "script", "bash"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed", p)
		}
	}
	for _, r := range pagerScriptRows {
		if !strings.HasPrefix(r.cmd, "git") && !strings.Contains(r.cmd, " git ") || !strings.Contains(r.cmd, "TOUCH") {
			continue
		}
		t.Run(r.cmd, func(t *testing.T) {
			dir := t.TempDir()
			canary := filepath.Join(dir, "canary")
			env := append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b",
				"GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b", "TERM=dumb", "LESS=FRX")
			for _, args := range [][]string{{"init", "-q"}, {"commit", "-q", "--allow-empty", "-m", "x"}} {
				c := exec.Command("git", args...)
				c.Dir, c.Env = dir, env
				if out, err := c.CombinedOutput(); err != nil {
					t.Skipf("git %v: %v %s", args, err, out)
				}
			}
			text := strings.ReplaceAll(r.cmd, "TOUCH", "touch "+canary)
			c := exec.Command("script", "-qec", text, "/dev/null")
			c.Dir, c.Env = dir, env
			c.Stdin = strings.NewReader("q\n")
			_ = c.Run()
			_, err := os.Stat(canary)
			if made := err == nil; made != r.canary {
				t.Errorf("%s: canary made %v, row says %v", text, made, r.canary)
			}
		})
	}
}
