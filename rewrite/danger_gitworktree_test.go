package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitWorkTreeDeletions: git clean -f and git stash -u/-a remove the
// untracked files of the working tree git is told to use, not of the
// directory it runs in: --work-tree=DIR and GIT_WORK_TREE=DIR (as a
// prefix or exported) point them at another tree, so
// git --work-tree=$HOME stash -u empties the home directory into a stash
// (git-stash(1): "--include-untracked … then cleaned up with git
// clean"). What goes is what the real git clean --dry-run lists for that
// tree; a tree only known at run time asks. Look-alikes: stash and clean
// in the project, stash without -u, stash show -u.
func TestGitWorkTreeDeletions(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cfg := scratchProject(t, map[string]string{
		"home/.bashrc": "# rc\n", "home/notes.txt": "n\n", "home/work/a.txt": "a\n",
		"proj/a.go": "package a\n", "proj/scratch.txt": "untracked\n",
	})
	gitIn(t, cfg.Project, "init", "-q")
	gitIn(t, cfg.Project, "add", "a.go")
	gitIn(t, cfg.Project, "commit", "-qm", "init")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git --work-tree=$HOME stash -u", "deny"},
		{"git --work-tree ~ stash push --include-untracked", "deny"},
		{"git --work-tree=$HOME stash -a", "deny"},
		{"git --work-tree=$HOME clean -fdx", "deny"},
		{"GIT_WORK_TREE=~ git clean -fdx", "deny"},
		{"export GIT_WORK_TREE=$HOME; git clean -fd", "deny"},
		{"GIT_WORK_TREE=~ git stash save -u wip", "deny"},
		{"cd ~ && git --git-dir=" + cfg.Project + "/.git stash -u", "deny"},
		{`git --work-tree="$W" clean -fdx`, "ask"},
		// Look-alikes.
		{"git stash -u", "allow"},
		{"git stash push -u -m wip", "allow"},
		{"git stash", "allow"},
		{"git stash show -u", "allow"},
		{"git stash list", "allow"},
		{"GIT_WORK_TREE=. git stash -u", "allow"},
		{"git --work-tree=$HOME status", "allow"},
		{"git --work-tree=$HOME clean -n", "allow"},
		{"git clean -fdx", "ask"}, // as before: git-destroy
	})
}

// TestGitStashRemovesUntracked runs the real git: stash -u takes an
// untracked file out of the working tree (into the stash), as the rule
// assumes; plain stash leaves it. Canaries in a temporary directory only.
func TestGitStashRemovesUntracked(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	for _, tc := range []struct {
		args []string
		gone bool
	}{
		{[]string{"stash", "-u"}, true},
		{[]string{"stash"}, false},
	} {
		dir := t.TempDir()
		gitIn(t, dir, "init", "-q")
		if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		gitIn(t, dir, "add", "a.txt")
		gitIn(t, dir, "commit", "-qm", "init")
		canary := filepath.Join(dir, "canary.txt")
		if err := os.WriteFile(canary, []byte("c\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("changed\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		gitIn(t, dir, tc.args...)
		_, err := os.Stat(canary)
		if gone := os.IsNotExist(err); gone != tc.gone {
			t.Errorf("git %v: canary gone %v, want %v", tc.args, gone, tc.gone)
		}
	}
}

// gitIn runs git in dir with a fixed identity, failing the test on error.
func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v %s", args, err, out)
	}
}

// TestFindReachesGitDir: a find or fd whose name selection matches files
// inside the repository's .git (the pack files and their indexes, HEAD)
// deletes the history: the match is judged as the deletion of that file
// in .git, which asks like rm -rf .git/objects. Look-alikes: a selection
// nothing in .git matches, a find that prunes .git, fd without -H (it
// skips hidden directories).
func TestFindReachesGitDir(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/HEAD": "ref: refs/heads/main\n", "proj/.git/objects/pack/pack-1.pack": "P", "proj/.git/objects/pack/pack-1.idx": "I",
		"proj/main.py": "x\n", "proj/cache/a.pyc": "c",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"find . -name '*.pack' -delete", "ask"},
		{"find . -iname '*.PACK' -delete", "ask"},
		{"find . -name '*.idx' -exec rm {} +", "ask"},
		{"find . -name HEAD -delete", "ask"},
		{"fd -H -g '*.pack' -x rm", "ask"},
		// Look-alikes.
		{"find . -name '*.pyc' -delete", "allow"},
		{"find . -path ./.git -prune -o -name '*.pack' -delete", "allow"},
		{"fd -e pack -x rm", "allow"},
		{"find . -name '*.pack'", "allow"},
		{"git gc", "allow"},
	})
}
