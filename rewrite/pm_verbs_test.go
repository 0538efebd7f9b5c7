package rewrite

import (
	"strings"
	"testing"
)

// TestPmVerbAliases (red team 14 NP1): yarn's, pnpm's and bun's other
// names for the verbs that run the project's scripts, judged as npm's
// are: pnpm t/tst (test), it/install-test (install, then test), rb
// (rebuild), restart (stop, restart, start); yarn x and pnpm x (the
// script x: neither has an x command); bun NAME of a script, also with
// --cwd; bun install/i/add/a with no package (the install lifecycle
// scripts); lerna run NAME (each package's script). Look-alikes: a
// package named (yarn add lodash, pnpm add x, bun add lodash), yarn
// --version, bun x (bunx), bun FILE.ts, a script that is not there.
func TestPmVerbAliases(t *testing.T) {
	t.Parallel()
	scripts := scratchProject(t, map[string]string{
		"proj/package.json":            `{"name":"d","version":"1.0.0","scripts":{"test":"rm -rf ~","x":"rm -rf ~","y":"rm -rf ~","restart":"echo ok","stop":"rm -rf ~"}}`,
		"proj/web/package.json":        `{"name":"w","version":"1.0.0","scripts":{"y":"rm -rf ~"}}`,
		"proj/packages/a/package.json": `{"name":"a","version":"1.0.0","scripts":{"z":"rm -rf ~"}}`,
		"proj/y.ts":                    "console.log(1)\n",
	})
	checkDecisions(t, scripts, []struct{ cmd, want string }{
		{"pnpm t", "deny"},
		{"pnpm tst", "deny"},
		{"pnpm -C . t", "deny"},
		{"pnpm restart", "deny"},
		{"yarn x", "deny"},
		{"pnpm x", "deny"},
		{"bun y", "deny"},
		{"bun --cwd web y", "deny"},
		{"bun --cwd=web y", "deny"},
		{"lerna run z", "deny"},
		{"lerna run --scope a z", "deny"},
		// pnpm runs a word that is no command or script as pnpm exec.
		{"pnpm bash -c 'rm -rf ~'", "deny"},
		{"pnpm -C web sh -c 'rm -rf ~'", "deny"},
		{"pnpm node -e 'require(\"fs\").rmSync(process.env.HOME,{recursive:true})'", "deny"},
		// Look-alikes.
		{"yarn add lodash", "allow"},
		{"yarn --version", "allow"},
		{"yarn -v", "allow"},
		{"pnpm add x", "allow"},
		{"pnpm --version", "allow"},
		{"bun x cowsay", "allow"},
		{"bun y.ts", "allow"},
		{"bun missing", "allow"},
		{"lerna run y", "allow"},
		{"lerna run missing", "allow"},
		{"pnpm echo 'rm -rf ~'", "allow"},
		{"pnpm eslint .", "allow"},
		{"pnpm node -e 'console.log(1)'", "allow"},
	})
	install := scratchProject(t, map[string]string{
		"proj/package.json": `{"name":"d","version":"1.0.0","scripts":{"install":"rm -rf ~","test":"jest"}}`,
	})
	checkDecisions(t, install, []struct{ cmd, want string }{
		{"pnpm it", "deny"},
		{"pnpm install-test", "deny"},
		{"pnpm rb", "deny"},
		{"pnpm rebuild", "deny"},
		{"bun install", "deny"},
		{"bun i", "deny"},
		{"bun add", "deny"},
		{"bun a --frozen-lockfile", "deny"},
		{"yarn", "deny"},
		// Look-alikes.
		{"pnpm add lodash", "allow"},
		{"bun add lodash", "allow"},
		{"bun i -d lodash", "allow"},
		{"yarn add lodash", "allow"},
		{"pnpm t", "allow"},
	})
}

// TestNxTargets: nx runs a project's targets: nx run P:T[:C], nx T P,
// nx P:T, nx run-many/affected -t T (every project), read from
// project.json's targets (the command shorthand, nx:run-commands'
// command and commands, nx:run-script's script, dependsOn first) or a
// package.json script of that name; pnpm nx … is the same nx.
// Look-alikes: a target that runs a plain command, another project's,
// nx graph.
func TestNxTargets(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/nx.json":      "{}",
		"proj/package.json": `{"name":"root","scripts":{"lint":"eslint ."}}`,
		"proj/apps/web/project.json": `{"name":"web","targets":{"build":{"executor":"nx:run-commands","options":{"command":"rm -rf ~"}},` +
			`"serve":{"command":"vite"},"deploy":{"dependsOn":["build"],"executor":"@nx/js:tsc"},` +
			`"many":{"executor":"nx:run-commands","options":{"commands":["echo hi",{"command":"rm -rf /etc"}]}},` +
			`"sc":{"executor":"nx:run-script","options":{"script":"wipe"}},"short":{"command":"rm -rf ~"}}}`,
		"proj/apps/web/package.json": `{"name":"web-pkg","scripts":{"wipe":"rm -rf ~"}}`,
		"proj/libs/ui/package.json":  `{"name":"@x/ui","scripts":{"test":"rm -rf ~","lint":"eslint ."}}`,
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"nx run web:build", "deny"},
		{"nx run web:build:production", "deny"},
		{"nx build web", "deny"},
		{"nx web:short", "deny"},
		{"nx deploy web", "deny"},
		{"nx run web:many", "deny"},
		{"nx sc web", "deny"},
		{"nx run-many -t build", "deny"},
		{"nx affected --target=test", "deny"},
		{"nx test @x/ui", "deny"},
		{"pnpm nx build web", "deny"},
		// Look-alikes.
		{"nx serve web", "allow"},
		{"nx run-many -t lint", "allow"},
		{"nx run-many -t build -p @x/ui", "allow"},
		{"nx graph", "allow"},
		{"nx lint", "allow"},
	})
}

