package guards

import (
	"slices"
	"strings"
	"testing"
)

// TestExpandBraces: every alternative of a glob's brace groups, nested
// and side by side, escapes kept, an unclosed group literal, the count
// bounded.
func TestExpandBraces(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"{.env,README.md}", []string{".env", "README.md"}},
		{"*{env,md}", []string{"*env", "*md"}},
		{"{.ssh/id_rsa,x}", []string{".ssh/id_rsa", "x"}},
		{"a{b,{c,d}e}f", []string{"abf", "acef", "adef"}},
		{"{a,b}{c,d}", []string{"ac", "bc", "ad", "bd"}},
		{`\{.env,x}`, []string{`\{.env,x}`}},
		{"{.env", []string{"{.env"}},
		{"*.go", []string{"*.go"}},
		{"{,.}env", []string{"env", ".env"}},
	} {
		got, ok := ExpandBraces(tc.in)
		if !ok || !slices.Equal(got, tc.want) {
			t.Errorf("ExpandBraces(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
	big := strings.Repeat("{a,b}", 12) // 4096 alternatives
	got, ok := ExpandBraces(big)
	if ok || len(got) > MaxBraceAlternatives {
		t.Errorf("ExpandBraces of 4096 alternatives: %d, %v", len(got), ok)
	}
}
