package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRipgrepGlobOverridesHidden: ripgrep skips hidden files and
// directories, but a -g glob that names hidden files ("*", "**/*", ".*")
// is an override that brings them back, so rg -g '*' KEY . reads .env.
// Where rg is installed, what it really prints is checked too.
func TestRipgrepGlobOverridesHidden(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.env":        "API_KEY=CANARY\n",
		"proj/src/main.go": "package main // no secret\n",
		"proj/.git/":       "",
	})
	proj := filepath.Join(filepath.Dir(cfg.Home), "proj")
	cfg.Cwd = proj
	tests := []struct {
		cmd, want string
		reads     bool // rg prints the canary
	}{
		{`rg -g '*' CANARY .`, "deny", true},
		{`rg --glob '**/*' CANARY`, "deny", true},
		{`rg -g '.*' CANARY .`, "deny", true},
		{`rg CANARY .`, "allow", false},
		{`rg -g '*.go' CANARY .`, "allow", false},
		{`rg -g '!*.lock' CANARY .`, "allow", false},
		// Brace groups: every alternative is a glob (red-team 3,
		// section 9).
		{`rg -n CANARY --glob '{.env,README.md}' .`, "deny", true},
		{`rg -g '{README.md,.env}' CANARY`, "deny", true},
		{`rg -g '*{env,md}' CANARY .`, "deny", true},
		// Nested groups: this rg refuses them, newer globset takes them.
		{`rg -g '{*.go,{x,.en{v,x}}}' CANARY .`, "deny", false},
		{`rg -g '{*.go,*.md}' CANARY .`, "allow", false},
	}
	rg, err := exec.LookPath("rg")
	for _, tt := range tests {
		if got := Check(cfg, tt.cmd).Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.cmd, got, tt.want)
		}
		if err != nil {
			continue
		}
		cmd := exec.Command("bash", "-c", strings.Replace(tt.cmd, "rg ", rg+" --no-config ", 1))
		cmd.Dir = proj
		cmd.Env = append(os.Environ(), "HOME="+cfg.Home)
		out, _ := cmd.Output()
		if got := strings.Contains(string(out), "CANARY"); got != tt.reads {
			t.Errorf("%s: real rg prints the canary: %v, the test says %v (%q)", tt.cmd, got, tt.reads, out)
		}
	}
}
