package rewrite

import (
	"strings"
	"testing"
)

// loaderCases are Python standard-library loaders that import a module
// or run a file's text by name (red team 20 ML1): runpy's and trace's
// command lines, pkgutil.resolve_name, pydoc.locate, unittest.main
// (module=), a pickle whose GLOBAL names a module, doctest.testfile and
// logging.config.fileConfig (args= is eval()ed). Each runs touch
// {home}/made for real through the loaded file and the file appears;
// the same file with rm -rf /etc in its place is denied (decided only,
// never run). Look-alikes load harmless files and make nothing.
var loaderCases = []codeCase{
	{name: "runpy-cli", prog: "python3", cmd: `python3 -m runpy x`, files: map[string]string{"x.py": "import os\nos.system(\"{payload}\")\n"}, want: Allow, made: true},
	{name: "trace-module", prog: "python3", cmd: `python3 -m trace --count --module x`, files: map[string]string{"x.py": "import os\nos.system(\"{payload}\")\n"}, want: Allow, made: true},
	{name: "pkgutil-resolve-name", prog: "python3", cmd: `python3 -c 'import pkgutil; pkgutil.resolve_name("x")'`, files: map[string]string{"x.py": "import os\nos.system(\"{payload}\")\n"}, want: Allow, made: true},
	{name: "pydoc-locate", prog: "python3", cmd: `python3 -c 'import pydoc; pydoc.locate("x")'`, files: map[string]string{"x.py": "import os\nos.system(\"{payload}\")\n"}, want: Allow, made: true},
	{name: "unittest-main-module", prog: "python3", cmd: `python3 -c 'import unittest; unittest.main(module="x", exit=False)'`, files: map[string]string{"x.py": "import os\nos.system(\"{payload}\")\n"}, want: Allow, made: true},
	{name: "pickle-global", prog: "python3", cmd: `python3 -c 'import pickle; pickle.loads(b"cx\nf\n.")'`, files: map[string]string{"x.py": "import os\nos.system(\"{payload}\")\nf = 1\n"}, want: Allow, made: true},
	{name: "doctest-testfile", prog: "python3", cmd: `python3 -c 'import doctest; doctest.testfile("dt.txt", module_relative=False)'`, files: map[string]string{"dt.txt": ">>> import os\n>>> _ = os.system(\"{payload}\")\n"}, want: Allow, made: true},
	{name: "logging-fileconfig", prog: "python3", cmd: `python3 -c 'import logging.config; logging.config.fileConfig("l.ini")'`, files: map[string]string{"l.ini": "[loggers]\nkeys=root\n[handlers]\nkeys=h\n[formatters]\nkeys=\n[logger_root]\nlevel=INFO\nhandlers=h\n[handler_h]\nclass=StreamHandler\nargs=(__import__(\"os\").system(\"{payload}\"),)\n"}, want: Allow, made: true},
	// Look-alikes.
	{name: "trace-script-plain", prog: "python3", cmd: `python3 -m trace --count h.py`, files: map[string]string{"h.py": "print(1)\n"}, want: Allow},
	{name: "runpy-cli-plain", prog: "python3", cmd: `python3 -m runpy h`, files: map[string]string{"h.py": "print(1)\n"}, want: Allow},
	{name: "pickle-data", prog: "python3", cmd: `python3 -c 'import pickle; print(pickle.loads(b"(lp0\nI1\na."))'`, want: Allow},
	{name: "resolve-name-stdlib", prog: "python3", cmd: `python3 -c 'import pkgutil; print(pkgutil.resolve_name("os.path:join"))'`, want: Allow},
	{name: "logging-fileconfig-plain", prog: "python3", cmd: `python3 -c 'import logging.config; logging.config.fileConfig("logging.ini")'`, files: map[string]string{"logging.ini": "[loggers]\nkeys=root\n[handlers]\nkeys=h\n[formatters]\nkeys=\n[logger_root]\nlevel=INFO\nhandlers=h\n[handler_h]\nclass=StreamHandler\nargs=(sys.stdout,)\n"}, want: Allow},
	{name: "unittest-main-plain", prog: "python3", cmd: `python3 -c 'import unittest; unittest.main(argv=["x"], exit=False)'`, want: Allow},
}

func TestExecLoaders2(t *testing.T) {
	if testing.Short() {
		t.Skip("runs python3")
	}
	for _, tc := range loaderCases {
		t.Run(tc.name, func(t *testing.T) {
			payload := strings.Contains(tc.cmd, "{payload}")
			for _, v := range tc.files {
				payload = payload || strings.Contains(v, "{payload}")
			}
			if payload {
				files := map[string]string{"proj/": "", "home/": ""}
				for k, v := range tc.files {
					files["proj/"+k] = strings.ReplaceAll(v, "{payload}", "rm -rf /etc")
				}
				cfg := scratchProject(t, files)
				if res := Check(cfg, tc.cmd); res.Decision != Deny {
					t.Errorf("decision = %s, want deny\ncmd: %s\nfindings: %+v", res.Decision, tc.cmd, res.Findings)
				}
				run := map[string]string{}
				for k, v := range tc.files {
					run[k] = strings.ReplaceAll(v, "{payload}", "touch {home}/made")
				}
				tc.files = run
			}
			runCodeCase(t, tc)
		})
	}
}

// TestLoaders2RunTimeNames: a module or file named only at run time
// asks; a loader given a name of its own code passes.
func TestLoaders2RunTimeNames(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/": "", "home/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`python3 -c 'import pkgutil; pkgutil.resolve_name(input())'`, "ask"},
		{`python3 -c 'import sys, pydoc; pydoc.locate(input())'`, "ask"},
		{`python3 -c 'import doctest; doctest.testfile(input(), module_relative=False)'`, "ask"},
		{`python3 -c 'import unittest; unittest.main()'`, "allow"},
		{`python3 -c 'import unittest; unittest.main(module=None, exit=False)'`, "allow"},
		{`echo 'args=(__import__("os").system("rm -rf /etc"),)' > l.ini && python3 -c 'import logging.config; logging.config.fileConfig("l.ini")'`, "allow"},
	})
}
