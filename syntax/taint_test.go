package syntax

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// taintCases: a variable a sourced file set holds that file's content
// (From of a word that expands it), through copies, appends, functions
// and paths that merge; a subshell's, a reassigned or an unrelated
// variable does not. The file does not exist, so it is sourced unread:
// every variable the environment gives may come from it.
var taintCases = []struct {
	src  string
	want []string // From of the last call's last argument
}{
	{`source /p/.env; echo "$KEY"`, []string{"/p/.env"}},
	{`cd /p && . ./.env; echo $KEY`, []string{"/p/.env"}},
	{`source /p/.env; B=$KEY; echo x$B`, []string{"/p/.env"}},
	{`source /p/.env; B=x; B+=$KEY; echo $B`, []string{"/p/.env"}},
	{`source /p/.env; export T="Bearer ${KEY}"; echo "$T"`, []string{"/p/.env"}},
	{`f() { echo "$KEY"; }; source /p/.env; f`, []string{"/p/.env"}},
	{`if [ -f /p/.env ]; then source /p/.env; fi; echo $KEY`, []string{"/p/.env"}},
	{`source /p/.env; source /q/.env.local; echo $KEY`, []string{"/p/.env", "/q/.env.local"}},
	// Look-alikes.
	{`echo $KEY`, nil},
	{`(source /p/.env); echo $KEY`, nil},
	{`source /p/.env; KEY=x; echo $KEY`, nil},
	{`source /p/.env; echo KEY`, nil},
	{`source "$f"; echo $KEY`, nil},
}

func TestTaintFollowsAssignments(t *testing.T) {
	t.Parallel()
	for _, tc := range taintCases {
		m, err := Analyze(tc.src, Options{Cwd: "/w", Home: "/home/u"})
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		c := m.Calls[len(m.Calls)-1]
		got := c.Args[len(c.Args)-1].From()
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: From %q, want %q", tc.src, got, tc.want)
		}
		if (len(c.Sources) > 0) != (len(tc.want) > 0) && tc.want != nil {
			t.Errorf("%s: Sources %v", tc.src, c.Sources)
		}
	}
}

// TestTaintSourcedRead: a sourced file that is read marks exactly the
// variables it set; the others keep what they held, and a declaration
// that prints variables (export -p, declare -p NAME) is recorded with the
// sources of that point.
func TestTaintSourcedRead(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".env"), []byte("KEY=sk-1\nexport URL=postgres://u:p@h/db\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := filepath.Join(dir, ".env")
	read := func(src string) *Model {
		m, err := Analyze(src, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		return m
	}
	m := read(`H=/x; source .env; echo "$KEY" "$URL" "$H" "$HOME"`)
	c := m.Calls[len(m.Calls)-1]
	for i, want := range [][]string{{env}, {env}, nil, nil} {
		if got := c.Args[i].From(); !slices.Equal(got, want) {
			t.Errorf("arg %d (%s): From %q, want %q", i, c.Args[i].Raw, got, want)
		}
	}
	var names []string
	for _, s := range c.Sources {
		names = append(names, s.Name)
	}
	if !slices.Equal(names, []string{"KEY", "URL"}) {
		t.Errorf("Sources %v, want KEY and URL", c.Sources)
	}
	m = read(`source .env; export -p; declare -p KEY; declare -f; export K=1; declare -x`)
	var printed []string
	for _, p := range m.Prints {
		printed = append(printed, p.Text())
		if len(p.Sources) != 2 {
			t.Errorf("%s: Sources %v", p.Text(), p.Sources)
		}
	}
	if want := []string{"export -p", "declare -p KEY", "declare -x"}; !slices.Equal(printed, want) {
		t.Errorf("Prints %q, want %q", printed, want)
	}
}
