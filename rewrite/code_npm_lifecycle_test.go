package rewrite

import "testing"

// npm runs package scripts besides the root's NAME: those of the
// workspaces -w selects, the pack/publish/version scripts, the install
// scripts npm rebuild runs again, and those of a directory given as a
// package spec (verified with npm 11.19.1: npm test -w w1, npm test
// --workspace=packages, npm test -ws, npm rebuild [w1], npm install
// sub/d/e, npm pack --dry-run ./sub/d/e, npm version patch -w w1 each ran
// the scripts named here).
func TestNpmLifecycleScripts(t *testing.T) {
	bad := `"echo x >> ~/.bashrc"`
	cfg := scratchProject(t, map[string]string{
		"proj/np/package.json": `{"name":"np","version":"1.0.0","scripts":{"test":"echo ok"},` +
			`"dependencies":{"dep":"file:./dep"},"workspaces":["packages/*"]}`,
		"proj/np/dep/package.json":         `{"name":"dep","scripts":{"postinstall":` + bad + `}}`,
		"proj/np/packages/w1/package.json": `{"name":"w1","scripts":{"test":` + bad + `,"postinstall":` + bad + `,"preversion":` + bad + `}}`,
		"proj/np/packages/w2/package.json": `{"name":"w2","scripts":{"test":"echo fine","postinstall":"echo fine"}}`,
		"proj/np2/package.json": `{"name":"np2","scripts":{"prepack":` + bad + `,"prepare":` + bad +
			`,"preversion":` + bad + `,"prepublishOnly":` + bad + `}}`,
		"proj/rb/package.json":       `{"name":"rb","scripts":{"postinstall":` + bad + `}}`,
		"proj/ok/package.json":       `{"name":"ok","scripts":{"test":"echo ok","prepack":"echo packing","prepare":"tsc"}}`,
		"proj/ok/sub/d/package.json": `{"name":"d","scripts":{"prepare":"echo building"}}`,
		"proj/a/b/c/package.json":    `{"name":"c","scripts":{"prepare":` + bad + `}}`,
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd np && npm test -w w1", "deny"},
		{"cd np && npm test --workspace w1", "deny"},
		{"cd np && npm run test --workspace=packages/w1", "deny"},
		{"cd np && npm test --workspace=packages", "deny"},
		{"cd np && npm test --workspaces", "deny"},
		{"cd np && npm test -ws", "deny"},
		{"cd np/packages/w2 && npm test -w w1", "deny"}, // the root is found upwards
		{"cd np && npm version patch -w w1", "deny"},
		{"cd np && npm rebuild", "deny"},
		{"cd np && npm rebuild dep", "deny"},
		{"cd np && npm rebuild w1", "deny"},
		{"cd rb && npm rebuild", "deny"}, // the project's own postinstall
		{"cd np && npm install", "deny"}, // dep's and w1's postinstall
		{"cd np && npm install -w w1", "deny"},
		{"cd np2 && npm pack", "deny"},
		{"cd np2 && npm pack --dry-run", "deny"},
		{"cd np2 && npm publish --dry-run", "deny"},
		{"cd np2 && npm version patch", "deny"},
		{"cd np2 && npm link", "deny"},
		{"cd np2 && yarn pack", "deny"},
		{"cd np2 && pnpm pack", "deny"},
		{"npm pack ./np2", "deny"},
		{"npm install ./np2", "deny"},
		{"npm install file:np2", "deny"},
		{"npm install np/dep/", "deny"}, // two slashes: a folder
		{"npm install a/b/c", "deny"},
		{"npm link ./np2", "deny"},
		// Look-alikes: ordinary scripts, other workspaces, packages by name.
		{"cd np && npm test", "allow"},
		{"cd np && npm test -w w2", "allow"},
		{"cd np && npm test -w nosuch", "allow"},
		{"cd np && npm rebuild w2", "allow"},
		{"cd np && npm install -w w2", "allow"}, // the root's file: dependency is not installed
		{"cd np && npm rebuild lodash", "allow"},
		{"cd rb && npm rebuild lodash", "allow"},
		{"cd ok && npm test -ws", "allow"},
		{"cd ok && npm pack", "allow"},
		{"cd ok && npm version patch", "allow"},
		{"npm install ./ok/sub/d", "allow"},
		{"npm install lodash", "allow"},
		{"npm install @types/node", "allow"},
		{"cd ok && yarn pack", "allow"},
	})
}

