package syntax

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestArrayOracle expands associative and sparse arrays in corral and in
// real bash: each word corral calls static holds bash's fields; the
// whole of an associative array of several elements (bash's hash order)
// is never static, and gives each value as a candidate.
func TestArrayOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	static := []preludeWord{
		{"declare -A m=([k]=$HOME [j]=x); ", `"${m[k]}" "${m[j]}" ${#m[@]} "${#m[*]}"`},
		{"declare -A m=(); ", `${#m[@]} "${m[k]}"`},
		{"declare -A m; m[k]=~; ", `"${m[k]}" "${m[@]}" "${!m[@]}" ${#m[@]}`},
		{"declare -A m=([k]=v); m+=([k2]=w); ", `"${m[k2]}" "${m[k]}" ${#m[@]}`},
		{"typeset -A m=([\"a b\"]=1); ", `"${m["a b"]}" "${m['a b']}"`},
		{"declare -A m=([k]=v); k=k; ", `"${m[$k]}" "${m["$k"]}" "${m[zz]}"`},
		{"declare -A m=([k]=v [j]=w); unset 'm[k]'; ", `"${m[@]}" "${!m[@]}"`},
		{"declare -A m=([k]=v); m[k]+=x; ", `"${m[k]}"`},
		{"a=([3]=~ [7]=x); ", `"${a[3]}" "${a[@]}" "${!a[@]}" ${#a[@]} "${a[-1]}" "${a[5]}"`},
		{"a=(x y z); a[5]=v; ", `"${a[@]}" "${!a[*]}" "${a[-1]}"`},
		{"a=(x y z); unset 'a[0]'; a+=(w); ", `"${a[@]}" "${!a[@]}"`},
		{"a=(x y z); unset 'a[1]'; ", `"${a[@]}" "${!a[@]}" "${a[1]}"`},
		{"a=(x y z); ", `"${a[-1]}" "${a[-3]}"`},
		{"a=(x y z); i=1; a[i+1]=w; ", `"${a[@]}" "${a[i+1]}" "${a[i]}"`},
		{"a=([2]=x y); ", `"${a[@]}" "${!a[@]}"`},
		{"a=(x); a[-1]=y; ", `"${a[@]}"`},
		{"declare -A m; m[k]=~; m[j]=a:~; ", `"${m[k]}" "${m[j]}"`},
		{"f() { local -A m=([k]=/); m[k]=y; }; declare -A m=([k]=x); f; ", `"${m[k]}"`},
		{"f() { declare -gA g=([k]=/); }; f; ", `"${g[k]}"`},
		{"declare -A m=([k]=/); ( m[k]=x ); ", `"${m[k]}"`},
		// bash 5.1's key/value pairs: a last key alone gets "", a word
		// is one key or value (not split).
		{"declare -A m=(k \"$HOME\" j x); ", `"${m[k]}" "${m[j]}" ${#m[@]}`},
		{"declare -A m=(a b c); ", `"${m[a]}" "${m[c]}" ${#m[@]}`},
		{"x='p q'; declare -A m=($x r); ", `"${m["p q"]}" ${#m[@]}`},
		{"declare -A m=(k abc); k=k; ", `${#m[$k]} ${#m[k]}`},
		// An element of a name the script never set (and the
		// environment does not hold) makes an array of that element.
		{"a[5]=~; ", `"${a[5]}" "${a[@]}" "${!a[@]}" ${#a[@]}`},
		{"a[5]=/x; a[2]=/y; ", `"${a[@]}" "${a[-1]}"`},
		{"declare -a a; a[1]=/x; ", `"${a[1]}" "${a[@]}" ${#a[@]}`},
	}
	staticAfterOracle(t, bash, dir, static)

	// The whole of an associative array of several elements: each value
	// (each key) a candidate, never a list in a known order.
	unordered := []struct {
		prelude, word string
		cands         []string
	}{
		{"declare -A m=([k]=/ [j]=x); ", `"${m[@]}"`, []string{"/", "x"}},
		{"declare -A m=([k]=/ [j]=x); ", `"${!m[@]}"`, []string{"j", "k"}},
		{"declare -A m=([k]=/ [j]=x); ", `${m[*]}`, []string{"/", "x"}},
		{"declare -A m=([k]=/ [j]=x); ", `"${m[$zz]}"`, []string{"", "/", "x"}},
		{"declare -A m=([k]=/); ", `"${m[$zz]}"`, []string{"", "/"}},
		{"declare -A m=([k]=/); ", `"${m[1+2]}"`, []string{"", "/"}},
		// bash 5.2 leaves the tilde of an associative array's compound
		// value as written; other versions may not: both.
		{"declare -A m; m=([k]=x [j]=~); ", `"${m[k]}"`, []string{"", "/home/u", "x", "~"}},
		{"declare -A m=([k]=~); ", `"${m[k]}"`, []string{"", "/home/u", "~"}},
		{"declare -A m=(k ~/x); ", `"${m[k]}"`, []string{"", "/home/u/x", "~/x"}},
	}
	for _, tc := range unordered {
		c := lastPrintf(t, dir, oraclePrelude+tc.prelude, tc.word)
		if c == nil || len(c.Args) != 4 {
			t.Errorf("%q %s: not one field", tc.prelude, tc.word)
			continue
		}
		a := c.Args[2]
		if a.Static {
			t.Errorf("%q %s: static %q, want candidates", tc.prelude, tc.word, a.Value)
			continue
		}
		got := slices.Clone(a.Candidates())
		sort.Strings(got)
		if !slices.Equal(got, tc.cands) {
			t.Errorf("%q %s: candidates %q, want %q", tc.prelude, tc.word, got, tc.cands)
		}
	}

	// Only run time knows these.
	for _, tc := range []preludeWord{
		{"declare -A m=([k]=v [j]=w); ", `"${m[k]}${m[@]}"`},
		{"declare -A m=([k]=v [j]=w); ", `"${m[@]:1}"`},
		{"a=([3]=x [5]=y); ", `"${a[@]:1}"`},
		{"declare -A m=([k]=v); m[$zz]=w; ", `"${m[k]}"`},
		{"if [ -n \"$zz\" ]; then declare -A m=([k]=/); else declare -A m=([k]=x); fi; ", `"${m[k]}"`},
		{"a=(x y); a[$zz]=/; ", `"${a[0]}"`},
		{"declare -A m=(k v [j]=w); ", `"${m[k]}"`},
		// A name the environment holds: its scalar is element 0.
		{"PATH[1]=/x; ", `"${PATH[0]}"`},
		{"PATH[1]=/x; ", `"${PATH[@]}"`},
	} {
		if _, st, _ := corralFieldsAfter(t, dir, oraclePrelude+tc.prelude, tc.word); st {
			t.Errorf("%q %s: static, want dynamic", tc.prelude, tc.word)
		}
	}
}

