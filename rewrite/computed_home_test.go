package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestComputedHome: a declaration whose name only run time knows may
// assign HOME (kv=HOME=/tmp/h; export "$kv", or declare "$k=$v", which
// keeps HOME's export attribute). Real bash shows a later ~ write and
// git's .gitconfig then follow the chosen home (core.fsmonitor there
// runs); corral judges ~ as an unknown home and git's configuration as
// read from a place only run time knows.
func TestComputedHome(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"bash", "git"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip(p + " not installed")
		}
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "h")
	repo := filepath.Join(dir, "repo")
	canary := filepath.Join(dir, "ran")
	for _, d := range []string{home, repo} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(home, ".gitconfig"), []byte("[core]\n\tfsmonitor = \"touch "+canary+"; echo\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("git", "-C", repo, "init", "-q").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	for _, script := range []string{
		`k=HOME; v=` + home + `; declare "$k=$v"; git status >/dev/null 2>&1; echo x >> ~/.bashrc`,
		`kv=HOME=` + home + `; export "$kv"; git status >/dev/null 2>&1; echo x >> ~/.bashrc`,
	} {
		os.Remove(canary)
		os.Remove(filepath.Join(home, ".bashrc"))
		c := exec.Command("bash", "-c", script)
		c.Dir = repo
		c.Env = append(os.Environ(), "HOME="+filepath.Join(dir, "real"))
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", script, err, out)
		}
		for _, p := range []string{canary, filepath.Join(home, ".bashrc")} {
			if _, err := os.Stat(p); err != nil {
				t.Errorf("%s: bash did not make %s: the row shows no chosen home", script, p)
			}
		}
	}
	cfg := scratchProject(t, map[string]string{"home/.claude/settings.json": "{}", "proj/README.md": "x\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`declare "$k=$v"; git status`, "ask"},
		{`read -r k v < f; declare "$k=$v"; git status`, "ask"},
		{`export HOME=$(./gen); git status`, "ask"},
		{`HOME=$(./gen); git log`, "ask"},
		{`read -r kv; export "$kv"; echo x >> ~/.bashrc`, "ask"},
		{`declare "$k=$v"; echo x >> ~/.bashrc`, "ask"},
		{`declare "$k=$v"; echo x >> "$HOME/.profile"`, "ask"},
		// Look-alikes: a plain value, an unreadable source, a home the
		// command never changed.
		{`export "$k=1"; git status`, "allow"},
		{`source /nonexistent/env.sh; git status`, "allow"},
		{`declare "$k=$v"; echo hi > notes.txt`, "allow"},
		{`export GIT_AUTHOR_NAME=$(git config user.name); git status`, "allow"},
	})
}
