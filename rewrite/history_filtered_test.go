package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestHistoryFilteredIntoShell: the entries history N, history and fc -l
// print, passed through filters (sed, tail, cut) before a shell, eval or
// source runs them, are code only known at run time, as history's own
// output is (red team 17 HX1b): history -s stores any text, even in a
// shell that is not interactive. Look-alikes: history printed to the
// terminal or searched, history -c.
func TestHistoryFilteredIntoShell(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "a\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`history -s 'rm -f ~/.bashrc'; eval "$(history 1 | sed 's/^ *[0-9]* *//')"`, "ask"},
		{`eval "$(history 1 | sed 's/^ *[0-9]* *//')"`, "ask"},
		{`history -s 'rm -f ~/.bashrc'; eval "$(true; history 1 | sed 's/^ *[0-9]* *//')"`, "ask"},
		{`sh -c "$(history | tail -1 | cut -c8-)"`, "ask"},
		{`source <(history 1 | sed 's/^ *[0-9]* *//')`, "ask"},
		{`bash <(fc -ln -1 | sed 's/^\s*//')`, "ask"},
		{`eval "$(fc -ln -1 | sed 's/^\s*//')"`, "ask"},
		{`history 1 | sed 's/^ *[0-9]* *//' | sh`, "ask"},
		{`history | tail -1 | cut -c8- | bash`, "ask"},
		// Look-alikes.
		{`history | tail -5`, "allow"},
		{`history | grep git`, "allow"},
		{`history 20`, "allow"},
		{`history -c`, "allow"},
		{`eval "$(history -c | sed s/a/b/)"`, "allow"},
		{`eval "$(date | sed s/a/b/)"`, "allow"},
		{`eval "$(true; history -c | sed s/a/b/)"`, "allow"},
	})
}

// TestHistoryFilteredOracle: the real bash stores history -s's entry
// without being interactive, and history 1 | sed, history | tail | cut
// and fc -ln | sed print it for eval to run (canaries in a temporary
// directory, HOME there).
func TestHistoryFilteredOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	dir := t.TempDir()
	for name, script := range map[string]string{
		"ran-sed":  `history -s 'touch ran-sed'; eval "$(history 1 | sed 's/^ *[0-9]* *//')"`,
		"ran-cut":  `history -s 'touch ran-cut'; eval "$(history | tail -1 | cut -c8-)"`,
		"ran-fc":   `history -s 'touch ran-fc'; eval "$(fc -ln -1 | sed 's/^\s*//')"`,
		"ran-pipe": `history -s 'touch ran-pipe'; history 1 | sed 's/^ *[0-9]* *//' | sh`,
	} {
		cmd := exec.Command("bash", "-c", script)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "HISTFILE="+filepath.Join(dir, "hist"))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Logf("%s: %v %s", name, err, out)
		}
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("bash did not run the history entry (%s missing)", name)
		}
	}
}
