package rewrite

import (
	"os"
	"path/filepath"
	"testing"
)

// TestInSandboxDynamic: whether a destination with run-time parts is
// inside the sandbox is decided by the path module on its literal head,
// its text and its candidate values, never by comparing text: a name
// under a static sandbox directory is inside; "sandbox-evil", a ".."
// after the run-time part, a run-time part glued to the sandbox's own
// name, or an unknown start are not. A symbolic link into the sandbox is
// followed.
func TestInSandboxDynamic(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	sb := filepath.Join(proj, "agent_sandbox")
	if err := os.MkdirAll(sb, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(sb, filepath.Join(proj, "sblink")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(proj, filepath.Join(sb, "out")); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Cwd: proj, Project: proj, Home: root, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto}
	const clone = "git clone https://x.org/a/widget.git "
	for _, tc := range []struct {
		dest   string
		inside bool
	}{
		{`'` + sb + `/'"$f"`, true},
		{sb + `/$f`, true},
		{`"` + sb + `/$f"`, true},
		{`"` + sb + `/${f:-x}"`, true},
		{`agent_sandbox/"$f"`, true},
		{`./agent_sandbox/sub/"$f"`, true},
		{`sblink/"$f"`, true},
		{sb + `$f`, false},
		{sb + `-evil/$f`, false},
		{`"` + sb + `/$f/../../x"`, false},
		{sb + `/../"$f"`, false},
		{`"` + sb + `/${f:-../..}"`, false},
		{`agent_sandbox/out/"$f"`, false},
		{`"$SB/x"`, false},
		{`~/"$f"`, false},
		{`"$(pwd)/x"`, false},
	} {
		r := Check(cfg, clone+tc.dest)
		if got := r.Decision == Allow; got != tc.inside {
			t.Errorf("git clone … %s: %s %q; inside = %v, want %v", tc.dest, r.Decision, r.Rewritten, got, tc.inside)
		}
	}
}
