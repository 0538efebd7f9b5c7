package rewrite

import "testing"

func TestDynamicCommand(t *testing.T) {
	t.Parallel()
	testRule(t, "dynamic-command", []ruleCase{
		{`"$(pick rm)" -rf /tmp/x`, Ask},
		{`$(echo rm) -rf /tmp/x`, Allow}, // computed: rm -rf /tmp/x, a temporary path
		{`"$TOOL" rm -rf x`, Ask},
		// Look-alikes.
		{`"$EDITOR" notes.md`, Allow},
		{`a=ls; $a -la`, Allow},
		{`"$@"`, Allow},
	})
}
