package syntax

import (
	"slices"
	"testing"
)

// TestArrayScalarAssignOracle: a value given to an array's name goes to
// element 0 (key "0" of an associative array) and the other elements
// stay (bash(1), Arrays: "Referencing an array variable without a
// subscript is equivalent to referencing the array with a subscript of
// 0", and an assignment without one assigns element 0; red team 16 AS1).
// Each word is static in corral and holds what real bash stores.
func TestArrayScalarAssignOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	staticAfterOracle(t, bash, dir, []preludeWord{
		{"x=(/a ~/.bashrc); x=/b; ", `"${x[@]}"`},
		{"x=(/a ~/.bashrc); x+=/q; ", `"${x[@]}"`},
		{"x=(/a ~/.bashrc); x=/b; ", `"${x[*]}"`},
		{"x=(/a ~/.bashrc); printf -v x /q; ", `"${x[@]}"`},
		{"x=(/a ~/.bashrc); read x <<< /q; ", `"${x[@]}"`},
		{"x=(/a ~/.bashrc); declare x=/q; ", `"${x[@]}"`},
		{"x=(/a ~/.bashrc); export x=/q; ", `"${x[@]}"`},
		{"x=([3]=/a); x=/b; ", `"${x[@]}"`},
		{"declare -A m=([a]=/home/u/.bashrc); m=/h; ", `"${m[a]}" "${m[0]}" "${#m[@]}"`},
		{"declare -A m=([a]=/home/u/.bashrc [0]=/x); m+=/h; ", `"${m[a]}" "${m[0]}"`},
		// Look-alikes: a compound assignment replaces the array; unset
		// ends it; a function's local is a new variable.
		{"x=(a b); x=(c); ", `"${x[@]}"`},
		{"x=(a b); unset x; x=c; ", `"${x[@]}"`},
		{"x=(a b); f(){ local x=c; y=(\"${x[@]}\"); }; f; ", `"${y[@]}" "${x[@]}"`},
	})
	// A for loop over an array's name: element 0 each pass; corral
	// leaves the array to run time rather than take the last value for
	// the whole of it.
	for _, tc := range []preludeWord{{"x=(/a ~/.bashrc); for x in /q; do :; done; ", `"${x[@]}"`}} {
		got, st, ok := corralFieldsAfter(t, dir, oraclePrelude+tc.prelude, tc.word)
		b := bashBatch(t, bash, dir, oraclePrelude+tc.prelude, []string{tc.word})[0]
		if !ok || st && !slices.Equal(got, b) {
			t.Errorf("%q: corral %q (static %v), bash %q", tc.prelude, got, st, b)
		}
	}
}

// candidatesAfter returns the values corral gives the one field of word
// after prelude (as corralFieldsAfter reads it) when the field is one of
// several values.
func candidatesAfter(t *testing.T, dir, prelude, word string) []string {
	t.Helper()
	m, err := Analyze(prelude+"printf '%s\\0' START "+word+" END", Options{Cwd: dir, Home: "/home/u"})
	if err != nil {
		t.Fatal(err)
	}
	for i := len(m.Calls) - 1; i >= 0; i-- {
		c := m.Calls[i]
		if c.Host == nil && c.Script.Depth == 0 && c.Name == "printf" && len(c.Args) == 4 {
			return c.Args[2].Candidates()
		}
	}
	return nil
}

// TestReadonlyOracle: bash refuses to change a read-only variable
// (bash(1), readonly: "… may not be changed by subsequent assignment";
// declare, local, export, read, printf -v, mapfile and for print
// "readonly variable" and go on): the value stays (red team 16 RO1).
// corral's value is bash's, or a set of values holding it.
func TestReadonlyOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	for _, tc := range []preludeWord{
		{"readonly x=~/.bashrc; f(){ local x=/h; y=$x; }; f 2>/dev/null; ", `"$y"`},
		{"declare -r x=~/.bashrc; declare x=/h 2>/dev/null; ", `"$x"`},
		{"typeset -r x=~/.bashrc; typeset x=/h 2>/dev/null; ", `"$x"`},
		{"readonly x=~/.bashrc; for x in /h; do :; done 2>/dev/null; ", `"$x"`},
		{"readonly x=~/.bashrc; export x=/h 2>/dev/null; ", `"$x"`},
		{"declare -r x=~/.bashrc; read x <<< /h 2>/dev/null; ", `"$x"`},
		{"declare -r x=~/.bashrc; printf -v x /h 2>/dev/null; ", `"$x"`},
		{"declare -r x=~/.bashrc; mapfile -t x <<< /h 2>/dev/null; ", `"$x"`},
		{"declare -r x=~/.bashrc; eval x=/h 2>/dev/null; ", `"$x"`},
		{"declare -ar a=(~/.bashrc); a=/h 2>/dev/null; ", `"${a[@]}"`},
	} {
		b := bashBatch(t, bash, dir, oraclePrelude+tc.prelude, []string{tc.word})[0]
		if len(b) != 1 {
			t.Fatalf("%q: bash gave %q", tc.prelude, b)
		}
		m, st, ok := corralFieldsAfter(t, dir, oraclePrelude+tc.prelude, tc.word)
		if !ok {
			t.Errorf("%q: not analysed", tc.prelude)
			continue
		}
		if st {
			if len(m) != 1 || m[0] != b[0] {
				t.Errorf("%q: corral %q, bash %q", tc.prelude, m, b)
			}
			continue
		}
		vals := candidatesAfter(t, dir, oraclePrelude+tc.prelude, tc.word)
		found := false
		for _, v := range vals {
			found = found || v == b[0]
		}
		if !found {
			t.Errorf("%q: corral's values %q miss bash's %q", tc.prelude, vals, b[0])
		}
	}
	// Look-alike: a read-only value is known.
	staticAfterOracle(t, bash, dir, []preludeWord{{"readonly VERSION=1.2; ", `"$VERSION"`}})
}

// TestCapitalizeAttrOracle: declare -c (typeset, local) makes bash store
// each value with its first character in upper case and the rest in
// lower case (bash 5 builtins, declare: "-c … converted to … capitalized
// on assignment"; red team 16 VA1); -c given with -l or -u applies none.
// corral's value must be bash's.
func TestCapitalizeAttrOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	staticAfterOracle(t, bash, dir, []preludeWord{
		{"x=bashrc; declare -c y=$x; ", `"${y,}" "$y"`},
		{"declare -c y=bASHRC; ", `"$y"`},
		{"declare -c y; y=bashrc; ", `"~/.${y,}"`},
		{"declare -c y=x; y+=bashrc; ", `"${y,}"`},
		{"typeset -c y=ab; y+=cD; ", `"$y"`},
		{"declare -cl y=aB; ", `"$y"`},
		{"declare -cu y=aB; ", `"$y"`},
		{"declare -l y=aB; declare -c y; y=qW; ", `"$y"`},
		{"f() { local -c v=ab; w=$v; }; f; ", `"$w"`},
		{"declare -c name=alice; ", `"$name"`},
	})
}
