//go:build !unix

package guards

import "os"

// isSymlink reports whether the path p is a symbolic link, and false for
// exists when it cannot be read.
func isSymlink(p string) (isLink, exists bool) {
	fi, err := os.Lstat(p)
	if err != nil {
		return false, false
	}
	return fi.Mode()&os.ModeSymlink != 0, true
}
