package syntax

import (
	"slices"
	"testing"
)

// TestSpecialVarsOracle: variables bash sets itself (red team 16 SV1).
// BASH_ARGV0 sets $0 (bash(1): "Assignments to BASH_ARGV0 cause the
// value assigned to also be assigned to $0"); ~+ is the value of the
// variable PWD (Tilde Expansion: "If the tilde-prefix is a '~+', the
// value of the shell variable PWD replaces the tilde-prefix"); [[ S =~
// RE ]] fills BASH_REMATCH. corral's value is real bash's, or one of a
// set of candidates that holds bash's.
func TestSpecialVarsOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	staticAfterOracle(t, bash, dir, []preludeWord{
		{"BASH_ARGV0=/home/u/.bashrc; ", `"$0"`},
		{"x=/tmp/xs.sh; BASH_ARGV0=$x; ", `"$0"`},
		{"PWD=/home/u; ", `~+/.bashrc`},
		{"cd /; ", `~+/x`},
	})
	for _, tc := range []preludeWord{
		{"[[ /home/u/.bashrc =~ ^(.*)$ ]]; ", `"${BASH_REMATCH[0]}"`},
		{"[[ /home/u/.bashrc =~ ^(.*)$ ]]; ", `"${BASH_REMATCH[1]}"`},
		{"x=/home/u/.bashrcXX; [[ $x =~ (.*)XX ]]; ", `"${BASH_REMATCH[1]}"`},
		{"[[ v12 =~ ^v([0-9]+) ]]; ", `"${BASH_REMATCH[1]}"`},
		{"[[ a.b =~ 'a.b' ]]; ", `"${BASH_REMATCH[0]}"`},
	} {
		b := bashBatch(t, bash, dir, oraclePrelude+tc.prelude, []string{tc.word})[0]
		if len(b) != 1 {
			t.Fatalf("%q: bash gave %q", tc.prelude, b)
		}
		got, st, ok := corralFieldsAfter(t, dir, oraclePrelude+tc.prelude, tc.word)
		if !ok {
			t.Errorf("%q: not analysed", tc.prelude)
			continue
		}
		if st {
			if !slices.Equal(got, b) {
				t.Errorf("%q %s: corral %q, bash %q", tc.prelude, tc.word, got, b)
			}
			continue
		}
		if vals := candidatesAfter(t, dir, oraclePrelude+tc.prelude, tc.word); !slices.Contains(vals, b[0]) {
			t.Errorf("%q %s: corral's values %q miss bash's %q", tc.prelude, tc.word, vals, b[0])
		}
	}
}
