//go:build unix

package guards

import "syscall"

// isSymlink reports whether the path p is a symbolic link, and false for
// exists when it cannot be read (it does not exist, or a directory on the
// way cannot be searched). It answers as os.Lstat would, without
// allocating the FileInfo and error os.Lstat returns: the hook looks up
// every directory on the way to a hundred paths, most of them absent.
func isSymlink(p string) (isLink, exists bool) {
	var st syscall.Stat_t
	for {
		err := syscall.Lstat(p, &st)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return false, false
		}
		return st.Mode&syscall.S_IFMT == syscall.S_IFLNK, true
	}
}
