package syntax

import (
	"context"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

// patternWords are words whose pattern is a variable y only run time
// knows: corral gives each the values bash can make of it, with OneOf
// when y is used only as the whole pattern.
var patternWords = []struct {
	prelude, word string
	oneOf         bool
}{
	{"H=/home/u/x", `"${H%$y}"`, true},
	{"H=/home/u/x", `"${H%%$y}"`, true},
	{"H=/home/u/x", `"${H#$y}"`, true},
	{"H=/home/u/x", `"${H##$y}"`, true},
	{"H=/home/u/x", `"${H%"$y"}"`, true},
	{"H=/home/u/x", `"${H/$y/z}"`, true},
	{"H=/home/u/x", `"${H/$y}"`, true},
	{"H=/home/u/x", `"${H/#$y/}"`, true},
	{"H=/home/u/x", `"${H/%$y/z}"`, true},
	{"H=/home/u/x", `"${H/%$y}/a"`, true},
	{"f=src/a.txt", `${f%$y}`, true},
	{"f=src/a.txt", `"${f%$y}.md"`, true},
	// An anchored pattern with more than the variable (z is unset when
	// bash runs it): the word is one of the value's suffixes (#) or
	// prefixes (%), whatever the pattern.
	{"H=/home/u/x", `"${H/#$y$z/}"`, true},
	{"H=/home/u/x", `"${H/%x$y/}"`, true},
	{"H=/home/u/x", `"${H/#$y$z/R}"`, true},
	// y also outside a pattern: values among others.
	{"H=/home/u/x", `"${H%$y}/$y"`, false},
}

// patternValues are values of y run in bash: literal parts, patterns
// that match more than one stretch, and ones that match nothing.
var patternValues = []string{"", "*", "?", "/*", "*/", "x", "u/x", "/home/u/x", "[hx]*", "*u*", "/", "h", "zzz", "home", "*/*", "t", ".txt", "*.*", "s*"}

func TestPatternGuessesInBash(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	for _, tc := range patternWords {
		src := tc.prelude + "; echo " + tc.word
		m, err := Analyze(src, Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		c := m.Calls[len(m.Calls)-1]
		if c.Name != "echo" || len(c.Args) != 1 {
			t.Fatalf("%q: last call %q", src, c.Name)
		}
		a := c.Args[0]
		if a.Static || a.OneOf != tc.oneOf {
			t.Errorf("%q: static %v, one of %v; want one of %v", src, a.Static, a.OneOf, tc.oneOf)
		}
		cands := a.Candidates()
		for _, y := range patternValues {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", `y=$1; set -f; `+src, "_", y)
			cmd.Dir = dir
			cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C"}
			out, err := cmd.Output()
			cancel()
			if err != nil {
				t.Fatalf("%q with y=%q: %v", src, y, err)
			}
			got := strings.TrimSuffix(string(out), "\n")
			if tc.oneOf && !slices.Contains(cands, got) {
				t.Errorf("%q with y=%q: bash printed %q, not among corral's %q", src, y, got, cands)
			}
		}
	}
}
