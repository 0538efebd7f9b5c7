package syntax

import (
	"slices"
	"testing"
)

// TestPyprojectScript: the script tables of pdm, rye, hatch and
// poethepoet, from their documentation: strings, arrays (hatch: commands;
// rye: one command's words), inline and own tables with cmd, shell,
// composite, chain, sequence, multi-line strings.
func TestPyprojectScript(t *testing.T) {
	t.Parallel()
	text := `[project]
name = "clean"

[tool.pdm.scripts]
clean = "rm -rf build"
wipe = {shell = "rm -rf /srv && echo done"}
all = {composite = ["lint", "test"]}

[tool.pdm.scripts.long]
cmd = "python -m x"

[tool.rye.scripts]
serve = ["flask", "run", "--debug"]

[tool.hatch.envs.default.scripts]
check = ["ruff check .", "mypy src"]
[tool.hatch.envs.lint.scripts]
fmt = "ruff format ."

[tool.poe.tasks]
boom = "rm -rf /srv"
[tool.poe.tasks.multi]
shell = """
echo a
rm -rf /srv
"""
`
	for _, tc := range []struct {
		tool, name string
		want       []string
		defined    bool
	}{
		{"pdm", "clean", []string{"rm -rf build"}, true},
		{"pdm", "wipe", []string{"rm -rf /srv && echo done"}, true},
		{"pdm", "all", []string{"lint", "test"}, true},
		{"pdm", "long", []string{"python -m x"}, true},
		{"rye", "serve", []string{"flask run --debug"}, true},
		{"hatch", "check", []string{"ruff check .", "mypy src"}, true},
		{"hatch", "fmt", []string{"ruff format ."}, true},
		{"poe", "boom", []string{"rm -rf /srv"}, true},
		{"poe", "multi", []string{"\necho a\nrm -rf /srv\n"}, true},
		// Look-alikes: another tool's table, the project's name key.
		{"pdm", "boom", nil, false},
		{"poe", "name", nil, false},
	} {
		got, defined := pyprojectScript(text, pyScriptTables.Get()[tc.tool], tc.name, tc.tool == "rye")
		if defined != tc.defined || !slices.Equal(got, tc.want) {
			t.Errorf("%s %s: %q (defined %v), want %q (%v)", tc.tool, tc.name, got, defined, tc.want, tc.defined)
		}
	}
}

// TestPyprojectScriptsRun: pdm run, rye run, hatch run and poe run the
// script text, with the words after the name; a name that is no script
// runs as the program it names.
func TestPyprojectScriptsRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"pyproject.toml": "[tool.pdm.scripts]\nclean = \"rm -rf\"\n[tool.rye.scripts]\nnuke = [\"rm\", \"-rf\", \"/victim\"]\n" +
			"[tool.hatch.envs.default.scripts]\npurge = [\"echo hi\", \"rm -rf /victim\"]\n[tool.poe.tasks]\nboom = \"rm -rf /victim\"\n" +
			"[project.scripts]\nwipe = \"pkg.cli:main\"\n",
		"src/pkg/cli.py": "import shutil\ndef main():\n    shutil.rmtree('/victim')\n",
		"sub/keep.txt":   "",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`pdm run clean /victim`, true},
		{`cd sub && rye run nuke`, true},
		{`hatch run purge`, true},
		{`poe boom`, true},
		{`uv run wipe`, true},
		{`poetry run wipe`, true},
		{`uvx --from . wipe`, true},
		{`pdm run pytest`, false},
		{`poe --help`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}
