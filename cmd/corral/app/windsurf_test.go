package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWindsurfMCP: corral init registers Windsurf's pre_mcp_tool_use
// (tool_info {mcp_server_name, mcp_tool_name, mcp_tool_arguments}, from
// other hook tools' references to its documentation; Windsurf is not run
// here); the hook refuses such a call by exit status 2 with the reason on
// stderr when the tool's name and arguments are a refused write or
// command, and doctor says when an older installation lacks the event.
func TestWindsurfMCP(t *testing.T) {
	m := newMachine(t)
	bin := fakeCorral(t, m)
	if code, _, stderr := m.run("", "init", "--agent", "windsurf", "--scope", "project", "--binary", bin, "--project", m.project); code != 0 {
		t.Fatalf("init: %d %s", code, stderr)
	}
	path := filepath.Join(m.project, ".windsurf", "hooks.json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Hooks map[string][]map[string]any `json:"hooks"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if e := doc.Hooks["pre_mcp_tool_use"]; len(e) != 1 || !strings.HasSuffix(e[0]["command"].(string), " hook --agent windsurf") {
		t.Fatalf("hooks.json does not register pre_mcp_tool_use:\n%s", b)
	}
	send := func(server, tool string, args any) (int, string) {
		t.Helper()
		b, _ := json.Marshal(map[string]any{"agent_action_name": "pre_mcp_tool_use", "trajectory_id": "t1", "execution_id": "e1", "timestamp": "2026-11-29T00:00:00Z",
			"tool_info": map[string]any{"mcp_server_name": server, "mcp_tool_name": tool, "mcp_tool_arguments": args}})
		code, _, stderr := m.run(string(b), "hook")
		return code, stderr
	}
	text := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	hook := filepath.Join(m.project, ".git", "hooks", "pre-commit")
	for _, c := range []struct {
		server, tool string
		args         any
	}{
		{"fs", "write_file", map[string]any{"path": hook, "content": "x"}},
		{"fs", "write_file", text(map[string]any{"path": hook, "content": "x"})},
		{"shell", "execute_command", map[string]any{"command": "rm -rf ~"}},
		{"fs", "read_text_file", map[string]any{"path": filepath.Join(m.home, ".ssh", "id_ed25519")}},
	} {
		if code, stderr := send(c.server, c.tool, c.args); code != 2 || strings.TrimSpace(stderr) == "" {
			t.Errorf("%s %s %v: exit %d, stderr %q", c.server, c.tool, c.args, code, stderr)
		}
	}
	for _, c := range []struct {
		server, tool string
		args         any
	}{
		{"fs", "write_file", map[string]any{"path": filepath.Join(m.project, "notes.txt"), "content": "hello"}},
		{"github", "search_issues", map[string]any{"query": "rm -rf ~ in the docs"}},
		{"time", "now", ""},
	} {
		if code, stderr := send(c.server, c.tool, c.args); code != 0 {
			t.Errorf("%s %s %v refused: exit %d, %q", c.server, c.tool, c.args, code, stderr)
		}
	}
	if _, out, _ := m.run("", "doctor", "--cwd", m.project); strings.Contains(out, "MCP servers' tools are NOT checked") {
		t.Errorf("doctor warns with pre_mcp_tool_use registered:\n%s", out)
	}
	delete(doc.Hooks, "pre_mcp_tool_use")
	b, _ = json.Marshal(doc)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, out, _ := m.run("", "doctor", "--cwd", m.project); !strings.Contains(out, "Windsurf: MCP servers' tools are NOT checked") {
		t.Errorf("doctor does not say that MCP tools are unchecked:\n%s", out)
	}
}
