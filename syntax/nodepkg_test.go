package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNodePackageRun runs real node: -r NAME (--import NAME) loads the
// package file that package.json's exports (require, import condition;
// subpath, pattern, array of fallbacks), main or index.js names, in the
// node_modules of the directory or one above, or the project's own
// exports by its name; corral reads the same file. Look-alike: a
// package's other file (the other condition) is not the one read.
func TestNodePackageRun(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed")
	}
	touch := "require('child_process').execSync('touch canary')\n"
	for _, tc := range []struct {
		files map[string]string
		cmd   string
	}{
		{map[string]string{"node_modules/a/package.json": `{"exports": {".": {"import": "./m.mjs", "require": "./c.cjs"}}}`, "node_modules/a/c.cjs": touch, "node_modules/a/m.mjs": "import cp from 'child_process'; cp.execSync('touch wrong')\n"}, "node -r a -e 1"},
		{map[string]string{"node_modules/b/package.json": `{"main": "lib/b"}`, "node_modules/b/lib/b.js": touch}, "node --require b -e 1"},
		{map[string]string{"node_modules/c/package.json": `{"exports": {"./register": "./reg/index.js"}}`, "node_modules/c/reg/index.js": touch}, "node -r c/register -e 1"},
		{map[string]string{"node_modules/@s/d/index.js": touch, "sub/.keep": ""}, "cd sub && node -r @s/d -e 1 && mv canary .."},
		{map[string]string{"node_modules/h/package.json": `{"exports": {"./register": {"require": "./r.cjs", "import": "./r.mjs"}}}`, "node_modules/h/r.mjs": "import cp from 'child_process'; cp.execSync('touch canary')\n", "node_modules/h/r.cjs": "require('child_process').execSync('touch wrong')\n"}, "node --import h/register -e 1"},
		{map[string]string{"node_modules/p/package.json": `{"exports": {"./*": "./lib/*.js", "./x": "./x.js"}}`, "node_modules/p/lib/t/u.js": touch}, "node -r p/t/u -e 1"},
		{map[string]string{"package.json": `{"name": "me", "exports": {"./setup": "./tools/s.js"}}`, "tools/s.js": touch, "src/.keep": ""}, "cd src && node -r me/setup -e 1 && mv canary .."},
		{map[string]string{"node_modules/q/package.json": `{"exports": {".": [{"worker": "./w.js"}, "./q.js"]}}`, "node_modules/q/q.js": touch, "node_modules/q/w.js": "require('child_process').execSync('touch wrong')\n", "app.js": "require('q')\n"}, "node app.js"},
	} {
		dir := t.TempDir()
		writeFiles(t, dir, tc.files)
		m := analyzeIn(t, dir, tc.cmd)
		all := strings.Join(nestedScripts(m), "\n")
		c := exec.Command("bash", "-c", tc.cmd)
		c.Dir = dir
		c.Env = append(os.Environ(), "HOME="+t.TempDir(), "NODE_OPTIONS=", "NODE_PATH=")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", tc.cmd, err, out)
		}
		_, err := os.Stat(filepath.Join(dir, "canary"))
		if err != nil || !strings.Contains(all, "touch canary") || strings.Contains(all, "wrong") {
			t.Errorf("%s: node loaded the canary %v; corral read it %v (and the other file %v)", tc.cmd, err == nil, strings.Contains(all, "touch canary"), strings.Contains(all, "wrong"))
		}
	}
}

