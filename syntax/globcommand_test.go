package syntax

import (
	"strings"
	"testing"
)

// TestGlobCommandName: a command word that is a pattern runs the first
// file it matches, sorted, with the other matches as its first arguments;
// a pattern that matches nothing runs as written (bash(1), Pathname
// Expansion). test's [ is no pattern.
func TestGlobCommandName(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"bin/rm": "", "two/am": "", "two/bm": ""})
	for _, tc := range []struct{ cmd, want string }{
		{`bin/r? -rf /victim`, "rm -rf /victim"},
		{`bin/r[m] -rf /victim`, "rm -rf /victim"},
		{`two/?m x`, "am two/bm x"},
		{`none/x* y`, "x* y"},
		{`'bin/r?' -rf /victim`, "r? -rf /victim"}, // quoted: no pattern
		{`[ -f bin/rm ]`, "[ -f bin/rm ]"},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Calls) == 0 {
			t.Fatalf("%s: no call", tc.cmd)
		}
		c := m.Calls[0]
		got := strings.Join(append([]string{c.Name}, c.Words()...), " ")
		if got != tc.want {
			t.Errorf("%s: runs %q, want %q", tc.cmd, got, tc.want)
		}
	}
}
