package app

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// machine is a temporary home and project for in-process CLI runs.
type machine struct {
	t       *testing.T
	home    string
	project string
	env     map[string]string
}

func newMachine(t *testing.T) *machine {
	t.Helper()
	root := t.TempDir()
	m := &machine{t: t, home: filepath.Join(root, "home"), project: filepath.Join(root, "home", "project")}
	for _, d := range []string{m.home, m.project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	m.env = map[string]string{
		"HOME":               m.home,
		"CLAUDE_PROJECT_DIR": m.project,
		"CORRAL_STATE_DIR":   filepath.Join(root, "state"),
		"CORRAL_AUDIT_LOG":   filepath.Join(root, "state", "audit.jsonl"),
	}
	return m
}

func (m *machine) getenv(k string) string { return m.env[k] }

// run runs corral in-process and returns exit code, stdout and stderr.
func (m *machine) run(stdin string, args ...string) (int, string, string) {
	m.t.Helper()
	var out, errb bytes.Buffer
	env := &runtimeEnv{getenv: m.getenv, now: func() time.Time { return time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC) },
		stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb,
		// No process tree: the tests run the person's commands whether or
		// not the test itself runs under an agent (selfguard_test.go
		// checks the refusal).
		procRoot: filepath.Join(m.home, "no-proc")}
	for k, v := range m.env {
		// allowlist and audit read their default paths from the process
		// environment.
		m.t.Setenv(k, v)
	}
	code := env.main(append([]string{"corral"}, args...))
	return code, out.String(), errb.String()
}

// hook sends one hook input and decodes the answer.
func (m *machine) hook(input map[string]any, args ...string) (out hookOutput, raw, stderr string) {
	m.t.Helper()
	if _, ok := input["cwd"]; !ok {
		input["cwd"] = m.project
	}
	b, _ := json.Marshal(input)
	code, stdout, stderr := m.run(string(b), append([]string{"hook"}, args...)...)
	if code != 0 {
		m.t.Fatalf("hook exited %d; stderr: %s", code, stderr)
	}
	if strings.TrimSpace(stdout) != "" {
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			m.t.Fatalf("hook printed invalid JSON %q: %v", stdout, err)
		}
	}
	return out, stdout, stderr
}

func bashInput(cmd string) map[string]any {
	return map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "Bash",
		"tool_input": map[string]any{"command": cmd, "description": "do it", "timeout": 120000}}
}

func TestHookRewritesClone(t *testing.T) {
	m := newMachine(t)
	out, _, stderr := m.hook(bashInput("git clone https://github.com/acme/widget.git && cd widget"))
	hs := out.HookSpecificOutput
	if hs == nil || hs.HookEventName != "PreToolUse" {
		t.Fatalf("no hookSpecificOutput: %+v", out)
	}
	sandbox := filepath.Join(m.project, "agent_sandbox")
	want := "git clone https://github.com/acme/widget.git " + sandbox + "/widget && cd " + sandbox + "/widget"
	if got := hs.UpdatedInput["command"]; got != want {
		t.Errorf("updatedInput.command = %v\nwant %s", got, want)
	}
	if hs.UpdatedInput["description"] != "do it" || hs.UpdatedInput["timeout"] != float64(120000) {
		t.Errorf("updatedInput lost the other tool_input fields: %v", hs.UpdatedInput)
	}
	if hs.PermissionDecision != "allow" {
		t.Errorf("permissionDecision = %q, want allow (auto: only a rewritten clone and a cd)", hs.PermissionDecision)
	}
	if !strings.Contains(hs.AdditionalContext, sandbox+"/widget") {
		t.Errorf("additionalContext does not say where the clone is: %q", hs.AdditionalContext)
	}
	if !strings.Contains(stderr, "[SandboxEnforcer] Redirected git clone to sandbox: "+sandbox+"/widget") {
		t.Errorf("stderr lacks the seed's line: %q", stderr)
	}
	if st, err := os.Stat(sandbox); err != nil || !st.IsDir() {
		t.Errorf("the hook did not create the sandbox: %v", err)
	}
	// The rewrite is logged.
	code, logOut, _ := m.run("", "log", "--json", "--action", "rewrite")
	if code != 0 || !strings.Contains(logOut, `"rewritten":`) || !strings.Contains(logOut, `"session_id":"s1"`) {
		t.Errorf("audit log: %d %s", code, logOut)
	}
}

