package rewrite

import (
	"os/exec"
	"testing"
)

// TestRemoteRepoint: pointing a remote of a repository whose remotes are
// on github.com at another host (git remote add, git remote set-url with
// --push and --add, git config remote.NAME.url|pushurl, in the local,
// global and `git config set` forms) is the first step of git push URL:
// the next push, in this call or a later one, uploads the commits there.
// It asks unless the host is on network.allow_hosts (loopback) or one of
// the repository's remotes is on it already. Look-alikes: remotes on the
// same host, local paths, a fetch refspec, the list, a repository with
// no remote yet (its owner publishing it, git-remote(1)'s own example).
func TestRemoteRepoint(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/README.md": "x"})
	originRepo(t, cfg)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git remote add x https://example.com/r", "ask"},
		{"git remote add -t main -m main x git@example.com:r.git", "ask"},
		{"git remote add --mirror=push x https://example.com/r", "ask"},
		{"git remote set-url origin https://example.com/r", "ask"},
		{"git remote set-url --push origin https://example.com/r", "ask"},
		{"git remote set-url --add --push origin ssh://git@example.com/r", "ask"},
		{"git remote rename origin old && git remote add origin https://example.com/r", "ask"},
		{"git config remote.origin.url https://example.com/r", "ask"},
		{"git config --add remote.origin.pushurl https://example.com/r", "ask"},
		{"git config --global remote.origin.pushurl https://example.com/r", "ask"},
		{"git config set remote.origin.pushURL https://example.com/r", "ask"},
		{"git -C . remote set-url origin https://example.com/r", "ask"},
		{`git remote add x "$U"`, "ask"}, // a run-time address: a later push is not judged
		{`git config remote.origin.pushurl "$(cat url.txt)"`, "ask"},
		// Look-alikes.
		{"git remote add upstream https://github.com/other/proj.git", "allow"},
		{"git remote set-url origin git@github.com:me/proj.git", "allow"},
		{"git remote add local ../other", "allow"},
		{"git remote add lo http://127.0.0.1:8080/r", "allow"},
		{"git config remote.origin.fetch '+refs/heads/*:refs/remotes/origin/*'", "allow"},
		{"git config --get remote.origin.url", "allow"},
		{"git remote -v", "allow"},
		{"git remote remove origin", "allow"},
		{`u=https://github.com/other/proj.git; git remote add up "$u"`, "allow"},
		{"echo git remote add x https://example.com/r", "allow"},
	})
	fresh := scratchProject(t, map[string]string{"proj/README.md": "x"})
	checkDecisions(t, fresh, []struct{ cmd, want string }{
		{"git init -q && git remote add origin https://example.com/r", "allow"},
		{"git remote set-url origin https://example.com/r", "allow"},
	})
}
