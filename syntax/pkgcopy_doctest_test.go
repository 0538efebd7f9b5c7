package syntax

import (
	"testing"
)

// TestPytestDoctestModules: pytest --doctest-modules imports every
// module under its targets (not only test files; setup.py and
// __main__.py are left out) and runs the >>> examples of their
// docstrings, as python -m doctest does; --doctest-glob adds text files.
// Without the option, a module that is no test file is not read.
func TestPytestDoctestModules(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"d/pkg/util.py":   "def f():\n    \"\"\"\n    >>> import shutil; shutil.rmtree('/victim')\n    \"\"\"\n",
		"d/pkg/ok.py":     "def g():\n    \"\"\"\n    >>> print(\"rm -rf /victim\")\n    \"\"\"\n",
		"t/pkg/top.py":    "import shutil\nshutil.rmtree('/victim')\n",
		"s/setup.py":      "def f():\n    \"\"\"\n    >>> import shutil; shutil.rmtree('/victim')\n    \"\"\"\n",
		"s/pkg/fine.py":   "x = 1\n",
		"g/docs/guide.md": "Example:\n\n    >>> import os; os.system('rm -rf /victim')\n",
		"o/pkg/ok.py":     "def g():\n    \"\"\"\n    >>> 1 + 1\n    2\n    \"\"\"\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd d && pytest --doctest-modules`, true},
		{`cd d && pytest --doctest-modules pkg/util.py`, true},
		{`cd d && python3 -m pytest --doctest-modules pkg`, true},
		{`cd t && pytest --doctest-modules`, true}, // imported: its top-level code runs
		{`cd g && pytest --doctest-glob='*.md'`, true},
		// Look-alikes: no --doctest-modules, an example that prints the
		// words, setup.py left out, clean examples.
		{`cd d && pytest`, false},
		{`cd d && pytest --doctest-modules pkg/ok.py`, false},
		{`cd s && pytest --doctest-modules`, false},
		{`cd o && pytest --doctest-modules`, false},
		{`cd g && pytest`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}

// TestCopyingPackages: npx cpy-cli SOURCE… DEST and npx copyfiles
// SOURCE… DEST (also by name) copy into DEST as cp -r does: the command
// is read as cp -r -- SOURCE… DEST/ (cpy's --rename=NAME: DEST/NAME;
// --cwd=DIR: where its paths are read).
func TestCopyingPackages(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd, dest string // dest: the last word of the cp corral reads, "" for none
		dir       string
	}{
		{`npx copyfiles x.sh /etc/profile.d`, "/etc/profile.d/", "/home/u/p"},
		{`npx copyfiles -u 1 -f src/x.sh /etc/cron.d`, "/etc/cron.d/", "/home/u/p"},
		{`npx cpy-cli x.sh ~ --rename=.bashrc`, "/home/u/.bashrc", "/home/u/p"},
		{`npx cpy-cli@5 --cwd=src x.sh /opt/bin`, "/opt/bin/", "/home/u/p/src"},
		{`cpy 'src/*.png' /srv/www`, "/srv/www/", "/home/u/p"},
		{`copyfiles a.txt b.txt /var/www/`, "/var/www/", "/home/u/p"},
		// Look-alikes: one operand, the words printed.
		{`npx copyfiles --help`, "", ""},
		{`echo npx copyfiles x.sh /etc`, "", ""},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: "/home/u/p", Home: "/home/u"})
		if err != nil {
			t.Fatalf("%q: %v", tc.cmd, err)
		}
		got, dir := "", ""
		for _, call := range m.Calls {
			if call.Name == "cp" && len(call.Args) > 0 {
				got, dir = call.Args[len(call.Args)-1].Value, call.Dir.Path
			}
		}
		if got != tc.dest || dir != tc.dir {
			t.Errorf("%s: cp into %q in %q, want %q in %q", tc.cmd, got, dir, tc.dest, tc.dir)
		}
	}
}
