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
