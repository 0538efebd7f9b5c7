package rewrite

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestCaseInsensitiveVolume: on a volume that ignores case (macOS's and
// Windows' defaults; injected here through the path module's probe,
// since this host's volume keeps case), a path spelled in another case
// is the protected or secret file itself: cat .ENV and cat ~/.SSH/ID_RSA
// read secrets, and writes to .CLAUDE/settings.json or .GIT/hooks/pre-commit
// change the agent's settings or a git hook. Where case counts they are
// other files. Not parallel: the probe is the path module's. Red-team 3,
// section 10.
func TestCaseInsensitiveVolume(t *testing.T) {
	cfg := secretScratch(t)
	if err := os.MkdirAll(filepath.Join(cfg.Project, "conf"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg.Project, "conf", ".ENV"), []byte("API_KEY=1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		cmd       string
		fold, not Decision
	}{
		{`cat .ENV`, Deny, Allow},
		{`cat .Env.Local`, Deny, Allow},
		{`cat ~/.SSH/ID_ED25519`, Deny, Allow},
		{`less ~/.AWS/credentials`, Deny, Allow},
		{`echo '{"hooks":{}}' > .CLAUDE/settings.json`, Deny, Allow},
		{`echo x > .claude/SETTINGS.JSON`, Deny, Allow},
		{`printf '#!/bin/sh\n' > .GIT/hooks/pre-commit`, Deny, Allow},
		// An archive of a tree holding .ENV on disk.
		{`tar czf c.tgz conf`, Deny, Allow},
		// Look-alikes: names no pattern has in any case.
		{`cat README.MD`, Allow, Allow},
		{`echo x > Docs/Guide.md`, Allow, Allow},
	}
	for _, folding := range []bool{true, false} {
		restore := guards.SetCaseFoldProbe(func(string) bool { return folding })
		for _, tc := range cases {
			want := tc.not
			if folding {
				want = tc.fold
			}
			if got := Check(cfg, tc.cmd).Decision; got != want {
				t.Errorf("fold %v: %s: %s, want %s", folding, tc.cmd, got, want)
			}
		}
		restore()
	}
}
