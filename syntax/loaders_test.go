package syntax

import (
	"strings"
	"testing"
)

// TestModuleLoaders: the file an interpreter really loads for a module
// is the one read (red team 8, P1–P8). Python's finder order per
// directory (package directory, extension module, NAME.py, sourceless
// NAME.pyc) for python -m and import; bytecode in __pycache__ this
// command wrote, or marked unchecked; -W and PYTHONWARNINGS categories
// imported; the runner after -X/-W values; Node packages through
// package.json; Perl's .pmc; native addons and extensions. Look-alikes:
// an ordinary __pycache__, a library name, builtin warning categories, a
// package with an ordinary main, an unrelated .so.
func TestModuleLoaders(t *testing.T) {
	t.Parallel()
	const evilPy = "import shutil\nshutil.rmtree('/victim')\n"
	const evilJS = "require('child_process').execSync('rm -rf /victim')\n"
	const evilPl = "system('rm -rf /victim');\n1;\n"
	// A hash-based, unchecked pyc header (flags 1), and an ordinary
	// timestamp one (flags 0).
	unchecked := "\x6f\x0d\x0d\x0a\x01\x00\x00\x00" + strings.Repeat("\x00", 8) + "code"
	ordinary := "\x6f\x0d\x0d\x0a\x00\x00\x00\x00" + strings.Repeat("\x00", 8) + "code"
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		// P6: a package directory before NAME.py.
		"pkgfirst/helper.py":          "print('hi')\n",
		"pkgfirst/helper/__init__.py": evilPy,
		"initonly/h4/__init__.py":     evilPy,
		"initonly/h4/x.py":            "print(1)\n",
		"mainpkg/app/__init__.py":     "",
		"mainpkg/app/__main__.py":     evilPy,
		"nsfirst/tool/readme.txt":     "",
		"nsfirst/lib/tool.py":         evilPy,
		// P8: the runner after an option's value.
		"ut/test_y.py": "import unittest\n" + evilPy,
		// P5, P1: an extension module or bytecode found for the module.
		"ext/helper.py": "print('hi')\n",
		"ext/helper.cpython-311-x86_64-linux-gnu.so": "\x7fELF\x00",
		"abi/helper.py":                              "print('hi')\n",
		"abi/helper.abi3.so":                         "\x7fELF\x00",
		"sourceless/lib_x.pyc":                       ordinary,
		"hashpyc/helper.py":                          "print('hi')\n",
		"hashpyc/__pycache__/helper.cpython-311.pyc": unchecked,
		"okcache/helper.py":                          "print('hi')\n",
		"okcache/__pycache__/helper.cpython-311.pyc": ordinary,
		"okcache/other.abi3.so":                      "\x7fELF\x00",
		// P2: warning categories.
		"warn/evilmod.py": evilPy,
		// P3: a Node package's entry point.
		"node/node_modules/lodashy/package.json":       `{"main":"lib/m.js"}`,
		"node/node_modules/lodashy/lib/m.js":           evilJS,
		"node/node_modules/lodashy/index.js":           "module.exports = 1\n",
		"node/node_modules/expo/package.json":          `{"exports":{".":{"require":"./cjs/e.js","import":"./esm/e.mjs"}}}`,
		"node/node_modules/expo/esm/e.mjs":             evilJS,
		"node/node_modules/plain/package.json":         `{"main":"index.js"}`,
		"node/node_modules/plain/index.js":             "module.exports = function () { return 1 }\n",
		"node/app.js":                                  "const l = require('lodashy')\n",
		"node/ok.js":                                   "const p = require('plain')\nconst fs = require('fs')\n",
		"node/sub/deep.js":                             "import('expo')\n",
		"node/addon.node":                              "\x7fELF\x00",
		"node/bare/addon.node":                         "\x7fELF\x00",
		"node/both/addon.node":                         "\x7fELF\x00",
		"node/both/addon.js":                           "module.exports = 1\n",
		"node/node_modules/nat/package.json":           `{"main":"build/Release/nat"}`,
		"node/node_modules/nat/build/Release/nat.node": "\x7fELF\x00",
		"node/node_modules/hooks/package.json":         `{"exports":{"./register":{"import":"./esm/reg.mjs","require":"./cjs/reg.js"},"./hooks":"./lib/hooks.mjs","./*":"./lib/*.js"}}`,
		"node/node_modules/hooks/esm/reg.mjs":          evilJS,
		"node/node_modules/hooks/cjs/reg.js":           "module.exports = 1\n",
		"node/node_modules/hooks/lib/hooks.mjs":        evilJS,
		"node/node_modules/hooks/lib/util.js":          evilJS,
		"node/node_modules/hooks/lib/plain.js":         "module.exports = 1\n",
		"node/package.json":                            `{"name":"myapp","exports":{"./setup":"./tools/setup.js"}}`,
		"node/tools/setup.js":                          evilJS,
		"node/npath/xm/package.json":                   `{"main":"lib/m.js"}`,
		"node/npath/xm/lib/m.js":                       evilJS,
		"node/npath/xm/index.js":                       "module.exports = 1\n",
		"node/tooldir/package.json":                    `{"main":"lib/run.js"}`,
		"node/tooldir/lib/run.js":                      evilJS,
		"node/tooldir/index.js":                        "module.exports = 1\n",
		"node/okdir/package.json":                      `{"main":"lib/run.js"}`,
		"node/okdir/lib/run.js":                        "module.exports = 1\n",
		"node/node_modules/condy/package.json":         `{"exports":{"dev":"./dev.js","default":"./d.js"}}`,
		"node/node_modules/condy/dev.js":               evilJS,
		"node/node_modules/condy/d.js":                 "module.exports = 1\n",
		// P4: Perl's .pmc.
		"perl/Helper.pm":  "1;\n",
		"perl/Helper.pmc": evilPl,
		// Ruby extension.
		"ruby/rb.so": "\x7fELF\x00",
		// P7: a .pth path line.
		"venv/.venv/pyvenv.cfg":                              "home = /usr/bin\n",
		"venv/.venv/bin/python":                              "",
		"venv/.venv/lib/python3.11/site-packages/paths.pth":  "# a comment\n../../../../t9\n",
		"venv/t9/sitecustomize.py":                           evilPy,
		"venv2/.venv/pyvenv.cfg":                             "home = /usr/bin\n",
		"venv2/.venv/bin/python":                             "",
		"venv2/.venv/lib/python3.11/site-packages/paths.pth": "../../../../src\n",
		"venv2/src/app.py":                                   "print(1)\n",
		// ctypes
		"cdll/x.so":  "\x7fELF\x00",
		"ruby/ok.rb": "puts 1\n",
	})
	for _, tc := range []struct {
		cmd      string
		rm, asks bool
	}{
		{`cd pkgfirst && python3 -m helper`, true, false},
		{`cd pkgfirst && python3 -c 'import helper'`, true, false},
		{`cd initonly && python3 -m h4`, true, false},
		{`cd initonly && python3 -m h4.x`, true, false},
		{`cd mainpkg && python3 -m app`, true, false},
		{`cd nsfirst && PYTHONPATH=lib python3 -m tool`, true, false},
		{`cd ut && python3 -X dev -m unittest`, true, false},
		{`cd ut && python3 -W ignore -m unittest`, true, false},
		{`cd ut && python3 -u -X importtime -m unittest discover`, true, false},
		{`cd ext && python3 -c 'import helper'`, false, true},
		{`cd ext && python3 -m helper`, false, true},
		{`cd abi && python3 -c 'from helper import x'`, false, true},
		{`cd sourceless && python3 -c 'import lib_x'`, false, true},
		{`cd hashpyc && python3 -c 'import helper'`, false, true},
		{`cd okcache && printf 'x' > __pycache__/helper.cpython-311.pyc && python3 -c 'import helper'`, false, true},
		{`cd okcache && base64 -d b.txt > lib_y.pyc && python3 -c 'import lib_y'`, false, true},
		{`cd warn && python3 -W ignore::evilmod.X -c pass`, true, false},
		{`cd warn && PYTHONWARNINGS=ignore::evilmod.X python3 -c pass`, true, false},
		{`cd warn && PYTHONPATH=. PYTHONWARNINGS=default,ignore::evilmod.X pip --version`, true, false},
		{`cd node && node -r lodashy -e 0`, true, false},
		{`cd node && node app.js`, true, false},
		{`cd node && node -e 'import("expo")'`, true, false},
		{`cd node && node sub/deep.js`, true, false},
		{`cd node && node -e 'require("./addon.node")'`, false, true},
		{`cd node && node -r ./addon.node -e 0`, false, true},
		{`cd node && node -e 'process.dlopen(module, "./addon.node")'`, false, true},
		{`cd node && node -e 'const m = {exports: {}}; process.dlopen(m, "/tmp/x/addon.node")'`, false, false},
		{`cd node && node -e 'require("./bare/addon")'`, false, true},
		{`cd node && node -e 'require("nat")'`, false, true},
		{`cd node && node -r nat -e 0`, false, true},
		{`cd node && node --import hooks/register -e 0`, true, false},
		{`cd node && node --loader hooks/hooks x.mjs`, true, false},
		{`cd node && node --experimental-loader hooks/hooks x.mjs`, true, false},
		{`cd node && node -r hooks/util -e 0`, true, false},
		{`cd node && node -e 'require("hooks/util")'`, true, false},
		{`cd node && node -r myapp/setup -e 0`, true, false},
		{`cd node && node -C dev -r condy -e 0`, true, false},
		{`cd node && node -e 'require("./tooldir")'`, true, false},
		{`cd node && NODE_PATH=npath node -e 'require("xm")'`, true, false},
		{`cd node && NODE_PATH=npath node -r xm -e 0`, true, false},
		{`cd node && node -r ./tooldir -e 0`, true, false},
		{`cd node && node --conditions=dev -e 'require("condy")'`, true, false},
		{`cd perl && perl -I. -MHelper -e 1`, true, false},
		{`cd perl && perl -I. -e 'use Helper;'`, true, false},
		{`cd ruby && ruby -I. -rrb -e 0`, false, true},
		{`cd ruby && ruby -e 'require "./rb"'`, false, true},
		{`cd venv && .venv/bin/python -c pass`, true, false},
		{`cd cdll && python3 -c 'import ctypes; ctypes.CDLL("./x.so")'`, false, true},
		{`cd cdll && python3 -c 'from ctypes import cdll; cdll.LoadLibrary("./x.so")'`, false, true},
		// Look-alikes.
		{`cd venv2 && .venv/bin/python -c pass`, false, false},
		{`cd cdll && python3 -c 'import ctypes; ctypes.CDLL("libc.so.6")'`, false, false},
		{`cd okcache && python3 -c 'import helper'`, false, false},
		{`cd okcache && python3 -m helper`, false, false},
		{`cd okcache && python3 -c 'import json, numpy'`, false, false},
		{`cd ut && python3 -X dev -c pass`, false, false},
		{`cd warn && python3 -W ignore::DeprecationWarning -c pass`, false, false},
		{`cd warn && PYTHONWARNINGS=ignore python3 -c pass`, false, false},
		{`cd node && node ok.js`, false, false},
		{`cd node && node -e 'require("lodash")'`, false, false},
		{`cd node && node -e 'require("./both/addon")'`, false, false},
		{`cd node && node -e 'process.dlopen(module, "addon.node")'`, false, false},
		{`cd node && node -r hooks/register -e 0`, false, false},
		{`cd node && node -r condy -e 0`, false, false},
		{`cd node && node -e 'require("./okdir")'`, false, false},
		{`cd node && node -e 'import("./okdir").catch(() => 0)'`, false, false},
		{`cd node && node -r ./okdir -e 0`, false, false},
		{`cd node && node -r hooks/plain -e 0`, false, false},
		{`cd node && node -e 'require("hooks/plain")'`, false, false},
		{`cd perl && perl -MPOSIX -e 1`, false, false},
		{`cd ruby && ruby ok.rb`, false, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		rm := deletes(m, "/victim")
		asks := false
		for _, h := range m.Hidden {
			asks = asks || h.Always
		}
		if rm != tc.rm || asks != tc.asks {
			t.Errorf("%s: /victim deleted %v (want %v), asks %v (want %v) %v", tc.cmd, rm, tc.rm, asks, tc.asks, m.Hidden)
		}
	}
}
