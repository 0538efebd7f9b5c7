package syntax

import (
	"testing"
)

// A pattern substitution of a known value is bash's: leftmost, longest,
// anchors, every match, bracket expressions, extended patterns when
// extglob is known, nocasematch; each row checked against real bash.
func TestPatsubGlobValue(t *testing.T) {
	bash := bashPath(t)
	dir := oracleDir(t)
	const x = `x='abcAbcb*'; `
	for _, tc := range []struct {
		prelude, word string
		static        bool
	}{
		{`x=rx; `, `${x/r*/rm}`, true},
		{`x=xyz; `, `${x//[a-z]/r}`, true},
		{`x=Xm; `, `${x/#?/r}`, true},
		{`x=rX; `, `${x/%?/m}`, true},
		{x, `"${x/b*c/_}"`, true},
		{x, `"${x//b?/_}"`, true},
		{x, `"${x/*/_}"`, true},
		{x, `"${x//?/&&}"`, true},
		{x, `"${x//[bc]/<&>}"`, true},
		{x, `"${x/[[:upper:]]/_}"`, true},
		{x, `"${x//\*/_}"`, true},
		{x, `"${x/'*'/_}"`, true},
		{x, `"${x/a*/}"`, true},
		{x, `"${x//}"`, true},
		{x, `"${x/%b*/_}"`, true},
		{x, `"${x/#*b/_}"`, true},
		{x, `"${x//b*/_}"`, true},
		{x, `"${x/[!a]/_}"`, true},
		{x, `"${x//[^a]/_}"`, true},
		{x, `"${x/\a/_}"`, true},
		{x, `"${x/%/_}"`, true},
		{x, `"${x/#/_}"`, true},
		{x, `"${x//#a/_}"`, true}, // // takes # as a character
		{x, `"${x/[/_}"`, true},
		{x, `${x/b/ }`, true}, // unquoted: split
		{x, `"${x//b/\\}" ${x/a/\/}`, true},
		{`x=; `, `"[${x/*/y}][${x//*/y}][${x/#/y}][${x/%/y}][${x//#/y}][${x/a/y}]"`, true},
		{`x=ab; `, `"${x//*(z)/_}"`, false}, // extglob only known at run time
		{`shopt -s extglob; ` + x, `"${x//*([a-c])/_}"`, true},
		{`shopt -s extglob; ` + x, `"${x/@(ab|c)/_}" "${x/+(b)/_}"`, true},
		{`shopt -s extglob; ` + x, `"${x/!(a)/_}"`, false}, // a negated group: not read here
		{`shopt -s extglob; x=ab; `, `"${x//*(z)/_}" "${x/*(z)/_}"`, true},
		{`shopt -u extglob; ` + x, `"${x/@(ab|c)/_}" "${x/*(b)/_}"`, true},
		{`shopt -s nocasematch; ` + x, `"${x/B/_}" "${x//[a]/_}"`, true},
		{`shopt -u patsub_replacement; ` + x, `"${x//b/&}"`, true},
		{`y='&&'; ` + x, `"${x/b/$y}" "${x/b/"$y"}"`, true},
		{`x='aé'; `, `"${x/?/_}" "${x//?/_}"`, false}, // ? of a multibyte character depends on the locale
		{x + `unset y; `, `"${y/*/_}"`, true},
		{`x="'a'b"; `, `"${x/'a'/_}" "${x//'a'/_}" ${x/'a'/_} "${x/%'b'/_}" "${x/a/'_'}"`, true},
		{x, `"${x/b/$(echo q)}"`, false},
		{x + `p=b; `, `"${x/$p/_}"`, false}, // a pattern from a value: the old reading
	} {
		checkAgainstBash(t, bash, dir, tc.prelude, tc.word, tc.static)
	}
}
