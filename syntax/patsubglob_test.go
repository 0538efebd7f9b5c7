package syntax

import (
	"context"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
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
		{`shopt -s extglob; ` + x, `"${x/!(a)/_}"`, true}, // a negated group: any text but a
		{`shopt -s extglob; x=abc; `, `"${x/!(a)/_}" "${x//!(a)/_}" "${x/#!(a)/_}" "${x/%!(c)/_}" "${x/!(abc)/_}" "${x//!(abc)/_}"`, true},
		{`shopt -s extglob; x=abc; `, `"${x/!(a|abc)/_}" "${x//!(b)/_}" "${x//!(?*)/<&>}" "${x/#!(a*)/_}" "${x/%!(*c)/_}" "${x//!([a-b]*)/_}"`, true},
		{`shopt -s extglob; x=a; `, `"${x/!(a)/_}" "${x//!(a)/_}" "${x/%!(a)/_}" "${x/#!(a)/_}"`, true},
		{`shopt -s extglob; x=rm; `, `${x/!(rm)/_} "${x//!(r|m)/-}"`, true},
		{`shopt -s extglob; x=abcabc; `, `"${x//!(abc)/_}" "${x/!(b*)/_}" "${x//!(*c)/_}" "${x/#!(*b*)/_}" "${x/%!(c)/_}" "${x//!()/_}" "${x//!(*)/_}"`, true},
		{`shopt -s extglob; x='a b'; `, `${x/!(a)/x y} "${x//!(\ )/-}" "${x/!(a\ b)/_}"`, true},
		{`shopt -s extglob; x=; `, `"${x/!(a)/_}" "${x/@(|a)/_}"`, false}, // an empty value: bash's own reading
		// A negated group beside other text, nested or holding other
		// operators (TestNegatedPatsubAgainstBash tries many more).
		{`shopt -s extglob; x=abc; `, `"${x/a!(b)/_}" "${x/a!(b)c/_}" "${x//!(a)c/_}" "${x/#a!(x)/_}"`, true},
		{`shopt -s extglob; x=abc; `, `"${x/!(a*(b))/_}" "${x//@(a|!(c))/-}"`, true},
		{`shopt -s extglob; x=.claudeX; `, `${x/X!(b)/} ${x/%X!(b)/} "${x/c!(l|a)u/_}" "${x//!(b)/_}"`, true},
		// Removal of a prefix or suffix with an extended operator:
		// bash's value with extglob on, run time when only a start-up
		// file knows, mvdan's text when extglob is off.
		{`shopt -s extglob; x=.claudeX; `, `"${x%X!(b)}" ${x%%!(.)} "${x#.!(x)}" "${x##.!(x)}" "${x%@(X|eX)}" "${x%%@(X|eX)}"`, true},
		{`shopt -s extglob; x=.claudeX; `, `"${x%*!(b)}"`, false},
		{`x=.claudeX; `, `"${x%X@(b|)}" ${x#.!(a)}`, false},
		{`shopt -u extglob; x=.claudeX; `, `"${x%X!(b)}" "${x%%X}"`, true},
		{`shopt -s extglob; x=ab; `, `"${x/%?!(b)/_}" "${x/b*!(b)/_}"`, false}, // bash reads a * or a leading ? before a group its own way
		{`shopt -s extglob nocasematch; x=abc; `, `"${x/!(A)/_}"`, false},
		{`shopt -s extglob; x=ab; `, `"${x//*(z)/_}" "${x/*(z)/_}"`, true},
		{`shopt -u extglob; ` + x, `"${x/@(ab|c)/_}" "${x/*(b)/_}"`, true},
		{`shopt -s nocasematch; ` + x, `"${x/B/_}" "${x//[a]/_}"`, true},
		{`shopt -u patsub_replacement; ` + x, `"${x//b/&}"`, true},
		{`y='&&'; ` + x, `"${x/b/$y}" "${x/b/"$y"}"`, true},
		{`x='aé'; `, `"${x/?/_}" "${x//?/_}"`, false}, // ? of a multibyte character depends on the locale
		{x + `unset y; `, `"${y/*/_}"`, true},
		{`x="'a'b"; `, `"${x/'a'/_}" "${x//'a'/_}" ${x/'a'/_} "${x/%'b'/_}" "${x/a/'_'}"`, true},
		{x, `"${x/b/$(echo q)}"`, false},
		{x + `p=b; `, `"${x/$p/_}"`, true}, // a pattern from a known value
	} {
		checkAgainstBash(t, bash, dir, tc.prelude, tc.word, tc.static)
	}
}

