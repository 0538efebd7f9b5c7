package syntax

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAtReferences: the words agents read as file references, and the
// files they read them in.
func TestAtReferences(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"Summarize @~/.ssh/id_rsa.", []string{"~/.ssh/id_rsa"}},
		{"see (@src/a.ts) and @README.md, then @{docs/x.md}", []string{"src/a.ts", "README.md", "docs/x.md"}},
		{"mail me@example.com or @ alone", nil},
		{"@/etc/hosts\n`@.env`", []string{"/etc/hosts", ".env"}},
	} {
		if diff := cmp.Diff(tc.want, AtReferences(tc.text)); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.text, diff)
		}
	}
	for p, want := range map[string]bool{
		"/p/CLAUDE.md": true, "/p/src/CLAUDE.local.md": true, "/p/GEMINI.md": true, "/p/AGENTS.md": true,
		"/p/.claude/rules/style.md": true, "/p/.claude/rules/a/b.md": true,
		"/p/README.md": false, "/p/.claude/rules/x.json": false, "/p/rules/x.md": false, "/p/claude.md.bak": false,
	} {
		if got := ReferencingFile(p); got != want {
			t.Errorf("ReferencingFile(%s) = %v, want %v", p, got, want)
		}
	}
}
