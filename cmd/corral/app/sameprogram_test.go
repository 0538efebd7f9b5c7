package app

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSameProgram checks doctor's comparison of the registered binary
// with the running one: the same file, a byte-for-byte copy (over several
// of the blocks it compares), and files that differ in one byte, in size,
// or do not exist.
func TestSameProgram(t *testing.T) {
	dir := t.TempDir()
	content := make([]byte, 200<<10+17)
	for i := range content {
		content[i] = byte(i * 7)
	}
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("a", content)
	copyA := write("copy", content)
	changed := append([]byte{}, content...)
	changed[150<<10] ^= 1
	other := write("other", changed)
	lastByte := append([]byte{}, content...)
	lastByte[len(lastByte)-1] ^= 1
	last := write("last", lastByte)
	short := write("short", content[:len(content)-1])
	link := filepath.Join(dir, "link")
	if err := os.Symlink(a, link); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		x, y string
		want bool
	}{
		{a, a, true},
		{a, link, true},
		{a, copyA, true},
		{a, other, false},
		{a, last, false},
		{a, short, false},
		{a, filepath.Join(dir, "missing"), false},
	} {
		if got := sameProgram(tt.x, tt.y); got != tt.want {
			t.Errorf("sameProgram(%s, %s) = %v, want %v", filepath.Base(tt.x), filepath.Base(tt.y), got, tt.want)
		}
	}
}
