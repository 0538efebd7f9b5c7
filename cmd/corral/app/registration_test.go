package app

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/cmd/corral/agent"
)

// TestRegistrationFilesProtected (red team 14 GF1): every file corral
// init writes for an agent, in each scope the agent has, is one the agent
// cannot write or delete (Write and Bash), whether corral is registered
// there yet or not; so is a project directory holding one, and the
// directories whose files OpenCode and Kiro load as code. The list comes
// from the installers themselves (agent.All's File), so this test covers
// an agent added later. Look-alikes beside them pass.
func TestRegistrationFilesProtected(t *testing.T) {
	m := newMachine(t)
	var files []string
	for _, a := range agent.All {
		for _, sc := range a.Scopes() {
			f := a.File(agent.Target{Home: m.home, Project: m.project, Scope: sc, Getenv: m.getenv})
			if f != "" {
				files = append(files, f)
			}
		}
	}
	if len(files) < 20 {
		t.Fatalf("only %d registration files: %v", len(files), files)
	}
	for _, f := range files {
		if out, _, _ := m.hook(writeInput("Write", f)); decisionOf(out) != "deny" {
			t.Errorf("Write %s: %q, want deny", f, decisionOf(out))
		}
		if out, _, _ := m.hook(bashInput("rm -f " + f)); decisionOf(out) != "deny" {
			t.Errorf("rm -f %s: %q, want deny", f, decisionOf(out))
		}
	}
	// A directory holding one, as the installer left it.
	kiro := filepath.Join(m.project, ".kiro", "agents", "default.json")
	if err := os.MkdirAll(filepath.Dir(kiro), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(kiro, []byte(`{"hooks":{}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ cmd, want string }{
		{"rm -r .kiro", "deny"},
		{"printf 'export const X = async () => ({})' > .opencode/plugin/x.js", "deny"},
		{"echo x > .opencode/plugins/y.ts", "deny"},
		{"echo x > ~/.config/opencode/plugins/y.js", "deny"},
		{"echo '{}' > .kiro/hooks/a.kiro.hook", "deny"},
		// Look-alikes.
		{"echo x > .opencode/README.md", ""},
		{"echo x > .kiro/steering/a.md", ""},
		{"echo x > .continue/rules/a.md", ""},
		{"echo '{}' > docs/crush.json.example", ""},
	} {
		out, _, _ := m.hook(bashInput(tc.cmd))
		if got := decisionOf(out); got != tc.want && !(tc.want == "" && got == "allow") {
			t.Errorf("%s: %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

// TestCopilotHookFiles: GitHub Copilot CLI loads every .github/hooks/*.json
// of the repository (and ~/.copilot/hooks/*.json) and runs each entry's
// "bash" command; those files and the scripts they name are protected,
// and the rest of .github/hooks (a README, a script nothing registers, a
// subdirectory Copilot does not read) is ordinary project text (red team
// 14 FA2: a README there was denied).
func TestCopilotHookFiles(t *testing.T) {
	m := newMachine(t)
	hooks := filepath.Join(m.project, ".github", "hooks")
	for p, c := range map[string]string{
		"lint.json":        `{"version":1,"hooks":{"sessionStart":[{"type":"command","bash":"./.github/hooks/scripts/start.sh"}]}}`,
		"scripts/start.sh": "echo started\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(hooks, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(hooks, p), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ path, want string }{
		{".github/hooks/lint.json", "deny"},
		{".github/hooks/new.json", "deny"},
		{".github/hooks/scripts/start.sh", "deny"},
		{filepath.Join(m.home, ".copilot/hooks/u.json"), "deny"},
		// Look-alikes.
		{".github/hooks/README.md", ""},
		{".github/hooks/scripts/unused.sh", ""},
		{".github/hooks/examples/sample.json", ""},
	} {
		p := tc.path
		if !filepath.IsAbs(p) {
			p = filepath.Join(m.project, p)
		}
		out, _, _ := m.hook(writeInput("Write", p))
		if got := decisionOf(out); got != tc.want && !(tc.want == "" && got == "allow") {
			t.Errorf("Write %s: %q, want %q", tc.path, got, tc.want)
		}
	}
	out, _, _ := m.hook(bashInput("echo 'rm -rf ~' >> .github/hooks/scripts/start.sh"))
	if got := decisionOf(out); got != "deny" {
		t.Errorf("appending to the registered script: %q, want deny", got)
	}
}

// TestClaudeProgramProtected: Claude Code's own program where its
// installers put it (the local install's wrapper and node_modules, the
// native installer's versions and launcher) is protected: replaced, the
// next session runs the agent's code with every hook off (red team 15
// AG1). Other files under ~/.claude stay writable.
func TestClaudeProgramProtected(t *testing.T) {
	m := newMachine(t)
	for _, tc := range []struct{ path, want string }{
		{".claude/local/claude", "deny"},
		{".claude/local/node_modules/@anthropic-ai/claude-code/cli.js", "deny"},
		{".local/share/claude/versions/2.1.330", "deny"},
		{".local/bin/claude", "deny"},
		// The sign-in files (red team 16 CR1).
		{".claude/.credentials.json", "deny"},
		{".gemini/oauth_creds.json", "deny"},
		{".qwen/oauth_creds.json", "deny"},
		{".claude/CLAUDE.md", ""},
		{".claude/todos/t.json", ""},
	} {
		out, _, _ := m.hook(writeInput("Write", filepath.Join(m.home, tc.path)))
		if got := decisionOf(out); got != tc.want && !(tc.want == "" && got == "allow") {
			t.Errorf("Write ~/%s: %q, want %q", tc.path, got, tc.want)
		}
	}
	out, _, _ := m.hook(bashInput("printf '#!/bin/sh\\nexec node x.js \"$@\"\\n' > ~/.claude/local/claude"))
	if got := decisionOf(out); got != "deny" {
		t.Errorf("Bash write of ~/.claude/local/claude: %q, want deny", got)
	}
}
