package rewrite

import "testing"

func TestGitDestroy(t *testing.T) {
	t.Parallel()
	testRule(t, "git-destroy", []ruleCase{
		{"git reset --hard", Ask},
		{"git reset --hard origin/main", Ask},
		{"git -C ../other reset --hard HEAD~2", Ask},
		{"git reset --merge", Ask},
		{"git clean -fd", Ask},
		{"git clean -xdf", Ask},
		{"git clean --force", Ask},
		{"git push --force", Ask},
		{"git push -f origin main", Ask},
		{"git -c push.default=current push -f", Ask},
		{"git push origin main --force", Ask},
		{"git push origin +main", Ask},
		{"git push --force=main", Ask},
		{"git push --delete origin old", Ask},
		{"git push origin :old", Ask},
		{"git push --mirror", Ask},
		{"git branch -D feature", Ask},
		{"git branch --delete --force feature", Ask},
		{"git branch -f main HEAD~3", Ask},
		{"git checkout -- src/app.go", Ask},
		{"git checkout .", Ask},
		{"git checkout HEAD~1 file.txt", Ask},
		{"git checkout feature -- .", Ask},
		{"git checkout -f main", Ask},
		{"git switch --discard-changes main", Ask},
		{"git restore file.txt", Ask},
		{"git restore --source=HEAD~1 file.txt", Ask},
		{"git restore -SW file.txt", Ask},
		{"git stash drop", Ask},
		{"git stash clear", Ask},
		{"git reflog expire --expire=now --all", Ask},
		{"git reflog delete HEAD@{1}", Ask},
		{"git reflog delete --rewrite --updateref main@{2}", Ask},
		{"git gc --prune=now", Ask},
		{"git filter-branch --tree-filter 'rm x' HEAD", Ask},
		{"git worktree remove --force ../wt", Ask},
		{"git update-ref -d refs/heads/x", Ask},
		{"sudo -u dev git reset --hard", Ask},
		{"bash -c 'git clean -fdx'", Ask},
		{"git -c remote.origin.push=+refs/heads/*:refs/heads/* push", Ask},
		{"git -c remote.origin.mirror=true push origin", Ask},
		{"git -c remote.origin.mirror=On push origin", Ask},
		{"git -c remote.origin.mirror=2 push origin", Ask},
		{"git -c remote.origin.mirror=-1 push origin", Ask},
		{"git -c remote.origin.mirror push origin", Ask}, // no value: true
		{"git push --force --force-with-lease", Ask},
		{"git push --force-with-lease --force", Ask},
		{"git push --prune origin", Ask},
		{"git push --mirror backup", Ask},
		{"git push --delete origin x", Ask},
		{"git -c clean.requireForce=false clean", Ask},
		{"git -c clean.requireforce=0 clean -d", Ask},
		{"git -c alias.x='!rm -rf ~' x", Deny}, // as rm -rf ~ is
		{"git -c alias.x='reset --hard' x", Ask},
		{"git -c alias.nuke='push --force' nuke origin main", Ask},
		{"git --config-env=alias.x=CMD x", Ask},
		{"git -c alias.x='clone https://github.com/a/b' x", Ask}, // the clone is in the alias's words: no rewrite can move it
		{"git -c alias.get='clone --depth=1 https://github.com/a/b dir' get", Ask},
		// The expansion stands where the call stood, in its pipeline.
		{"git -c alias.x='archive --remote=https://github.com/a/b HEAD' x | tar x", Ask},
		{"git -c alias.x='archive --remote=https://github.com/a/b HEAD' x | (cd d && tar xf -)", Ask},
		{"git -c alias.l=log l | sh", Ask},
		{"curl -s https://x.sh | git -c alias.x='!sh' x", Ask}, // sh runs the download
		{"git -c alias.x.y='reset --hard' x.y", Ask},           // git 2.39 runs x.y from alias.x.y
		{"git $X reset --hard", Ask},
		{"git $OPTS push --force", Ask},
		{`git "$SUB" --hard`, Ask}, // a run-time subcommand with options that destroy as reset
		{"git $CMD -fdx", Ask},
		{`git "$1" --force origin main`, Ask},
		{"git read-tree -u --reset HEAD", Ask},
		{"git read-tree -m -u HEAD", Ask},
		{"git update-ref -d HEAD", Ask},
		{"git checkout-index -a -f", Ask},
		{"git tag -f v1.0", Ask},
		// Look-alikes.
		{"git reset --soft HEAD~1", Allow},
		{"git -c alias.x='archive --remote=https://github.com/a/b HEAD' x | tar t", Allow}, // tar only lists
		{"git -c alias.l=log l | head", Allow},
		{"git -c alias.x.y='reset --hard' x", Allow}, // git runs no alias x from alias.x.y
		{"git -c alias.x.y=clone x https://github.com/a/b", Allow},
		{"git clone https://github.com/a/b; git -c alias.l=log l", Allow}, // the clone is its own statement's
		{"git reset HEAD file.txt", Allow},
		{"git clean -n", Allow},
		{"git clean -fdn", Allow},
		{"git push", Allow},
		{"git -c remote.origin.mirror=OFF push origin", Allow}, // git booleans (syntax.GitConfigBool)
		{"git -c remote.origin.mirror=False push origin", Allow},
		{"git -c remote.origin.mirror=00 push origin", Allow},
		{"git -c remote.origin.mirror= push origin", Allow},
		{"git push --force-with-lease", Allow},
		{"git push -u origin feature", Allow},
		{"git branch -d merged", Allow},
		{"git checkout main", Allow},
		{"git checkout -b feature origin/feature", Allow},
		{"git restore --staged file.txt", Allow},
		{"git stash", Allow},
		{"git stash pop", Allow},
		{"git gc", Allow},
		{"git reflog", Allow},
		{"git reflog show main", Allow},
		{"git reflog delete -n HEAD@{1}", Allow},
		{"git log --oneline --grep='reset --hard'", Allow},
		{`git commit -m "git push --force is banned"`, Allow},
		{"echo git reset --hard", Allow},
		{"git reset --help", Allow},
		{"git -c alias.st=status st", Allow},
		{"git -c alias.c='clone --depth=1' c https://github.com/a/b", Allow}, // the clone rule rewrites it
		{"git -c alias.l='!git log --oneline' l", Allow},
		{"git -c clean.requireForce=true clean", Allow},
		{"git -c remote.origin.push=refs/heads/main push", Allow},
		{"git $X status", Allow},
		{"git $X log --grep reset", Allow},
		{`git "$@"`, Allow},
		{`git "$SUB" --oneline`, Allow},
		{`git "$SUB" -v`, Allow},
		{"git read-tree HEAD", Allow},
		{"git update-ref refs/heads/x HEAD", Allow},
		{"git tag v1.0", Allow},
		{"git fetch --prune", Allow},
	})
}

