package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
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

// TestCopilot runs the four scenarios under the real Copilot CLI with
// corral as the project's preToolUse hook, and the write_bash scenarios.
func TestCopilot(t *testing.T) {
	t.Parallel()
	runAgentScenarios(t, copilot)
	t.Run("write_bash", func(t *testing.T) { copilotWriteBash(t) })
}

// copilotWriteBash: Copilot CLI 1.0.102 no longer offers write_bash
// (text typed into a running shell session; "interactive input via
// write_bash is no longer supported", its changelog for 1.0.62), but a
// model that calls it still reaches the preToolUse hook first, and the
// CLI answers "Tool 'write_bash' does not exist" only after. corral
// judges the typed text as a command: a deletion outside the project and
// a clone are refused with corral's reason (the clone's names the
// sandboxed command: typed text is not rewritten), an ordinary line is
// not refused.
func copilotWriteBash(t *testing.T) {
	a := findAgent(t, copilot)
	corral := buildCorral(t)
	m := newMachine(t, "")
	if err := os.MkdirAll(filepath.Join(m.root, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	registerCorral(t, m, "copilot", corral)
	policy := filepath.Join(m.root, "policy.json")
	m.writeFile(policy, `{"corral": 1, "paths": {"safe_dirs": []}}`, 0o644)
	m.env = append(m.env, "CORRAL_POLICY="+policy)
	typed := func(input string) step {
		return step{"write_bash", map[string]any{"shellId": "0", "input": input, "delay": 1}}
	}
	clone := "git clone https://github.com/acme/widget.git"
	s := newScript(t,
		// The first call must be a tool the CLI offers (the stand-in
		// finds the main conversation by it).
		copilot.shell(m, "true"),
		typed("rm -r "+m.outside+"{enter}"),
		typed(clone+"\n"),
		typed("echo hello > out.txt\n"),
	)
	m.runAgent(a, s)
	if _, err := os.Stat(filepath.Join(m.outside, "keep")); err != nil {
		t.Errorf("rm -r ran outside the project: %v", err)
	}
	m.wantToldWhy(corral, s, 1, "Bash", map[string]any{"command": "rm -r " + m.outside})
	r := s.toolResults()
	if len(r) != 4 {
		t.Fatalf("want four tool results: %+v", r)
	}
	for i := 1; i <= 2; i++ {
		if !strings.Contains(r[i].Content, "Denied by preToolUse hook") {
			t.Errorf("result %d was not refused by the hook: %q", i, r[i].Content)
		}
	}
	if !strings.Contains(r[2].Content, "Run exactly this instead:\n"+sandboxedClone(m)) {
		t.Errorf("the refused clone did not name %q: %q", sandboxedClone(m), r[2].Content)
	}
	if strings.Contains(r[3].Content, "Denied") || !strings.Contains(r[3].Content, "write_bash") {
		t.Errorf("the ordinary line was refused, or the CLI now has write_bash (then check that it ran): %q", r[3].Content)
	}
	if t.Failed() {
		audit, _ := os.ReadFile(filepath.Join(m.root, "state", "audit.jsonl"))
		t.Logf("corral's audit log:\n%s", audit)
	}
}