// TestNinjaClean: ninja -t clean removes the outputs of the build file's
// build lines (not phony ones), judged as rm -f of them; an output with
// a variable asks. A build in the project, other tools and other build
// files' outputs pass.
func TestNinjaClean(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/build.ninja":     "rule cc\n  command = cc $in -o $out\nbuild out/x.o: cc x.c\nbuild all: phony out/x.o\n",
		"proj/bad/build.ninja": "rule cc\n  command = cc $in -o $out\nbuild ../../home/.bashrc | out/y.o: cc x.c\n",
		"proj/var/build.ninja": "root = /etc\nrule cc\n  command = cc $in -o $out\nbuild $root/passwd: cc x.c\n",
		"proj/ph/build.ninja":  "build /etc/passwd: phony\n",
		// include and subninja files' builds (lft).
		"proj/inc/build.ninja":  "rule cc\n  command = cc $in -o $out\nbuild x.o: cc x.c\ninclude more.ninja\n",
		"proj/inc/more.ninja":   "build ../../home/.bashrc: cc y.c\n",
		"proj/sub/build.ninja":  "subninja s/b.ninja\n",
		"proj/sub/s/b.ninja":    "rule cc\n  command = cc $in -o $out\nbuild ../.git/config: cc y.c\n",
		"proj/incv/build.ninja": "d = s\ninclude $d/b.ninja\n",
		"proj/inok/build.ninja": "include rules.ninja\nbuild x.o: cc x.c\n",
		"proj/inok/rules.ninja": "rule cc\n  command = cc $in -o $out\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"ninja -C bad -t clean", "deny"},
		{"ninja -t clean -C bad", "deny"},
		{"ninja -C var -t clean", "ask"},
		{"ninja -C inc -t clean", "deny"},
		{"ninja -C sub -t clean", "deny"},
		{"ninja -C incv -t clean", "ask"},
		{"ninja -C inok -t clean", "allow"},
		// Look-alikes.
		{"ninja -t clean", "allow"},
		{"ninja -C bad -t targets", "allow"},
		{"ninja -C ph -t clean", "allow"},
	})
}

// bunScriptCases run the real bun (from the interpreter cache): bun NAME
// runs the package.json script NAME, bun install the project's install
// script, bun --cwd DIR FILE (also after run) DIR's FILE; bun FILE.ts
// does not run the script, and bun --cwd DIR FILE not the working
// directory's FILE.
var bunScriptCases = []codeCase{
	{name: "bun-name", prog: "bun", cmd: `bun y`, files: map[string]string{"package.json": `{"name":"d","version":"1.0.0","scripts":{"y":"{payload}"}}`}, want: Allow, made: true},
	{name: "bun-cwd-name", prog: "bun", cmd: `bun --cwd web y`, files: map[string]string{"web/package.json": `{"name":"d","version":"1.0.0","scripts":{"y":"{payload}"}}`}, want: Allow, made: true},
	{name: "bun-install", prog: "bun", cmd: `bun install`, files: map[string]string{"package.json": `{"name":"d","version":"1.0.0","scripts":{"postinstall":"{payload}"}}`}, want: Allow, made: true},
	{name: "bun-cwd-file", prog: "bun", cmd: `bun --cwd web x.ts`, files: map[string]string{"web/x.ts": "require(\"child_process\").execSync(\"{payload}\")\n"}, want: Allow, made: true},
	{name: "bun-run-cwd-file", prog: "bun", cmd: `bun run --cwd web x.ts`, files: map[string]string{"web/x.ts": "require(\"child_process\").execSync(\"{payload}\")\n"}, want: Allow, made: true},
	// Look-alikes.
	{name: "bun-cwd-other-file", prog: "bun", cmd: `bun --cwd web x.ts`, files: map[string]string{"x.ts": "require(\"child_process\").execSync(\"touch {home}/made\")\n", "web/x.ts": "console.log(1)\n"}, want: Allow},
	{name: "bun-file", prog: "bun", cmd: `bun y.ts`, files: map[string]string{"package.json": `{"name":"d","version":"1.0.0","scripts":{"y":"touch {home}/made"}}`, "y.ts": "console.log(1)\n"}, want: Allow},
}

func TestExecBunScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs bun")
	}
	for _, tc := range bunScriptCases {
		t.Run(tc.name, func(t *testing.T) {
			payload := false
			for _, v := range tc.files {
				payload = payload || strings.Contains(v, "{payload}")
			}
			if payload {
				files := map[string]string{"proj/": "", "home/": ""}
				run := map[string]string{}
				for k, v := range tc.files {
					files["proj/"+k] = strings.ReplaceAll(v, "{payload}", "rm -rf /etc")
					run[k] = strings.ReplaceAll(v, "{payload}", "touch {home}/made")
				}
				if res := Check(scratchProject(t, files), tc.cmd); res.Decision != Deny {
					t.Errorf("decision = %s, want deny\ncmd: %s\nfindings: %+v", res.Decision, tc.cmd, res.Findings)
				}
				tc.files = run
			}
			runCodeCase(t, tc)
		})
	}
}
