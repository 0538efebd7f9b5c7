//go:build !unix

package filelock

import (
	"os"
	"time"
)

// Lock does nothing where flock(2) is missing: corral's writes stay
// atomic (a whole line appended, a file renamed into place), but two
// writers may each miss the other's change.
func Lock(*os.File, bool) error { return nil }

// LockFor does nothing where flock(2) is missing.
func LockFor(*os.File, bool, time.Duration) error { return nil }

// Unlock does nothing where flock(2) is missing.
func Unlock(*os.File) error { return nil }
