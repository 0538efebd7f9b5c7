package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFdDirPaths: bash opens a directory for reading as any file
// (exec 3<~), and /dev/fd/3 is then a link to that directory, so
// /dev/fd/3/.ssh/id_rsa (also /proc/self/fd/3/…, /proc/$$/fd/3/…,
// /dev/stdin/… after < ~) is the file below it, and cd /dev/fd/3 enters
// it. Each attack row was allow or ask (the path judged as one under
// /proc); the oracle runs its harmless twin in real bash and requires
// that it reaches the home directory's file. The look-alikes keep their
// decision: the descriptor's own file, a project directory opened so,
// the path only printed.
func TestFdDirPaths(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":           "SECRETKEY\n",
		"home/.claude/settings.json": "{}\n",
		"proj/README":                "hello\n",
	})
	home := filepath.Join(filepath.Dir(cfg.Project), "home")
	rows := []struct{ cmd, want, oracle string }{
		{`exec 3<~; cat /dev/fd/3/.ssh/id_rsa`, "deny", `exec 3<~; cat /dev/fd/3/.ssh/id_rsa`},
		{`cat 3<~ /dev/fd/3/.ssh/id_rsa`, "deny", `cat 3<~ /dev/fd/3/.ssh/id_rsa`},
		{`cat /dev/stdin/.ssh/id_rsa < ~`, "deny", `cat /dev/stdin/.ssh/id_rsa < ~`},
		{`exec 3<~; exec 4<&3; cat /dev/fd/4/.ssh/id_rsa`, "deny", `exec 3<~; exec 4<&3; cat /dev/fd/4/.ssh/id_rsa`},
		{`exec 3<~; cat /proc/$$/fd/3/.ssh/id_rsa`, "deny", `exec 3<~; cat /proc/$$/fd/3/.ssh/id_rsa`},
		{`exec 3<~; cp -r /proc/self/fd/3/.ssh x`, "deny", `exec 3<~; cat /proc/self/fd/3/.ssh/id_rsa`},
		{`exec 3<~; cd /dev/fd/3; rm -rf .ssh`, "deny", `exec 3<~; cd /dev/fd/3; cat .ssh/id_rsa`},
		{`exec 3<~; cd -P /dev/fd/3; rm -rf .ssh`, "deny", `exec 3<~; cd -P /dev/fd/3; cat .ssh/id_rsa`},
		{`exec 3<~; pushd /dev/fd/3; rm -rf .ssh`, "deny", `exec 3<~; pushd /dev/fd/3 >/dev/null; cat .ssh/id_rsa`},
		{`exec 3<~; cd /dev/fd/3 && cat .ssh/id_rsa`, "deny", `exec 3<~; cd /dev/fd/3 && cat .ssh/id_rsa`},
		{`exec 3<~/.claude; cd /proc/self/fd/3; echo x > settings.json`, "deny", `exec 3<~/.claude; cd /proc/self/fd/3; cat settings.json ../.ssh/id_rsa`},
		{`exec 3<~; cat < /dev/fd/3/.ssh/id_rsa`, "deny", `exec 3<~; cat < /dev/fd/3/.ssh/id_rsa`},
		{`cat 3<~ < /dev/fd/3/.ssh/id_rsa`, "deny", `cat 3<~ < /dev/fd/3/.ssh/id_rsa`},
		{`exec {fd}<~; cat /dev/fd/$fd/.ssh/id_rsa`, "deny", `exec {fd}<~; cat /dev/fd/$fd/.ssh/id_rsa`},
		{`exec 3<~; cat /dev/fd/3/.ssh/*`, "deny", `exec 3<~; cat /dev/fd/3/.ssh/*`},
		{`exec 3<~; dd if=/dev/fd/3/.ssh/id_rsa`, "deny", `exec 3<~; dd if=/dev/fd/3/.ssh/id_rsa status=none`},
		{`if [ -t 9 ]; then exec 3</tmp; else exec 3<~; fi; cat /dev/fd/3/.ssh/id_rsa`, "deny", `if [ -t 9 ]; then exec 3</tmp; else exec 3<~; fi; cat /dev/fd/3/.ssh/id_rsa`},
		{`if [ -t 9 ]; then exec 3</tmp; else exec 3<~; fi; cat < /dev/fd/3/.ssh/id_rsa`, "deny", `if [ -t 9 ]; then exec 3</tmp; else exec 3<~; fi; cat < /dev/fd/3/.ssh/id_rsa`},
		{`exec 3<~; echo x >> /dev/fd/3/.claude/settings.json`, "deny", `exec 3<~; cat /dev/fd/3/.claude/settings.json /dev/fd/3/.ssh/id_rsa`},
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
		{`cat /dev/fd/3 3<~/.ssh/id_rsa`, "deny"},
		{`exec 3<.; cat /dev/fd/3/README`, "allow"},
		{`exec 3<.; cd /dev/fd/3; ls`, "allow"},
		{`exec 3<~; echo /dev/fd/3/.ssh/id_rsa`, "allow"},
		{`cat /dev/fd/0`, "allow"},
		{`echo hi > /dev/stdout`, "allow"},
		{`exec 3<README; cat /dev/fd/3`, "allow"},
		{`exec 3<.; cat < /dev/fd/3/README`, "allow"},
		{`exec 3<.; dd if=/dev/fd/3/README of=x`, "allow"},
		{`exec 3<~; echo if=/dev/fd/3/.ssh/id_rsa`, "allow"},
		{`if [ -t 9 ]; then exec 3</tmp; else exec 3<.; fi; cat /dev/fd/3/README`, "allow"},
		// Was deny (a write under /proc): the project's own file.
		{`exec 3<.; echo x > /dev/fd/3/notes.txt`, "allow"},
		// bash opens < before 3<~: no such file.
		{`cat < /dev/fd/3/.ssh/id_rsa 3<~`, "allow"},
	})
}
