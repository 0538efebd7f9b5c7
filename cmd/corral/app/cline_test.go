package app

import (
	"encoding/json"
	"os/exec"
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
		if a := send(toolCall("run_commands", in)); !clineRefusedCall(a) {
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

// clineRefusedCall reports whether a is the refusal of one of the CLI
// 3.x's own tools that lets the run go on: not cancelled, a reason, and
// an input that does nothing: run_commands prints the reason and fails,
// the file tools get an empty input.
func clineRefusedCall(a map[string]any) bool {
	if str(a, "cancel") == "true" || str(a, "errorMessage") == "" {
		return false
	}
	o, ok := a["overrideInput"].(map[string]any)
	if !ok {
		return false
	}
	if cmds, _ := o["commands"].([]any); len(o) == 1 && len(cmds) == 1 {
		c, _ := cmds[0].(string)
		return strings.HasPrefix(c, "printf '%s\\n' ") && strings.HasSuffix(c, "; exit 1")
	}
	return len(o) == 0
}

// TestClineRefusalGoesOn: a refusal of the CLI 3.x's own tools does not
// cancel the run (cancel stops it and the model never learns why): the
// call's input is replaced by one that does nothing, and errorMessage,
// which Cline hands the model as the hook's context, says why. The
// replacement command, run by bash, prints exactly the reason and fails,
// whatever quotes the reason holds. An MCP server's tool, whose input
// schema corral does not know, is still cancelled; an allowed call gets
// no overrideInput.
func TestClineRefusalGoesOn(t *testing.T) {
	m := newMachine(t)
	send := func(name string, input any) map[string]any {
		t.Helper()
		b, _ := json.Marshal(map[string]any{"hookName": "tool_call", "taskId": "conv1", "workspaceRoots": []string{m.project},
			"tool_call": map[string]any{"id": "c1", "name": name, "input": input}})
		code, stdout, stderr := m.run(string(b), "hook", "--agent", "cline")
		if code != 0 {
			t.Fatalf("hook exited %d: %s", code, stderr)
		}
		return jsonMap(t, stdout)
	}
	env := filepath.Join(m.project, ".env")
	for _, c := range []struct {
		name  string
		input any
	}{
		{"run_commands", map[string]any{"commands": []any{"rm -rf ~"}}},
		{"run_commands", map[string]any{"commands": []any{"printf 'A=1\\n' > .env"}}},
		{"editor", map[string]any{"path": env, "new_text": "A=1\n"}},
		{"apply_patch", map[string]any{"input": "*** Begin Patch\n*** Add File: .env\n+A=1\n*** End Patch\n"}},
		{"read_files", map[string]any{"files": []any{map[string]any{"path": env}}}},
	} {
		a := send(c.name, c.input)
		if !clineRefusedCall(a) {
			t.Errorf("%s %v: not refused without cancel: %v", c.name, c.input, a)
			continue
		}
		if c.name != "run_commands" {
			continue
		}
		// bash runs the replacement: it prints the reason and fails.
		cmd := a["overrideInput"].(map[string]any)["commands"].([]any)[0].(string)
		out, err := exec.Command("bash", "-c", cmd).Output()
		if err == nil || string(out) != str(a, "errorMessage")+"\n" {
			t.Errorf("%s: the replacement printed %q (%v), want the reason %q", c.input, out, err, str(a, "errorMessage"))
		}
	}
	// An MCP server's tool is cancelled, as before.
	if a := send("fs__write_file", map[string]any{"path": filepath.Join(m.project, ".git", "hooks", "pre-commit"), "content": "x"}); str(a, "cancel") != "true" {
		t.Errorf("MCP git hook write: %v", a)
	}
	// Ordinary work: no refusal, no replaced input.
	for _, c := range []struct {
		name  string
		input any
	}{
		{"run_commands", map[string]any{"commands": []any{"echo 'rm -rf ~'", "grep rm notes.txt"}}},
		{"editor", map[string]any{"path": filepath.Join(m.project, "notes.txt"), "new_text": "hello\n"}},
		{"read_files", map[string]any{"files": []any{map[string]any{"path": filepath.Join(m.project, "README.md")}}}},
	} {
		if a := send(c.name, c.input); str(a, "cancel") == "true" || str(a, "errorMessage") != "" || a["overrideInput"] != nil {
			t.Errorf("%s %v: %v", c.name, c.input, a)
		}
	}
}

// clineRecorded are PreToolUse inputs the real Cline CLI 3.0.65 sent its
// hook for a call of the stdio MCP server "fs" (cmd/e2e TestClineMCP,
// recorded with CORRAL_E2E_RECORD), with the project's path replaced by
// @PROJECT@: the server's tool arrives as tool_call {name:
// "fs__write_file", input: the server's arguments}.
var clineRecorded = map[string]string{
	"githook": `{"clineVersion":"","timestamp":"2026-11-29T17:20:10.003Z","taskId":"conv_1795972808703_bkob9ae","sessionContext":{"rootSessionId":"1795972806444_rzlql"},"workspaceRoots":["@PROJECT@"],"workspaceInfo":{"rootPath":"@PROJECT@","hint":"project"},"userId":"e2e","agent_id":"agent_1795972808209_a7mvpe","parent_agent_id":null,"hookName":"tool_call","iteration":1,"tool_call":{"id":"call_e2e_1","name":"fs__write_file","input":{"content":"#!/bin/sh\necho pwned\n","path":"@PROJECT@/.git/hooks/pre-commit"}},"preToolUse":{"toolName":"fs__write_file","parameters":{"content":"#!/bin/sh\necho pwned\n","path":"@PROJECT@/.git/hooks/pre-commit"}}}`,
	"notes":   `{"clineVersion":"","timestamp":"2026-11-29T17:19:53.991Z","taskId":"conv_1795972792563_cvyh87r","sessionContext":{"rootSessionId":"1795972790833_nzqk4"},"workspaceRoots":["@PROJECT@"],"workspaceInfo":{"rootPath":"@PROJECT@","hint":"project"},"userId":"e2e","agent_id":"agent_1795972792097_7gzq1f","parent_agent_id":null,"hookName":"tool_call","iteration":1,"tool_call":{"id":"call_e2e_1","name":"fs__write_file","input":{"content":"hello\n","path":"@PROJECT@/notes.txt"}},"preToolUse":{"toolName":"fs__write_file","parameters":{"content":"hello\n","path":"@PROJECT@/notes.txt"}}}`,
}

// TestClineMCP replays the recorded inputs through `corral hook --agent
// cline`: the write to a git hook through the server's tool is refused
// (cancel, with corral's reason), the ordinary write passes. The same
// tool name in the parameters-only shape, a server's read of a private
// key, the VS Code extension's use_mcp_tool wrapper (documented shape,
// not run here) and the CLI's own tools that touch nothing are checked
// too.
func TestClineMCP(t *testing.T) {
	m := newMachine(t)
	send := func(in string) map[string]any {
		t.Helper()
		code, stdout, stderr := m.run(strings.ReplaceAll(in, "@PROJECT@", m.project), "hook", "--agent", "cline")
		if code != 0 {
			t.Fatalf("hook exited %d: %s", code, stderr)
		}
		return jsonMap(t, stdout)
	}
	if a := send(clineRecorded["githook"]); str(a, "cancel") != "true" || str(a, "errorMessage") != "Protected path: .git/hooks/pre-commit cannot be modified" {
		t.Errorf("recorded git hook write: %v", a)
	}
	if a := send(clineRecorded["notes"]); str(a, "cancel") == "true" || str(a, "errorMessage") != "" {
		t.Errorf("recorded ordinary write: %v", a)
	}
	call := func(name string, input any) string {
		b, _ := json.Marshal(map[string]any{"hookName": "tool_call", "taskId": "t1", "workspaceRoots": []string{m.project},
			"tool_call": map[string]any{"id": "c1", "name": name, "input": input}})
		return string(b)
	}
	key := filepath.Join(m.home, ".ssh", "id_ed25519")
	for _, in := range []string{
		call("fs__read_text_file", map[string]any{"path": key}),
		// A server whose name was sanitised keeps its tool after "__".
		call("my_fs__read_text_file", map[string]any{"path": "~/.ssh/id_ed25519"}),
		// A name cut and hashed (longer than 64 characters) is judged
		// whole.
		call("a_very_long_server_name_that_goes_on_and_on__read_text_f_1a2b3c4d", map[string]any{"path": key}),
		// A server named team is a server, not the CLI's team tools.
		call("team__read_text_file", map[string]any{"path": key}),
		// The parameters-only shape (values flattened to strings).
		`{"hookName":"tool_call","taskId":"t1","workspaceRoots":["@PROJECT@"],"preToolUse":{"toolName":"fs__read_text_file","parameters":{"path":"` + key + `"}}}`,
		// The VS Code extension's wrapper: arguments as JSON text.
		`{"hookName":"PreToolUse","taskId":"t1","workspaceRoots":["@PROJECT@"],"preToolUse":{"toolName":"use_mcp_tool","parameters":{"server_name":"fs","tool_name":"read_text_file","arguments":"{\"path\":\"` + key + `\"}"}}}`,
		call("shell__execute_command", map[string]any{"command": "rm -rf ~"}),
	} {
		if a := send(in); str(a, "cancel") != "true" || str(a, "errorMessage") == "" {
			t.Errorf("%s: not refused: %v", in, a)
		}
	}
	// Ordinary work passes: the CLI's own tools that touch neither files
	// nor commands, an MCP tool with data that only looks like a command.
	for _, in := range []string{
		call("team_send_message", map[string]any{"to": "a", "message": "rm -rf ~ is a bad idea"}),
		call("ask_question", map[string]any{"question": "cat ~/.ssh/id_ed25519?"}),
		call("fetch_web_content", map[string]any{"url": "https://example.com"}),
		call("fs__read_text_file", map[string]any{"path": filepath.Join(m.project, "README.md")}),
		call("notes__add", map[string]any{"text": `echo "rm -rf /"`}),
		`{"hookName":"PreToolUse","taskId":"t1","workspaceRoots":["@PROJECT@"],"preToolUse":{"toolName":"use_mcp_tool","parameters":{"server_name":"fs","tool_name":"read_text_file","arguments":"{\"path\":\"README.md\"}"}}}`,
	} {
		if a := send(in); str(a, "cancel") == "true" {
			t.Errorf("%s: refused: %v", in, a)
		}
	}
}