// lastPrintf analyses prelude and a printf of START word END, and
// returns the printf call.
func lastPrintf(t *testing.T, dir, prelude, word string) *Call {
	t.Helper()
	m, err := Analyze(prelude+"printf '%s\\0' START "+word+" END", Options{Cwd: dir, Home: "/home/u"})
	if err != nil {
		return nil
	}
	for i := len(m.Calls) - 1; i >= 0; i-- {
		if c := m.Calls[i]; c.Host == nil && c.Script.Depth == 0 && c.Name == "printf" {
			return c
		}
	}
	return nil
}

// TestArrayBounds: huge arrays stay bounded (unknown past MaxArrayElems)
// and many candidates give none.
func TestArrayBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString("declare -A m=(")
	for i := 0; i < 40; i++ {
		b.WriteString("[k" + strIndex(i) + "]=v" + strIndex(i) + " ")
	}
	b.WriteString("); ")
	c := lastPrintf(t, t.TempDir(), b.String(), `"${m[@]}"`)
	if c == nil || c.Args[2].Static || len(c.Args[2].Candidates()) != 0 {
		t.Fatalf("40 elements: want unknown without candidates, got %+v", c)
	}
	c = lastPrintf(t, t.TempDir(), b.String(), `"${m[k39]}"`)
	if c == nil || !c.Args[2].Static || c.Args[2].Value != "v39" {
		t.Fatalf("m[k39]: want v39")
	}
	c = lastPrintf(t, t.TempDir(), "a[4000000000]=x; a[1]=/; ", `"${a[@]}"`)
	if c == nil || len(c.Args) < 3 {
		t.Fatalf("sparse huge index: no call")
	}
}

// TestArrayOddities: what bash refuses, or corral cannot follow, leaves
// the array unknown and never stops the analysis.
func TestArrayOddities(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []preludeWord{
		{"a=(x); declare -A a=([k]=v); ", `"${a[k]}"`},
		{"x=1; declare -A x; x[k]=/; ", `"${x[k]}"`},
		{"declare -A m=([k]=v); ", `"${m[1+2]}" ${m[$(echo k)]}`},
		{"declare -A m=([k]=v [j]=w); ", `${m[@]:1} ${m[@]/v/x} ${!m[k]} ${m[*]@Q}`},
		{"a=([5]=x); ", `${a[@]:1} ${a[-9]} ${!a[5]}`},
		{"declare -A m=([k]=v); unset 'm[@]'; ", `"${m[k]}"`},
	} {
		if _, st, _ := corralFieldsAfter(t, dir, tc.prelude, tc.word); st {
			t.Errorf("%q %s: static, want dynamic", tc.prelude, tc.word)
		}
	}
}

// TestArrayGrammar runs the grammar words (TestExpandGrammar) with arr a
// sparse array, then an associative one: every word corral calls static
// holds bash's fields.
func TestArrayGrammar(t *testing.T) {
	t.Parallel()
	for i, p := range []string{
		"arr=([1]=one [4]='two three' [6]=''); ",
		"unset arr; declare -A arr=([1]='two three'); ",
		"unset arr; declare -A arr=([1]=one [x]='two three' [0]=''); ",
	} {
		checkGrammar(t, oraclePrelude+p, 300, uint64(40+i))
	}
}
