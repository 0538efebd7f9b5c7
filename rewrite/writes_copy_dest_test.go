package rewrite

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestCopyDestinationNamesTheFile: cp or mv of a file to a name that is
// not a directory when the hook runs writes that name, not NAME/SOURCE,
// when the copy runs first (nothing before it can make the directory):
// mv .env .env.bak is judged (and explained) as the write of .env.bak. A
// destination that is a directory on disk, ends in /, or that an earlier
// command may create (mkdir d; mv .env d) still gets DEST/SOURCE. Writes
// of .env* stay refused (the seeds: "Writes to .env* files are
// blocked"), creating .env from the template included.
func TestCopyDestinationNamesTheFile(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.env":         "API_KEY=x\n",
		"proj/.env.example": "API_KEY=\n",
		"proj/.git/":        "",
		"proj/configs/":     "",
	})
	cfg.Cwd = filepath.Join(filepath.Dir(cfg.Home), "proj")
	tests := []struct {
		cmd, want      string
		names, notName string // a finding's message names names, none names notName
	}{
		{"mv .env .env.bak", "deny", "mv writes .env.bak:", ".env.bak/.env"},
		{"cp .env.example .env", "deny", "cp writes .env:", ".env/.env.example"},
		{"mkdir .env.bak; mv .env .env.bak", "deny", ".env.bak/.env", ""},
		{"mv .env .env.bak/", "deny", ".env.bak/.env", ""},
		{"cp .env.example configs", "allow", "", ""},
		{"cp .env.example .env.d", "deny", "cp writes .env.d:", ".env.d/.env.example"},
		{"true; mv .env .env.bak", "deny", ".env.bak/.env", ""},
	}
	for _, tt := range tests {
		r := Check(cfg, tt.cmd)
		if got := r.Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, r.Findings)
		}
		all := ""
		for _, f := range r.Findings {
			all += f.Message + "\n"
		}
		if tt.names != "" && !strings.Contains(all, tt.names) {
			t.Errorf("%s: no finding names %q:\n%s", tt.cmd, tt.names, all)
		}
		if tt.notName != "" && strings.Contains(all, tt.notName) {
			t.Errorf("%s: a finding names %q:\n%s", tt.cmd, tt.notName, all)
		}
	}
}
