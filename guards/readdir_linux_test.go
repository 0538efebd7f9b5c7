//go:build linux

package guards

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadDirFIFO: a FIFO where a directory is read (a protected name
// made a FIFO) fails at once; os.Open would wait for a writer.
func TestReadDirFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	var c dirReads
	for _, n := range []int{0, 5} {
		if ents, err := c.read(p, n, false); len(ents) != 0 || n == 0 && err == nil {
			t.Errorf("read(fifo, %d) = %d entries, %v; want none and an error", n, len(ents), err)
		}
	}
}
