package syntax

import (
	"slices"
	"testing"
)

// TestElementRefsOracle: a name reference or an indirection to an array
// element (red team 15 NR1: declare -n r=a[1], y=x[0]; ${!y}) reads the
// element, as real bash does: bash's value is the word's value, or one
// of its values, never any value.
func TestElementRefsOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	for _, tc := range []preludeWord{
		{"declare -n r=q[1]; q=(x /home/u/.bashrc); ", `"$r"`},
		{"q=(x /home/u/.ssh); declare -n r=q[1]; ", `"$r"`},
		{"q=(/home/u/.claude/settings.json); y=q[0]; ", `"${!y}"`},
		{"q=(a b); y='q[1]'; ", `"${!y}x"`},
		// Look-alike: a reference to a plain name.
		{"declare -n ref=config; config=a; ", `"$ref"`},
	} {
		want := bashBatch(t, bash, dir, oraclePrelude+tc.prelude, []string{tc.word})[0]
		src := oraclePrelude + tc.prelude + "printf '%s\\0' START " + tc.word + " END"
		m, err := Analyze(src, Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Fatal(err)
		}
		var vals []string
		for _, c := range m.Calls {
			if c.Name != "printf" || len(c.Args) != 4 || c.Args[1].Value != "START" {
				continue
			}
			a := c.Args[2]
			switch {
			case a.Static:
				vals = append(vals, a.Value)
			case a.OneOf:
				vals = append(vals, a.Candidates()...)
			}
		}
		if len(want) != 1 || !slices.Contains(vals, want[0]) {
			t.Errorf("%q %s: bash gives %q, corral %q", tc.prelude, tc.word, want, vals)
		}
	}
}
