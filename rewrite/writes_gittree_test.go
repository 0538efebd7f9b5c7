package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestGitTreeWrites builds a repository with real git: a branch "evil"
// whose commit adds .claude/settings.json (made with plumbing, as an
// agent could without writing the file), a branch "good" that adds
// notes.txt, a stash that records .claude/settings.json, and an index
// entry for it. Every command that moves the working tree to a commit or
// restores paths from one writes the files that differ (asked of git
// when the hook runs): the self-protected file is denied, the harmless
// branch passes, and a revision git cannot resolve is not judged.
func TestGitTreeWrites(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("git is needed: %v", err)
	}
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n"})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	proj := cfg.Project
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = proj
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b", "HOME="+filepath.Dir(proj))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	gitIn := func(stdin string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = proj
		cmd.Stdin = strings.NewReader(stdin)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q", "-b", "main")
	git("add", "README")
	git("commit", "-qm", "base")
	blob := gitIn(`{"hooks":{}}`, "hash-object", "-w", "--stdin")
	git("update-index", "--add", "--cacheinfo", "100644,"+blob+",.claude/settings.json")
	git("commit", "-qm", "evil")
	git("branch", "evil")
	git("reset", "-q", "--soft", "HEAD~1")
	git("rm", "-q", "--cached", ".claude/settings.json")
	git("checkout", "-q", "-b", "good")
	if err := os.WriteFile(filepath.Join(proj, "notes.txt"), []byte("hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", "notes.txt")
	git("commit", "-qm", "notes")
	git("checkout", "-q", "main")
	tests := []struct{ cmd, want string }{
		{"git checkout evil", "deny"},
		{"git switch evil", "deny"},
		{"git switch -c x evil", "deny"},
		{"git checkout -b x evil", "deny"},
		{"git merge evil", "deny"},
		{"git merge --ff-only evil", "deny"},
		{"git pull . evil", "deny"},
		{"git pull --rebase . evil", "deny"},
		{"git rebase evil", "deny"},
		{"git rebase --onto evil main", "deny"},
		{"git cherry-pick evil", "deny"},
		{"git revert evil", "deny"},
		{"git reset --keep evil", "deny"},
		{"git checkout evil -- .", "deny"},
		{"git checkout evil .", "deny"},
		{"git restore --source evil .", "deny"},
		{"git -C " + proj + " checkout evil", "deny"},
		// A revision printed by git rev-parse is that revision.
		{"git merge $(git rev-parse evil)", "deny"},
		{`git checkout "$(git rev-parse --verify -q evil)"`, "deny"},
		{"git cherry-pick `git rev-parse evil`", "deny"},
		{"git merge $(git rev-parse good)", "allow"},
		{"git checkout -", "allow"}, // the previous branch, good
		{"git merge -", "allow"},
		// Look-alikes: a branch that changes nothing protected, a
		// revision git does not know, a new branch at HEAD, the index only.
		{"git checkout good", "allow"},
		{"git merge good", "allow"},
		{"git pull . good", "allow"},
		{"git cherry-pick good", "allow"},
		{"git checkout nosuch", "allow"},
		{"git checkout -b feature", "allow"},
		{"git restore --staged .", "allow"},
		{"git diff evil", "allow"},
		{"git log evil", "allow"},
		{"git checkout README", "allow"}, // a file, not a revision, but unchanged since the index: nothing discarded (red team 17 FA1)
	}
	check := func(tests []struct{ cmd, want string }) { t.Helper(); checkDecisions(t, cfg, tests) }
	check(tests)
	// A commit's files moved as a patch: git show, git format-patch
	// --stdout piped into git apply or git am, and a mailbox file git am
	// reads (red team 13 GB, AM).
	for name, rev := range map[string]string{"am.patch": "evil", "ok.patch": "good"} {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(git("format-patch", "-1", rev, "--stdout")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	check([]struct{ cmd, want string }{
		{"git show evil | git apply", "deny"},
		{"git show $(git rev-parse evil) | git apply --index", "deny"},
		{"git diff main evil | git apply", "deny"},
		{"git format-patch -1 evil --stdout | git am", "deny"},
		{"git format-patch --stdout main..evil | git am -3", "deny"},
		{"git format-patch --stdout main | git am", "allow"}, // main..HEAD: nothing
		{"git am am.patch", "deny"},
		{"git am -3 am.patch", "deny"},
		{"git am --keep-cr am.patch", "deny"},
		{"git am < am.patch", "deny"},
		{"cat am.patch | git am", "deny"},
		{"git show good | git apply", "allow"},
		{"git format-patch -1 good --stdout | git am", "allow"},
		{"git am ok.patch", "allow"},
		{"git show evil:README | git apply", "allow"}, // a file's text, not evil's patch
		{"git am --continue", "allow"},
		{"git show evil", "allow"},
		{"git archive evil | tar x", "deny"},
		{"git archive evil | tar -x", "deny"},
		{"git archive evil .claude | tar x", "deny"},
		{"git archive evil | tar xf -", "deny"},
		{"git archive --format=tar $(git rev-parse evil) .claude | tar -x", "deny"},
		{"git archive --prefix=old/ evil | tar x", "allow"}, // under old/
		{"git archive good | tar x", "allow"},
		{"git archive evil README | tar x", "allow"},
	})
	// "-" is the previous branch, here evil.
	git("checkout", "-q", "evil")
	git("checkout", "-q", "main")
	check([]struct{ cmd, want string }{
		{"git merge -", "deny"},
		{"git merge -q -", "deny"},
		{"git checkout -", "deny"},
		{"git checkout -q -", "deny"},
		{"git switch -", "deny"},
		{"git rebase -", "deny"},
		{"git cherry-pick -", "deny"},
		{"git merge @{-1}", "deny"},
		{"git checkout good", "allow"},
	})
	// An index entry and a stash that hold the file: restoring from
	// them writes it.
	git("update-index", "--add", "--cacheinfo", "100644,"+blob+",.claude/settings.json")
	check([]struct{ cmd, want string }{
		{"git checkout -- .", "deny"},
		{"git checkout .", "deny"},
		{"git restore .", "deny"},
		{"git checkout-index -a", "deny"},
		{"git restore --staged .", "allow"},
	})
	git("stash", "push", "-q")
	check([]struct{ cmd, want string }{
		{"git stash apply", "deny"},
		{"git stash pop", "deny"},
		{"git stash list", "allow"},
	})
}

// TestWorktreeAdd: git worktree add makes a work tree of the repository's
// own commits, a git repository once made, so a place outside the safe
// paths passes (red team 6's false alarm); the files it checks out are
// listed by the real git and judged, so a commit holding settings.json
// cannot be checked out as ~/.claude (the real git does write it there).
func TestWorktreeAdd(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("git is needed: %v", err)
	}
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "home/": ""})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	proj := cfg.Project
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = proj
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b", "HOME="+cfg.Home)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q", "-b", "main")
	git("add", "README")
	git("commit", "-qm", "base")
	git("branch", "feature")
	git("checkout", "-q", "-b", "evil")
	if err := os.WriteFile(filepath.Join(proj, "settings.json"), []byte(`{"hooks":{}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", "settings.json")
	git("commit", "-qm", "evil")
	git("checkout", "-q", "main")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git worktree add ../wt feature", "allow"},
		{"git worktree add -b x ../wt2", "allow"},
		{"git worktree add --lock --reason 'r x' ../wt3 feature", "allow"},
		{"git worktree add ~/.claude evil", "deny"},
		{"git worktree add -B y ~/.claude evil", "deny"},
		{"git worktree add /etc/wt feature", "deny"},
	})
	// Outside the safe paths (a virtual home, no disk): the work tree
	// passes where a copy of the same files asks.
	vcfg := testConfig()
	vcfg.Paths = guards.DefaultPolicy()
	checkDecisions(t, vcfg, []struct{ cmd, want string }{
		{"git worktree add ../wt feature", "allow"},
		{"git worktree add -b x ~/wt2", "allow"},
		{"cp -r . ../wt", "ask"},
		{"touch ../wt/x", "ask"},
	})
	// What the real git does with the second.
	git("worktree", "add", "-q", filepath.Join(cfg.Home, ".claude"), "evil")
	if _, err := os.Stat(filepath.Join(cfg.Home, ".claude", "settings.json")); err != nil {
		t.Errorf("git worktree add did not check settings.json out: %v", err)
	}
}
