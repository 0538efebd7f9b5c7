package allowlist

import (
	"os"
	"testing"
	"time"

	"github.com/corral-dev/corral/cmd/corral/internal/filelock"
)

// TestMain lets the package's tests wait for a lock as long as the
// machine needs: they check that concurrent writers lose nothing
// (TestConcurrentProcesses, TestConcurrentGoroutines), and on a loaded
// machine eight writers can hold the lock past the 2 s the hook waits
// (cmd/corral/app's TestHookLockHeld checks that bound). The helper
// processes TestConcurrentProcesses starts run this too.
func TestMain(m *testing.M) {
	filelock.Wait = time.Minute
	os.Exit(m.Run())
}
