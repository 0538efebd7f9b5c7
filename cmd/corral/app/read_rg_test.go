package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookGrepReadsLikeRipgrep: Claude Code's Grep tool is ripgrep with
// its defaults, so it is judged as Bash's rg PAT DIR is (red team 19 SG1,
// SG2): a non-hidden secret file on disk under the searched directory
// (certs/server.key) and a hidden .env that a .rgignore or .ignore
// whitelists (!.env) are read; a plain .env is hidden and skipped, an
// ignore file that only leaves files out changes nothing.
func TestHookGrepReadsLikeRipgrep(t *testing.T) {
	m := newMachine(t)
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(m.project, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(".env", "API_KEY=canary\n")
	write("src/main.go", "package main\n")
	grep := func(in map[string]any) (decision, reason string) {
		t.Helper()
		out, _, _ := m.hook(readInput("Grep", in))
		decision, reason = out.Decision, out.Reason
		if hs := out.HookSpecificOutput; hs != nil && hs.PermissionDecision != "" {
			reason, decision = hs.PermissionDecisionReason, hs.PermissionDecision
		}
		return decision, reason
	}
	steps := []struct {
		name, file, text string // written before the search
		in               map[string]any
		deny             string // a part of the reason; "" when it passes
	}{
		{"plain .env is hidden", "", "", map[string]any{"pattern": "canary", "output_mode": "content"}, ""},
		{"ignore file leaving out", ".ignore", "node_modules/\ndist/\n", map[string]any{"pattern": "canary"}, ""},
		{".rgignore whitelist", ".rgignore", "!.env\n", map[string]any{"pattern": "canary", "output_mode": "content"}, `".env"`},
		{".rgignore whitelist, path given", "", "", map[string]any{"pattern": "canary", "path": m.project}, `".env"`},
		{"whitelist elsewhere", ".rgignore", "!keep.log\n", map[string]any{"pattern": "canary"}, ""},
		{".ignore whitelist", ".ignore", "!.env\n", map[string]any{"pattern": "canary"}, `".env"`},
		{"src only", ".ignore", "dist/\n", map[string]any{"pattern": "canary", "path": filepath.Join(m.project, "src")}, ""},
		{"server.key on disk", "certs/server.key", "PRIVATE-KEY\n", map[string]any{"pattern": "PRIVATE", "path": m.project}, `server.key`},
		{"server.key, no path", "", "", map[string]any{"pattern": "PRIVATE"}, `server.key`},
		{"glob *.go", "", "", map[string]any{"pattern": "PRIVATE", "glob": "*.go"}, ""},
	}
	for _, s := range steps {
		if s.file != "" {
			write(s.file, s.text)
		}
		decision, reason := grep(s.in)
		if s.deny == "" {
			if decision == "deny" || decision == "ask" {
				t.Errorf("%s: %s (%s), want it to pass", s.name, decision, reason)
			}
			continue
		}
		if decision != "deny" || !strings.Contains(reason, s.deny) {
			t.Errorf("%s: decision %q reason %q; want deny naming %s", s.name, decision, reason, s.deny)
		}
	}
}
