package rewrite

import "testing"

// TestDirStackAndProjectDirDeletions: a deletion named by an element of
// bash's DIRSTACK is the deletion of that directory (pushd ~; pushd /tmp;
// rm -rf "${DIRSTACK[1]}" deletes the home directory: allow -> deny), and
// "$CLAUDE_PROJECT_DIR" is the project or empty (Claude Code sets it for
// the commands it runs; some releases leave it unset): rm -rf
// "$CLAUDE_PROJECT_DIR" and find -delete of it are denied (they passed),
// mv of it asks as mv . ../old does, and "$CLAUDE_PROJECT_DIR/build" still
// asks, as /build when the variable is empty. Look-alikes delete what may
// go, or name an entry the stack does not hold.
func TestDirStackAndProjectDirDeletions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/notes.txt": "n\n",
		"proj/src/a.go":  "package a\n",
		"proj/build/x":   "x\n",
		"other/x":        "x\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`pushd ~ >/dev/null; pushd ../other >/dev/null; rm -rf "${DIRSTACK[1]}"`, "deny"},
		{`pushd ~ >/dev/null; rm -rf "${DIRSTACK[0]}"`, "deny"},
		{`pushd ~ >/dev/null; rm -rf "${DIRSTACK[@]}"`, "deny"},
		{`pushd src >/dev/null; rm -rf "${DIRSTACK[1]}"`, "deny"},
		{`rm -rf "$CLAUDE_PROJECT_DIR"`, "deny"},
		{`mv "$CLAUDE_PROJECT_DIR" ../old`, "ask"},
		{`find "$CLAUDE_PROJECT_DIR" -delete`, "deny"},
		{`cat "$CLAUDE_PROJECT_DIR/.env"`, "deny"},
		{`rm -rf "$CLAUDE_PROJECT_DIR/build"`, "ask"},
		// A child shell starts with the same value (exportedOnly keeps
		// a seeded variable's candidates).
		{`bash -c 'rm -rf "$CLAUDE_PROJECT_DIR"'`, "deny"},
		{`bash -c 'rm -rf "$CLAUDE_PROJECT_DIR"/x'`, "ask"},
		// Look-alikes.
		{`pushd src >/dev/null; rm -rf "${DIRSTACK[0]}"`, "warn"}, // as rm -rf src: a production path
		{`cd ../other; rm -rf "${DIRSTACK[1]}"`, "allow"},
		{`echo "${DIRSTACK[@]}"`, "allow"},
		{`cd "$CLAUDE_PROJECT_DIR" && rm -rf build`, "allow"},
		{`ls "$CLAUDE_PROJECT_DIR"`, "allow"},
		{`CLAUDE_PROJECT_DIR=../other/x; rm -rf "$CLAUDE_PROJECT_DIR"`, "allow"},
	})
}
