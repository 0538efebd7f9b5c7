package rewrite

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadonlyPrintsReadOnly: readonly -p (and a bare readonly, declare
// -pr) lists the read-only variables only. A sourced .env makes none
// read-only, so listing them prints no secret; once readonly (or declare
// -r) is given a variable that holds one, or readonly $(cat .env | xargs)
// sets them, the list holds the value. declare -p and export -p print
// every (exported) variable and stay reads. Real bash shows where the
// canary is printed.
func TestReadonlyPrintsReadOnly(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.env":  "API_KEY=CANARY\nDB_HOST=localhost\n",
		"proj/.git/": "",
	})
	proj := filepath.Join(filepath.Dir(cfg.Home), "proj")
	cfg.Cwd = proj
	tests := []struct {
		cmd, want string
		prints    bool
	}{
		{`source .env && readonly -p`, "allow", false},
		{`source .env; readonly`, "allow", false},
		{`set -a; . ./.env; set +a; declare -pr`, "allow", false},
		{`export $(cat .env | xargs); readonly -p`, "allow", false},
		{`source .env; readonly API_KEY; readonly -p`, "deny", true},
		{`source .env; declare -r API_KEY; readonly -p`, "deny", true},
		{`source .env; readonly B="$API_KEY"; readonly -p`, "deny", true},
		{`source .env; readonly API_KEY; unset API_KEY; readonly -p`, "deny", true}, // unset fails
		{`readonly $(cat .env | xargs); readonly -p`, "deny", true},
		{`source .env; export API_KEY; declare -p`, "deny", true},
		{`source .env; export -p`, "deny", false}, // API_KEY is not exported: judged as printing all (the environment may have given it)
		{`set -a; source .env; export -p`, "deny", true},
	}
	for _, tt := range tests {
		if got := Check(cfg, tt.cmd).Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, Check(cfg, tt.cmd).Findings)
		}
		cmd := exec.Command("bash", "-c", tt.cmd)
		cmd.Dir = proj
		out, _ := cmd.CombinedOutput()
		if got := strings.Contains(string(out), "CANARY"); got != tt.prints {
			t.Errorf("%s: bash prints the canary: %v, the test says %v (%q)", tt.cmd, got, tt.prints, out)
		}
	}
}
