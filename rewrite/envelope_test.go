package rewrite

import (
	"reflect"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestEnvelopeFiles: an apply_patch envelope's headers are read as
// loosely as OpenCode 1.18's parser reads them (a line that starts with
// the header, the rest trimmed as JavaScript trims: no space needed after
// the colon, a byte-order mark trimmed) and Codex's (the line trimmed
// first); the source of a move is deleted; a header inside an added
// file's content is data.
func TestEnvelopeFiles(t *testing.T) {
	w, d := guards.Write, guards.Delete
	for _, c := range []struct {
		patch string
		want  []DiffFile
	}{
		{"*** Begin Patch\n*** Add File: .env\n+A=1\n*** End Patch", []DiffFile{{".env", w}}},
		{"*** Begin Patch\n*** Add File:.env\n+A=1\n*** End Patch", []DiffFile{{".env", w}}},
		{"*** Begin Patch\n*** Add File:\t.env\ufeff\r\n+A=1\n*** End Patch", []DiffFile{{".env", w}}},
		{"*** Begin Patch\n  *** Delete File: .git/config\n*** End Patch", []DiffFile{{".git/config", d}}},
		{"*** Begin Patch\n*** Update File: a.txt\n*** Move to: .git/hooks/pre-commit\n@@\n-a\n+b\n*** End Patch",
			[]DiffFile{{"a.txt", w}, {"a.txt", d}, {".git/hooks/pre-commit", w}}},
		{"*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+b\n*** End Patch", []DiffFile{{"a.txt", w}}},
		{"*** Begin Patch\n*** Add File: notes.txt\n+*** Add File: .env\n*** End Patch", []DiffFile{{"notes.txt", w}}},
		{"*** Begin Patch\n*** Add File:\n*** Add File:   \n*** End Patch", nil},
	} {
		if got := envelopeFiles(c.patch); !reflect.DeepEqual(got, c.want) {
			t.Errorf("envelopeFiles(%q) = %v, want %v", c.patch, got, c.want)
		}
	}
}
