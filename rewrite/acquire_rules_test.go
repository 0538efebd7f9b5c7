package rewrite

import (
	"testing"

	"github.com/corral-dev/corral/corpus"
)

// TestAcquisitionRulesHaveCases checks that every acquisition rule is
// shown at work by at least one corpus case, and documented.
func TestAcquisitionRulesHaveCases(t *testing.T) {
	t.Parallel()
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]int{}
	for _, c := range cases {
		for _, r := range c.Want.Rules {
			used[r]++
		}
	}
	for _, r := range acquisitionRules {
		if used[r.Name] == 0 {
			t.Errorf("acquisition rule %q has no corpus case", r.Name)
		}
		if len(r.Doc) < 120 {
			t.Errorf("acquisition rule %q: its doc must say what it finds, decides and why (%d characters)", r.Name, len(r.Doc))
		}
	}
}
