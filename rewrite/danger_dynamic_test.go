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
		// A rule word followed by a separator a script splits on at run
		// time is mentioned (x=$(cat f) of "rm,-rf,/x" with IFS=,).
		{`echo rm,-rf,/x > c.txt; x=$(cat c.txt); IFS=,; $x`, Ask},
		{`echo 'rm:-rf' > c.txt; IFS=: read -ra a < c.txt; "${a[@]}" /x`, Ask},
		// Look-alikes.
		{`"$EDITOR" notes.md`, Allow},
		{`x=$(cat cmd.txt); $x /dev/fd/0`, Allow},             // fd in a path is no command word
		{`x=$(cat cmd.txt); $x https://example.com/a`, Allow}, // a URL's scheme is no command https
		{`a=ls; $a -la`, Allow},
		{`"$@"`, Allow},
	})
}
