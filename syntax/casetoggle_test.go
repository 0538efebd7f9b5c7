package syntax

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// bashFieldsUTF8 is bashFields after a prelude, in a UTF-8 locale (case
// toggles of é need one).
func bashFieldsUTF8(t *testing.T, bash, dir, prelude, word string) []string {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", "set -f; "+prelude+"printf '%s\\0' START "+word+" END")
	cmd.Dir = dir
	cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C.UTF-8"}
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s%s: bash: %v", prelude, word, err)
	}
	fields := strings.Split(strings.TrimSuffix(out.String(), "\x00"), "\x00")
	return fields[1 : len(fields)-1]
}

// checkAgainstBash checks corral's reading of word after prelude: static
// as wanted, and when static, the fields bash prints (in a UTF-8 locale).
func checkAgainstBash(t *testing.T, bash, dir, prelude, word string, wantStatic bool) {
	t.Helper()
	got, static, ok := corralFieldsAfter(t, dir, prelude, word)
	if !ok {
		t.Errorf("%s%s: corral did not model printf", prelude, word)
		return
	}
	if static != wantStatic {
		t.Errorf("%s%s: static %v (%q), want %v", prelude, word, static, got, wantStatic)
		return
	}
	if !static {
		return
	}
	want := bashFieldsUTF8(t, bash, dir, prelude, word)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s%s: corral differs from bash (-bash +corral):\n%s", prelude, word, diff)
	}
}

// The value of ${x~~} and ${x~} of a known variable is bash's toggled
// value; of a variable only known at run time it has none.
func TestCaseToggleValue(t *testing.T) {
	bash := bashPath(t)
	dir := oracleDir(t)
	for _, tc := range []struct {
		prelude, word string
		static        bool
	}{
		{`x=MV; `, `${x~~}`, true},
		{`x=mV; `, `${x~}`, true},
		{`x=ECHO; `, `"${x~~}"`, true},
		{`x='Hello World'; `, `${x~~}`, true},  // split after toggling
		{`x='Hello World'; `, `"${x~}"`, true}, // first character only
		{`x='MvéÉßǅſK'; `, `"${x~~}"`, true},   // multibyte: é É, title case ǅ, ſ
		{`x='éa'; `, `"${x~}"`, true},
		{`x=abc; `, `"${x~~[ac]}"`, true}, // only what the pattern matches
		{`x=abc; `, `"${x~b}"`, true},     // the first character only if it matches
		{`x=abc; `, `"${x~~b*}"`, true},
		{`x=RM; `, `${x~~"R"}`, true}, // quoted patterns match themselves
		{`x='a*b'; `, `"${x~~'*'}"`, true},
		{`x='a*b'; `, `"${x~~\*}"`, true},
		{`x='a"b'; `, `"${x~~[\"a]}"`, true},
		{`x=; `, `"${x~~}"`, true},
		{`unset x; `, `"a${x~~}b"`, true},
		{`a=(Ab Cd); `, `"${a~~}"`, true}, // an array: its first element
		{`x=Ab; y=cD; `, `"${x~~}-${y~}"`, true},
		{`x=$'\xffA\xc3b'; `, `"${x~~}"`, true}, // bytes that are no character: toggled as Latin-1, cut to a byte
		{``, `"${HOME~~}"`, true},
		{`x=$(cat f 2>/dev/null); `, `"${x~~}"`, false},
	} {
		checkAgainstBash(t, bash, dir, tc.prelude, tc.word, tc.static)
	}
	// A variable that different paths set: each path's toggled value.
	m, err := Analyze(`if [ -n "$a" ]; then x=RM; else x=eCHO; fi; ${x~~} -rf ~`, Options{Cwd: "/p", Home: "/h"})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range m.Calls {
		if len(c.Args) == 2 && c.Args[0].Value == "-rf" && c.NameArg.Static {
			names = append(names, c.NameArg.Value)
		}
	}
	if diff := cmp.Diff([]string{"rm", "Echo"}, names); diff != "" {
		t.Errorf("values of ${x~~} (-want +got):\n%s", diff)
	}
}
