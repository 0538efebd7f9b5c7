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

// globEntries are the names in the directory the glob oracle matches in:
// hidden ones, both cases, and a file literally named "*".
var globEntries = []string{"a", "B", "b.go", "X.GO", ".hid", ".claude", "keep", "etc", "*"}

// globCases are patterns under shell options, as a bash reader predicts
// them: pre is what runs on the lines before (bash reads extglob patterns
// only on a line after shopt -s extglob), want the entries the pattern
// names.
var globCases = []struct {
	pre, pat string
	want     []string
}{
	{"", "*", []string{"*", "B", "X.GO", "a", "b.go", "etc", "keep"}},
	{"", ".*", []string{".claude", ".hid"}},
	{"shopt -s dotglob", "*", []string{"*", ".claude", ".hid", "B", "X.GO", "a", "b.go", "etc", "keep"}},
	{"shopt -s dotglob; shopt -u dotglob", "*", []string{"*", "B", "X.GO", "a", "b.go", "etc", "keep"}},
	{"(shopt -s dotglob)", "*", []string{"*", "B", "X.GO", "a", "b.go", "etc", "keep"}},
	{"GLOBIGNORE=x", "*", []string{"*", ".claude", ".hid", "B", "X.GO", "a", "b.go", "etc", "keep"}},
	{"GLOBIGNORE=x", ".*", []string{".claude", ".hid"}},
	{"GLOBIGNORE=", "*", []string{"*", "B", "X.GO", "a", "b.go", "etc", "keep"}},
	{"", "*.go", []string{"b.go"}},
	{"shopt -s nocaseglob", "*.go", []string{"X.GO", "b.go"}},
	{"shopt -s nocaseglob", ".CLAUD[E]", []string{".claude"}},
	{"", ".CLAUD[E]", nil},
	{"shopt -s nocaseglob", "[b]", []string{"B"}},
	{"shopt -s extglob", "!(keep|a)", []string{"*", "B", "X.GO", "b.go", "etc"}},
	{"shopt -s extglob", "+(etc)", []string{"etc"}},
	{"shopt -s extglob", "@(e)tc", []string{"etc"}},
	{"shopt -s extglob; shopt -s dotglob", "!(keep|a)", []string{"*", ".claude", ".hid", "B", "X.GO", "b.go", "etc"}},
	{"set -f", "*", []string{"*"}},
	{"set -o noglob", "*", []string{"*"}},
	{"set -f; set +f", "?", []string{"*", "B", "a"}},
	{"", "\\*", []string{"*"}},
	{"shopt -s nullglob", "*.none", nil},
	// A leading dot is matched only by a dot written in the pattern.
	{"", "?hid", nil},
	{"", "[.]hid", nil},
	{"shopt -s dotglob", "?hid", []string{".hid"}},
	{"shopt -s extglob", "?(.)hid", []string{".hid"}},
	{"shopt -s extglob", "@(.hid|x)", []string{".hid"}},
}

