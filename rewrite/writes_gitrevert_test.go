package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestGitRevertAllWrites: git commands that put back every locally
// changed tracked file with no pathspec (git stash, git reset --hard,
// git checkout -f, git switch -f) revert an uncommitted edit of a tracked
// self-protected file, and pathspec magic (:/, :(top), :(glob), :!x)
// names files as git resolves it. Each row runs in its own repository in
// a state: settings.json changed in the work tree ("unstaged"), staged
// ("staged"), only an ordinary file changed ("src"), nothing changed
// ("clean"), an untracked hook script ("untracked"). The real git is the
// oracle: after corral's decision the command runs, and a deny must be a
// command that changed the protected file (reverted or removed it), any
// other decision one that left it.
func TestGitRevertAllWrites(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	tests := []struct {
		state, cmd, want string
		noOracle         bool
	}{
		{"unstaged", "git stash", "deny", false},
		{"unstaged", "git stash push", "deny", false},
		{"unstaged", "git stash push -m wip", "deny", false},
		{"unstaged", "git stash save wip", "deny", false},
		{"unstaged", "git stash -u", "deny", false},
		{"staged", "git stash", "deny", false},
		{"unstaged", "git stash --keep-index", "deny", false},
		{"staged", "git stash --staged", "deny", false},
		{"unstaged", "git reset --hard", "deny", false},
		{"staged", "git reset --hard HEAD", "deny", false},
		{"staged", "git reset --merge", "deny", false},
		{"unstaged", "git checkout -f", "deny", false},
		{"unstaged", "git checkout -f main", "deny", false},
		{"unstaged", "git switch -f main", "deny", false},
		{"unstaged", "git switch --discard-changes main", "deny", false},
		{"unstaged", "git restore :/", "deny", false},
		{"unstaged", "git restore ':/.claude'", "deny", false},
		{"unstaged", "git -C src restore ':/.claude'", "deny", false},
		{"unstaged", "git checkout -- ':(top).claude'", "deny", false},
		{"unstaged", "git restore ':(glob).claude/*'", "deny", false},
		{"unstaged", "git restore '.claude/*.json'", "deny", false},
		{"unstaged", "git restore ':!src'", "deny", false},
		{"staged", "git restore --staged --worktree .", "deny", false},
		{"untracked", "git stash -u", "deny", false},
		{"untracked", "git stash --all", "deny", false},
		{"untracked", "git -C src stash -u", "deny", false}, // the whole repository's untracked files
		{"unstaged", "git -C src stash", "deny", false},
		{"unstaged", "cd src && git reset --hard", "deny", false},
		{"unstaged", "git stash -p", "ask", true},
		// look-alikes
		{"clean", "git stash", "allow", false},
		{"clean", "git checkout .", "allow", false},
		{"clean", "git reset --hard", "ask", false}, // git-destroy, as before
		{"clean", "git checkout -f main", "ask", false},
		{"src", "git stash", "allow", false},
		{"src", "git stash -u", "allow", false},
		{"src", "git checkout -f", "ask", false},     // git-destroy, as before,
		{"src", "git restore ':/src'", "ask", false}, // git-destroy, as git restore src,
		{"src", "git restore ':!.claude'", "ask", false},
		{"staged", "git stash --keep-index", "allow", false},
		{"untracked", "git stash", "allow", false},
		{"unstaged", "git stash list", "allow", false},
		{"unstaged", "git stash show -p", "allow", false},
		{"unstaged", "git checkout main", "allow", false},
		{"unstaged", "git reset --soft HEAD", "allow", false},
		{"unstaged", "git restore ':/src'", "warn", false}, // as git restore src,
		{"unstaged", "git restore ':!.claude'", "allow", false},
		{"unstaged", "git stash -- src", "warn", false},
		// The repository and work tree the command's own options and
		// variables name are listed (they were not: allowed).
		{"unstaged", "GIT_DIR=.git git stash", "deny", false},
		{"unstaged", "git --git-dir=.git stash", "deny", false},
		{"unstaged", "git --work-tree=. stash", "deny", false},
		{"unstaged", "GIT_WORK_TREE=. git stash", "deny", false},
		{"unstaged", "git -C . --work-tree=$PWD reset --hard", "deny", false},
		{"unstaged", "git --git-dir=$PWD/.git --work-tree=$PWD checkout -f", "deny", false},
		{"unstaged", "export GIT_DIR=.git; git stash", "deny", false},
		{"unstaged", "cd src && git --git-dir=../.git --work-tree=.. stash", "deny", false},
		{"staged", "GIT_DIR=.git git reset --merge", "deny", false},
		{"unstaged", "GIT_DIR=.git git stash list", "allow", false},
		{"unstaged", "git --git-dir=.git status", "allow", false},
		{"unstaged", "git --work-tree=. diff", "allow", false},
		{"src", "GIT_DIR=.git git stash", "allow", false},
		{"clean", "git --work-tree=. stash", "allow", false},
		// A file only touched (its mtime changed, its bytes the index's
		// and HEAD's) is left as it is: git stash passes (it denied).
		{"touched", "git stash", "allow", false},
		{"touched", "git stash --keep-index", "allow", false},
		{"touched", "GIT_DIR=.git git stash", "allow", false},
		{"touched", "git checkout -f", "ask", false},  // git-destroy, as before
		{"touched-exec", "git stash", "deny", true},   // a mode change: stashed
		{"touched-filter", "git stash", "deny", true}, // a filter attribute: what git compares is the filter's
		// Ending an operation in progress: the oracle is what the real
		// git puts back (merge --abort, cherry-pick and am keep unstaged
		// changes; rebase --abort and --skip revert them; --quit
		// nothing).
		{"merge+staged", "git merge --abort", "deny", false},
		{"merge+staged", "git merge --abo", "deny", false},
		{"merge+unstaged", "git merge --abort", "allow", false},
		{"merge+staged", "git merge --quit", "allow", false},
		{"rebase+unstaged", "git rebase --abort", "deny", false},
		{"rebase+unstaged", "git rebase --skip", "deny", false},
		{"rebase+staged", "git rebase --abort", "deny", false},
		{"rebase+unstaged", "git rebase --quit", "allow", false},
		{"pick+staged", "git cherry-pick --abort", "deny", false},
		{"pick+staged", "git cherry-pick --skip", "deny", false},
		{"pick+unstaged", "git cherry-pick --abort", "allow", false},
		{"pick+staged", "git cherry-pick --quit", "allow", false},
		{"revert+staged", "git revert --abort", "deny", false},
		{"am+staged", "git am --abort", "deny", false},
		{"am+staged", "git am --skip", "deny", false},
		{"am+unstaged", "git am --abort", "allow", false},
		{"am+staged", "git am --quit", "allow", false},
		{"staged", "git merge --abort", "allow", false}, // nothing in progress: git refuses
		// An operation started earlier in the same command, with the
		// protected file staged in between, is ended with it (it was
		// allowed: nothing was in progress at hook time).
		{"side+unstaged", "git merge side; git add .claude/settings.json; git merge --abort", "deny", false},
		{"side+unstaged", "git merge side; git add -A; git merge --abort", "deny", false},
		{"side+unstaged", "git cherry-pick side; git add -u; git cherry-pick --abort", "deny", false},
		{"side+unstaged", "git pull --no-rebase . side; git add -u; git merge --abort", "deny", false},
		{"side+unstaged", "git pull . side; git add -u; git merge --abort", "deny", true}, // whether pull merges is the user's config's
		{"merge+unstaged", "git add -u && git merge --abort", "deny", false},
		// look-alikes: the operation starts from a clean index or
		// refuses, and its end keeps unstaged changes (warn: the merge
		// writes src/a.go, a production path, as before).
		{"side+unstaged", "git merge side; git merge --abort", "warn", false},
		{"side+staged", "git merge side; git merge --abort", "warn", false},
		{"side+unstaged", "git rebase side; git rebase --abort", "warn", false},
		{"side+unstaged", "git cherry-pick side; git cherry-pick --abort", "warn", false},
		{"side+unstaged", "git merge side; git stash list; git merge --abort", "warn", false},
		{"side+unstaged", "git merge --abort; git add -u", "allow", false},
		{"unstaged", "git rebase --abort", "allow", false},
		{"staged", "git cherry-pick --abort", "allow", false},
		{"staged", "git am --abort", "allow", false},
	}
	for _, tt := range tests {
		tt := tt
		t.Run(tt.state+" "+tt.cmd, func(t *testing.T) {
			t.Parallel()
			cfg := scratchProject(t, map[string]string{
				"proj/.claude/settings.json": "{}\n",
				"proj/src/a.go":              "package a\n",
			})
			proj := cfg.Project
			env := append(os.Environ(), "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b", "HOME="+filepath.Dir(proj), "GIT_CONFIG_NOSYSTEM=1")
			run := func(name string, args ...string) {
				t.Helper()
				cmd := exec.Command(name, args...)
				cmd.Dir = proj
				cmd.Env = env
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("%s %v: %v\n%s", name, args, err, out)
				}
			}
			write := func(rel, text string) {
				t.Helper()
				if err := os.MkdirAll(filepath.Dir(filepath.Join(proj, rel)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(proj, rel), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			run("git", "init", "-q", "-b", "main")
			run("git", "add", ".")
			run("git", "commit", "-qm", "base")
			watched := ".claude/settings.json"
			state := tt.state
			if op, rest, ok := strings.Cut(state, "+"); ok {
				// An operation stopped on a conflict in src/a.go.
				state = rest
				run("git", "checkout", "-qb", "side")
				write("src/a.go", "package side\n")
				run("git", "commit", "-qam", "side")
				run("git", "format-patch", "-q", "-1", "-o", filepath.Join(filepath.Dir(proj), "patches"))
				run("git", "checkout", "-q", "main")
				write("src/a.go", "package main\n")
				run("git", "commit", "-qam", "main")
				// "side": the branches only, no operation started.
				start := map[string]string{"side": "true", "merge": "git merge side", "rebase": "git rebase side", "pick": "git cherry-pick side",
					"revert": "git revert --no-edit HEAD~1 HEAD", "am": "git am " + filepath.Join(filepath.Dir(proj), "patches") + "/*"}[op]
				if op == "revert" {
					run("git", "merge", "-q", "--no-edit", "-X", "theirs", "side")
					start = "git revert --no-edit HEAD^2 HEAD~1"
				}
				run("sh", "-c", start+" >/dev/null 2>&1; true")
			}
			switch state {
			case "touched", "touched-exec", "touched-filter":
				past := time.Now().Add(-time.Hour)
				if err := os.Chtimes(filepath.Join(proj, watched), past, past); err != nil {
					t.Fatal(err)
				}
				run("git", "update-index", "--refresh")
				now := time.Now()
				if err := os.Chtimes(filepath.Join(proj, watched), now, now); err != nil {
					t.Fatal(err)
				}
				switch state {
				case "touched-exec":
					if err := os.Chmod(filepath.Join(proj, watched), 0o755); err != nil {
						t.Fatal(err)
					}
				case "touched-filter":
					write(".gitattributes", "*.json filter=x\n")
				}
			}
			switch state {
			case "unstaged":
				write(watched, `{"hooks":{}}`+"\n")
			case "staged":
				write(watched, `{"hooks":{}}`+"\n")
				run("git", "add", watched)
			case "src":
				write("src/a.go", "package b\n")
			case "untracked":
				watched = ".claude/hooks/guard.sh"
				write(watched, "exit 0\n")
			}
			before, _ := os.ReadFile(filepath.Join(proj, watched))
			r := Check(cfg, tt.cmd)
			if got := r.Decision.String(); got != tt.want {
				t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, r.Findings)
			}
			if tt.noOracle {
				return
			}
			run("sh", "-c", tt.cmd+" >/dev/null 2>&1; true")
			after, err := os.ReadFile(filepath.Join(proj, watched))
			changed := err != nil || string(after) != string(before)
			if changed != (tt.want == "deny") {
				t.Errorf("oracle: real %s in state %s changed %s: %v, but corral's decision is %s", tt.cmd, tt.state, watched, changed, tt.want)
			}
		})
	}
}
