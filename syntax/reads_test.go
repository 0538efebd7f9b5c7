package syntax

import (
	"context"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// readLoopCases are scripts with one call echo "$d" that a read feeds:
// want are the values a bash reader predicts "$d" takes there (every
// line the loop reads), or nil when corral must say only run time knows.
// Each runs in real bash: every value bash prints must be one corral
// gives.
var readLoopCases = []struct {
	src  string
	want []string
}{
	{"while read d; do echo \"$d\"; done <<< ~", []string{"/home/u"}},
	{"while read d; do echo \"$d\"; done <<'E'\nbuild\n~\n/\nE\n", []string{"/", "build", "~"}},
	{"while read d; do echo \"$d\"; done <<E\nbuild\n$HOME\nE\n", []string{"/home/u", "build"}},
	{"while IFS= read -r d; do echo \"$d\"; done <<'E'\n  a b \n/\nE\n", []string{"  a b ", "/"}},
	{"while read -r d; do echo \"$d\"; done <<'E'\n  a b \n/\nE\n", []string{"/", "a b"}},
	{"while IFS=' ' read -r d; do echo \"$d\"; done <<< $'\\t x '", []string{"\t x"}},
	{"printf '%s\\n' build ~ | while read d; do echo \"$d\"; done", []string{"/home/u", "build"}},
	{"echo ~ | while read -r d; do echo \"$d\"; done", []string{"/home/u"}},
	{"cat <<'E' | while read d; do echo \"$d\"; done\nx\n/\nE\n", []string{"/", "x"}},
	{"{ read a; read d; echo \"$d\"; } <<'E'\nx\n/\nE\n", []string{"/", "x"}},
	{"for i in 1 2; do read d; echo \"$d\"; done <<'E'\nx\n/\nE\n", []string{"/", "x"}},
	{"while read d; do echo \"$d\"; done <<< $'a\\nb'", []string{"a", "b"}},
	// An unquoted here-document is expanded where it opens.
	{"while read -r d; do echo \"$d\"; done <<E\n\"$HOME\" 'x'\n~\nE\n", []string{"\"/home/u\" 'x'", "~"}},
	{"x=/; { x=a; read d; echo \"$d\"; } <<E\n$x\nE\n", []string{"/"}},
	{"x=/; while read d; do x=a; echo \"$d\"; done <<E\n$x\nb\nE\n", []string{"/", "b"}},
	{"while read d; do echo \"$d\"; done <<-E\n\tx\n\t\ty\n\tE\n", []string{"x", "y"}},
	{"while IFS= read -r d; do echo \"$d\"; done <<-E\n\tx\n\t y\n\tE\n", []string{" y", "x"}},
	// Only run time knows these.
	{"while read d; do echo \"$d\"; done < list", nil},
	{"git ls-files | while read d; do echo \"$d\"; done", nil},
	// Several names, or an IFS with other characters: each line split
	// as bash's read does.
	{"while read d e; do echo \"$d\"; done <<< 'x y'", []string{"x"}},
	{"while IFS=: read -r d; do echo \"$d\"; done <<< 'a:b'", []string{"a:b"}},
	{"while IFS=: read -r d; do echo \"$d\"; done <<< 'a:b:'", []string{"a:b:"}},
	{"while IFS=: read -r e d; do echo \"$d\"; done <<'E'\na:b:\nc:d::\nE\n", []string{"b", "d::"}},
	{"printf '%s\\n' 'x /' 'y ~' | while read -r e d; do echo \"$d\"; done", []string{"/", "~"}},
	{"while read d; do echo \"$d\"; done <<< 'a\\b'", nil},
	{"while read e d; do echo \"$d\"; done <<< 'x a\\b'", nil},
	{"while read d; do echo \"$d\"; done <<< \"$X\"", nil},
	{"while read -r d; do echo \"$d\"; done <<E\n\\$HOME\nE\n", []string{"$HOME"}},
	{"seq 3 | while read d; do echo \"$d\"; done", nil},
	{"while read d; do echo \"$d\"; done <<E\n" + strings.Repeat("x\ny\n", MaxReadLines/2) + "z\nE\n", nil},
}

func TestReadLoopInBash(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	for _, tc := range readLoopCases {
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		var c *Call
		for _, x := range m.Calls {
			if x.Name == "echo" {
				c = x
			}
		}
		if c == nil || len(c.Args) != 1 {
			t.Errorf("%q: no echo \"$d\"", tc.src)
			continue
		}
		a := c.Args[0]
		var got []string
		switch {
		case a.Static:
			got = []string{a.Value}
		case a.OneOf:
			got = slices.Clone(a.Candidates())
			slices.Sort(got)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q: values of \"$d\" (-want +got):\n%s", tc.src, diff)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", tc.src)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C"}
		out, _ := cmd.Output()
		cancel()
		if got == nil {
			continue
		}
		printed := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if len(out) == 0 {
			t.Errorf("%q: bash printed nothing", tc.src)
		}
		for _, p := range printed {
			if !slices.Contains(got, p) {
				t.Errorf("%q: bash printed %q, which corral does not give (%q)", tc.src, p, got)
			}
		}
	}
}
