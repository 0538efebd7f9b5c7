package syntax

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestGlobIgnoreAgainstBash checks the names a for list's pattern takes
// on disk under GLOBIGNORE, against the table and against real bash: the
// names matching one of its colon-separated patterns (a wildcard not
// crossing a slash, a leading dot matched by a wildcard) are removed,
// matched as the expansion writes them (relative for a relative
// pattern), and setting it turns dotglob on. A pattern all of whose
// matches are removed stays as written.
func TestGlobIgnoreAgainstBash(t *testing.T) {
	t.Parallel()
	dir := oracleDir(t)
	for _, f := range []string{"src/a.go", "src/b.txt", "src/.env", "top.go", ".hid", "keep"} {
		full := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	abs := pathQuote(dir)
	for _, tc := range []struct {
		pre, pat string
		want     []string
	}{
		{"", "src/*", []string{"src/a.go", "src/b.txt"}},
		{"GLOBIGNORE=x", "src/*", []string{"src/.env", "src/a.go", "src/b.txt"}},
		{"GLOBIGNORE='*.go'", "src/*", []string{"src/.env", "src/a.go", "src/b.txt"}},
		{"GLOBIGNORE='*.go'", "*", []string{".hid", "keep", "src"}},
		{"GLOBIGNORE='src/*.go'", "src/*", []string{"src/.env", "src/b.txt"}},
		{"GLOBIGNORE='*/.env'", "src/*", []string{"src/a.go", "src/b.txt"}},
		{"GLOBIGNORE='src/?env:src/a*'", "src/*", []string{"src/b.txt"}},
		{"GLOBIGNORE='*/*'", "src/*", []string{"src/*"}},
		{"GLOBIGNORE='.env'", "src/*", []string{"src/.env", "src/a.go", "src/b.txt"}},
		{"GLOBIGNORE='" + abs + "/src/.env'", abs + "/src/*", []string{abs + "/src/a.go", abs + "/src/b.txt"}},
		{"GLOBIGNORE='*/src/.env'", abs + "/src/*", []string{abs + "/src/.env", abs + "/src/a.go", abs + "/src/b.txt"}},
		{"GLOBIGNORE='src/.env'", abs + "/src/*", []string{abs + "/src/.env", abs + "/src/a.go", abs + "/src/b.txt"}},
		{"GLOBIGNORE='src/*'; unset GLOBIGNORE", "src/*", []string{"src/a.go", "src/b.txt"}},
		// An empty value leaves dotglob as it was; unset turns it off.
		{"GLOBIGNORE='src/*'; GLOBIGNORE=", "src/*", []string{"src/.env", "src/a.go", "src/b.txt"}},
		{"GLOBIGNORE=", "src/*", []string{"src/a.go", "src/b.txt"}},
		{"GLOBIGNORE=x; shopt -u dotglob", "src/*", []string{"src/a.go", "src/b.txt"}},
		{"shopt -s dotglob; unset GLOBIGNORE", "src/*", []string{"src/a.go", "src/b.txt"}},
		{"GLOBIGNORE=x; unset GLOBIGNORE", "src/*", []string{"src/a.go", "src/b.txt"}},
		{"(GLOBIGNORE='src/b*')", "src/*", []string{"src/a.go", "src/b.txt"}},
	} {
		src := tc.pre + "\nfor f in " + tc.pat + "; do echo \"$f\"; done"
		m, err := Analyze(src, Options{Cwd: dir, Home: "/home/u", ReadFile: func(string) (string, error) { return "", nil }})
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		c := m.Calls[len(m.Calls)-1]
		a := c.Args[0]
		var got []string
		if a.Static {
			got = []string{a.Value}
		} else {
			for _, v := range a.Candidates() {
				if v != tc.pat {
					got = append(got, v)
				}
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: corral takes $f to be one of %q, want %q", src, got, tc.want)
		}
		bash, err := exec.LookPath("bash")
		if err != nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", tc.pre+"\nfor f in "+tc.pat+"; do printf '%s\\0' \"$f\"; done")
		cmd.Dir = dir
		cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C"}
		out, err := cmd.Output()
		cancel()
		if err != nil {
			t.Fatalf("%q: bash: %v", src, err)
		}
		ran := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
		slices.Sort(ran)
		if !slices.Equal(ran, tc.want) {
			t.Errorf("%q: bash names %q, the table says %q", src, ran, tc.want)
		}
	}
}

// pathQuote returns dir as a word bash reads literally in a for list
// (the oracle's temporary directories hold no quotes).
func pathQuote(dir string) string {
	if strings.ContainsAny(dir, " *?[") {
		return "'" + dir + "'"
	}
	return dir
}
