package rewrite

import (
	"strings"
	"testing"
)

// TestSecretsThroughProc: another process's root and working directory
// lead to the same secrets, whether the process is a number, a variable
// ($PPID, a copy of it), a command substitution or each entry a loop
// gives; its other entries, and ordinary files through it, pass.
func TestSecretsThroughProc(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/README": "x", "home/.aws/credentials": "k"})
	home := strings.TrimPrefix(cfg.Home, "/")
	tests := []struct{ cmd, want string }{
		{"cat /proc/$PPID/cwd/.env", "deny"},
		{"cat /proc/1/cwd/root/.ssh/id_rsa", "deny"},
		{"cat /proc/1/root/etc/shadow", "deny"},
		{"cat /proc/1/root/" + home + "/.aws/credentials", "deny"},
		{"cat /proc/1/cwd/" + home + "/.aws/credentials", "deny"},
		{"cat /proc/1/cwd/.aws/credentials", "deny"},
		{"P=$PPID; cat /proc/$P/cwd/.env", "deny"},
		{"for p in /proc/[0-9]*; do cat $p/cwd/.env; done", "deny"},
		{"cat /proc/$(pgrep -n node)/root/root/.ssh/id_rsa", "deny"},
		{"cat /proc/$(pgrep -n node)/root/etc/shadow", "deny"},
		{"cat /proc/$PPID/task/$PPID/cwd/.env", "deny"},
		{"cat /proc/$PPID/environ", "deny"},
		{"head < /proc/$PPID/cwd/.env", "deny"},
		{"grep -r TOKEN /proc/1/cwd", "deny"},
		{"cp /proc/1/cwd/.env /tmp/x", "deny"},
		// A task's environ is its process's (red team 17 PR1c).
		{"cat /proc/1/task/1/environ", "deny"},
		{"x=/proc/$$/task/$$; tr '\\0' '\\n' < $x/environ", "deny"},
		{"x=/proc/$$; strings $x/environ", "deny"},
		// /proc/thread-self is two levels down (red team 18 PR1d).
		{"cat /proc/thread-self/../../environ", "deny"},
		{"tr '\\0' '\\n' < /proc/thread-self/../../environ", "deny"},
		{"cat /proc/thread-self/status", "allow"},
		{"ls /proc/thread-self/fd", "allow"},
		// Look-alikes.
		{"cat /proc/$PPID/status", "allow"},
		{"cat /proc/$PPID/cmdline", "allow"},
		{"cat /proc/1/task/1/status", "allow"},
		{"x=/proc/$$; cat $x/status", "allow"},
		{"cat /proc/1/cwd/README.md", "allow"},
		{"cat /proc/$PPID/cwd/src/main.go", "allow"},
		{"cat /proc/$PPID/root/etc/hostname", "allow"},
		{"cat /proc/1/cwd/.env.example", "allow"},
		{"ls -l /proc/$PPID/cwd", "allow"},
		{"readlink /proc/$PPID/cwd", "allow"},
		{"grep -r TOKEN /proc/1/cwd/src", "allow"},
	}
	checkDecisions(t, cfg, tests)
}
