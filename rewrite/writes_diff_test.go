package rewrite

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestDiffTargets applies real diff files: patch and git apply write the
// files their diff names, after -p and -d, so a diff of the hook
// settings or a git hook is refused like a direct write, and one of
// ordinary sources is judged as writing those sources.
func TestDiffTargets(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	hooks := "diff --git a/.claude/settings.json b/.claude/settings.json\n--- a/.claude/settings.json\n+++ b/.claude/settings.json\n@@ -1 +1 @@\n-{\"hooks\":{}}\n+{}\n"
	files := map[string]string{
		"hooks.patch":  hooks,
		"src.patch":    "--- a/docs/notes.md\t2024-01-01\n+++ b/docs/notes.md\t2024-01-02\n@@ -1 +1 @@\n-x\n+y\n",
		"delete.patch": "--- a/.git/hooks/pre-commit\n+++ /dev/null\n@@ -1 +0,0 @@\n-exit 0\n",
		"rename.patch": "diff --git a/x.json b/y.json\nsimilarity index 100%\nrename from x.json\nrename to .claude/settings.local.json\n",
		"quoted.patch": "--- \"a/.claude/settings.json\"\n+++ \"b/.claude/settings.json\"\n@@ -1 +1 @@\n-a\n+b\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sb := filepath.Join(dir, "agent_sandbox")
	cfg := &Config{Cwd: dir, Project: dir, Home: "/home/u", Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto, Paths: guards.DefaultPolicy().WithSelfProtection(nil, sb)}
	for cmd, want := range map[string]Decision{
		"git apply hooks.patch":               Deny,
		"git apply -p1 --index hooks.patch":   Deny,
		"patch -p1 < hooks.patch":             Deny,
		"patch -p1 -i hooks.patch":            Deny,
		"patch --strip=1 --input=hooks.patch": Deny,
		"cat hooks.patch | git apply -":       Deny, // the diff is cat's file
		"patch -p1 < delete.patch":            Deny,
		"git apply rename.patch":              Deny,
		"git apply quoted.patch":              Deny,
		"git apply <<'EOF'\n" + hooks + "EOF": Deny,
		"git apply --check hooks.patch":       Allow,
		"git apply --stat hooks.patch":        Allow,
		"patch --dry-run -p1 < hooks.patch":   Allow,
		"patch -p0 < hooks.patch":             Allow, // writes b/.claude/settings.json: no agent reads it
		"patch -p1 -d sub < hooks.patch":      Allow, // sub/.claude: not this project's settings
		"git apply src.patch":                 Allow,
		"patch -p1 < src.patch":               Allow,
		"git apply missing.patch":             Allow,
		"cat src.patch | patch -p1":           Allow,
		"gen-diff | git apply":                Allow, // a diff only known at run time
		"patch -p1 -o out.c < hooks.patch":    Allow, // the result goes to out.c
	} {
		if got := Check(cfg, cmd).Decision; got != want {
			t.Errorf("%q: decision %s, want %s (%v)", cmd, got, want, Check(cfg, cmd).Findings)
		}
	}
}
