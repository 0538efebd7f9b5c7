package rewrite

import "testing"

// TestListDirectoryItself: ls -d DIR (--directory) prints DIR itself,
// not its entries (ls(1): "list directories themselves, not their
// contents"), so xargs -I{} gets the directory's own name: ls -d .git |
// xargs -I{} cp a.txt {}/config writes .git/config (it was allowed: the
// listing was read as the names inside .git).
func TestListDirectoryItself(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/a.txt":          "x\n",
		"proj/.git/config":    "[core]\n",
		"proj/notes/a.md":     "x\n",
		"home/.ssh/id_rsa":    "FAKE-KEY\n",
		"home/Downloads/a.md": "x\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`ls -d .git | xargs -I{} cp a.txt {}/config`, "deny"},
		{`ls --directory .git | xargs -I{} cp a.txt {}/config`, "deny"},
		{`ls -1d .git | xargs -I{} sh -c "echo x > {}/config"`, "deny"},
		{`ls -d ~/.ssh | xargs -I{} cp a.txt {}/authorized_keys`, "deny"},
		// Look-alikes: the directory named is an ordinary one; ls of
		// .git's entries into another place.
		{`ls -d notes | xargs -I{} cp a.txt {}/b.txt`, "allow"},
		{`ls -d notes | xargs -I{} wc -l {}/a.md`, "allow"},
		{`ls notes | xargs -I{} cp notes/{} ~/Downloads/`, "allow"},
	})
}
