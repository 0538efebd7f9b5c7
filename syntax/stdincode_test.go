package syntax

import "testing"

// TestStdinCode: programs that read code on stdin (red team 8, P9, P10):
// GNU time as the program of a later pipeline stage (time is a reserved
// word only at a pipeline's start), irb and gdb reading stdin, the
// debuggers of python -m pdb and perl -d, sed -f -, and Tcl's source in
// a script on stdin. Look-alikes: harmless input to the same programs.
func TestStdinCode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"ok.py": "print(1)\n", "e.tcl": "exec rm -rf /victim\n", "README.md": "x\n",
		"script.sed": "s/a/b/\n", "ok.tcl": "puts hi\n"})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`echo 'rm -rf /victim' | time bash`, true},
		{`echo 'rm -rf /victim' | time -p bash`, true},
		{`echo 'system("rm -rf /victim")' | irb`, true},
		{`irb <<< 'system("rm -rf /victim")'`, true},
		{`python3 -m pdb ok.py <<< 'import os; os.system("rm -rf /victim")'`, true},
		{`echo '!import os; os.system("rm -rf /victim")' | python3 -m pdb ok.py`, true},
		{`echo 'system("rm -rf /victim")' | perl -de 0`, true},
		{`sed -f - README.md <<< '1e rm -rf /victim'`, true},
		{`echo 'shell rm -rf /victim' | gdb -q`, true},
		{`gdb -q <<< 'shell rm -rf /victim'`, true},
		{`gdb -q -x - <<< 'shell rm -rf /victim'`, true},
		{`tclsh <<< 'source e.tcl'`, true},
		{`python3 -X dev -m pdb -c '!import os; os.system("rm -rf /victim")' ok.py`, true},
		{`echo 'source e.tcl' | tclsh`, true},
		// Look-alikes.
		{`time make`, false},
		{`echo hi | time cat`, false},
		{`echo 'puts 1' | irb`, false},
		{`echo 'bt' | gdb -q ./app core`, false},
		{`gdb -batch -ex bt ./app core`, false},
		{`sed -f script.sed README.md`, false},
		{`python3 -m pdb ok.py <<< 'c'`, false},
		{`echo 'source ok.tcl' | tclsh`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		asks := false
		for _, h := range m.Hidden {
			asks = asks || h.Always
		}
		if rm := deletes(m, "/victim"); rm != tc.rm || asks {
			t.Errorf("%s: /victim deleted %v (want %v), asks %v (want false) %v", tc.cmd, rm, tc.rm, asks, m.Hidden)
		}
	}
}
