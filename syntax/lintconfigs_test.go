package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPyToolConfigs: the code a Python checker's configuration names is
// read from the file the checker really reads (lintconfigs.go): pylint's
// init-hook and load-plugins in an rc file (any section), a TOML file's
// tool.pylint tables (pyproject.toml, pylintrc.toml), setup.cfg's
// [pylint.…] sections, the rc file above a package and the nearest
// pyproject.toml up to the repository's top, $PYLINTRC and ~/.pylintrc;
// mypy's plugins in mypy.ini, pyproject.toml's [tool.mypy] and setup.cfg
// from the working directory up (a .py path from the file's directory);
// flake8's [flake8:local-plugins] (extension and report modules, from the
// paths it adds); coverage's [tool.coverage.run] plugins; pytest's
// configuration found by its section. Look-alikes: a file the tool does
// not read (shadowed by the first one found, without the tool's section,
// above the repository's top, in HOME for flake8, --isolated), harmless
// code.
func TestPyToolConfigs(t *testing.T) {
	t.Parallel()
	evil := "import shutil\nshutil.rmtree('/victim')\n"
	hook := `import shutil; shutil.rmtree("/victim")`
	cases := []struct {
		name  string
		files map[string]string
		cwd   string
		cmd   string
		want  bool
	}{
		// pylint.
		{"pylintrc-any-section", map[string]string{"proj/.pylintrc": "[BASIC]\ninit-hook=" + hook + "\n"}, "proj", "pylint src", true},
		{"pyproject-init-hook", map[string]string{"proj/pyproject.toml": "[tool.pylint.main]\ninit-hook = '" + hook + "'\n"}, "proj", "pylint src", true},
		{"pyproject-init-hook-escaped", map[string]string{"proj/pyproject.toml": "[tool.pylint.main]\ninit-hook = \"import shutil; shutil.rmtree(\\\"/victim\\\")\"\n"}, "proj", "pylint src", true},
		{"pyproject-load-plugins-list", map[string]string{"proj/pyproject.toml": "[tool.pylint.main]\nload-plugins = [\"pylint.extensions.docparams\", \"myplug\"]\n", "proj/myplug.py": evil}, "proj", "pylint src", true},
		{"pyproject-dotted-key", map[string]string{"proj/pyproject.toml": "[tool.pylint]\nmain.init-hook = '" + hook + "'\n"}, "proj", "python3 -m pylint src", true},
		{"pylintrc-toml", map[string]string{"proj/pylintrc.toml": "[tool.pylint.master]\ninit-hook = '" + hook + "'\n"}, "proj", "pylint src", true},
		{"setup-cfg-pylint-section", map[string]string{"proj/setup.cfg": "[metadata]\nname = x\n[pylint.main]\nload-plugins = myplug\n", "proj/myplug.py": evil}, "proj", "pylint src", true},
		{"package-parent-rc", map[string]string{"proj/.pylintrc": "[MAIN]\ninit-hook=" + hook + "\n", "proj/pkg/__init__.py": ""}, "proj/pkg", "pylint mod.py", true},
		{"parent-pyproject", map[string]string{"proj/.git/HEAD": "ref: x\n", "proj/pyproject.toml": "[tool.pylint.main]\ninit-hook = '" + hook + "'\n", "proj/src/x.py": ""}, "proj/src", "pylint x.py", true},
		{"pylintrc-env", map[string]string{"proj/conf/lint.rc": "[MAIN]\ninit-hook=" + hook + "\n"}, "proj", "PYLINTRC=conf/lint.rc pylint src", true},
		{"home-pylintrc", map[string]string{"h/.pylintrc": "[MAIN]\ninit-hook=" + hook + "\n"}, "proj", "HOME={root}/h pylint src", true},
		{"rcfile-toml", map[string]string{"proj/lint.toml": "[tool.pylint.main]\ninit-hook = '" + hook + "'\n"}, "proj", "pylint --rcfile=lint.toml src", true},
		// mypy.
		{"mypy-pyproject-module", map[string]string{"proj/pyproject.toml": "[tool.mypy]\nplugins = [\"myplug\"]\n", "proj/myplug.py": evil}, "proj", "mypy src", true},
		{"mypy-pyproject-path", map[string]string{"proj/pyproject.toml": "[tool.mypy]\nplugins = \"tools/plug.py:entry\"\n", "proj/tools/plug.py": evil}, "proj", "mypy .", true},
		{"mypy-parent-ini-path", map[string]string{"proj/.git/HEAD": "x\n", "proj/mypy.ini": "[mypy]\nplugins = tools/plug.py\n", "proj/tools/plug.py": evil, "proj/src/a.py": ""}, "proj/src", "mypy a.py", true},
		{"mypy-user-config", map[string]string{"h/.mypy.ini": "[mypy]\nplugins = {root}/plug/p.py\n", "plug/p.py": evil}, "proj", "HOME={root}/h mypy .", true},
		// flake8.
		{"flake8-local-plugins", map[string]string{"proj/.flake8": "[flake8:local-plugins]\nextension =\n    X1 = myplug:Checker\npaths = ./tools\n", "proj/tools/myplug.py": evil}, "proj", "flake8 src", true},
		{"flake8-report-comma", map[string]string{"proj/setup.cfg": "[flake8]\nmax-line-length = 100\n[flake8:local-plugins]\nreport = R1 = rep.fmt:Fmt, R2 = other:Y\npaths = lint\n", "proj/lint/rep/fmt.py": evil}, "proj", "flake8", true},
		{"flake8-parent-tox", map[string]string{"proj/tox.ini": "[flake8:local-plugins]\nextension = X = p:C\npaths = ./t\n", "proj/t/p.py": evil, "proj/src/a.py": ""}, "proj/src", "flake8 a.py", true},
		{"flake8-config-option", map[string]string{"proj/lint.cfg": "[flake8:local-plugins]\nextension = X = p:C\npaths = ./t\n", "proj/t/p.py": evil}, "proj", "flake8 --config lint.cfg", true},
		{"flake8-python-m-cwd", map[string]string{"proj/.flake8": "[flake8:local-plugins]\nextension = X = p:C\n", "proj/p.py": evil}, "proj", "python3 -m flake8", true},
		// coverage and pytest.
		{"coverage-pyproject", map[string]string{"proj/pyproject.toml": "[tool.coverage.run]\nplugins = [\"covplug\"]\n", "proj/covplug.py": evil}, "proj", "coverage run -m pytest", true},
		{"pytest-parent-addopts", map[string]string{"proj/pyproject.toml": "[tool.pytest.ini_options]\naddopts = \"-p evilplug\"\n", "proj/sub/setup.cfg": "[metadata]\nname = x\n", "proj/sub/evilplug.py": evil}, "proj/sub", "pytest -q --noconftest nothing_here.py", true},
		// Look-alikes.
		{"pylint-shadowed", map[string]string{"proj/.pylintrc": "[MAIN]\njobs=2\n", "proj/pyproject.toml": "[tool.pylint.main]\ninit-hook = '" + hook + "'\n"}, "proj", "pylint src", false},
		{"pylint-setup-cfg-other-section", map[string]string{"proj/setup.cfg": "[tool:other]\ninit-hook = " + hook + "\n"}, "proj", "pylint src", false},
		{"pylint-pyproject-no-table", map[string]string{"proj/pyproject.toml": "[tool.other]\ninit-hook = '" + hook + "'\n"}, "proj", "pylint src", false},
		{"pylint-above-repo-top", map[string]string{"pyproject.toml": "[tool.pylint.main]\ninit-hook = '" + hook + "'\n", "proj/.git/HEAD": "x\n"}, "proj", "pylint src", false},
		{"pylint-harmless", map[string]string{"proj/pyproject.toml": "[tool.pylint.main]\ninit-hook = 'import sys; sys.path.append(\"src\")'\nload-plugins = [\"pylint.extensions.docparams\"]\n"}, "proj", "pylint src", false},
		{"mypy-pyproject-no-table", map[string]string{"proj/pyproject.toml": "[tool.black]\nplugins = [\"myplug\"]\n", "proj/myplug.py": evil}, "proj", "mypy src", false},
		{"mypy-shadowed", map[string]string{"proj/mypy.ini": "[mypy]\nstrict = True\n", "proj/pyproject.toml": "[tool.mypy]\nplugins = [\"myplug\"]\n", "proj/myplug.py": evil}, "proj", "mypy src", false},
		{"flake8-no-section", map[string]string{"proj/setup.cfg": "[metadata]\nname = x\n", "proj/tox.ini": "[tox]\nenvlist = py3\n", "proj/.flake8": "[other:local-plugins]\nextension = X = p:C\npaths = ./t\n", "proj/t/p.py": evil}, "proj", "flake8", false},
		{"flake8-isolated", map[string]string{"proj/.flake8": "[flake8:local-plugins]\nextension = X = p:C\npaths = ./t\n", "proj/t/p.py": evil}, "proj", "flake8 --isolated", false},
		{"flake8-home-not-read", map[string]string{"h/setup.cfg": "[flake8:local-plugins]\nextension = X = p:C\npaths = ./t\n", "h/t/p.py": evil}, "h/proj", "HOME={root}/h flake8", false},
		{"flake8-module-not-on-path", map[string]string{"proj/.flake8": "[flake8:local-plugins]\nextension = X = p:C\n", "proj/p.py": evil}, "proj", "flake8", false},
		{"flake8-plain", map[string]string{"proj/.flake8": "[flake8]\nmax-line-length = 100\nextension = X = p:C\n", "proj/p.py": evil}, "proj", "flake8", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			for n, c := range tc.files {
				p := filepath.Join(root, n)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(strings.ReplaceAll(c, "{root}", root)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cwd := filepath.Join(root, tc.cwd)
			if err := os.MkdirAll(cwd, 0o755); err != nil {
				t.Fatal(err)
			}
			cmd := strings.ReplaceAll(tc.cmd, "{root}", root)
			m, err := Analyze(cmd, Options{Cwd: cwd, Home: filepath.Join(root, "account"), ReadFile: ReadScript})
			if err != nil {
				t.Fatal(err)
			}
			wantVictim(t, m, cmd, tc.want)
		})
	}
}
