package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPunctuationVariables (issue 9): Perl's and Ruby's punctuation
// variables are names: $/ (local $/; slurps), $" (the list separator),
// $' and $` (the text after and before a match), Perl's $#a (the last
// index of @a) and the rest are read as one token, so the code after them
// is still code — not a regular expression, a string, a command in
// backticks or a comment that runs to the line's end. A bareword in a
// Perl hash subscript is a key ($h{q}, $r->{s}, $h{ y }), and a name
// after -> a method ($o->s), not a quote operator.
// Look-alikes: a slurp that only prints, an eval block, hash keys that
// only hold shell text.
func TestPunctuationVariables(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"pl-slurp", Perl, `local $/; system "rm -rf ~"`, []string{"shell system: rm -rf ~"}},
		{"pl-slurp-eval", Perl, `local $/; eval <STDIN>`, []string{"hidden eval: $_"}},
		{"pl-list-sep", Perl, `local $"; system "rm -rf ~"`, []string{"shell system: rm -rf ~"}},
		{"pl-postmatch", Perl, `print $'; system "rm -rf ~"`, []string{"shell system: rm -rf ~"}},
		{"pl-prematch", Perl, "print $`; system \"rm -rf ~\"", []string{"shell system: rm -rf ~"}},
		{"pl-last-index", Perl, `my $n = $#x; system "rm -rf ~"`, []string{"shell system: rm -rf ~"}},
		{"pl-last-index-ref", Perl, `my $n = $#{$r}; system "rm -rf ~"`, []string{"shell system: rm -rf ~"}},
		{"pl-hash-q", Perl, `print $x{q}; system "rm -rf ~"`, []string{"shell system: rm -rf ~"}},
		{"pl-hash-s-ref", Perl, `print $x->{s}; system "rm -rf ~"`, []string{"shell system: rm -rf ~"}},
		{"pl-hash-y-space", Perl, `$h{ y } = 1; system "rm -rf ~"`, []string{"shell system: rm -rf ~"}},
		{"pl-method-s", Perl, `$o->s(1); system "rm -rf ~"`, []string{"shell system: rm -rf ~"}},
		{"pl-prototype", Perl, `sub f($;$) { 1 } system("rm -rf ~")`, []string{"shell system: rm -rf ~"}},
		{"rb-slurp", Ruby, `$/; system "rm -rf ~"`, []string{"shell system: rm -rf ~"}},
		{"rb-list-sep", Ruby, `x = $"; system "rm -rf ~"`, []string{"shell system: rm -rf ~"}},
		{"rb-postmatch", Ruby, `x = $'; system "rm -rf ~"`, []string{"shell system: rm -rf ~"}},
		{"rb-prematch", Ruby, "x = $`; system \"rm -rf ~\"", []string{"shell system: rm -rf ~"}},
		// s///e: the replacement is code; s///ee: its value is eval'd.
		{"pl-subst-e", Perl, `$x =~ s/a/system("rm -rf ~")/e`, []string{"shell system: rm -rf ~"}},
		{"pl-subst-e-braces", Perl, `s{a} {system("rm -rf ~")}gex`, []string{"shell system: rm -rf ~"}},
		{"pl-subst-ee", Perl, `s/a/"system(q(rm -rf ~))"/ee`, []string{"shell eval → system: rm -rf ~"}},
		{"pl-subst-ee-var", Perl, `s/a/$code/ee`, []string{"hidden eval: $code"}},
		// A pattern's code blocks run as it matches.
		{"pl-regex-code", Perl, `"a" =~ /(?{ system("rm -rf ~") })/`, []string{"shell system: rm -rf ~"}},
		{"pl-regex-code-m", Perl, `"a" =~ m{(??{ system("rm -rf ~") })}`, []string{"shell system: rm -rf ~"}},
		{"pl-regex-code-qr", Perl, `$r = qr{(?{ unlink "/etc/passwd" })};`, []string{"delete unlink: /etc/passwd"}},
		{"pl-regex-code-subst", Perl, `s/(?{ system("rm -rf ~") })a/b/`, []string{"shell system: rm -rf ~"}},
		// Look-alikes.
		{"pl-regex-groups", Perl, `"a" =~ /(?:x|y)(?i)z{2}/; "b" =~ /a(?{ $n++ })/; print "(?{ system(q(x)) })"`, nil},
		{"pl-subst-no-e", Perl, `s/a/system("rm -rf ~")/g; print`, nil},
		{"pl-subst-e-data", Perl, `s/(\d+)/$1*2/e; s/a/uc($&)/ge; s'a'system("x")'e; print`, nil},
		{"pl-slurp-print", Perl, `local $/; print <STDIN>`, nil},
		{"pl-eval-block", Perl, `eval { die "x" }; print $@`, nil},
		{"pl-hash-data", Perl, `$h{s} = "rm -rf ~"; print $h{s}, $#a, $/`, nil},
		{"pl-subst", Perl, `my $s = "a"; $s =~ s/a/system("x")/; print $s`, nil},
		{"rb-print", Ruby, `puts $/; puts "system('rm -rf ~')"`, nil},
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
