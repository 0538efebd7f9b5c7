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

// writableByUs reports whether the user the hook runs as may write the
// file p (access(2) with W_OK: a group's or anyone's write permission).
func writableByUs(p string) bool {
	return syscall.Access(p, 2) == nil
}

// deviceOf returns the device of the file system holding directory p:
// git's search for a repository stops where it changes.
func deviceOf(p string) (uint64, bool) {
	var st syscall.Stat_t
	if err := syscall.Stat(p, &st); err != nil {
		return 0, false
	}
	return uint64(st.Dev), true
}
