package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// agentPrograms are the programs of the terminal coding agents corral
// guards, as they appear as a process (the executable's name, or the
// script a node or bun process runs). IDE agents (Cursor, Windsurf,
// Antigravity, Cline in VS Code) are left out: the person's own terminal
// runs inside the same IDE process.
var agentPrograms = []string{
	"auggie", "claude", "cline", "cn", "codex", "copilot", "crush", "cursor-agent",
	"droid", "gemini", "grok", "hermes", "kimi", "kiro-cli", "opencode", "qwen",
}

// agentAncestor walks the processes above pid (through the proc file
// system at root) and returns a description of the first one that is a
// coding agent, or "" when none is. A command the agent runs descends
// from the agent's process whatever it is called or copied as, so
// corral's own approvals refuse to run there: a copy of corral, or a build
// of its source, that the agent runs cannot approve the agent's asks.
// (A process that left the agent's tree, by a double fork, is not seen:
// the hook judges the command that starts it.)
func agentAncestor(root string, pid int) string {
	for depth := 0; depth < 64 && pid > 1; depth++ {
		stat, err := os.ReadFile(filepath.Join(root, strconv.Itoa(pid), "stat"))
		if err != nil {
			return ""
		}
		if name := agentProcess(root, pid); name != "" {
			return fmt.Sprintf("process %d (%s)", pid, name)
		}
		// The parent is the second field after the command name, which is
		// in parentheses and may hold spaces and parentheses itself.
		s := string(stat)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			return ""
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 2 {
			return ""
		}
		if pid, err = strconv.Atoi(f[1]); err != nil {
			return ""
		}
	}
	return ""
}

// agentProcess names the agent program process pid runs, or "". It looks
// at the executable's name, the program name and the first argument (a
// node, bun or shell process running an agent's script), and the
// environment Claude Code gives the commands it runs.
func agentProcess(root string, pid int) string {
	dir := filepath.Join(root, strconv.Itoa(pid))
	var names []string
	if exe, err := os.Readlink(filepath.Join(dir, "exe")); err == nil {
		names = append(names, filepath.Base(strings.TrimSuffix(exe, " (deleted)")))
	}
	if cmd, err := os.ReadFile(filepath.Join(dir, "cmdline")); err == nil {
		args := strings.Split(strings.TrimRight(string(cmd), "\x00"), "\x00")
		for i := 0; i < len(args) && i < 2; i++ {
			names = append(names, filepath.Base(args[i]))
		}
	}
	for _, n := range names {
		n = strings.TrimSuffix(strings.TrimSuffix(n, ".exe"), ".js")
		for _, a := range agentPrograms {
			if n == a {
				return a
			}
		}
	}
	if env, err := os.ReadFile(filepath.Join(dir, "environ")); err == nil {
		for _, kv := range strings.Split(string(env), "\x00") {
			if kv == "CLAUDECODE=1" {
				return "a command Claude Code runs"
			}
		}
	}
	return ""
}

// refuseUnderAgent is the error of a command only the person may run when
// it runs inside a coding agent's process tree.
func (env *runtimeEnv) refuseUnderAgent(what string) error {
	root := env.procRoot
	if root == "" {
		root = "/proc"
	}
	if a := agentAncestor(root, os.Getpid()); a != "" {
		return fmt.Errorf("corral %s runs inside a coding agent (%s): only the person approves or unregisters, in a terminal of their own outside the agent", what, a)
	}
	return nil
}
