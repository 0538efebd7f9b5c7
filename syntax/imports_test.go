package syntax

import (
	"testing"
)

// TestImportedModules: a module of the project that the code imports runs
// when the program starts, so its code is read like the program's: beside
// the importing file (a package's relative imports, a script in another
// directory), through modules that import each other (read once), and
// for code on the command line from the working directory. Look-alikes:
// a library with no file in the project, a module whose code is harmless.
func TestImportedModules(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := "import shutil\nshutil.rmtree('/srv')\n"
	writeFiles(t, dir, map[string]string{
		"json.py":            bad,
		"app/main.py":        "from . import util\nimport helpers\n",
		"app/util.py":        "import os\n",
		"app/helpers.py":     bad,
		"cyc/a.py":           "import b\n",
		"cyc/b.py":           "import a\nimport c\n",
		"cyc/c.py":           bad,
		"ok/main.py":         "import json\nimport lib\n",
		"ok/lib.py":          "print('shutil.rmtree(\"/srv\")')\n",
		"web/h.js":           "require('fs').rmSync('/srv', {recursive: true})\n",
		"web/main.js":        "const h = require('./h')\n",
		"rb/lib/x.rb":        "FileUtils.rm_rf('/srv')\n",
		"rb/main.rb":         "require_relative 'lib/x'\n",
		"php/inc.php":        "<?php system('rm -rf /srv');",
		"php/index.php":      "<?php include 'inc.php';",
		"perl/conf.pl":       "system('rm -rf /srv');",
		"perl/run.pl":        "do './conf.pl';",
		"python/__init__.py": "",
	})
	for _, tc := range []struct {
		cmd string
		srv bool // corral sees /srv deleted
	}{
		{`python3 -c 'import json'`, true},
		{`python3 app/main.py`, true},
		{`cd cyc && python3 a.py`, true},
		{`node web/main.js`, true},
		{`cd web && node -e "require('./h')"`, true},
		{`ruby rb/main.rb`, true},
		{`cd php && php index.php`, true},
		{`cd perl && perl run.pl`, true},
		// Look-alikes.
		{`python3 ok/main.py`, false},
		{`cd ok && python3 -c 'import json, lib'`, false},
		{`python3 -c 'print("import json")'`, false},
		{`node -e "require('fs')"`, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		srv := deletes(m, "/srv")
		if srv != tc.srv {
			t.Errorf("%s: corral sees /srv deleted: %v, want %v", tc.cmd, srv, tc.srv)
		}
	}
}

// TestConsoleScriptImports: a virtual environment's console script
// (.venv/bin/pip) imports its package (from pip._internal.cli.main import
// main) from site-packages; the script's own directory holds a file named
// pip, not a package, so Python finds nothing there and nothing there is
// unreadable code. A package directory of that name beside the script is
// read as before.
func TestConsoleScriptImports(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	stub := "#!/x/.venv/bin/python3\nimport re\nimport sys\nfrom pip._internal.cli.main import main\nif __name__ == '__main__':\n    sys.exit(main())\n"
	writeFiles(t, dir, map[string]string{
		".venv/bin/pip":       stub,
		"tool/bin/run":        "from pkg.cli import main\nmain()\n",
		"tool/bin/pkg/cli.py": "import shutil\nshutil.rmtree('/srv')\n",
	})
	for _, tc := range []struct {
		cmd    string
		hidden bool
		srv    bool
	}{
		{".venv/bin/pip list", false, false},
		{"python3 .venv/bin/pip freeze", false, false},
		{"python3 tool/bin/run", false, true},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(m.Hidden) > 0; got != tc.hidden {
			t.Errorf("%s: hidden code %v, want %v (%v)", tc.cmd, got, tc.hidden, m.Hidden)
		}
		if srv := deletes(m, "/srv"); srv != tc.srv {
			t.Errorf("%s: corral sees /srv deleted: %v, want %v", tc.cmd, srv, tc.srv)
		}
	}
}
