package rewrite

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCandidatesAndSourceReachRules: a variable that different paths set
// differently reaches the rules as every value it can hold, and a file run
// with source or "." leaves what it sets in the caller's shell, so the
// dangerous value is seen either way; look-alikes whose every value is
// harmless pass.
func TestCandidatesAndSourceReachRules(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"home.sh":  "D=~\n",
		"build.sh": "D=build\n",
		"cd.sh":    "cd /\n",
		"clean.sh": "clean() { rm -rf \"$1\"; }\n",
	} {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &Config{Cwd: proj, Project: proj, Home: root, Sandbox: filepath.Join(proj, "agent_sandbox"), Mode: ModeRewrite, Approve: ApproveAuto}
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{`if [ -d x ]; then D=build; else D=~; fi; rm -rf $D`, Deny},
		{`if [ -d x ]; then D=build; else D=/; fi; rm -rf "$D"/*`, Deny},
		{`D=build; [ -d x ] && D=/etc; rm -rf "$D"`, Deny},
		{`case $1 in a) D=/usr;; *) D=out;; esac; rm -rf $D`, Deny},
		{`if [ -d x ]; then D=build; else D=dist; fi; rm -rf $D`, Allow},
		{`. ./home.sh; rm -rf $D`, Deny},
		{`source home.sh && rm -rf "$D"/`, Deny},
		{`. ./build.sh; rm -rf $D`, Allow},
		{`. ./cd.sh; rm -rf *`, Deny},
		{`. ./clean.sh; clean ~`, Deny},
		{`. ./clean.sh; clean build`, Allow},
	} {
		if r := Check(cfg, tc.cmd); r.Decision != tc.want {
			t.Errorf("%s: %s %v, want %s", tc.cmd, r.Decision, r.Findings, tc.want)
		}
	}
}
