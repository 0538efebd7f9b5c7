package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mcpAgent is an agent CLI with the stdio MCP server of TestClaudeCodeMCP
// (this test binary) registered in its own configuration as "fs":
// addServer writes that configuration, toolName gives the name the
// model calls a tool of the server by (the stand-ins turn mcp__fs__X into
// the Responses API's namespace mcp__fs and name X).
type mcpAgent struct {
	agentCLI
	addServer func(t *testing.T, m *machine, server string)
	toolName  func(tool string) string
	// call, when set, is the model's call of a server's tool with input
	// (an agent that offers the tools through a tool of its own).
	call func(name string, input map[string]any) step
}

// step is the model's call of the server's tool with input.
func (a mcpAgent) step(tool string, input map[string]any) step {
	if a.call != nil {
		return a.call(a.toolName(tool), input)
	}
	return step{a.toolName(tool), input}
}

// TestOpenCodeMCP runs the real OpenCode CLI with corral's plugin and a
// real stdio MCP server. OpenCode calls the plugin's tool.execute.before
// for the server's tools too, naming them SERVER_TOOL (fs_write_file):
// a write to a git hook and a read of a private key through them are
// refused before the server runs them, and an ordinary write goes
// through.
func TestOpenCodeMCP(t *testing.T) {
	t.Parallel()
	runMCPScenarios(t, mcpAgent{
		agentCLI: opencode,
		addServer: func(t *testing.T, m *machine, server string) {
			setJSON(t, m, filepath.Join(m.home, ".config", "opencode", "opencode.json"), "mcp", map[string]any{"fs": map[string]any{
				"type": "local", "command": []string{server}, "environment": map[string]string{mcpServerEnv: "1"}, "enabled": true}})
		},
		toolName: func(tool string) string { return "fs_" + tool },
	})
}

// TestCodexMCP runs the same scenarios under the real Codex CLI, whose
// PreToolUse hook gets a server's tool as mcp__fs__write_file (the model
// calls it as write_file in the namespace mcp__fs).
func TestCodexMCP(t *testing.T) {
	t.Parallel()
	runMCPScenarios(t, mcpAgent{
		agentCLI: codex,
		addServer: func(t *testing.T, m *machine, server string) {
			path := filepath.Join(m.home, ".codex", "config.toml")
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			b = append(b, fmt.Sprintf("\n[mcp_servers.fs]\ncommand = %q\nenv = { %s = \"1\" }\n", server, mcpServerEnv)...)
			m.writeFile(path, string(b), 0o644)
		},
		toolName: func(tool string) string { return "mcp__fs__" + tool },
	})
}

// TestGeminiMCP runs the same scenarios under the real Gemini CLI, which
// calls its BeforeTool hook with mcp_fs_write_file and mcp_context.
func TestGeminiMCP(t *testing.T) {
	t.Parallel()
	runMCPScenarios(t, mcpAgent{
		agentCLI: gemini,
		addServer: func(t *testing.T, m *machine, server string) {
			setJSON(t, m, filepath.Join(m.home, ".gemini", "settings.json"), "mcpServers", map[string]any{"fs": map[string]any{
				"command": server, "env": map[string]string{mcpServerEnv: "1"}, "trust": true}})
		},
		toolName: func(tool string) string { return "mcp_fs_" + tool },
	})
}

// TestQwenMCP runs the same scenarios under the real Qwen Code CLI,
// whose PreToolUse hook gets mcp__fs__write_file.
func TestQwenMCP(t *testing.T) {
	t.Parallel()
	runMCPScenarios(t, mcpAgent{
		agentCLI: qwen,
		addServer: func(t *testing.T, m *machine, server string) {
			setJSON(t, m, filepath.Join(m.home, ".qwen", "settings.json"), "mcpServers", map[string]any{"fs": map[string]any{
				"command": server, "env": map[string]string{mcpServerEnv: "1"}, "trust": true}})
		},
		toolName: func(tool string) string { return "mcp__fs__" + tool },
		call: func(name string, input map[string]any) step {
			return step{"tool_call", map[string]any{"name": name, "arguments": input}}
		},
	})
}

// setJSON sets key in the JSON object in the file at path.
func setJSON(t *testing.T, m *machine, path, key string, value any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var config map[string]any
	if err := json.Unmarshal(b, &config); err != nil {
		t.Fatal(err)
	}
	config[key] = value
	b, _ = json.MarshalIndent(config, "", "  ")
	m.writeFile(path, string(b)+"\n", 0o644)
}

