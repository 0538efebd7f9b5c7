//go:build !unix

package syntax

// ownedByUs is false where the owner cannot be read: the output of git
// is then left to run time.
func ownedByUs(string) bool { return false }

// writableByUs is false where it cannot be asked.
func writableByUs(string) bool { return false }

// deviceOf is unknown where it cannot be read.
func deviceOf(string) (uint64, bool) { return 0, false }
