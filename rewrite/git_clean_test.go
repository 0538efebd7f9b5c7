package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitCleanAsksGit: what git clean removes is what the real git says
// (git clean --dry-run with the same options): untracked files, ignored
// ones only with -x/-X, never a tracked one. A tracked
// .claude/settings.json is no reason to deny git clean -fdx; an
// untracked one is; an ignored .env goes only with -x.
func TestGitCleanAsksGit(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cfg := scratchProject(t, map[string]string{
		"proj/.claude/settings.json": "{}\n", "proj/.gitignore": ".env\nbuild/\n", "proj/.env": "K=1\n",
		"proj/build/out.o": "x", "proj/notes.txt": "n\n", "proj/src/a.go": "package a\n",
	})
	git := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.email=t@example.com", "-c", "user.name=t"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	git(cfg.Project, "init", "-q")
	git(cfg.Project, "add", ".claude/settings.json", ".gitignore", "src/a.go")
	git(cfg.Project, "commit", "-qm", "init")
	decide := func(cmd string) Result {
		return *Check(cfg, cmd)
	}
	for _, tc := range []struct {
		cmd, want, mention, absent string
	}{
		{"git clean -fd", "ask", "", "settings.json"},
		{"git clean -fdx", "ask", ".env", "settings.json"},
		{"git clean -fX", "ask", ".env", "settings.json"},
		{"git clean -f -- src", "allow", "", ".env"}, // src holds only tracked files: nothing goes
		{"git clean -f -- notes.txt", "ask", "", ".env"},
		{"git clean -n", "allow", "", ""},
	} {
		r := decide(tc.cmd)
		var msgs []string
		for _, f := range r.Findings {
			msgs = append(msgs, f.Message)
		}
		all := strings.Join(msgs, "\n")
		if got := r.Decision.String(); got != tc.want {
			t.Errorf("%s: %s, want %s (%s)", tc.cmd, got, tc.want, all)
		}
		if tc.mention != "" && !strings.Contains(all, tc.mention) {
			t.Errorf("%s: no finding names %s (%s)", tc.cmd, tc.mention, all)
		}
		if tc.absent != "" && strings.Contains(all, tc.absent) {
			t.Errorf("%s: a finding names %s, which git clean keeps (%s)", tc.cmd, tc.absent, all)
		}
	}
	// corral's sandbox in the project is untracked: git clean -fdx
	// empties it, which asks as the clean does (it was denied as deleting
	// the sandbox root), and an exclude keeps it.
	if err := os.MkdirAll(filepath.Join(cfg.Sandbox, "widget"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg.Sandbox, "widget", "README"), []byte("w\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ cmd, want, mention string }{
		{"git clean -fdx", "ask", "corral's sandbox"},
		{"git clean -fdx -e " + filepath.Base(cfg.Sandbox), "ask", ""},
	} {
		r := decide(tc.cmd)
		var msgs []string
		for _, f := range r.Findings {
			msgs = append(msgs, f.Message)
		}
		all := strings.Join(msgs, "\n")
		if got := r.Decision.String(); got != tc.want || tc.mention != "" && !strings.Contains(all, tc.mention) || tc.mention == "" && strings.Contains(all, "sandbox") {
			t.Errorf("%s with a sandbox: %s (%s), want %s naming %q", tc.cmd, got, all, tc.want, tc.mention)
		}
	}
	// The same file untracked is the guard's own and goes: denied.
	git(cfg.Project, "rm", "-q", "--cached", ".claude/settings.json")
	if r := decide("git clean -fd"); r.Decision.String() != "deny" {
		t.Errorf("git clean -fd with an untracked .claude/settings.json: %s, want deny (%v)", r.Decision, r.Findings)
	}
	if _, err := os.Stat(filepath.Join(cfg.Project, ".claude", "settings.json")); err != nil {
		t.Fatalf("the judgement removed a file: %v", err)
	}
}

// TestGitCleanNothingToClean: a clean the real git says removes nothing
// (its dry run lists no path) passes (red team 14 FA3: git clean -fd in a
// clean work tree asked). The ask stays when something is listed, and
// when an earlier command in the same line can leave a file untracked
// first (git rm --cached then clean), which the dry run cannot see.
func TestGitCleanNothingToClean(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cfg := scratchProject(t, map[string]string{"proj/.gitignore": "build/\n", "proj/src/a.go": "package a\n", "proj/build/out.o": "x"})
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.email=t@example.com", "-c", "user.name=t"}, args...)...)
		cmd.Dir = cfg.Project
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	run("init", "-q")
	run("add", ".gitignore", "src/a.go")
	run("commit", "-qm", "init")
	for _, tc := range []struct{ cmd, want string }{
		{"git clean -fd", "allow"},
		{"git clean -f", "allow"},
		{"cd src && git clean -fd", "allow"},
		{"git clean -fdx", "ask"}, // build/ is ignored: -x removes it
		{"git rm -q --cached src/a.go && git clean -f", "ask"},
		{"touch new.txt; git clean -f", "ask"},
	} {
		if got := Check(cfg, tc.cmd).Decision.String(); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got, tc.want)
		}
	}
	if err := os.WriteFile(filepath.Join(cfg.Project, "scratch.txt"), []byte("s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := Check(cfg, "git clean -fd").Decision.String(); got != "ask" {
		t.Errorf("git clean -fd with an untracked file: %s, want ask", got)
	}
}
