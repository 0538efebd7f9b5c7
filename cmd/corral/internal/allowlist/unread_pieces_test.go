package allowlist

import (
	"os"
	"path/filepath"
	"testing"
)

// TestUnreadGonePieces: a recorded prefix of split's pieces (PREFIX*) is
// there while a file in its directory begins with PREFIX's last part, so
// the record keeps it past the grace period; a plain path is there while
// it exists.
func TestUnreadGonePieces(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "part_ab"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path string
		gone bool
	}{
		{filepath.Join(dir, "part_*"), false},
		{filepath.Join(dir, "q_*"), true},
		{filepath.Join(dir, "nodir", "part_*"), true},
		{filepath.Join(dir, "part_ab"), false},
		{filepath.Join(dir, "part_aa"), true},
	} {
		if got := unreadGone(tt.path); got != tt.gone {
			t.Errorf("unreadGone(%s) = %v, want %v", tt.path, got, tt.gone)
		}
	}
}
