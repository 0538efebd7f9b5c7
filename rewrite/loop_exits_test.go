package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoopExits: bash leaves a loop at a break, starts the next pass at a
// continue, runs a for loop over a static list that is not empty at
// least once, and leaves while true only at a break: a value set (or a
// directory entered) before such a jump is what the command after the
// loop uses, and one the jump skips is not. Each row runs in real bash
// first, with rm replaced by realpath, which prints the path rm would
// have deleted: a deny row's path is under ~/.ssh, an allow row's is not.
func TestLoopExits(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.ssh/id_rsa": "k\n", "proj/": ""})
	rows := []struct{ cmd, want string }{
		// What the jump leaves is certain.
		{`for i in 1 2; do x=~/.ssh; break; x=$PWD/build; done; rm -rf "$x"`, "deny"},
		{`x=$PWD/build; for i in 1 2; do x=~/.ssh; break; x=$PWD/build; done; rm -rf "$x"`, "deny"},
		{`for i in 1 2; do x=~/.ssh; continue; x=$PWD/build; done; rm -rf "$x"`, "deny"},
		{`while true; do x=~/.ssh; break; x=$PWD/build; done; rm -rf "$x"`, "deny"},
		{`until false; do x=~/.ssh; break; x=$PWD/build; done; rm -rf "$x"`, "deny"},
		{`for i in 1 2; do for j in a b; do x=~/.ssh; break 2; done; x=$PWD/build; done; rm -rf "$x"`, "deny"},
		{`for i in 1 2; do cd ~/.ssh; break; cd /tmp; done; rm -rf id_rsa`, "deny"},
		{`x=~/.ssh; while false; do x=$PWD/build; done; rm -rf "$x"`, "deny"},
		{`x=~/.ssh; until true; do x=$PWD/build; done; rm -rf "$x"`, "deny"},
		// Look-alikes: the jump skips the dangerous value, or the loop
		// certainly replaces it.
		{`x=~/.ssh; for i in 1 2; do x=$PWD/build; break; done; rm -rf "$x"`, "allow"},
		{`x=~/.ssh; for i in 1 2; do x=$PWD/build; continue; x=~/.ssh; done; rm -rf "$x"`, "allow"},
		{`x=~/.ssh; while true; do x=$PWD/build; break; done; rm -rf "$x"`, "allow"},
		{`x=~/.ssh; until false; do unset x; x=$PWD/build; break; done; rm -rf "$x"`, "allow"},
		{`x=~/.ssh; for i in 1; do unset x; x=$PWD/build; done; rm -rf "$x"`, "allow"},
		{`for i in 1 2; do cd /tmp; break; cd ~/.ssh; done; rm -rf id_rsa`, "allow"},
		{`x=$PWD/build; for i in 1 2; do (x=~/.ssh; break); done; rm -rf "$x"`, "allow"},
		{`x=$PWD/build; while false; do x=~/.ssh; done; rm -rf "$x"`, "allow"},
	}
	home := filepath.Join(filepath.Dir(cfg.Project), "home")
	if _, err := exec.LookPath("bash"); err == nil {
		for _, r := range rows {
			src := strings.ReplaceAll(r.cmd, "rm -rf ", "realpath -m -- ")
			c := exec.Command("bash", "--norc", "--noprofile", "-c", src)
			c.Dir = cfg.Project
			c.Env = append(os.Environ(), "HOME="+home)
			out, err := c.Output()
			if err != nil {
				t.Errorf("%s: bash: %v", src, err)
				continue
			}
			got := strings.TrimSpace(string(out))
			inSSH := strings.HasPrefix(got, filepath.Join(home, ".ssh"))
			if inSSH != (r.want == "deny") {
				t.Errorf("%s: bash deletes %s, but the row says %s", r.cmd, got, r.want)
			}
		}
	}
	checkDecisions(t, cfg, rows)
}
