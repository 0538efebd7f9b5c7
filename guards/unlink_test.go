package guards

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLookupPasses: the entries the kernel looks up on the way to a
// path, links followed (relative and absolute, chained), and none past a
// missing entry.
func TestLookupPasses(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, "real/dot/claude"), 0o755))
	must(os.Symlink("real/dot", filepath.Join(root, "dot")))
	must(os.Symlink(filepath.Join(root, "dot/claude"), filepath.Join(root, "claude")))
	must(os.Symlink("claude", filepath.Join(root, "c2")))
	for _, tc := range []struct {
		f, name string
		want    bool
	}{
		{"c2/settings.json", "c2", true},
		{"c2/settings.json", "claude", true},
		{"c2/settings.json", "dot", true},
		{"c2/settings.json", "real/dot/claude", true},
		{"c2/settings.json", "real/dot/claude/settings.json", true},
		{"claude/settings.json", "c2", false},
		{"real/dot/claude/x", "dot", false},
		{"missing/dot/x", "dot", false},
		{"c2/../dot", "dot", true},
	} {
		if got := lookupPasses(filepath.Join(root, tc.f), filepath.Join(root, tc.name)); got != tc.want {
			t.Errorf("lookupPasses(%s, %s) = %v, want %v", tc.f, tc.name, got, tc.want)
		}
	}
}
