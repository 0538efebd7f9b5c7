package filelock

import (
	"errors"
	"time"
)

// Wait is how long Lock waits for a lock another process holds. corral's
// own writers hold one for a read and a small write (well under a
// millisecond each); a longer hold is a process keeping the file locked.
var Wait = 2 * time.Second

// ErrHeld is Lock's error when the lock stayed held for Wait.
var ErrHeld = errors.New("another process has held the lock for too long")
