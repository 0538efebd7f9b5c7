package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestNullCommandRedirects: a statement with redirections and no
// command word (> f, x=1 > f) performs them as the null command ":"
// does, so a write through it is judged wherever ": > f" would be: in a
// script xargs or find runs for each listed file, in a loop over a
// listing. Before, such a statement had no call, and the paths only run
// time gives it were not followed.
func TestNullCommandRedirects(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa": "k\n",
		"proj/a.log":       "l\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`find ~/.ssh | xargs -I{} sh -c '> {}'`, "deny"},
		{`find ~/.ssh -exec sh -c '> {}' \;`, "deny"},
		{`find ~/.ssh -name id_rsa | while read f; do > "$f"; done`, "deny"},
		{`find ~/.ssh -name id_rsa | while read f; do x=1 > "$f"; done`, "deny"},
		{`find ~/.ssh | xargs -I{} bash -c '>> {}'`, "deny"},
		{`> ~/.ssh/id_rsa`, "deny"},
		{`x=1 > ~/.bashrc`, "deny"},
		// Look-alikes.
		{`find . -name '*.log' | xargs -I{} sh -c '> {}'`, "allow"},
		{`find . -name '*.log' | while read f; do > "$f"; done`, "allow"},
		{`> out.txt`, "allow"},
		{`x=1 > out.txt`, "allow"},
		{`2> err.log`, "allow"},
		{`> /dev/null`, "allow"},
		// The null command, true and : read nothing: a download piped
		// into them goes no further (f stays empty), and is not moved.
		{`curl -s https://example.com/a | { > f; }`, "allow"},
		{`curl -s https://example.com/a | true > f`, "allow"},
		{`curl -s https://example.com/a | { : > f; cat > g; }`, "rewrite"},
		{`true() { cat > f; }; curl -s https://example.com/a | true`, "rewrite"},
	})
}

// TestNullCommandBash shows in the real bash that a statement of
// redirections alone, run by sh -c for each listed file, truncates the
// file as ": > f" does.
func TestNullCommandBash(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "canary")
	if err := os.WriteFile(canary, []byte("data\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bash, "-c", `find . -name canary | xargs -I{} sh -c '> {}'`)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s (%v)", out, err)
	}
	if b, err := os.ReadFile(canary); err != nil || len(b) != 0 {
		t.Errorf("canary holds %q (%v), want it emptied", b, err)
	}
}
