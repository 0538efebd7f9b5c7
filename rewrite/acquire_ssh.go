package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

var sshOutput = Rule{
	Name:      "ssh-output",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `ssh HOST COMMAND prints what a command on another host writes: that
output is external content, followed as a download's stdout. The file it
is redirected to (ssh h cat f > local, >>, &>, a compound command's or an
earlier exec's redirection), the files tee, dd of=, split or sponge write
it to, and the directory tar extracts it into (ssh h 'tar c dir' | tar x
-C d) move into the sandbox; a shell at the end of the pipe is remote code
execution (pipe-shell). ssh without a command reads the remote shell's
commands from stdin, and what that prints is followed the same way. ssh -V,
-G, -Q, -O and -N print nothing of the remote host and pass, as does ssh
whose output goes to the terminal, a filter's stdout or /dev/null.`,
	Commands: []string{"ssh"},
	Call:     checkSSHOutput,
}

// sshSpec are ssh's options, from ssh(1): the letters that take a value.
var sshSpec = optSpec{shortVal: "BbcDEeFIiJLlmOoPpQRSWw"}

func checkSSHOutput(p *Pass, c *syntax.Call) {
	if sshPrintsRemote(c) {
		p.followStdout(c, "ssh-output", "remote output")
	}
}

// sshPrintsRemote reports whether an ssh call's stdout carries what
// another host prints: not -V, -G, -Q (local information), -O (a control
// command to the master) or -N (no command at all).
func sshPrintsRemote(c *syntax.Call) bool {
	if c.Name != "ssh" {
		return false
	}
	opts, operands := scan(c.Args, sshSpec)
	return !has(opts, "V", "G", "Q", "O", "N") && len(operands) > 0
}

// sshRemoteCommand reports whether c is ssh with a command to run on the
// other host (words after the destination).
func sshRemoteCommand(c *syntax.Call) bool {
	if !sshPrintsRemote(c) {
		return false
	}
	_, operands := scan(c.Args, sshSpec)
	return len(operands) > 1
}
