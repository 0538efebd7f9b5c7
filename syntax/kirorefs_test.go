package syntax

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestKiroReferences: Kiro's steering files name the workspace files they
// include with #[[file:PATH]], relative to the workspace root; other
// files' #[[file:…]] is text, and a steering file's @word is text.
func TestKiroReferences(t *testing.T) {
	for _, tc := range []struct {
		path, text string
		want       []string
	}{
		{"/p/.kiro/steering/api.md", "Follow #[[file:api/openapi.yaml]] and #[[file: ~/.ssh/id_rsa ]].", []string{"api/openapi.yaml", "~/.ssh/id_rsa"}},
		{"/p/.kiro/steering/a.md", "#[[file:.env]]#[[file:/etc/hosts]]", []string{".env", "/etc/hosts"}},
		{"/p/.kiro/steering/a.md", "mail @~/.ssh/id_rsa; #[[file:]] #[[file:x", nil},
		{"/p/CLAUDE.md", "#[[file:.env]] and @README.md", []string{"README.md"}},
		{"/p/docs/a.md", "#[[file:.env]]", nil},
	} {
		got := FileReferences(tc.path, tc.text)
		if !ReferencingFile(tc.path) {
			got = nil
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s %q (-want +got):\n%s", tc.path, tc.text, diff)
		}
	}
	for p, want := range map[string]bool{
		"/p/.kiro/steering/tech.md": true, "/h/.kiro/steering/a/b.md": true,
		"/p/.kiro/steering/x.json": false, "/p/.kiro/specs/a.md": false, "/p/steering/a.md": false,
	} {
		if got := ReferencingFile(p); got != want {
			t.Errorf("ReferencingFile(%s) = %v, want %v", p, got, want)
		}
	}
	// A relative reference is the workspace root's first.
	got := FileRefPaths("api/x.yaml", "/p/.kiro/steering", "/p/src", "/h")
	want := []string{"/p/api/x.yaml", "/p/.kiro/steering/api/x.yaml", "/p/src/api/x.yaml"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("FileRefPaths (-want +got):\n%s", diff)
	}
}
