package rewrite

import (
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestGitApplyUnreadDiff (red team 17 GA2): git apply and git am of a
// diff corral cannot read (decoded on the fly, piped from another
// program or a foreign repository, written earlier in the same command)
// write files that diff names, as patch does: where the directory holds
// a file corral protects (the project's .claude/settings.json, the home
// directory's start-up files) they ask. A readable diff keeps its
// judgement, and a diff in a directory that holds nothing protected
// passes. The oracle runs real git apply: a decoded diff creates the
// project's .claude/settings.json; from a subdirectory it writes nothing
// outside it.
func TestGitApplyUnreadDiff(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	settings := "diff --git a/.claude/settings.json b/.claude/settings.json\nnew file mode 100644\n--- /dev/null\n+++ b/.claude/settings.json\n@@ -0,0 +1 @@\n+{\"hooks\":{}}\n"
	harmless := "diff --git a/notes/a.txt b/notes/a.txt\nnew file mode 100644\n--- /dev/null\n+++ b/notes/a.txt\n@@ -0,0 +1 @@\n+hello\n"
	setup := func(t *testing.T) (string, string) {
		root := t.TempDir()
		proj := filepath.Join(root, "proj")
		for _, d := range []string{proj, filepath.Join(proj, "src"), filepath.Join(proj, "notes"), filepath.Join(root, "home")} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if out, err := exec.Command("git", "init", "-q", proj).CombinedOutput(); err != nil {
			t.Fatalf("git init: %v %s", err, out)
		}
		files := map[string]string{
			filepath.Join(root, "s.b64"):        base64.StdEncoding.EncodeToString([]byte(settings)) + "\n",
			filepath.Join(proj, "fix.diff"):     harmless,
			filepath.Join(root, "home/.bashrc"): "# rc\n",
		}
		for name, text := range files {
			if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return root, proj
	}
	root, proj := setup(t)
	if err := os.WriteFile(filepath.Join(proj, "notes/b.txt"), []byte("b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commit := exec.Command("sh", "-c", "git add notes/b.txt && git -c user.name=t -c user.email=t@t -c commit.gpgsign=false commit -q -m b")
	commit.Dir = proj
	if out, err := commit.CombinedOutput(); err != nil {
		t.Fatalf("git commit: %v %s", err, out)
	}
	home := filepath.Join(root, "home")
	sb := filepath.Join(proj, "agent_sandbox")
	cfg := &Config{Cwd: proj, Project: proj, Home: home, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto, Paths: guards.DefaultPolicy().WithSelfProtection(nil, sb)}
	b64 := filepath.Join(root, "s.b64")
	for cmd, want := range map[string]Decision{
		"base64 -d < " + b64 + " | git apply":                                            Ask,
		"base64 -d < " + b64 + " | git apply --index":                                    Ask,
		"base64 -d < " + b64 + " | git apply -3":                                         Ask,
		"base64 -d < " + b64 + " | git apply -R":                                         Ask,
		"base64 -d < " + b64 + " | git apply --reject":                                   Ask,
		"base64 -d < " + b64 + " | git apply -p1 -":                                      Ask,
		"base64 -d < " + b64 + " | git apply --directory=.":                              Ask,
		"base64 -d < " + b64 + " | git am":                                               Ask,
		"base64 -d < " + b64 + " | git am --3way":                                        Ask,
		"base64 -d < " + b64 + " | git apply && make":                                    Ask,
		"xxd -r -p " + root + "/s.hex | git apply":                                       Ask,
		"base64 -d < " + b64 + " > " + root + "/s2.diff; git apply " + root + "/s2.diff": Ask, // written first
		"git -C " + root + "/other show HEAD | git apply":                                Ask, // a foreign repository's commit
		"git -C " + root + "/other format-patch -1 --stdout | git am":                    Ask,
		"cd " + home + " && base64 -d < " + b64 + " | git apply":                         Ask, // outside a repository: the cwd, the home's .bashrc
		// look-alikes
		"git format-patch -1 --stdout | git am":                   Allow, // this repository's own commit
		"git apply fix.diff":                                      Allow,
		"git diff > p.diff && git apply -R p.diff":                Allow,
		"cd src && base64 -d < " + b64 + " | git apply":           Allow, // git skips the names outside src
		"cd agent_sandbox && base64 -d < " + b64 + " | git apply": Allow,
		"base64 -d < " + b64 + " | git apply --stat":              Allow,
		"base64 -d < " + b64 + " | git apply --check":             Allow,
	} {
		if got := Check(cfg, cmd).Decision; got != want {
			t.Errorf("%q: decision %s, want %s (%v)", cmd, got, want, Check(cfg, cmd).Findings)
		}
	}
	// Oracle: real git apply of the decoded diff, in fresh copies.
	run := func(dir, script string) {
		t.Helper()
		c := exec.Command("sh", "-c", script)
		c.Dir = dir
		c.Env = append(os.Environ(), "HOME="+filepath.Join(filepath.Dir(dir), "home"), "GIT_CONFIG_NOSYSTEM=1")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", script, err, out)
		}
	}
	_, p1 := setup(t)
	run(p1, "base64 -d < ../s.b64 | git apply")
	if b, err := os.ReadFile(filepath.Join(p1, ".claude/settings.json")); err != nil || string(b) != "{\"hooks\":{}}\n" {
		t.Errorf("real git apply of the decoded diff: settings.json %q, %v", b, err)
	}
	_, p2 := setup(t)
	run(filepath.Join(p2, "src"), "base64 -d < ../../s.b64 | git apply")
	if _, err := os.Lstat(filepath.Join(p2, ".claude/settings.json")); err == nil {
		t.Errorf("real git apply from src wrote the top's .claude/settings.json")
	}
	// --directory is under the top, not the working directory.
	run(filepath.Join(p2, "src"), "base64 -d < ../../s.b64 | git apply --directory=src")
	if _, err := os.Lstat(filepath.Join(p2, "src/.claude/settings.json")); err != nil {
		t.Errorf("real git apply --directory=src from src: %v", err)
	}
}
