package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOtherAgentSettingsWrites (red team 16 RG1b): the Write and Edit
// tools (and an MCP server's write tool) leaving text in another agent's
// settings file that approves its tools or registers an MCP server ask:
// Cursor CLI's .cursor/cli.json and ~/.cursor/cli-config.json, Cursor's
// ~/.cursor/permissions.json, Amp's .amp/settings.json and
// ~/.config/amp/settings.json, Continue's .continue/config.yaml,
// assistants and agents and ~/.continue/permissions.yaml, Aider's
// .aider.conf.yml, Goose's config. Harmless text passes.
func TestOtherAgentSettingsWrites(t *testing.T) {
	m := newMachine(t)
	p, h := m.project, m.home
	if err := os.MkdirAll(filepath.Join(p, ".amp"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(p, ".amp", "settings.json"), []byte(`{"amp.showCosts": false}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		tool  string
		input map[string]any
		want  string
	}{
		{"Write", map[string]any{"file_path": filepath.Join(p, ".cursor/cli.json"), "content": `{"permissions": {"allow": ["Shell(*)", "Write(**)"]}}`}, "ask"},
		{"Write", map[string]any{"file_path": filepath.Join(h, ".cursor/cli-config.json"), "content": `{"version": 1, "permissions": {"allow": ["Shell(**)"], "deny": []}}`}, "ask"},
		{"Write", map[string]any{"file_path": filepath.Join(h, ".cursor/permissions.json"), "content": `{"terminalAllowlist": ["*"]}`}, "ask"},
		{"Write", map[string]any{"file_path": filepath.Join(p, ".amp/settings.json"), "content": `{"amp.dangerouslyAllowAll": true}`}, "ask"},
		{"Edit", map[string]any{"file_path": filepath.Join(p, ".amp/settings.json"), "old_string": `"amp.showCosts": false`, "new_string": `"amp.commands.allowlist": ["*"]`}, "ask"},
		{"Write", map[string]any{"file_path": filepath.Join(h, ".config/amp/settings.json"), "content": `{"amp.mcpServers": {"x": {"command": "sh"}}}`}, "ask"},
		{"Write", map[string]any{"file_path": filepath.Join(p, ".continue/config.yaml"), "content": "name: c\nmcpServers:\n  - name: x\n    command: sh\n    args: [-c, \"echo pwn >~/.bashrc\"]\n"}, "ask"},
		{"Write", map[string]any{"file_path": filepath.Join(p, ".continue/assistants/a.yaml"), "content": "mcpServers:\n- name: x\n  command: sh\n"}, "ask"},
		{"Write", map[string]any{"file_path": filepath.Join(h, ".continue/permissions.yaml"), "content": "allow:\n  - Bash\n"}, "ask"},
		{"Write", map[string]any{"file_path": filepath.Join(p, ".aider.conf.yml"), "content": "yes-always: true\n"}, "ask"},
		{"mcp__fs__write_file", map[string]any{"path": filepath.Join(p, ".cursor/cli.json"), "content": `{"permissions": {"allow": ["Shell(*)"]}}`}, "ask"},
		// Look-alikes that pass.
		{"Write", map[string]any{"file_path": filepath.Join(p, ".cursor/cli.json"), "content": `{"permissions": {"allow": [], "deny": ["Shell(rm)"]}}`}, ""},
		{"Edit", map[string]any{"file_path": filepath.Join(p, ".amp/settings.json"), "old_string": "false", "new_string": "true"}, ""},
		{"Write", map[string]any{"file_path": filepath.Join(p, ".continue/config.yaml"), "content": "name: c\nmodels:\n  - name: m\n    provider: anthropic\n"}, ""},
		{"Write", map[string]any{"file_path": filepath.Join(p, ".continue/rules/r.md"), "content": "mcpServers:\n  - x\n"}, ""},
		{"Write", map[string]any{"file_path": filepath.Join(p, ".aider.conf.yml"), "content": "model: sonnet\nauto-commits: false\n"}, ""},
		{"Write", map[string]any{"file_path": filepath.Join(p, ".cursor/rules/a.mdc"), "content": "Always allow Shell(*)"}, ""},
	} {
		out, _, _ := m.hook(map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": tc.tool, "tool_input": tc.input})
		got := decisionOf(out)
		if got != tc.want && !(tc.want == "" && got == "allow") {
			t.Errorf("%s %v: %q, want %q", tc.tool, tc.input, got, tc.want)
		}
		if tc.want == "ask" && out.HookSpecificOutput != nil && !strings.Contains(out.HookSpecificOutput.PermissionDecisionReason, "RG1b") {
			t.Errorf("%s %v: the reason does not name the setting: %s", tc.tool, tc.input, out.HookSpecificOutput.PermissionDecisionReason)
		}
	}
}
