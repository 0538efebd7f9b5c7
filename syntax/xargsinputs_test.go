package syntax

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestXargsInputsOracle compares xargsInputs with the real GNU xargs:
// the arguments it hands printf for each text, as words and (-I) as
// lines.
func TestXargsInputsOracle(t *testing.T) {
	if _, err := exec.LookPath("xargs"); err != nil {
		t.Skip("xargs not installed")
	}
	t.Parallel()
	for _, text := range []string{".env", "a b\tc\n d", `'a b' "c d" e\ f`, "  x  \n\n y\n", "~/.ssh .git/hooks/pre-commit"} {
		for _, lines := range []bool{false, true} {
			args := []string{"printf", `%s\0`}
			if lines {
				args = []string{"-I{}", "printf", `%s\0`, "{}"}
			}
			cmd := exec.Command("xargs", args...)
			cmd.Stdin = strings.NewReader(text)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("xargs %q: %v", text, err)
			}
			want := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
			if len(out) == 0 {
				want = nil
			}
			var got []string
			for _, a := range xargsInputs(text, lines) {
				got = append(got, a.Value)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%q (lines %v): xargs differs (-xargs +corral):\n%s", text, lines, diff)
			}
		}
	}
}
