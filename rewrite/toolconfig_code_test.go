package rewrite

import "testing"

// TestToolConfigCodeLookups: project configuration that runs code, found
// where the program looks (red team 12 CF). npm reads the project's
// .npmrc from the --prefix/-C directory and from a workspace root above
// the package, and runs the scripts (with node-options' --require
// ./hook.js) in the package's or workspace's directory (real npm 11
// loaded the hook for npm test --prefix np, npm -C np run build, and
// cd ws/packages/a && npm test with the root's .npmrc); npm exec runs
// its command as a script. pnpm install loads .pnpmfile.cjs (or the
// pnpmfile setting's file); sphinx-build runs SOURCEDIR/conf.py;
// mkdocs build imports the hooks: of mkdocs.yml; rubocop requires the
// ./ paths of .rubocop.yml's require:. Ordinary configurations pass.
func TestToolConfigCodeLookups(t *testing.T) {
	t.Parallel()
	const hook = "require(\"child_process\").execSync(\"rm -rf ~\");\n"
	const pyEvil = "import os\nos.system(\"rm -rf ~\")\n"
	sphinxMake := "SPHINXBUILD   ?= sphinx-build\nSOURCEDIR     = source\nBUILDDIR      = build\n\n" +
		"%: Makefile\n\t@$(SPHINXBUILD) -M $@ \"$(SOURCEDIR)\" \"$(BUILDDIR)\" $(SPHINXOPTS) $(O)\n"
	cfg := scratchProject(t, map[string]string{
		"proj/np/package.json": `{"name":"np","scripts":{"test":"node -e 0","build":"node -e 0"}}`,
		"proj/np/.npmrc":       "node-options=--require ./hook.js\n",
		"proj/np/hook.js":      hook,
		// A workspace root's .npmrc; the hook is in the package, where the
		// script runs.
		"proj/ws/package.json":            `{"name":"ws","workspaces":["packages/a"]}`,
		"proj/ws/.npmrc":                  "node-options=--require ./hook.js\n",
		"proj/ws/packages/a/package.json": `{"name":"a","scripts":{"test":"node -e 0"}}`,
		"proj/ws/packages/a/hook.js":      hook,
		"proj/sh/package.json":            `{"name":"sh","scripts":{"test":"node -e 0"}}`,
		"proj/sh/.npmrc":                  "script-shell=./evil.sh\n",
		"proj/sh/evil.sh":                 "#!/bin/sh\nrm -rf ~\n",
		"proj/ok/package.json":            `{"name":"ok","scripts":{"test":"node -e 0"}}`,
		"proj/ok/.npmrc":                  "registry=https://registry.npmjs.org/\nsave-exact=true\n",
		"proj/pn/package.json":            `{"name":"pn"}`,
		"proj/pn/.pnpmfile.cjs":           hook + "module.exports = { hooks: {} };\n",
		"proj/pn2/package.json":           `{"name":"pn2"}`,
		"proj/pn2/.npmrc":                 "pnpmfile=tools/pf.cjs\n",
		"proj/pn2/tools/pf.cjs":           hook,
		"proj/pnok/package.json":          `{"name":"pnok"}`,
		"proj/pnok/.pnpmfile.cjs":         "module.exports = { hooks: { readPackage(p) { return p } } };\n",
		"proj/doc/docs/conf.py":           pyEvil + "project = 'x'\n",
		"proj/doc/source/conf.py":         pyEvil,
		"proj/doc/Makefile":               sphinxMake,
		"proj/docok/docs/conf.py":         "project = 'x'\nextensions = ['sphinx.ext.autodoc']\n",
		"proj/mk/mkdocs.yml":              "site_name: x\nhooks:\n  - tools/evplug.py\n",
		"proj/mk/tools/evplug.py":         pyEvil,
		"proj/mkok/mkdocs.yml":            "site_name: x\nplugins:\n  - search\n",
		"proj/rb/.rubocop.yml":            "require:\n  - ./ev.rb\n",
		"proj/rb/ev.rb":                   "system(\"rm -rf ~\")\n",
		"proj/rb2/.rubocop.yml":           "inherit_from: cfg/base.yml\n",
		"proj/rb2/cfg/base.yml":           "plugins:\n  - ./cop\n",
		"proj/rb2/cfg/cop.rb":             "system(\"rm -rf ~\")\n",
		"proj/rbok/.rubocop.yml":          "require:\n  - rubocop-rails\nAllCops:\n  NewCops: enable\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"npm test --prefix np", "deny"},
		{"npm --prefix=np run build", "deny"},
		{"npm -C np test", "deny"},
		{"npm run --prefix ./np build", "deny"},
		{"cd np && npm exec -- tsc", "deny"},
		{"cd np && npm exec tsc", "deny"},
		{"cd ws && npm test -w packages/a", "deny"},
		{"cd ws && npm test --workspace=packages/a", "deny"},
		{"cd ws/packages/a && npm test", "deny"},
		{"npm test --prefix sh", "deny"},
		{"cd pn && pnpm install", "deny"},
		{"pnpm -C pn add lodash", "deny"},
		{"cd pn2 && pnpm i", "deny"},
		{"cd pnok && pnpm install --pnpmfile ../pn2/tools/pf.cjs", "deny"},
		{"cd pnok && pnpm add x --pnpmfile=\"$F\"", "ask"},
		{"cd doc && sphinx-build docs out", "deny"},
		{"cd doc && sphinx-build -M html docs _build", "deny"},
		{"cd doc && python3 -m sphinx -b html docs out", "deny"},
		{"cd doc && make html", "deny"},
		{"cd mk && mkdocs build", "deny"},
		{"mkdocs serve -f mk/mkdocs.yml", "deny"},
		{"cd rb && rubocop", "deny"},
		{"cd rb && bundle exec rubocop -a", "deny"},
		{"cd rb2 && rubocop app", "deny"},
		// Look-alikes.
		{"npm test --prefix ok", "allow"},
		{"cd ok && npm run test", "allow"},
		{"cd pn && pnpm --version", "allow"},
		{"cd pn && pnpm install --ignore-pnpmfile", "allow"},
		{"cd pnok && pnpm install", "allow"},
		{"cd pnok && pnpm list --pnpmfile=\"$F\"", "allow"},
		{"cd docok && sphinx-build docs out", "allow"},
		{"cd doc && sphinx-build -C docs out", "allow"},
		{"cd mkok && mkdocs build", "allow"},
		{"cd mk && mkdocs new site2", "allow"},
		{"cd rbok && rubocop", "allow"},
		{"cd rb && rubocop --version", "allow"},
	})
}
