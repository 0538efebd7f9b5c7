package rewrite

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestSelfReached holds that a find, a recursive deletion or a recursive
// change of modes that reaches corral's own program or the settings file
// that registers it is judged as the same action named directly: find
// selects by name at any depth, so find / -name corral -delete deletes
// /usr/local/bin/corral. A find whose action takes each directory it
// selects with its tree (-exec rm -r, -exec chmod -R) reaches what that
// directory holds whatever its own name: find ROOT -name bin -exec rm -rf
// {} + deletes bin/corral (it passed, as did the chmod -R 000 of it), and
// the starting point is tested too (find opt/bin -name bin). Finds and
// trees that do not reach them pass.
func TestSelfReached(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	proj := filepath.Join(root, "project")
	home := filepath.Join(root, "home")
	bin := filepath.Join(root, "opt", "bin")
	for _, d := range []string{proj, filepath.Join(home, ".claude"), bin, filepath.Join(proj, "build")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	exe := filepath.Join(bin, "corral")
	for _, f := range []string{exe, filepath.Join(home, ".claude", "settings.json"), filepath.Join(proj, "build", "a.o")} {
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sb := filepath.Join(proj, "agent_sandbox")
	cfg := &Config{Cwd: proj, Project: proj, Home: home, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto,
		Protected: []string{exe}, Paths: guards.DefaultPolicy().WithSelfProtection([]string{exe}, sb)}
	opt := filepath.Join(root, "opt")
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{"find " + opt + " -name corral -delete", Deny},
		{"find " + opt + " -name 'corr*' -exec rm {} +", Deny},
		{"find " + opt + " -iname CORRAL -exec rm -f {} \\;", Deny},
		{"find " + opt + " -name corral -exec chmod 000 {} +", Deny},
		{"find " + opt + " -type f -exec chmod 000 {} +", Deny},
		{"chmod -R 000 " + opt, Deny},
		{"rm -rf " + opt, Deny},
		{"find ~ -name settings.json -exec rm {} +", Deny},
		{"find ~ -name '*.json' -delete", Deny},
		{"find " + opt + " -name bin -exec rm -rf {} +", Deny},
		{"find " + root + " -maxdepth 2 -name 'o?t' -exec rm -r {} \\;", Deny},
		{"find " + bin + " -name bin -exec rm -rf {} +", Deny},
		{"find " + opt + " -name bin -exec chmod -R 000 {} +", Deny},
		{"find ~ -name .claude -exec rm -rf {} +", Deny},
		// Look-alikes: other names, other trees, modes that name no tree.
		{"find " + opt + " -name '*.o' -delete", Allow},
		{"find . -name '*.o' -delete", Allow},
		{"find " + opt + " -name corral -print", Allow},
		{"chmod -R u+w build", Allow},
		{"find ~ -name '*.pyc' -delete", Allow},
		// Not deep: -delete and rmdir take a directory only when empty,
		// rm without -r not at all, chmod without -R only the directory.
		{"find " + opt + " -name bin -delete", Allow},
		{"find " + opt + " -name bin -exec rm -f {} +", Allow},
		{"find " + opt + " -name bin -type d -exec rmdir {} +", Allow},
		{"find " + opt + " -name bin -exec chmod 755 {} +", Allow},
		{"find " + proj + " -name build -exec rm -rf {} +", Allow},
		// find tests the starting point by the word given: "." is no bin.
		{"cd " + bin + " && find . -name bin -exec rm -rf {} +", Allow},
	} {
		got := Check(cfg, tc.cmd).Decision
		if tc.want == Allow && got > Warn || tc.want != Allow && got != tc.want {
			t.Errorf("%s: decision %v, want %v", tc.cmd, got, tc.want)
		}
	}
}
