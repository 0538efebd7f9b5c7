package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestReadFdValues: read and mapfile take their lines from any
// descriptor -u names — 1 and 2 too when the call opens them on a file
// (read -u 1 x 1< f) — and with any other options (read -t 5 -u 3, read
// -n 20). The value is the file's, which corral reads at hook time:
// each row runs in real bash with the file holding a canary payload, and
// corral judges it with a destructive one.
func TestReadFdValues(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	cfg := scratchProject(t, map[string]string{
		"home/.claude/settings.json": "{}",
		"proj/n.txt":                 "a[$(rm -rf ~)]\n2\n",
		"proj/count.txt":             "41\n7\n",
	})
	rows := []string{
		`read -u 1 x 1< n.txt; (( x ))`,
		`read -r -u 2 x 2< n.txt; echo $((x))`,
		`read -u3 x 3< n.txt; (( x ))`,
		`read -t 5 -u 3 x 3< n.txt; (( x ))`,
		`read -n 400 x < n.txt; (( x ))`,
		`read -p '' -r x < n.txt; (( x ))`,
		`mapfile -t -u 3 a 3< n.txt; b=${a[0]}; echo $((b))`,
		`mapfile -t -u3 a 3< n.txt; x=${a[0]}; echo "${!x}"`,
		`exec 3< n.txt; read -r -u 3 y; read -r -u 3 y; exec 3< n.txt; mapfile -t -u 3 a; (( a[0] ))`,
		`readarray -u 4 -t a 4< n.txt; b=${a[0]}; (( b ))`,
	}
	for _, cmd := range rows {
		dir := t.TempDir()
		canary := filepath.Join(dir, "ran")
		if err := os.WriteFile(filepath.Join(dir, "n.txt"), []byte("a[$(touch "+canary+")]\n2\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		c := exec.Command("bash", "-c", cmd+"\ntrue")
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Errorf("%s: bash: %v %s", cmd, err, out)
		}
		if _, err := os.Stat(canary); err != nil {
			t.Errorf("%s: bash did not run the subscript (no canary): the row shows no bypass", cmd)
		}
		if got := Check(cfg, cmd).Decision.String(); got != "deny" {
			t.Errorf("%s: %s, want deny", cmd, got)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`read -u 1 x 1< count.txt; echo $((x+1))`, "allow"},
		{`mapfile -t -u 3 a 3< count.txt; echo $((a[0]+a[1]))`, "allow"},
		{`read -t 5 -u 3 x 3< count.txt; (( x > 3 ))`, "allow"},
		{`read -u 1 x 1< n.txt; echo "$x"`, "allow"},
		{`read -p 'name: ' -r x; echo "hi $x"`, "allow"},
	})
}
