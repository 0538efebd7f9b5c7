package rewrite

import "testing"

// TestBraceThenTilde: bash expands braces before tildes, so ~{,} is the
// home directory twice and ~{/.ssh,/.aws} is ~/.ssh and ~/.aws; the
// deletions are judged as those paths (they asked as "another user's
// home directory" before). Braces that make ~NAME words stay words only
// run time knows; listings and echo pass. syntax's TestExpandOracle
// compares the words with real bash.
func TestBraceThenTilde(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.ssh/id_rsa": "KEY\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"rm -rf ~{,}", "deny"},
		{"rm -rf ~{/.ssh,/.aws}", "deny"},
		{"rm -rf ~{,/build}", "deny"},
		{"rm -rf ~{zz9,zz8}", "ask"},
		{"ls ~{/a,/b}", "allow"},
		{"echo ~{,}", "allow"},
	})
}