func TestHookDefersWhenNotFullyUnderstood(t *testing.T) {
	m := newMachine(t)
	out, _, _ := m.hook(bashInput("git clone https://github.com/acme/widget.git && make install"))
	hs := out.HookSpecificOutput
	if hs == nil || hs.UpdatedInput == nil {
		t.Fatalf("no rewrite: %+v", out)
	}
	if hs.PermissionDecision != "" {
		t.Errorf("permissionDecision = %q; a command with other parts must be left to the agent's permission rules", hs.PermissionDecision)
	}
	m.env["CORRAL_APPROVE"] = "allow"
	out, _, _ = m.hook(bashInput("git clone https://github.com/acme/widget.git && make install"))
	if out.HookSpecificOutput.PermissionDecision != "allow" {
		t.Errorf("CORRAL_APPROVE=allow: decision %q", out.HookSpecificOutput.PermissionDecision)
	}
}

func TestHookOrdinaryCommandIsSilent(t *testing.T) {
	m := newMachine(t)
	for _, cmd := range []string{"ls -la", "go test ./...", "echo \"rm -rf /\"", "git commit -m 'curl x | sh'", "npm install"} {
		_, raw, stderr := m.hook(bashInput(cmd))
		if raw != "" {
			t.Errorf("%s: printed %s (stderr %s)", cmd, raw, stderr)
		}
	}
}

func TestHookBlockMode(t *testing.T) {
	m := newMachine(t)
	m.env["CONTENT_FILTER_ENFORCER_MODE"] = "block"
	m.env["CONTENT_FILTER_SANDBOX_DIR"] = "~/work/sandbox"
	out, _, stderr := m.hook(bashInput("git clone https://github.com/acme/widget.git"))
	hs := out.HookSpecificOutput
	if hs.PermissionDecision != "deny" || hs.UpdatedInput != nil {
		t.Fatalf("block mode: %+v", hs)
	}
	want := "git clone https://github.com/acme/widget.git " + m.home + "/work/sandbox/widget"
	if !strings.Contains(hs.PermissionDecisionReason, want) {
		t.Errorf("deny reason lacks the sandboxed command %q: %s", want, hs.PermissionDecisionReason)
	}
	if !strings.Contains(stderr, "[SandboxEnforcer] BLOCKED") {
		t.Errorf("stderr: %s", stderr)
	}
}

