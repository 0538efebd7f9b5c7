package syntax

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestIFSWordsOracle expands words that join text, quotes and unquoted
// expansions under many IFS values in corral and in real bash: bash
// splits only what the expansions give (x$v, $v$v, $v"", ${u:-$v}), and
// an assignment's value is never split (w=x$v,$v keeps its commas, and
// "$w" is that one string). Every word must be static and bash's fields.
func TestIFSWordsOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	values := []string{"rm,-rf,/", "a,,b", ",a", "a,", " a , b ", "a  b", "a:b::c", ",,", "", " ", "x y,z", "-x-y-", "==a="}
	words := []string{
		"x$v", "$v$v", `$v""`, `""$v`, `"q"$v`, "$v,b", "${v}y", "${u:-$v}", "${v%,}", "$v$IFS$v", "$((1))$v", "'a b'$v'c'",
		`"$v"`, `$v"$v"`, "${v:+$v}", "${v/x/,}", "${v^^}", "${v#?}",
		// Elements: joined with IFS's first character, then split.
		"$@", "$*", "x$@y", "${arr[@]}", "${arr[*]}", "-${arr[@]}-", "$v$@",
		// Assignment values, read back quoted: one string under any IFS.
		`"$w1"`, `"$w2"`, `"$w3"`, `"$w4"`, `"${w5[0]}"`, `"$w6"`,
	}
	for _, ifs := range grammarIFS {
		var pre []string
		var batch []string
		var got [][]string
		for _, v := range values {
			prelude := "unset u; v=" + Quote(v) + "; set -- \"$v\" a, '' ,b; arr=(\"$v\" '' rm,-rf); IFS=" + Quote(ifs) + "; w1=x$v,$v; w2=$v; w3=${v}$IFS; declare w4=-$v-; w5[0]=$v$v; w6=a; w6+=$v; "
			for _, word := range words {
				fields, static, ok := corralFieldsAfter(t, dir, prelude, word)
				if !ok || !static {
					t.Errorf("IFS=%q v=%q %s: static %v ok %v, want static fields", ifs, v, word, static, ok)
					continue
				}
				pre = append(pre, prelude)
				batch = append(batch, word)
				got = append(got, fields)
			}
		}
		for i, word := range batch {
			b := bashBatch(t, bash, dir, pre[i], []string{word})[0]
			if diff := cmp.Diff(b, got[i]); diff != "" {
				t.Errorf("IFS=%q %s%s: corral differs from bash (-bash +corral):\n%s", ifs, pre[i], word, diff)
			}
		}
	}
}
