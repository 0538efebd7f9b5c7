package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCursorMCP: corral init registers Cursor's beforeMCPExecution (its
// one hook for MCP servers' tools, from cursor.com/docs/agent/hooks as
// quoted by other hook tools; Cursor is not run here), the hook judges
// such a call by the tool's name and the shape of tool_input (a JSON
// text or an object), and doctor says when an older installation lacks
// the event.
func TestCursorMCP(t *testing.T) {
	m := newMachine(t)
	bin := fakeCorral(t, m)
	if code, _, stderr := m.run("", "init", "--agent", "cursor", "--scope", "project", "--binary", bin, "--project", m.project); code != 0 {
		t.Fatalf("init: %d %s", code, stderr)
	}
	path := filepath.Join(m.project, ".cursor", "hooks.json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Version int                         `json:"version"`
		Hooks   map[string][]map[string]any `json:"hooks"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if e := doc.Hooks["beforeMCPExecution"]; doc.Version != 1 || len(e) != 1 || !strings.HasSuffix(e[0]["command"].(string), " hook --agent cursor") || e[0]["matcher"] != nil {
		t.Fatalf("hooks.json does not register beforeMCPExecution as Cursor reads it:\n%s", b)
	}
	send := func(tool string, input any) map[string]any {
		t.Helper()
		b, _ := json.Marshal(map[string]any{"hook_event_name": "beforeMCPExecution", "conversation_id": "c1", "generation_id": "g1",
			"workspace_roots": []string{m.project}, "tool_name": tool, "tool_input": input, "command": "npx -y some-server"})
		code, stdout, stderr := m.run(string(b), "hook")
		if code != 0 {
			t.Fatalf("hook exited %d: %s", code, stderr)
		}
		if strings.TrimSpace(stdout) == "" {
			return map[string]any{}
		}
		return jsonMap(t, stdout)
	}
	text := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	hook := filepath.Join(m.project, ".git", "hooks", "pre-commit")
	key := filepath.Join(m.home, ".ssh", "id_ed25519")
	for _, c := range []struct {
		tool  string
		input any
	}{
		{"write_file", text(map[string]any{"path": hook, "content": "x"})},
		{"write_file", map[string]any{"path": hook, "content": "x"}},
		{"execute_command", map[string]any{"command": "rm -rf ~"}},
		{"read_text_file", text(map[string]any{"path": key})},
	} {
		if a := send(c.tool, c.input); str(a, "permission") != "deny" || str(a, "agent_message") == "" {
			t.Errorf("%s %v: %v", c.tool, c.input, a)
		}
	}
	for _, c := range []struct {
		tool  string
		input any
	}{
		{"write_file", text(map[string]any{"path": filepath.Join(m.project, "notes.txt"), "content": "hello"})},
		{"search_issues", map[string]any{"query": "rm -rf ~ in the docs"}},
		{"list_tools", ""},
	} {
		if a := send(c.tool, c.input); str(a, "permission") == "deny" || str(a, "permission") == "ask" {
			t.Errorf("%s %v refused: %v", c.tool, c.input, a)
		}
	}
	// An installation without the event: doctor says MCP tools are not
	// checked; with it, it does not.
	if _, out, _ := m.run("", "doctor", "--cwd", m.project); strings.Contains(out, "MCP servers' tools are NOT checked") {
		t.Errorf("doctor warns with beforeMCPExecution registered:\n%s", out)
	}
	delete(doc.Hooks, "beforeMCPExecution")
	b, _ = json.Marshal(doc)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, out, _ := m.run("", "doctor", "--cwd", m.project); !strings.Contains(out, "Cursor: MCP servers' tools are NOT checked") {
		t.Errorf("doctor does not say that MCP tools are unchecked:\n%s", out)
	}
}
