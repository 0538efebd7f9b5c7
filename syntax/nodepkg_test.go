package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNodePackageRun runs real node: -r NAME loads the package file that
// package.json's exports (require condition), main or index.js names, in
// the node_modules of the directory or one above; corral reads the same
// file. Look-alike: a package's other file (the import condition) is not
// the one read.
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
	} {
		dir := t.TempDir()
		writeFiles(t, dir, tc.files)
		m := analyzeIn(t, dir, tc.cmd)
		all := strings.Join(nestedScripts(m), "\n")
		c := exec.Command("bash", "-c", tc.cmd)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", tc.cmd, err, out)
		}
		_, err := os.Stat(filepath.Join(dir, "canary"))
		if err != nil || !strings.Contains(all, "touch canary") || strings.Contains(all, "wrong") {
			t.Errorf("%s: node loaded the canary %v; corral read it %v (and the other file %v)", tc.cmd, err == nil, strings.Contains(all, "touch canary"), strings.Contains(all, "wrong"))
		}
	}
}
