package syntax

import (
	"testing"
)

// TestPythonFileRunners: the ways a Python file runs besides python FILE
// — on standard input from a file, through the debugger, profilers,
// tracer and coverage (python -m pdb|cProfile|profile|trace|coverage run,
// coverage run, ipython), uv run FILE.py — read the file; a file named
// only at run time (python3 "$f", find -exec python3 {}, xargs python3)
// and compiled bytecode (.pyc) ask. Look-alikes: a harmless file, coverage
// report, uv run of a command.
func TestPythonFileRunners(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"evil.py":          "import shutil\nshutil.rmtree('/victim')\n",
		"ok.py":            "print('shutil.rmtree(\"/victim\")')\n",
		"conf/conftest.py": "import shutil\nshutil.rmtree('/victim')\n",
		"x.pyc":            "\x00\x00binary",
	})
	for _, tc := range []struct {
		cmd      string
		rm, asks bool
	}{
		{`python3 < evil.py`, true, false},
		{`python3 -m pdb evil.py`, true, false},
		{`python3 -m cProfile -o out.prof evil.py`, true, false},
		{`python3 -m profile -s time evil.py`, true, false},
		{`python3 -m trace --trace evil.py`, true, false},
		{`python3 -m coverage run evil.py`, true, false},
		{`coverage run --source=. evil.py arg`, true, false},
		{`cd conf && coverage run -m pytest`, true, false},
		{`ipython evil.py`, true, false},
		{`uv run evil.py`, true, false},
		{`python3 "$f"`, false, true},
		{`find . -name '*.py' -exec python3 {} \;`, false, true},
		{`ls *.py | xargs python3`, false, true},
		{`python3 x.pyc`, false, true},
		// Look-alikes.
		{`python3 ok.py`, false, false},
		{`python3 -m cProfile ok.py`, false, false},
		{`coverage report -m`, false, false},
		{`uv run ruff check .`, false, false},
		{`for f in ok.py; do python3 "$f"; done`, false, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		rm := deletes(m, "/victim")
		asks := false
		for _, h := range m.Hidden {
			asks = asks || h.Always
		}
		if rm != tc.rm || asks != tc.asks {
			t.Errorf("%s: /victim deleted %v (want %v), asks %v (want %v)", tc.cmd, rm, tc.rm, asks, tc.asks)
		}
	}
}
