package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenCodeMCP runs the real OpenCode CLI with corral's plugin and a
// real stdio MCP server (this test binary, as in TestClaudeCodeMCP)
// registered in OpenCode's configuration as "fs". OpenCode calls the
// plugin's tool.execute.before for the server's tools too, naming them
// fs_write_file and fs_read_text_file: a write to a git hook and a read of
// a private key through them are refused before the server runs them,
// and an ordinary write goes through.
func TestOpenCodeMCP(t *testing.T) {
	t.Parallel()
	a := findAgent(t, opencode)
	corral := buildCorral(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	configure := a.configure
	a.configure = func(t *testing.T, m *machine, api string) []string {
		env := configure(t, m, api)
		path := filepath.Join(m.home, ".config", "opencode", "opencode.json")
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var config map[string]any
		if err := json.Unmarshal(b, &config); err != nil {
			t.Fatal(err)
		}
		config["mcp"] = map[string]any{"fs": map[string]any{"type": "local", "command": []string{self},
			"environment": map[string]string{mcpServerEnv: "1"}, "enabled": true}}
		b, _ = json.MarshalIndent(config, "", "  ")
		m.writeFile(path, string(b)+"\n", 0o644)
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
			return []step{{"fs_write_file", map[string]any{"path": filepath.Join(m.project, ".git", "hooks", "pre-commit"), "content": "#!/bin/sh\necho pwned\n"}}}
		},
		check: func(t *testing.T, m *machine, s *script) {
			m.wantNoFile(filepath.Join(m.project, ".git", "hooks", "pre-commit"))
			wantToldWhyMCP(m, corral, s, "fs_write_file")
		},
	}, {
		name: "a read of a private key through an MCP server is refused",
		setup: func(m *machine) {
			m.writeFile(filepath.Join(m.home, ".ssh", "id_ed25519"), "PRIVATE-KEY-CANARY\n", 0o600)
		},
		steps: func(m *machine) []step {
			return []step{{"fs_read_text_file", map[string]any{"path": filepath.Join(m.home, ".ssh", "id_ed25519")}}}
		},
		check: func(t *testing.T, m *machine, s *script) {
			wantToldWhyMCP(m, corral, s, "fs_read_text_file")
			for _, r := range s.toolResults() {
				if strings.Contains(r.Content, "PRIVATE-KEY-CANARY") {
					t.Errorf("the key reached the model: %+v", r)
				}
			}
		},
	}, {
		name: "an ordinary write through an MCP server goes through",
		steps: func(m *machine) []step {
			return []step{{"fs_write_file", map[string]any{"path": filepath.Join(m.project, "notes.txt"), "content": "hello\n"}}}
		},
		check: func(t *testing.T, m *machine, s *script) {
			m.wantFile(filepath.Join(m.project, "notes.txt"), "hello\n")
			if r := s.toolResults(); len(r) != 1 || !strings.HasPrefix(r[0].Content, "wrote ") {
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
			m.runAgent(a, s)
			sc.check(t, m, s)
			if t.Failed() {
				t.Logf("files: %s\nresults: %+v\nthe model was told after the tool ran:\n%s", m.tree(), s.toolResults(), s.toldAfterTool())
			}
		})
	}
}

// wantToldWhyMCP checks that the first call, to the OpenCode tool name of
// server fs, was refused and that the model was told corral's reason: the
// reason corral gives the same call under Claude Code's name for it, with
// the tool named as OpenCode names it.
func wantToldWhyMCP(m *machine, corral string, s *script, name string) {
	m.t.Helper()
	claudeName := "mcp__fs__" + strings.TrimPrefix(name, "fs_")
	decision, reason := m.corralSays(corral, claudeName, s.steps[0].Input)
	if decision != "deny" && decision != "ask" {
		m.t.Errorf("corral does not refuse %s %v: %s %q", claudeName, s.steps[0].Input, decision, reason)
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