// TestGlobOptions checks which entries corral takes a pattern to name
// under the shell options the command set, against the table and against
// real bash (for f in PATTERN).
func TestGlobOptions(t *testing.T) {
	t.Parallel()
	bash, _ := exec.LookPath("bash")
	dir := oracleDir(t)
	for _, e := range globEntries {
		if err := os.WriteFile(filepath.Join(dir, e), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range globCases {
		src := tc.pre + "\nrm -f " + tc.pat
		m, err := Analyze(src, Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		a := m.Calls[len(m.Calls)-1].Args[1]
		var got []string
		for _, e := range globEntries {
			if a.Static && (a.Glob && GlobMatch(a.Pattern(), e, a.GlobOpts) || !a.Glob && a.Value == e) {
				got = append(got, e)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: corral takes %q to name %q, want %q", src, tc.pat, got, tc.want)
		}
		if bash == "" {
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
		var ran []string
		for _, f := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
			if slices.Contains(globEntries, f) {
				ran = append(ran, f)
			}
		}
		slices.Sort(ran)
		if !slices.Equal(ran, tc.want) {
			t.Errorf("%q: bash names %q, the table says %q", src, ran, tc.want)
		}
	}
}

// TestLoopGlob: a for list's pattern is matched on disk under the shell
// options in force (dotglob lets * name .hid.x). One that matches nothing
// is the word as written (bash keeps it; TestLoopNoMatchInBash) or, when
// the command may make a match first, leaves the variable unknown, read
// as the pattern's text: LoopValues gives it, marked Glob.
func TestLoopGlob(t *testing.T) {
	t.Parallel()
	dir := oracleDir(t)
	if err := os.WriteFile(filepath.Join(dir, ".hid.x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	read := func(string) (string, error) { return "", os.ErrNotExist }
	for _, tc := range []struct {
		src, want string
	}{
		{`for f in *.nomatch; do echo "$f"; done`, "*.nomatch"},
		{`for f in *.x; do echo "$f"; done`, "*.x"}, // .hid.x is hidden
		{"shopt -s nullglob\nfor f in *.nomatch; do echo \"$f\"; done", "*.nomatch"},
		{"shopt -s dotglob\nfor f in *.x; do echo \"$f\"; done", ".hid.x"},
		{`touch a.nomatch; for f in *.nomatch; do echo "$f"; done`, "*.nomatch"},
	} {
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/home/u", ReadFile: read})
		if err != nil {
			t.Fatal(err)
		}
		var echo *Call
		for _, c := range m.Calls {
			if c.Name == "echo" {
				echo = c
			}
		}
		if echo == nil {
			t.Fatalf("%q: no echo", tc.src)
		}
		a := echo.Args[0]
		vals, _ := LoopValues(echo, a, "/home/u")
		var got []string
		for _, v := range vals {
			got = append(got, v.Value)
		}
		if a.Static && a.Value != tc.want || !a.Static && !slices.Contains(a.Candidates(), tc.want) && !slices.Contains(got, tc.want) {
			t.Errorf("%q: echo's word is %q (candidates %q, loop values %q), want it to stand for %q", tc.src, a.Value, a.Candidates(), got, tc.want)
		}
	}
}

// TestLoopNoMatchInBash: a for list's pattern that matches nothing on
// disk (every directory it lists was read), when nothing the command
// ran before the loop can have made a match, gives what bash gives: the word as written (quotes removed)
// without nullglob; with nullglob (or failglob, where the loop does not
// run either) no value, so the body does not run and the variable keeps
// its value. Where an earlier command may have made a match (touch,
// mkdir, a redirection), the variable stays unknown. The last call is an
// echo; want is what bash prints, "?" where corral must not be certain.
func TestLoopNoMatchInBash(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	dirs := func(root string) {
		for _, d := range []string{"sub", "a b"} {
			if err := os.Mkdir(filepath.Join(root, d), 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	dirs(dir)
	read := func(string) (string, error) { return "", os.ErrNotExist }
	for _, tc := range []struct{ src, want string }{
		{`for f in *.nomatch; do echo "[$f]"; done`, "[*.nomatch]"},
		{`for f in sub/*; do echo "[$f]"; done`, "[sub/*]"},
		{`for f in "a b"/*.nomatch; do echo "[$f]"; done`, "[a b/*.nomatch]"},
		{`for f in sub/[ab]*; do echo "[$f]"; done`, "[sub/[ab]*]"},
		{`for f in "$PWD"/sub/*; do d=${f%%/*}; done; echo "[$d]"`, "[]"},
		// A directory missing (or unreadable) now: the command may make
		// it, another user's may hold matches.
		{`for f in /nonexistent/*; do d=${f%%/*}; done; echo "[$d]"`, "?"},
		{`for f in sub/*/x*; do echo "[$f]"; done`, "[sub/*/x*]"},
		{`for f in nodir/*; do echo "[$f]"; done`, "?"},
		{`v=rm; for v in *.nomatch; do :; done; echo $v`, "*.nomatch"},
		{"shopt -s nullglob\nv=rm; for v in *.nomatch; do v=ls; done; echo $v", "rm"},
		{"shopt -s nullglob\nfor v in rm *.nomatch; do :; done; echo $v", "rm"},
		{"shopt -s nullglob\nfor v in *.nomatch rm sub/*; do :; done; echo $v", "rm"},
		{"shopt -s failglob\nv=rm; eval 'for v in *.nomatch; do v=ls; done'; echo $v", "rm"},
		{"shopt -s nullglob\nv=rm; (shopt -u nullglob; for v in *.nomatch; do :; done; echo $v)", "*.nomatch"},
		{"(shopt -s nullglob)\nv=rm; for v in *.nomatch; do :; done; echo $v", "*.nomatch"},
		// nullglob may be on or off: either value.
		{"v=rm; [ -n \"$X\" ] && shopt -s nullglob\nfor v in *.nomatch; do :; done; echo $v", "?"},
		// An earlier command may make a match.
		{`touch x.made1; for f in *.made1; do echo "[$f]"; done`, "?"},
		{`echo > y.made2; for f in *.made2; do echo "[$f]"; done`, "?"},
		{"shopt -s nullglob\nmkdir -p d3; touch d3/a; v=rm; for v in d3/*; do v=ls; done; echo $v", "?"},
		{`while read -r l; do for f in *.made4; do echo "[$f]"; done; touch z.made4; done <<< "a"`, "?"},
	} {
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/home/u", ReadFile: read})
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		var c *Call
		for _, call := range m.Calls {
			if call.Name == "echo" {
				c = call
			}
		}
		if c == nil {
			t.Fatalf("%q: no echo", tc.src)
		}
		static := true
		var words []string
		for _, a := range c.Args {
			static = static && a.Static
			words = append(words, a.Value)
		}
		got := strings.Join(words, " ")
		switch {
		case tc.want == "?" && static:
			t.Errorf("%q: corral is certain the words are %q; want unknown", tc.src, got)
		case tc.want != "?" && (!static || got != tc.want):
			t.Errorf("%q: corral says %q (static %v), want %q", tc.src, got, static, tc.want)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", tc.src)
		cmd.Dir = t.TempDir()
		dirs(cmd.Dir)
		cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C"}
		out, _ := cmd.Output()
		cancel()
		lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if printed := lines[len(lines)-1]; static && printed != got {
			t.Errorf("%q: bash printed %q, corral said %q", tc.src, printed, got)
		}
	}
}
