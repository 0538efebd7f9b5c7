package syntax

import "testing"

// TestAnchoredElemsOracle: an anchored replacement on an array
// subscripted with @ or * (or on $@, $*) applies to each element
// (bash(1), Parameter Expansion: "the substitution operation is applied
// to each member of the array in turn"; red team 16 AE1). corral's
// fields are real bash's.
func TestAnchoredElemsOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	staticAfterOracle(t, bash, dir, []preludeWord{
		{"x=(/home/u/.bashr /tmp/a); ", `"${x[@]/%/c}"`},
		{"x=(/home/u/.bashrc); ", `"${x[@]/#/}"`},
		{"x=(/home/u/.bashrc b); ", `"${x[*]/#/}"`},
		{"x=(/home/u/.bashrc b); ", `${x[*]/#/}`},
		{"set -- /home/u/.bashr q; ", `"${@/%/c}"`},
		{"set -- /home/u/.bashr q; ", `"${*/%/c}"`},
		{"x=(/home/u/.bashrc); y=(\"${x[@]/#/}\"); ", `"${y[@]}"`},
		{"x=(.bak/a .bak/b); ", `"${x[@]/#.bak/src}"`},
		{"x=(a.txt b.md); ", `"${x[@]/%.txt/.sh}"`},
		{"x=([2]=a [5]=b); ", `"${x[@]/#/p}"`},
		{"x=/home/u/.bashr; ", `"${x[@]/%/c}"`},
		{"x=(); ", `"${x[@]/#/p}" END2`},
		// Look-alike: a prefix on every file name.
		{"files=(a b); ", `"${files[@]/#/src/}"`},
	})
}
