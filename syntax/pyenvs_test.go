package syntax

import (
	"path/filepath"
	"testing"
)

// TestPyEnvHashes: the environment names poetry and pipenv derive from
// a project's path. The pipenv vector is the one published beside its
// algorithm (base64.urlsafe_b64encode(sha256(path)[:6])); both were
// checked with python3's hashlib and base64.
func TestPyEnvHashes(t *testing.T) {
	t.Parallel()
	if got := pipenvEnvHash("/tmp/proj/Pipfile"); got != "9zRXrcHj" {
		t.Errorf("pipenv hash = %q", got)
	}
	if got := poetryEnvHash("/tmp/proj"); got != "Kcy8vOlE" {
		t.Errorf("poetry hash = %q", got)
	}
	if got := pipenvSanitize("My App (x)"); got != "My_App__x_" {
		t.Errorf("pipenv name = %q", got)
	}
}

// TestWrapperVenvPrograms: poetry run NAME and pipenv run NAME run NAME
// from their environment's bin directory, which is the project's .venv
// only when it is there or asked for: poetry's cache
// (~/.cache/pypoetry/virtualenvs/NAME-HASH-pyX.Y, virtualenvs.path,
// POETRY_CACHE_DIR), pipenv's WORKON_HOME (~/.local/share/virtualenvs/
// DIR-HASH); the project's .venv for uv run and pdm run. A script there
// that deletes /victim is seen; one that does not, a name with no file
// there, and the environment of another project pass.
func TestWrapperVenvPrograms(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	root, _ = filepath.EvalSymlinks(root)
	home := filepath.Join(root, "home")
	proj := filepath.Join(home, "proj")
	bad := "#!/bin/sh\nrm -rf /victim\n"
	good := "#!/bin/sh\necho hi\n"
	poetryEnv := filepath.Join(home, ".cache/pypoetry/virtualenvs", "proj-"+poetryEnvHash(proj)+"-py3.12")
	otherPoetry := filepath.Join(home, ".cache/pypoetry/virtualenvs", "other-"+poetryEnvHash(filepath.Join(home, "other"))+"-py3.12")
	pipenvEnv := filepath.Join(home, ".local/share/virtualenvs", "proj-"+pipenvEnvHash(filepath.Join(proj, "Pipfile")))
	writeFiles(t, root, map[string]string{
		"home/proj/pyproject.toml":                       "[tool.poetry]\nname = \"proj\"\n",
		"home/proj/Pipfile":                              "[packages]\n",
		"home/proj/sub/keep":                             "",
		"home/other/pyproject.toml":                      "[tool.poetry]\nname = \"other\"\n",
		"home/inproj/pyproject.toml":                     "[tool.poetry]\nname = \"inproj\"\n",
		"home/inproj/poetry.toml":                        "[virtualenvs]\nin-project = true\n",
		"home/inproj/.venv/pyvenv.cfg":                   "",
		"home/inproj/.venv/bin/wipe":                     bad,
		"home/pf/Pipfile":                                "",
		"home/pf/.venv":                                  "named\n",
		"home/pf2/Pipfile":                               "",
		"home/pf2/.venv":                                 "../pf2env\n",
		"home/pf2env/pyvenv.cfg":                         "",
		"home/pf2env/bin/pfwipe":                         bad,
		"home/.local/share/virtualenvs/named/pyvenv.cfg": "",
		"home/.local/share/virtualenvs/named/bin/pfwipe": bad,
		"home/custom/pyproject.toml":                     "[tool.poetry]\nname = \"custom\"\n",
		"home/custom/poetry.toml":                        "[virtualenvs]\npath = \"envs\"\n",
		"home/custom/envs/custom-" + poetryEnvHash(filepath.Join(home, "custom")) + "-py3.11/pyvenv.cfg": "",
		"home/custom/envs/custom-" + poetryEnvHash(filepath.Join(home, "custom")) + "-py3.11/bin/wipe":   bad,
	})
	writeFiles(t, "/", map[string]string{
		poetryEnv[1:] + "/pyvenv.cfg":   "",
		poetryEnv[1:] + "/bin/wipe":     bad,
		poetryEnv[1:] + "/bin/hello":    good,
		otherPoetry[1:] + "/pyvenv.cfg": "",
		otherPoetry[1:] + "/bin/other":  bad,
		pipenvEnv[1:] + "/pyvenv.cfg":   "",
		pipenvEnv[1:] + "/bin/pwipe":    bad,
		root[1:] + "/cache/virtualenvs/proj-" + poetryEnvHash(proj) + "-py3.10/pyvenv.cfg":         "",
		root[1:] + "/cache/virtualenvs/proj-" + poetryEnvHash(proj) + "-py3.10/bin/cwipe":          bad,
		root[1:] + "/workon/proj-" + pipenvEnvHash(filepath.Join(proj, "Pipfile")) + "/pyvenv.cfg": "",
		root[1:] + "/workon/proj-" + pipenvEnvHash(filepath.Join(proj, "Pipfile")) + "/bin/wwipe":  bad,
	})
	for _, tc := range []struct {
		dir, cmd string
		rm       bool
	}{
		{"proj", `poetry run wipe`, true},
		{"proj/sub", `poetry run wipe --all`, true},
		{"proj", `poetry -C . run wipe`, true},
		{"proj", `POETRY_CACHE_DIR=` + root + `/cache poetry run cwipe`, true},
		{"proj", `export POETRY_CACHE_DIR=` + root + `/cache; poetry run cwipe`, true},
		{"proj", `pipenv run pwipe`, true},
		{"proj", `WORKON_HOME=` + root + `/workon pipenv run wwipe`, true},
		{"inproj", `poetry run wipe`, true},
		{"pf", `pipenv run pfwipe`, true},  // .venv file: a name under WORKON_HOME
		{"pf2", `pipenv run pfwipe`, true}, // .venv file: a path
		{"pf", `poetry run pfwipe`, false},
		{"custom", `poetry run wipe`, true},
		{"inproj", `uv run wipe`, true},
		{"custom", `UV_PROJECT_ENVIRONMENT=envs/custom-` + poetryEnvHash(filepath.Join(home, "custom")) + `-py3.11 uv run wipe`, true},
		{"custom", `uv run wipe`, false}, // uv's default is the project's .venv
		{"inproj", `pdm run wipe`, true},
		// poetry's report of its environment names the same one.
		{"proj", `"$(poetry env info -p)/bin/wipe"`, true},
		{"proj/sub", `$(poetry env info --path)/bin/wipe --all`, true},
		{"inproj", `"$(poetry env info --path)"/bin/wipe`, true},
		{"proj", `"$(poetry env info -p)/bin/hello"`, false},
		{"proj", `"$(poetry env info -p)/bin/missing"`, false},
		{"proj", `"$(poetry env list)/bin/wipe"`, false},
		// Look-alikes: a clean script, a name with no file, another
		// project's environment, a setting that points elsewhere, the
		// in-project .venv asked for but absent.
		{"proj", `poetry run hello`, false},
		{"proj", `poetry run missing`, false},
		{"proj", `poetry run other`, false},
		{"proj", `POETRY_VIRTUALENVS_PATH=/nonexistent poetry run wipe`, false},
		{"proj", `POETRY_VIRTUALENVS_IN_PROJECT=true poetry run wipe`, false},
		{"proj", `PIPENV_VENV_IN_PROJECT=1 pipenv run pwipe`, false},
		{"proj", `pipenv run wipe`, false},
		{"proj", `echo poetry run wipe`, false},
		{"inproj", `POETRY_VIRTUALENVS_IN_PROJECT=false poetry run wipe`, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: filepath.Join(home, tc.dir), Home: home, ReadFile: ReadScript})
		if err != nil {
			t.Fatalf("%q: %v", tc.cmd, err)
		}
		wantVictim(t, m, tc.dir+": "+tc.cmd, tc.rm)
	}
}

