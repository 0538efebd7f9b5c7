package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitStoredConfig: git config keeps a setting that turns a later,
// plain-looking git command of the agent into another one, which corral
// does not see in that later call: it is judged when the setting is
// stored. An alias that is not a shell one is the git command it names
// (alias.up 'push --force origin main' is a force push, alias.c 'clone
// URL' an acquisition no rewrite reaches), remote.NAME.push makes git
// push NAME push its refspec (+main:main forces, :main deletes) and
// remote.NAME.mirror=true makes it a git push --mirror. git send-pack,
// the plumbing under push, forces with --force or +ref and deletes with
// --mirror or :ref, as git push does.
func TestGitStoredConfig(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	for _, tt := range []struct{ cmd, want, rule string }{
		// Aliases: git X runs git VALUE.
		{`git config alias.up 'push --force origin main'`, "ask", "git-destroy"},
		{`git config --global alias.up 'push -f'`, "ask", "git-destroy"},
		{`git config --local alias.up 'push origin +main'`, "ask", "git-destroy"},
		{`git config set alias.up 'push -f'`, "ask", "git-destroy"},
		{`git config ALIAS.Up 'reset --hard HEAD~3'`, "ask", "git-destroy"},
		{`git config alias.c 'clone https://x.example/y'`, "ask", "git-clone"},
		{`git config alias.l '-c core.pager="rm -rf ~" log'`, "deny", ""},
		// remote.NAME.push: git push NAME pushes the refspec.
		{`git config remote.origin.push '+main:main'`, "ask", "git-destroy"},
		{`git config remote.origin.push '+refs/heads/*:refs/heads/*'`, "ask", "git-destroy"},
		{`git config Remote.origin.PUSH +main:main`, "ask", "git-destroy"},
		{`git config --add remote.up.push +HEAD:refs/heads/main`, "ask", "git-destroy"},
		{`git config remote.origin.push :main`, "ask", "git-destroy"},
		{`git config remote.origin.push "$SPEC"`, "ask", "hidden-code"},
		// remote.NAME.mirror: git push NAME is git push --mirror NAME.
		{`git config remote.origin.mirror true`, "ask", "git-destroy"},
		{`git config remote.origin.mirror yes`, "ask", "git-destroy"},
		{`git config remote.origin.mirror On`, "ask", "git-destroy"},
		{`git config remote.origin.mirror 1`, "ask", "git-destroy"},
		{`git config remote.origin.mirror 2`, "ask", "git-destroy"},
		{`git config remote.origin.mirror -1`, "ask", "git-destroy"},
		{`git config remote.origin.mirror 0x1`, "ask", "git-destroy"},
		{`git config remote.backup.MIRROR true`, "ask", "git-destroy"},
		{`git config remote.origin.mirror "$M"`, "ask", "hidden-code"},
		// git send-pack forcing or deleting.
		{`git send-pack --force ../r.git main`, "ask", "git-destroy"},
		{`git send-pack -f ../r.git main`, "ask", "git-destroy"},
		{`git send-pack ../r.git +main`, "ask", "git-destroy"},
		{`git send-pack --mirror ../r.git`, "ask", "git-destroy"},
		{`git send-pack --mirr ../r.git`, "ask", "git-destroy"},
		{`git send-pack ../r.git :main`, "ask", "git-destroy"},
		{`printf '+main\n' | git send-pack --stdin ../r.git`, "ask", "git-destroy"},
		{`git send-pack --force-with-lease --force ../r.git main`, "ask", "git-destroy"},
		// Look-alikes keep their decision.
		{`git config alias.st status`, "allow", ""},
		{`git config alias.lg 'log --graph --format="%h %s"'`, "allow", ""},
		{`git config alias.x 'log $(rm -rf ~)'`, "allow", ""}, // git expands nothing: log's words
		{`git config alias.up 'push --force-with-lease'`, "allow", ""},
		{`git config remote.origin.push refs/heads/main:refs/heads/main`, "allow", ""},
		{`git config remote.origin.push "refs/heads/$B:refs/heads/$B"`, "allow", ""},
		{`git config remote.origin.mirror false`, "allow", ""},
		{`git config remote.origin.mirror 0`, "allow", ""},
		{`git config remote.origin.mirror 00`, "allow", ""},
		{`git config remote.origin.mirror 0x0`, "allow", ""},
		{`git config remote.origin.mirror 0b1`, "allow", ""}, // git push dies: bad boolean config value
		{`git config remote.origin.fetch '+refs/heads/*:refs/remotes/origin/*'`, "allow", ""},
		{`git config user.name x`, "allow", ""},
		{`git config --get remote.origin.push`, "allow", ""},
		{`git config --unset remote.origin.mirror`, "allow", ""},
		{`git config alias.up`, "allow", ""},
		{`git send-pack --dry-run --force ../r.git main`, "allow", ""},
		{`git send-pack -n --mirror ../r.git`, "allow", ""},
		{`git send-pack ../r.git main`, "allow", ""},
		{`git send-pack --all ../r.git`, "allow", ""},
		{`git send-pack --force-with-lease ../r.git main`, "allow", ""},
		{`git send-pack --force --no-force ../r.git main`, "allow", ""},
	} {
		r := Check(cfg, tt.cmd)
		if got := r.Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, r.Findings)
			continue
		}
		if tt.rule != "" && !hasRule(r, tt.rule) {
			t.Errorf("%s: no %s finding (%v)", tt.cmd, tt.rule, r.Findings)
		}
	}
}

