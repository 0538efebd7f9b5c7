package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestUnlistedTreeBuild (red team 19 GB1): the work tree moved to a
// revision only run time knows ("$(…)", a ref an earlier call makes:
// git fetch . dev:tmp), to a stash (git stash branch), or patched by a
// diff corral cannot read (git stash show -p | git apply), then make:
// make runs the other revision's Makefile, not the one corral read, so
// it asks. The real git and bash show each command leaves the dev or
// stash Makefile on disk. Look-alikes: a checkout of the current branch
// or a new one before make, a run-time checkout with no build after it,
// a diff saved alone, make alone.
func TestUnlistedTreeBuild(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	const good, evil, stashed = "all:\n\techo ok\n", "all:\n\techo pwned-branch\n", "all:\n\techo pwned-stash\n"
	cfg := scratchProject(t, map[string]string{"proj/Makefile": good, "home/": ""})
	env := append(os.Environ(), "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b", "HOME="+cfg.Home, "GIT_CONFIG_NOSYSTEM=1")
	run := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(p, text string) {
		t.Helper()
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// setup makes dir a repository on master (Makefile good), with a
	// branch dev whose Makefile is evil and a stash whose Makefile is
	// stashed.
	setup := func(dir string) {
		t.Helper()
		write(filepath.Join(dir, "Makefile"), good)
		run(dir, "init", "-q", "-b", "master")
		run(dir, "add", "Makefile")
		run(dir, "commit", "-qm", "base")
		run(dir, "checkout", "-q", "-b", "dev")
		write(filepath.Join(dir, "Makefile"), evil)
		run(dir, "commit", "-qam", "evil")
		run(dir, "checkout", "-q", "master")
		write(filepath.Join(dir, "Makefile"), stashed)
		run(dir, "stash", "-q")
	}
	setup(cfg.Project)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`git checkout -q "$(command echo dev)" && make`, "ask"},
		{`git checkout -q $(git log --all --format=%h -1) && make`, "ask"},
		{`git switch "$(git branch --format='%(refname:short)' | grep -v master | head -1)"; make`, "ask"},
		{`git fetch -q . dev:tmp && git checkout -q tmp && make`, "ask"},
		{`git reset --hard "$REV" && make`, "ask"},
		{`git merge "$(command echo dev)" && make`, "ask"},
		{`git stash branch tmpb >/dev/null && make`, "ask"},
		{`git stash show -p | git apply && make`, "ask"},
		{`git stash pop -q "$(command echo 0)" && make`, "ask"},
		{`git checkout dev && make`, "ask"}, // listed by the real git, as before
		// Look-alikes.
		{`git checkout master && make`, "allow"},
		{`git checkout -b feature && make`, "allow"},
		{`git checkout "$(git rev-parse --abbrev-ref HEAD)"`, "allow"},
		{`git checkout -q "$(command echo dev)"`, "allow"},
		{`make && git checkout -q "$(command echo dev)"`, "allow"},
		{`git diff > p.diff`, "allow"},
		{`git stash show -p`, "allow"},
		{`make`, "allow"},
	})
	// What the real git and bash do: each leaves another Makefile.
	if _, err := exec.LookPath("bash"); err != nil {
		return
	}
	for _, o := range []struct{ cmd, want string }{
		{`git checkout -q "$(command echo dev)"`, evil},
		{`git checkout -q $(git log --all --format=%h -1)`, evil}, // or the stash's commit
		{`git fetch -q . dev:tmp && git checkout -q tmp`, evil},
		{`git stash branch tmpb >/dev/null`, stashed},
		{`git stash show -p | git apply`, stashed},
		{`git stash pop -q "$(command echo 0)"`, stashed},
	} {
		dir := t.TempDir()
		setup(dir)
		cmd := exec.Command("bash", "-c", o.cmd)
		cmd.Dir, cmd.Env = dir, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", o.cmd, err, out)
			continue
		}
		got, err := os.ReadFile(filepath.Join(dir, "Makefile"))
		if err != nil || string(got) != o.want && !(o.want == evil && string(got) == stashed) {
			t.Errorf("%s left Makefile %q (%v), want %q", o.cmd, got, err, o.want)
		}
	}
}
