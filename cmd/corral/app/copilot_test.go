package app

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// copilotRecorded are preToolUse inputs the real Copilot CLI 1.0.102 sent
// its hook for calls of the stdio MCP server "fs" (cmd/e2e
// TestCopilotMCP, recorded with CORRAL_E2E_RECORD), with the project's
// and the home's paths replaced by @PROJECT@ and @HOME@: the server's
// tool arrives as toolName "fs-write_file", its arguments as the object
// toolArgs.
var copilotRecorded = map[string]string{
	"githook": `{"sessionId":"e8057268-77f6-4491-ac9b-10c53bc50890","timestamp":1795973633470,"cwd":"@PROJECT@","toolName":"fs-write_file","toolArgs":{"content":"#!/bin/sh\necho pwned\n","path":"@PROJECT@/.git/hooks/pre-commit"}}`,
	"key":     `{"sessionId":"77755e8e-0938-4b39-9416-307097821c19","timestamp":1795973641329,"cwd":"@PROJECT@","toolName":"fs-read_text_file","toolArgs":{"path":"@HOME@/.ssh/id_ed25519"}}`,
	"notes":   `{"sessionId":"5c8f7f60-e6be-4b72-a23a-5cf65f0d16f8","timestamp":1795973649195,"cwd":"@PROJECT@","toolName":"fs-write_file","toolArgs":{"content":"hello\n","path":"@PROJECT@/notes.txt"}}`,
}

// TestCopilotMCP replays the recorded inputs through `corral hook --agent
// copilot`: the write to a git hook and the read of a private key through
// the server's tools are denied with corral's reason (which the CLI
// hands the model as "Denied by preToolUse hook: …"), the ordinary write
// passes. A server whose name holds a dash, toolArgs as a JSON text (the
// documented shape) and Copilot's own tools are checked too.
func TestCopilotMCP(t *testing.T) {
	m := newMachine(t)
	send := func(in string) map[string]any {
		t.Helper()
		in = strings.NewReplacer("@PROJECT@", m.project, "@HOME@", m.home).Replace(in)
		code, stdout, stderr := m.run(in, "hook", "--agent", "copilot")
		if code != 0 {
			t.Fatalf("hook exited %d: %s", code, stderr)
		}
		if strings.TrimSpace(stdout) == "" {
			return map[string]any{}
		}
		return jsonMap(t, stdout)
	}
	if a := send(copilotRecorded["githook"]); str(a, "permissionDecision") != "deny" || str(a, "permissionDecisionReason") != "Protected path: .git/hooks/pre-commit cannot be modified" {
		t.Errorf("recorded git hook write: %v", a)
	}
	if a := send(copilotRecorded["key"]); str(a, "permissionDecision") != "deny" || !strings.HasPrefix(str(a, "permissionDecisionReason"), "corral: fs-read_text_file reads ") {
		t.Errorf("recorded key read: %v", a)
	}
	if a := send(copilotRecorded["notes"]); str(a, "permissionDecision") == "deny" || str(a, "permissionDecision") == "ask" {
		t.Errorf("recorded ordinary write: %v", a)
	}
	call := func(name string, args any) string {
		b, _ := json.Marshal(map[string]any{"sessionId": "s", "cwd": m.project, "toolName": name, "toolArgs": args})
		return string(b)
	}
	text := func(args any) string {
		b, _ := json.Marshal(args)
		return string(b)
	}
	key := filepath.Join(m.home, ".ssh", "id_ed25519")
	for _, in := range []string{
		call("my-fs-server-read_text_file", map[string]any{"path": key}),
		call("fs-read_text_file", text(map[string]any{"path": key})),
		call("shell-execute_command", map[string]any{"command": "rm -rf ~"}),
	} {
		if a := send(in); str(a, "permissionDecision") != "deny" {
			t.Errorf("%s: not denied: %v", in, a)
		}
	}
	// Ordinary work passes: a project file, a hosted repository's path,
	// Copilot's own tools that touch nothing corral judges.
	for _, in := range []string{
		call("fs-read_text_file", map[string]any{"path": filepath.Join(m.project, "README.md")}),
		call("github-mcp-server-get_file_contents", map[string]any{"owner": "acme", "repo": "widget", "path": ".github/workflows/ci.yml"}),
		call("sql", map[string]any{"query": "select 1; -- rm -rf ~"}),
		call("read_agent", map[string]any{"agent_id": "x"}),
	} {
		if a := send(in); str(a, "permissionDecision") == "deny" || str(a, "permissionDecision") == "ask" {
			t.Errorf("%s: refused: %v", in, a)
		}
	}
}

