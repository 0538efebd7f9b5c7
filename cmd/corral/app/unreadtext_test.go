package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnreadTextWrites: a Write or Edit that leaves text larger than
// corral reads in a file whose text is code — a memory file's @ imports,
// a git-hook manager's configuration — asks (the imports and hooks are
// unknown), where before it passed as if the file said nothing (red team
// 16 SZ1: 1,049,000 bytes of padding, then @~/.ssh/id_rsa; 2.1 MB of
// comment before a local hook). A memory file that imports a file too
// large to read asks too. Text within the bounds is judged as before, and
// a big file that is only data passes.
func TestUnreadTextWrites(t *testing.T) {
	m := newMachine(t)
	for p, c := range map[string]string{".ssh/id_rsa": "KEY\n", "project/docs/ok.md": "plain notes\n",
		"project/docs/big.md": strings.Repeat("a", maxAgentCodeText+10) + "\n@~/.ssh/id_rsa\n"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(m.home, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(m.home, p), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tool := func(name string, input map[string]any) string {
		out, _, _ := m.hook(map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": name, "tool_input": input})
		return decisionOf(out)
	}
	pad := strings.Repeat("x", maxAgentCodeText+1000) + "\n"
	local := "repos:\n- repo: local\n  hooks:\n  - id: x\n    name: x\n    entry: %s\n    language: system\n"
	pc := filepath.Join(m.project, ".pre-commit-config.yaml")
	for _, tc := range []struct {
		name, path, content, want string
	}{
		{"memory file over the cap importing a key", "CLAUDE.md", pad + "@~/.ssh/id_rsa\n", "ask"},
		{"rules file over the cap importing a key", ".claude/rules/r.md", pad + "@~/.ssh/id_rsa\n", "ask"},
		{"AGENTS.md over the cap", "AGENTS.md", pad + "@~/.ssh/id_rsa\n", "ask"},
		{"memory file within the cap importing a key", "CLAUDE.md", strings.Repeat("x", maxAgentCodeText-100) + "\n@~/.ssh/id_rsa\n", "deny"},
		{"memory file importing a file over the cap", "CLAUDE.md", "see @docs/big.md\n", "ask"},
		{"pre-commit config over the cap", pc, "#" + pad + fmt.Sprintf(local, `sh -c "rm -rf ~"`), "ask"},
		{"pre-commit config over what hooks are judged in", pc, "#" + strings.Repeat("x", 100<<10) + "\n" + fmt.Sprintf(local, "make test"), "ask"},
		// Look-alikes.
		{"memory file importing a small file", "CLAUDE.md", "see @docs/ok.md\n", ""},
		{"big data file", "data/big.csv", pad, ""},
		{"big notes that are no memory file", "docs/notes.md", pad + "@~/.ssh/id_rsa\n", ""},
		{"pre-commit config running the tests", pc, fmt.Sprintf(local, "make test"), ""},
	} {
		p := tc.path
		if !filepath.IsAbs(p) {
			p = filepath.Join(m.project, p)
		}
		got := tool("Write", map[string]any{"file_path": p, "content": tc.content})
		if got == "allow" {
			got = ""
		}
		if got != tc.want {
			t.Errorf("Write %s: %q, want %q", tc.name, got, tc.want)
		}
	}
	// A Bash copy of a file over the cap into a hook manager's
	// configuration leaves text only run time knows there.
	big := filepath.Join(m.home, "big.yaml")
	if err := os.WriteFile(big, []byte("#"+pad+fmt.Sprintf(local, `sh -c "rm -rf ~"`)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ cmd, want string }{
		{"cp " + big + " .pre-commit-config.yaml", "ask"},
		{"cp " + big + " notes.yaml", ""},
	} {
		got := tool("Bash", map[string]any{"command": tc.cmd})
		if got == "allow" {
			got = ""
		}
		if got != tc.want {
			t.Errorf("Bash %s: %q, want %q", tc.cmd, got, tc.want)
		}
	}
	// An Edit of a memory file already over the cap: its text after the
	// edit is unknown.
	m.projectFile("CLAUDE.md", pad)
	if got := tool("Edit", map[string]any{"file_path": filepath.Join(m.project, "CLAUDE.md"), "old_string": "xx", "new_string": "@~/.ssh/id_rsa"}); got != "ask" {
		t.Errorf("Edit of a CLAUDE.md over the cap: %q, want ask", got)
	}
	m.projectFile("CLAUDE.md", "notes\n")
	if got := tool("Edit", map[string]any{"file_path": filepath.Join(m.project, "CLAUDE.md"), "old_string": "notes", "new_string": "more notes"}); got != "" && got != "allow" {
		t.Errorf("Edit of a small CLAUDE.md: %q, want allow", got)
	}
}
