package rewrite

import "testing"

// TestLinksInNestedScripts: a link (ln -s, mount --bind) made inside a
// nested script (sh -c, bash -c, unshare … sh -c) leads the calls and
// redirections after it in that script to its target, as one made at
// the top level does. Both calls of such a script are one call of the
// top-level command, so its positions could not order them: the link
// was never taken as made before (red team of 2026-12-05: unshare -rm sh
// -c 'mount --bind ~ m && rm -rf m/.ssh', allow -> deny).
func TestLinksInNestedScripts(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":    "KEY",
		"home/.bashrc":        "# rc",
		"proj/notes/todo.txt": "x",
		"proj/build/":         "",
	})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	tests := []struct{ cmd, want string }{
		{`sh -c 'ln -s ~ m && rm -rf m/.ssh'`, "deny"},
		{`sh -c 'mount --bind ~ m && rm -rf m/.ssh'`, "deny"},
		{`unshare -rm sh -c 'mount --bind ~ m && rm -rf m/.ssh'`, "deny"},
		{`bash -c 'ln -s ~ m; sh -c "rm -rf m/.ssh"'`, "deny"},
		{`sh -c 'ln -s ~ m; echo x >> m/.bashrc'`, "deny"},
		{`bash -c 'ln -s ~/.claude c && cp x.json c/settings.json'`, "deny"},
		// The top level and across levels, as before.
		{`ln -s ~ m && sh -c 'rm -rf m/.ssh'`, "deny"},
		{`sh -c 'ln -s ~ m' && rm -rf m/.ssh`, "deny"},
		// Look-alikes: the link comes after, or leads somewhere ordinary.
		{`sh -c 'rm -rf m/.ssh && ln -s ~ m'`, "allow"},
		{`sh -c 'echo x > m/.bashrc; ln -s ~ m'`, "allow"},
		{`sh -c 'ln -s build m && rm -rf m/cache'`, "allow"},
		{`sh -c 'ln -s build m; echo x > m/out.txt'`, "allow"},
	}
	checkDecisions(t, cfg, tests)
}
