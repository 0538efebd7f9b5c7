package rewrite

import (
	"os/exec"
	"path"
	"strings"
	"testing"
)

// TestUnknownRootsInBash runs each command in real bash with rm replaced
// by a function that prints its arguments (nothing is deleted), the
// variables unset, and checks corral's answer against what bash would
// have deleted: an ask where some argument is / or directly under it, a
// pass where bash stops first (${DIR:?}) or the path stays relative.
func TestUnknownRootsInBash(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not found")
	}
	for _, tc := range []struct {
		cmd  string
		root bool // bash passes rm a path at the top of the file system
	}{
		{`rm -rf "$DIR/"*`, true},
		{`rm -rf $TMPDIR_UNSET/x`, true},
		{`DIR=/tmp/x rm -rf "$DIR/x"`, true},
		{`rm -rf ${D:-/}*`, true},
		{`rm -rf "${DIR:?}/"*`, false},
		{`rm -rf "$DIR"`, false},
		{`rm -rf ./"$DIR"x`, false},
	} {
		script := `rm() { printf '%s\n' "$@"; }; ` + tc.cmd
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", script)
		cmd.Env = []string{"PATH=/usr/bin:/bin"} // every variable of the table unset
		out, _ := cmd.Output()
		atRoot := false
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if strings.HasPrefix(l, "/") && path.Dir(path.Clean(l)) == "/" {
				atRoot = true
			}
		}
		if atRoot != tc.root {
			t.Fatalf("%s: bash passed %q to rm; the table says at the root: %v", tc.cmd, out, tc.root)
		}
		got := Allow
		for _, f := range Check(testConfig(), tc.cmd).Findings {
			if f.Rule == "rm-root" && f.Decision > got {
				got = f.Decision
			}
		}
		if want := map[bool]Decision{true: Ask, false: Allow}[tc.root]; got != want {
			t.Errorf("%s: rm-root says %s, want %s (bash would delete %q)", tc.cmd, got, want, out)
		}
	}
}
