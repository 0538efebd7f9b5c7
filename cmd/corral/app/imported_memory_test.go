package app

import (
	"os"
	"path/filepath"
	"testing"
)

// TestImportedBySubdirMemory: a memory file in a subdirectory of the
// project (sub/CLAUDE.md, loaded when the agent works under sub/) imports
// as the project's own CLAUDE.md does, so a Write of the file it imports
// is a write of text the agent loads: a reference there to a secret is a
// read of it. Files no memory file imports pass.
func TestImportedBySubdirMemory(t *testing.T) {
	m := newMachine(t)
	for p, c := range map[string]string{
		".ssh/id_rsa":                    "KEY\n",
		"project/sub/CLAUDE.md":          "# sub\nsee @notes.md\n",
		"project/sub/notes.md":           "x\n",
		"project/pkg/a/b/AGENTS.md":      "@../../../docs/api.md\n",
		"project/pkg/.claude/rules/r.md": "@r.txt\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(m.home, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(m.home, p), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write := func(path, content string) string {
		in := map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "Write",
			"tool_input": map[string]any{"file_path": path, "content": content}}
		out, _, _ := m.hook(in)
		return decisionOf(out)
	}
	for _, tc := range []struct{ path, content, want string }{
		{"sub/notes.md", "keys: @~/.ssh/id_rsa", "deny"},
		{"docs/api.md", "@" + filepath.Join(m.home, ".ssh/id_rsa"), "deny"},
		{"pkg/.claude/rules/r.txt", "@~/.ssh/id_rsa", "deny"},
		// Look-alikes: files no memory file imports, and imported files
		// whose references reach no secret.
		{"sub/other.md", "keys: @~/.ssh/id_rsa", ""},
		{"docs/other.md", "@~/.ssh/id_rsa", ""},
		{"sub/notes.md", "see @../README.md", ""},
	} {
		if got := write(filepath.Join(m.project, tc.path), tc.content); got != tc.want && !(tc.want == "" && got == "allow") {
			t.Errorf("Write %s = %q: %q, want %q", tc.path, tc.content, got, tc.want)
		}
	}
}
