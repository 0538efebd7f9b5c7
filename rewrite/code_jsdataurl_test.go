package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestJSDataURLModules: a JavaScript data: URL anywhere in node code is
// a module node can run without an import statement (new Worker(new
// URL("data:text/javascript,…")), plain or base64), judged as the code's
// own. Before: allowed, while the same URL in import() was denied (red
// team of 2026-12-05).
func TestJSDataURLModules(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "a\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`node -e "new (require('worker_threads').Worker)(new URL('data:text/javascript,import cp from \"child_process\"; cp.execSync(\"rm -rf ~\")'))"`, "deny"},
		{`node -e "new (require('worker_threads').Worker)(new URL('data:text/javascript;base64,aW1wb3J0IGNwIGZyb20gImNoaWxkX3Byb2Nlc3MiOyBjcC5leGVjU3luYygicm0gLXJmIH4iKQ=='))"`, "deny"},
		{`node -e "const {Worker} = require('worker_threads'); const u = new URL('data:application/javascript,import fs from \"fs\"; fs.rmSync(\"/\", {recursive: true})'); new Worker(u)"`, "deny"},
		{`node -e "import('data:text/javascript,import cp from \"child_process\"; cp.execSync(\"rm -rf ~\")')"`, "deny"},
		// Look-alikes: a harmless module, a data: URL of text.
		{`node -e "new (require('worker_threads').Worker)(new URL('data:text/javascript,console.log(1)'))"`, "allow"},
		{`node -e "console.log('data:text/plain,rm -rf ~')"`, "allow"},
	})
}

// TestJSDataURLModulesOracle runs the real node: a Worker given a
// data: URL object runs the module (it makes a canary).
func TestJSDataURLModulesOracle(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	dir := t.TempDir()
	code := `new (require('worker_threads').Worker)(new URL('data:text/javascript,import fs from "fs"; fs.writeFileSync("canary", "")'))`
	cmd := exec.Command(node, "-e", code)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "canary")); err != nil {
		t.Errorf("the Worker's data: URL module did not run: %v", err)
	}
}