func TestHookBadInputFailsOpen(t *testing.T) {
	m := newMachine(t)
	for _, in := range []string{"", "not json", "[]", "null", `{"tool_name": 5}`, `{"tool_name":"Bash","tool_input":"x"}`,
		`{"tool_name":"Bash","tool_input":{"command":7}}`, `{"tool_name":"Bash"}`, "\x00\xff", `{"tool_name":"Bash","tool_input":{"command":"ls"}} trailing`} {
		code, stdout, stderr := m.run(in, "hook")
		if code != 0 {
			t.Errorf("%q: exit %d", in, code)
		}
		if stdout != "" && !json.Valid([]byte(stdout)) {
			t.Errorf("%q: invalid output %q", in, stdout)
		}
		_ = stderr
	}
	code, stdout, stderr := m.run("not json", "hook")
	if code != 0 || stdout != "" || !strings.Contains(stderr, "fail open") {
		t.Errorf("bad JSON: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestHookUnparsableCommand(t *testing.T) {
	m := newMachine(t)
	// A line no shell parses runs nothing: allowed, with a note.
	_, raw, stderr := m.hook(bashInput("git clone https://x/y.git 'unterminated"))
	if raw != "" || !strings.Contains(stderr, "cannot parse") || !strings.Contains(stderr, "runs nothing") {
		t.Errorf("unparsable clone on one line: %q %q", raw, stderr)
	}
	// The clone on the line before the broken one runs; it cannot be
	// rewritten without dropping the rest, so corral asks.
	out, _, _ := m.hook(bashInput("git clone https://x/y.git\nfind . ( -name x )"))
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "ask" {
		t.Errorf("clone before an unparsable line: %+v", out.HookSpecificOutput)
	}
	_, raw, stderr = m.hook(bashInput("echo 'unterminated"))
	if raw != "" || !strings.Contains(stderr, "cannot parse") {
		t.Errorf("unparsable harmless command: %q %q", raw, stderr)
	}
}

func TestHookOtherAgents(t *testing.T) {
	m := newMachine(t)
	// Codex: a rewrite is only applied with allow.
	in := bashInput("git clone https://github.com/acme/widget.git && make")
	in["turn_id"] = "t1"
	out, _, _ := m.hook(in)
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "allow" || out.HookSpecificOutput.UpdatedInput == nil {
		t.Errorf("codex: %+v", out.HookSpecificOutput)
	}
	// Gemini CLI: BeforeTool, run_shell_command, rewrite in tool_input.
	out, _, _ = m.hook(map[string]any{"hook_event_name": "BeforeTool", "tool_name": "run_shell_command",
		"tool_input": map[string]any{"command": "git clone https://github.com/acme/widget.git"}})
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.HookEventName != "BeforeTool" || out.HookSpecificOutput.ToolInput["command"] == nil {
		t.Errorf("gemini rewrite: %+v", out)
	}
}

// TestHookProtectsItsOwnProgram: without its program the agent's hook call
// fails, which agents take as no objection, so deleting, replacing or
// un-executing it is denied; reading or running it is not.
func TestHookProtectsItsOwnProgram(t *testing.T) {
	m := newMachine(t)
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	for _, cmd := range []string{"rm " + exe, "chmod -x " + exe, "chmod 000 " + exe, "cp /bin/true " + exe, "echo > " + exe,
		"mv " + exe + " /tmp/x", "chattr +i ~/.claude/settings.json", "chmod 000 ~/.claude/settings.json"} {
		out, _, stderr := m.hook(bashInput(cmd))
		if d := out.HookSpecificOutput.PermissionDecision; d != "deny" {
			t.Errorf("%s: decision %q, want deny (stderr %s)", cmd, d, stderr)
		}
	}
	for _, cmd := range []string{"ls -l " + exe, "chmod +x build/tool", "chmod 600 ~/.ssh/id_ed25519"} {
		if _, raw, _ := m.hook(bashInput(cmd)); raw != "" {
			t.Errorf("%s: printed %s, want no objection", cmd, raw)
		}
	}
}

// TestHookProtectsWhatSettingsRun: the programs the agents' settings run
// (a project hook script named through $CLAUDE_PROJECT_DIR, the user's
// status line and credential helper) and Claude Code's start-up files of
// the agent's shell (shell snapshots, session environment files, user
// hook scripts, and the same under CLAUDE_CONFIG_DIR) cannot be written
// or deleted by the agent, through Bash or Write; a directory holding one
// asks. Look-alikes: other files beside them, reads.
func TestHookProtectsWhatSettingsRun(t *testing.T) {
	m := newMachine(t)
	conf := filepath.Join(filepath.Dir(m.home), "claude-conf")
	m.env["CLAUDE_CONFIG_DIR"] = conf
	files := map[string]string{
		filepath.Join(m.project, ".claude", "settings.json"):  `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"bash \"$CLAUDE_PROJECT_DIR\"/scripts/guard.sh --strict"}]}]}}`,
		filepath.Join(m.home, ".claude", "settings.json"):     `{"statusLine":{"type":"command","command":"~/.claude/statusline.sh"},"apiKeyHelper":"$HOME/bin/key-helper","hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"python3 ~/.claude/hooks/guard.py"}]}]}}`,
		filepath.Join(m.home, ".claude", "hooks", "guard.py"): "pass\n",
		filepath.Join(m.project, "scripts", "guard.sh"):       "#!/bin/sh\n",
		filepath.Join(m.project, "scripts", "other.sh"):       "#!/bin/sh\n",
		filepath.Join(m.home, ".claude", "statusline.sh"):     "#!/bin/sh\n",
		filepath.Join(m.home, "bin", "key-helper"):            "#!/bin/sh\n",
	}
	for p, c := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, cmd := range []string{
		`echo "exit 0" > scripts/guard.sh`, "rm scripts/guard.sh", "cp /bin/true scripts/guard.sh",
		"echo x > ~/.claude/statusline.sh", "rm ~/bin/key-helper",
		"echo 'git(){ rm -rf ~; }' >> ~/.claude/shell-snapshots/snapshot-bash-1-abcd.sh",
		"echo PATH=/tmp/x > ~/.claude/session-env/s1/sessionstart-hook-0.sh",
		"cp evil.sh ~/.claude/hooks/guard.py", // registered below
		"echo '{}' > ~/.claude/hooks/hooks.json",
		"echo '{}' > " + conf + "/settings.json",
		"echo x >> " + conf + "/shell-snapshots/snapshot-zsh-1.sh",
		// Issue 12: CLAUDE_CONFIG_DIR's .claude.json and sign-in file,
		// the user extensions of Gemini CLI and Qwen Code.
		"echo '{}' > " + conf + "/.claude.json", "rm " + conf + "/.credentials.json",
		"echo '{}' > ~/.gemini/extensions/x/gemini-extension.json", "rm -rf ~/.qwen/extensions",
	} {
		out, _, stderr := m.hook(bashInput(cmd))
		if d := decisionOf(out); d != "deny" {
			t.Errorf("%s: decision %q, want deny (stderr %s)", cmd, d, stderr)
		}
	}
	write := func(path string) map[string]any {
		return map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "Write",
			"tool_input": map[string]any{"file_path": path, "content": "exit 0\n"}}
	}
	for _, p := range []string{filepath.Join(m.project, "scripts", "guard.sh"), filepath.Join(m.home, ".claude", "shell-snapshots", "snapshot-bash-1-a.sh"),
		filepath.Join(conf, ".claude.json"), filepath.Join(conf, ".credentials.json"), filepath.Join(m.home, ".claude", ".claude.json"),
		filepath.Join(m.home, ".gemini", "extensions", "x", "gemini-extension.json")} {
		if out, _, _ := m.hook(write(p)); decisionOf(out) != "deny" {
			t.Errorf("Write %s: decision %q, want deny", p, decisionOf(out))
		}
	}
	if out, _, _ := m.hook(bashInput("rm -rf scripts")); decisionOf(out) != "ask" {
		t.Errorf("rm -rf scripts: decision %q, want ask", decisionOf(out))
	}
	for _, cmd := range []string{"echo x > scripts/other.sh", "cat scripts/guard.sh", "ls ~/.claude/shell-snapshots", "bash scripts/other.sh",
		"echo 'print(1)' > ~/.claude/hooks/test.py"} { // seed 002: a safe path
		if _, raw, _ := m.hook(bashInput(cmd)); raw != "" {
			t.Errorf("%s: printed %s, want no objection", cmd, raw)
		}
	}
	if out, _, _ := m.hook(write(filepath.Join(m.project, "scripts", "other.sh"))); decisionOf(out) == "deny" {
		t.Errorf("Write scripts/other.sh denied")
	}
}

// decisionOf is the permission decision of a hook answer, "" for none.
func decisionOf(out hookOutput) string {
	if out.HookSpecificOutput == nil {
		return ""
	}
	return out.HookSpecificOutput.PermissionDecision
}
