package rewrite

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestSecretReadResolvesOperands: a reader's operand is judged as every
// path it can name — the files a glob matches in a real scratch project
// (bash's rules: * skips a leading dot), the patterns themselves, each
// word of a brace expansion, and a command substitution whose output its
// text shows. A substitution only known at run time is not judged.
func TestSecretReadResolvesOperands(t *testing.T) {
	t.Parallel()
	proj := t.TempDir()
	for _, d := range []string{"certs", "lib"} {
		if err := os.Mkdir(filepath.Join(proj, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{".env", "certs/server.pem", "certs/README", "lib/a.go", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(proj, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &Config{Cwd: proj, Project: proj, Home: "/home/u", Sandbox: proj + "/agent_sandbox", Mode: ModeRewrite, Approve: ApproveAuto, Paths: guards.DefaultPolicy()}
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		// On disk: certs/* holds server.pem, which no pattern names.
		{"cat certs/*", Deny},
		{"cd certs && head *", Deny},
		{"tail c?rts/[s]*", Deny},
		{"cat .??*", Deny},
		// From the patterns alone.
		{"cat .en?", Deny},
		{"cat {notes.txt,.env}", Deny},
		{"less $(echo .env)", Deny},
		{"cat `echo certs/server.pem`", Deny},
		{"cat < .e*", Deny},
		// Look-alikes.
		{"cat *", Allow}, // .env is hidden from *
		{"cat lib/*", Allow},
		{"cat certs/R*", Allow},
		{"cat $(ls lib/*.go)", Allow},
		{"cat \"$f\"", Allow},
		{"cat '.en?'", Allow},
	})
	// Without looking at disk only the patterns count.
	nodisk := *cfg
	nodisk.NoGlobMatches = true
	testRuleWith(t, &nodisk, "secret-read", []ruleCase{
		{"cat certs/*", Allow},
		{"cat .en?", Deny},
	})
}
