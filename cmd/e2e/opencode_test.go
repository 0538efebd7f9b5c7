package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// opencode is OpenCode (npm opencode-ai, whose native binary comes in
// opencode-linux-x64), run with `opencode run --format json` against the
// Chat Completions stand-in through a custom provider of the bundled
// @ai-sdk/openai-compatible package. corral is the plugin
// `corral init --agent opencode` writes into .opencode/plugin/.
var opencode = agentCLI{
	name: "opencode",
	bin:  "opencode",
	shell: func(m *machine, command string) step {
		return step{"bash", map[string]any{"command": command, "description": "scripted"}}
	},
	write: func(m *machine, path, content string) step {
		return step{"write", map[string]any{"filePath": path, "content": content}}
	},
	standIn: newChatStandIn,
	configure: func(t *testing.T, m *machine, api string) []string {
		config := map[string]any{
			"model":       "standin/e2e",
			"small_model": "standin/e2e",
			"autoupdate":  false,
			"share":       "disabled",
			"provider": map[string]any{"standin": map[string]any{
				"npm":     "@ai-sdk/openai-compatible",
				"name":    "stand-in",
				"options": map[string]any{"baseURL": api, "apiKey": "test"},
				"models":  map[string]any{"e2e": map[string]any{"name": "e2e", "tool_call": true}},
			}},
			// OpenCode's own permission checks let everything through:
			// what is refused here is refused by corral.
			"permission": map[string]any{"bash": "allow", "edit": "allow", "read": "allow", "external_directory": "allow"},
		}
		b, err := json.MarshalIndent(config, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		m.writeFile(filepath.Join(m.home, ".config", "opencode", "opencode.json"), string(b)+"\n", 0o644)
		return []string{
			// No models.dev catalogue, no update check, no default
			// auth plugins, no language servers, no sharing: each would
			// reach for the network.
			"OPENCODE_DISABLE_MODELS_FETCH=1",
			"OPENCODE_DISABLE_AUTOUPDATE=1",
			"OPENCODE_DISABLE_DEFAULT_PLUGINS=1",
			"OPENCODE_DISABLE_LSP_DOWNLOAD=1",
			"OPENCODE_DISABLE_SHARE=1",
			// OpenCode npm-installs @opencode-ai/plugin into every
			// config folder (here .opencode, which holds corral's
			// plugin) before it starts; without a network npm retries
			// for about 70 s before giving up. Offline it fails at once,
			// and the plugin, which imports nothing but node:, still
			// loads.
			"npm_config_offline=true",
		}
	},
	args: func(m *machine, prompt string) []string {
		return []string{"run", "--format", "json", "--model", "standin/e2e", "--dir", m.project, prompt}
	},
	finished: func(stdout []byte) bool {
		sc := bufio.NewScanner(bytes.NewReader(stdout))
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			var ev struct {
				Type string `json:"type"`
				Part struct {
					Type string `json:"type"`
					Text string `json:"text"`
				} `json:"part"`
			}
			if json.Unmarshal(sc.Bytes(), &ev) == nil && ev.Type == "text" && ev.Part.Text == finalText {
				return true
			}
		}
		return false
	},
}

// TestOpenCode runs the four scenarios under the real OpenCode CLI with
// corral's plugin in the project.
func TestOpenCode(t *testing.T) {
	t.Parallel()
	runAgentScenarios(t, opencode)
}

// TestOpenCodeApplyPatch runs OpenCode with a model whose name makes it
// offer apply_patch ({patchText}) instead of write and edit (OpenCode
// 1.18: a model id with "gpt-", not "gpt-4" or "oss"): a patch that adds
// .env is refused with corral's reason and writes nothing, one that adds
// an ordinary file goes through.
func TestOpenCodeApplyPatch(t *testing.T) {
	t.Parallel()
	a := findAgent(t, opencode)
	a.configure = func(t *testing.T, m *machine, api string) []string {
		env := opencode.configure(t, m, api)
		path := filepath.Join(m.home, ".config", "opencode", "opencode.json")
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var config map[string]any
		if err := json.Unmarshal(b, &config); err != nil {
			t.Fatal(err)
		}
		config["model"], config["small_model"] = "standin/gpt-5", "standin/gpt-5"
		config["provider"].(map[string]any)["standin"].(map[string]any)["models"] = map[string]any{"gpt-5": map[string]any{"name": "gpt-5", "tool_call": true}}
		b, _ = json.MarshalIndent(config, "", "  ")
		m.writeFile(path, string(b)+"\n", 0o644)
		return env
	}
	a.args = func(m *machine, prompt string) []string {
		return []string{"run", "--format", "json", "--model", "standin/gpt-5", "--dir", m.project, prompt}
	}
	corral := buildCorral(t)
	m := newMachine(t, "")
	if err := os.MkdirAll(filepath.Join(m.root, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	registerCorral(t, m, "opencode", corral)
	patch := func(body string) step {
		return step{"apply_patch", map[string]any{"patchText": "*** Begin Patch\n" + body + "*** End Patch"}}
	}
	s := newScript(t,
		patch("*** Add File:.env\n+API_TOKEN=secret\n"),
		patch("*** Add File: notes.txt\n+hello\n"),
	)
	m.runAgent(a, s)
	m.wantNoFile(filepath.Join(m.project, ".env"))
	m.wantFile(filepath.Join(m.project, "notes.txt"), "hello\n")
	m.wantToldWhy(corral, s, 0, "Write", map[string]any{"file_path": filepath.Join(m.project, ".env"), "content": "API_TOKEN=secret\n"})
	if r := s.toolResults(); len(r) != 2 || strings.Contains(r[1].Content, "corral") {
		t.Errorf("tool results: %+v", r)
	}
	if t.Failed() {
		audit, _ := os.ReadFile(filepath.Join(m.root, "state", "audit.jsonl"))
		t.Logf("files: %s\ncorral's audit log:\n%s", m.tree(), audit)
	}
}
