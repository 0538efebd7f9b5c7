package rewrite

import "testing"

// TestGitFrontEnds: hub and lab take git's whole command line and hand
// git every command they do not add (hub(1): "alias git=hub"), so the
// git rules read them as git; their own commands and harmless git
// commands pass.
func TestGitFrontEnds(t *testing.T) {
	t.Parallel()
	checkDecisions(t, testConfig(), []struct{ cmd, want string }{
		{"hub push --force", "ask"},
		{"hub push -f origin main", "ask"},
		{"/usr/local/bin/hub clean -fdx", "ask"},
		{"hub reset --hard HEAD~3", "ask"},
		{"lab push --force", "ask"},
		{"hub -C /tmp/r push --force", "ask"},
		{"hub clone owner/repo", "rewrite"},
		{"hub push origin main", "allow"},
		{"hub pull-request -m msg", "allow"},
		{"hub status", "allow"},
		{"lab mr list", "allow"},
		{"echo hub push --force", "allow"},
	})
}

// TestGitDashedPrograms: git SUB runs the program git-SUB of git's exec
// path with the same words, and that program can be run by its path or
// name (/usr/lib/git-core/git-reset --hard): it is judged as git SUB
// (git-reset --hard, git-push --force, git-clean -fdx were allowed).
func TestGitDashedPrograms(t *testing.T) {
	t.Parallel()
	checkDecisions(t, testConfig(), []struct{ cmd, want string }{
		{"/usr/lib/git-core/git-reset --hard", "ask"},
		{"/usr/libexec/git-core/git-push --force origin main", "ask"},
		{"git-clean -fdx", "ask"},
		{"git-push origin +main", "ask"},
		{"env git-branch -D feature", "ask"},
		{"git-config alias.x '!rm -rf ~'", "deny"},
		{"/usr/lib/git-core/git-clone https://github.com/a/b", "rewrite"},
		// Look-alikes.
		{"git-status", "allow"},
		{"/usr/lib/git-core/git-log --oneline", "allow"},
		{"git-reset --soft HEAD~1", "allow"},
		{"git-clean -n", "allow"},
		{"echo git-reset --hard", "allow"},
		{"git-lfs ls-files", "allow"},
	})
}
