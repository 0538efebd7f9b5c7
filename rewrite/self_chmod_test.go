package rewrite

import "testing"

// TestChmodKeepsGuardFiles: a recursive chmod over a tree holding an
// agent's settings is the guard's business only when its mode can take
// read or execute/search permission from the owner (chmod -R 000, 644 on
// directories, a-r, u=rw, a mode copied from another class or another
// file); modes that only add, or only take from the group and others, or
// the owner's write, leave the settings loaded and pass.
func TestChmodKeepsGuardFiles(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.claude/settings.json": "{}\n", "proj/src/a.go": "package a\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"chmod -R 000 .", "deny"},
		{"chmod -R 644 .", "deny"},
		{"chmod -R a-r .", "deny"},
		{"chmod -R u-x .", "deny"},
		{"chmod -R u=rw .", "deny"},
		{"chmod -R go=u .", "deny"},
		{"chmod -R --reference=/etc/shadow .", "deny"},
		{"chmod -R = .", "deny"},
		{"chmod -R go-w .", "allow"},
		{"chmod -R u+w .", "allow"},
		{"chmod -R 755 .", "allow"},
		{"chmod -R 0700 .", "allow"},
		{"chmod -R a+rX .", "allow"},
		{"chmod -R o-rwx,g-w .", "allow"},
		{"chmod -R u=rwX,go=rX .", "allow"},
		{"chmod -R -w .", "allow"},
		{"chmod -R 000 src", "allow"},
	})
}
