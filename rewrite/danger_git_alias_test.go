package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitAliasChainOracle checks the alias expansions corral follows
// against the real git: each row is run by git with a harmless shell
// alias (!touch ran) in place of FINAL, which shows whether git gets
// there at all, and decided by corral with FINAL a hard reset.
func TestGitAliasChainOracle(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	rows := []struct {
		cmd  string
		runs bool // git reaches FINAL
	}{
		{`git -c alias.a=b -c alias.b='FINAL' a`, true},
		{`git -c alias.a=c -c alias.c=b -c alias.b='FINAL' a`, true},
		{`git -c alias.a='!git b' -c alias.b='FINAL' a`, true},
		{`git -c alias.a='!cd sub && git b' -c alias.b='FINAL' a`, true},
		{`git -c alias.a='!git c' -c alias.c='!git b' -c alias.b='FINAL' a`, true},
		{`GIT_CONFIG_PARAMETERS="'alias.b=FINAL'" git b`, true},
		{`export GIT_CONFIG_PARAMETERS="'alias.b=FINAL'"; git b`, true},
		{`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.b GIT_CONFIG_VALUE_0='FINAL' git b`, true},
		{`GIT_CONFIG_PARAMETERS="'alias.b=FINAL'" git -c alias.a=b a`, true},
		// git's own commands win over an alias of the same name.
		{`git -c alias.status='FINAL' status`, false},
		{`git -c alias.a=status -c alias.status='FINAL' a`, false},
		// A loop of git aliases stops git before anything runs.
		{`git -c alias.a=b -c alias.b=a a`, false},
		// An alias the call does not use.
		{`git -c alias.x='!git y' -c alias.y='FINAL' status`, false},
		// -c wins over the environment's setting.
		{`GIT_CONFIG_PARAMETERS="'alias.b=FINAL'" git -c alias.b=status b`, false},
	}
	for _, r := range rows {
		dir := t.TempDir()
		home := filepath.Join(dir, "home")
		repo := filepath.Join(dir, "repo")
		for _, d := range []string{home, filepath.Join(repo, "sub")} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		env := []string{"PATH=" + filepath.Dir(git) + ":/usr/bin:/bin", "HOME=" + home, "GIT_CONFIG_NOSYSTEM=1"}
		run := func(script string) {
			cmd := exec.Command(bash, "-c", script)
			cmd.Dir, cmd.Env = repo, env
			_, _ = cmd.CombinedOutput() // a loop or an unknown command fails; what ran is the marker
		}
		run("git init -q . && git -c user.name=t -c user.email=t@t commit -q --allow-empty -m i")
		run(strings.ReplaceAll(r.cmd, "FINAL", "!touch ran"))
		_, err := os.Stat(filepath.Join(repo, "ran"))
		if ran := err == nil; ran != r.runs {
			t.Errorf("%s: git ran FINAL = %v, the table says %v", r.cmd, ran, r.runs)
			continue
		}
		cfg := &Config{Cwd: repo, Project: repo, Home: home, Sandbox: filepath.Join(repo, "agent_sandbox"), Mode: ModeRewrite, Approve: ApproveAuto}
		cmd := strings.ReplaceAll(r.cmd, "FINAL", "reset --hard")
		got := Check(cfg, cmd).Decision
		want := Allow
		if r.runs {
			want = Ask
		}
		if got != want {
			t.Errorf("%s: decision %s, want %s (git runs the reset: %v)", cmd, got, want, r.runs)
		}
	}
}

// TestGitAliasLoopEnds: a shell alias that runs itself (through -c or
// the environment git passes on) nests without end in git; corral's
// expansion stops and asks.
func TestGitAliasLoopEnds(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{
		`git -c alias.a='!git a' a`,
		`GIT_CONFIG_PARAMETERS="'alias.a=!git a'" git a`,
		`git -c alias.a='!git b' -c alias.b='!git a' a`,
	} {
		if got := Check(testConfig(), cmd).Decision; got != Ask {
			t.Errorf("%s: decision %s, want ask", cmd, got)
		}
	}
}
