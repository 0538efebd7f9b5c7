package rewrite

import "testing"

// TestBindMountsAlias: a bind mount made earlier in the command shows
// the source tree at the mount point (mount(8) --bind/-B, --rbind/-R,
// -o bind; bindfs SRC DST), so deleting or writing under the mount point
// is judged as under the source, as a link made by ln is. Look-alikes: a
// bind of a project directory, a tmpfs, a mount with no bind.
func TestBindMountsAlias(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.claude/settings.json": "{}", "proj/build/x": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"mount --bind ~ a && rm -rf a/*", "deny"},
		{"sudo mount -B ~ a; rm -rf a/", "deny"},
		{"mkdir x; mount --rbind / x; rm -rf x/*", "deny"},
		{"mount -o bind,ro ~ a; rm -rf a/*", "deny"},
		{"mount -obind ~ a; rm -rf a/*", "deny"},
		{"mount -o bind ~/.claude c; echo '{}' > c/settings.json", "deny"},
		{"bindfs -u 1000 ~ h; rm -rf h/*", "deny"},
		// Look-alikes.
		{"mount --bind build out && rm -rf out/*", "allow"},
		{"mount -t tmpfs tmpfs a && rm -rf a/*", "allow"},
		{"rm -rf a/*; mount --bind ~ a", "allow"},
		{"mount | grep sda", "allow"},
	})
}
