package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitFetchLocal (red team 14 GT1): a repository the agent made on
// this machine (/tmp/x.git whose master holds .claude/settings.json)
// fetched and checked out, merged or archived in the same command, or
// pulled, writes files corral cannot list when the hook runs: ask. A
// merge of a branch with no merge base lists the branch's whole tree.
// The real git shows each writes .claude/settings.json. Look-alikes: a
// pull or fetch+merge of a configured network remote of ordinary files,
// git pull . BRANCH, a fetch alone, a log of what was fetched.
func TestGitFetchLocal(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "home/": "", "src/.claude/settings.json": `{"disableAllHooks": true}` + "\n", "ok/notes.txt": "hi\n"})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	root := filepath.Dir(cfg.Project)
	run := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b", "HOME="+cfg.Home, "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	for _, d := range []string{"src", "ok"} {
		run(filepath.Join(root, d), "init", "-q", "-b", "master")
		run(filepath.Join(root, d), "add", ".")
		run(filepath.Join(root, d), "commit", "-qm", d)
	}
	evil := filepath.Join(root, "src")
	proj := cfg.Project
	run(proj, "init", "-q", "-b", "main")
	run(proj, "add", "README")
	run(proj, "commit", "-qm", "base")
	// origin is a network remote; its main (a remote-tracking branch
	// made by hand here) changes only ordinary files.
	run(proj, "remote", "add", "origin", "https://example.invalid/proj.git")
	run(proj, "checkout", "-q", "-b", "tmp")
	if err := os.WriteFile(filepath.Join(proj, "more.txt"), []byte("more\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run(proj, "add", "more.txt")
	run(proj, "commit", "-qm", "more")
	run(proj, "update-ref", "refs/remotes/origin/main", "HEAD")
	run(proj, "checkout", "-q", "main")
	run(proj, "branch", "-D", "tmp")
	run(proj, "remote", "add", "local", evil)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// Fetched and used in one command: cannot be listed.
		{"git fetch " + evil + " master:ev && git checkout ev", "ask"},
		{"git fetch " + evil + " master:refs/heads/ev && git switch ev", "ask"},
		{"git fetch -q " + evil + " master && git archive FETCH_HEAD | tar x", "ask"},
		{"git fetch -q file://" + evil + " master && git merge FETCH_HEAD", "ask"},
		{"git fetch -q " + evil + " master && git reset --hard FETCH_HEAD~0", "ask"},
		{"git fetch -q " + evil + " master && git merge \"$(cut -f1 .git/FETCH_HEAD)\"", "ask"},
		{"git -c remote.x.url=" + evil + " fetch x master:ev; git checkout ev", "ask"},
		{"git remote add y " + evil + " && git fetch y && git merge y/master", "ask"},
		{"git config remote.z.url " + evil + " && git pull z master", "ask"},
		// Its commits as a diff or mails applied here (red team 18 GA3).
		{"git fetch " + evil + " master && git diff HEAD FETCH_HEAD | git apply", "ask"},
		{"git fetch " + evil + " master && git show FETCH_HEAD | git apply", "ask"},
		{"git fetch " + evil + " master && git format-patch -1 --stdout FETCH_HEAD | git am", "ask"},
		{"git fetch " + evil + " master && git diff HEAD..FETCH_HEAD | patch -p1", "ask"},
		// Saved to a file and applied later, through a ref made from
		// FETCH_HEAD, into a compound stage, or printed by a compound
		// stage in another repository (red team 19 GA4).
		{"git fetch " + evil + " master && git diff HEAD FETCH_HEAD > f.patch && git apply f.patch", "ask"},
		{"git fetch " + evil + " master && git diff HEAD FETCH_HEAD > f.patch && patch -p1 < f.patch", "ask"},
		{"git fetch " + evil + " master && git format-patch -1 --stdout FETCH_HEAD > m.mbox; git am m.mbox", "ask"},
		{"git fetch " + evil + " master && git tag t FETCH_HEAD && git diff HEAD t | git apply", "ask"},
		{"git fetch " + evil + " master && git update-ref refs/heads/y FETCH_HEAD && git diff HEAD y | git apply", "ask"},
		{"git fetch " + evil + " master && git branch b FETCH_HEAD && git checkout b", "ask"},
		{"git fetch " + evil + " master && git show FETCH_HEAD --format= | (git apply)", "ask"},
		{"git fetch " + evil + " master && git show FETCH_HEAD | { git apply; }", "ask"},
		{"(cd " + evil + " && git show HEAD) | git apply", "ask"},
		{"git fetch " + evil + " master && git diff HEAD FETCH_HEAD > f.patch && git apply other.patch", "allow"},
		{"git fetch " + evil + " master && git tag v1 HEAD && git diff HEAD v1 | git apply", "allow"},
		{"git diff > my.patch && git apply -R my.patch", "allow"},
		{"(git diff) | git apply -R", "allow"},
		{"git fetch " + evil + " master && git diff HEAD FETCH_HEAD", "allow"},
		{"git fetch " + evil + " master && git diff HEAD FETCH_HEAD > review.diff", "allow"},
		{"git remote add up https://example.invalid/up.git && git fetch up && git log up/main", "allow"},
		{"git fetch nosuch && git merge nosuch/main", "allow"}, // no such remote or directory: git fails
		// A pull of a local repository: a fetch and a merge in one step.
		{"git -c user.name=a -c user.email=a@b pull --no-rebase --allow-unrelated-histories " + evil + " master", "ask"},
		{"git pull " + evil + " master", "ask"},
		{"git pull file://" + evil, "ask"},
		// Look-alikes.
		{"git fetch origin && git merge origin/main", "allow"},
		{"git pull", "allow"},
		{"git pull origin main", "allow"},
		{"git pull --rebase", "allow"},
		{"git fetch " + evil + " master", "allow"},
		{"git fetch " + evil + " master && git log FETCH_HEAD", "allow"},
		{"git fetch " + evil + " master:ev && git checkout main", "allow"},
		{"git pull . main", "allow"},
		// A remote configured when the hook runs is the user's, whatever
		// its URL (as a configured network remote is).
		{"git fetch local && git merge local/master", "allow"},
		{"git pull local master", "allow"},
	})
	// Fetched in an earlier command: listed by the real git. A merge with
	// no merge base brings the other side's whole tree.
	run(proj, "fetch", "-q", evil, "master:ev")
	run(proj, "fetch", "-q", filepath.Join(root, "ok"), "master:okb")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git merge -q --no-edit --allow-unrelated-histories ev", "deny"},
		{"git merge --allow-unrelated-histories FETCH_HEAD", "allow"}, // the last fetch: ok's notes.txt
		{"git merge --allow-unrelated-histories okb", "allow"},
		{"git checkout ev", "deny"},
		{"git archive ev | tar x", "deny"},
	})
	// What the real git does: the unrelated merge writes the file.
	run(proj, "merge", "-q", "--no-edit", "--allow-unrelated-histories", "ev")
	if _, err := os.Stat(filepath.Join(proj, ".claude", "settings.json")); err != nil {
		t.Errorf("git merge --allow-unrelated-histories did not write .claude/settings.json: %v", err)
	}
	// And a pull of the local path.
	proj2 := filepath.Join(root, "proj2")
	run(root, "init", "-q", "-b", "main", proj2)
	run(proj2, "commit", "-q", "--allow-empty", "-m", "base")
	run(proj2, "pull", "-q", "--no-rebase", "--allow-unrelated-histories", evil, "master")
	if _, err := os.Stat(filepath.Join(proj2, ".claude", "settings.json")); err != nil {
		t.Errorf("git pull PATH did not write .claude/settings.json: %v", err)
	}
}
