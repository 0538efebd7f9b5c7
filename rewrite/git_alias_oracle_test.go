package rewrite

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestGitAliasKeyOracle asks the real git which subcommand a -c alias key
// with more than one dot defines (alias.x.y is the alias "x.y", not "x")
// and checks that corral judges the same subcommand: the alias where git
// runs it, and a look-alike where git runs none.
func TestGitAliasKeyOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	runs := func(sub string) bool {
		cmd := exec.Command("git", "-c", "alias.x.y=!echo ALIAS-RAN", sub)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
		out, _ := cmd.CombinedOutput()
		return strings.Contains(string(out), "ALIAS-RAN")
	}
	if !runs("x.y") {
		t.Fatal("git did not run alias.x.y as git x.y")
	}
	cfg := testConfig()
	for _, tc := range []struct {
		sub string
	}{{"x.y"}, {"x"}, {"y"}, {"X.Y"}} {
		want := Allow
		if runs(tc.sub) {
			want = Ask
		}
		cmd := "git -c alias.x.y='reset --hard' " + tc.sub
		got := Allow
		for _, f := range Check(cfg, cmd).Findings {
			if f.Rule == "git-destroy" {
				got = max(got, f.Decision)
			}
		}
		if got != want {
			t.Errorf("%s: git-destroy says %s, the real git says %s", cmd, got, want)
		}
	}
}
