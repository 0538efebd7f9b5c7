package rewrite

import "testing"

// TestFdCdLogical: after exec 3<~; cd /dev/fd/3 bash's logical PWD is
// /dev/fd/3, so cd .. enters /dev/fd (the shell's descriptor directory)
// and cd ../3/.ssh goes back through the descriptor into the home
// directory; cd -P resolves the link first. TestFdDirCdAgainstBash
// (syntax) checks each directory against real bash.
func TestFdCdLogical(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.ssh/id_rsa": "k\n", "home/.bashrc": "", "proj/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`exec 3<~; cd /dev/fd/3; cd ../3/.ssh; rm -f id_rsa`, "deny"},
		{`exec 3<~; cd /dev/fd/3; cd ..; cd 3; rm -f .bashrc`, "deny"},
		{`exec 3<~; cd /dev/fd/3; cd ../3; rm -f .bashrc`, "deny"},
		{`exec 3<~; cd /dev/fd/3; cd ..; rm -rf 3/.ssh`, "deny"},
		// Look-alikes: a listing, a descriptor on a scratch directory.
		{`exec 3<~; cd /dev/fd/3; cd ..; cd ..; ls`, "allow"},
		{`exec 3<~; cd -P /dev/fd/3; cd ..; ls`, "allow"},
		{`exec 3</tmp; cd /dev/fd/3; cd ..; cd 3; rm -rf x`, "allow"},
	})
}
