package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNodeDependencyCode: an installed package's files are read as the
// module loaders read a package — a literal command in them is judged,
// a value only known at run time does not ask — whether they are loaded
// by require, run through a node_modules/.bin link (typed by hand or
// found by npm run's PATH) or named to node. A link's relative requires
// are found beside its target, as Node resolves the main module and each
// module by its real path (not with --preserve-symlinks-main /
// --preserve-symlinks). A file this command writes under node_modules is
// the agent's own code. package.json "imports" (#name) are followed: to a
// file of the package, or to another package.
func TestNodeDependencyCode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dir, _ = filepath.EvalSymlinks(dir)
	rm := `require("child_process").execSync("rm -rf /victim")` + "\n"
	spawn := `const cp = require("child_process"); cp.spawn(process.argv[2], process.argv.slice(3))` + "\n"
	writeFiles(t, dir, map[string]string{
		"app/package.json": `{"name":"app","scripts":{"build":"tsc -p .","gyp":"node-gyp rebuild"},` +
			`"imports":{"#internal":"./src/internal.js","#utils/*":"./src/utils/*.js","#dep":{"node":"dep-impl","default":"./src/none.js"}}}`,
		"app/src/internal.js":                                              rm,
		"app/src/utils/a.js":                                               rm,
		"app/src/ok.js":                                                    "module.exports = 1\n",
		"app/uses-internal.js":                                             `require("#internal")` + "\n",
		"app/uses-pattern.mjs":                                             `import a from "#utils/a"` + "\n",
		"app/uses-dep.js":                                                  `require("#dep")` + "\n",
		"app/uses-missing.js":                                              `require("#nope")` + "\n",
		"app/node_modules/dep-impl/package.json":                           `{"name":"dep-impl","main":"index.js"}`,
		"app/node_modules/dep-impl/index.js":                               rm,
		"app/node_modules/node-gyp/package.json":                           `{"name":"node-gyp","bin":{"node-gyp":"./bin/node-gyp.js"}}`,
		"app/node_modules/node-gyp/bin/node-gyp.js":                        "#!/usr/bin/env node\nrequire('../lib/node-gyp.js')\n",
		"app/node_modules/node-gyp/lib/node-gyp.js":                        spawn,
		"app/node_modules/typescript/package.json":                         `{"name":"typescript","bin":{"tsc":"./bin/tsc"}}`,
		"app/node_modules/typescript/bin/tsc":                              "#!/usr/bin/env node\nrequire('../lib/tsc.js')\n",
		"app/node_modules/typescript/lib/tsc.js":                           rm, // edited by the agent earlier
		"app/app.js":                                                       `require("ed")` + "\n",
		"app/node_modules/ed/package.json":                                 `{"name":"ed","main":"index.js"}`,
		"app/node_modules/ed/index.js":                                     "module.exports = 1\n",
		"app/node_modules/.pnpm/pn@1.0.0/node_modules/pn/package.json":     `{"name":"pn","main":"index.js"}`,
		"app/node_modules/.pnpm/pn@1.0.0/node_modules/pn/index.js":         `require("pn-dep")` + "\n",
		"app/node_modules/.pnpm/pn@1.0.0/node_modules/pn-dep/package.json": `{"name":"pn-dep","main":"index.js"}`,
		"app/node_modules/.pnpm/pn@1.0.0/node_modules/pn-dep/index.js":     rm,
		"app/uses-pn.js":                                                   `require("pn")` + "\n",
	})
	for _, l := range [][2]string{
		{"app/node_modules/.bin/node-gyp", "../node-gyp/bin/node-gyp.js"},
		{"app/node_modules/.bin/tsc", "../typescript/bin/tsc"},
		{"app/node_modules/pn", ".pnpm/pn@1.0.0/node_modules/pn"},
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, l[0])), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(l[1], filepath.Join(dir, l[0])); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		cmd        string
		rm, hidden bool
	}{
		{"npm run build", true, false}, // tsc's bin, edited: its lib runs rm
		{"./node_modules/.bin/tsc -p .", true, false},
		{"node uses-internal.js", true, false},
		{"node uses-pattern.mjs", true, false},
		{"node uses-dep.js", true, false},
		{"node uses-pn.js", true, false}, // pn's dependency, beside its real directory
		{"echo 'require(\"child_process\").execSync(process.env.X)' > node_modules/ed/index.js && node app.js", false, true},
		// Look-alikes.
		{"./node_modules/.bin/node-gyp rebuild", false, false},
		{"npm run gyp", false, false},
		{"node node_modules/node-gyp/bin/node-gyp.js rebuild", false, false},
		{"node --preserve-symlinks-main node_modules/.bin/tsc", false, false}, // ../lib/tsc.js beside the link: none
		{"node --preserve-symlinks uses-pn.js", false, false},
		{"node uses-missing.js", false, false},
		{"node app.js", false, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: filepath.Join(dir, "app"), Home: "/home/u", ReadFile: ReadScript})
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
			t.Errorf("%s: hidden = %v, want %v (%v)", tc.cmd, hidden, tc.hidden, m.Hidden)
		}
	}
}

