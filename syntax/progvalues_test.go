package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProgramOutputEvaluated: a value a program printed, evaluated as
// arithmetic or a name, is code corral cannot see (Model.Hidden),
// unless every command whose output the substitution keeps prints a
// number (numberPrinters); readers of a file corral reads give its
// lines instead. Bash's side is TestArithProgramValues (rewrite).
func TestProgramOutputEvaluated(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "n.txt"), []byte("41\n7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		src    string
		hidden bool
	}{
		{`x=$(git log -1 --format=%s); (( x ))`, true},
		// A prompt expansion runs $(…) in the value; an element used as a
		// name evaluates its subscript.
		{`x=$(git log -1 --format=%s); echo "${x@P}"`, true},
		{`./gen > o.txt; mapfile -t a < o.txt; echo "${a[0]@P}"`, true},
		{`./gen > o.txt; mapfile -t m < o.txt; echo "${!m[0]}"`, true},
		{`x=$(date); echo "${x@P}"`, false},
		{`x=$(tail -n 1 n.txt); echo "${x@P}"`, false},
		{`x=$(./gen); echo $((x+1))`, true},
		{`echo $(( $(./gen) ))`, true},
		{`[[ $(./gen) -gt 1 ]]`, true},
		{`x=$(./gen); echo "${!x}"`, true},
		{`x=$(./gen); test -v "$x"`, true},
		{`x=$(./gen); unset "$x"`, true},
		{`declare -i y; y=$(./gen)`, true},
		{`x=$(./gen | sort); (( x ))`, true},
		{`x=$(wc -l < n.txt && ./gen); (( x ))`, true},
		{`x=$(date); (( x ))`, false},
		{`n=$(nproc); make -j$((n+1))`, false},
		{`n=$(wc -l < n.txt); echo $((n*2))`, false},
		{`x=$(git rev-list --count HEAD); ((x > 10))`, false},
		{`s=$(stat -c %s n.txt); echo $((s/2))`, false},
		{`s=$(stat -c %n n.txt); echo $((s/2))`, true},
		{`n=$(expr 2 + 3); echo $((n))`, false},
		{`n=$(expr substr abc 1 2); echo $((n))`, true},
		{`u=$(id -u); (( u == 0 ))`, false},
		{`u=$(id -un); (( u == 0 ))`, true},
		{`x=$(tail -n 1 n.txt); (( x ))`, false},
		{`x=$(cut -c1 n.txt); (( x ))`, false},
		{`x=$(git log -1 --format=%s); echo "$x"`, false},
	} {
		read := func(p string) (string, error) {
			b, err := os.ReadFile(p)
			return string(b), err
		}
		m, err := Analyze(tt.src, Options{Cwd: dir, Home: t.TempDir(), ReadFile: read})
		if err != nil {
			t.Fatalf("%q: %v", tt.src, err)
		}
		got := false
		for _, h := range m.Hidden {
			if strings.Contains(h.What, "only known at run time (a[$(") || strings.Contains(h.What, "only known at run time ($(…) in it runs)") {
				got = true
			}
		}
		if got != tt.hidden {
			t.Errorf("%q: hidden evaluation %v, want %v (%v)", tt.src, got, tt.hidden, m.Hidden)
		}
	}
}
