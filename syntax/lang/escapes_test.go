package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestStringEscapes (issue 9): each language's escapes are decoded as
// its interpreter decodes them, so a command spelled with them is seen:
// Python's \U00000072 and \N{LATIN SMALL LETTER R}; Perl's \x{72},
// \N{U+72}, \N{name} and its case escapes (\LRM\E is rm, \u the next
// character upper-cased); Ruby's \u{72 6d} (several code points);
// JavaScript's \u{72} and \x72.
// Look-alikes: a name corral does not know stays as written, a Perl
// single-quoted string keeps its backslashes, Python's \L is no escape.
func TestStringEscapes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"py-U", Python, `import os; os.system("\U00000072m -rf .")`, []string{"shell os.system: rm -rf ."}},
		{"py-N", Python, `import os; os.system("\N{LATIN SMALL LETTER R}m -rf .")`, []string{"shell os.system: rm -rf ."}},
		{"py-N-lower", Python, `import os; os.system("rm \N{hyphen-minus}rf \N{TILDE}")`, []string{"shell os.system: rm -rf ~"}},
		{"py-x", Python, `import os; os.system("\x72m -rf .")`, []string{"shell os.system: rm -rf ."}},
		{"pl-x-brace", Perl, `system("\x{72}m -rf .")`, []string{"shell system: rm -rf ."}},
		{"pl-N-U", Perl, `system("\N{U+72}m -rf .")`, []string{"shell system: rm -rf ."}},
		{"pl-N-name", Perl, `system("\N{LATIN SMALL LETTER R}m -rf .")`, []string{"shell system: rm -rf ."}},
		{"pl-L", Perl, `system("\LRM -RF .")`, []string{"shell system: rm -rf ."}},
		{"pl-L-E", Perl, `system("\LRM\E -rf .")`, []string{"shell system: rm -rf ."}},
		{"pl-U", Perl, `system("\Ur\Em -rf .")`, []string{"shell system: Rm -rf ."}},
		{"pl-l", Perl, `system("\lRm -rf .")`, []string{"shell system: rm -rf ."}},
		{"pl-qq", Perl, `system(qq{\LRM\E -rf .})`, []string{"shell system: rm -rf ."}},
		{"rb-u-many", Ruby, `system("\u{72 6d} -rf .")`, []string{"shell system: rm -rf ."}},
		{"js-u-brace", JS, `require("child_process").execSync("\u{72}m -rf .")`, []string{"shell child_process.execSync: rm -rf ."}},
		{"js-x", JS, `require("child_process").execSync("\x72m -rf .")`, []string{"shell child_process.execSync: rm -rf ."}},
		// Look-alikes.
		{"py-N-unknown", Python, `import os; os.system("\N{SNOWMAN} x")`, []string{`shell os.system: \N{SNOWMAN} x`}},
		{"py-L", Python, `import os; os.system("echo \L")`, []string{`shell os.system: echo \L`}},
		{"pl-single", Perl, `system('echo \LRM')`, []string{`shell system: echo \LRM`}},
		{"pl-print", Perl, `print "\LRM -RF /\E"`, nil},
	}
	for _, tc := range cases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: %s (-want +got):\n%s", tc.name, tc.src, diff)
		}
	}
}
