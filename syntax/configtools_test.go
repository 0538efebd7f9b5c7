package syntax

import (
	"testing"
)

// TestConfigToolsReadTheirConfig: eslint, prettier, vite, webpack,
// rollup -c, stylelint, babel, next, tailwindcss and postcss import their
// *.config.js; bundle (and bundle exec) evaluates the Gemfile; cmake,
// configuring, runs CMakeLists.txt; pre-commit runs each hook's entry.
// Look-alikes: configurations that only configure, --help, cmake
// --build, rollup without -c, a pygrep hook whose pattern reads as a
// deletion, a config switched off, a directory without configuration.
func TestConfigToolsReadTheirConfig(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	js := "const { execSync } = require('child_process');\nexecSync('rm -rf /victim');\nmodule.exports = {};\n"
	writeFiles(t, dir, map[string]string{
		"e/eslint.config.mjs":   "import { rmSync } from 'node:fs';\nrmSync('/victim', { recursive: true, force: true });\nexport default [];\n",
		"e/other.config.js":     "module.exports = [];\n",
		"l/.eslintrc.cjs":       js,
		"p/prettier.config.js":  js,
		"p/.prettierrc.cjs":     "module.exports = { semi: false };\n",
		"v/vite.config.ts":      "import { execSync } from 'child_process'\nexecSync('rm -rf /victim')\nexport default {}\n",
		"w/webpack.config.js":   js,
		"r/rollup.config.mjs":   js,
		"s/custom.cjs":          js,
		"g/Gemfile":             "source 'https://rubygems.org'\nsystem('rm -rf /victim')\ngem 'rails'\n",
		"c/CMakeLists.txt":      "cmake_minimum_required(VERSION 3.16)\nproject(x)\nfile(REMOVE_RECURSE /victim)\n",
		"c2/src/CMakeLists.txt": "project(y)\nexecute_process(COMMAND rm -rf /victim)\n",
		"k/.pre-commit-config.yaml": "repos:\n-   repo: https://github.com/psf/black\n    rev: 24.1.0\n    hooks:\n    -   id: black\n" +
			"-   repo: local\n    hooks:\n    -   id: wipe\n        name: wipe\n        entry: rm -rf /victim\n        language: system\n",
		"k2/.pre-commit-config.yaml": "repos:\n  - repo: local\n    hooks:\n      - id: wipe\n        name: wipe\n        language: script\n        entry: >\n          bash -c 'rm -rf /victim'\n",
		// Look-alikes.
		"ok/eslint.config.js":   "import js from '@eslint/js';\nexport default [js.configs.recommended, { rules: { 'no-unused-vars': 'warn' } }];\n",
		"ok/prettier.config.js": "module.exports = { singleQuote: true, trailingComma: 'all' };\n",
		"ok/vite.config.ts":     "import { defineConfig } from 'vite'\nimport react from '@vitejs/plugin-react'\nexport default defineConfig({ plugins: [react()], build: { outDir: 'dist', emptyOutDir: true } })\n",
		"ok/webpack.config.js":  "const path = require('path');\nmodule.exports = { entry: './src/index.js', output: { path: path.resolve(__dirname, 'dist'), clean: true } };\n",
		"ok/Gemfile":            "source 'https://rubygems.org'\nruby '3.2.0'\ngem 'rails', '~> 7.1'\ngroup :test do\n  gem 'rspec'\nend\n",
		"ok/CMakeLists.txt": "cmake_minimum_required(VERSION 3.16)\nproject(app CXX)\nfind_package(Threads REQUIRED)\nfile(GLOB SRC src/*.cpp)\n" +
			"execute_process(COMMAND git rev-parse --short HEAD OUTPUT_VARIABLE REV)\nfile(REMOVE_RECURSE ${CMAKE_BINARY_DIR}/gen)\nadd_executable(app ${SRC})\n",
		"ok/.pre-commit-config.yaml": "repos:\n- repo: https://github.com/pre-commit/pre-commit-hooks\n  rev: v4.5.0\n  hooks:\n  - id: trailing-whitespace\n" +
			"- repo: local\n  hooks:\n  - id: no-rm\n    name: no rm -rf in scripts\n    entry: 'rm -rf /victim'\n    language: pygrep\n" +
			"  - id: tests\n    name: tests\n    entry: pytest -q\n    language: system\n    pass_filenames: false\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd e && eslint .`, true},
		{`cd e && npx eslint src`, true},
		{`cd e && pnpm exec eslint .`, true},
		{`cd l && eslint .`, true},
		{`cd p && prettier --write .`, true},
		{`cd v && vite build`, true},
		{`cd v && npx vite`, true},
		{`cd w && webpack --mode production`, true},
		{`cd r && rollup -c`, true},
		{`rollup --config r/rollup.config.mjs`, true},
		{`eslint -c s/custom.cjs .`, true},
		{`prettier --config=s/custom.cjs --check .`, true},
		{`cd g && bundle install`, true},
		{`cd g && bundle exec rspec`, true},
		{`bundle install --gemfile g/Gemfile`, true},
		// BUNDLE_GEMFILE names the Gemfile bundler evaluates.
		{`BUNDLE_GEMFILE=g/Gemfile bundle install`, true},
		{`BUNDLE_GEMFILE=g/Gemfile bundle exec rake test`, true},
		{`export BUNDLE_GEMFILE=../g/Gemfile; cd ok && bundle exec rspec`, true},
		{`cd ok && env BUNDLE_GEMFILE=../g/Gemfile bundle install`, true},
		{`cd c && cmake -S . -B build`, true},
		{`cd c && mkdir -p build && cd build && cmake ..`, true},
		{`cmake -S c2/src -B /tmp/b`, true},
		{`cd k && pre-commit run --all-files`, true},
		{`cd k && pre-commit`, true},
		{`cd k2 && pre-commit run`, true},
		// Look-alikes.
		{`cd e && eslint --help`, false},
		{`cd e && eslint -c other.config.js .`, false},
		{`cd e && eslint --no-config-lookup .`, false},
		{`cd r && rollup src/main.js -o out.js`, false},
		{`cd c && cmake --build build`, false},
		{`cd g && BUNDLE_GEMFILE=../ok/Gemfile bundle exec rake`, false}, // not ./Gemfile
		{`BUNDLE_GEMFILE=ok/Gemfile bundle install`, false},
		{`BUNDLE_GEMFILE=g/Gemfile bundle install --gemfile ok/Gemfile`, false}, // the option wins
		{`cd c && cmake -E echo hi`, false},
		// install sets up the git hook that runs these entries on the
		// next commit (hookmgr.go): judged as run; uninstall runs none.
		{`cd k && pre-commit install`, true},
		{`cd k && pre-commit uninstall`, false},
		{`cd ok && eslint . && prettier --check . && vite build && webpack && bundle install && cmake -S . -B build && pre-commit run -a`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
		if !tc.rm && len(m.Hidden) > 0 {
			t.Errorf("%s: hidden %+v", tc.cmd, m.Hidden)
		}
	}
}

// TestPreCommitHooks reads the entries of a configuration's hooks.
func TestPreCommitHooks(t *testing.T) {
	t.Parallel()
	got := preCommitHooks("# c\nrepos:\n- repo: local\n  hooks:\n  - id: a\n    entry: \"make lint\" # x\n    language: system\n" +
		"  - id: b\n    language: pygrep\n    entry: rm -rf\n  - id: c\n    entry: |\n      ./x.sh\n      echo hi\n    language: script\n  - id: d\n    language: fail\n    entry: do not\n")
	want := []string{"make lint", "./x.sh\necho hi"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("got %q, want %q", got, want)
	}
}
