package rewrite

import "testing"

// TestCodeStdlibShadows: Python puts the script's directory (python3
// FILE) or the working directory (-c, -m) first on sys.path, so a project
// file named as a standard-library module replaces it for every importer,
// the library's own modules too: python3 -m unittest imports argparse,
// python3 -m json.tool imports the json parent first, pydoc -k imports the
// library's packages (red team 12 SH; checked against the real python3:
// the canary argparse.py ran under -m unittest and import unittest, not
// under import json or import logging).
func TestCodeStdlibShadows(t *testing.T) {
	t.Parallel()
	bad := "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))\n"
	cfg := scratchProject(t, map[string]string{
		"proj/r/argparse.py":          bad,
		"proj/r/ok2.py":               "import unittest\n",
		"proj/r/ok.py":                "import json\n",
		"proj/r/tests/t.py":           "",
		"proj/j/json.py":              bad,
		"proj/p/optparse/":            "",
		"proj/p/optparse/__init__.py": bad,
		"proj/u/utils.py":             bad,
		"proj/u/config.py":            bad,
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`cd r && python3 -m unittest`, "deny"},
		{`cd r && python3 -m unittest discover -s tests`, "deny"},
		{`cd r && python3 -m http.server 8000`, "deny"}, // its main imports argparse
		{`cd r && python3 -m pydoc -k x`, "deny"},
		{`cd r && python3 -c 'import unittest'`, "deny"},
		{`cd r && python3 -c 'from unittest import mock'`, "deny"},
		{`python3 r/ok2.py`, "deny"},
		{`cd r && python3 ok2.py`, "deny"},
		{`cd j && python3 -m json.tool ../README.md`, "deny"},
		{`cd r && python3 -m json.tool x.json`, "deny"}, // its main imports argparse
		{`cd j && python3 -m pydoc -k x`, "deny"},
		{`cd p && python3 -m pydoc -k x`, "deny"}, // a package directory
		// Look-alikes: the library's module imports no such name, the
		// interpreter starts elsewhere, or the names are no library's.
		{`cd r && python3 -c 'import json; print(1)'`, "allow"},
		{`cd j && python3 -c 'import logging'`, "allow"},
		{`python3 -m unittest`, "allow"},
		{`cd u && python3 -m unittest`, "allow"},
		{`cd u && python3 -m pydoc -k x`, "allow"},
		{`cd r && python3 -m tabnanny x.py`, "allow"},
		{`cd r && python3 -m base64 -d x.b64`, "allow"},
	})
	// A file the command writes is found as one on disk is.
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`echo 'import shutil, os; shutil.rmtree(os.path.expanduser("~"))' > argparse.py; python3 -m unittest`, "deny"},
		{`echo 'import shutil, os; shutil.rmtree(os.path.expanduser("~"))' > argparse.py; python3 -c 'import json'`, "allow"},
	})
}