// TestNodeResolveOracle checks nodeResolve, row by row, against real
// node's require.resolve and import.meta.resolve on the same package
// trees (skipped without node): self-reference, scoped packages, exports
// subpaths and patterns, condition order, nested conditions, arrays of
// fallbacks, null exclusions, main with extension and index probing,
// node_modules lookup upwards. Without node the rows' recorded answers
// are still checked.
func TestNodeResolveOracle(t *testing.T) {
	t.Parallel()
	_, err := exec.LookPath("node")
	haveNode := err == nil
	home := t.TempDir()
	f := func(kv ...string) map[string]string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	js := "module.exports = 1\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		from  string // directory the module is required from
		spec  string
		esm   bool
		want  string // file, relative; "" when Node finds none
		conds []string
		links []string // link, target pairs made after the files
		path  string   // NODE_PATH, relative
	}{
		{"main-ext", f("node_modules/a/package.json", `{"main":"lib/a"}`, "node_modules/a/lib/a.js", js), ".", "a", false, "node_modules/a/lib/a.js", nil, nil, ""},
		{"main-dir-index", f("node_modules/a/package.json", `{"main":"lib"}`, "node_modules/a/lib/index.js", js, "node_modules/a/index.js", js), ".", "a", false, "node_modules/a/lib/index.js", nil, nil, ""},
		{"main-missing-index", f("node_modules/a/package.json", `{"main":"gone.js"}`, "node_modules/a/index.js", js), ".", "a", false, "node_modules/a/index.js", nil, nil, ""},
		{"main-json-before-node", f("node_modules/a/package.json", `{"main":"m"}`, "node_modules/a/m.json", "{}", "node_modules/a/m.node", "x"), ".", "a", false, "node_modules/a/m.json", nil, nil, ""},
		{"main-node-addon", f("node_modules/a/package.json", `{"main":"m"}`, "node_modules/a/m.node", "x"), ".", "a", false, "node_modules/a/m.node", nil, nil, ""},
		{"index-only", f("node_modules/a/index.js", js), ".", "a", false, "node_modules/a/index.js", nil, nil, ""},
		{"file-beside-dir", f("node_modules/a.js", js, "node_modules/a/index.js", js), ".", "a", false, "node_modules/a.js", nil, nil, ""},
		{"sub-no-exports", f("node_modules/a/x.js", js, "node_modules/a/x/index.js", js), ".", "a/x", false, "node_modules/a/x.js", nil, nil, ""},
		{"sub-dir-main", f("node_modules/a/x/package.json", `{"main":"m.js"}`, "node_modules/a/x/m.js", js), ".", "a/x", false, "node_modules/a/x/m.js", nil, nil, ""},
		{"up-two", f("node_modules/a/index.js", js, "p/q/.keep", ""), "p/q", "a", false, "node_modules/a/index.js", nil, nil, ""},
		{"nearest-wins", f("node_modules/a/index.js", js, "p/node_modules/a/index.js", js), "p", "a", false, "p/node_modules/a/index.js", nil, nil, ""},
		{"cjs-goes-up", f("node_modules/a/x.js", js, "p/node_modules/a/index.js", js), "p", "a/x", false, "node_modules/a/x.js", nil, nil, ""},
		{"scoped", f("node_modules/@s/a/package.json", `{"exports":{"./r":"./lib/r.js"}}`, "node_modules/@s/a/lib/r.js", js), ".", "@s/a/r", false, "node_modules/@s/a/lib/r.js", nil, nil, ""},
		{"exports-string", f("node_modules/a/package.json", `{"exports":"./e.js","main":"m.js"}`, "node_modules/a/e.js", js, "node_modules/a/m.js", js), ".", "a", false, "node_modules/a/e.js", nil, nil, ""},
		{"exports-hides-sub", f("node_modules/a/package.json", `{"exports":"./e.js"}`, "node_modules/a/e.js", js, "node_modules/a/x.js", js), ".", "a/x", false, "", nil, nil, ""},
		{"exports-order-import-first", f("node_modules/a/package.json", `{"exports":{"import":"./i.js","require":"./r.js"}}`, "node_modules/a/i.js", js, "node_modules/a/r.js", js), ".", "a", false, "node_modules/a/r.js", nil, nil, ""},
		{"exports-import", f("node_modules/a/package.json", `{"exports":{"require":"./r.js","import":"./i.js"}}`, "node_modules/a/i.js", js, "node_modules/a/r.js", js), ".", "a", true, "node_modules/a/i.js", nil, nil, ""},
		{"exports-node-before-require", f("node_modules/a/package.json", `{"exports":{"node":"./n.js","require":"./r.js"}}`, "node_modules/a/n.js", js, "node_modules/a/r.js", js), ".", "a", false, "node_modules/a/n.js", nil, nil, ""},
		{"exports-default-first", f("node_modules/a/package.json", `{"exports":{"default":"./d.js","require":"./r.js"}}`, "node_modules/a/d.js", js, "node_modules/a/r.js", js), ".", "a", false, "node_modules/a/d.js", nil, nil, ""},
		{"exports-unknown-cond", f("node_modules/a/package.json", `{"exports":{"browser":"./b.js","default":"./d.js"}}`, "node_modules/a/b.js", js, "node_modules/a/d.js", js), ".", "a", false, "node_modules/a/d.js", nil, nil, ""},
		{"exports-nested", f("node_modules/a/package.json", `{"exports":{".":{"node":{"import":"./ni.js","default":"./nd.js"},"default":"./d.js"}}}`, "node_modules/a/ni.js", js, "node_modules/a/nd.js", js, "node_modules/a/d.js", js), ".", "a", false, "node_modules/a/nd.js", nil, nil, ""},
		{"exports-nested-no-match", f("node_modules/a/package.json", `{"exports":{".":{"node":{"import":"./ni.js"},"default":"./d.js"}}}`, "node_modules/a/ni.js", js, "node_modules/a/d.js", js), ".", "a", false, "node_modules/a/d.js", nil, nil, ""},
		{"exports-array-fallback", f("node_modules/a/package.json", `{"exports":{"./x":["nope:x","./x.js"]}}`, "node_modules/a/x.js", js), ".", "a/x", false, "node_modules/a/x.js", nil, nil, ""},
		{"exports-pattern", f("node_modules/a/package.json", `{"exports":{"./f/*":"./lib/*.js"}}`, "node_modules/a/lib/y.js", js), ".", "a/f/y", false, "node_modules/a/lib/y.js", nil, nil, ""},
		{"exports-pattern-longest", f("node_modules/a/package.json", `{"exports":{"./*":"./top/*.js","./f/*":"./lib/*.js"}}`, "node_modules/a/lib/y.js", js, "node_modules/a/top/f/y.js", js), ".", "a/f/y", false, "node_modules/a/lib/y.js", nil, nil, ""},
		{"exports-pattern-trailer", f("node_modules/a/package.json", `{"exports":{"./f/*.js":"./lib/*.js","./f/*":"./other/*.js"}}`, "node_modules/a/lib/y.js", js, "node_modules/a/other/y.js.js", js), ".", "a/f/y.js", false, "node_modules/a/lib/y.js", nil, nil, ""},
		{"exports-pattern-deep", f("node_modules/a/package.json", `{"exports":{"./*":"./src/*.js"}}`, "node_modules/a/src/p/q.js", js), ".", "a/p/q", false, "node_modules/a/src/p/q.js", nil, nil, ""},
		{"exports-null-excluded", f("node_modules/a/package.json", `{"exports":{"./*":"./*.js","./secret":null}}`, "node_modules/a/secret.js", js), ".", "a/secret", false, "", nil, nil, ""},
		{"exports-exact-over-pattern", f("node_modules/a/package.json", `{"exports":{"./*":"./p/*.js","./x":"./e.js"}}`, "node_modules/a/p/x.js", js, "node_modules/a/e.js", js), ".", "a/x", false, "node_modules/a/e.js", nil, nil, ""},
		{"exports-no-ext-probe", f("node_modules/a/package.json", `{"exports":"./e"}`, "node_modules/a/e.js", js), ".", "a", false, "", nil, nil, ""},
		{"exports-dotdot-invalid", f("node_modules/a/package.json", `{"exports":"./../b.js"}`, "node_modules/b.js", js), ".", "a", false, "", nil, nil, ""},
		{"exports-stops-lookup", f("p/node_modules/a/package.json", `{"exports":{"./x":"./x.js"}}`, "node_modules/a/y.js", js, "p/.keep", ""), "p", "a/y", false, "", nil, nil, ""},
		{"exports-to-addon", f("node_modules/a/package.json", `{"exports":{"node":"./b.node","default":"./b.js"}}`, "node_modules/a/b.node", "x", "node_modules/a/b.js", js), ".", "a", false, "node_modules/a/b.node", nil, nil, ""},
		{"self-reference", f("package.json", `{"name":"me","exports":{"./t":"./lib/t.js"}}`, "lib/t.js", js, "src/.keep", ""), "src", "me/t", false, "lib/t.js", nil, nil, ""},
		{"self-needs-exports", f("package.json", `{"name":"me","main":"m.js"}`, "m.js", js), ".", "me", false, "", nil, nil, ""},
		{"self-other-name", f("package.json", `{"name":"me","exports":"./m.js"}`, "m.js", js, "node_modules/you/index.js", js), ".", "you", false, "node_modules/you/index.js", nil, nil, ""},
		{"esm-main", f("node_modules/a/package.json", `{"main":"lib/a"}`, "node_modules/a/lib/a.js", js), ".", "a", true, "node_modules/a/lib/a.js", nil, nil, ""},
		{"esm-sub-exact", f("node_modules/a/x.js", js), ".", "a/x", true, "", nil, nil, ""},
		{"esm-sub-written", f("node_modules/a/x.js", js), ".", "a/x.js", true, "node_modules/a/x.js", nil, nil, ""},
		{"esm-no-walk-up", f("node_modules/a/x.js", js, "p/node_modules/a/index.js", js), "p", "a/x.js", true, "", nil, nil, ""},
		{"missing", f("node_modules/b/index.js", js), ".", "a", false, "", nil, nil, ""},
		{"sub-node-ext", f("node_modules/a/x.node", "x"), ".", "a/x", false, "node_modules/a/x.node", nil, nil, ""},
		{"module-sync", f("node_modules/a/package.json", `{"exports":{"module-sync":"./ms.js","require":"./r.js"}}`, "node_modules/a/ms.js", js, "node_modules/a/r.js", js), ".", "a", false, "node_modules/a/ms.js", nil, nil, ""},
		{"user-condition", f("node_modules/a/package.json", `{"exports":{"dev":"./dev.js","default":"./d.js"}}`, "node_modules/a/dev.js", js, "node_modules/a/d.js", js), ".", "a", false, "node_modules/a/dev.js", []string{"dev"}, nil, ""},
		{"mixed-keys-invalid", f("node_modules/a/package.json", `{"exports":{".":"./d.js","default":"./d.js"}}`, "node_modules/a/d.js", js), ".", "a", false, "", nil, nil, ""},
		{"percent-escape", f("node_modules/a/package.json", `{"exports":"./a%20b.js"}`, "node_modules/a/a b.js", js), ".", "a", false, "node_modules/a/a b.js", nil, nil, ""},
		{"scoped-main", f("node_modules/@s/a/package.json", `{"main":"m.js"}`, "node_modules/@s/a/m.js", js), ".", "@s/a", true, "node_modules/@s/a/m.js", nil, nil, ""},
		{"pnpm-link", f("node_modules/.pnpm/a@1/node_modules/a/index.js", js, "node_modules/.pnpm/a@1/node_modules/b/index.js", js), "node_modules/a", "b", false, "node_modules/.pnpm/a@1/node_modules/b/index.js", nil, []string{"node_modules/a", ".pnpm/a@1/node_modules/a"}, ""},
		{"node-path-main", f("lib/x/package.json", `{"main":"m.js"}`, "lib/x/m.js", js, "lib/x/index.js", js), ".", "x", false, "lib/x/m.js", nil, nil, "lib"},
		{"node-path-exports", f("lib/x/package.json", `{"exports":{"./s":"./s/i.js"}}`, "lib/x/s/i.js", js, "lib/x/s.js", js), ".", "x/s", false, "lib/x/s/i.js", nil, nil, "lib"},
		{"node-path-after-node-modules", f("lib/x/index.js", js, "node_modules/x/index.js", js), ".", "x", false, "node_modules/x/index.js", nil, nil, "lib"},
		{"node-path-not-esm", f("lib/x/index.js", js), ".", "x", true, "", nil, nil, "lib"},
		{"pnpm-link-esm", f("node_modules/.pnpm/a@1/node_modules/a/index.js", js, "node_modules/.pnpm/a@1/node_modules/b/index.js", js), "node_modules/a", "b", true, "node_modules/.pnpm/a@1/node_modules/b/index.js", nil, []string{"node_modules/a", ".pnpm/a@1/node_modules/a"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, err := filepath.EvalSymlinks(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			writeFiles(t, dir, tc.files)
			for i := 0; i+1 < len(tc.links); i += 2 {
				if err := os.Symlink(tc.links[i+1], filepath.Join(dir, tc.links[i])); err != nil {
					t.Fatal(err)
				}
			}
			from := filepath.Join(dir, tc.from)
			w := &walker{read: ReadScript}
			got := ""
			ld := nodeLoad{esm: tc.esm, conds: tc.conds}
			if tc.path != "" {
				ld.paths = []string{filepath.Join(dir, tc.path)}
			}
			if fs := w.nodeResolve(Dir{Path: from, Known: true}, tc.spec, ld); len(fs) > 0 {
				got = fs[0]
			}
			want := ""
			if tc.want != "" {
				want = filepath.Join(dir, tc.want)
			}
			if got != want {
				t.Errorf("corral resolves %q from %s to %q, want %q", tc.spec, tc.from, got, want)
			}
			if !haveNode {
				return
			}
			// What node itself finds, from a file in the directory.
			code := "try { console.log(require.resolve(process.argv[2])) } catch (e) { console.log('') }"
			if tc.esm {
				code = "try { console.log(require('url').fileURLToPath(import.meta.resolve(process.argv[2]))) } catch (e) { console.log('') }"
			}
			script := filepath.Join(from, "oracle.mjs")
			if !tc.esm {
				script = filepath.Join(from, "oracle.cjs")
			}
			if tc.esm {
				code = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);\n" + code
			}
			if err := os.WriteFile(script, []byte(code), 0o644); err != nil {
				t.Fatal(err)
			}
			var args []string
			for _, cond := range tc.conds {
				args = append(args, "-C", cond)
			}
			c := exec.Command("node", append(args, script, tc.spec)...)
			c.Dir = from
			nodePath := ""
			if tc.path != "" {
				nodePath = filepath.Join(dir, tc.path)
			}
			c.Env = append(os.Environ(), "HOME="+home, "NODE_PATH="+nodePath, "NODE_OPTIONS=")
			out, err := c.Output()
			if err != nil {
				t.Fatalf("node: %v", err)
			}
			real := strings.TrimSpace(string(out))
			if tc.esm && real != "" {
				// import.meta.resolve does not look at the disk for the
				// file a path names: a name that is no file is not
				// loaded.
				if _, err := os.Stat(real); err != nil {
					real = ""
				}
			}
			if real != want {
				t.Errorf("node resolves %q from %s to %q; the row says %q", tc.spec, tc.from, real, want)
			}
		})
	}
}

