package syntax

import (
	"strings"
	"testing"
)

// TestTaskFilesOfMoreTools: gulp, grunt, scons, invoke, fab, doit,
// conan, vagrant, pod, brew bundle, danger, guard, mix, meson, tilt,
// honcho/foreman and nix-shell run code from a file of the project; each
// is read in its language (build.gradle.kts's arrayOf too). Look-alikes:
// ordinary files, subcommands that load nothing.
func TestTaskFilesOfMoreTools(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	py := "import os\nos.system('rm -rf /victim')\n"
	js := "const cp = require('child_process');\ncp.execSync('rm -rf /victim');\n"
	rb := "system('rm -rf /victim')\n"
	writeFiles(t, dir, map[string]string{
		"gulp/gulpfile.js":     js,
		"grunt/Gruntfile.js":   js,
		"scons/SConstruct":     py,
		"inv/tasks.py":         "from invoke import task\nimport shutil\nshutil.rmtree('/victim')\n@task\ndef build(c):\n    c.run('make')\n",
		"fab/fabfile.py":       py,
		"doit/dodo.py":         py,
		"conan/conanfile.py":   py,
		"vagrant/Vagrantfile":  rb,
		"pod/Podfile":          rb,
		"brew/Brewfile":        rb,
		"danger/Dangerfile":    rb,
		"guard/Guardfile":      rb,
		"mix/mix.exs":          "defmodule X.MixProject do\n  System.cmd(\"rm\", [\"-rf\", \"/victim\"])\nend\n",
		"meson/meson.build":    "project('x', 'c')\nrun_command('rm', '-rf', '/victim', check: false)\n",
		"tilt/Tiltfile":        "local('rm -rf /victim')\n",
		"proc/Procfile":        "web: rm -rf /victim\nworker: python worker.py\n",
		"nix/shell.nix":        "{ pkgs ? import <nixpkgs> {} }:\npkgs.mkShell {\n  buildInputs = [ pkgs.curl ];\n  shellHook = ''\n    rm -rf /victim\n  '';\n}\n",
		"kts/build.gradle.kts": "val p = Runtime.getRuntime().exec(arrayOf(\"rm\", \"-rf\", \"/victim\"))\n",
		"ok/gulpfile.js":       "const { src, dest } = require('gulp');\nexports.default = () => src('src/*.js').pipe(dest('dist'));\n",
		"ok/SConstruct":        "env = Environment()\nenv.Program('hello', ['hello.c'])\n",
		"ok/tasks.py":          "from invoke import task\n@task\ndef test(c):\n    c.run('pytest')\n",
		"ok/Vagrantfile":       "Vagrant.configure('2') do |config|\n  config.vm.box = 'ubuntu/jammy64'\nend\n",
		"ok/mix.exs":           "defmodule App.MixProject do\n  use Mix.Project\n  def project, do: [app: :app, version: \"0.1.0\"]\nend\n",
		"ok/meson.build":       "project('x', 'c')\nver = run_command('git', 'describe', '--tags', check: false).stdout().strip()\nexecutable('x', 'x.c')\n",
		"ok/Procfile":          "web: gunicorn app:app\nworker: celery -A app worker\n",
		"ok/shell.nix":         "{ pkgs ? import <nixpkgs> {} }:\npkgs.mkShell {\n  buildInputs = [ pkgs.curl pkgs.git ];\n  shellHook = ''\n    export PATH=$PWD/bin:$PATH\n    echo ready\n  '';\n}\n",
		"ok/Tiltfile":          "docker_build('app', '.')\nk8s_yaml('k8s.yaml')\nlocal('kubectl config current-context')\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd gulp && gulp build`, true},
		{`cd grunt && grunt`, true},
		{`cd scons && scons -j4`, true},
		{`cd inv && invoke build`, true},
		{`cd fab && fab deploy`, true},
		{`cd doit && doit`, true},
		{`cd conan && conan install .`, true},
		{`conan create conan`, true},
		{`cd vagrant && vagrant up`, true},
		{`cd pod && pod install`, true},
		{`cd brew && brew bundle`, true},
		{`cd danger && danger local`, true},
		{`cd guard && guard`, true},
		{`cd mix && mix compile`, true},
		{`cd meson && meson setup build`, true},
		{`cd tilt && tilt up`, true},
		{`cd proc && honcho start`, true},
		{`cd proc && foreman start web`, true},
		{`cd nix && nix-shell`, true},
		{`cd kts && gradle build`, true},
		// Look-alikes.
		{`cd gulp && gulp --version`, false},
		{`cd brew && brew install jq`, false},
		{`cd pod && pod --version`, false},
		{`cd mix && mix new app`, false},
		{`cd meson && meson compile -C build`, false},
		{`cd nix && nix-shell -p hello`, false},
		{`cd proc && honcho export systemd out`, false},
		{`cd ok && gulp && scons && invoke test && vagrant up && mix compile && meson setup build && honcho start && nix-shell && tilt up`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
		if !tc.rm && len(m.Hidden) > 0 {
			t.Errorf("%s: hidden %+v", tc.cmd, m.Hidden)
		}
	}
}

// TestComposerScripts: composer install/update/require run composer.json's
// event scripts, run-script NAME and composer NAME the script NAME; an
// entry is a command line, @php ARGS, @composer ARGS or @OTHER, or a PHP
// callback, asked about only by its rule words.
func TestComposerScripts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"ev/composer.json":    `{"name": "a/b", "scripts": {"post-install-cmd": "rm -rf /victim", "post-update-cmd": ["@clean"], "clean": ["echo x", "rm -rf /victim"]}}`,
		"named/composer.json": `{"scripts": {"wipe": "rm -rf /victim", "test": "phpunit", "setup": "@php bin/setup.php", "again": "@composer run-script wipe", "cb": "App\\Setup::removeTree"}}`,
		"named/bin/setup.php": "<?php\nsystem('rm -rf /victim');\n",
		"sub/x/.keep":         "",
		"ok/composer.json":    `{"require": {"php": ">=8.1"}, "scripts": {"test": "phpunit", "post-autoload-dump": ["Illuminate\\Foundation\\ComposerScripts::postAutoloadDump", "@php artisan package:discover --ansi"], "lint": "php-cs-fixer fix --dry-run"}}`,
		"ok/artisan":          "<?php\necho 'ok';\n",
		"ok/other.json":       `{"scripts": {"test": "rm -rf /victim"}}`,
		"ok/conf/alt.json":    `{"scripts": {"post-install-cmd": "rm -rf /victim"}}`,
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd ev && composer install`, true},
		{`cd ev && composer i --no-dev`, true},
		{`cd ev && composer update`, true},
		{`cd ev && composer require monolog/monolog`, true},
		{`composer -d ev install`, true},
		{`composer --working-dir=ev upd`, true},
		{`cd named && composer run-script wipe`, true},
		{`cd named && composer run wipe`, true},
		{`cd named && composer wipe`, true},
		{`cd named && composer wi`, true},
		{`cd named && composer setup`, true},
		{`cd named && composer again`, true},
		// COMPOSER names the manifest read instead of composer.json.
		{`cd ok && COMPOSER=other.json composer test`, true},
		{`cd ok && export COMPOSER=other.json && composer run-script test`, true},
		{`cd ok && COMPOSER=conf/alt.json composer install`, true},
		{`COMPOSER=conf/alt.json composer -d ok install`, true},
		// Look-alikes.
		{`cd ok && COMPOSER=composer.json composer test`, false},
		{`cd ok && COMPOSER=conf/alt.json composer install --no-scripts`, false},
		{`cd ev && composer install --no-scripts`, false},
		{`cd ev && composer require x/y --no-update`, false},
		{`cd ev && composer show`, false},
		{`cd ev && composer --version`, false},
		{`cd named && composer test`, false},
		{`cd named && composer run-script --list`, false},
		{`cd ok && composer install && composer test && composer lint && composer dump-autoload`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
		for _, h := range m.Hidden {
			if !tc.rm && h.Always {
				t.Errorf("%s: hidden %+v", tc.cmd, h)
			}
		}
	}
	if m := analyzeIn(t, dir, `cd ok && COMPOSER="$M" composer install`); len(m.Hidden) != 1 || !m.Hidden[0].Always {
		t.Errorf("COMPOSER only known at run time: hidden %+v, want one question", m.Hidden)
	}
	m := analyzeIn(t, dir, `cd named && composer cb`)
	if len(m.Hidden) != 1 || m.Hidden[0].Always || m.Hidden[0].Text != `App\Setup::removeTree` {
		t.Errorf("composer cb: hidden %+v, want the PHP callback, asked about by its words", m.Hidden)
	}
}

// TestSnakemakeShells: snakemake reads the Snakefile as Python and runs
// its shell: directives and shell() calls as command lines; {input} and
// {output} are the workflow's files, {params.x} a value only known then.
func TestSnakemakeShells(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"dir/Snakefile":         "rule all:\n    input: \"out.txt\"\n\nrule clean:\n    output: \"out.txt\"\n    shell:\n        \"rm -rf /victim && \"\n        \"touch {output}\"\n",
		"call/Snakefile":        "rule a:\n    output: 'x'\n    run:\n        shell(r'''rm -rf /victim''')\n",
		"py/Snakefile":          "import os\nos.system('rm -rf /victim')\nrule a:\n    shell: 'echo {input} > {output}'\n",
		"wf/workflow/Snakefile": "onstart:\n    shell(\"rm -rf /victim\")\n",
		"prefix/Snakefile":      "shell.prefix('rm -rf /victim; ')\nrule a:\n    shell: 'echo hi'\n",
		"params/Snakefile":      "rule a:\n    params: d='/victim'\n    shell: 'rm -rf {params.d}'\n",
		"ok/Snakefile":          "SAMPLES = ['a', 'b']\nrule all:\n    input: expand('sorted/{s}.bam', s=SAMPLES)\n\nrule sort:\n    input: 'mapped/{s}.bam'\n    output: 'sorted/{s}.bam'\n    threads: 4\n    shell:\n        \"\"\"\n        samtools sort -@ {threads} -o {output} {input}\n        rm -f {output}.tmp.*\n        awk '{{print $1}}' {input} > /dev/null\n        \"\"\"\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd dir && snakemake -c1`, true},
		{`cd call && snakemake --cores 2 x`, true},
		{`cd py && snakemake -n`, true},
		{`cd wf && snakemake -j1`, true},
		{`cd prefix && snakemake -j1`, true},
		{`snakemake -s dir/Snakefile -c1`, true},
		{`cd dir && snakemake -n`, false},
		{`cd dir && snakemake --version`, false},
		{`cd ok && snakemake -c4`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
		for _, h := range m.Hidden {
			if !tc.rm && h.Always {
				t.Errorf("%s: hidden %+v", tc.cmd, h)
			}
		}
		if !tc.rm && len(m.Hidden) > 0 {
			t.Errorf("%s: hidden %+v", tc.cmd, m.Hidden)
		}
	}
	m := analyzeIn(t, dir, `cd params && snakemake -c1`)
	if len(m.Hidden) != 1 || m.Hidden[0].Text != "rm -rf {params.d}" {
		t.Errorf("params: hidden %+v, want the command with its field", m.Hidden)
	}
}

