package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readInput(tool string, in map[string]any) map[string]any {
	return map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": in}
}

// TestHookReadGuard runs the read tools of Claude Code and Gemini CLI
// through the hook: a read that reaches a secret is refused with the
// pattern and how to allow the path; ordinary reads get no answer at all.
func TestHookReadGuard(t *testing.T) {
	m := newMachine(t)
	key := filepath.Join(m.home, ".ssh", "id_ed25519")
	for f, text := range map[string]string{".env": "API_KEY=canary\n", "src/main.go": "package main\n"} {
		p := filepath.Join(m.project, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name  string
		input map[string]any
		deny  string // a part of the reason; "" when the read passes
	}{
		{"Read key", readInput("Read", map[string]any{"file_path": key}), `secret pattern "~/.ssh"`},
		{"Read public key", readInput("Read", map[string]any{"file_path": key + ".pub"}), ""},
		{"Read .env", readInput("Read", map[string]any{"file_path": filepath.Join(m.project, ".env")}), `secret pattern ".env"`},
		{"Read relative .env.local", readInput("Read", map[string]any{"file_path": "config/.env.local"}), `".env.*"`},
		{"Read .env.example", readInput("Read", map[string]any{"file_path": filepath.Join(m.project, ".env.example")}), ""},
		{"Read source", readInput("Read", map[string]any{"file_path": filepath.Join(m.project, "main.go")}), ""},
		{"Grep in ~/.ssh", readInput("Grep", map[string]any{"pattern": "BEGIN", "path": filepath.Join(m.home, ".ssh")}), `secret pattern "~/.ssh"`},
		{"Grep in home", readInput("Grep", map[string]any{"pattern": "BEGIN", "path": m.home}), ""},
		{"Grep of .env", readInput("Grep", map[string]any{"pattern": "KEY", "path": filepath.Join(m.project, ".env")}), `".env"`},
		{"Grep glob pem", readInput("Grep", map[string]any{"pattern": "KEY", "glob": "*.pem"}), `"*.pem"`},
		{"Grep project", readInput("Grep", map[string]any{"pattern": "TODO", "glob": "*.go"}), ""},
		// A glob that names hidden files overrides ripgrep's hidden
		// filter (rg -g '*'): the search reaches ~/.ssh and .env.
		{"Grep glob * in home", readInput("Grep", map[string]any{"pattern": "BEGIN", "path": m.home, "glob": "*"}), `secret pattern "~/.ssh"`},
		{"Grep glob **/* in project", readInput("Grep", map[string]any{"pattern": "KEY", "path": m.project, "glob": "**/*", "output_mode": "content"}), `also reads hidden files, such as`},
		{"Grep glob *.go in project", readInput("Grep", map[string]any{"pattern": "KEY", "path": m.project, "glob": "*.go"}), ""},
		{"Grep glob * in src", readInput("Grep", map[string]any{"pattern": "KEY", "path": filepath.Join(m.project, "src"), "glob": "*"}), ""},
		// Every alternative of a brace group is a glob of its own
		// (red-team 3, section 9): rg -g '{.env,README.md}' prints .env.
		{"Grep glob {.env,README.md}", readInput("Grep", map[string]any{"pattern": "KEY", "path": m.project, "glob": "{.env,README.md}", "output_mode": "content"}), `".env"`},
		{"Grep glob {README.md,.env}", readInput("Grep", map[string]any{"pattern": "KEY", "path": m.project, "glob": "{README.md,.env}"}), `".env"`},
		{"Grep glob *{env,md}", readInput("Grep", map[string]any{"pattern": "KEY", "path": m.project, "glob": "*{env,md}"}), `".env"`},
		{"Grep glob nested", readInput("Grep", map[string]any{"pattern": "KEY", "glob": "{*.go,{x,.en{v,x}}}"}), `".env"`},
		// A brace member naming a hidden directory that holds secrets
		// brings it back into ripgrep's search, and another member the
		// files in it (red team 14 SG1, shown with the real rg).
		{"Grep glob {.ssh,i*} in home", readInput("Grep", map[string]any{"pattern": ".", "path": m.home, "glob": "{.ssh,i*}", "output_mode": "content"}), `secret pattern`},
		{"Grep glob {.aws,c*} in home", readInput("Grep", map[string]any{"pattern": ".", "path": m.home, "glob": "{.aws,c*}", "output_mode": "content"}), `secret pattern`},
		{"Grep glob {.a*,cred*} in home", readInput("Grep", map[string]any{"pattern": ".", "path": m.home, "glob": "{.a*,cred*}"}), `secret pattern`},
		{"Grep glob {*.ts,*.tsx} in home", readInput("Grep", map[string]any{"pattern": "x", "path": m.home, "glob": "{*.ts,*.tsx}"}), ""},
		{"Grep glob *.{js,jsx} in home", readInput("Grep", map[string]any{"pattern": "x", "path": m.home, "glob": "*.{js,jsx}"}), ""},
		{"Grep glob {.ssh/id_ed25519,x} in home", readInput("Grep", map[string]any{"pattern": "BEGIN", "path": m.home, "glob": "{.ssh/id_ed25519,x}"}), `"id_ed25519"`},
		{"Grep glob {.aws/credentials,x} in home", readInput("Grep", map[string]any{"pattern": "KEY", "path": m.home, "glob": "{.aws/credentials,x}"}), `"~/.aws/credentials"`},
		{"Grep glob .ssh/* in home", readInput("Grep", map[string]any{"pattern": "BEGIN", "path": m.home, "glob": ".ssh/*"}), `"~/.ssh"`},
		{"Grep include {.env,x}", map[string]any{"hook_event_name": "BeforeTool", "tool_name": "search_file_content", "tool_input": map[string]any{"pattern": "KEY", "include": "{x,.env}"}}, `".env"`},
		{"Grep glob {*.go,*.md}", readInput("Grep", map[string]any{"pattern": "KEY", "path": m.project, "glob": "{*.go,*.md}"}), ""},
		{"Grep glob src/{a,b}.go", readInput("Grep", map[string]any{"pattern": "KEY", "path": m.project, "glob": "src/{a,b}.go"}), ""},
		{"Grep glob {.ssh/*.pub,x} in home", readInput("Grep", map[string]any{"pattern": "BEGIN", "path": m.home, "glob": "{.ssh/*.pub,x}"}), ""},
		{"Grep glob too many", readInput("Grep", map[string]any{"pattern": "KEY", "glob": strings.Repeat("{a,b}", 11)}), "brace alternatives"},
		{"Glob pem", readInput("Glob", map[string]any{"pattern": "**/*.pem"}), "names secret files"},
		{"Glob ssh dir", readInput("Glob", map[string]any{"pattern": filepath.Join(m.home, ".ssh") + "/*"}), "~/.ssh"},
		{"Glob go", readInput("Glob", map[string]any{"pattern": "**/*.go"}), ""},
		// A Glob lists names, whatever its pattern brings back.
		{"Glob everything in home", readInput("Glob", map[string]any{"pattern": "**/*", "path": m.home}), ""},
		{"Gemini read_file", map[string]any{"hook_event_name": "BeforeTool", "tool_name": "read_file", "tool_input": map[string]any{"absolute_path": filepath.Join(m.home, ".aws", "credentials")}}, "~/.aws/credentials"},
		{"Gemini read_many_files", map[string]any{"hook_event_name": "BeforeTool", "tool_name": "read_many_files", "tool_input": map[string]any{"paths": []any{"src/a.ts", ".env"}}}, `".env"`},
	}
	for _, tc := range tests {
		out, raw, _ := m.hook(tc.input)
		reason := out.Reason
		decision := out.Decision
		if hs := out.HookSpecificOutput; hs != nil && hs.PermissionDecision != "" {
			reason, decision = hs.PermissionDecisionReason, hs.PermissionDecision
		}
		if tc.deny == "" {
			if strings.TrimSpace(raw) != "" {
				t.Errorf("%s: an ordinary read got an answer: %s", tc.name, raw)
			}
			continue
		}
		if decision != "deny" || !strings.Contains(reason, tc.deny) || !strings.Contains(reason, "allow") {
			t.Errorf("%s: decision %q reason %q; want deny naming %s and how to allow", tc.name, decision, reason, tc.deny)
		}
	}
	// Denials are in the audit log under the rule's name.
	code, log, _ := m.run("", "log", "--json", "--rule", "secret-read")
	if code != 0 || strings.Count(log, `"action":"block"`) < 5 {
		t.Errorf("audit log of secret reads: %d\n%s", code, log)
	}
}

// TestHookReadGuardPolicy: a user policy can make secret reads ask, add a
// pattern and let one path through.
func TestHookReadGuardPolicy(t *testing.T) {
	m := newMachine(t)
	pol := filepath.Join(m.home, "policy.json")
	allowed := filepath.Join(m.home, ".ssh", "id_test")
	if err := os.WriteFile(pol, []byte(`{"corral": 1, "secrets": {"add": ["*.tfstate"], "allow": ["`+allowed+`"], "action": "ask"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, _ := m.hook(readInput("Read", map[string]any{"file_path": filepath.Join(m.home, ".ssh", "id_rsa")}), "--policy", pol)
	if hs := out.HookSpecificOutput; hs == nil || hs.PermissionDecision != "ask" || !strings.Contains(hs.PermissionDecisionReason, "corral confirm") {
		t.Errorf("with action ask: %+v", out.HookSpecificOutput)
	}
	out, _, _ = m.hook(readInput("Read", map[string]any{"file_path": "prod.tfstate"}), "--policy", pol)
	if hs := out.HookSpecificOutput; hs == nil || hs.PermissionDecision != "ask" {
		t.Errorf("an added pattern is not guarded: %+v", out.HookSpecificOutput)
	}
	if _, raw, _ := m.hook(readInput("Read", map[string]any{"file_path": allowed}), "--policy", pol); strings.TrimSpace(raw) != "" {
		t.Errorf("an allowed path is still guarded: %s", raw)
	}
	// The same policy applies to Bash readers.
	out, _, _ = m.hook(bashInput("cat prod.tfstate"), "--policy", pol)
	if hs := out.HookSpecificOutput; hs == nil || hs.PermissionDecision != "ask" {
		t.Errorf("cat of an added secret pattern: %+v", out.HookSpecificOutput)
	}
}

// TestHookHardLinks: the Read tool on a hard link of a key and the Write
// and Edit tools on a hard link of the agent's settings are judged as
// those files (the links are made on disk first, as an earlier call
// would have).
func TestHookHardLinks(t *testing.T) {
	m := newMachine(t)
	files := map[string]string{
		filepath.Join(m.home, ".ssh", "id_rsa"):           "KEY",
		filepath.Join(m.home, ".claude", "settings.json"): "{}",
		filepath.Join(m.project, "big.bin"):               "data",
	}
	for p, text := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for src, dst := range map[string]string{".ssh/id_rsa": "k", ".claude/settings.json": "cs.json"} {
		if err := os.Link(filepath.Join(m.home, src), filepath.Join(m.project, dst)); err != nil {
			t.Skipf("no hard links here: %v", err)
		}
	}
	if err := os.Link(filepath.Join(m.project, "big.bin"), filepath.Join(m.project, "copy.bin")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		input map[string]any
		deny  string
	}{
		{"Read k", readInput("Read", map[string]any{"file_path": filepath.Join(m.project, "k")}), "hard link to " + filepath.Join(m.home, ".ssh", "id_rsa")},
		{"Write cs.json", readInput("Write", map[string]any{"file_path": filepath.Join(m.project, "cs.json"), "content": "{}"}), "hard link to " + filepath.Join(m.home, ".claude", "settings.json")},
		{"Edit cs.json", readInput("Edit", map[string]any{"file_path": filepath.Join(m.project, "cs.json"), "old_string": "{}", "new_string": "{ }"}), "hard link to"},
		{"Read copy.bin", readInput("Read", map[string]any{"file_path": filepath.Join(m.project, "copy.bin")}), ""},
		{"Write copy.bin", readInput("Write", map[string]any{"file_path": filepath.Join(m.project, "copy.bin"), "content": "x"}), ""},
	} {
		out, raw, _ := m.hook(tc.input)
		reason, decision := out.Reason, out.Decision
		if hs := out.HookSpecificOutput; hs != nil && hs.PermissionDecision != "" {
			reason, decision = hs.PermissionDecisionReason, hs.PermissionDecision
		}
		if tc.deny == "" {
			if strings.TrimSpace(raw) != "" {
				t.Errorf("%s: a link between project files got an answer: %s", tc.name, raw)
			}
			continue
		}
		if decision != "deny" || !strings.Contains(reason, tc.deny) {
			t.Errorf("%s: decision %q reason %q; want deny naming %s", tc.name, decision, reason, tc.deny)
		}
	}
}
