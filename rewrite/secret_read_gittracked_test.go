package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitUnscopedReadersOfTrackedSecrets: git's readers of the tree and
// its history with no path to narrow them print every tracked file they
// reach, so in a repository that tracks .env they read it (red team 19
// SG1): git grep and git fast-export and git archive read every tracked
// file (deny), git log -p, git show COMMIT, git diff REV REV, git
// format-patch and git cat-file --batch print what their commits change
// or their input names (ask). The same commands in a repository that
// tracks no secret, and the narrowed or content-free forms, pass. The
// real git runs each command against the canary repository: a row that
// says it reads prints the canary.
func TestGitUnscopedReadersOfTrackedSecrets(t *testing.T) {
	t.Parallel()
	gitBin, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	setup := func(files map[string]string) (*Config, string) {
		files["proj/src/main.go"] = "package main // TODO\n"
		cfg := scratchProject(t, files)
		proj := filepath.Join(filepath.Dir(cfg.Home), "proj")
		cfg.Cwd = proj
		for _, args := range [][]string{{"init", "-q"}, {"add", "-A", "-f"}, {"-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "-m", "x"}} {
			cmd := exec.Command(gitBin, args...)
			cmd.Dir = proj
			cmd.Env = []string{"HOME=" + cfg.Home, "PATH=" + os.Getenv("PATH"), "GIT_CONFIG_NOSYSTEM=1"}
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v %s", args, err, out)
			}
		}
		return cfg, proj
	}
	tracked, proj := setup(map[string]string{"proj/.env": "SECRET=CANARY\n"})
	clean, _ := setup(map[string]string{"proj/notes.txt": "SECRET=none here\n"})
	tests := []struct {
		cmd, want string
		prints    bool // the real git prints the canary in the tracked repository
	}{
		{`git grep -n SECRET`, "deny", true},
		{`git grep SECRET HEAD`, "ask", true},
		{`git fast-export HEAD`, "deny", true},
		{`git archive --format=tar HEAD`, "deny", true},
		{`git log -p -1`, "ask", true},
		{`git log --all -S SECRET -p`, "ask", true},
		{`git show HEAD`, "ask", true},
		{`git diff 4b825dc642cb6eb9a060e54bf8d69288fbee4904 HEAD`, "ask", true},
		{`git format-patch --root -1 --stdout HEAD`, "ask", true},
		{`git cat-file --batch <<< HEAD:.env`, "ask", true},
		{`git cat-file -p "$(git rev-parse HEAD:.env)"`, "ask", true},
		// Look-alikes: narrowed to other paths, no content, no revision.
		{`git log -p -- src/`, "allow", false},
		{`git log -p src`, "allow", false},
		{`git show HEAD --stat`, "allow", false},
		{`git show HEAD:src/main.go`, "allow", false},
		{`git grep -n TODO -- '*.go'`, "allow", false},
		{`git grep TODO '*.go'`, "allow", false},
		{`git grep -n SECRET src`, "allow", false},
		{`git log`, "allow", false},
		{`git diff`, "allow", false},
		{`git cat-file --batch-check <<< HEAD:.env`, "allow", false},
		{`git cat-file -p HEAD`, "allow", false},
	}
	for _, tt := range tests {
		if got := Check(tracked, tt.cmd).Decision.String(); got != tt.want {
			t.Errorf("tracked: %s: %s, want %s", tt.cmd, got, tt.want)
		}
		if got := Check(clean, tt.cmd).Decision.String(); got != "allow" {
			t.Errorf("no tracked secret: %s: %s, want allow", tt.cmd, got)
		}
		cmd := exec.Command("bash", "-c", tt.cmd)
		cmd.Dir = proj
		cmd.Env = []string{"HOME=" + tracked.Home, "PATH=" + os.Getenv("PATH"), "GIT_CONFIG_NOSYSTEM=1", "GIT_PAGER=cat"}
		out, _ := cmd.Output()
		if got := strings.Contains(string(out), "CANARY"); got != tt.prints {
			t.Errorf("%s: real git prints the canary: %v, the test says %v", tt.cmd, got, tt.prints)
		}
	}
}