// runMCPScenarios runs a's CLI with corral registered and the MCP server
// configured: a write to a git hook and a read of a private key through
// the server's tools are refused, and the model is told corral's reason;
// an ordinary write goes through.
func runMCPScenarios(t *testing.T, a mcpAgent) {
	a.agentCLI = findAgent(t, a.agentCLI)
	corral := buildCorral(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	configure := a.configure
	a.configure = func(t *testing.T, m *machine, api string) []string {
		env := configure(t, m, api)
		a.addServer(t, m, self)
		return env
	}
	for _, sc := range []struct {
		name  string
		setup func(m *machine)
		steps func(m *machine) []step
		check func(t *testing.T, m *machine, s *script)
	}{{
		name: "a write to a git hook through an MCP server is refused",
		steps: func(m *machine) []step {
			return []step{a.step("write_file", map[string]any{"path": filepath.Join(m.project, ".git", "hooks", "pre-commit"), "content": "#!/bin/sh\necho pwned\n"})}
		},
		check: func(t *testing.T, m *machine, s *script) {
			m.wantNoFile(filepath.Join(m.project, ".git", "hooks", "pre-commit"))
			wantToldWhyMCP(m, corral, s, a.toolName("write_file"), map[string]any{"path": filepath.Join(m.project, ".git", "hooks", "pre-commit"), "content": "#!/bin/sh\necho pwned\n"})
		},
	}, {
		name: "a read of a private key through an MCP server is refused",
		setup: func(m *machine) {
			m.writeFile(filepath.Join(m.home, ".ssh", "id_ed25519"), "PRIVATE-KEY-CANARY\n", 0o600)
		},
		steps: func(m *machine) []step {
			return []step{a.step("read_text_file", map[string]any{"path": filepath.Join(m.home, ".ssh", "id_ed25519")})}
		},
		check: func(t *testing.T, m *machine, s *script) {
			wantToldWhyMCP(m, corral, s, a.toolName("read_text_file"), map[string]any{"path": filepath.Join(m.home, ".ssh", "id_ed25519")})
			for _, r := range s.toolResults() {
				if strings.Contains(r.Content, "PRIVATE-KEY-CANARY") {
					t.Errorf("the key reached the model: %+v", r)
				}
			}
		},
	}, {
		name: "an ordinary write through an MCP server goes through",
		steps: func(m *machine) []step {
			return []step{a.step("write_file", map[string]any{"path": filepath.Join(m.project, "notes.txt"), "content": "hello\n"})}
		},
		check: func(t *testing.T, m *machine, s *script) {
			m.wantFile(filepath.Join(m.project, "notes.txt"), "hello\n")
			if r := s.toolResults(); len(r) != 1 || !strings.Contains(r[0].Content, "wrote ") {
				t.Errorf("tool results: %+v", r)
			}
		},
	}} {
		t.Run(sc.name, func(t *testing.T) {
			m := newMachine(t, "")
			if err := os.MkdirAll(filepath.Join(m.root, "bin"), 0o755); err != nil {
				t.Fatal(err)
			}
			registerCorral(t, m, a.name, corral)
			if sc.setup != nil {
				sc.setup(m)
			}
			s := newScript(t, sc.steps(m)...)
			m.runAgent(a.agentCLI, s)
			sc.check(t, m, s)
			if t.Failed() {
				t.Logf("files: %s\nresults: %+v\nthe model was told after the tool ran:\n%s", m.tree(), s.toolResults(), s.toldAfterTool())
			}
		})
	}
}

// wantToldWhyMCP checks that the first call, to tool name (as the agent
// names a tool of server fs), was refused and that the model was told
// corral's reason: the reason corral gives the same call under Claude
// Code's name for it, with the tool named as the agent names it.
func wantToldWhyMCP(m *machine, corral string, s *script, name string, input map[string]any) {
	m.t.Helper()
	claudeName := name
	for _, prefix := range []string{"mcp__fs__", "fs_", "fs-"} {
		claudeName = strings.TrimPrefix(claudeName, prefix)
	}
	claudeName = "mcp__fs__" + claudeName
	decision, reason := m.corralSays(corral, claudeName, input)
	if decision != "deny" && decision != "ask" {
		m.t.Errorf("corral does not refuse %s %v: %s %q", claudeName, input, decision, reason)
		return
	}
	r := s.toolResults()
	if len(r) < 1 {
		m.t.Errorf("no tool result: %+v", r)
		return
	}
	for _, line := range strings.Split(strings.ReplaceAll(reason, claudeName, name), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.Contains(line, "--session") {
			continue
		}
		if !strings.Contains(r[0].Content, line) {
			m.t.Errorf("the model was not told corral's reason %q; it was told %q", line, r[0].Content)
		}
	}
}