// TestHatchRunEnvs: hatch run [ENV:]NAME runs the scripts of ENV (the
// prefix, -e/--env, HATCH_ENV, else default), inherited from its
// template (default unless named), a matrix environment's from its base,
// hatch.toml's [envs.ENV.scripts] as pyproject.toml's; ENV:CMD that is
// no script runs CMD.
func TestHatchRunEnvs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"pyproject.toml": "[tool.hatch.envs.default.scripts]\nbase = \"rm -rf /victim\"\nok = \"echo hi\"\n" +
			"[tool.hatch.envs.test.scripts]\ncov = \"rm -rf {args} /victim\"\n" +
			"[tool.hatch.envs.lint]\ntemplate = \"lint\"\n[project.scripts]\nwipe = \"pkg.cli:main\"\n",
		"src/pkg/cli.py": "import shutil\ndef main():\n    shutil.rmtree('/victim')\n",
		"h/hatch.toml":   "[envs.docs.scripts]\nbuild = [\"echo a\", \"rm -rf /victim\"]\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`hatch run test:cov`, true},
		{`hatch run test:cov -v`, true},
		{`hatch -e test run cov`, true},
		{`hatch --env=test run cov`, true},
		{`HATCH_ENV=test hatch run cov`, true},
		{`hatch run test.py3.12:cov`, true},
		{`hatch run test:base`, true}, // inherited from default
		{`hatch run base`, true},
		{`cd h && hatch run docs:build`, true},
		{`hatch run test:rm -rf /victim`, true},
		{`hatch run wipe`, true},      // the project's console script
		{`hatch run test:wipe`, true}, // the same, in the test environment
		// Look-alikes: the script of another environment, an
		// environment that inherits nothing, a clean script.
		{`hatch run cov`, false},
		{`hatch run lint:base`, false},
		{`hatch run test:ok`, false},
		{`hatch run docs:build`, false},
		{`echo hatch run test:cov`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}

