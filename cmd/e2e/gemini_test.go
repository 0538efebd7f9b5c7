package e2e

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"
)

// gemini is Google's Gemini CLI (npm @google/gemini-cli), run with
// `gemini -p … --yolo` against the Gemini API stand-in. Without --yolo
// the shell tool is not offered in a headless run.
var gemini = agentCLI{
	name: "gemini",
	bin:  "gemini",
	shell: func(m *machine, command string) step {
		return step{"run_shell_command", map[string]any{"command": command, "description": "scripted"}}
	},
	write: func(m *machine, path, content string) step {
		rel, _ := filepath.Rel(m.project, path)
		return step{"write_file", map[string]any{"file_path": rel, "content": content}}
	},
	// Gemini CLI refuses a path with a .env segment itself (before any
	// hook runs); .env.local is protected by corral and not by it.
	envFile: ".env.local",
	standIn: newGeminiStandIn,
	configure: func(t *testing.T, m *machine, api string) []string {
		m.writeFile(filepath.Join(m.home, ".gemini", "settings.json"),
			`{"security": {"auth": {"selectedType": "gemini-api-key"}}}`+"\n", 0o644)
		return []string{"GEMINI_API_KEY=test", "GOOGLE_GEMINI_BASE_URL=" + api,
			"GEMINI_CLI_TRUST_WORKSPACE=true", "GEMINI_TELEMETRY_ENABLED=false"}
	},
	args: func(m *machine, prompt string) []string {
		return []string{"-p", prompt, "--yolo", "-o", "json"}
	},
	finished: func(stdout []byte) bool {
		var out struct {
			Response string `json:"response"`
		}
		i := bytes.IndexByte(stdout, '{')
		return i >= 0 && json.Unmarshal(stdout[i:], &out) == nil && out.Response == finalText
	},
}

// TestGemini runs the four scenarios under the real Gemini CLI with corral
// as the project's hook.
func TestGemini(t *testing.T) {
	t.Parallel()
	runAgentScenarios(t, gemini)
}
