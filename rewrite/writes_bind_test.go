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

// TestUnmountGuarded: umount DIR takes the mounted tree away from DIR,
// which then shows what it held under the mount (mount --move OLD NEW
// does the same to OLD): DIR's files change, as a mount over DIR changes
// them, so a guarded DIR is judged as that write (mount --bind x ~/.ssh
// is denied). Look-alikes: the user's own mounts elsewhere in the home directory, in the
// project, outside both, and a device operand.
func TestUnmountGuarded(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.ssh/id_rsa": "KEY\n", "home/.claude/settings.json": "{}", "proj/.git/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"mount --bind /tmp/x ~/.ssh", "deny"}, // the decision the rows below match
		{"umount ~/.ssh", "deny"},
		{"sudo umount -l ~/.ssh/", "deny"},
		{"umount -t tmpfs ~/.ssh", "deny"},
		{"mount --move ~/.ssh /mnt/x", "deny"},
		// Look-alikes.
		{"umount ~/mnt", "allow"},
		{"umount ./mnt", "allow"},
		{"umount /mnt/usb", "allow"},
		{"umount /dev/sdb1", "allow"},
		{"mount --move /mnt/a /mnt/b", "allow"},
		{"mount --move ~/mnt /mnt/b", "allow"},
	})
}