// TestGitStoredConfigOracle shows with the real git that the stored
// settings do what TestGitStoredConfig judges them for: with
// remote.origin.push=+main:main a plain git push origin overwrites a
// diverged branch (refused without it), with remote.origin.mirror=true
// it deletes a branch only the remote has, and an alias runs git with its
// words; git send-pack with +ref forces and with --mirror deletes, while
// --dry-run changes nothing. Each stored form decides as the command
// written out does.
func TestGitStoredConfigOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	root := t.TempDir()
	home := filepath.Join(root, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	run := func(dir string, args ...string) (string, error) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM=1",
			"GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@example.com", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@example.com"}
		out, err := cmd.CombinedOutput()
		return strings.TrimSpace(string(out)), err
	}
	git := func(dir string, args ...string) string {
		t.Helper()
		out, err := run(dir, args...)
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return out
	}
	// setup makes a bare remote holding main and other, and a clone
	// whose main has diverged from the remote's (an amended commit).
	setup := func(name string) (work, bare string) {
		t.Helper()
		bare, work = filepath.Join(root, name+".git"), filepath.Join(root, name)
		git(root, "init", "-q", "--bare", "-b", "main", bare)
		git(root, "init", "-q", "-b", "main", work)
		git(work, "remote", "add", "origin", bare)
		git(work, "commit", "-q", "--allow-empty", "-m", "one")
		git(work, "push", "-q", "origin", "main", "main:other")
		git(work, "commit", "-q", "--amend", "--allow-empty", "-m", "two")
		return work, bare
	}
	cfg := testConfig()
	same := func(stored, written string) {
		t.Helper()
		s, w := Check(cfg, stored).Decision, Check(cfg, written).Decision
		if s != w || s != Ask {
			t.Errorf("%s: %s, but %s: %s (both should ask)", stored, s, written, w)
		}
	}

	// remote.origin.push=+main:main: git push origin force-updates.
	work, bare := setup("push")
	if out, err := run(work, "push", "-q", "origin"); err == nil {
		t.Fatalf("git push origin of a diverged main succeeded without the setting: %s", out)
	}
	git(work, "config", "remote.origin.push", "+main:main")
	git(work, "push", "-q", "origin")
	if got, want := git(bare, "rev-parse", "main"), git(work, "rev-parse", "main"); got != want {
		t.Errorf("remote.origin.push=+main:main: the remote's main is %s after git push origin, want the forced %s", got, want)
	}
	same(`git config remote.origin.push +main:main`, `git push --force origin main`)

	// remote.origin.mirror=true: git push origin deletes other.
	work, bare = setup("mirror")
	git(work, "config", "remote.origin.mirror", "true")
	git(work, "push", "-q", "origin")
	if out, err := run(bare, "rev-parse", "--verify", "-q", "refs/heads/other"); err == nil {
		t.Errorf("remote.origin.mirror=true: the remote still has other (%s) after git push origin", out)
	}
	same(`git config remote.origin.mirror true`, `git push --mirror origin`)

	// alias.x: git x runs git with the alias's words.
	git(work, "config", "alias.x", `log -1 "--format=%s via alias"`)
	if got := git(work, "x"); got != "two via alias" {
		t.Errorf("alias.x='log -1 \"--format=%%s via alias\"': git x printed %q", got)
	}
	same(`git config alias.up 'push --force origin main'`, `git push --force origin main`)

	// git send-pack: --dry-run sends nothing, +ref forces, --mirror
	// deletes.
	work, bare = setup("sendpack")
	before := git(bare, "rev-parse", "main")
	git(work, "send-pack", "--dry-run", "--force", bare, "main")
	if got := git(bare, "rev-parse", "main"); got != before {
		t.Errorf("git send-pack --dry-run --force moved the remote's main")
	}
	if Check(cfg, "git send-pack --dry-run --force ../r.git main").Decision != Allow {
		t.Errorf("git send-pack --dry-run --force: want allow")
	}
	if out, err := run(work, "send-pack", bare, "main"); err == nil {
		t.Fatalf("git send-pack of a diverged main succeeded without force: %s", out)
	}
	git(work, "send-pack", bare, "+main")
	if got, want := git(bare, "rev-parse", "main"), git(work, "rev-parse", "main"); got != want {
		t.Errorf("git send-pack +main: the remote's main is %s, want the forced %s", got, want)
	}
	git(work, "send-pack", "--mirror", bare)
	if out, err := run(bare, "rev-parse", "--verify", "-q", "refs/heads/other"); err == nil {
		t.Errorf("git send-pack --mirror: the remote still has other (%s)", out)
	}
}
