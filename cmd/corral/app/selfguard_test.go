package app

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fakeProc writes a process into a made-up proc file system: its stat
// line (command name in parentheses, then state and parent), command line,
// executable link and environment.
func fakeProc(t *testing.T, root string, pid, parent int, comm string, argv []string, exe string, env ...string) {
	t.Helper()
	dir := filepath.Join(root, strconv.Itoa(pid))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	stat := strconv.Itoa(pid) + " (" + comm + ") S " + strconv.Itoa(parent) + " 1 1 0 -1"
	os.WriteFile(filepath.Join(dir, "stat"), []byte(stat), 0o644)
	os.WriteFile(filepath.Join(dir, "cmdline"), []byte(strings.Join(argv, "\x00")+"\x00"), 0o644)
	os.WriteFile(filepath.Join(dir, "environ"), []byte(strings.Join(env, "\x00")), 0o644)
	if exe != "" {
		os.Symlink(exe, filepath.Join(dir, "exe"))
	}
}

// TestAgentAncestor: a process below an agent's, however far and
// whatever the agent's process looks like, is found; one below the
// person's terminal is not.
func TestAgentAncestor(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	// 10 claude (native) > 11 bash > 12 "/tmp/c" (a copy of corral, its
	// command name with a space and a parenthesis).
	fakeProc(t, root, 10, 1, "claude", []string{"claude"}, "/home/u/.local/share/claude/versions/2.1.330")
	fakeProc(t, root, 11, 10, "bash", []string{"/bin/bash", "-c", "x"}, "/usr/bin/bash")
	fakeProc(t, root, 12, 11, "c) S 1 (x", []string{"/tmp/c", "confirm"}, "/tmp/c")
	// 20 node running gemini's script > 21 sh > 22 env -i'd program.
	fakeProc(t, root, 20, 1, "node", []string{"node", "/usr/lib/node_modules/@google/gemini-cli/bundle/gemini.js"}, "/usr/bin/node")
	fakeProc(t, root, 21, 20, "sh", []string{"sh"}, "/bin/sh")
	fakeProc(t, root, 22, 21, "x", []string{"x"}, "/tmp/x")
	// 30 the person's zsh > 31 corral confirm.
	fakeProc(t, root, 30, 1, "zsh", []string{"-zsh"}, "/usr/bin/zsh")
	fakeProc(t, root, 31, 30, "corral", []string{"corral", "confirm"}, "/usr/local/bin/corral")
	// 40 a shell Claude Code started (the npm build: its program is
	// claude.exe, found here by the environment of its commands) > 41.
	fakeProc(t, root, 40, 1, "bash", []string{"bash"}, "/usr/bin/bash", "PATH=/usr/bin", "CLAUDECODE=1")
	fakeProc(t, root, 41, 40, "c", []string{"c"}, "/tmp/c")
	// 50 claude.exe > 51 a deleted program.
	fakeProc(t, root, 50, 1, "claude.exe", []string{"/usr/lib/node_modules/@anthropic-ai/claude-code/bin/claude.exe"}, "/usr/lib/node_modules/@anthropic-ai/claude-code/bin/claude.exe")
	fakeProc(t, root, 51, 50, "c", []string{"c"}, "/tmp/c (deleted)")
	// 60 a process whose parent is missing from the file system.
	fakeProc(t, root, 60, 999, "x", []string{"x"}, "/tmp/x")
	for _, tc := range []struct {
		pid  int
		want string
	}{
		{12, "process 10 (claude)"},
		{22, "process 20 (gemini)"},
		{31, ""},
		{41, "process 40 (a command Claude Code runs)"},
		{51, "process 50 (claude)"},
		{60, ""},
		{1, ""},
	} {
		if got := agentAncestor(root, tc.pid); got != tc.want {
			t.Errorf("pid %d: %q, want %q", tc.pid, got, tc.want)
		}
	}
	// A loop in the parents (a made-up tree) ends.
	fakeProc(t, root, 70, 71, "a", []string{"a"}, "/a")
	fakeProc(t, root, 71, 70, "b", []string{"b"}, "/b")
	if got := agentAncestor(root, 70); got != "" {
		t.Errorf("loop: %q", got)
	}
}

// TestConfirmRefusedUnderAgent: confirm, session clear, uninstall, init
// and policy init refuse below an agent and write nothing; dry runs and
// the person's own terminal work.
func TestConfirmRefusedUnderAgent(t *testing.T) {
	m := newMachine(t)
	root := t.TempDir()
	fakeProc(t, root, 5, 1, "codex", []string{"codex"}, "/usr/local/bin/codex")
	fakeProc(t, root, os.Getpid(), 5, "corral", []string{"/tmp/c"}, "/tmp/c")
	run := func(args ...string) (int, string) {
		env := &runtimeEnv{getenv: m.getenv, now: func() time.Time { return time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC) }, stdin: strings.NewReader(""), stdout: new(strings.Builder), stderr: new(strings.Builder), procRoot: root}
		for k, v := range m.env {
			t.Setenv(k, v)
		}
		code := env.main(append([]string{"corral"}, args...))
		return code, env.stderr.(*strings.Builder).String()
	}
	for _, args := range [][]string{
		{"confirm", "--session", "s1", "rm -r /x"},
		{"session", "clear", "--session", "s1"},
		{"uninstall"},
		{"init"},
		{"policy", "init", "--scope", "user"},
	} {
		code, stderr := run(args...)
		if code != 1 || !strings.Contains(stderr, "runs inside a coding agent (process 5 (codex))") {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(m.env["CORRAL_STATE_DIR"], "allowlist.json")); err == nil {
		t.Error("a refused confirm wrote the allow-list")
	}
	if _, err := os.Stat(filepath.Join(m.home, ".config", "corral", "policy.json")); err == nil {
		t.Error("a refused policy init wrote the policy")
	}
	if code, stderr := run("init", "--dry-run"); code != 0 {
		t.Errorf("init --dry-run below an agent: exit %d %s", code, stderr)
	}
	if code, _, stderr := m.run("", "confirm", "--session", "s1", "rm -r /x"); code != 0 {
		t.Errorf("confirm in the person's terminal: exit %d %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(m.env["CORRAL_STATE_DIR"], "allowlist.json")); err != nil {
		t.Errorf("the person's confirm wrote no allow-list where the refused one was looked for: %v", err)
	}
}
