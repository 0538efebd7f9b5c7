package rewrite

import "testing"

// TestHgPullURL: hg pull SOURCE -u/--update (or --rebase) of a URL writes
// a foreign repository's revisions into the working copy, as git pull of
// a URL does (fetch-url-checkout), and so does hg update, merge, rebase,
// graft or backout after such a pull in the same command; they ask. hg
// takes any unambiguous prefix of a command's name (pul is pull, pu is
// push or pull and refused). It passed: hg pull was left alone.
func TestHgPullURL(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "x\n", "proj/sub/b.txt": "y\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`hg pull https://example.com/r -u`, "ask"},
		{`hg pull -u https://example.com/r`, "ask"},
		{`hg pull --update ssh://example.com/r`, "ask"},
		{`hg pul https://example.com/r --rebase`, "ask"},
		{`hg pull https://example.com/r && hg up`, "ask"},
		{`hg pull https://example.com/r; hg merge`, "ask"},
		{`hg pull -r tip https://example.com/r && hg update -r tip`, "ask"},
		{`hg --cwd sub pull https://example.com/r && cd sub && hg checkout tip`, "ask"},
		// Look-alikes: the configured paths, a local repository, a pull
		// alone, reading what came, an ambiguous prefix hg refuses.
		{`hg pull -u`, "allow"},
		{`hg pull default -u`, "allow"},
		{`hg pull && hg update`, "allow"},
		{`hg pull https://example.com/r`, "allow"},
		{`hg pull https://example.com/r && hg log -r tip`, "allow"},
		{`hg pull file:///srv/repo -u`, "allow"},
		{`hg pu https://example.com/r -u`, "allow"},
	})
}