// TestNodeResolutionRealNode runs the real node (when installed) on the
// layouts TestNodeDependencyCode reads: package.json "imports" to a file,
// a pattern and another package; a node_modules/.bin link's relative
// require found beside its target, not with --preserve-symlinks-main; a
// pnpm package's dependency found beside its real directory, not with
// --preserve-symlinks. Each module prints its path when it runs.
func TestNodeResolutionRealNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	t.Parallel()
	dir := t.TempDir()
	dir, _ = filepath.EvalSymlinks(dir)
	ran := `console.log("RAN " + require("path").basename(__filename))` + "\n"
	writeFiles(t, dir, map[string]string{
		"package.json":                       `{"name":"app","imports":{"#internal":"./src/internal.js","#utils/*":"./src/utils/*.js","#dep":{"node":"dep-impl","default":"./src/none.js"}}}`,
		"src/internal.js":                    ran,
		"src/utils/a.js":                     "console.log(\"RAN a.js\"); export default 1\n",
		"uses-internal.js":                   `require("#internal")` + "\n",
		"uses-pattern.mjs":                   `import a from "#utils/a"` + "\n",
		"uses-dep.js":                        `require("#dep")` + "\n",
		"uses-pn.js":                         `require("pn")` + "\n",
		"node_modules/dep-impl/package.json": `{"name":"dep-impl","main":"index.js"}`,
		"node_modules/dep-impl/index.js":     ran,
		"node_modules/typescript/bin/tsc":    "#!/usr/bin/env node\nrequire('../lib/tsc.js')\n",
		"node_modules/typescript/lib/tsc.js": ran,
		"node_modules/.pnpm/pn@1.0.0/node_modules/pn/package.json":     `{"name":"pn","main":"index.js"}`,
		"node_modules/.pnpm/pn@1.0.0/node_modules/pn/index.js":         `require("pn-dep")` + "\n",
		"node_modules/.pnpm/pn@1.0.0/node_modules/pn-dep/package.json": `{"name":"pn-dep","main":"index.js"}`,
		"node_modules/.pnpm/pn@1.0.0/node_modules/pn-dep/index.js":     ran,
	})
	for _, l := range [][2]string{
		{"node_modules/.bin/tsc", "../typescript/bin/tsc"},
		{"node_modules/pn", ".pnpm/pn@1.0.0/node_modules/pn"},
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, l[0])), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(l[1], filepath.Join(dir, l[0])); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args []string
		want string // the module that runs, "" for none
	}{
		{[]string{"uses-internal.js"}, "internal.js"},
		{[]string{"uses-pattern.mjs"}, "a.js"},
		{[]string{"uses-dep.js"}, "index.js"},
		{[]string{"node_modules/.bin/tsc"}, "tsc.js"},
		{[]string{"uses-pn.js"}, "index.js"},
		{[]string{"--preserve-symlinks-main", "node_modules/.bin/tsc"}, ""},
		{[]string{"--preserve-symlinks", "uses-pn.js"}, ""},
	} {
		cmd := exec.Command(node, tc.args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "NODE_OPTIONS=", "NODE_PATH=")
		out, _ := cmd.CombinedOutput()
		got := ""
		if i := strings.Index(string(out), "RAN "); i >= 0 {
			got = strings.Fields(string(out)[i+4:])[0]
		}
		if got != tc.want {
			t.Errorf("node %v: ran %q, want %q (%s)", tc.args, got, tc.want, out)
		}
	}
}
