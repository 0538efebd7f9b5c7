//go:build unix

package guards

import (
	"os"
	"syscall"
)

// fileKey returns the device and inode of a file and its link count.
func fileKey(fi os.FileInfo) (key fileID, links uint64, ok bool) {
	st, isSys := fi.Sys().(*syscall.Stat_t)
	if !isSys || st == nil {
		return fileID{}, 0, false
	}
	return fileID{dev: uint64(st.Dev), ino: uint64(st.Ino)}, uint64(st.Nlink), true
}
