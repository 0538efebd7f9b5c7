package syntax

import "testing"

// TestUnescape checks echo -e's, printf's format's and %b's escapes
// against what bash 5 prints (echo -e '…', printf '…', printf %b '…'):
// hex and octal escapes spell a command as surely as its letters.
func TestUnescape(t *testing.T) {
	cases := []struct{ in, echo, format, b string }{
		{`\x72m -rf ~`, "rm -rf ~", "rm -rf ~", "rm -rf ~"},
		{`r\155 -rf`, `r\155 -rf`, "rm -rf", "rm -rf"},
		{`r\0155 -rf`, "rm -rf", "r\x0d5 -rf", "rm -rf"},
		{`a\'b\"c`, `a\'b\"c`, `a'b"c`, `a\'b\"c`},
		{`\u00e9\t\\`, "é\t\\", "é\t\\", "é\t\\"},
		{`a\qb`, `a\qb`, `a\qb`, `a\qb`},
		{`\x`, `\x`, `\x`, `\x`},
	}
	for _, tc := range cases {
		if got := unescapeWith(tc.in, escEcho); got != tc.echo {
			t.Errorf("echo -e %q = %q, want %q", tc.in, got, tc.echo)
		}
		// A \u past ASCII is the locale's: printfText does not model it.
		if got, ok := printfText(tc.in, nil); ok && got != tc.format || !ok && ascii(tc.format) {
			t.Errorf("printf %q = %q, want %q", tc.in, got, tc.format)
		}
		if got, ok := printfText("%b", []string{tc.in}); ok && got != tc.b || !ok && ascii(tc.b) {
			t.Errorf("printf %%b %q = %q, want %q", tc.in, got, tc.b)
		}
	}
	if got := unescapeC(`ab\cde`); got != "ab" {
		t.Errorf(`echo -e 'ab\cde' = %q, want "ab"`, got)
	}
}
