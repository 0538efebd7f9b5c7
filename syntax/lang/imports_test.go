package lang

import (
	"slices"
	"strings"
	"testing"
)

// TestImports: the files a program's imports may run, relative to the
// code's directory, and (marked "search:") the modules looked up only in
// the interpreter's search directories (perl -I, RUBYLIB, NODE_PATH), and
// ("package:") a bare JavaScript name looked up in node_modules,
// ("require:") the path require's (not import's) own search resolves; a
// string or a comment that mentions import is data.
func TestImports(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		l    Lang
		src  string
		want []string
	}{
		{Python, "import a.b, c as d\n", []string{"a.py", "a/__init__.py", "a/b.py", "a/b/__init__.py", "c.py", "c/__init__.py"}},
		{Python, "from m import (x,\n y)\n", []string{"m.py", "m/__init__.py", "m/x.py", "m/x/__init__.py", "m/y.py", "m/y/__init__.py"}},
		{Python, "from . import h\n", []string{"h.py", "h/__init__.py"}},
		{Python, "from ..up import f\n", []string{"../up.py", "../up/__init__.py", "../up/f.py", "../up/f/__init__.py"}},
		{Python, "import importlib\nimportlib.import_module('plug')\n", []string{"importlib.py", "importlib/__init__.py", "stdlib:warnings", "plug.py", "plug/__init__.py"}},
		// The library modules a library module loads in turn, looked up
		// where the program starts (red team 12 SH); a project module
		// loads none here.
		{Python, "import unittest, mine\n", []string{"unittest.py", "unittest/__init__.py", "mine.py", "mine/__init__.py", "stdlib:_weakrefset,argparse,ast,collections,contextlib,copy,copyreg,dataclasses,difflib,dis,enum,fnmatch,functools,gettext,heapq,importlib,inspect,keyword,linecache,opcode,operator,org,pprint,re,reprlib,signal,textwrap,token,tokenize,traceback,types,warnings,weakref"}},
		{Python, "def f():\n    import g\n", []string{"g.py", "g/__init__.py"}},
		// __import__ alone at the start of a statement is a call too.
		{Python, "__import__('pkg.mod')\nx = 1; __import__('two')\n", []string{"pkg.py", "pkg/__init__.py", "pkg/mod.py", "pkg/mod/__init__.py", "two.py", "two/__init__.py"}},
		// load "x.rb" (Kernel.load): $LOAD_PATH, then the working
		// directory; YAML.load and Marshal.load take data.
		{Ruby, "load 'r9/plain.rb'\nKernel.load('k.rb')\nYAML.load 'data.yml'\nMarshal.load(s)\n", []string{"search:r9/plain.rb", "r9/plain.rb", "search:k.rb", "k.rb"}},
		{Python, "print('import x')\n# import y\nx = 1\n", nil},
		{JS, "const h = require('./h'); import x from '../y.js'; import('./z'); require('fs')", []string{
			"require:./h", "../y.js", "../y.js.js", "../y.js.mjs", "../y.js.cjs", "../y.js/index.js",
			"./z", "./z.js", "./z.mjs", "./z.cjs", "./z/index.js", "search:fs.js", "search:fs/index.js", "search:fs", "package:fs"}},
		{JS, "console.log(\"require('./h')\")", nil},
		{JS, "require('./b.node')", []string{"require:./b.node"}},
		{Ruby, "require_relative 'lib/x'\nrequire 'json'\nload './y.rb'\n", []string{"lib/x.rb", "search:json.rb", "search:json.so", "./y.rb"}},
		{PHP, "<?php include 'a.php'; require_once('b.php'); echo 'include c.php';", []string{"a.php", "b.php"}},
		{Perl, "do './conf.pl'; require 'lib.pl'; print 'do x.pl';", []string{"./conf.pl", "lib.pl"}},
		{Perl, "use 5.010;\nuse strict;\nuse Foo::Bar qw(x);\nrequire Baz;\nprint 'use Quux';\n", []string{"search:strict.pm", "search:Foo/Bar.pm", "search:Baz.pm"}},
	} {
		var got []string
		for _, e := range Imports(tc.l, tc.src) {
			if e.Text == PyStdlib {
				got = append(got, "stdlib:"+strings.Join(e.Argv, ","))
				continue
			}
			if e.Kind != Include || !e.Relative && !e.Search {
				t.Errorf("%q: effect %+v is not a relative include", tc.src, e)
			}
			switch {
			case e.Text == NodePackage:
				got = append(got, "package:"+e.Path)
			case e.Text == NodeRequire:
				got = append(got, "require:"+e.Path)
			case e.Relative:
				got = append(got, e.Path)
			default:
				got = append(got, "search:"+e.Path)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s %q: imports %q, want %q", tc.l, tc.src, got, tc.want)
		}
	}
}
