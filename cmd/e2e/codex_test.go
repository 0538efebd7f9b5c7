package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// codex is OpenAI's Codex CLI (npm @openai/codex, whose native binary
// comes in @openai/codex-linux-x64), run with `codex exec` against the
// Responses API stand-in.
var codex = agentCLI{
	name: "codex",
	bin:  "codex",
	shell: func(m *machine, command string) step {
		// login: false keeps PATH (a login shell resets it).
		return step{"exec_command", map[string]any{"cmd": command, "login": false}}
	},
	write: func(m *machine, path, content string) step {
		rel, _ := filepath.Rel(m.project, path)
		patch := "*** Begin Patch\n*** Add File: " + rel + "\n"
		for _, line := range strings.SplitAfter(strings.TrimSuffix(content, "\n"), "\n") {
			patch += "+" + line
		}
		patch += "\n*** End Patch\n"
		return step{"exec_command", map[string]any{"cmd": "apply_patch <<'EOF'\n" + patch + "EOF\n", "login": false}}
	},
	standIn: newResponsesStandIn,
	configure: func(t *testing.T, m *machine, api string) []string {
		codexHome := filepath.Join(m.home, ".codex")
		config := fmt.Sprintf(`model = "gpt-5.1-codex"
model_provider = "standin"
approval_policy = "never"
sandbox_mode = "danger-full-access"

[model_providers.standin]
name = "stand-in"
base_url = %q
wire_api = "responses"
env_key = "STANDIN_API_KEY"
request_max_retries = 0
stream_max_retries = 0

[features]
plugins = false

[projects.%q]
trust_level = "trusted"
`, api, m.project)
		m.writeFile(filepath.Join(codexHome, "config.toml"), config, 0o644)
		return []string{"CODEX_HOME=" + codexHome, "STANDIN_API_KEY=test"}
	},
	args: func(m *machine, prompt string) []string {
		return []string{"exec", "--json", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox",
			"--dangerously-bypass-hook-trust", "-C", m.project, prompt}
	},
	finished: func(stdout []byte) bool {
		sc := bufio.NewScanner(bytes.NewReader(stdout))
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			var ev struct {
				Type string `json:"type"`
				Item struct {
					Type string `json:"type"`
					Text string `json:"text"`
				} `json:"item"`
			}
			if json.Unmarshal(sc.Bytes(), &ev) == nil && ev.Type == "item.completed" && ev.Item.Type == "agent_message" && ev.Item.Text == finalText {
				return true
			}
		}
		return false
	},
}

// TestCodex runs the four scenarios under the real Codex CLI with corral
// as the project's hook.
func TestCodex(t *testing.T) {
	t.Parallel()
	runAgentScenarios(t, codex)
}
