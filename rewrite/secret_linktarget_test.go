package rewrite

import (
	"os/exec"
	"testing"
)

// TestSecretLinkTargetReads: with links made by the real ln -s, a read
// of the file a secret's name leads to (.env -> config/env.txt, a nested
// service's .env into shared/) is a secret read; the target of a link
// with an ordinary name, and other files beside it, pass.
func TestSecretLinkTargetReads(t *testing.T) {
	if _, err := exec.LookPath("ln"); err != nil {
		t.Skip("no ln")
	}
	cfg := scratchProject(t, map[string]string{
		"proj/config/env.txt":          "API_TOKEN=abc\n",
		"proj/config/other.txt":        "x\n",
		"proj/shared/api-settings.txt": "DB_PASSWORD=x\n",
		"proj/docs/guide.md":           "# guide\n",
		"proj/services/api/":           "",
	})
	for _, l := range [][3]string{{"", "config/env.txt", ".env"}, {"services/api", "../../shared/api-settings.txt", ".env"}, {"", "docs/guide.md", "GUIDE.md"}} {
		ln := exec.Command("ln", "-s", l[1], l[2])
		ln.Dir = cfg.Project + "/" + l[0]
		if out, err := ln.CombinedOutput(); err != nil {
			t.Skipf("ln -s: %v %s", err, out)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cat config/env.txt", "deny"},
		{"grep TOKEN config/env.txt", "deny"},
		{"head shared/api-settings.txt", "deny"},
		{"cat .env", "deny"},
		// Look-alikes.
		{"cat config/other.txt", "allow"},
		{"cat docs/guide.md", "allow"},
		{"cat GUIDE.md", "allow"},
	})
}
