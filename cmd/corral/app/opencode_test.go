package app

import (
	"encoding/json"
	"testing"
)

// TestOpenCodeApplyPatch: OpenCode's apply_patch ({patchText}) is judged
// as the writes its envelope makes, each added, updated, moved or deleted
// file through the path guards, not as an unknown MCP tool; an ordinary
// patch passes.
func TestOpenCodeApplyPatch(t *testing.T) {
	m := newMachine(t)
	send := func(patch string) map[string]any {
		t.Helper()
		b, _ := json.Marshal(map[string]any{"hook_event_name": "tool.execute.before", "tool": "apply_patch", "session_id": "s",
			"cwd": m.project, "args": map[string]any{"patchText": "*** Begin Patch\n" + patch + "*** End Patch"}})
		code, stdout, stderr := m.run(string(b), "hook", "--agent", "opencode")
		if code != 0 {
			t.Fatalf("hook exited %d: %s", code, stderr)
		}
		return jsonMap(t, stdout)
	}
	for patch, reason := range map[string]string{
		"*** Add File: .env\n+A=1\n":     "Protected path: .env cannot be modified",
		"*** Add File:.env\n+A=1\n":      "Protected path: .env cannot be modified",
		"*** Add File: .env\ufeff\n+A\n": "Protected path: .env cannot be modified",
		"*** Update File: notes.txt\n*** Move to: .git/hooks/pre-commit\n@@\n-a\n+b\n": "Protected path: .git/hooks/pre-commit cannot be modified",
		"*** Add File: notes.txt\n+x\n*** Delete File: .git/config\n":                  "",
	} {
		a := send(patch)
		if str(a, "action") != "deny" || (reason != "" && str(a, "reason") != reason) {
			t.Errorf("%q: %v, want deny %q", patch, a, reason)
		}
	}
	for _, patch := range []string{
		"*** Add File: notes.txt\n+*** Add File: .env\n",
		"*** Update File: README.md\n@@\n-rm -rf /\n+hello\n",
	} {
		if a := send(patch); str(a, "action") == "deny" {
			t.Errorf("%q refused: %v", patch, a)
		}
	}
}