// TestHatchVenvPrograms: hatch run NAME runs NAME from the bin directory
// of its own environment (hatchenvs.go), not the project's .venv:
// {data}/env/virtual/PROJECT/HASH/NAME (data ~/.local/share/hatch,
// HATCH_DATA_DIR), the environment's path option (or
// HATCH_ENV_TYPE_VIRTUAL_PATH), the configuration's dirs.env.virtual
// inside the project (flat: DIR/NAME), for the environment -e, HATCH_ENV
// or ENV: name; "$(hatch env find [ENV])/bin/NAME" is the same file.
// Look-alikes: the project's .venv hatch does not use, a clean script,
// another environment's, a container environment.
func TestHatchVenvPrograms(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	root, _ = filepath.EvalSymlinks(root)
	home := filepath.Join(root, "home")
	bad := "#!/bin/sh\nrm -rf /victim\n"
	good := "#!/bin/sh\necho hi\n"
	hp := filepath.Join(home, "hp")
	data := filepath.Join(home, ".local/share/hatch/env/virtual/my-proj-x", poetryEnvHash(hp))
	alt := filepath.Join(root, "hd/env/virtual/my-proj-x", poetryEnvHash(hp))
	rel := func(p string) string { r, _ := filepath.Rel(root, p); return r }
	writeFiles(t, root, map[string]string{
		"home/hp/pyproject.toml":            "[project]\nname = \"My_Proj.x\"\n[tool.hatch.envs.box]\ntype = \"container\"\n",
		"home/hp/sub/keep":                  "",
		"home/hp/.venv/pyvenv.cfg":          "",
		"home/hp/.venv/bin/vwipe":           bad,
		rel(data) + "/my-proj-x/pyvenv.cfg": "",
		rel(data) + "/my-proj-x/bin/wipe":   bad,
		rel(data) + "/my-proj-x/bin/hello":  good,
		rel(data) + "/test/pyvenv.cfg":      "",
		rel(data) + "/test/bin/twipe":       bad,
		rel(data) + "/box/pyvenv.cfg":       "",
		rel(data) + "/box/bin/bwipe":        bad,
		rel(alt) + "/my-proj-x/pyvenv.cfg":  "",
		rel(alt) + "/my-proj-x/bin/dwipe":   bad,
		"home/hp/envs/x/pyvenv.cfg":         "",
		"home/hp/envs/x/bin/xwipe":          bad,
		"home/hq/pyproject.toml":            "[project]\nname = \"hq\"\n",
		"home/hq/.hatch/hq/pyvenv.cfg":      "",
		"home/hq/.hatch/hq/bin/qwipe":       bad,
		"cfg.toml":                          "[dirs.env]\nvirtual = \".hatch\"\n",
		"home/hr/pyproject.toml":            "[project]\nname = \"hr\"\n[tool.hatch.envs.default]\npath = \".venv\"\n",
		"home/hr/.venv/pyvenv.cfg":          "",
		"home/hr/.venv/bin/rwipe":           bad,
	})
	for _, tc := range []struct {
		dir, cmd string
		rm       bool
	}{
		{"hp", `hatch run wipe`, true},
		{"hp/sub", `hatch run wipe --all`, true},
		{"hp", `hatch run test:twipe`, true},
		{"hp", `hatch -e test run twipe`, true},
		{"hp", `HATCH_ENV=test hatch run twipe`, true},
		{"hp", `HATCH_DATA_DIR=` + root + `/hd hatch run dwipe`, true},
		{"hp", `hatch --data-dir ` + root + `/hd run dwipe`, true},
		{"hp", `HATCH_ENV_TYPE_VIRTUAL_PATH=envs/x hatch run xwipe`, true},
		{"hq", `HATCH_CONFIG=` + root + `/cfg.toml hatch run qwipe`, true},
		{"hr", `hatch run rwipe`, true},
		{"hp", `"$(hatch env find)/bin/wipe"`, true},
		{"hp", `"$(hatch env find test)/bin/twipe"`, true},
		// Look-alikes.
		{"hp", `hatch run vwipe`, false},
		{"hp", `hatch run hello`, false},
		{"hp", `hatch run twipe`, false},
		{"hp", `hatch run box:bwipe`, false},
		{"hq", `hatch run qwipe`, false},
		{"hp", `"$(hatch env find)/bin/hello"`, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: filepath.Join(home, tc.dir), Home: home, ReadFile: ReadScript})
		if err != nil {
			t.Fatalf("%q: %v", tc.cmd, err)
		}
		wantVictim(t, m, tc.dir+": "+tc.cmd, tc.rm)
	}
}
