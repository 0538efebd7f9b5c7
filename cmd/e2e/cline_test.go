package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// cline is the Cline CLI 3.x (npm cline, whose native binary comes in
// @cline/cli-linux-x64), run with `cline --json --auto-approve true -c
// PROJECT PROMPT` against the Chat Completions stand-in through the
// provider openai-compatible (~/.cline/data/settings/providers.json, as
// `cline auth -p openai-compatible -k KEY -m MODEL -b URL` writes it).
// corral is the PreToolUse executable `corral init --agent cline` writes
// into .clinerules/hooks/.
var cline = agentCLI{
	name: "cline",
	bin:  "cline",
	shell: func(m *machine, command string) step {
		return step{"run_commands", map[string]any{"commands": []string{command}}}
	},
	write: func(m *machine, path, content string) step {
		return step{"editor", map[string]any{"command": "create", "path": path, "file_text": content}}
	},
	standIn: newChatStandIn,
	configure: func(t *testing.T, m *machine, api string) []string {
		providers := map[string]any{
			"version":          1,
			"lastUsedProvider": "openai-compatible",
			"modes":            map[string]any{},
			"providers": map[string]any{"openai-compatible": map[string]any{
				"settings":  map[string]any{"provider": "openai-compatible", "apiKey": "test", "model": "e2e", "baseUrl": api},
				"updatedAt": "2026-11-29T00:00:00.000Z", "tokenSource": "manual",
			}},
		}
		b, err := json.MarshalIndent(providers, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		m.writeFile(filepath.Join(m.home, ".cline", "data", "settings", "providers.json"), string(b)+"\n", 0o644)
		return nil
	},
	args: func(m *machine, prompt string) []string {
		return []string{"--json", "--auto-approve", "true", "-c", m.project, prompt}
	},
	finished: func(stdout []byte) bool {
		return bytes.Contains(stdout, []byte(finalText))
	},
}

// recordClineHook, when CORRAL_E2E_RECORD is a directory, moves the hook
// `corral init` wrote out of .clinerules/hooks and puts in its place one
// that appends every input to DIR/cline-hook.jsonl and then runs init's
// hook on it: how the real CLI's inputs for the hook fixtures in
// cmd/corral/testdata were recorded.
func recordClineHook(t *testing.T, m *machine) {
	dir := os.Getenv("CORRAL_E2E_RECORD")
	if dir == "" {
		return
	}
	hook := filepath.Join(m.project, ".clinerules", "hooks", "PreToolUse")
	moved := filepath.Join(m.root, "corral-cline-hook")
	if err := os.Rename(hook, moved); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "cline-hook.jsonl")
	m.writeFile(hook, "#!/bin/sh\nin=$(cat)\nprintf '%s\\n' \"$in\" >> "+shellQuote(log)+"\nprintf '%s' \"$in\" | "+shellQuote(moved)+" | tee -a "+shellQuote(log+".out")+"\n", 0o755)
}

// TestCline runs the four scenarios under the real Cline CLI 3.x with
// corral as the project's PreToolUse hook. A refusal of its own tools
// does not end the run: corral answers with an input that does nothing
// (run_commands: a command that prints the reason and fails; editor: an
// input its schema refuses) and the reason as the hook's context.
func TestCline(t *testing.T) {
	t.Parallel()
	runAgentScenarios(t, cline)
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// TestClineMCP runs the real Cline CLI with corral registered by corral
// init and the stdio MCP server of TestClaudeCodeMCP in
// ~/.cline/data/settings/cline_mcp_settings.json. The CLI calls the
// PreToolUse hook for the server's tools as fs__write_file: an ordinary
// write goes through, and a write to a git hook is refused before the
// server runs it. Cline ends the whole run on a refusal (cancel), so the
// model is never told why and the run does not reach finalText: that
// case checks the disk and what corral answered.
func TestClineMCP(t *testing.T) {
	t.Parallel()
	a := findAgent(t, cline)
	corral := buildCorral(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	setUp := func(t *testing.T) *machine {
		m := newMachine(t, "")
		if err := os.MkdirAll(filepath.Join(m.root, "bin"), 0o755); err != nil {
			t.Fatal(err)
		}
		registerCorral(t, m, "cline", corral)
		recordClineHook(t, m)
		servers := map[string]any{"mcpServers": map[string]any{"fs": map[string]any{
			"command": self, "args": []string{}, "env": map[string]string{mcpServerEnv: "1"}}}}
		b, _ := json.MarshalIndent(servers, "", "  ")
		m.writeFile(filepath.Join(m.home, ".cline", "data", "settings", "cline_mcp_settings.json"), string(b)+"\n", 0o644)
		return m
	}
	t.Run("an ordinary write through an MCP server goes through", func(t *testing.T) {
		m := setUp(t)
		s := newScript(t, step{"fs__write_file", map[string]any{"path": filepath.Join(m.project, "notes.txt"), "content": "hello\n"}})
		m.runAgent(a, s)
		m.wantFile(filepath.Join(m.project, "notes.txt"), "hello\n")
		if r := s.toolResults(); len(r) != 1 || !strings.Contains(r[0].Content, "wrote ") {
			t.Errorf("tool results: %+v", r)
		}
	})
	t.Run("a write to a git hook through an MCP server is refused", func(t *testing.T) {
		m := setUp(t)
		hook := filepath.Join(m.project, ".git", "hooks", "pre-commit")
		s := newScript(t, step{"fs__write_file", map[string]any{"path": hook, "content": "#!/bin/sh\necho pwned\n"}})
		stdout := m.runCline(a, s)
		m.wantNoFile(hook)
		decision, reason := m.corralSays(corral, "mcp__fs__write_file", map[string]any{"path": hook, "content": "#!/bin/sh\necho pwned\n"})
		if decision != "deny" {
			t.Fatalf("corral does not deny the write under Claude Code's name: %s %q", decision, reason)
		}
		// Cline stops the run at the refusal; corral's audit log holds
		// the call under Cline's name for it and corral's reason.
		if !strings.Contains(stdout, `"finishReason":"aborted"`) {
			t.Errorf("the run was not stopped:\n%s", stdout)
		}
		audit, err := os.ReadFile(filepath.Join(m.root, "state", "audit.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		first := strings.SplitN(reason, "\n", 2)[0]
		if !bytes.Contains(audit, []byte(`"fs__write_file"`)) || !bytes.Contains(audit, []byte(jsonText(first))) {
			t.Errorf("corral's audit log does not hold the refused fs__write_file with %q:\n%s", first, audit)
		}
	})
}

// jsonText is s as it appears inside a JSON string.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return strings.Trim(string(b), `"`)
}

// runCline runs the Cline CLI like runAgent but without wanting the
// scripted conversation to finish (a refusal ends Cline's run), and
// returns its stdout and stderr.
func (m *machine) runCline(a agentCLI, s *script) string {
	m.t.Helper()
	api := a.standIn(m.t, s)
	env := append(m.agentEnv(), a.configure(m.t, m, api)...)
	env = append(env, m.env...)
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, a.path, a.args(m, "Please do the task.")...)
	cmd.Dir = m.project
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.WaitDelay = 10 * time.Second
	start := time.Now()
	err := cmd.Run()
	all, _ := s.requests()
	m.t.Logf("%s ran %v (exit: %v); requests to the stand-in: %q", a.name, time.Since(start).Round(time.Millisecond), err, all)
	if ctx.Err() != nil {
		m.t.Fatalf("%s did not finish within %v\n%s", a.name, runTimeout, out.String())
	}
	return out.String()
}
