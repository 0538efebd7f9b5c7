package rewrite

import "testing"

// TestSaltCallCommands (issue 12, class 4): salt-call runs an execution
// function on this machine; cmd.run, cmd.shell and the other cmd.run_*
// functions run their command (first argument or cmd=…) with the shell,
// cmd.exec_code LANG CODE runs CODE with LANG: judged as if typed (all
// were allowed). salt is not installed where the tests run (no oracle).
func TestSaltCallCommands(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"salt-call --local cmd.run 'rm -rf ~'", "deny"},
		{"salt-call cmd.run cmd='cat ~/.ssh/id_rsa'", "deny"},
		{"salt-call -l debug --local cmd.shell 'rm -rf ~' cwd=/", "deny"},
		{"salt-call --local cmd.exec_code python3 'import os; os.system(\"rm -rf ~\")'", "deny"},
		// look-alikes
		{"salt-call --local cmd.run 'ls -la'", "allow"},
		{"salt-call --local test.ping", "allow"},
		{"salt-call --local grains.items", "allow"},
	})
}
