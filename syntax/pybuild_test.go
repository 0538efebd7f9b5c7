package syntax

import (
	"slices"
	"testing"
)

// TestPyprojectCode: the files pyproject.toml makes a build run, from PEP
// 517 (backend-path), hatchling's custom build hook, pdm-backend's
// pdm_build.py and poetry's build script.
func TestPyprojectCode(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		toml string
		want []string
	}{
		{"[build-system]\nrequires = []\nbuild-backend = \"backend\"\nbackend-path = [\"_build\"]\n", []string{"_build/backend.py", "_build/backend/__init__.py"}},
		{"[build-system]\nbuild-backend = 'my.back:api' # in tree\nbackend-path = [\n  \".\",\n  'b'\n]\n", []string{"my/back.py", "my/back/__init__.py", "b/my/back.py", "b/my/back/__init__.py"}},
		{"[build-system]\nbuild-backend = \"hatchling.build\"\n[tool.hatch.build.hooks.custom]\n", []string{"hatch_build.py"}},
		{"[tool.hatch.build.targets.wheel.hooks.custom]\npath = \"tools/hook.py\"\n", []string{"tools/hook.py"}},
		{"[build-system]\nbuild-backend = \"pdm.backend\"\n", []string{"pdm_build.py"}},
		{"[tool.poetry.build]\nscript = \"build.py\"\n", []string{"build.py"}},
		{"[tool.poetry]\nname = \"x\"\nbuild = \"make_ext.py\"\n", []string{"make_ext.py"}},
		// Look-alikes: a backend from the index, keys of other tables.
		{"[build-system]\nrequires = [\"setuptools\"]\nbuild-backend = \"setuptools.build_meta\"\n", nil},
		{"[project]\nname = \"backend-path\"\n[tool.other]\nbackend-path = [\"x\"]\nscript = \"y.py\"\n", nil},
	} {
		if got := pyprojectCode(tc.toml); !slices.Equal(got, tc.want) {
			t.Errorf("pyprojectCode(%q) = %q, want %q", tc.toml, got, tc.want)
		}
	}
}

// TestPythonBuildReadsProjectCode: the build front ends run that code.
func TestPythonBuildReadsProjectCode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := "import os\nos.system('rm -rf /victim')\n"
	writeFiles(t, dir, map[string]string{
		"a/pyproject.toml":    "[build-system]\nbuild-backend = \"backend\"\nbackend-path = [\"_build\"]\n",
		"a/_build/backend.py": bad,
		"h/pyproject.toml":    "[tool.hatch.build.hooks.custom]\n",
		"h/hatch_build.py":    bad,
		"ok/pyproject.toml":   "[build-system]\nbuild-backend = \"setuptools.build_meta\"\n",
		"ok/tools.py":         bad,
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd a && pip install .`, true},
		{`pip install -e ./a`, true},
		{`cd a && python3 -m build`, true},
		{`python3 -m build a`, true},
		{`cd a && uv build`, true},
		{`uv build a`, true},
		{`cd a && uv sync`, true},
		{`cd a && uv pip install .`, true},
		{`cd a && poetry install`, true},
		{`cd a && pdm install`, true},
		{`cd h && hatch build`, true},
		{`cd h && pip wheel .`, true},
		// Look-alikes.
		{`cd a && poetry install --no-root`, false},
		{`cd a && pip install requests`, false},
		{`cd ok && pip install .`, false},
		{`cd a && uv lock`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}
