package e2e

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// registerCorral registers corral as agent's hook in the machine's project,
// the way a user does. It is the only place the tests register corral.
//
// Until `corral init --agent NAME --scope project` is in main, it writes
// each agent's project hook file by hand, in the shape its CLI reads.
func registerCorral(t *testing.T, m *machine, agent, corral string) {
	t.Helper()
	hook := func(matcher string, extra map[string]any) map[string]any {
		h := map[string]any{"type": "command", "command": corral + " hook"}
		for k, v := range extra {
			h[k] = v
		}
		return map[string]any{"matcher": matcher, "hooks": []any{h}}
	}
	var path string
	var doc map[string]any
	switch agent {
	case "claude":
		path = filepath.Join(m.project, ".claude", "settings.json")
		doc = map[string]any{"hooks": map[string]any{"PreToolUse": []any{hook("Bash|Write|Edit|MultiEdit|NotebookEdit", nil)}}}
	case "codex":
		path = filepath.Join(m.project, ".codex", "hooks.json")
		doc = map[string]any{"hooks": map[string]any{"PreToolUse": []any{hook("Bash|apply_patch", map[string]any{"timeout": 60})}}}
	case "gemini":
		path = filepath.Join(m.project, ".gemini", "settings.json")
		doc = map[string]any{"hooks": map[string]any{"BeforeTool": []any{hook("run_shell_command|write_file|replace", map[string]any{"timeout": 60000})}}}
	default:
		t.Fatalf("registerCorral: no registration for agent %q", agent)
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	m.writeFile(path, string(b)+"\n", 0o644)
}
