//go:build unix

package syntax

import (
	"os"
	"syscall"
)

// ownedByUs reports whether the file p belongs to the user the hook runs
// as: git's safe.directory check refuses a repository another user owns.
func ownedByUs(p string) bool {
	var st syscall.Stat_t
	if err := syscall.Stat(p, &st); err != nil {
		return false
	}
	return int(st.Uid) == os.Geteuid()
}