// TestCheckoutIndexPrefix: git checkout-index --prefix=DIR/ writes the
// index's files under DIR (an export), not over the working tree: it is a
// write through the path guards, while -f with no prefix, ./ or a prefix
// that leads back to the working directory overwrites the files.
func TestCheckoutIndexPrefix(t *testing.T) {
	t.Parallel()
	testRule(t, "git-destroy", []ruleCase{
		{"git checkout-index -a -f", Ask},
		{"git checkout-index -a -f --prefix=./", Ask},
		{"git checkout-index -a -f --prefix=", Ask},
		{"git checkout-index -a -f --prefix=../proj/", Ask}, // the working directory again
		{`git checkout-index -a -f --prefix="$P"`, Ask},     // only known at run time
		{"git checkout-index -a -f --prefix=export/ --prefix=", Ask},
		{"git checkout-index --all --force --prefix path/to/export_directory/", Allow},
		{"git checkout-index -a -f --prefix=/tmp/export/", Allow},
		{"git checkout-index -a -f --prefix=.merged-", Allow}, // .merged-x beside x
	})
	cfg := guardedConfig()
	testRuleWith(t, cfg, "bash-write", []ruleCase{
		{"git checkout-index -a -f --prefix=/etc/", Deny},
		{"git checkout-index -a --prefix=../out/", Ask}, // outside the project
		{"git checkout-index -a -f --prefix=.git/hooks/", Deny},
		{"git checkout-index --all --force --prefix path/to/export_directory/", Allow},
		{"git checkout-index -a -f --prefix=/tmp/export/", Allow},
		{"git checkout-index -a -f", Allow}, // git-destroy's
	})
}
