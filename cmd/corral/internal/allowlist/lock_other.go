//go:build !unix

package allowlist

import "os"

// lockFile does nothing where flock(2) is missing: writes stay atomic
// (rename), but concurrent Adds may lose one another's entries.
func lockFile(*os.File) error { return nil }

// unlockFile does nothing where flock(2) is missing.
func unlockFile(*os.File) error { return nil }