// A pattern holding expansions of known values (unquoted: pattern text,
// quoted: matched as is) and a value outside ASCII where every locale
// gives the same text are computed; each static row is checked against
// bash in a UTF-8 locale and in the C locale.
func TestPatsubValueExpansionsAndLocales(t *testing.T) {
	bash := bashPath(t)
	dir := oracleDir(t)
	const x = `x='abcAbcb*'; `
	for _, tc := range []struct {
		prelude, word string
		static        bool
	}{
		{x + `p='b*'; `, `"${x/$p/_}" "${x//"$p"/_}" "${x/${p}c/_}"`, true},
		{x + `p='?'; q=c; `, `"${x//$p$q/_}" "${x/#$p/_}" "${x/%$q*/_}" "${x//"$p"/_}"`, true},
		{x + `p='[a-b]'; `, `"${x//$p/_}" ${x/$p/-}`, true},
		{x + `p='\*'; `, `"${x/$p/_}"`, true},
		{x + `unset p; `, `"${x/a$p/_}"`, true},
		{x + `y=axb; `, `"${x/"${y/#x/}"/_}"`, false}, // an operator inside quotes: mvdan reads it otherwise
		{x, `"${x/$u/_}"`, false},                     // u only known at run time
		{x, `"${x/$(echo b)/_}"`, false},
		{`x='héllo wörld'; `, `"${x/l/_}" "${x//o/0}" "${x/é/e}" "${x/#h*l/_}" "${x/%ö*/_}" "${x//ö/&&}"`, true},
		{`x='héllo wörld'; `, `${x/ w/_}`, true},
		{`x='aé'; `, `"${x/?/_}" "${x//?/_}"`, false}, // ? of a multibyte character depends on the locale
		{`x='aé'; `, `"${x/%?/_}"`, false},
		{`x='aé'; `, `"${x//*(z)/_}"`, false},
		{`shopt -s extglob; x='aéb'; `, `"${x//*(z)/_}"`, false}, // empty matches between bytes or characters
		{`x='aéb'; `, `"${x/[é]/_}"`, false},
		{`shopt -s nocasematch; x='aÉb'; `, `"${x/é/_}"`, false},
		{`x='aéb'; `, `"${x/é*/_}" "${x/*é/_}" "${x//é/}"`, true},
		{`x='aéb'; p='é'; `, `"${x/$p/_}"`, true},
		// A value that is no UTF-8 text: bash matches bytes in every
		// locale, so a bracket with é takes the lone byte \xa9.
		{`x=$'.claude\xa9'; `, `"${x/[é]/}" "${x//[é]}" "${x/?/_}" "${x/%[!a]/}" "${x//[a-é]/_}"`, true},
		{`x=$'.claude\xa9'; `, `"${x%[é]}" "${x%%[é]}" "${x#?}" "${x##*[é]}" "${x%[!a]}"`, true},
		{`x=$'.claude\xa9é'; `, `"${x%[é]}" "${x/[é]/}"`, false}, // a valid é beside the lone byte: read in parts
	} {
		checkAgainstBash(t, bash, dir, tc.prelude, tc.word, tc.static)
		if !tc.static {
			continue
		}
		got, _, _ := corralFieldsAfter(t, dir, tc.prelude, tc.word)
		if want := bashFieldsLocale(t, bash, dir, "C", tc.prelude, tc.word); !slices.Equal(want, got) {
			t.Errorf("%s%s: corral %q, bash in the C locale %q", tc.prelude, tc.word, got, want)
		}
	}
}

// bashFieldsLocale is bashFieldsUTF8 in another locale.
func bashFieldsLocale(t *testing.T, bash, dir, locale, prelude, word string) []string {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", "set -f; "+prelude+"printf '%s\\0' START "+word+" END")
	cmd.Dir = dir
	cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=" + locale}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s%s: bash: %v", prelude, word, err)
	}
	fields := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	return fields[1 : len(fields)-1]
}
