package syntax

import (
	"slices"
	"testing"
)

// TestLazyTableNames: configToolNames, which keeps configTools from being
// built for other programs, lists exactly its keys (a tool missing from
// the list would never be looked at).
func TestLazyTableNames(t *testing.T) {
	var keys []string
	for k := range configTools.Get() {
		keys = append(keys, k)
	}
	names := slices.Clone(configToolNames[:])
	slices.Sort(keys)
	slices.Sort(names)
	if !slices.Equal(keys, names) {
		t.Errorf("configToolNames = %q; configTools' keys are %q", names, keys)
	}
}
