package allowlist

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/corral-dev/corral/cmd/corral/internal/filelock"
)

// TestPatientWait: a store's own wait bounds how long a write waits for a
// lock another holder keeps (here the package's default is a minute):
// Patient(short) gives up with filelock.ErrHeld soon, and Patient(long)
// gets the lock once the holder lets it go. The person's corral confirm
// uses a long wait; the hook keeps to filelock.Wait.
func TestPatientWait(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no flock")
	}
	path := filepath.Join(t.TempDir(), "allowlist.json")
	s := Open(path, time.Hour, nil)
	if err := s.Add(Entry{Session: "s", Tool: "Bash", Operation: "ls"}); err != nil {
		t.Fatal(err)
	}
	holder, err := os.OpenFile(path+".lock", os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	if err := filelock.Lock(holder, true); err != nil {
		t.Fatal(err)
	}
	err = s.Patient(50 * time.Millisecond).Add(Entry{Session: "s", Tool: "Bash", Operation: "pwd"})
	if !errors.Is(err, filelock.ErrHeld) {
		t.Fatalf("Add with the lock held and a 50ms wait: %v, want ErrHeld", err)
	}
	released := make(chan struct{})
	go func() {
		time.Sleep(100 * time.Millisecond)
		filelock.Unlock(holder)
		close(released)
	}()
	if err := s.Patient(time.Minute).Add(Entry{Session: "s", Tool: "Bash", Operation: "pwd"}); err != nil {
		t.Fatalf("Add waiting for the holder: %v", err)
	}
	<-released
	if ok, err := s.Allowed("s", "Bash", "pwd"); err != nil || !ok {
		t.Fatalf("the patient write was not kept: %v %v", ok, err)
	}
}
