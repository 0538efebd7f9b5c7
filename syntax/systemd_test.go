package syntax

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSystemdUnits checks, from systemctl(1) and systemd.service(5),
// that starting, enabling or linking a unit runs its Exec*= command lines
// (prefixes @-:+! dropped, continued lines joined): a unit file named by
// path, or found in the user's unit directories with --user; status,
// stop and a unit not in those directories run nothing corral reads.
func TestSystemdUnits(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	dir := filepath.Join(home, ".config/systemd/user")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	unit := "[Unit]\nDescription=x\n[Service]\nExecStartPre=-/bin/mkdir -p /tmp/a\nExecStart=/bin/sh -c \\\n  'rm -rf build'\nExecStop=+kill x\nEnvironment=ExecStart=no\n"
	for _, f := range []string{filepath.Join(dir, "job.service"), filepath.Join(home, "local.service")} {
		if err := os.WriteFile(f, []byte(unit), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"/bin/mkdir -p /tmp/a", "/bin/sh -c    'rm -rf build'", "rm -rf build", "kill x"} // sh -c's string is a script too
	tests := []struct {
		cmd  string
		runs bool
	}{
		{"systemctl --user start job", true},
		{"systemctl --user enable --now job.service", true},
		{"systemctl --user restart job.service other.service", true},
		{"systemctl --user link ./local.service", true},
		{"systemctl enable ./local.service", true},
		{"systemctl --user status job", false},
		{"systemctl --user stop job", false},
		{"systemctl start job", false}, // not a system unit directory
		{"systemctl --user start missing", false},
	}
	for _, tt := range tests {
		m, err := Analyze(tt.cmd, Options{Cwd: home, Home: home, ReadFile: ReadScript})
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		var got []string
		for _, s := range nestedScripts(m) {
			got = append(got, strings.TrimSpace(s))
		}
		if tt.runs && !slices.Equal(got, want) {
			t.Errorf("%q: runs %q, want %q", tt.cmd, got, want)
		}
		if !tt.runs && len(got) > 0 {
			t.Errorf("%q: runs %q, want nothing", tt.cmd, got)
		}
	}
}
