package rewrite

import (
	"os"
	"os/exec"
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
		"gen-diff | git apply":                Ask,   // a diff only known at run time: it can name .claude/settings.json (GA2)
		"patch -p1 -o out.c < hooks.patch":    Allow, // the result goes to out.c
	} {
		if got := Check(cfg, cmd).Decision; got != want {
			t.Errorf("%q: decision %s, want %s (%v)", cmd, got, want, Check(cfg, cmd).Findings)
		}
	}
}

// TestPatchPicksAnyName runs GNU patch on diffs whose "+++" side is
// harmless while another name patch considers (the "---" side, a context
// header's names, an Index: line, git's header of a mode change) names
// .git/config or a hook: real patch writes that file, and corral refuses
// each. Look-alikes (ordinary unified and context diffs, a hunk that
// removes a "-- comment" line) pass and real patch writes the source.
// A diff corral cannot read asks where patch's directory holds .git.
func TestPatchPicksAnyName(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("patch"); err != nil {
		t.Skip("no patch")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	diffs := map[string]string{
		"u1.diff":   "--- .git/config\n+++ harmless.txt\n@@ -1 +1,2 @@\n+[alias]\n [core]\n",
		"c2.diff":   "*** .git/config.orig\n--- .git/config\n***************\n*** 1 ****\n--- 1,2 ----\n+ [alias]\n  [core]\n",
		"c3.diff":   "Index: .git/config\n--- /dev/null\n+++ /dev/null\n@@ -1 +1,2 @@\n+[alias]\n [core]\n",
		"mode.diff": "diff --git a/.git/hooks/pre-commit b/.git/hooks/pre-commit\nold mode 100644\nnew mode 100755\n",
		"src.diff":  "--- notes/a.sql\n+++ notes/a.sql\n@@ -1,2 +1,2 @@\n--- drop me\n+++ keep me\n select 1;\n",
		"ctx.diff":  "*** notes/a.sql.orig\n--- notes/a.sql\n***************\n*** 1,2 ****\n! -- drop me\n  select 1;\n--- 1,2 ----\n! ++ keep me\n  select 1;\n",
	}
	// what real patch -p0 writes for each, and corral's decision.
	cases := []struct {
		diff, changes string
		strip         string
		want          Decision
	}{
		{"u1.diff", ".git/config", "-p0", Deny},
		{"c2.diff", ".git/config", "-p0", Deny},
		{"c3.diff", ".git/config", "-p0", Deny},
		{"mode.diff", ".git/hooks/pre-commit", "-p1", Deny},
		{"src.diff", "notes/a.sql", "-p0", Allow},
		{"ctx.diff", "notes/a.sql", "-p0", Allow},
	}
	setup := func(t *testing.T) string {
		dir := t.TempDir()
		if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
			t.Fatalf("git init: %v %s", err, out)
		}
		files := map[string]string{".git/config": "[core]\n", ".git/hooks/pre-commit": "#!/bin/sh\ntrue\n", "notes/a.sql": "-- drop me\nselect 1;\n"}
		for name, text := range diffs {
			files[name] = text
		}
		for name, text := range files {
			os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	dir := setup(t)
	sb := filepath.Join(dir, "agent_sandbox")
	cfg := &Config{Cwd: dir, Project: dir, Home: "/home/u", Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto, Paths: guards.DefaultPolicy().WithSelfProtection(nil, sb)}
	for _, tt := range cases {
		for _, cmd := range []string{"patch " + tt.strip + " < " + tt.diff, "patch " + tt.strip + " -i " + tt.diff, "cat " + tt.diff + " | patch " + tt.strip} {
			if got := Check(cfg, cmd).Decision; got != tt.want {
				t.Errorf("%q: decision %s, want %s (%v)", cmd, got, tt.want, Check(cfg, cmd).Findings)
			}
		}
		// Real patch, in a fresh copy: the file it changes is the one
		// named above (content or mode).
		run := setup(t)
		target := filepath.Join(run, tt.changes)
		before, _ := os.ReadFile(target)
		st0, _ := os.Stat(target)
		cmd := exec.Command("patch", "-t", tt.strip, "-i", tt.diff)
		cmd.Dir = run
		out, _ := cmd.CombinedOutput()
		after, _ := os.ReadFile(target)
		st1, _ := os.Stat(target)
		if string(before) == string(after) && st0.Mode() == st1.Mode() {
			t.Errorf("real patch %s -i %s left %s unchanged: %s", tt.strip, tt.diff, tt.changes, out)
		}
	}
	for cmd, want := range map[string]Decision{
		"head -50 u1.diff | patch -p0":               Ask, // a diff corral cannot read, beside .git
		"patch -p0 < <(cat u1.diff)":                 Ask,
		"patch -p1 -i \"$F\"":                        Ask,
		"printf 'x' > n.diff; patch -p0 < n.diff":    Ask,   // written first: not what is on disk now
		"cd notes && head -5 ../u1.diff | patch -p0": Allow, // patch refuses ".." names: nothing above notes
		"head -50 u1.diff | patch --dry-run -p0":     Allow,
		"patch -p0 < src.diff":                       Allow,
		"patch -p \"$N\" < u1.diff":                  Deny, // any strip of .git/config
		"patch -p1 -B .git/hooks/ < src.diff":        Deny, // backups under .git/hooks
	} {
		if got := Check(cfg, cmd).Decision; got != want {
			t.Errorf("%q: decision %s, want %s (%v)", cmd, got, want, Check(cfg, cmd).Findings)
		}
	}
}
