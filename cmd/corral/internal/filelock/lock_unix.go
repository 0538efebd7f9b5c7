//go:build unix

package filelock

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// Lock takes an advisory lock on f, exclusive or shared. It tries again
// every few milliseconds while another process holds a conflicting lock,
// for at most Wait, and then returns ErrHeld.
func Lock(f *os.File, exclusive bool) error { return LockFor(f, exclusive, Wait) }

// LockFor is Lock waiting at most wait (Wait when wait is zero or less):
// the hook keeps to Wait, a command the person runs can wait longer.
func LockFor(f *os.File, exclusive bool, wait time.Duration) error {
	if wait <= 0 {
		wait = Wait
	}
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	deadline := time.Now().Add(wait)
	pause := time.Millisecond
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case !errors.Is(err, syscall.EWOULDBLOCK):
			return err
		case !time.Now().Before(deadline):
			return fmt.Errorf("%w: %s", ErrHeld, f.Name())
		}
		time.Sleep(pause)
		pause = min(2*pause, 50*time.Millisecond)
	}
}

// Unlock releases the lock taken by Lock.
func Unlock(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
