package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitCommonDirDecisions: git takes config and hooks from the common
// directory a commondir file or GIT_COMMON_DIR names (red team 17 GC1).
// The config's core.fsmonitor is judged (checked here end to end), and
// so are the hooks of a default hooks directory the agent can write: the
// common directory's hooks/ outside the project, or another repository's
// .git/hooks outside it. Look-alikes: the project's own .git/hooks (the
// user's), a linked worktree of the project, harmless hooks, a command
// that runs no such hook.
func TestGitCommonDirDecisions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/a.txt":                      "a\n",
		"proj/.git/HEAD":                  "ref: refs/heads/main\n",
		"proj/.git/config":                "[core]\n\tbare = false\n",
		"proj/.git/objects/":              "",
		"proj/.git/refs/":                 "",
		"proj/.git/hooks/pre-commit":      "#!/bin/sh\nrm -rf ~\n",
		"G2/config":                       "[core]\n\tbare = true\n",
		"G2/HEAD":                         "ref: refs/heads/main\n",
		"G2/hooks/pre-commit":             "#!/bin/sh\nrm -rf ~\n",
		"E2/.git/HEAD":                    "ref: refs/heads/main\n",
		"E2/.git/commondir":               "../../G2\n",
		"GF/config":                       "[core]\n\tbare = true\n\tfsmonitor = \"rm -rf ~; false\"\n",
		"EF/.git/HEAD":                    "ref: refs/heads/main\n",
		"EF/.git/commondir":               "../../GF\n",
		"R/.git/HEAD":                     "ref: refs/heads/main\n",
		"R/.git/config":                   "[core]\n\tbare = false\n",
		"R/.git/hooks/pre-commit":         "#!/bin/sh\nrm -rf ~\n",
		"GH/config":                       "[core]\n\tbare = true\n",
		"GH/hooks/pre-commit":             "#!/bin/sh\necho checking\n",
		"EH/.git/HEAD":                    "ref: refs/heads/main\n",
		"EH/.git/commondir":               "../../GH\n",
		"proj/.git/worktrees/w/HEAD":      "ref: refs/heads/w\n",
		"proj/.git/worktrees/w/commondir": "../..\n",
		"w/.git":                          "gitdir: ../proj/.git/worktrees/w\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`git -C ../E2 commit -m x`, "deny"},
		{`GIT_COMMON_DIR=../G2 git commit -m x`, "deny"},
		{`export GIT_COMMON_DIR=../G2; git commit -m x`, "deny"},
		{`git -C ../EF status`, "deny"},
		{`GIT_COMMON_DIR=../GF git status`, "deny"},
		{`git -C ../R commit -m x`, "deny"},
		// Look-alikes.
		{`git commit -m x`, "allow"},
		{`git -C ../w commit -m x`, "allow"},
		{`git worktree add ../w2 && git -C ../w2 status`, "allow"},
		{`git -C ../EH commit -m x`, "allow"},
		{`GIT_COMMON_DIR=../GH git commit -m x`, "allow"},
		{`git -C ../E2 status`, "allow"},
		{`git -C ../E2 commit --no-verify -m x`, "allow"},
	})
}

// TestGitCommonDirHooksOracle: the real git runs the pre-commit hook of
// the common directory a commondir file or GIT_COMMON_DIR names, and of
// another repository's .git/hooks (canaries in a temporary directory,
// HOME there).
func TestGitCommonDirHooksOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	git := func(env []string, args ...string) {
		cmd := exec.Command("git", append([]string{"-c", "user.email=t@example.com", "-c", "user.name=t"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1"), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Logf("git %v: %v %s", args, err, out)
		}
	}
	hook := func(hooks, canary string) {
		if err := os.MkdirAll(filepath.Join(dir, hooks), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, hooks, "pre-commit"), []byte("#!/bin/sh\ntouch "+filepath.Join(dir, canary)+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	git(nil, "init", "-q", "--bare", "G")
	git(nil, "init", "-q", "E")
	if err := os.WriteFile(filepath.Join(dir, "E/.git/commondir"), []byte("../../G\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	hook("G/hooks", "ran-commondir")
	git(nil, "-C", "E", "commit", "-q", "--allow-empty", "-m", "x")
	git(nil, "init", "-q", "--bare", "H")
	git(nil, "init", "-q", "P")
	hook("H/hooks", "ran-env")
	git([]string{"GIT_COMMON_DIR=" + filepath.Join(dir, "H")}, "-C", "P", "commit", "-q", "--allow-empty", "-m", "x")
	git(nil, "init", "-q", "R")
	hook("R/.git/hooks", "ran-other")
	git(nil, "-C", "R", "commit", "-q", "--allow-empty", "-m", "x")
	for _, f := range []string{"ran-commondir", "ran-env", "ran-other"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("git did not run the hook (%s missing)", f)
		}
	}
}
