package syntax

import "testing"

// TestAwkLibPath (red team 19 LP1): gawk looks an extension named
// without a slash up in AWKLIBPATH's directories, so one the command
// points at a directory holding the library loads it. (gawk is not
// installed here: written from gawk(1), "AWKLIBPATH".)
func TestAwkLibPath(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"myext.so": "\x7fELF", "ext/other": "\x7fELF"})
	for _, tc := range []struct {
		cmd  string
		hide bool
	}{
		{`AWKLIBPATH=. gawk -l myext 'BEGIN{}'`, true},
		{`AWKLIBPATH=/usr/lib/gawk:` + dir + ` gawk --load=myext.so 'BEGIN{}'`, true},
		{`AWKLIBPATH=ext gawk -l other 'BEGIN{}'`, true},
		{`export AWKLIBPATH=$PWD; gawk -e '@load "myext"' -e 'BEGIN{}'`, true},
		{`AWKLIBPATH=: gawk -l myext 'BEGIN{}'`, true}, // an empty entry is the working directory
		{`AWKLIBPATH="$D" gawk -l myext 'BEGIN{}'`, true},
		// Look-alikes.
		{`gawk -l myext 'BEGIN{}'`, false}, // gawk's own directory
		{`AWKLIBPATH=/usr/lib/x86_64-linux-gnu/gawk gawk -l ordchr 'BEGIN{}'`, false},
		{`AWKLIBPATH=ext gawk -l myext 'BEGIN{}'`, false},
		{`AWKLIBPATH=. gawk 'BEGIN{print "myext"}'`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		if hide := len(m.Hidden) > 0; hide != tc.hide {
			t.Errorf("%s: hidden %v (%+v), want %v", tc.cmd, hide, m.Hidden, tc.hide)
		}
	}
}
