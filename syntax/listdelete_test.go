package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestListingDeletesRun runs real node and python3: a program that lists
// a directory and deletes what it finds under computed paths empties the
// directory, and corral reads it as find DIR -mindepth 1 -maxdepth 1
// -exec rm of the same entries (the listing fs.opendirSync, fs.readdirSync,
// os.listdir). Look-alike: a listing that is only printed deletes nothing
// and is not read as a deletion.
func TestListingDeletesRun(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		prog, cmd string
		deletes   bool
	}{
		{"node", `node -e 'const fs = require("fs"); const d = fs.opendirSync("victim"); let e; while ((e = d.readSync()) !== null) fs.rmSync("victim/" + e.name, {recursive: true}); d.closeSync()'`, true},
		{"node", `node -e 'const fs = require("fs"), path = require("path"); for (const e of fs.readdirSync("victim")) fs.rmSync(path.join("victim", e), {recursive: true, force: true})'`, true},
		{"python3", `python3 -c 'import os, shutil
for e in os.listdir("victim"): shutil.rmtree(os.path.join("victim", e))'`, true},
		{"node", `node -e 'const fs = require("fs"); for (const e of fs.readdirSync("victim")) console.log(e)'`, false},
	} {
		if _, err := exec.LookPath(tc.prog); err != nil {
			t.Skip(tc.prog + " not installed")
		}
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"victim/a/x": "1", "victim/b/y": "2"})
		m := analyzeIn(t, dir, tc.cmd)
		seen := false
		for _, s := range nestedScripts(m) {
			seen = seen || strings.Contains(s, "find 'victim' -mindepth 1 -maxdepth 1 -exec rm -rf {} +")
		}
		c := exec.Command("bash", "-c", tc.cmd)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", tc.cmd, err, out)
		}
		left, _ := os.ReadDir(filepath.Join(dir, "victim"))
		if (len(left) == 0) != tc.deletes || seen != tc.deletes {
			t.Errorf("%s: emptied the directory %v, corral read the deletion %v; want %v", tc.cmd, len(left) == 0, seen, tc.deletes)
		}
	}
}
