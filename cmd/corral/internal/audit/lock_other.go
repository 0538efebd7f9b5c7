//go:build !unix

package audit

import "os"

// lockFile does nothing where flock(2) is missing: appends stay whole
// lines (O_APPEND, one write), but rotation may race with other writers.
func lockFile(*os.File, bool) error { return nil }

// unlockFile does nothing where flock(2) is missing.
func unlockFile(*os.File) error { return nil }
