package app

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeCorral makes an executable file to register as the hook's binary.
func fakeCorral(t *testing.T, m *machine) string {
	t.Helper()
	bin := filepath.Join(m.home, "bin", "corral")
	writeFile(t, bin, "#!/bin/sh\nexit 0\n")
	if err := os.Chmod(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	return bin
}

func (m *machine) doctor(args ...string) (int, string, string) {
	m.t.Helper()
	return m.run("", append([]string{"doctor", "--cwd", m.project}, args...)...)
}

// linesOnce fails when a line of out is repeated (each line once).
func linesOnce(t *testing.T, out string) {
	t.Helper()
	seen := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if seen[l] {
			t.Errorf("line printed twice: %q", l)
		}
		seen[l] = true
	}
}

func TestDoctorNothingRegistered(t *testing.T) {
	m := newMachine(t)
	code, out, stderr := m.doctor()
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	for _, want := range []string{"FAIL  hooks: no agent runs corral's hook: shell commands are NOT checked. Run `corral init`",
		"Protection is NOT on", "ok    self-test: git clone is rewritten into the sandbox", "ok    self-test: rm -rf ~ is denied", "ok    self-test: writing .env is refused"} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor lacks %q:\n%s", want, out)
		}
	}
	if stderr != "" {
		t.Errorf("doctor wrote to stderr (each line once, on stdout): %q", stderr)
	}
	linesOnce(t, out)
}

func TestDoctorProtected(t *testing.T) {
	m := newMachine(t)
	bin := fakeCorral(t, m)
	if code, out, stderr := m.run("", "init", "--binary", bin); code != 0 {
		t.Fatalf("init: %s %s", out, stderr)
	}
	code, out, _ := m.doctor()
	if code != 0 {
		t.Errorf("exit %d, want 0:\n%s", code, out)
	}
	for _, want := range []string{
		"ok    Claude Code: corral runs on PreToolUse ^(Bash|Write|Edit|MultiEdit|NotebookEdit|Read|Grep|Glob|Skill|ReadMcpResourceTool|mcp__.*)$; SessionEnd (user scope, " + filepath.Join(m.home, ".claude", "settings.json") + ")",
		"warn  Claude Code: the hook runs " + bin + ", a different corral from this one",
		"corral is on for Claude Code.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor lacks %q:\n%s", want, out)
		}
	}
	linesOnce(t, out)

	code, out, _ = m.doctor("--json")
	var r doctorReport
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 || !r.Protected || len(r.Agents) != 1 || r.Agents[0] != "Claude Code" {
		t.Errorf("--json: %d %v %+v\n%s", code, err, r, out)
	}
}

func TestDoctorFailures(t *testing.T) {
	settings := func(m *machine, hooks string) {
		writeFile(t, filepath.Join(m.home, ".claude", "settings.json"), `{"hooks": {`+hooks+`}}`)
	}
	for _, tc := range []struct {
		name  string
		setup func(m *machine, bin string)
		code  int
		want  string
	}{
		{"binary-missing", func(m *machine, bin string) {
			settings(m, `"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/nowhere/corral hook --agent claude"}]}]`)
		}, 1, "FAIL  Claude Code: the hook runs /nowhere/corral, which does not exist"},
		{"binary-not-executable", func(m *machine, bin string) {
			os.Chmod(bin, 0o644)
			settings(m, `"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "`+bin+` hook"}]}]`)
		}, 1, "which is not executable"},
		{"bash-not-covered", func(m *machine, bin string) {
			settings(m, `"PreToolUse": [{"matcher": "Write|Edit", "hooks": [{"type": "command", "command": "`+bin+` hook"}]}]`)
		}, 1, "FAIL  Claude Code: Bash commands are NOT checked"},
		{"partial-and-no-session-end", func(m *machine, bin string) {
			settings(m, `"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "`+bin+` hook"}]}]`)
		}, 0, "warn  Claude Code: Write, Edit, MultiEdit, NotebookEdit, Read, Grep, Glob, Skill, MCP tools (mcp__…) is NOT checked"},
		{"other-rewriter", func(m *machine, bin string) {
			settings(m, `"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "`+bin+` hook --agent claude"}]}, {"matcher": ".*", "hooks": [{"type": "command", "command": "rtk-rewrite"}]}]`)
		}, 0, `warn  Claude Code: another hook also runs on shell commands: "rtk-rewrite"`},
		{"bad-json", func(m *machine, bin string) {
			writeFile(t, filepath.Join(m.home, ".claude", "settings.json"), "{\n  \"hooks\": ,\n}")
		}, 1, "FAIL  Claude Code: cannot read " + "HOME/.claude/settings.json: HOME/.claude/settings.json:2:12:"},
		{"bad-policy", func(m *machine, bin string) {
			m.run("", "init", "--binary", bin)
			writeFile(t, filepath.Join(m.project, "bad-policy.json"), `{"corral": 1, "sandbox": {"mode": "explode"}}`)
			m.env["CORRAL_POLICY"] = filepath.Join(m.project, "bad-policy.json")
		}, 1, "FAIL  policy: "},
		{"installed-not-protected", func(m *machine, bin string) {
			m.run("", "init", "--binary", bin)
			os.MkdirAll(filepath.Join(m.home, ".gemini"), 0o755)
		}, 0, "warn  Gemini CLI: installed but NOT protected: its shell commands are not checked. Run `corral init --agent gemini`"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newMachine(t)
			bin := fakeCorral(t, m)
			tc.setup(m, bin)
			code, out, _ := m.doctor()
			want := strings.ReplaceAll(tc.want, "HOME", m.home)
			if code != tc.code || !strings.Contains(out, want) {
				t.Errorf("exit %d (want %d), want %q in:\n%s", code, tc.code, want, out)
			}
			linesOnce(t, out)
		})
	}
}

