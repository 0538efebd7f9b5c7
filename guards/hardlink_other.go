//go:build !unix

package guards

import "os"

// fileKey has no inode to give on this system: hard links are not
// compared.
func fileKey(fi os.FileInfo) (key fileID, links uint64, ok bool) {
	return fileID{}, 0, false
}
