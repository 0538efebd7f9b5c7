package syntax

import (
	"testing"
)

// TestModuleSearchPath: a directory the command puts on an interpreter's
// module path (perl -I and PERL5LIB, ruby -I and RUBYLIB, PYTHONPATH,
// NODE_PATH) is searched the way the interpreter searches it, so a module
// there that shadows a library, and Python's sitecustomize, are read as
// the program's code (python(1) ENVIRONMENT, site(3); perlrun(1); ruby(1);
// node's "Loading from the global folders"). Look-alikes: the same
// programs without the variable, Python's -I, -E and -S, a harmless module,
// a module the path does not hold, code that only names the module.
func TestModuleSearchPath(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"lib/json.py":           "import shutil\nshutil.rmtree('/srv')\n",
		"site/sitecustomize.py": "import os\nos.system('rm -rf /srv')\n",
		"lib/Foo/Bar.pm":        "package Foo::Bar; system('rm -rf /srv'); 1;\n",
		"lib/x.pm":              "package x; system('rm -rf /srv'); 1;\n",
		"lib/y.rb":              "FileUtils.rm_rf('/srv')\n",
		"lib/leftpad.js":        "require('fs').rmSync('/srv', {recursive: true})\n",
		"lib/leftpad2/index.js": "require('child_process').execSync('rm -rf /srv')\n",
		"ok/json.py":            "print('shutil.rmtree(\"/srv\")')\n",
		"ok/sitecustomize.py":   "import sys\n",
	})
	for _, tc := range []struct {
		cmd string
		srv bool // corral sees /srv deleted
	}{
		{`PYTHONPATH=lib python3 -c 'import json'`, true},
		{`PYTHONPATH=ok:lib python3 -c 'from json import loads'`, false}, // ok/json.py comes first
		{`PYTHONPATH=lib:ok python3 -c 'from json import loads'`, true},
		{`PYTHONPATH=site python3 -c 'print(1)'`, true},
		{`env PYTHONPATH=site python3 app.py`, true},
		{`export PYTHONPATH=site; python3 -m http.server`, true},
		{`PYTHONPATH=lib python3 -m json`, true},
		{`PERL5LIB=lib perl -e 'use strict; use Foo::Bar;'`, true},
		{`perl -Ilib -e 'require Foo::Bar'`, true},
		{`PERL5OPT=-Mx PERL5LIB=lib perl app.pl`, true},
		{`PERLLIB=lib perl -Mx -e 1`, true},
		{`RUBYLIB=lib ruby -e "require 'y'"`, true},
		{`ruby -Ilib -e "require 'y'"`, true},
		{`RUBYOPT=-ry RUBYLIB=lib ruby app.rb`, true},
		{`NODE_PATH=lib node -e "require('leftpad')"`, true},
		{`NODE_PATH=lib node -e "import('leftpad2')"`, true},
		// A value with a part only run time knows: what comes before it.
		{`PYTHONPATH=lib:$PYTHONPATH python3 -c 'import json'`, true},
		{`export PERL5LIB="lib:${PERL5LIB}"; perl -e 'use Foo::Bar;'`, true},
		// The code's own path changes.
		{`python3 -c 'import sys; sys.path.insert(0, "lib"); import json'`, true},
		{`perl -e 'use lib "lib"; use Foo::Bar;'`, true},
		{`ruby -e '$LOAD_PATH.unshift("lib"); require "y"'`, true},
		{`ruby -e '$: << "lib"; require "y"'`, true},
		{`perl -e 'BEGIN { push @INC, "lib" } use Foo::Bar;'`, true},
		{`perl -e 'BEGIN { unshift(@INC, "ok", "lib") } use x;'`, true},
		{`perl -e 'BEGIN { @INC = ("lib", @INC) } use Foo::Bar;'`, true},
		{`perl -e 'local @INC = ("lib"); require Foo::Bar;'`, true},
		{`perl -Mlib=ok,lib -Mx -e 1`, true},
		{`cd lib && ruby -e '$: << Dir.pwd; require "y"'`, true},
		{`node -e 'module.paths.unshift("lib"); require("leftpad")'`, true},
		{`cd lib && node -e 'module.paths.push(process.cwd()); require("leftpad")'`, true},
		// The options variable's switches and the command line's share
		// one search path (interp3: PERL5OPT=-I. perl -Mevil was allowed).
		{`PERL5OPT=-Ilib perl -Mx -e 1`, true},
		{`PERL5OPT=-Mx perl -Ilib -e 1`, true},
		{`PERL5OPT="-w -Ilib" perl -e 'use Foo::Bar;'`, true},
		{`RUBYOPT=-ry ruby -Ilib -e 1`, true},
		{`RUBYOPT=-Ilib ruby -ry -e 1`, true},
		{`export RUBYOPT=-Ilib; ruby -e "require 'y'"`, true},
		// A package from site-packages may import json, found first in
		// lib (red team 17 MS1: which ones it imports is not known).
		{`PYTHONPATH=lib python3 -c 'import yaml'`, true},
		// Look-alikes.
		{`python3 -c 'import json'`, false},
		{`PYTHONPATH=lib python3 -I -c 'import json'`, false},
		{`PYTHONPATH=lib python3 -E -c 'import json'`, false},
		{`PYTHONPATH=site python3 -S -c 'print(1)'`, false},
		{`PYTHONPATH=ok python3 -c 'import json'`, false},
		{`PYTHONPATH=lib python3 -c 'print("import json")'`, false},
		{`PYTHONPATH=ok python3 -c 'import yaml'`, false},
		{`perl -e 'use Foo::Bar;'`, false},
		{`PERL5LIB=lib perl -e 'use 5.010; print "use Foo::Bar"'`, false},
		{`ruby -e "require 'y'"`, false},
		{`node -e "require('leftpad')"`, false},
		{`NODE_PATH=lib node -e "require('fs')"`, false},
		{`PYTHONPATH=$X:lib python3 -c 'import json'`, false}, // the first directory is only known at run time
		{`python3 -c 'import sys; sys.path.insert(0, "ok"); import json'`, false},
		{`perl -e 'BEGIN { push @INC, "ok" } use Foo::Bar;'`, false},
		{`perl -e 'my @a; push @a, "lib"; use Foo::Bar;'`, false},
		{`PERL5OPT=-Ilib perl -Mstrict -e 1`, false},
		{`perl -Mlib=ok -Mx -e 1`, false},
		{`perl -Mx -Mlib=lib -e 1`, false}, // the module was looked up before lib was added
		{`perl -e '@INC = ("ok"); use Foo::Bar;'`, false},
		{`cd ok && ruby -e '$: << Dir.pwd; require "y"'`, false},
		{`node -e 'module.paths.unshift("ok"); require("leftpad")'`, false},
		{`node -e 'module.paths.unshift("lib"); require("fs")'`, false},
		{`PERL5OPT=-Mstrict perl -Ilib -e 1`, false},
		{`RUBYOPT=-rjson ruby -Ilib -e 1`, false},
		{`RUBYOPT=-Iok ruby -ry -e 1`, false},
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