// TestNodeResolveVersions: a module-sync condition met on the way gives
// the file current Node loads and the one an older Node loads; bun's and
// deno's own condition is taken before node's; -C values are added.
func TestNodeResolveVersions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"node_modules/a/package.json": `{"exports":{"module-sync":"./ms.js","require":"./r.js"}}`,
		"node_modules/a/ms.js":        "1\n", "node_modules/a/r.js": "1\n",
		"node_modules/b/package.json": `{"exports":{"require":"./r.js","module-sync":"./ms.js"}}`,
		"node_modules/b/ms.js":        "1\n", "node_modules/b/r.js": "1\n",
		"node_modules/c/package.json": `{"exports":{"bun":"./bun.js","default":"./d.js"}}`,
		"node_modules/c/bun.js":       "1\n", "node_modules/c/d.js": "1\n",
	})
	w := &walker{read: ReadScript}
	d := Dir{Path: dir, Known: true}
	rel := func(fs []string) string {
		var out []string
		for _, f := range fs {
			r, _ := filepath.Rel(dir, f)
			out = append(out, r)
		}
		return strings.Join(out, " ")
	}
	for _, tc := range []struct {
		cmd, spec string
		want      string
	}{
		{"node -e 1", "a", "node_modules/a/ms.js node_modules/a/r.js"},
		{"node -e 1", "b", "node_modules/b/r.js"},
		{"node -e 1", "c", "node_modules/c/d.js"},
		{"bun x.js", "c", "node_modules/c/bun.js"},
		{"node -C bun -e 1", "c", "node_modules/c/bun.js"},
		{"node --conditions=bun -e 1", "c", "node_modules/c/bun.js"},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		if len(m.Calls) == 0 {
			t.Fatalf("%s: no call", tc.cmd)
		}
		if got := rel(w.nodeResolve(d, tc.spec, nodeLoadOf(m.Calls[0], false))); got != tc.want {
			t.Errorf("%s: %s resolves to %q, want %q", tc.cmd, tc.spec, got, tc.want)
		}
	}
}

