package rewrite

import (
	"reflect"
	"testing"
)

// TestRuntimeNamesIntoProtected: a write or deletion whose path is a
// known directory followed by a name only run time knows can land on a
// file the self layer protects in that directory, at any depth: a
// variable the environment, a loop or read gives (echo x >
// ~/.claude/$f, read f < n; … > ~/.claude/$f, for f in $(ls d); do cp
// d/$f ~/.claude/$f; done), a substitution (cp p ~/.claude/"$(basename
// "$p")"), or the string xargs -I, find -exec or parallel fills in (ls d
// | xargs -I{} cp d/{} ~/.claude/{}) — each passed. Look-alikes: names
// whose known parts no protected file fits (~/.claude/$f.txt, out/$f.log),
// directories that hold none (dist/{}, ~/.cache/$f), a path that is only
// run-time text ("$f", judged elsewhere).
func TestRuntimeNamesIntoProtected(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.claude/projects/": "", "proj/build/": "", "proj/dist/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"echo x > ~/.claude/$f", "ask"},
		{`echo x > ~/.claude/"$f"`, "ask"},
		{"echo x > ~/.claude/$f.json", "ask"},
		{"read -r f < n; echo x > ~/.claude/$f", "ask"},
		{"for f in $(ls /tmp/y); do cp /tmp/y/$f ~/.claude/$f; done", "ask"},
		{`for f in /tmp/y/*; do cp "$f" ~/.claude/"$(basename "$f")"; done`, "ask"},
		{"echo x > .claude/$f", "ask"},
		{"echo x > ./$f", "ask"},
		{"echo x > ~/$f", "ask"},
		{"rm -f ~/.claude/$f", "ask"},
		{"ls /tmp/y | xargs -I{} cp /tmp/y/{} ~/.claude/{}", "ask"},
		{"ls /tmp/y | xargs -I% mv /tmp/y/% ~/.claude/%", "ask"},
		{"find /tmp/y -type f -exec cp {} ~/.claude/{} \\;", "ask"},
		{"ls /tmp/y | parallel cp /tmp/y/{} ~/.claude/{}", "ask"},
		// A directory the guards block stays denied whatever the name.
		{"ls /tmp/y | xargs -I{} cp /tmp/y/{} ~/.ssh/{}", "deny"},
		// Look-alikes.
		{"echo x > ~/.claude/$f.txt", "allow"},
		{"echo x > build/$f.log", "allow"},
		{"ls | xargs -I{} cp {} dist/{}", "allow"},
		{`find . -name "*.js" -exec cp {} dist/{} \;`, "allow"},
		// -execdir runs in each file's directory: judged there
		// (writes_execdir.go), not as a name under the working one.
		{`find . -name '*.txt' -execdir mv {} ../{} \;`, "allow"},
		{`find . -name "*.txt" | while read f; do cp "$f" "dist/$f"; done`, "allow"},
		{"f=notes.txt; echo x > ~/.claude/$f", "allow"},
	})
}

// TestRuntimePieces: a path as written split at its run-time pieces, and
// the names those pieces can make.
func TestRuntimePieces(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"a/$x.json", []string{"a/", ".json"}},
		{"~/.claude/${f%.txt}", []string{"~/.claude/", ""}},
		{"d/$(basename \"$f\")/`id`x", []string{"d/", "/", "x"}},
		{"plain/path", nil},
	} {
		got, ok := runtimePieces(tc.in)
		if ok != (tc.want != nil) || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("runtimePieces(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
	for _, tc := range []struct {
		s      string
		pieces []string
		want   bool
	}{
		{"settings.json", []string{"", ".json"}, true},
		{"settings.local.json", []string{"set", ".", ".json"}, true},
		{"hooks/pre-commit", []string{"", ""}, true},
		{"settings.json", []string{"", ".txt"}, false},
		{"a.json", []string{"b", ""}, false},
		{"x.json", []string{"x.json", ".json"}, false},
	} {
		if got := piecesMatch(tc.s, tc.pieces); got != tc.want {
			t.Errorf("piecesMatch(%q, %q) = %v, want %v", tc.s, tc.pieces, got, tc.want)
		}
	}
}