// pip builds a local directory named with a slash in it, a trailing
// slash, a file: URL or a PEP 508 direct reference to one, as it builds
// ./DIR (verified with pip: pip install sub/pdep/, pip install
// file:///…/sub/pdep and pip wheel sub/pdep each ran setup.py); uv add,
// poetry add and pipx install of a directory build it the same way, as do
// pipx run --spec DIR and uvx --from DIR (or --with).
func TestPipLocalDirSpellings(t *testing.T) {
	cfg := scratchProject(t, map[string]string{
		"proj/r/pdep/setup.py": "import os\nos.system('echo x >> ~/.bashrc')\n",
		"proj/r/ok/setup.py":   "from setuptools import setup\nsetup(name='ok')\n",
	})
	proj := cfg.Project
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"pip install r/pdep", "deny"},
		{"pip install r/pdep/", "deny"},
		{"pip install ./r/pdep/", "deny"},
		{"pip install file://" + proj + "/r/pdep", "deny"},
		{"pip install 'pdep @ file://" + proj + "/r/pdep'", "deny"},
		{"pip install 'pdep[x]@file://" + proj + "/r/pdep#egg=pdep'", "deny"},
		{"pip install --no-build-isolation r/pdep", "deny"},
		{"pip wheel r/pdep", "deny"},
		{"uv add ./r/pdep", "deny"},
		{"uv add --editable r/pdep", "deny"},
		{"uv pip install r/pdep/", "deny"},
		{"poetry add ./r/pdep", "deny"},
		{"pipx install ./r/pdep", "deny"},
		// pipx run --spec DIR and uvx --from/--with DIR install the
		// directory first (allowed before).
		{"pipx run --spec ./r/pdep pdep", "deny"},
		{"cd r/pdep && pipx run --spec . pdep", "deny"},
		{"uvx --from r/pdep/ pdep", "deny"},
		{"uv tool run --from=./r/pdep pdep", "deny"},
		{"uvx --with ./r/pdep black .", "deny"},
		// Look-alikes.
		{"pipx run --spec ./r/ok ok", "allow"},
		{"pipx run --spec black black .", "allow"},
		{"uvx --from black black .", "allow"},
		{"pip install r/ok/", "allow"},
		{"pip install file://" + proj + "/r/ok", "allow"},
		{"pip install requests", "allow"},
		{"pip install 'requests[socks]>=2'", "allow"},
		{"pip install nosuch/dir/", "allow"},
		{"uv add requests", "allow"},
		{"uv add ./r/ok", "allow"},
		{"pipx install black", "allow"},
		{"poetry add requests", "allow"},
	})
}

// irb -r FILE requires FILE before its first prompt, as ruby -r does; -I
// DIR puts DIR on the load path (checked: irb -r ./evil.rb < /dev/null ran
// evil.rb).
func TestIrbRequire(t *testing.T) {
	cfg := scratchProject(t, map[string]string{
		"proj/r/evil.rb": "system('echo x >> ~/.bashrc')\n",
		"proj/r/ok.rb":   "puts 1\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"irb -r ./r/evil.rb", "deny"},
		{"irb -r./r/evil.rb", "deny"},
		{"irb -I r -r evil", "deny"},
		{"echo 1 | irb -r ./r/evil.rb", "deny"},
		{"irb", "allow"},
		{"irb -r json", "allow"},
		{"irb -r ./r/ok.rb", "allow"},
		{"irb -I r -r ok", "allow"},
	})
}
