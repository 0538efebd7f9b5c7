package guards

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestCaseFoldPerVolume: where the volume of a path ignores case (the
// probe injected here, as macOS's default volume would answer), the
// protected and secret patterns match it in any case — the project's
// .CLAUDE/settings.json and .GIT/hooks/pre-commit, ~/.SSH/ID_RSA, .ENV —
// and where it does not, they keep to the case written. Not parallel:
// the probe is the package's. Red-team 3, section 10.
func TestCaseFoldPerVolume(t *testing.T) {
	env := Env{Project: "/work/proj", Cwd: "/work/proj", Home: "/home/u", Sandbox: "/work/proj/agent_sandbox"}
	pol := DefaultPolicy()
	writes := []string{"/work/proj/.CLAUDE/settings.json", "/work/proj/.claude/SETTINGS.JSON", "/work/proj/.GIT/hooks/pre-commit",
		"/work/proj/.Git/config", "/home/u/.BASHRC", "/home/u/.CLAUDE/SETTINGS.JSON"}
	secrets := []string{"/work/proj/.ENV", "/work/proj/.Env.Local", "/home/u/.SSH/ID_RSA", "/home/u/.AWS/credentials", "/work/proj/SERVER.PEM"}
	judge := func(folding bool) {
		t.Helper()
		var probed []string
		restore := SetCaseFoldProbe(func(dir string) bool {
			probed = append(probed, dir)
			return folding
		})
		defer restore()
		for _, p := range writes {
			if got := pol.Decide(env, p, Write).Verdict; (got == Deny) != folding && !goosFolds {
				t.Errorf("fold %v: write %s: %s", folding, p, got)
			}
		}
		for _, p := range secrets {
			if _, ok := pol.Secrets().Match(env, p); ok != folding && !goosFolds {
				t.Errorf("fold %v: secret %s: %v", folding, p, ok)
			}
		}
		// Look-alikes: other names stay ordinary whatever the case.
		for _, p := range []string{"/work/proj/README.MD", "/work/proj/docs/Guide.MD", "/work/proj/src/Env.go", "/work/proj/GIT/config"} {
			if got := pol.Decide(env, p, Write).Verdict; got == Deny || got == Ask {
				t.Errorf("fold %v: write %s: %s", folding, p, got)
			}
			if _, ok := pol.Secrets().Match(env, p); ok {
				t.Errorf("fold %v: %s is a secret", folding, p)
			}
		}
		if !goosFolds && len(probed) == 0 {
			t.Errorf("the probe was never asked")
		}
		// One probe a directory: the decision is kept.
		n := len(probed)
		pol.Decide(env, writes[0], Write)
		if len(probed) != n {
			t.Errorf("the directory of %s was probed again", writes[0])
		}
	}
	judge(true)
	judge(false)
}

// TestProbeFold: the real probe finds this host's temporary directory
// case-sensitive (Linux) unless its volume ignores case, and answers the
// same for a path below it that does not exist yet.
func TestProbeFold(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "Proj")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := os.Stat(filepath.Join(dir, "pROJ"))
	want := err == nil // the volume really ignores case
	if got := probeFold(sub); got != want {
		t.Errorf("probeFold(%s) = %v, want %v", sub, got, want)
	}
	if got := probeFold(filepath.Join(sub, "not", "there")); got != want {
		t.Errorf("probeFold below a missing directory = %v, want %v", got, want)
	}
	if runtime.GOOS == "linux" && want {
		t.Logf("%s is on a case-insensitive volume", dir)
	}
	if swapCase("Proj.ENV") != "pROJ.env" {
		t.Errorf("swapCase = %q", swapCase("Proj.ENV"))
	}
}
