package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// copilot is GitHub Copilot CLI (npm @github/copilot, whose native
// binary comes in @github/copilot-linux-x64), run with `copilot -p
// PROMPT --allow-all-tools --output-format json` against the Chat
// Completions stand-in through its own-provider mode (BYOK:
// COPILOT_PROVIDER_BASE_URL and COPILOT_MODEL), which needs no GitHub
// sign-in. corral is the preToolUse hook `corral init --agent copilot`
// writes into .github/hooks/corral.json.
var copilot = agentCLI{
	name: "copilot",
	bin:  "copilot",
	shell: func(m *machine, command string) step {
		return step{"bash", map[string]any{"command": command, "description": "scripted"}}
	},
	write: func(m *machine, path, content string) step {
		return step{"create", map[string]any{"path": path, "file_text": content}}
	},
	standIn: newChatStandIn,
	configure: func(t *testing.T, m *machine, api string) []string {
		// Copilot loads a repository's hooks (.github/hooks) in prompt
		// mode only from a folder the user trusts.
		m.writeFile(filepath.Join(m.home, ".copilot", "config.json"), `{"trusted_folders": ["`+m.project+`"]}`+"\n", 0o644)
		recordCopilotHook(t, m)
		// COPILOT_OFFLINE: no update check (the bundle reads it).
		return []string{"COPILOT_PROVIDER_BASE_URL=" + api, "COPILOT_PROVIDER_API_KEY=test", "COPILOT_MODEL=gpt-4.1", "COPILOT_OFFLINE=true"}
	},
	args: func(m *machine, prompt string) []string {
		return []string{"-p", prompt, "--allow-all-tools", "--output-format", "json", "--no-auto-update", "--disable-builtin-mcps", "--no-ask-user"}
	},
	finished: func(stdout []byte) bool {
		return bytes.Contains(stdout, []byte(finalText))
	},
}

// recordCopilotHook, when CORRAL_E2E_RECORD is a directory, changes the
// preToolUse command `corral init` wrote so that it first appends its
// input to DIR/copilot-hook.jsonl (and its answer to …jsonl.out).
func recordCopilotHook(t *testing.T, m *machine) {
	dir := os.Getenv("CORRAL_E2E_RECORD")
	if dir == "" {
		return
	}
	path := filepath.Join(m.project, ".github", "hooks", "corral.json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "copilot-hook.jsonl")
	for _, e := range doc["hooks"].(map[string]any)["preToolUse"].([]any) {
		e := e.(map[string]any)
		cmd := e["bash"].(string)
		e["bash"] = "in=$(cat); printf '%s\\n' \"$in\" >> " + shellQuote(log) + "; printf '%s' \"$in\" | " + cmd + " | tee -a " + shellQuote(log+".out")
	}
	b, _ = json.MarshalIndent(doc, "", "  ")
	m.writeFile(path, string(b)+"\n", 0o644)
}

// TestCopilotMCP runs the MCP scenarios under the real Copilot CLI,
// whose preToolUse hook gets a server's tool as fs-write_file with the
// server's arguments in toolArgs (an object), and tells the model
// "Denied by preToolUse hook: REASON".
func TestCopilotMCP(t *testing.T) {
	t.Parallel()
	runMCPScenarios(t, mcpAgent{
		agentCLI: copilot,
		addServer: func(t *testing.T, m *machine, server string) {
			b, _ := json.MarshalIndent(map[string]any{"mcpServers": map[string]any{"fs": map[string]any{
				"type": "local", "command": server, "args": []string{}, "env": map[string]string{mcpServerEnv: "1"}, "tools": []string{"*"}}}}, "", "  ")
			m.writeFile(filepath.Join(m.home, ".copilot", "mcp-config.json"), string(b)+"\n", 0o644)
		},
		toolName: func(tool string) string { return "fs-" + tool },
	})
}