// copilotWriteBashRecorded is a write_bash call as the real Copilot CLI
// 1.0.102 sent it to its preToolUse hook (cmd/e2e, recorded with
// CORRAL_E2E_RECORD): the hook runs before the CLI finds that the tool
// is no longer one of its own.
const copilotWriteBashRecorded = `{"sessionId":"1457bec3-d10d-40a4-885f-b4b081dba4e1","timestamp":1795982680254,"cwd":"@PROJECT@","toolName":"write_bash","toolArgs":{"delay":2,"input":"echo probe > probe.txt\n","shellId":"s1"}}`

// TestCopilotWriteBash: text Copilot CLI's write_bash types into a
// running shell is judged as the command bash reads, with the keys the
// tool took ({enter}, {backspace}, {left}, {right}) applied; a clone
// typed there is refused with the sandboxed command (typed text cannot be
// rewritten), while the bash tool's clone is still rewritten.
func TestCopilotWriteBash(t *testing.T) {
	m := newMachine(t)
	send := func(in string) map[string]any {
		t.Helper()
		in = strings.NewReplacer("@PROJECT@", m.project, "@HOME@", m.home).Replace(in)
		code, stdout, stderr := m.run(in, "hook", "--agent", "copilot")
		if code != 0 {
			t.Fatalf("hook exited %d: %s", code, stderr)
		}
		if strings.TrimSpace(stdout) == "" {
			return map[string]any{}
		}
		return jsonMap(t, stdout)
	}
	typed := func(input string) string {
		b, _ := json.Marshal(map[string]any{"sessionId": "s", "cwd": m.project, "toolName": "write_bash",
			"toolArgs": map[string]any{"shellId": "1", "input": input, "delay": 5}})
		return string(b)
	}
	if a := send(copilotWriteBashRecorded); str(a, "permissionDecision") == "deny" || str(a, "permissionDecision") == "ask" {
		t.Errorf("recorded ordinary write_bash refused: %v", a)
	}
	for _, input := range []string{
		"rm -rf ~\n",
		"rm -rf ~",
		"rm -rf ~{enter}",
		"rm -rf ~x{backspace}{enter}",
		"rm -rf x~{left}{backspace}{enter}",
		"cd /tmp{enter}rm -rf ~{enter}",
		"printf 'API_TOKEN=x\\n' > .env\n",
	} {
		if a := send(typed(input)); str(a, "permissionDecision") != "deny" {
			t.Errorf("write_bash %q: not denied: %v", input, a)
		}
	}
	clone := "git clone https://github.com/acme/widget.git"
	a := send(typed(clone + "\n"))
	if str(a, "permissionDecision") != "deny" || !strings.Contains(str(a, "permissionDecisionReason"), "Run exactly this instead:\n"+clone+" ") || a["modifiedArgs"] != nil {
		t.Errorf("write_bash clone: %v", a)
	}
	b, _ := json.Marshal(map[string]any{"sessionId": "s", "cwd": m.project, "toolName": "bash", "toolArgs": map[string]any{"command": clone}})
	if a := send(string(b)); a["modifiedArgs"] == nil {
		t.Errorf("bash clone not rewritten: %v", a)
	}
	// Look-alikes pass: the words as data, a prompt's answer, keys that
	// only move the cursor or are kept as text.
	for _, input := range []string{
		"echo 'rm -rf ~'{enter}",
		"y\n",
		"ls -la{left}{right}{enter}",
		"{up}{enter}",
		"grep rm notes.txt\n",
	} {
		if a := send(typed(input)); str(a, "permissionDecision") == "deny" || str(a, "permissionDecision") == "ask" {
			t.Errorf("write_bash %q refused: %v", input, a)
		}
	}
}
