package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFdDirDotDot: ".." after a descriptor opened on a directory. A
// program's path (cat /dev/fd/3/../.ssh/id_rsa, or 3/../.ssh/id_rsa read
// in the shell's descriptor directory /dev/fd) is resolved by the kernel,
// which climbs out of the directory fd 3 was opened on; bash's logical cd
// drops the ".." in the text first, so cd /dev/fd/3/.. enters /dev/fd
// (not the home directory), while cd /dev/fd/3/../.ssh, which names
// nothing as text, falls back to the kernel's path. Each attack row's
// harmless twin runs in bash and must reach the home directory's file;
// the look-alike reads a file bash does not reach there.
func TestFdDirDotDot(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":  "SECRETKEY\n",
		"home/.config/x":    "x\n",
		"proj/README":       "hello\n",
		"proj/.ssh/notes":   "proj\n",
		"proj/.config/keep": "k\n",
	})
	home := filepath.Join(filepath.Dir(cfg.Project), "home")
	rows := []struct{ cmd, want, oracle string }{
		{`exec 3<~/.config; cd /dev/fd; cat 3/../.ssh/id_rsa`, "deny", `exec 3<~/.config; cd /dev/fd; cat 3/../.ssh/id_rsa`},
		{`exec 3<~/.config; cd /dev/fd/3/..; cat 3/../.ssh/id_rsa`, "deny", `exec 3<~/.config; cd /dev/fd/3/..; cat 3/../.ssh/id_rsa`},
		{`exec 3<~/.config; cd /dev/fd; cat < 3/../.ssh/id_rsa`, "deny", `exec 3<~/.config; cd /dev/fd; cat < 3/../.ssh/id_rsa`},
		{`exec 3<~/.config; cd /proc/self/fd; rm -rf 3/../.ssh`, "deny", `exec 3<~/.config; cd /proc/self/fd; cat 3/../.ssh/id_rsa`},
		{`exec 3<~/.config; cd /dev/fd/3/../.ssh; rm -f id_rsa`, "deny", `exec 3<~/.config; cd /dev/fd/3/../.ssh; cat id_rsa`},
		{`exec 3<~/.config; cd -P /dev/fd/3/..; rm -rf .ssh`, "deny", `exec 3<~/.config; cd -P /dev/fd/3/..; cat .ssh/id_rsa`},
		{`exec 3<~/.config; cd /dev/fd/3; rm -rf ../.ssh`, "deny", `exec 3<~/.config; cd /dev/fd/3; cat ../.ssh/id_rsa`},
		{`exec 3<~/.config; cat /dev/fd/3/../.ssh/id_rsa`, "deny", `exec 3<~/.config; cat /dev/fd/3/../.ssh/id_rsa`},
	}
	_, hasBash := exec.LookPath("bash")
	for _, r := range rows {
		t.Run(r.cmd, func(t *testing.T) {
			if got := Check(cfg, r.cmd).Decision.String(); got != r.want {
				t.Errorf("%s: %s, want %s", r.cmd, got, r.want)
			}
			if hasBash != nil {
				t.Skip("bash not installed")
			}
			c := exec.Command("bash", "-c", r.oracle)
			c.Dir = cfg.Project
			c.Env = append(os.Environ(), "HOME="+home)
			out, _ := c.CombinedOutput()
			if !strings.Contains(string(out), "SECRETKEY") {
				t.Errorf("%s: bash did not reach the home directory's file: %s", r.oracle, out)
			}
		})
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// Was deny (read as ~/.ssh/id_rsa): bash is in /dev/fd there,
		// where .ssh/id_rsa names nothing.
		{`exec 3<~/.config; cd /dev/fd/3/..; cat .ssh/id_rsa`, "allow"},
		{`exec 3<~/.config; cd /dev/fd/3/..; ls`, "allow"},
		{`exec 3<.config; cd /dev/fd; cat 3/keep`, "allow"},
		{`exec 3<.config; cd /dev/fd; cat 3/../README`, "allow"},
		{`exec 3<~/.config; cd /dev/fd; echo 3/../.ssh/id_rsa`, "allow"},
		// The assigned PWD is not where cd starts: bash resolves a
		// relative cd from the real working directory.
		{`PWD=~; cd .ssh; cat notes`, "allow"},
		{`PWD=/; cd .ssh && rm -f notes`, "allow"},
		{`PWD=~; cd -P .ssh; cat notes`, "allow"},
		{`PWD=~; cd "$PWD/.ssh"; cat id_rsa`, "deny"},
	})
}
