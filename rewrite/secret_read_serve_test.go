package rewrite

import (
	"strings"
	"testing"
)

// TestServeReasonNamesTheWayOn: a static file server of a directory that
// holds a secret (the project, with a git-ignored .env) is refused as a
// read of it is, and the reason says that the server hands the file to
// any client and how to serve a directory without it; serving the built
// site passes.
func TestServeReasonNamesTheWayOn(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.env":            "K=1\n",
		"proj/.gitignore":      ".env\n",
		"proj/dist/index.html": "hi",
	})
	for _, tt := range []struct{ cmd, hint string }{
		{"python3 -m http.server 8000", "python3 -m http.server --directory dist"},
		{"python3 -m http.server --bind 127.0.0.1", "python3 -m http.server --directory dist"},
		{"php -S localhost:8000", "php -S localhost:8000 -t public"},
		{"npx serve", "serve dist"},
	} {
		r := Check(cfg, tt.cmd)
		if r.Decision != Deny || len(r.Findings) == 0 {
			t.Errorf("%s: %s, want deny", tt.cmd, r.Decision)
			continue
		}
		msg := r.Findings[0].Message
		if !strings.Contains(msg, "serves everything under") || !strings.Contains(msg, "to any client") || !strings.Contains(msg, tt.hint) {
			t.Errorf("%s: reason %q does not say what the server does and how to go on (%q)", tt.cmd, msg, tt.hint)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"python3 -m http.server --directory dist", "allow"},
		{"python3 -m http.server -d dist 8000", "allow"},
		{"cd dist && python3 -m http.server", "allow"},
		{"cat .env", "deny"},
	})
}