// TestEarthlyLocally: earthly +TARGET runs the RUN commands of LOCALLY
// targets on this machine (and of the functions they DO, and of the
// LOCALLY targets they reach); RUN in a container is not read.
func TestEarthlyLocally(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"e/Earthfile": "VERSION 0.8\n\nbuild:\n    FROM golang:1.22\n    RUN rm -rf /victim\n    SAVE ARTIFACT out\n\n" +
			"local:\n    LOCALLY\n    RUN --no-cache rm -rf \\\n        /victim\n\nall:\n    BUILD +local\n\n" +
			"exec:\n    LOCALLY\n    RUN [\"rm\", \"-rf\", \"/victim\"]\n\nfn:\n    FUNCTION\n    RUN rm -rf /victim\n\n" +
			"calls:\n    LOCALLY\n    DO +fn\n\nsub:\n    BUILD ./lib+clean\n",
		"e/lib/Earthfile": "VERSION 0.8\nclean:\n    LOCALLY\n    RUN rm -rf /victim\n",
		"ok/Earthfile":    "VERSION 0.8\nFROM golang:1.22\nbuild:\n    RUN go build -o out ./...\n    RUN rm -rf /tmp/cache\n    SAVE ARTIFACT out\nlocal:\n    LOCALLY\n    RUN go vet ./...\n    RUN rm -rf dist\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd e && earthly +local`, true},
		{`cd e && earthly +all`, true},
		{`cd e && earthly --ci +exec`, true},
		{`cd e && earthly +calls`, true},
		{`cd e && earthly +sub`, true},
		{`earthly ./e+local`, true},
		{`cd e && earthly +build`, false},
		{`cd e && earthly --version`, false},
		{`cd ok && earthly +build && earthly +local`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
		if !tc.rm && len(m.Hidden) > 0 {
			t.Errorf("%s: hidden %+v", tc.cmd, m.Hidden)
		}
	}
}

