package rewrite

import (
	"os/exec"
	"strings"
	"testing"
)

// TestGitShellAliasArgs: git runs a "!" alias with the words after the
// alias as its arguments (git-config(1): the shell command gets them
// appended; git runs sh -c 'TEXT "$@"' TEXT ARGS…), so the nested script
// corral walks is the text followed by those words. git -c
// 'alias.x=!git clone' x URL clones URL into the project (it was
// allowed: the alias text was walked without its arguments).
func TestGitShellAliasArgs(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "x\n", "home/.bashrc": "# rc\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`git -c alias.x='!git clone' x https://example.com/r.git`, "ask"},
		{`git -c alias.x='!curl -o out.bin' x https://example.com/a`, "ask"},
		{`git -c alias.x='!cp a.txt' x .env`, "deny"},
		{`git -c alias.x='!tee -a' x ~/.bashrc`, "deny"},
		{`git -c alias.X='!sh -c' x 'echo > .env'`, "deny"},
		{`git -c alias.x='!f() { cp a.txt "$1"; }; f' x .git/config`, "deny"},
		// Look-alikes: harmless arguments, an alias the call does not
		// run, a git command alias.
		{`git -c alias.x='!echo' x hi`, "allow"},
		{`git -c alias.x='!cp a.txt' x b.txt`, "allow"},
		{`git -c alias.x='!git clone' status`, "allow"},
		{`git -c alias.x='!git log' x --oneline`, "allow"},
		{`git -c alias.x='log' x .env`, "allow"},
	})
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	// The real git: the words after the alias reach the shell command.
	cmd := exec.Command(git, "-c", "alias.x=!echo got", "x", "one", "two")
	cmd.Dir = t.TempDir()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git: %v", err)
	}
	if strings.TrimSpace(string(out)) != "got one two" {
		t.Errorf("git -c alias.x=!echo got x one two printed %q, want the arguments appended", out)
	}
}
