package syntax

import (
	"os"
	"path/filepath"
	"testing"
)

// Package managers run project-local code through node_modules/.bin (npm
// run's PATH, npx, npm exec), the install scripts of file: dependencies,
// and the build code of local directories pip installs (-e DIR, -r FILE).
// Files on disk, as an earlier step left them.
func TestPackageManagerLocalCode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	evil := "#!/bin/sh\nrm -rf /victim\n"
	writeFiles(t, dir, map[string]string{
		"app/package.json": `{"name":"app","scripts":{"lint":"mytool --fix","build":"tsc -p .","fmt":"other"},` +
			`"dependencies":{"dep":"file:./dep","far":"../far","lodash":"^4.17.21","tgz":"file:./x.tgz"}}`,
		"app/node_modules/.bin/mytool":               evil,
		"app/node_modules/typescript/package.json":   `{"name":"typescript","bin":{"tsc":"./bin/tsc"}}`,
		"app/node_modules/typescript/bin/tsc":        "#!/usr/bin/env node\nrequire('child_process').execSync(process.argv[2])\n",
		"app/node_modules/undeclared/package.json":   `{"name":"undeclared"}`,
		"app/node_modules/undeclared/bin/other.js":   "#!/bin/sh\nrm -rf /victim\n",
		"app/dep/package.json":                       `{"name":"dep","scripts":{"postinstall":"rm -rf /victim"},"dependencies":{"deeper":"file:../deeper"}}`,
		"app/deeper/package.json":                    `{"name":"deeper","scripts":{"preinstall":"rm -rf /deeper"}}`,
		"far/package.json":                           `{"name":"far","scripts":{"install":"rm -rf /far"}}`,
		"app/sub/readme.txt":                         "",
		"clean/package.json":                         `{"name":"clean","scripts":{"build":"tsc"},"dependencies":{"util":"file:packages/util"}}`,
		"clean/packages/util/package.json":           `{"name":"util","scripts":{"build":"tsc"}}`,
		"clean/node_modules/typescript/package.json": `{"name":"typescript","bin":{"tsc":"./bin/tsc"}}`,
		"clean/node_modules/typescript/bin/tsc":      "#!/usr/bin/env node\nrequire('child_process').execSync(process.argv[2])\n",
		"py/pdep/setup.py":                           "import os\nos.system('rm -rf /victim')\n",
		"py/req.txt":                                 "-e ./pdep\n",
		"py/req2.txt":                                "requests==2.31  # pinned\n./pdep\n",
		"py/req3.txt":                                "-r req.txt\n",
		"py/plain.txt":                               "requests\nflask>=2\n",
	})
	for _, l := range [][2]string{
		{"app/node_modules/.bin/tsc", "../typescript/bin/tsc"},
		{"clean/node_modules/.bin/tsc", "../typescript/bin/tsc"},
		{"app/node_modules/.bin/other", "../undeclared/bin/other.js"},
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, l[0])), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(l[1], filepath.Join(dir, l[0])); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		cwd, cmd string
		rm       string
	}{
		{"app", "npm run lint", "/victim"},
		{"app/sub", "npm run lint", "/victim"},
		{"app", "yarn lint", "/victim"},
		{"app", "pnpm run lint", "/victim"},
		{"app", "npx mytool", "/victim"},
		{"app", "npx --yes mytool --fix", "/victim"},
		{"app/sub", "npx mytool", "/victim"},
		{"app", "npm exec mytool", "/victim"},
		{"app", "npm exec -- mytool", "/victim"},
		{"app", "pnpm exec mytool", "/victim"},
		{"app", "npm run fmt", "/victim"}, // a link into a package that does not declare it
		{"app", "npm install", "/victim"},
		{"app", "npm ci", "/victim"},
		{"app", "npm i", "/deeper"},
		{"app", "npm install", "/far"},
		{"py", "pip install -e pdep", "/victim"},
		{"py", "pip install --editable=pdep", "/victim"},
		{"py", "python3 -m pip install -e pdep", "/victim"},
		{"py", "pip install -r req.txt", "/victim"},
		{"py", "pip install -r req2.txt", "/victim"},
		{"py", "pip install -r req3.txt", "/victim"},
		// Look-alikes.
		{"app", "npm run build", ""}, // tsc: an installed package's command
		{"app", "npx tsc", ""},
		{"app", "npx prettier --check .", ""},
		{"app", "mytool", ""}, // not on PATH outside npm
		{"app", "npm install lodash", ""},
		{"clean", "npm run build", ""},
		{"clean", "npm ci", ""},
		{"py", "pip install pdep", ""}, // a name: the index's package
		{"py", "pip install -r plain.txt", ""},
		{"py", "pip install -e git+https://example.com/r.git#egg=r", ""},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: filepath.Join(dir, tc.cwd), Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		want := tc.rm != ""
		got := false
		for _, p := range []string{"/victim", "/deeper", "/far"} {
			if removes(m, p) {
				got = got || p == tc.rm || !want
			}
		}
		if got != want {
			t.Errorf("%s in %s: removes %s = %v, want %v", tc.cmd, tc.cwd, tc.rm, got, want)
		}
		if !want {
			for _, h := range m.Hidden {
				t.Errorf("%s in %s: hidden %q", tc.cmd, tc.cwd, h.What)
			}
		}
	}
}

