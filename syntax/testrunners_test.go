package syntax

import (
	"testing"
)

// TestTestRunnersReadTheSuite: pytest, python -m unittest, jest, vitest
// and mocha run files no command names — conftest.py, test files,
// configuration and set-up files — so those are read as the program's
// code (pytest's and jest's documented collection rules). Look-alikes: a
// test that deletes a path only known at run time (a temporary
// directory), dependency and hidden directories, --noconftest, --version,
// a runner given another file.
func TestTestRunnersReadTheSuite(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := "import shutil\nshutil.rmtree('/srv')\n"
	badJS := "require('fs').rmSync('/srv', {recursive: true})\n"
	writeFiles(t, dir, map[string]string{
		"py/tests/sub/conftest.py":     bad,
		"py/tests/test_ok.py":          "import shutil\ndef test_a(tmp_path):\n    shutil.rmtree(tmp_path)\n",
		"py/.venv/lib/test_x.py":       bad,
		"py2/tests/test_wipe.py":       "import os\ndef test_w():\n    os.system('rm -rf /srv')\n",
		"py2/tests/helper_test.py":     "x = 1\n",
		"py3/conftest.py":              "x = 1\n",
		"py3/plug.py":                  bad,
		"ut/test_a.py":                 bad,
		"ut/check_b.py":                bad,
		"js/jest.config.js":            "module.exports = { setupFilesAfterEnv: ['<rootDir>/setup/env.js'] };\n",
		"js/setup/env.js":              "require('child_process').execSync('rm -rf /srv')\n",
		"js2/src/__tests__/h.js":       badJS,
		"js2/src/a.test.ts":            "test('x', () => { require('fs').rmSync(dir, {recursive: true}) })\n",
		"js2/node_modules/p/a.test.js": badJS,
		"js3/src/a.spec.js":            badJS,
		"js3/package.json":             `{"scripts": {"test": "vitest run"}}`,
		"mo/test/a.js":                 badJS,
		"ok/tests/test_fine.py":        "import os\ndef test_f(tmp_path):\n    os.remove(tmp_path / 'x')\n",
		"ok/node_modules/z/z.test.js":  badJS,
		"ok/src/b.test.js":             "test('b', () => { expect(1).toBe(1) })\n",
		"pj/package.json":              `{"jest": {"setupFiles": ["./ok.js", "<rootDir>/tools/env.js"], "globalSetup": "./gs"}}`,
		"pj/ok.js":                     "module.exports = 1\n",
		"pj/tools/env.js":              badJS,
		"pg/package.json":              `{"jest": {"globalSetup": "./gs"}}`,
		"pg/gs.js":                     badJS,
		"root/pyproject.toml":          "[tool.pytest.ini_options]\n",
		"root/conftest.py":             bad,
		"root/tests/test_a.py":         "def test_a():\n    pass\n",
		"nt/test/a.mjs":                badJS,
		"bt/src/x_test.ts":             badJS,
		"dt/lib/util.test.ts":          badJS,
		"nx/noxfile.py":                "import nox\n\n@nox.session\ndef tests(session):\n    session.run('rm', '-rf', '/srv')\n",
		"nx/other.py":                  "import nox\n\n@nox.session\ndef lint(session):\n    session.run('ruff', 'check', '.')\n",
	})
	for _, tc := range []struct {
		cmd string
		srv bool // corral sees /srv deleted
	}{
		{`cd py && pytest`, true},
		{`cd py && pytest tests/sub -q`, true},
		{`cd py && python3 -m pytest -x`, true},
		{`cd py2 && pytest tests`, true},
		{`cd py2 && py.test tests/test_wipe.py::test_w`, true},
		{`cd py3 && pytest -p plug`, true},
		{`cd ut && python3 -m unittest`, true},
		{`cd ut && python3 -m unittest discover -p 'check*.py'`, true},
		{`cd js && jest`, true},
		{`cd js && npx jest --ci`, true},
		{`cd js2 && vitest run`, true},
		{`cd js3 && npm test`, true},
		{`cd js3 && jest src/a.spec.js`, true},
		{`cd mo && mocha`, true},
		{`cd nx && nox -s tests`, true},
		{`cd nt && node --test`, true},
		{`cd bt && bun test`, true},
		{`cd dt && deno test lib`, true},
		{`cd pj && jest`, true},
		{`cd pg && npx jest`, true},
		{`cd root/tests && pytest`, true}, // rootdir has pyproject.toml: its conftest.py loads
		{`cd nx && python3 -m nox`, true},
		{`cd nx && nox -f other.py`, false},
		// Look-alikes.
		{`cd py && pytest --noconftest tests/test_ok.py`, false},
		{`cd py && pytest --version`, false},
		{`cd py2 && pytest tests/helper_test.py`, false},
		{`cd ut && python3 -m unittest discover -p 'zzz*.py'`, false},
		{`cd ok && pytest`, false},
		{`cd ok && jest`, false},
		{`cd js2 && vitest list`, false},
		{`cd py && python3 -m pytest_plugin_xyz`, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		srv := deletes(m, "/srv")
		if srv != tc.srv {
			t.Errorf("%s: corral sees /srv deleted: %v, want %v", tc.cmd, srv, tc.srv)
		}
		if tc.cmd == `cd py && pytest` || tc.cmd == `cd ok && pytest` {
			for _, h := range m.Hidden {
				t.Errorf("%s: a run-time call in a test file asks: %s", tc.cmd, h.What)
			}
		}
	}
}

// TestPytestRootdirAndInifile: pytest picks its configuration file and
// rootdir by determine_setup (-c FILE; else the first configuration up
// from the common ancestor of the paths given; else a setup.py's
// directory; --rootdir), and collects the python_files globs of that
// file: each choice decides which addopts -p plugin, conftest.py and
// test files run. Look-alikes: the file -c names replaces the one here;
// a path given with its own pytest.ini leaves this directory's aside.
func TestPytestRootdirAndInifile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := "import shutil\nshutil.rmtree('/srv')\n"
	writeFiles(t, dir, map[string]string{
		// An argument's own configuration.
		"a/sub/pytest.ini":        "[pytest]\naddopts = -p evilplug\n",
		"a/evilplug.py":           bad,
		"a/sub/test_x.py":         "def test_x():\n    pass\n",
		"a/other/pytest.ini":      "[pytest]\n",
		"a/other/test_y.py":       "def test_y():\n    pass\n",
		"a/pytest.ini":            "[pytest]\naddopts = -p evilplug\n",
		"a/ok/test_z.py":          "def test_z():\n    pass\n",
		"a/ok/pytest.ini":         "[pytest]\naddopts = -q\n",
		"a/ci/pytest.ini":         "[pytest]\naddopts = -q\n",
		"c/ci/pt.ini":             "[pytest]\naddopts = -p evilplug\n",
		"c/evilplug.py":           bad,
		"c/ci/strict.cfg":         "[tool:pytest]\naddopts = -p evilplug\n",
		"c/ci/pt.toml":            "[tool.pytest.ini_options]\naddopts = [\"-p\", \"evilplug\"]\n",
		"f/pytest.ini":            "[pytest]\npython_files = check_*.py\n",
		"f/tests/check_wipe.py":   "import os\ndef test_w():\n    os.system('rm -rf /srv')\n",
		"f2/pyproject.toml":       "[tool.pytest.ini_options]\npython_files = [\"*_spec.py\"]\n",
		"f2/t/wipe_spec.py":       bad,
		"s/setup.py":              "from setuptools import setup\nsetup()\n",
		"s/conftest.py":           bad,
		"s/tests/test_a.py":       "def test_a():\n    pass\n",
		"r/conftest.py":           bad,
		"r/tests/test_a.py":       "def test_a():\n    pass\n",
		"r/tests/deep/test_b.py":  "def test_b():\n    pass\n",
		"plain/tests/test_ok.py":  "def test_ok():\n    pass\n",
		"plain/tests/check_no.py": bad, // not collected by default
	})
	for _, tc := range []struct {
		cmd string
		srv bool
	}{
		{`cd a && pytest sub`, true},
		{`cd a && pytest sub/test_x.py`, true},
		{`cd a && pytest`, true},
		{`cd c && pytest -c ci/pt.ini`, true},
		{`cd c && pytest --config-file=ci/strict.cfg`, true},
		{`cd c && python3 -m pytest -c ci/pt.toml -q`, true},
		{`cd f && pytest`, true},
		{`cd f2 && pytest t`, true},
		{`cd s/tests && pytest`, true}, // setup.py's directory is the rootdir
		{`cd r/tests && pytest --rootdir=..`, true},
		// Look-alikes.
		{`cd a && pytest other`, false},
		{`cd a && pytest -c ci/pytest.ini ok`, false},
		{`cd a && pytest ok`, false},
		{`cd r/tests && pytest`, false},
		{`cd plain && pytest -q`, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		if srv := deletes(m, "/srv"); srv != tc.srv {
			t.Errorf("%s: corral sees /srv deleted: %v, want %v", tc.cmd, srv, tc.srv)
		}
	}
}
