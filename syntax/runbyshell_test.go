package syntax

import "testing"

// TestLoaderBeforeProgramByPath (red team 18 LP1): /bin/true, /bin/echo,
// /usr/bin/test are programs, not bash's builtins of the same names, so
// the dynamic loader runs LD_PRELOAD's and LD_AUDIT's libraries in them;
// the builtins start no program and load nothing.
func TestLoaderBeforeProgramByPath(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"lib/x.so": "\x7fELF"})
	for _, tc := range []struct {
		cmd  string
		hide bool
	}{
		{`LD_PRELOAD=./lib/x.so /bin/true`, true},
		{`LD_PRELOAD=./lib/x.so /bin/echo hi`, true},
		{`LD_AUDIT=./lib/x.so /bin/false`, true},
		{`LD_PRELOAD=./lib/x.so /usr/bin/test 1`, true},
		{`LD_PRELOAD=./lib/x.so /usr/bin/printf x`, true},
		{`export LD_PRELOAD=$PWD/lib/x.so; /bin/true`, true},
		// Look-alikes: bash's builtins start nothing.
		{`LD_PRELOAD=./lib/x.so true`, false},
		{`LD_PRELOAD=./lib/x.so echo hi`, false},
		{`LD_PRELOAD=./lib/x.so test 1`, false},
		{`LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2 /bin/true`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		if hide := len(m.Hidden) > 0; hide != tc.hide {
			t.Errorf("%s: hidden %v (%+v), want %v", tc.cmd, hide, m.Hidden, tc.hide)
		}
	}
}
