package rewrite

import "testing"

// TestHooksDirWrites: a write into the hooks directory core.hooksPath
// names — set in the repository's configuration or by a git config call
// of the same command, husky 9's .husky/_ counting its parent — asks: git
// runs those files on the user's next commit too. Other project files,
// and the directory named without a write into it, pass.
func TestHooksDirWrites(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/config": "[core]\n\tbare = false\n\thooksPath = .husky/_\n",
		"proj/src/a.go":    "package a\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`echo "npx lint-staged" > .husky/pre-commit`, "ask"},
		{`echo x > .husky/_/pre-commit`, "ask"},
		{`git config core.hooksPath .githooks; printf '#!/bin/sh\necho hi\n' > .githooks/pre-commit`, "ask"},
		{`git config --local core.hooksPath hooks && cp x.sh hooks/pre-push`, "ask"},
		// Look-alikes.
		{`echo x > .githooks/pre-commit`, "allow"},
		{`echo x > notes/b.txt`, "allow"},
		{`echo x > .husky-notes.txt`, "allow"},
		{`git config core.hooksPath .githooks`, "allow"},
	})
}
