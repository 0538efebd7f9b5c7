package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookReadGuardGeminiShapes: Gemini CLI's grep_search narrows its
// search with include (include_pattern in newer releases) and its glob
// names its directory dir_path: a filter that selects a secret is judged
// as Claude Code's Grep glob is (red team 13 AG: grep_search with
// include .env passed). Look-alikes: a filter of source files, a glob of
// source files in a source directory.
func TestHookReadGuardGeminiShapes(t *testing.T) {
	m := newMachine(t)
	for f, text := range map[string]string{".env": "API_KEY=canary\n", "src/main.go": "package main\n", "../.ssh/id_ed25519": "KEY\n"} {
		p := filepath.Join(m.project, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	gemini := func(tool string, in map[string]any) map[string]any {
		return map[string]any{"session_id": "s1", "hook_event_name": "BeforeTool", "tool_name": tool, "tool_input": in, "cwd": m.project}
	}
	for _, tc := range []struct {
		name  string
		input map[string]any
		deny  string // part of the reason; "" = passes
	}{
		{"grep_search include .env", gemini("grep_search", map[string]any{"pattern": "KEY", "include": ".env"}), `".env"`},
		{"grep_search include_pattern .env", gemini("grep_search", map[string]any{"pattern": "KEY", "include_pattern": ".env"}), `".env"`},
		{"grep_search include_pattern {x,.env}", gemini("grep_search", map[string]any{"pattern": "KEY", "dir_path": m.project, "include_pattern": "{x,.env}"}), `".env"`},
		{"grep_search include .ssh/id_* in home", gemini("grep_search", map[string]any{"pattern": "KEY", "dir_path": m.home, "include": ".ssh/id_*"}), "names secret files"},
		{"grep_search include *.pem", gemini("grep_search", map[string]any{"pattern": "KEY", "include_pattern": "*.pem"}), `"*.pem"`},
		{"grep_search dir_path ~/.ssh", gemini("grep_search", map[string]any{"pattern": "KEY", "dir_path": filepath.Join(m.home, ".ssh")}), "~/.ssh"},
		{"glob dir_path ~/.ssh", gemini("glob", map[string]any{"pattern": "id_*", "dir_path": filepath.Join(m.home, ".ssh")}), "~/.ssh"},
		// Look-alikes.
		{"grep_search include *.go", gemini("grep_search", map[string]any{"pattern": "KEY", "include_pattern": "*.go"}), ""},
		{"grep_search include .env.example", gemini("grep_search", map[string]any{"pattern": "KEY", "include": ".env.example"}), ""},
		{"grep_search in src", gemini("grep_search", map[string]any{"pattern": "KEY", "dir_path": filepath.Join(m.project, "src"), "include": "*.go"}), ""},
		{"glob dir_path src", gemini("glob", map[string]any{"pattern": "*.go", "dir_path": filepath.Join(m.project, "src")}), ""},
	} {
		out, raw, _ := m.hook(tc.input)
		reason, decision := out.Reason, out.Decision
		if hs := out.HookSpecificOutput; hs != nil && hs.PermissionDecision != "" {
			reason, decision = hs.PermissionDecisionReason, hs.PermissionDecision
		}
		if tc.deny == "" {
			if strings.TrimSpace(raw) != "" {
				t.Errorf("%s: an ordinary search got an answer: %s", tc.name, raw)
			}
			continue
		}
		if decision != "deny" || !strings.Contains(reason, tc.deny) {
			t.Errorf("%s: decision %q reason %q; want deny naming %s", tc.name, decision, reason, tc.deny)
		}
	}
}
