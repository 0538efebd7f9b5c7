package rewrite

import "testing"

// TestUnsetCallerLocal: unset in a function removes its caller's local
// and uncovers the global (bash's dynamic scope): the deletion that
// follows reaches the home's .ssh. The function's own local stays,
// unset, and a subshell's unset removes nothing outside it
// (syntax/localscope.go; TestUnsetScopeAgainstBash runs the rows in
// bash).
func TestUnsetCallerLocal(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "a\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`d=~; f(){ local d=/x; g; }; g(){ unset d; rm -rf "${d-/nonexist}/.ssh"; }; f`, "deny"},
		{`d=~; f(){ local d=/x; g; rm -rf "${d-/nonexist}/.ssh"; }; g(){ unset d; }; f`, "deny"},
		{`d=~; f(){ local d=/x; g; }; g(){ if [ -e x ]; then unset d; fi; rm -rf "${d-/nonexist}/.ssh"; }; f`, "deny"},
		{`d=/ok; f(){ local d=/x; g; }; g(){ unset d; d=~; }; f; rm -rf "$d/.ssh"`, "deny"},
		{`d=/ok; f(){ local d=/x; g; local d=/w; }; g(){ unset d; d=~; }; f; rm -rf "$d/.ssh"`, "deny"},
		{`d=~; g(){ unset d; rm -rf "${d-/nonexist}/.ssh"; }; d=/x g`, "deny"},
		// Look-alikes.
		{`d=~; f(){ local d=/x; unset d; rm -rf "${d-/nonexist}/.ssh"; }; f`, "ask"},
		{`d=~; f(){ local d=/x; g; }; g(){ local d=/y; unset d; rm -rf "${d-/nonexist}/.ssh"; }; f`, "ask"},
		{`d=~; f(){ local d=/x; g; }; g(){ ( unset d ); rm -rf "${d-/nonexist}/.ssh"; }; f`, "ask"},
		{`d=/ok; f(){ local d=/x; g; }; g(){ ( unset d; d=~ ); }; f; rm -rf "$d/.ssh"`, "ask"},
		{`d=~; g(){ rm -rf "${d-/nonexist}/.ssh"; }; d=/x g`, "ask"},
		{`d=~; f(){ local d=/x; g; }; g(){ unset d; rm -rf "${d-/nonexist}/.sshx"; }; f`, "allow"}, // the home is under /tmp here, a safe path,
	})
}
