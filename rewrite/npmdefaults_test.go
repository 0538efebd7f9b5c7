package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestNpmDefaultScripts: npm runs scripts a package does not define.
// start with no start script is "node server.js" (when server.js
// exists), and restart with no restart script runs stop and then start;
// pnpm's start has the same default. Before: server.js was never read
// (npm start of a server.js that deletes the home directory: allow ->
// deny; red team of 2026-12-05).
func TestNpmDefaultScripts(t *testing.T) {
	evil := "require('child_process').execSync('rm -rf ~')\n"
	cfg := scratchProject(t, map[string]string{
		"proj/package.json":    `{"name":"proj","version":"1.0.0","scripts":{"stop":"echo stop"}}`,
		"proj/server.js":       evil,
		"own/package.json":     `{"name":"own","version":"1.0.0","scripts":{"start":"node app.js"}}`,
		"own/server.js":        evil,
		"own/app.js":           "console.log('up')\n",
		"stopper/package.json": `{"name":"stopper","version":"1.0.0","scripts":{"stop":"rm -rf ~","start":"node app.js"}}`,
		"stopper/app.js":       "console.log('up')\n",
		"nosrv/package.json":   `{"name":"nosrv","version":"1.0.0"}`,
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"npm start", "deny"},
		{"npm run start", "deny"},
		{"npm restart", "deny"},
		{"pnpm start", "deny"},
		{"cd ../stopper && npm restart", "deny"}, // stop runs too
		// Look-alikes: a start script of its own (server.js is not
		// run), a package with no server.js, other scripts.
		{"cd ../own && npm start", "allow"},
		{"cd ../own && npm restart", "allow"},
		{"cd ../nosrv && npm start", "allow"},
		{"npm stop", "allow"},
		{"npm test", "allow"},
	})
}

// TestNpmDefaultScriptsOracle runs the real npm: start with no start
// script runs server.js (npm start and npm run start), and restart with
// no restart script runs stop and then start.
func TestNpmDefaultScriptsOracle(t *testing.T) {
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm not installed")
	}
	dir := t.TempDir()
	stop := `node -e \"require('fs').appendFileSync('ran', 'stop ')\"`
	for name, text := range map[string]string{
		"package.json": `{"name":"x","version":"1.0.0","scripts":{"stop":"` + stop + `"}}`,
		"server.js":    "require('fs').appendFileSync('ran', 'server ')\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{{[]string{"start"}, "server "}, {[]string{"run", "start"}, "server "}, {[]string{"restart"}, "stop server "}} {
		os.Remove(filepath.Join(dir, "ran"))
		cmd := exec.Command("npm", c.args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "npm_config_update_notifier=false")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("npm %v: %v\n%s", c.args, err, out)
		}
		if got, _ := os.ReadFile(filepath.Join(dir, "ran")); string(got) != c.want {
			t.Errorf("npm %v ran %q, want %q", c.args, got, c.want)
		}
	}
}
