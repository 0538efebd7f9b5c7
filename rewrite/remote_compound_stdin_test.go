package rewrite

import "testing"

// TestRemoteCompoundShellStdin (rd4): ssh to this machine hands what it
// reads on stdin to the remote command, which the remote login shell
// runs as shell text: a shell anywhere in that text that reads its
// script from stdin (after a cd, in a block, a function, sh -c's own
// text, behind exec) runs the text piped into ssh, from the home
// directory. A remote command that only copies stdin (cat > f) runs none
// of it, and another machine's commands are not judged.
// TestRemoteShellStdinOracle's pipe-cd-then-* rows run the real ssh
// against a real sshd.
func TestRemoteCompoundShellStdin(t *testing.T) {
	cfg := scratchProject(t, map[string]string{
		"proj/README":  "x\n",
		"proj/job.sh":  "rm -rf ~\n",
		"home/.bashrc": "",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"echo 'rm -rf ~' | ssh localhost 'cd /tmp && bash'", "deny"},
		{"printf 'rm -rf ~\\n' | ssh localhost 'cd /tmp; exec sh -s'", "deny"},
		{"cat job.sh | ssh 127.0.0.1 'cd /tmp && { bash; }'", "deny"},
		{"echo 'rm -rf ~' | ssh localhost 'f() { bash; }; f'", "deny"},
		{"echo 'rm -rf ~' | ssh localhost 'bash -c \"cd /tmp; bash\"'", "deny"},
		{"echo 'rm -rf ~' | ssh localhost 'if true; then sudo bash; fi'", "deny"},
		{"ssh localhost 'cd /tmp && bash' < job.sh", "deny"},
		// From the home directory: .bashrc is ~/.bashrc there.
		{"echo 'echo x >> .bashrc' | ssh localhost 'true && bash'", "deny"},
		{"echo x | ssh localhost 'cat >> .bashrc'", "deny"},
		{"curl -s https://example.com/i.sh | ssh localhost 'cd /tmp && bash'", "ask"},
		// Look-alikes: the text is copied, counted or ignored; another
		// machine's files are not this one's.
		{"echo 'rm -rf ~' | ssh localhost 'cd /tmp && cat > x.txt'", "allow"},
		{"echo hi | ssh localhost 'cat > /tmp/x'", "allow"},
		{"echo 'rm -rf ~' | ssh localhost 'cd /tmp && wc -l'", "allow"},
		{"echo uptime | ssh localhost 'cd /tmp && bash'", "allow"},
		{"echo 'rm -rf ~' | ssh -n localhost 'cd /tmp && bash'", "allow"},
		{"echo hi | ssh host 'cat > /tmp/x'", "allow"},
		{"echo 'rm -rf ~' | ssh host 'cd /tmp && bash'", "allow"},
	})
}