// TestNodeResolveBounded: an exports value nested past the depth bound
// is reported as not followed (the command asks), quickly; a condition
// object nested deep, and an array of thousands of fallbacks, still
// resolve.
func TestNodeResolveBounded(t *testing.T) {
	t.Parallel()
	n := maxNodeJSONDepth + 5
	deep := strings.Repeat(`{"node":`, n) + `"./a.js"` + strings.Repeat("}", n)
	wide := "[" + strings.Repeat(`"nope:x",`, 20000) + `"./a.js"]`
	nested := strings.Repeat(`{"node":`, 200) + `"./a.js"` + strings.Repeat("}", 200)
	for _, tc := range []struct {
		exports string
		found   bool
	}{
		{deep, false},
		{wide, true},
		{nested, true},
		{"5", false},
	} {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{
			"node_modules/a/package.json": `{"exports":` + tc.exports + `}`,
			"node_modules/a/a.js":         "1\n",
		})
		w := &walker{read: ReadScript}
		got, bad := w.nodeResolveAll(Dir{Path: dir, Known: true}, "a", nodeLoad{})
		tooDeep := tc.exports == deep
		if (len(got) > 0) != tc.found || (bad != "") != tooDeep {
			t.Errorf("exports of %d bytes: resolved %v (not followed %q), want found %v", len(tc.exports), got, bad, tc.found)
		}
		m := analyzeIn(t, dir, "node -r a -e 0")
		asks := false
		for _, h := range m.Hidden {
			asks = asks || h.Always
		}
		if asks != tooDeep {
			t.Errorf("exports of %d bytes: node -r a asks %v", len(tc.exports), asks)
		}
	}
}
