package syntax

import (
	"archive/zip"
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// zipOf returns a zip archive holding files, after prefix (a #! line).
func zipOf(t *testing.T, prefix string, files map[string]string) string {
	t.Helper()
	var b bytes.Buffer
	b.WriteString(prefix)
	zw := zip.NewWriter(&b)
	zw.SetOffset(int64(len(prefix)))
	for _, n := range slices.Sorted(maps.Keys(files)) {
		f, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(files[n]))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestInterpreterEntryPoints: python3 DIR runs DIR/__main__.py, python3
// ZIP the archive's __main__.py (any name, after a #! line too); node DIR
// and node . run package.json's main or index.js. Look-alikes: a plain
// package's entry, a zip whose __main__ prints, python3 -m venv.
func TestInterpreterEntryPoints(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	evilPy := "import os\nos.system('rm -rf /victim')\n"
	evilJS := "require('child_process').execSync('rm -rf /victim')\n"
	writeFiles(t, dir, map[string]string{
		"pkg/__main__.py":  evilPy,
		"top/__main__.py":  evilPy,
		"n/index.js":       evilJS,
		"m/package.json":   `{"name":"m","main":"lib/start"}`,
		"m/lib/start.js":   evilJS,
		"c/index.cjs":      evilJS,
		"bare/tool.js":     evilJS,
		"ok/package.json":  `{"name":"ok","main":"src/main.js"}`,
		"ok/src/main.js":   "console.log(require('./util').greet('x'))\n",
		"okpy/__main__.py": "import sys\nprint(sys.argv)\n",
		"ok/index.js":      evilJS, // not the main: package.json's wins
	})
	for name, z := range map[string]string{
		"app.pyz":    zipOf(t, "", map[string]string{"__main__.py": evilPy}),
		"app.zip":    zipOf(t, "", map[string]string{"__main__.py": evilPy}),
		"shebang":    zipOf(t, "#!/usr/bin/env python3\n", map[string]string{"__main__.py": evilPy}),
		"ok.pyz":     zipOf(t, "", map[string]string{"__main__.py": "print('hi')\n", "lib.py": evilPy}),
		"nomain.zip": zipOf(t, "", map[string]string{"lib.py": evilPy}),
		"lib.zip":    zipOf(t, "", map[string]string{"mod.py": evilPy, "pk/__main__.py": evilPy, "sitecustomize.py": evilPy, "fine.py": "print(1)\n"}),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(z), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`python3 pkg`, true},
		{`python3 ./pkg/`, true},
		{`cd top && python3 .`, true},
		{`python3 -X dev pkg arg`, true},
		{`python3 app.pyz`, true},
		{`python3 app.zip`, true},
		{`python3 shebang`, true},
		{`mkdir d && printf 'import os\nos.system("rm -rf /victim")\n' > d/__main__.py && python3 d`, true},
		{`printf 'import os\nos.system("rm -rf /victim")\n' > __main__.py && python3 .`, true},
		{`node n`, true},
		{`cd m && node .`, true},
		{`node c`, true},
		{`node bare/tool`, true},
		{`printf '{"main":"x.js"}' > package.json && printf 'require("child_process").execSync("rm -rf /victim")' > x.js && node .`, true},
		// Look-alikes.
		{`node ok`, false},
		{`cd ok && node .`, false},
		{`python3 okpy`, false},
		{`python3 ok.pyz`, false},
		{`python3 nomain.zip`, false},
		{`python3 -m venv .venv`, false},
		// A module run from a zip archive on the module path.
		{`PYTHONPATH=lib.zip python3 -m mod`, true},
		{`PYTHONPATH=none:lib.zip python3 -m pk`, true},
		{`export PYTHONPATH=$PWD/lib.zip; python3 -m mod`, true},
		{`PYTHONPATH=lib.zip python3 -c 'print(1)'`, true}, // sitecustomize
		{`PYTHONPATH=lib.zip python3 -S -m fine`, false},
		{`PYTHONPATH=lib.zip python3 -S -m json.tool x.json`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
		if !tc.rm && len(m.Hidden) > 0 {
			t.Errorf("%s: hidden %+v", tc.cmd, m.Hidden)
		}
	}
	// A zip this command makes: corral does not follow its members.
	for _, cmd := range []string{
		`zip -q new.pyz __main__.py && python3 new.pyz`,
		`zip -q new __main__.py && python3 new.zip`,
		`python3 -m zipapp src -o new.pyz && python3 new.pyz`,
		`python3 -m zipapp src && python3 src.pyz`,
		`zip -q new.zip mod.py && PYTHONPATH=new.zip python3 -m mod`,
	} {
		if m := analyzeIn(t, dir, cmd); len(m.Hidden) == 0 || !m.Hidden[0].Always {
			t.Errorf("%s: hidden %+v, want one that always asks", cmd, m.Hidden)
		}
	}
}

// TestInterpreterEntryPointsRun runs the real interpreters on a
// directory, a zip archive and a package: the file each runs touches a
// canary, and corral reads that same file (it sees the touch).
func TestInterpreterEntryPointsRun(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		prog, cmd string
		files     map[string]string
		zip       string
	}{
		{"python3", "python3 pkg", map[string]string{"pkg/__main__.py": "import os\nos.system('touch canary')\n"}, ""},
		{"python3", "python3 .", map[string]string{"__main__.py": "import os\nos.system('touch canary')\n"}, ""},
		{"python3", "python3 app.zip", nil, "import os\nos.system('touch canary')\n"},
		{"python3", "PYTHONPATH=app.zip python3 -m mod", nil, "import os\nos.system('touch canary')\n"},
		{"node", "node n", map[string]string{"n/index.js": "require('child_process').execSync('touch canary')\n"}, ""},
		{"node", "node .", map[string]string{"package.json": `{"main":"lib/m"}`, "lib/m.js": "require('child_process').execSync('touch canary')\n",
			"index.js": "console.log(1)\n"}, ""},
	} {
		if _, err := exec.LookPath(tc.prog); err != nil {
			t.Logf("%s not installed", tc.prog)
			continue
		}
		dir := t.TempDir()
		writeFiles(t, dir, tc.files)
		if tc.zip != "" {
			if err := os.WriteFile(filepath.Join(dir, "app.zip"), []byte(zipOf(t, "", map[string]string{"__main__.py": tc.zip, "mod.py": tc.zip})), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		m := analyzeIn(t, dir, tc.cmd)
		seen := false
		for _, s := range nestedScripts(m) {
			seen = seen || strings.Contains(s, "touch canary")
		}
		c := exec.Command("bash", "-c", tc.cmd)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", tc.cmd, err, out)
		}
		_, err := os.Stat(filepath.Join(dir, "canary"))
		if err != nil || !seen {
			t.Errorf("%s: ran the canary: %v, corral saw it: %v", tc.cmd, err == nil, seen)
		}
	}
}