func TestDoctorSandboxGitIgnored(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	m := newMachine(t)
	if out, err := exec.Command("git", "init", "-q", m.project).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	_, out, _ := m.doctor()
	if !strings.Contains(out, "warn  sandbox: agent_sandbox/ is inside the project but NOT git-ignored") {
		t.Errorf("no warning about the sandbox in git:\n%s", out)
	}
	writeFile(t, filepath.Join(m.project, ".gitignore"), "agent_sandbox/\n")
	_, out, _ = m.doctor()
	if !strings.Contains(out, "ok    sandbox: agent_sandbox/ is git-ignored") {
		t.Errorf("ignored sandbox not reported:\n%s", out)
	}
	// A sandbox that cannot be created.
	m.env["CONTENT_FILTER_SANDBOX_DIR"] = "/proc/corral-sandbox"
	if code, out, _ := m.doctor(); code != 1 || !strings.Contains(out, "FAIL  sandbox: /proc/corral-sandbox does not exist and cannot be created") {
		t.Errorf("uncreatable sandbox: %d\n%s", code, out)
	}
}

// TestInitAllAndDoctor registers every agent found on a scratch machine
// holding several agents' configuration directories, then asks doctor.
func TestInitAllAndDoctor(t *testing.T) {
	m := newMachine(t)
	bin := fakeCorral(t, m)
	for _, d := range []string{".claude", ".codex", ".gemini", ".cursor", ".kimi-code", ".hermes", ".config/opencode", ".codeium/windsurf", ".copilot"} {
		if err := os.MkdirAll(filepath.Join(m.home, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(m.home, ".hermes", "config.yaml"), "model: hermes-4\nhooks: {}\n")
	code, out, stderr := m.run("", "init", "--agent", "all", "--binary", bin, "--project", m.project)
	if code != 0 {
		t.Fatalf("init --agent all: %d %s %s", code, out, stderr)
	}
	for _, want := range []string{
		"Claude Code: registered in " + filepath.Join(m.home, ".claude", "settings.json"),
		"Codex CLI: registered in " + filepath.Join(m.home, ".codex", "hooks.json"),
		"Gemini CLI: registered in " + filepath.Join(m.home, ".gemini", "settings.json"),
		"Cursor: registered in " + filepath.Join(m.home, ".cursor", "hooks.json"),
		"Kimi Code: registered in " + filepath.Join(m.home, ".kimi-code", "config.toml"),
		"Hermes Agent: registered in " + filepath.Join(m.home, ".hermes", "config.yaml"),
		"OpenCode: registered in " + filepath.Join(m.home, ".config", "opencode", "plugin", "corral.js"),
		"Windsurf: registered in " + filepath.Join(m.home, ".codeium", "windsurf", "hooks.json"),
		"GitHub Copilot CLI: skipped",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("init --agent all lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Qwen") || strings.Contains(out, "Cline") {
		t.Errorf("init --agent all registered an agent that is not installed:\n%s", out)
	}
	code, out, _ = m.doctor()
	if code != 0 {
		t.Errorf("doctor after init --agent all: exit %d\n%s", code, out)
	}
	for _, want := range []string{"corral is on for Claude Code, Codex CLI, Cursor, Gemini CLI, Hermes Agent, Kimi Code, OpenCode, Windsurf.", "ok    Claude Code: corral runs on", "ok    Codex CLI: corral runs on PreToolUse",
		"ok    Gemini CLI: corral runs on BeforeTool", "ok    Cursor: corral runs on preToolUse", "ok    Kimi Code: corral runs on PreToolUse",
		"ok    Hermes Agent: corral runs on pre_tool_call", "ok    OpenCode: corral runs on tool.execute.before", "ok    Windsurf: corral runs on pre_run_command",
		"warn  GitHub Copilot CLI: installed but NOT protected"} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor lacks %q:\n%s", want, out)
		}
	}
	linesOnce(t, out)
	// uninstall --agent all takes everything away again.
	if code, out, stderr := m.run("", "uninstall", "--agent", "all", "--project", m.project); code != 0 {
		t.Fatalf("uninstall --agent all: %s %s", out, stderr)
	}
	if got := readFile(t, filepath.Join(m.home, ".hermes", "config.yaml")); got != "model: hermes-4\nhooks: {}\n" {
		t.Errorf("hermes config after uninstall:\n%s", got)
	}
	if code, out, _ := m.doctor(); code != 1 || !strings.Contains(out, "no agent runs corral's hook") {
		t.Errorf("doctor after uninstall: %d\n%s", code, out)
	}
}

// TestDoctorClaudePlugin: corral registered through an installed Claude
// Code plugin counts, with ${CLAUDE_PLUGIN_ROOT} read as its install path.
func TestDoctorClaudePlugin(t *testing.T) {
	m := newMachine(t)
	root := filepath.Join(m.home, ".claude", "plugins", "cache", "corral-dev", "corral", "0.1.0")
	writeFile(t, filepath.Join(m.home, ".claude", "plugins", "installed_plugins.json"),
		`{"version": 2, "plugins": {"corral@corral-dev": [{"scope": "user", "installPath": "`+root+`"}]}}`)
	writeFile(t, filepath.Join(root, "hooks", "hooks.json"), `{"hooks": {"PreToolUse": [{"matcher": "Bash|Write|Edit|MultiEdit|NotebookEdit|Read|Grep|Glob|Skill",
		"hooks": [{"type": "command", "command": "\"${CLAUDE_PLUGIN_ROOT}/bin/corral\" hook --agent claude"}]}],
		"SessionEnd": [{"hooks": [{"type": "command", "command": "\"${CLAUDE_PLUGIN_ROOT}/bin/corral\" hook --agent claude"}]}]}}`)
	launcher := filepath.Join(root, "bin", "corral")
	writeFile(t, launcher, "#!/bin/sh\nexec corral \"$@\"\n")
	os.Chmod(launcher, 0o755)
	code, out, _ := m.doctor()
	if code != 0 || !strings.Contains(out, "ok    Claude Code: corral runs on PreToolUse Bash|Write|Edit|MultiEdit|NotebookEdit|Read|Grep|Glob|Skill; SessionEnd (plugin scope, "+filepath.Join(root, "hooks", "hooks.json")+")") {
		t.Errorf("plugin registration: exit %d\n%s", code, out)
	}
	// That older plugin's matcher does not select MCP servers' tools.
	if !strings.Contains(out, "warn  Claude Code: MCP tools (mcp__…) is NOT checked") {
		t.Errorf("doctor does not warn about MCP tools:\n%s", out)
	}
	os.Remove(launcher)
	if code, out, _ := m.doctor(); code != 1 || !strings.Contains(out, "FAIL  Claude Code: the hook runs "+launcher+", which does not exist") {
		t.Errorf("plugin without its launcher: exit %d\n%s", code, out)
	}
}