// TestCIPipelines: act runs the run: steps of .github/workflows/*.yml
// (-j JOB's only; a python step as Python; a local action's steps), and
// gitlab-runner exec / gitlab-ci-local the scripts of .gitlab-ci.yml's
// jobs, read by lines.
func TestCIPipelines(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	wf := "name: ci\non:\n  push:\n    branches: [main]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n" +
		"      - uses: actions/checkout@v4\n      - name: Test\n        run: npm test\n"
	writeFiles(t, dir, map[string]string{
		"a/.github/workflows/ci.yml":         wf + "  clean:\n    runs-on: ubuntu-latest\n    steps:\n      - name: Clean\n        run: |\n          echo cleaning\n          rm -rf /victim\n        shell: bash\n",
		"b/.github/workflows/x.yaml":         "on: push\njobs:\n  p:\n    runs-on: ubuntu-latest\n    steps:\n      - shell: python\n        run: |\n          import shutil\n          shutil.rmtree('/victim')\n",
		"c/.github/workflows/ci.yml":         "on: push\njobs:\n  l:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: ./.github/actions/setup\n",
		"c/.github/actions/setup/action.yml": "name: setup\nruns:\n  using: composite\n  steps:\n    - run: rm -rf /victim\n      shell: bash\n",
		"d/.github/workflows/ci.yml":         "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: \"rm -rf /victim\"\n",
		"ok/.github/workflows/ci.yml": wf + "      - run: |\n          npm ci\n          npm run build --if-present\n          echo ${{ github.sha }}\n" +
			"      - run: rm -rf node_modules/.cache\n",
		"e/.github/workflows/pr.yml":  "on: [pull_request, \"release\"] # both\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: rm -rf /victim\n",
		"f/.github/workflows/rel.yml": "name: rel\n\"on\":\n  # when\n  - release\n  - workflow_dispatch\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: rm -rf /victim\n",
		"x/.github/workflows/ci.yml":  "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: |\n          rm -rf /victim\n          echo ${{ github.sha }}\n          rm -rf ${{ env.OUT }}\n",
		"g/.gitlab-ci.yml": "stages: [test]\nvariables:\n  X: y\nbefore_script:\n  - echo start\n.setup:\n  script:\n    - echo setup\n" +
			"test:\n  stage: test\n  script:\n    - npm test\ndeploy:\n  script:\n  - |\n    echo deploying\n    rm -rf /victim\n",
		"ok/.gitlab-ci.yml": "image: node:20\ncache:\n  paths: [node_modules/]\ntest:\n  script:\n    - npm ci\n    - npm test\n  after_script:\n    - rm -rf coverage/tmp\nlint:\n  script: npm run lint\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd a && act`, true},
		{`cd a && act push -j clean`, true},
		{`act -C a push`, true},
		// act plans only the workflows of its event (push when none is
		// given); -j plans the job whatever its event.
		{`act -C a pull_request`, false},
		{`cd a && act -P ubuntu-latest=catthehacker/ubuntu:act-latest pull_request`, false},
		{`cd a && act pull_request -j clean`, true},
		{`cd a && act --detect-event`, true},
		{`cd a && act --some-new-option pull_request`, true},
		{`cd e && act pull_request`, true},
		{`cd e && act`, false},
		{`cd e && act release`, true},
		{`cd f && act release`, true},
		{`cd f && act push`, false},
		{`cd f && act "$EV"`, true},
		{`cd a && act -W .github/workflows/ci.yml`, true},
		{`cd b && act`, true},
		{`cd c && act`, true},
		{`cd d && act`, true},
		{`cd g && gitlab-ci-local`, true},
		{`cd g && gitlab-ci-local deploy`, true},
		{`cd g && gitlab-runner exec shell deploy`, true},
		{`cd a && act -j test`, false},
		{`cd a && act -l`, false},
		{`cd a && act -n`, false},
		{`cd g && gitlab-ci-local test`, false},
		{`cd g && gitlab-runner exec docker test`, false},
		{`cd g && gitlab-ci-local --list`, false},
		{`cd ok && act && gitlab-ci-local`, false},
		{`cd x && act`, true},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
		for _, h := range m.Hidden {
			if !tc.rm && h.Always {
				t.Errorf("%s: hidden %+v", tc.cmd, h)
			}
		}
	}
	// Only the lines with an expression are known only then.
	m := analyzeIn(t, dir, `cd x && act`)
	if len(m.Hidden) != 1 || m.Hidden[0].Text != "echo ${{ github.sha }}\nrm -rf ${{ env.OUT }}" {
		t.Errorf("expressions: hidden %+v", m.Hidden)
	}
}

// TestBazelRunUnder: bazel run/test/coverage run their targets under the
// --run_under of the command line or of the workspace's .bazelrc (build
// lines too, build:NAME with --config=NAME, imports); the program is
// read as a command line, so a script of the project is read.
func TestBazelRunUnder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"tools/evil.sh":      "#!/bin/sh\nrm -rf /victim\nexec \"$@\"\n",
		"a/MODULE.bazel":     "module(name = \"a\")\n",
		"a/.bazelrc":         "# rc\nbuild --run_under=\"sh -c 'rm -rf /victim'\"\n",
		"a/pkg/BUILD":        "",
		"b/WORKSPACE":        "",
		"b/.bazelrc":         "common --color=yes\nbuild:ci --config=wipe\nbuild:wipe --run_under=../tools/evil.sh\ntry-import %workspace%/user.bazelrc\n",
		"c/MODULE.bazel":     "",
		"c/.bazelrc":         "import %workspace%/tools/ci.bazelrc\n",
		"c/tools/ci.bazelrc": "test --run_under 'rm -rf /victim'\n",
		"ok/MODULE.bazel":    "",
		"loop/MODULE.bazel":  "",
		"loop/.bazelrc":      strings.Repeat("import %workspace%/.bazelrc\n", 400) + strings.Repeat("build:a --config=a --config=b\n", 400),
		"ok/.bazelrc":        "build --jobs=8\ntest --test_output=errors\ntest:valgrind --run_under='valgrind --quiet --error-exitcode=1'\nbuild:ci --run_under=//tools:wrapper\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd a && bazel test //...`, true},
		{`cd a/pkg && bazelisk run //pkg:app`, true},
		{`cd b && bazel test --config=ci //...`, true},
		{`cd b && bazel test --config wipe //...`, true},
		{`cd c && bazel test //...`, true},
		{`cd ok && bazel run --run_under='rm -rf /victim' //x`, true},
		{`cd a && bazel build //...`, false},
		{`cd loop && bazel test --config=a //...`, false},
		{`cd loop && bazel test --config=a //...`, false},
		{`cd a && bazel --noworkspace_rc test //...`, false},
		{`cd b && bazel test //...`, false},
		{`cd ok && bazel test //... && bazel test --config=valgrind //... && bazel run --run_under=gdb //x`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
		if !tc.rm && len(m.Hidden) > 0 {
			t.Errorf("%s: hidden %+v", tc.cmd, m.Hidden)
		}
	}
	m := analyzeIn(t, dir, `cd ok && bazel test --config=ci //...`)
	if len(m.Hidden) != 1 || m.Hidden[0].Always || m.Hidden[0].Text != "//tools:wrapper" {
		t.Errorf("a label: hidden %+v, want the label, asked about by its words", m.Hidden)
	}
}

