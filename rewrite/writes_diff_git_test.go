package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// TestPatchOwnGitDiff: a patch git diff makes from the repository's own
// work tree names only its tracked files, which the real git lists when
// the hook runs; patch of it is judged by those names instead of asking
// as a diff corral cannot read. A tracked protected file that differs
// is still judged; whatever can change the listing (an external diff, a
// configured prefix, options beyond the plain set, an earlier command
// that writes) leaves the diff unread.
func TestPatchOwnGitDiff(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/docs/a.md":             "# a\n",
		"proj/.claude/settings.json": "{}\n",
		"proj/README.md":             "hello\n",
		"proj/x.sh":                  "echo hi\n",
		"other/README.md":            "hello\n",
	})
	proj := cfg.Project
	gitIn(t, proj, "init", "-q")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	if err := os.WriteFile(filepath.Join(proj, ".claude/settings.json"), []byte(`{"hooks":{}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "commit", "-qam", "two")
	if err := os.WriteFile(filepath.Join(proj, "docs/a.md"), []byte("# a\nchanged\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ext := filepath.Join(filepath.Dir(proj), "ext")
	gitIn(t, filepath.Dir(proj), "init", "-q", ext)
	if err := os.WriteFile(filepath.Join(ext, "f.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, ext, "add", "-A")
	gitIn(t, ext, "commit", "-qm", "one")
	gitIn(t, ext, "config", "diff.external", "./x.sh")
	if err := os.WriteFile(filepath.Join(ext, "f.txt"), []byte("b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git diff | patch -p1 -R", "allow"},
		{"git diff HEAD -- docs | patch -p1 -R", "allow"},
		{"git diff --cached | patch -p1 -R", "allow"},
		{"git diff > x.patch; patch -p1 -R < x.patch", "allow"},
		{"git diff > x.patch && patch -p1 -R -i x.patch", "allow"},
		{"git diff > x.patch && cat x.patch | patch -p1 -R", "allow"},
		{"git status && git diff | patch -p1 -R", "allow"},
		{"cd docs && git diff --relative | patch -p1 -R", "allow"},
		// Unknown listings stay unread, as any diff from a program.
		{"git diff > x.patch; sed -i s/a/b/ x.patch; patch -p1 -R < x.patch", "ask"},
		{"git diff >> x.patch; patch -p1 -R < x.patch", "ask"},
		{"git add -A; git diff --cached | patch -p1 -R", "ask"},
		{"git -c diff.external=./x.sh diff | patch -p1", "ask"},
		{"git diff --src-prefix=x/ | patch -p1", "ask"},
		{"git diff --output=y | patch -p1", "ask"},
		{"git diff --no-index a b | patch -p1", "ask"},
		{"GIT_EXTERNAL_DIFF=./x.sh git diff | patch -p1", "ask"},
		{"git log -p | patch -p1 -R", "ask"},
		// A protected file the diff names is judged as written.
		{"git diff HEAD~1 | patch -p1 -R", "deny"},
		{"git diff HEAD~1 > x.patch; patch -p1 -R < x.patch", "deny"},
		{"git diff HEAD~1 -- docs | patch -p1 -R", "allow"},
		// Printed from a commit, not a diff of the tree: unread.
		{"git show HEAD:x.sh > x.patch; patch -p1 < x.patch", "ask"},
		// An external diff configured in the repository prints what it likes.
		{"cd ../ext && git diff | patch -p1 -R", "ask"},
		{"cd ../ext && git diff --no-ext-diff | patch -p1 -R", "allow"},
	})
	// The user's diff.relative names files from the working directory:
	// cd .claude && git diff HEAD~1 prints settings.json, which patch
	// there writes as .claude/settings.json.
	if err := os.MkdirAll(cfg.Home, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg.Home, ".gitconfig"), []byte("[diff]\n\trelative = true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd .claude && git diff HEAD~1 | patch -p1 -R", "deny"},
		{"cd docs && git diff | patch -p1 -R", "allow"},
	})
}

// TestGitDiffTextOracle: every name the real git diff prints in its
// headers (renames, deletions, a mode change, a binary file, a new file
// added with intent) is among the names the listing gives.
func TestGitDiffTextOracle(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/a.txt":     "one\ntwo\nthree\nfour\nfive\n",
		"proj/b.txt":     "bee\n",
		"proj/c.sh":      "echo c\n",
		"proj/d/bin.dat": "\x00\x01\x02",
		"proj/gone.txt":  "bye\n",
	})
	proj := cfg.Project
	gitIn(t, proj, "init", "-q")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	gitIn(t, proj, "mv", "a.txt", "renamed.txt")
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(proj, "b.txt"), []byte("bee2\n"), 0o644))
	must(os.Chmod(filepath.Join(proj, "c.sh"), 0o755))
	must(os.WriteFile(filepath.Join(proj, "d/bin.dat"), []byte("\x00\x09"), 0o644))
	must(os.Remove(filepath.Join(proj, "gone.txt")))
	must(os.WriteFile(filepath.Join(proj, "new.txt"), []byte("n\n"), 0o644))
	gitIn(t, proj, "add", "-N", "new.txt")
	for _, args := range [][]string{{"diff"}, {"diff", "HEAD"}, {"diff", "--cached"}, {"diff", "--binary", "HEAD"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = proj
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+cfg.Home)
		real, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		m, err := syntax.Analyze("git "+strings.Join(args, " "), syntax.Options{Cwd: proj, Home: cfg.Home, Project: proj})
		if err != nil {
			t.Fatal(err)
		}
		p := &Pass{Config: cfg, Model: m, calls: map[int]*syntax.Call{}}
		text, ok := p.gitDiffText(m.Calls[0])
		if !ok {
			t.Fatalf("git %v: no listing", args)
		}
		var listed []string
		for _, d := range diffPaths(text) {
			listed = append(listed, d.name)
		}
		for _, d := range diffPaths(string(real)) {
			if !slices.Contains(listed, d.name) {
				t.Errorf("git %v prints %q, not in the listing %q", args, d.name, listed)
			}
		}
	}
}