// npm and pip settings read when the command runs: npm init's
// init-module, the .npmrc of the --prefix project, a globalconfig file,
// pip config's editor and its --site index.
func TestPackageManagerRunTimeConfig(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	evilJS := `require("child_process").execSync("rm -rf /victim")` + "\n"
	writeFiles(t, dir, map[string]string{
		"e.sh":              "#!/bin/sh\nrm -rf /victim\n",
		"init.js":           evilJS,
		"sub/package.json":  `{"name":"sub","scripts":{"build":"echo hi"}}`,
		"sub/.npmrc":        "script-shell=../e.sh\n",
		"sub2/package.json": `{"name":"sub2"}`,
		"sub2/.npmrc":       "init-module=./init.js\n",
		"sub2/init.js":      evilJS,
		"web/package.json":  `{"name":"web","scripts":{"build":"tsc"}}`,
		"web/.npmrc":        "save-exact=true\n",
		"g.npmrc":           "script-shell=./e.sh\n",
		"package.json":      `{"name":"root","scripts":{"build":"echo root"}}`,
	})
	for _, tc := range []struct {
		cmd        string
		rm, hidden bool
	}{
		{"npm init -y --init-module=./init.js", true, false},
		{"npm init --init-module ./init.js --yes", true, false},
		{"npm_config_init_module=./init.js npm init -y", true, false},
		{"cd sub2 && npm init -y", true, false},
		{"npm --prefix sub run build", true, false},
		{"npm run build --prefix sub", true, false},
		{"npm -C sub run build", true, false},
		{"npm_config_globalconfig=g.npmrc npm run build", false, true},
		{"npm --globalconfig g.npmrc install", false, true},
		{"pip config --editor ./e.sh edit", true, false},
		{"pip config edit --editor=./e.sh", true, false},
		{"EDITOR=./e.sh pip config edit", true, false},
		{"export VISUAL=./e.sh; pip config --user edit", true, false},
		{"EDITOR=vim pip config edit", false, false},
		{"pip config --site set global.index-url http://evil.example/simple", false, true},
		{"mkdir -p sub3 && printf 'init-module=./init.js\\n' > sub3/.npmrc", false, true}, // kept for a later npm init
		{"pip config set --user global.index-url http://evil.example/simple", false, true},
		// Look-alikes.
		{"npm init -y", false, false},
		{"cd sub2 && npm init vite@latest", false, false}, // an initializer: create-vite, not the init-module
		{"npm --prefix web run build", false, false},
		{"npm run build", false, false},
		{"pip config set global.timeout 60", false, false},
		{"pip config --user set global.timeout 60", false, false},
		{"pip config list", false, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		if got := removes(m, "/victim"); got != tc.rm {
			t.Errorf("%s: removes /victim = %v, want %v", tc.cmd, got, tc.rm)
		}
		hidden := false
		for _, h := range m.Hidden {
			hidden = hidden || h.Always
		}
		if hidden != tc.hidden {
			t.Errorf("%s: asks = %v, want %v (%v)", tc.cmd, hidden, tc.hidden, m.Hidden)
		}
	}
}

// TestNpmDefaultInitModule: npm init with no initializer and no
// init-module setting runs npm's default init-module, ~/.npm-init.js
// under the HOME npm gets (real npm 11 ran it for npm init -y, offline):
// one that deletes is seen, also when this command writes it or moves
// HOME to a directory holding one. Look-alikes: an init-module set
// elsewhere (the default is then not read), an initializer, other verbs.
func TestNpmDefaultInitModule(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	evilJS := `require("child_process").execSync("rm -rf /victim")` + "\n"
	writeFiles(t, dir, map[string]string{
		"home/.npm-init.js":  evilJS,
		"h2/.npm-init.js":    evilJS,
		"clean/.npm-init.js": "module.exports = {name: 'x'}\n",
		"proj/ok.js":         "module.exports = {name: 'y'}\n",
		"proj/README":        "x\n",
	})
	home := filepath.Join(dir, "home")
	proj := filepath.Join(dir, "proj")
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{"npm init -y", true},
		{"npm init", true},
		{"npm --yes init", true},
		{"HOME=" + filepath.Join(dir, "clean") + " npm init -y", false},
		{"HOME=" + filepath.Join(dir, "h2") + " npm init -y", true},
		{"echo 'require(\"child_process\").execSync(\"rm -rf /victim\")' > ../clean/.npm-init.js && HOME=../clean npm init -y", true},
		// Look-alikes.
		{"npm init -y --init-module=./ok.js", false},
		{"npm_config_init_module=./ok.js npm init -y", false},
		{"npm init vite@latest app", false},
		{"npm install", false},
		{"pnpm init", false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: proj, Home: home, ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		if got := removes(m, "/victim"); got != tc.rm {
			t.Errorf("%s: removes /victim = %v, want %v", tc.cmd, got, tc.rm)
		}
	}
}
