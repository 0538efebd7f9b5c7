package e2e

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mcpServerEnv, when set, makes the test binary act as a small stdio MCP
// server (mcpServer) with a filesystem server's write_file and
// read_text_file tools, so that the real CLI starts a real server and
// calls its tools, offline.
const mcpServerEnv = "CORRAL_E2E_MCP_SERVER"

// mcpServer answers MCP's JSON-RPC messages, one per line, on stdin:
// initialize, tools/list and tools/call of write_file {path, content} and
// read_text_file {path}, which do what they say on disk.
func mcpServer(stdin io.Reader, stdout io.Writer) int {
	type message struct {
		ID     json.RawMessage `json:"id,omitempty"`
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	out := json.NewEncoder(stdout)
	reply := func(id json.RawMessage, result any) {
		_ = out.Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
	}
	text := func(s string, isError bool) map[string]any {
		return map[string]any{"content": []any{map[string]any{"type": "text", "text": s}}, "isError": isError}
	}
	pathSchema := map[string]any{"type": "string"}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var msg message
		if json.Unmarshal(sc.Bytes(), &msg) != nil || len(msg.ID) == 0 {
			continue // a notification (notifications/initialized) or noise
		}
		switch msg.Method {
		case "initialize":
			var p struct {
				ProtocolVersion string `json:"protocolVersion"`
			}
			_ = json.Unmarshal(msg.Params, &p)
			reply(msg.ID, map[string]any{"protocolVersion": p.ProtocolVersion, "capabilities": map[string]any{"tools": map[string]any{}},
				"serverInfo": map[string]any{"name": "fs", "version": "0.0.1"}})
		case "tools/list":
			reply(msg.ID, map[string]any{"tools": []any{
				map[string]any{"name": "write_file", "description": "Write a file.", "inputSchema": map[string]any{"type": "object",
					"properties": map[string]any{"path": pathSchema, "content": map[string]any{"type": "string"}}, "required": []string{"path", "content"}}},
				map[string]any{"name": "read_text_file", "description": "Read a text file.", "inputSchema": map[string]any{"type": "object",
					"properties": map[string]any{"path": pathSchema}, "required": []string{"path"}}},
			}})
		case "tools/call":
			var p struct {
				Name      string            `json:"name"`
				Arguments map[string]string `json:"arguments"`
			}
			_ = json.Unmarshal(msg.Params, &p)
			switch p.Name {
			case "write_file":
				if err := os.WriteFile(p.Arguments["path"], []byte(p.Arguments["content"]), 0o644); err != nil {
					reply(msg.ID, text(err.Error(), true))
					continue
				}
				reply(msg.ID, text("wrote "+p.Arguments["path"], false))
			case "read_text_file":
				b, err := os.ReadFile(p.Arguments["path"])
				if err != nil {
					reply(msg.ID, text(err.Error(), true))
					continue
				}
				reply(msg.ID, text(string(b), false))
			default:
				reply(msg.ID, text("no tool "+p.Name, true))
			}
		case "ping":
			reply(msg.ID, map[string]any{})
		default:
			_ = out.Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "error": map[string]any{"code": -32601, "message": "method not found"}})
		}
	}
	return 0
}

// TestClaudeCodeMCP runs the real Claude Code CLI with corral registered
// by corral init and a real stdio MCP server (this test binary): the
// server's tools reach the hook (the mcp__.* matcher), a write to a git
// hook and a read of a private key through them are refused before the
// server runs them, and an ordinary write goes through.
func TestClaudeCodeMCP(t *testing.T) {
	claude := claudeBin(t)
	corral := buildCorral(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range []struct {
		name  string
		setup func(m *machine)
		steps func(m *machine) []step
		check func(t *testing.T, m *machine, api *standIn)
	}{{
		name: "a write to a git hook through an MCP server is refused",
		steps: func(m *machine) []step {
			return []step{{"mcp__fs__write_file", map[string]any{"path": filepath.Join(m.project, ".git", "hooks", "pre-commit"), "content": "#!/bin/sh\necho pwned\n"}}}
		},
		check: func(t *testing.T, m *machine, api *standIn) {
			m.wantNoFile(filepath.Join(m.project, ".git", "hooks", "pre-commit"))
			m.wantRefused(corral, api, 0)
		},
	}, {
		name: "a read of a private key through an MCP server is refused",
		setup: func(m *machine) {
			dir := filepath.Join(m.home, ".ssh")
			if err := os.MkdirAll(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "id_ed25519"), []byte("PRIVATE-KEY-CANARY\n"), 0o600); err != nil {
				t.Fatal(err)
			}
		},
		steps: func(m *machine) []step {
			return []step{{"mcp__fs__read_text_file", map[string]any{"path": filepath.Join(m.home, ".ssh", "id_ed25519")}}}
		},
		check: func(t *testing.T, m *machine, api *standIn) {
			out := m.askCorral(corral, api, m.steps[0]).HookSpecificOutput
			if out.PermissionDecision != "deny" {
				t.Errorf("corral does not deny the read: %+v", out)
			}
			if r := api.toolResults(); len(r) != 1 || !r[0].IsError || out.PermissionDecisionReason == "" || !strings.Contains(r[0].Content, out.PermissionDecisionReason) {
				t.Errorf("the model was not told corral's reason %q: %+v", out.PermissionDecisionReason, r)
			}
			for _, r := range api.toolResults() {
				if strings.Contains(r.Content, "PRIVATE-KEY-CANARY") {
					t.Errorf("the key reached the model: %+v", r)
				}
			}
		},
	}, {
		name: "an ordinary write through an MCP server goes through",
		steps: func(m *machine) []step {
			return []step{{"mcp__fs__write_file", map[string]any{"path": filepath.Join(m.project, "notes.txt"), "content": "hello\n"}}}
		},
		check: func(t *testing.T, m *machine, api *standIn) {
			m.wantFile(filepath.Join(m.project, "notes.txt"), "hello\n")
			if r := api.toolResults(); len(r) != 1 || r[0].IsError {
				t.Errorf("tool results: %+v", r)
			}
		},
	}} {
		t.Run(sc.name, func(t *testing.T) {
			m := newMachine(t, claude)
			registerCorral(t, m, "claude", corral)
			cfg := filepath.Join(m.root, "mcp.json")
			servers := map[string]any{"mcpServers": map[string]any{"fs": map[string]any{
				"type": "stdio", "command": self, "args": []string{}, "env": map[string]string{mcpServerEnv: "1"}}}}
			b, _ := json.Marshal(servers)
			if err := os.WriteFile(cfg, b, 0o644); err != nil {
				t.Fatal(err)
			}
			m.args = []string{"--mcp-config", cfg, "--strict-mcp-config"}
			// Offer the server's tools directly, not behind ToolSearch,
			// so that the scripted model can call them.
			m.env = append(m.env, "ENABLE_TOOL_SEARCH=false")
			if sc.setup != nil {
				sc.setup(m)
			}
			m.steps = sc.steps(m)
			api := newStandIn(t, m.steps...)
			m.run(api)
			sc.check(t, m, api)
			if t.Failed() {
				t.Logf("files: %s\nthe model was told after the tool ran:\n%s", m.tree(), api.toldAfterTool())
			}
		})
	}
}
