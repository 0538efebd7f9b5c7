package syntax

import "testing"

// TestSafeTodoSed: the in-place seds that only rename git's todo
// commands pass; any that can start a line with exec or x, that insert
// text, use a back-reference, &, a flag that runs or writes, or a
// script from a file do not.
func TestSafeTodoSed(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		text string
		want bool
	}{
		{`sed -i 's/^pick/fixup/'`, true},
		{`sed -i -e '2,$s/^pick/squash/'`, true},
		{`sed -i -e 's/^pick/f/' -e '/WIP/d'`, true},
		{`sed -i.bak 's/pick/edit /g'`, true},
		{`sed -i -E 's/^pick (abc)/drop /'`, true},
		{`sed --in-place 's|^pick|reword|'`, true},
		{`sed -i 's/^pick/x/'`, false},
		{`sed -i 's/^pick/exec/'`, false},
		{`sed -i 's/^pick [0-9a-f]* /e/'`, false},
		{`sed -i 's/^pick [0-9a-f]* /ex/'`, false},
		{`sed -i 's/^pick /x /'`, false},
		{`sed -i 's/^pick [0-9a-f]* //'`, false},
		{`sed -i 's/^# x,/ /'`, false},
		{`sed -i 's/^pick \(.*\)/reword \1/'`, false},
		{`sed -i 's/^pick/&/'`, false},
		{`sed -i '1i exec make'`, false},
		{`sed -i 's/^pick/fixup/e'`, false},
		{`sed -i 's/^pick/fixup/w /tmp/x'`, false},
		{`sed -i -f script.sed`, false},
		{`sed 's/^pick/fixup/'`, false},
		{`sed -i 'y/p/x/'`, false},
		{`sed -i 's/^pick/fixup/' extra`, false},
		{`perl -pi -e 's/^pick/fixup/'`, false},
		{`sed -i 's/^pick/fixup`, false},
	} {
		if got := safeTodoSed(tt.text); got != tt.want {
			t.Errorf("safeTodoSed(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
