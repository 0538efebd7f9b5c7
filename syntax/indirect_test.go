package syntax

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// indirectPrelude names variables for the indirection cases: ind holds
// a name, pos a positional number, elem an element,
// bad no name at all, and nr is a name reference.
const indirectPrelude = `ind=a; ind2=arr; indh=HOME; indb=b; pos=2; elem='arr[1]'; bad='a b'; declare -n nr=a; declare -n nh=HOME; `

// indirectCases are words as a bash reader predicts them after
// oraclePrelude and indirectPrelude; want nil means corral must call the
// word dynamic.
var indirectCases = []struct {
	word string
	want []string
}{
	{`${!ind}`, []string{"x", "y"}},
	{`"${!ind}"`, []string{"x y"}},
	{`"${!indh}"`, []string{"/home/u"}},
	{`${!indh}/.ssh`, []string{"/home/u/.ssh"}},
	{`"${!ind:-d}"`, []string{"x y"}},
	{`"${!indb:-d}"`, []string{"d"}},
	{`"${!ind%y}"`, []string{"x "}},
	{`"${!ind2}"`, []string{"one"}},
	{`"${!pos}"`, []string{"p 2"}},
	{`"${!arr[@]}"`, []string{"0", "1", "2"}},
	{`${!arr[@]}`, []string{"0", "1", "2"}},
	{`"${!arr[*]}"`, []string{"0 1 2"}},
	{`"${!nr}"`, []string{"a"}},
	{`"$nr"`, []string{"x y"}},
	{`$nr`, []string{"x", "y"}},
	{`"${nr:-d}" "${#nr}"`, []string{"x y", "3"}},
	{`"$nh"/x`, []string{"/home/u/x"}},
	{`"${!elem}"`, []string{"two three"}}, // red team 15 NR1: the element
	// Only run time knows these.
	{`"${!nope}"`, nil},
	{`"${!HO*}"`, nil},
	{`"${!a@}"`, nil},
	{`"${!nope[@]}"`, nil},
}

// TestIndirectOracle checks indirection and name references against the
// reader's prediction and against real bash.
func TestIndirectOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	prelude := oraclePrelude + indirectPrelude
	var words []string
	var fields [][]string
	for _, tc := range indirectCases {
		if !oracleSafe(tc.word) {
			t.Fatalf("%s: not a word the oracle may run", tc.word)
		}
		got, static, ok := corralFieldsAfter(t, dir, prelude, tc.word)
		if !ok {
			t.Errorf("%s: corral did not model printf", tc.word)
			continue
		}
		if tc.want == nil {
			if static {
				t.Errorf("%s: corral calls it static (%q), want dynamic", tc.word, got)
			}
			continue
		}
		if !static {
			t.Errorf("%s: corral calls it dynamic (%q), want %q", tc.word, got, tc.want)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: corral (-want +got):\n%s", tc.word, diff)
		}
		words = append(words, tc.word)
		fields = append(fields, got)
	}
	for i, b := range bashBatch(t, bash, dir, prelude, words) {
		if diff := cmp.Diff(b, fields[i]); diff != "" {
			t.Errorf("%s: corral differs from bash (-bash +corral):\n%s", words[i], diff)
		}
	}
}

// TestIndirectGrammar is TestExpandGrammar with the indirection pieces
// given names to read.
func TestIndirectGrammar(t *testing.T) {
	t.Parallel()
	checkGrammar(t, oraclePrelude+indirectPrelude, 300, 77)
}
