package rewrite

import "testing"

func TestDynamicCommand(t *testing.T) {
	t.Parallel()
	testRule(t, "dynamic-command", []ruleCase{
		{`"$(pick rm)" -rf /tmp/x`, Ask},
		{`$(echo rm) -rf /tmp/x`, Allow}, // computed: rm -rf /tmp/x, a temporary path
		{`"$TOOL" rm -rf x`, Ask},
		// The program is each file find names, each input line.
		{`find . -name x.sh -exec {} \;`, Ask},
		{`find . -name '*.sh' -execdir {} \;`, Ask},
		{`ls *.sh | xargs -I{} {}`, Ask},
		{`ls *.sh | xargs -I % sh -c %`, Allow}, // runtime-script's
		{`find . -name '*.go' -exec gofmt -l {} +`, Allow},
		{`echo a | xargs -I{} echo {}`, Allow},
		// Look-alikes.
		{`"$EDITOR" notes.md`, Allow},
		{`a=ls; $a -la`, Allow},
		{`"$@"`, Allow},
	})
}
