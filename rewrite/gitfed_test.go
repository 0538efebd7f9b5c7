package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitFedByXargs (red team 14 XA1): the words xargs or parallel feed
// git are git's words: -c core.fsmonitor=… or -c alias.x=!… fed before
// the subcommand runs a program as written out it does. Unknown words
// fed to a git with no subcommand written ask. Look-alikes: ordinary
// fed operands (branches, files) pass.
func TestGitFedByXargs(t *testing.T) {
	t.Parallel()
	checkDecisions(t, guardedConfig(), []struct{ cmd, want string }{
		{`printf '%s\0' -c 'core.fsmonitor=rm -rf ~; false' status | xargs -0 git`, "deny"},
		{`printf '%s\0' -c 'alias.x=!rm -rf ~' x | xargs -0 git`, "deny"},
		{`xargs git <<< '-c core.pager=rm\ -rf\ ~ log'`, "deny"},
		{`echo 'core.fsmonitor=rm -rf ~' | xargs -I{} git -c {} status`, "deny"},
		{`parallel git -c {} status ::: 'core.pager=rm -rf ~'`, "deny"},
		{`cat args.txt | xargs git`, "ask"},
		// Look-alikes.
		{`git ls-files -z | xargs -0 wc -l`, "allow"},
		{`echo main | xargs git checkout`, "allow"},
		{`printf '%s\0' a b | xargs -0 git add`, "allow"},
		{`git branch --merged | xargs git log -1`, "allow"},
		{`echo 'alias.x=!rm -rf ~'`, "allow"},
	})
}

// TestGitFedOracle: the real git run by xargs takes a fed -c as its own
// option and runs the fsmonitor (a canary touched, HOME a temp dir).
func TestGitFedOracle(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"git", "xargs", "bash"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed", p)
		}
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "made")
	cmd := exec.Command("bash", "-c", `git init -q . && printf '%s\0' -c "core.fsmonitor=touch `+canary+`; false" status | xargs -0 git >/dev/null 2>&1; true`)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if _, err := os.Stat(canary); err != nil {
		t.Errorf("git run by xargs did not take the fed -c core.fsmonitor: %v", err)
	}
}
