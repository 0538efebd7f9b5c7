package rewrite

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// TestFillSizeOracle checks fillSize against the real GNU dd and head:
// each size, read by the program from /dev/zero, gives that many bytes.
// Only small sizes are read; a row whose program is missing is skipped.
func TestFillSizeOracle(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	count := func(script string) (float64, bool) {
		out, err := exec.Command(bash, "-c", script).Output()
		if err != nil {
			return 0, false
		}
		n, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
		return n, err == nil
	}
	for _, tc := range []struct{ prog, size, script string }{
		{"head", "1K", "head -c 1K /dev/zero | wc -c"},
		{"head", "1kB", "head -c 1kB /dev/zero | wc -c"},
		{"head", "2KiB", "head -c 2KiB /dev/zero | wc -c"},
		{"head", "3b", "head -c 3b /dev/zero | wc -c"},
		{"dd", "1Kx2", "dd if=/dev/zero bs=1Kx2 count=1 2>/dev/null | wc -c"},
		{"dd", "2w", "dd if=/dev/zero bs=2w count=1 2>/dev/null | wc -c"},
		{"dd", "1kB", "dd if=/dev/zero bs=1kB count=1 2>/dev/null | wc -c"},
	} {
		if _, err := exec.LookPath(tc.prog); err != nil {
			continue
		}
		real, ok := count(tc.script)
		if !ok {
			t.Logf("%s: the installed %s does not take this size; skipped", tc.script, tc.prog)
			continue
		}
		got, ok := fillSize(syntax.Arg{Value: tc.size, Static: true})
		if !ok || got != real {
			t.Errorf("fillSize(%q) = %v, %v; %s gives %v bytes", tc.size, got, ok, tc.prog, real)
		}
	}
	// head -n of /dev/zero never ends: no newline comes (cut off here
	// after 1 MiB by a second head).
	if _, err := exec.LookPath("head"); err == nil {
		if n, ok := count("head -n 1 /dev/zero | head -c 1048576 | wc -c"); ok && n != 1048576 {
			t.Errorf("head -n 1 /dev/zero gave %v bytes before its reader stopped; the rule takes it for endless", n)
		}
	}
	// A ~ inside a word is not expanded (7z x a.7z -o~ writes ./~).
	if out, err := exec.Command(bash, "-c", "printf %s -o~").Output(); err == nil && string(out) != "-o~" {
		t.Errorf("bash expanded -o~ to %q", out)
	}
}
