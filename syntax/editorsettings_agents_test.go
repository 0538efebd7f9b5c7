package syntax

import "testing"

// TestEditorAgentApproval (red team 16 RG1b): a VS Code settings text
// that approves the editor agents' tool calls (Copilot's auto-approve,
// Roo Code's allowed commands, Amp's allow-all) or registers MCP servers
// is found, written dotted or nested; other settings, and the keys set
// off, are not.
func TestEditorAgentApproval(t *testing.T) {
	for _, tc := range []struct {
		text string
		key  string
	}{
		{`{"chat.tools.autoApprove": true}`, "chat.tools.autoApprove"},
		{`{"chat": {"tools": {"terminal.autoApprove": {"/.*/": true}}}}`, "chat.tools.terminal.autoApprove"},
		{`{"roo-cline.allowedCommands": ["*"]}`, "roo-cline.allowedCommands"},
		{`{"amp.dangerouslyAllowAll": true}`, "amp.dangerouslyAllowAll"},
		{`{"mcp": {"servers": {"x": {"command": "sh"}}}}`, "mcp"},
		{`{"settings": {"chat.tools.autoApprove": true}}`, "chat.tools.autoApprove"},
		{"// comment\n{\"chat.tools.autoApprove\": true,}", "chat.tools.autoApprove"},
		// Look-alikes.
		{`{"editor.formatOnSave": true}`, ""},
		{`{"chat.tools.autoApprove": false}`, ""},
		{`{"roo-cline.allowedCommands": []}`, ""},
		{`not json`, ""},
	} {
		key, ok := EditorAgentApproval(tc.text)
		if ok != (tc.key != "") || key != tc.key {
			t.Errorf("%s: %q %v, want %q", tc.text, key, ok, tc.key)
		}
	}
}
