package app

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestClineShapes checks the Cline inputs TestAgentsWire does not send:
// the VS Code extension's PreToolUse shape (its overrideInput is
// unverified, so a clone is refused naming the sandboxed command), a CLI
// 3.x payload with only preToolUse.parameters (lists flattened to JSON
// strings), and the other input shapes run_commands accepts.
func TestClineShapes(t *testing.T) {
	m := newMachine(t)
	sandboxed := "git clone https://github.com/acme/widget.git " + filepath.Join(m.project, "agent_sandbox", "widget")
	send := func(in any) map[string]any {
		t.Helper()
		b, _ := json.Marshal(in)
		code, stdout, stderr := m.run(string(b), "hook", "--agent", "cline")
		if code != 0 {
			t.Fatalf("hook exited %d: %s", code, stderr)
		}
		return jsonMap(t, stdout)
	}
	overridden := func(a map[string]any) string {
		o, _ := a["overrideInput"].(map[string]any)
		cmds, _ := o["commands"].([]any)
		if len(cmds) != 1 {
			return ""
		}
		s, _ := cmds[0].(string)
		return s
	}
	toolCall := func(name string, input any) map[string]any {
		return map[string]any{"hookName": "tool_call", "taskId": "conv1", "workspaceRoots": []string{m.project},
			"tool_call": map[string]any{"id": "c1", "name": name, "input": input}}
	}

	// The extension's shape: deny naming the command, no overrideInput.
	a := send(map[string]any{"hookName": "PreToolUse", "taskId": "t1", "workspaceRoots": []string{m.project},
		"preToolUse": map[string]any{"toolName": "execute_command", "parameters": map[string]any{"command": "git clone https://github.com/acme/widget.git"}}})
	if str(a, "cancel") != "true" || !strings.Contains(str(a, "errorMessage"), "Run exactly this instead:\n"+sandboxed) || a["overrideInput"] != nil {
		t.Errorf("extension clone: %v", a)
	}

	// A 3.x payload without tool_call: parameters only, no rewrite.
	a = send(map[string]any{"hookName": "tool_call", "taskId": "t1", "workspaceRoots": []string{m.project},
		"preToolUse": map[string]any{"toolName": "run_commands", "parameters": map[string]any{"commands": `["ls","rm -rf ~"]`}}})
	if str(a, "cancel") != "true" || !strings.Contains(str(a, "errorMessage"), "rm") {
		t.Errorf("parameters-only rm -rf ~: %v", a)
	}
	a = send(map[string]any{"hookName": "tool_call", "taskId": "t1", "workspaceRoots": []string{m.project},
		"preToolUse": map[string]any{"toolName": "read_files", "parameters": map[string]any{"files": `[{"path":".env"}]`}}})
	if str(a, "cancel") != "true" {
		t.Errorf("parameters-only .env read: %v", a)
	}

	// run_commands' other shapes: a later command in the list is still
	// seen; a string, {command}, {cmd}, and {command, args} (no shell).
	for _, in := range []any{
		map[string]any{"commands": []any{"ls", "rm -rf ~"}},
		map[string]any{"commands": "rm -rf ~"},
		map[string]any{"command": "rm -rf ~"},
		map[string]any{"cmd": "rm -rf ~"},
		[]any{"echo hi", "rm -rf ~"},
		"rm -rf ~",
		map[string]any{"commands": []any{map[string]any{"command": "rm", "args": []any{"-rf", "/"}}}},
	} {
		if a := send(toolCall("run_commands", in)); str(a, "cancel") != "true" {
			t.Errorf("run_commands %v: not refused: %v", in, a)
		}
	}
	// A rewrite keeps the input's other fields and runs one script.
	a = send(toolCall("run_commands", map[string]any{"commands": []any{"git clone https://github.com/acme/widget.git"}, "timeout": 30}))
	if got := overridden(a); got != sandboxed || str(a, "cancel") == "true" {
		t.Errorf("clone: overrideInput %q, want %q: %v", got, sandboxed, a)
	}
	if o, _ := a["overrideInput"].(map[string]any); o["timeout"] != float64(30) {
		t.Errorf("clone: overrideInput lost timeout: %v", a)
	}
	// Data, not a command: an echo of a dangerous string passes.
	if a := send(toolCall("run_commands", map[string]any{"commands": []any{`echo "rm -rf /"`}})); str(a, "cancel") == "true" || a["overrideInput"] != nil {
		t.Errorf("echo of rm -rf /: %v", a)
	}
	// A run_commands input that is no command is not guessed at: the
	// hook fails open and says so, never exits 1.
	b, _ := json.Marshal(toolCall("run_commands", map[string]any{"commands": []any{42}}))
	if code, stdout, stderr := m.run(string(b), "hook", "--agent", "cline"); code != 0 || strings.Contains(stdout, "cancel\":true") || stderr == "" {
		t.Errorf("run_commands [42]: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
