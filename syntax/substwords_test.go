package syntax

import (
	"slices"
	"testing"
)

// TestSubstWords: a word that is only a substitution of one literal
// command gives that command's words; any expansion, redirection, second
// command or extra text around the substitution gives none.
func TestSubstWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		word string
		want []string
	}{
		{`$(git rev-parse wip)`, []string{"git", "rev-parse", "wip"}},
		{`"$(git rev-parse --verify -q 'wip')"`, []string{"git", "rev-parse", "--verify", "-q", "wip"}},
		{"`git rev-parse wip`", []string{"git", "rev-parse", "wip"}},
		{`$(git rev-parse "$B")`, nil},
		{`$(git rev-parse wip 2>/dev/null)`, nil},
		{`$(git rev-parse wip; echo x)`, nil},
		{`$(git rev-parse wip | head -1)`, nil},
		{`x$(git rev-parse wip)`, nil},
		{`$(B=x git rev-parse wip)`, nil},
		{`wip`, nil},
	}
	for _, tt := range tests {
		m, err := Analyze("echo "+tt.word, Options{Cwd: "/tmp", Home: "/home/u"})
		if err != nil {
			t.Fatalf("%s: %v", tt.word, err)
		}
		var got []string
		for _, c := range m.Calls {
			if c.Name == "echo" && c.Host == nil && len(c.Args) == 1 {
				got, _ = SubstWords(c.Args[0])
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.word, got, tt.want)
		}
	}
}
