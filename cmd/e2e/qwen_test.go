package e2e

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"
)

// qwen is Qwen Code (npm @qwen-code/qwen-code), run with `qwen -p … --yolo`
// against the Chat Completions stand-in. Its auth type "openai" takes the
// endpoint, key and model from OPENAI_BASE_URL, OPENAI_API_KEY and
// OPENAI_MODEL. It does not apply a hook's rewritten command, so a clone
// is refused with the sandboxed command, which the scripted model runs.
var qwen = agentCLI{
	name: "qwen",
	bin:  "qwen",
	shell: func(m *machine, command string) step {
		return step{"run_shell_command", map[string]any{"command": command, "description": "scripted", "is_background": false}}
	},
	write: func(m *machine, path, content string) step {
		return step{"write_file", map[string]any{"file_path": path, "content": content}}
	},
	// Qwen Code 0.24.4 ignores updatedInput in a PreToolUse answer.
	noRewrite: true,
	standIn:   newChatStandIn,
	configure: func(t *testing.T, m *machine, api string) []string {
		m.writeFile(filepath.Join(m.home, ".qwen", "settings.json"),
			`{"security": {"auth": {"selectedType": "openai"}}, "privacy": {"usageStatisticsEnabled": false}, "telemetry": {"enabled": false}}`+"\n", 0o644)
		return []string{"OPENAI_API_KEY=test", "OPENAI_BASE_URL=" + api, "OPENAI_MODEL=qwen3-coder-plus"}
	},
	args: func(m *machine, prompt string) []string {
		return []string{"-p", prompt, "--yolo", "-o", "json"}
	},
	finished: func(stdout []byte) bool {
		return bytes.Contains(stdout, []byte(finalText)) && json.Valid(bytes.TrimSpace(stdout))
	},
}

// TestQwen runs the four scenarios under the real Qwen Code CLI with corral
// as the project's hook.
func TestQwen(t *testing.T) {
	t.Parallel()
	runAgentScenarios(t, qwen)
}