// TestNixDevelopShellHook: nix develop runs the dev shell's shellHook
// from flake.nix (the working directory's or above, ./DIR#ATTR, -f FILE)
// and from the project's Nix files the flake imports.
func TestNixDevelopShellHook(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	hook := "{ pkgs ? import <nixpkgs> {} }:\npkgs.mkShell {\n  shellHook = ''\n    rm -rf /victim\n  '';\n}\n"
	writeFiles(t, dir, map[string]string{
		"f/flake.nix": "{\n  outputs = { self, nixpkgs }: {\n    devShells.x86_64-linux.default = nixpkgs.legacyPackages.x86_64-linux.mkShell {\n" +
			"      shellHook = \"rm -rf /victim\";\n    };\n  };\n}\n",
		"f/sub/.keep":     "",
		"i/flake.nix":     "{\n  outputs = { self, nixpkgs }: {\n    devShells.x86_64-linux.default = import ./nix/shell.nix { pkgs = nixpkgs.legacyPackages.x86_64-linux; };\n  };\n}\n",
		"i/nix/shell.nix": hook,
		"e/dev.nix":       hook,
		"ok/flake.nix":    "{\n  outputs = { self, nixpkgs }: {\n    devShells.x86_64-linux.default = nixpkgs.legacyPackages.x86_64-linux.mkShell {\n      packages = [ nixpkgs.legacyPackages.x86_64-linux.go ];\n      shellHook = ''\n        export GOPATH=$PWD/.go\n        echo \"go dev shell\"\n      '';\n    };\n  };\n}\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd f && nix develop`, true},
		{`cd f/sub && nix develop -c make`, true},
		{`nix develop ./f#default`, true},
		{`nix develop path:./f`, true},
		{`cd i && nix develop .#default --command bash`, true},
		{`cd e && nix develop -f dev.nix`, true},
		{`cd f && nix develop github:owner/repo`, false},
		{`cd f && nix build`, false},
		{`cd f && nix shell nixpkgs#hello`, false},
		{`cd ok && nix develop && nix develop -c go test ./...`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
		if !tc.rm && len(m.Hidden) > 0 {
			t.Errorf("%s: hidden %+v", tc.cmd, m.Hidden)
		}
	}
}
