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
		{`d=/x; f(){ local d=/y; declare -g d=~; }; f; rm -rf "$d/.ssh"`, "deny"},
		{`d=/x; f(){ local d=/y; g; }; g(){ declare -g d=~; }; f; rm -rf "$d/.ssh"`, "deny"},
		{`shopt -s localvar_inherit; d=~; f(){ local d; rm -rf "${d:-/x}/.ssh"; }; f`, "deny"},
		{`if [ -e x ]; then shopt -s localvar_inherit; fi; d=~; f(){ local d; rm -rf "${d:-/x}/.ssh"; }; f`, "ask"},
		{`d=/x; f(){ local d=/y; declare -g d=~; rm -rf "$d/.ssh"; }; f`, "ask"}, // the local /y: was deny
		{`shopt -s localvar_unset; d=~; f(){ local d=/x; g; }; g(){ unset d; rm -rf "${d-/nonexist}/.ssh"; }; f`, "ask"},
		{`d=~; f(){ local d; rm -rf "${d:-/x}/.ssh"; }; f`, "ask"},
		// Look-alikes.
		{`d=~; f(){ local d=/x; unset d; rm -rf "${d-/nonexist}/.ssh"; }; f`, "ask"},
		{`d=~; f(){ local d=/x; g; }; g(){ local d=/y; unset d; rm -rf "${d-/nonexist}/.ssh"; }; f`, "ask"},
		{`d=~; f(){ local d=/x; g; }; g(){ ( unset d ); rm -rf "${d-/nonexist}/.ssh"; }; f`, "ask"},
		{`d=/ok; f(){ local d=/x; g; }; g(){ ( unset d; d=~ ); }; f; rm -rf "$d/.ssh"`, "ask"},
		{`d=~; g(){ rm -rf "${d-/nonexist}/.ssh"; }; d=/x g`, "ask"},
		{`d=~; f(){ local d=/x; g; }; g(){ unset d; rm -rf "${d-/nonexist}/.sshx"; }; f`, "allow"}, // the home is under /tmp here, a safe path,
	})
}

// TestElementTargetsAndAtJoin: printf -v and read given an array element
// assign it (printf -v 'a[0]' %s ~ is a[0]=~), and "${a[@]}/.ssh" is a
// field per element, the suffix on the last (a=(x ~) gives x and
// ~/.ssh), as bash expands them (TestElementTargetsAgainstBash,
// TestAtJoinFieldsAgainstBash).
func TestElementTargetsAndAtJoin(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "a\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`printf -v "a[0]" %s ~; rm -rf "${a[0]}/.ssh"`, "deny"},
		{`declare -A m; printf -v 'm[k]' %s ~; rm -rf "${m[k]}/.ssh"`, "deny"},
		{`read "a[0]" <<< "$HOME"; rm -rf "${a[0]}/.ssh"`, "deny"},
		{`a=(x ~); rm -rf "${a[@]}/.ssh"`, "deny"},
		{`a=(~ x); rm -rf "${a[@]}/.cache"`, "deny"}, // rm -rf ~ x/.cache
		{`set -- x ~; rm -rf "$@/.ssh"`, "deny"},
		{`a=(x y); printf -v "a[1]" %s ~; rm -rf "${a[@]}/.ssh"`, "deny"},
		// Look-alikes.
		{`a=(x y); printf -v "a[1]" %s ~; rm -rf "${a[0]}/.ssh"`, "allow"},
		{`printf -v "a[0]" %s build; rm -rf "${a[0]}/.ssh"`, "allow"},
		{`a=(x y); rm -rf "${a[@]}/.ssh"`, "allow"},
		{`a=(x ~); echo "${a[@]}/.ssh"`, "allow"},
	})
}
