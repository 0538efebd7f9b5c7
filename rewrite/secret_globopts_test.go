package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSecretGlobShellOptions: a read pattern is matched against secrets
// under the shell options in force for its word, on disk and by the
// pattern alone: with dotglob (or a non-empty GLOBIGNORE) * and ? reach
// a leading dot (cat *nv reads .env), with nocaseglob letters match
// either case (cat .EN[V]). Each command also runs in real bash on a
// canary .env: where corral denies, the canary is printed; where it
// allows, it is not.
func TestSecretGlobShellOptions(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	cfg := secretScratch(t)
	const canary = "CANARY_9c2d"
	if err := os.WriteFile(filepath.Join(cfg.Project, ".env"), []byte("SECRET="+canary+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cmd  string
		deny bool
	}{
		{`shopt -s dotglob; cat *nv`, true},
		{`shopt -s dotglob; cat ?env`, true},
		{`GLOBIGNORE=x; cat *nv`, true},
		{`shopt -s nocaseglob; cat .EN[V]`, true},
		{`shopt -s nocaseglob; cat .E*`, true},
		{`shopt -s dotglob nocaseglob; cat *NV`, true},
		// Look-alikes.
		{`cat *nv`, false},
		{`cat ?env`, false},
		{`cat .EN[V]`, false},
		{`(shopt -s dotglob); cat *nv`, false},
		{`shopt -s dotglob; shopt -u dotglob; cat *nv`, false},
		{`shopt -s nocaseglob; cat .ENV`, false}, // no pattern: the name as written
		{`shopt -s dotglob; cat *.go`, false},
	} {
		run := exec.Command(bash, "--norc", "--noprofile", "-c", tc.cmd)
		run.Dir = cfg.Project
		run.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + cfg.Home, "LC_ALL=C"}
		out, _ := run.CombinedOutput()
		if printed := strings.Contains(string(out), canary); printed != tc.deny {
			t.Errorf("%s: bash prints the canary %v, the table says %v (%q)", tc.cmd, printed, tc.deny, out)
		}
		r := Check(cfg, tc.cmd)
		denied := false
		for _, f := range r.Findings {
			if f.Rule == "secret-read" && f.Decision == Deny {
				denied = true
			}
		}
		if denied != tc.deny {
			t.Errorf("%s: secret-read denies %v, want %v (%v)", tc.cmd, denied, tc.deny, r.Findings)
		}
	}
}

// TestSecretGlobOptionsByPattern: with the file not on disk, the pattern
// alone under the options in force: dotglob lets *nv reach a .env, as
// nocaseglob lets .EN[V] do.
func TestSecretGlobOptionsByPattern(t *testing.T) {
	t.Parallel()
	cfg := secretScratch(t)
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		{`shopt -s dotglob; cat src/*nv`, Deny},
		{`shopt -s nocaseglob; cat src/.EN[V]`, Deny},
		{`cat src/*nv`, Allow},
		{`cat src/.EN[V]`, Allow},
		{`shopt -s dotglob; cat src/*`, Allow}, // aimed at every file, not at secrets
	})
}
