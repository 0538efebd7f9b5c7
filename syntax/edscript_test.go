package syntax

import (
	"strings"
	"testing"
)

// TestEdScriptAddresses (red team 14 RG5): the address part of an ed
// command line (POSIX and GNU ed) is read before its command, the
// global commands' lists are commands, and w !CMD stands for CMD
// reading the buffer.
func TestEdScriptAddresses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text, file string
		want       []string
	}{
		{"/all/w F\n", "", []string{": > F"}},
		{"?a/b?w F\n", "", []string{": > F"}},
		{"/[/]/w F\n", "", []string{": > F"}},
		{"%w F\n", "", []string{": > F"}},
		{"'a,'bW F\n", "", []string{": >> F"}},
		{"1;+2w F\n", "", []string{": > F"}},
		{"-,.wq F\n", "", []string{": > F"}},
		{"g/re/!rm x\n", "", []string{"rm x"}},
		{"v/a\\/b/w F\n", "", []string{": > F"}},
		{"g/x/s/a/b/\\\nw F\n", "", []string{": > F"}},
		{"g/x/\nw F\n", "", []string{": > F"}},
		{"G/x/\n!rm x\n", "", []string{"rm x"}},
		{"f F\n!rm %\n!!\n", "", []string{"rm F", "rm F"}},
		{"!rm \\%\n", "f.txt", []string{"rm %"}},
		{"!rm %\n", "", []string{"rm %"}},
		{"w\n", "f.txt", []string{": > f.txt"}},
		// s's replacement goes on over an escaped newline: not a command.
		{"s/a/b\\\nw F/\n", "", nil},
		// Text lines are no commands.
		{"a\n/x/w F\n.\n", "", nil},
		// w !CMD: the typed text, every suffix of it for some lines, a
		// command's output, a buffer changed in a way not followed.
		{"a\nrm x\n.\nw !sh\n", "", []string{"sh <<'ED_BUFFER'\nrm x\nED_BUFFER"}},
		{"a\nA\nB\n.\n2w !sh\n", "", []string{"sh <<'ED_BUFFER'\nA\nB\nED_BUFFER", "sh <<'ED_BUFFER'\nB\nED_BUFFER"}},
		{"a\nED_BUFFER\n.\nw !sh\n", "", []string{"sh <<'ED_BUFFER0'\nED_BUFFER\nED_BUFFER0"}},
		{"r !date\nw !sh\n", "", []string{"date", "{ date\n} | sh"}},
		{"a\nx\n.\ns/x/y/\nw !sh\n", "", []string{": ed buffer changed by its commands | sh"}},
		{"w !sh\n", "f.sh", []string{"sh < f.sh"}},
	} {
		got := edScript(tc.text, tc.file)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q (%s): %q, want %q", tc.text, tc.file, got, tc.want)
		}
	}
}
