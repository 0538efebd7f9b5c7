//go:build !linux

package guards

import "os"

// openReadDir is os.Open(dir) followed by (*os.File).ReadDir(n).
func openReadDir(dir string, n int) ([]os.DirEntry, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	want := n
	if n <= 0 {
		want = -1
	}
	return f.ReadDir(want)
}
