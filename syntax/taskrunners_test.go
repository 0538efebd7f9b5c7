package syntax

import (
	"slices"
	"strings"
	"testing"
)

// TestTaskRunners: the text a task runner runs from a file of the project
// is modelled as the commands it is (the calls named here, besides the
// runner), and the parts only known when the runner runs are hidden code.
// Look-alikes: listing, dry runs and help run nothing, and a recipe not
// named does not run.
func TestTaskRunners(t *testing.T) {
	t.Parallel()
	justfile := "set dotenv-load\nversion := `git describe`\n\n# the default\nbuild: gen\n    cc main.c\n\ngen:\n    @echo gen\n\nclean:\n    -rm -rf dist\n\nalias c := clean\n\ndeploy target: build && notify\n    echo {{target}}\n\nnotify:\n    curl https://example.com/hook\n\npy:\n    #!/usr/bin/env python3\n    import shutil\n    shutil.rmtree('out')\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		cmd   string
		calls []string // the calls besides the first, in order
		hides int      // how many hidden-code entries
	}{
		{"just default", map[string]string{"justfile": justfile}, "just", []string{"git", "echo", "cc"}, 0},
		{"just named", map[string]string{"justfile": justfile}, "just clean", []string{"git", "rm"}, 0},
		{"just alias", map[string]string{"justfile": justfile}, "just c", []string{"git", "rm"}, 0},
		{"just deps after &&", map[string]string{"justfile": justfile}, "just deploy prod", []string{"git", "echo", "cc", "curl"}, 1},
		{"just shebang", map[string]string{"justfile": justfile}, "just py", []string{"git", "rm"}, 0},
		{"just -f", map[string]string{"x/tasks.just": "t:\n\trm -rf ~\n"}, "just -f x/tasks.just t", []string{"rm"}, 0},
		{"just -d", map[string]string{"sub/Justfile": "t:\n\trm -rf ~\n"}, "just -d sub t", []string{"rm"}, 0},
		{"just upwards", map[string]string{".justfile": "t:\n\trm -rf ~\n", "a/b/keep": ""}, "cd a/b && just t", []string{"just", "rm"}, 0},
		{"just import", map[string]string{"justfile": "import 'more.just'\n", "more.just": "z:\n  rm -rf ~\n"}, "just z", []string{"rm"}, 0},
		{"just --command", nil, "just --command rm -rf x", []string{"rm"}, 0},
		{"just module", map[string]string{"justfile": "mod tools\n"}, "just tools::zap", nil, 1},
		{"just --shell", map[string]string{"justfile": "t:\n  print(1)\n"}, "just --shell python3 t", nil, 1},
		{"just set shell", map[string]string{"justfile": "set shell := [\"python3\", \"-c\"]\nt:\n  print(1)\n"}, "just t", nil, 1},
		{"just --list", map[string]string{"justfile": justfile}, "just --list", nil, 0},
		{"just -n", map[string]string{"justfile": justfile}, "just -n clean", nil, 0},
		{"just not a recipe", map[string]string{"justfile": justfile}, "just nothing", []string{"git"}, 0},
		{"deno task", map[string]string{"deno.json": `{"tasks": {"dev": "rm -rf dist && vite"}}`}, "deno task dev", []string{"rm", "vite"}, 0},
		{"deno task jsonc deps", map[string]string{"deno.jsonc": "{\n // tasks\n \"tasks\": {\"a\": {\"command\": \"echo a\", \"dependencies\": [\"b\"]}, \"b\": \"curl -O https://x.test/f\",},\n}"}, "deno task a", []string{"curl", "echo"}, 0},
		{"deno task package.json", map[string]string{"package.json": `{"scripts": {"t": "rm -rf x"}}`}, "deno task t", []string{"rm"}, 0},
		{"deno task --eval", nil, "deno task --eval 'rm -rf x'", []string{"rm"}, 0},
		{"deno task list", map[string]string{"deno.json": `{"tasks": {"dev": "rm -rf dist"}}`}, "deno task", nil, 0},
		{"rake sh", map[string]string{"Rakefile": "task :default do\n  sh \"rm -rf ~\"\nend\n"}, "rake", []string{"rm"}, 0},
		{"rake FileUtils", map[string]string{"Rakefile": "task :clean do\n  rm_rf 'pkg'\n  rm_f ENV['X']\nend\n"}, "rake clean", []string{"rm"}, 1},
		{"rake -f", map[string]string{"tasks/build.rb": "sh 'curl -O https://x.test/f'\n"}, "rake -f tasks/build.rb", []string{"curl"}, 0},
		{"rake -e", nil, "rake -e 'system(\"rm -rf x\")'", []string{"rm"}, 0},
		{"rake look-alike", map[string]string{"Rakefile": "desc 'run sh'\ntask :sh do\n  puts 'rm it'\nend\n"}, "rake sh", nil, 0},
		{"rake --version", map[string]string{"Rakefile": "sh 'rm -rf x'\n"}, "rake --version", nil, 0},
		{"tox", map[string]string{"tox.ini": "[tox]\nenv_list = py\n\n[testenv]\ndeps = pytest\ncommands_pre =\n    rm -rf build\ncommands =\n    pytest {posargs}\n    - python -c 'print(1)'\n\n[testenv:lint]\ncommands = ruff check\n"}, "tox", []string{"rm", "python", "ruff"}, 1},
		{"tox -c", map[string]string{"ci/tox.ini": "[testenv]\ncommands = curl \\\n  -O https://x.test/f\n"}, "tox run -c ci/tox.ini", []string{"curl"}, 0},
		{"tox exec", nil, "tox exec -e py -- rm -rf x", []string{"rm"}, 0},
		{"python -m tox", map[string]string{"tox.ini": "[testenv]\ncommands = rm -rf x\n"}, "python3 -m tox -e py", []string{"rm"}, 0},
		// The configuration in setup.cfg, pyproject.toml or tox.toml,
		// in tox 4's order per directory and tox 3's name by name.
		{"tox setup.cfg", map[string]string{"setup.cfg": "[metadata]\nname = x\n\n[tox:tox]\nenvlist = py\n\n[testenv]\ncommands = rm -rf x\n"}, "tox", []string{"rm"}, 0},
		{"tox setup.cfg without tox:tox", map[string]string{"setup.cfg": "[metadata]\nname = x\n\n[testenv]\ncommands = rm -rf x\n"}, "tox", nil, 0},
		{"tox legacy_tox_ini", map[string]string{"pyproject.toml": "[project]\nname = \"x\"\n\n[tool.tox]\nlegacy_tox_ini = \"\"\"\n[tox]\nenvlist = py\n[testenv]\ncommands =\n    rm -rf x\n\"\"\"\n"}, "tox -e py", []string{"rm"}, 0},
		{"tox native pyproject", map[string]string{"pyproject.toml": "[tool.tox]\nenv_list = [\"py\", \"lint\"]\n\n[tool.tox.env_run_base]\ncommands = [[\"pytest\", { replace = \"posargs\", extend = true }]]\n\n[tool.tox.env.lint]\ncommands_pre = [[\"curl\", \"-O\", \"https://x.test/f\"]]\ncommands = [[\"rm\", \"-rf\", \"x\"]]\n"}, "tox", []string{"curl", "rm"}, 1},
		{"tox.toml", map[string]string{"tox.toml": "env_list = [\"py\"]\n[env_run_base]\ncommands = [[\"rm\", \"-rf\", \"x\"]]\n"}, "tox", []string{"rm"}, 0},
		{"tox.ini before setup.cfg", map[string]string{"tox.ini": "[testenv]\ncommands = ruff check\n", "setup.cfg": "[tox:tox]\n[testenv]\ncommands = rm -rf x\n"}, "tox", []string{"ruff"}, 0},
		{"tox 3 takes a parent's pyproject", map[string]string{"pyproject.toml": "[tool.tox]\nlegacy_tox_ini = '''\n[testenv]\ncommands = rm -rf x\n'''\n", "sub/tox.ini": "[testenv]\ncommands = ruff check\n"}, "cd sub && tox", []string{"tox", "ruff", "rm"}, 0},
		{"tox parent setup.cfg", map[string]string{"setup.cfg": "[tox:tox]\n[testenv]\ncommands = rm -rf x\n", "sub/keep": ""}, "cd sub && tox", []string{"tox", "rm"}, 0},
		{"tox -c pyproject", map[string]string{"ci/pyproject.toml": "[tool.tox.env_run_base]\ncommands = [[\"rm\", \"-rf\", \"x\"]]\n"}, "tox -c ci/pyproject.toml", []string{"rm"}, 0},
		{"tox plain pyproject", map[string]string{"pyproject.toml": "[project]\nname = \"x\"\n[tool.pytest.ini_options]\naddopts = \"-q\"\n", "setup.cfg": "[metadata]\nname = x\n"}, "tox -e py", nil, 0},
		{"tox list", map[string]string{"tox.ini": "[testenv]\ncommands = rm -rf x\n"}, "tox list", nil, 0},
		{"pip install .", map[string]string{"setup.py": "import os\nos.system('rm -rf x')\n"}, "pip install .", []string{"rm"}, 0},
		{"pip install -e DIR[extra]", map[string]string{"lib/setup.py": "import subprocess\nsubprocess.run(['curl', '-O', 'https://x.test/f'])\n"}, "pip install -e './lib[dev]'", []string{"curl"}, 0},
		{"python -m pip", map[string]string{"setup.py": "import os\nos.system('rm -rf x')\n"}, "python3 -m pip install --no-deps .", []string{"rm"}, 0},
		{"pip install a package", map[string]string{"setup.py": "import os\nos.system('rm -rf x')\n"}, "pip install requests", nil, 0},
		{"pip uninstall", map[string]string{"setup.py": "import os\nos.system('rm -rf x')\n"}, "pip uninstall .", nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			writeFiles(t, dir, tc.files)
			m, err := Analyze(tc.cmd, Options{Cwd: dir, ReadFile: ReadScript})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range m.Calls[1:] {
				if c.Name != "cd" {
					got = append(got, c.Name)
				}
			}
			if !slices.Equal(got, tc.calls) {
				t.Errorf("calls = %q, want %q", got, tc.calls)
			}
			var hides []string
			for _, h := range m.Hidden {
				hides = append(hides, h.What)
			}
			if len(hides) != tc.hides {
				t.Errorf("hidden = %q, want %d", hides, tc.hides)
			}
		})
	}
}

// TestTaskRunnerWrittenFile: a task file written earlier in the same
// command is the one the runner reads.
func TestTaskRunnerWrittenFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, cmd := range []string{
		`printf 'x:\n\trm -rf y\n' > justfile; just x`,
		`echo '{"tasks": {"x": "rm -rf y"}}' > deno.json && deno task x`,
		`cat > Rakefile <<'E'
task(:x) { sh 'rm -rf y' }
E
rake x`,
		`printf '[testenv]\ncommands = rm -rf y\n' > tox.ini; tox`,
		`echo 'import shutil; shutil.rmtree("y")' > setup.py; pip install .`,
	} {
		m, err := Analyze(cmd, Options{Cwd: dir, ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, c := range m.Calls {
			found = found || c.Name == "rm" && strings.Contains(strings.Join(c.Words(), " "), "y")
		}
		if !found {
			t.Errorf("%s: the rm of the written file is not modelled", cmd)
		}
	}
}
