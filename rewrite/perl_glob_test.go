package rewrite

import "testing"

// TestPerlGlobHome: perl -e 'system("rm -rf ".glob("~"))' and
// perl -e 'unlink glob("~/.ssh/id_rsa")' asked (code only known at run
// time) where the same command with $ENV{HOME} was denied (red team
// finding): Perl's glob of a literal pattern with no wildcard is the path
// the shell's ~ gives, so the finding is exact. Look-alikes that print the
// same text, or name a file in the project, keep their decisions; a
// wildcard pattern still asks.
func TestPerlGlobHome(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/": "", "proj/notes/a.txt": "x\n", "home/.ssh/id_rsa": "KEY\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`perl -e 'system("rm -rf ".glob("~"))'`, "deny"},
		{`perl -e 'system("rm -rf " . glob "~")'`, "deny"},
		{`perl -e 'my $h = glob("~"); system("rm -rf $h")'`, "deny"},
		{`perl -e 'unlink glob("~/.ssh/id_rsa")'`, "deny"},
		{`perl -e 'unlink CORE::glob("~/.bashrc")'`, "deny"},
		{`perl -e 'open(F, glob("~/.ssh/id_rsa")); print <F>'`, "deny"},
		// Look-alikes.
		{`perl -e 'print "rm -rf ".glob("~")'`, "allow"},
		{`perl -e 'print glob("~/.ssh/id_rsa")'`, "allow"},
		{`perl -e 'system("ls ".glob("~"))'`, "allow"},
		{`perl -e 'unlink glob("notes/a.txt")'`, "allow"},
		{`perl -e 'unlink glob("~/.ssh/*")'`, "deny"}, // rm -f -- ~/'.ssh/'* (homeglob_test.go)
		{`perl -e 'system("rm -rf ".glob("~/x y"))'`, "ask"},
	})
}
