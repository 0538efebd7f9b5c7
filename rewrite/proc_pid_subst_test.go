package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestProcPidSubstOracle runs the real bash: the shell's /proc entry
// printed by a command substitution (x=$(printf %s /proc/self/task/$$))
// is the shell's own, so $x/cwd/.. climbs out of the working directory and
// $x/root/ABS is ABS (red team 17 PR1c; TestPathAliases holds corral to
// the same reading).
func TestProcPidSubstOracle(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	if _, err := os.Stat("/proc/self/cwd"); err != nil {
		t.Skip("no /proc")
	}
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ cmd, made string }{
		{`x=$(printf %s /proc/self/task/$$); echo x > $x/cwd/../c1`, filepath.Join(dir, "c1")},
		{`x=$(echo /proc/$$); echo x > $x/cwd/../c2`, filepath.Join(dir, "c2")},
		{`x=$(printf %s /proc/self/task/$$); echo x > $x/root` + dir + `/c3`, filepath.Join(dir, "c3")},
		{`echo x > "$(printf /proc/%s/task/%s $$ ${$})/cwd/../c4"`, filepath.Join(dir, "c4")},
	} {
		cmd := exec.Command("bash", "-c", tt.cmd)
		cmd.Dir, cmd.Env = sub, append(os.Environ(), "HOME="+filepath.Join(dir, "home"))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", tt.cmd, err, out)
			continue
		}
		if _, err := os.Stat(tt.made); err != nil {
			t.Errorf("%s: %s not made", tt.cmd, strings.TrimPrefix(tt.made, dir))
		}
	}
	// $BASHPID inside the substitution is the subshell's id, whose entry
	// is gone when the redirection opens it: nothing is written.
	cmd := exec.Command("bash", "-c", `echo x > "$(echo /proc/$BASHPID)/cwd/../c5"`)
	cmd.Dir = sub
	if err := cmd.Run(); err == nil {
		t.Error("/proc/$BASHPID printed by a substitution named a live process")
	}
	if _, err := os.Stat(filepath.Join(dir, "c5")); err == nil {
		t.Error("c5 made through the subshell's /proc entry")
	}
}
