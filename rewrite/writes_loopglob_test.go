package rewrite

import "testing"

// TestLoopGlobTargets: a for list's pattern takes the names it matches on
// disk now, each judged where the loop variable is used (the worst
// verdict wins), as bash would expand it: without dotglob, a name that
// starts with "." only for a pattern whose last part does.
func TestLoopGlobTargets(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.claude/settings.json": "{}\n",
		"proj/.env":                  "K=v\n",
		"proj/README.md":             "x\n",
		"proj/docs/a.md":             "x\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`for f in .claude/*.json; do echo '{}' > "$f"; done`, "deny"},
		{`for f in .claude/s*; do : > $f; done`, "deny"},
		{`for f in .*; do cat "$f"; done`, "deny"},
		{`for f in docs/*.md .claude/*; do sed -i s/a/b/ "$f"; done`, "deny"},
		// Look-alikes: * leaves hidden names out; the files are ordinary.
		{`for f in *; do cat "$f"; done`, "allow"},
		{`for f in docs/*.md; do sed -i s/a/b/ "$f"; done`, "allow"},
		{`for f in *.md; do echo "# $f" > "$f.bak"; done`, "allow"},
		{`for f in nothing/*.json; do echo x > "$f"; done`, "allow"},
	})
}
