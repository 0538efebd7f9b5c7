package app

import (
	"fmt"
	"github.com/google/shlex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeInput(tool, path string) map[string]any {
	in := map[string]any{"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": tool}
	switch tool {
	case "NotebookEdit":
		in["tool_input"] = map[string]any{"notebook_path": path, "new_source": "x"}
	case "MultiEdit":
		in["tool_input"] = map[string]any{"file_path": path, "edits": []any{map[string]any{"old_string": "a", "new_string": "b"}}}
	default:
		in["tool_input"] = map[string]any{"file_path": path, "content": "x"}
	}
	return in
}

// Seed 001's scenarios, with the project's defaults, in both input shapes.
func TestWriteSeed001(t *testing.T) {
	m := newMachine(t)
	tests := []struct {
		path     string
		decision string // "" = silent
		reason   string
	}{
		{".git/config", "deny", "Protected path: .git/config cannot be modified"},
		{"secrets.key", "deny", "Protected path"},
		{".env", "deny", "Protected path: .env cannot be modified"},
		{".env.local", "deny", "Protected path"},
		{"node_modules/x/index.js", "deny", "Protected path"},
		{"package-lock.json", "deny", "Protected path"},
		{"src/index.ts", "allow", "Production path: src/index.ts - ensure this is intentional"},
		{"plugins/iflow-dev/agents/new-agent.md", "allow", "Production path"},
		{"docs/README.md", "", ""},
		{"./docs/new-doc.md", "", ""},
		{"agent_sandbox/2026-02-04/test/script.py", "", ""},
		{"random/file.txt", "", ""},
		{"README.md", "", ""},
	}
	for _, tt := range tests {
		for _, abs := range []bool{false, true} {
			p := tt.path
			if abs {
				p = filepath.Join(m.project, tt.path)
			}
			for _, tool := range []string{"Write", "Edit", "MultiEdit", "NotebookEdit"} {
				out, raw, _ := m.hook(writeInput(tool, p))
				if tt.decision == "" {
					if raw != "" {
						t.Errorf("%s %s: want silent allow, got %s", tool, p, raw)
					}
					continue
				}
				hs := out.HookSpecificOutput
				if hs == nil || hs.PermissionDecision != tt.decision || !strings.Contains(hs.PermissionDecisionReason, tt.reason) {
					t.Errorf("%s %s: got %+v, want %s %q", tool, p, hs, tt.decision, tt.reason)
					continue
				}
				if tt.decision == "allow" && !strings.Contains(hs.AdditionalContext, tt.reason) {
					t.Errorf("%s %s: the warning must reach the model in additionalContext: %+v", tool, p, hs)
				}
			}
		}
	}
	// The same scenarios in the older shape of seed 000.
	for _, tt := range tests {
		for _, tool := range []string{"Write", "Edit"} {
			in := fmt.Sprintf(`{"tool":%q,"arguments":{"file_path":%q,"content":"x"},"sessionId":"old"}`, tool, filepath.Join(m.project, tt.path))
			code, stdout, _ := m.run(in, "hook")
			switch {
			case code != 0:
				t.Errorf("older shape %s %s: exit %d", tool, tt.path, code)
			case tt.decision == "" && stdout != "":
				t.Errorf("older shape %s %s: want silence, got %s", tool, tt.path, stdout)
			case tt.decision != "" && (!strings.Contains(stdout, `"permissionDecision":"`+tt.decision+`"`) || !strings.Contains(stdout, tt.reason)):
				t.Errorf("older shape %s %s: %s, want %s %q", tool, tt.path, stdout, tt.decision, tt.reason)
			}
		}
	}
}

// Write and Bash reach the same verdict for the same path.
func TestWriteAndBashAgree(t *testing.T) {
	m := newMachine(t)
	for _, p := range []string{".env", ".git/config", "src/a.ts", "docs/x.md", "secrets.key"} {
		w, _, _ := m.hook(writeInput("Write", p))
		b, _, _ := m.hook(bashInput("echo x > " + p))
		wd, bd := "", ""
		if w.HookSpecificOutput != nil {
			wd = w.HookSpecificOutput.PermissionDecision
		}
		if b.HookSpecificOutput != nil {
			bd = b.HookSpecificOutput.PermissionDecision
		}
		// A warned Write is an allow with a warning; the warned Bash command
		// carries the warning without a decision.
		if wd == "allow" && bd == "" && b.HookSpecificOutput != nil && b.HookSpecificOutput.AdditionalContext != "" {
			continue
		}
		if wd != bd {
			t.Errorf("%s: Write %q, Bash %q", p, wd, bd)
		}
	}
}

func TestWritePolicies(t *testing.T) {
	m := newMachine(t)
	dir := t.TempDir()
	wp := filepath.Join(dir, "write-policies.json")
	os.WriteFile(wp, []byte(`{"protected": ["config/**"], "warned": [], "safe": ["docs/**"]}`), 0o644)
	out, _, _ := m.hook(writeInput("Write", "config/app.yaml"), "--policy", wp)
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "deny" {
		t.Errorf("custom protected path: %+v", out.HookSpecificOutput)
	}
	// A write to the policy file itself is denied: the agent cannot loosen
	// its own limits.
	out, _, _ = m.hook(writeInput("Write", wp), "--policy", wp)
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "deny" {
		t.Errorf("write to the policy file: %+v", out.HookSpecificOutput)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"protected": [`), 0o644)
	out, _, stderr := m.hook(writeInput("Write", ".env"), "--policy", bad)
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "deny" || !strings.Contains(stderr, bad) {
		t.Errorf("invalid policy must fall back to the defaults with a stderr line: %+v %q", out.HookSpecificOutput, stderr)
	}
}

func TestFileRestrictions(t *testing.T) {
	m := newMachine(t)
	m.env["FILE_RESTRICTIONS"] = `["src/workers/**", "*.md"]`
	out, _, stderr := m.hook(writeInput("Write", "/etc/../"+m.project+"/docs/bar.md"))
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "deny" {
		t.Errorf("traversal: %+v", out.HookSpecificOutput)
	}
	out, _, stderr = m.hook(writeInput("Write", "docs/bar.md"))
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "deny" || !strings.Contains(stderr, "outside allowed patterns") {
		t.Errorf("outside the allow-list: %+v %q", out.HookSpecificOutput, stderr)
	}
	_, raw, _ := m.hook(writeInput("Write", "src/workers/pool.ts"))
	if strings.Contains(raw, "deny") {
		t.Errorf("inside the allow-list: %s", raw)
	}
	// Seed 000's own input shape.
	code, stdout, _ := m.run(`{"tool":"Write","arguments":{"file_path":"docs/bar.md","content":"x"},"sessionId":"s"}`, "hook")
	if code != 0 || !strings.Contains(stdout, "outside allowed patterns") {
		t.Errorf("seed 000 shape: %d %s", code, stdout)
	}
	m.env["FILE_RESTRICTIONS"] = `not json`
	out, _, stderr = m.hook(writeInput("Write", "docs/bar.md"))
	if out.HookSpecificOutput != nil && out.HookSpecificOutput.PermissionDecision == "deny" || !strings.Contains(stderr, "FILE_RESTRICTIONS") {
		t.Errorf("malformed FILE_RESTRICTIONS must fail open with a stderr line: %+v %q", out.HookSpecificOutput, stderr)
	}
}

// TestFileRestrictionsDownloads: with FILE_RESTRICTIONS set, a download
// into the project is rewritten into the sandbox, not asked about (the
// sandbox is corral's own place, outside the restriction); a redirection
// to a file outside the patterns is refused as every write there is.
func TestFileRestrictionsDownloads(t *testing.T) {
	m := newMachine(t)
	m.env["FILE_RESTRICTIONS"] = `["src/**"]`
	// A download aimed at a file the list does not allow is moved too: the
	// move changes no project file. (The same bytes sent there with > are
	// refused, as any write there is.)
	for _, cmd := range []string{"curl -fsSL https://example.com/x.js > src/x.js", "curl -o src/x.js https://example.com/x.js", "curl -o x.js https://example.com/x.js"} {
		out, _, _ := m.hook(bashInput(cmd))
		h := out.HookSpecificOutput
		if h == nil || h.PermissionDecision != "allow" || !strings.Contains(fmt.Sprint(h.UpdatedInput), "agent_sandbox/x.js") {
			t.Errorf("%s: %+v", cmd, h)
		}
	}
	for _, cmd := range []string{"curl https://example.com/x.js > x.js"} {
		out, _, _ := m.hook(bashInput(cmd))
		if h := out.HookSpecificOutput; h == nil || h.PermissionDecision != "deny" || !strings.Contains(h.PermissionDecisionReason, "outside allowed patterns") {
			t.Errorf("%s: %+v", cmd, h)
		}
	}
}

// Seed 002's confirm flow: ask, corral confirm, allowed in the same
// session only, cleared by SessionEnd.
func TestConfirmFlow(t *testing.T) {
	m := newMachine(t)
	outside := filepath.Join(filepath.Dir(m.home), "outside", "old")
	os.MkdirAll(outside, 0o755)
	// The default safe paths include /tmp, where the test's machine lives:
	// seed 002's own configuration does not.
	gr := filepath.Join(filepath.Dir(m.home), "guardrails.json")
	os.WriteFile(gr, []byte(`{"version": 1, "safe_paths": ["~/.claude"], "blocked_paths": ["/etc", "~/.ssh"], "rules": {"bash": []}}`), 0o644)
	m.env["CORRAL_POLICY"] = gr
	cmd := "rm -r " + outside
	out, _, _ := m.hook(bashInput(cmd))
	hs := out.HookSpecificOutput
	if hs == nil || hs.PermissionDecision != "ask" || !strings.Contains(hs.PermissionDecisionReason, "corral confirm --session 's1'") {
		t.Fatalf("rm outside safe paths: %+v", hs)
	}
	if code, _, stderr := m.run("", "confirm", "--session", "s1", cmd); code != 0 {
		t.Fatalf("confirm: %d %s", code, stderr)
	}
	out, _, _ = m.hook(bashInput(cmd))
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "allow" {
		t.Errorf("confirmed command in the same session: %+v", out.HookSpecificOutput)
	}
	other := bashInput(cmd)
	other["session_id"] = "s2"
	out, _, _ = m.hook(other)
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "ask" {
		t.Errorf("another session must still ask: %+v", out.HookSpecificOutput)
	}
	m.hook(map[string]any{"session_id": "s1", "hook_event_name": "SessionEnd", "reason": "exit"})
	out, _, _ = m.hook(bashInput(cmd))
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "ask" {
		t.Errorf("after SessionEnd: %+v", out.HookSpecificOutput)
	}
	code, logOut, _ := m.run("", "log", "--json", "--session", "s1")
	if code != 0 || !strings.Contains(logOut, `"confirmed_allow"`) || !strings.Contains(logOut, `"confirm_required"`) {
		t.Errorf("audit log of the flow: %s", logOut)
	}
}

// TestReadmePolicyExample keeps the README's example of corral's own policy
// format working.
func TestReadmePolicyExample(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	start := strings.Index(text, "```json\n{\n  \"corral\": 1")
	if start < 0 {
		t.Fatal("the README has no example of corral's policy format")
	}
	body := text[start+len("```json\n"):]
	body = body[:strings.Index(body, "```")]
	m := newMachine(t)
	policy := filepath.Join(m.home, "corral.json")
	os.WriteFile(policy, []byte(body), 0o644)

	out, _, stderr := m.hook(bashInput("terraform destroy -auto-approve"), "--policy", policy)
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "deny" || !strings.Contains(out.HookSpecificOutput.PermissionDecisionReason, "infrastructure") {
		t.Errorf("bash.commands prefix rule: %+v %s", out.HookSpecificOutput, stderr)
	}
	out, _, _ = m.hook(bashInput("npm publish"), "--policy", policy)
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "ask" {
		t.Errorf("bash.rules regex rule: %+v", out.HookSpecificOutput)
	}
	out, _, _ = m.hook(writeInput("Write", "docs/guide.md"), "--policy", policy)
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "deny" {
		t.Errorf("paths.allow_only: %+v", out.HookSpecificOutput)
	}
	out, _, _ = m.hook(writeInput("Write", "src/a.ts"), "--policy", policy)
	if out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "allow" || !strings.Contains(out.HookSpecificOutput.AdditionalContext, "Production path") {
		t.Errorf("paths.warned: %+v", out.HookSpecificOutput)
	}
	out, _, _ = m.hook(bashInput("git clone https://github.com/acme/widget.git"), "--policy", policy)
	if out.HookSpecificOutput == nil || !strings.Contains(out.HookSpecificOutput.UpdatedInput["command"].(string), m.home+"/work/sandbox/widget") {
		t.Errorf("sandbox.dir: %+v", out.HookSpecificOutput)
	}
}

func TestApplyPatch(t *testing.T) {
	m := newMachine(t)
	patch := "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-x\n+y\n*** Add File: .env\n+SECRET=1\n*** End Patch\n"
	for _, input := range []map[string]any{{"input": patch}, {"command": []any{"apply_patch", patch}}} {
		out, _, _ := m.hook(map[string]any{"tool_name": "apply_patch", "tool_input": input, "turn_id": "t"})
		if out.HookSpecificOutput == nil || out.HookSpecificOutput.PermissionDecision != "deny" || !strings.Contains(out.HookSpecificOutput.PermissionDecisionReason, ".env") {
			t.Errorf("apply_patch adding .env: %+v", out.HookSpecificOutput)
		}
	}
	_, raw, _ := m.hook(map[string]any{"tool_name": "apply_patch", "tool_input": map[string]any{"input": "*** Begin Patch\n*** Add File: docs/x.md\n+hi\n*** End Patch"}})
	if raw != "" {
		t.Errorf("apply_patch to docs: %s", raw)
	}
}

// TestWriteToolsOnSecrets: an edit tool's change of a secret file on disk
// is judged as a read of it (the tool shows the lines around the change):
// denied like Read and cat; a new file of that name, a deletion's
// neighbour and ordinary files pass.
func TestWriteToolsOnSecrets(t *testing.T) {
	m := newMachine(t)
	for _, f := range []string{".git-credentials", "keys/deploy.ppk", "sa-key.json", "notes/credentials.json"} {
		p := filepath.Join(m.project, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		body := "https://u:tok@github.com\n"
		switch f {
		case "sa-key.json":
			body = `{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\nMIIE\n"}`
		case "notes/credentials.json":
			body = `{"user": "fixture"}`
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		tool, path, want string
	}{
		{"Edit", ".git-credentials", "deny"},
		{"MultiEdit", ".git-credentials", "deny"},
		{"Write", ".git-credentials", "deny"},
		{"Edit", "keys/deploy.ppk", "deny"},
		{"Edit", "sa-key.json", "deny"},
		{"Read", ".git-credentials", "deny"},
		{"Write", "new/.netrc", ""},            // not on disk: nothing to show or lose
		{"Edit", "notes/credentials.json", ""}, // the name alone is no credential
		{"Edit", "README.md", ""},
	} {
		in := writeInput(tt.tool, filepath.Join(m.project, tt.path))
		if tt.tool == "Read" {
			in["tool_input"] = map[string]any{"file_path": filepath.Join(m.project, tt.path)}
		}
		out, raw, _ := m.hook(in)
		got := ""
		if out.HookSpecificOutput != nil {
			got = out.HookSpecificOutput.PermissionDecision
		}
		if got != tt.want {
			t.Errorf("%s %s: got %q (%s), want %q", tt.tool, tt.path, got, raw, tt.want)
		}
		if tt.want == "deny" && tt.tool != "Read" && !strings.Contains(out.HookSpecificOutput.PermissionDecisionReason, "secret") {
			t.Errorf("%s %s: reason %q does not say why", tt.tool, tt.path, out.HookSpecificOutput.PermissionDecisionReason)
		}
	}
}

// TestWriteIntoHooksDir: a Write into the hooks directory the project's
// core.hooksPath names asks (git runs it on the user's next commit); the
// same name with no such setting is an ordinary project file.
func TestWriteIntoHooksDir(t *testing.T) {
	m := newMachine(t)
	os.MkdirAll(filepath.Join(m.project, ".git"), 0o755)
	cfg := filepath.Join(m.project, ".git", "config")
	os.WriteFile(cfg, []byte("[core]\n\thooksPath = .githooks\n"), 0o644)
	out, _, _ := m.hook(writeInput("Write", filepath.Join(m.project, ".githooks", "pre-commit")))
	if hs := out.HookSpecificOutput; hs == nil || hs.PermissionDecision != "ask" || !strings.Contains(hs.PermissionDecisionReason, "core.hooksPath") {
		t.Errorf("Write into the hooks directory: %+v", hs)
	}
	os.WriteFile(cfg, []byte("[core]\n\tbare = false\n"), 0o644)
	out, _, _ = m.hook(writeInput("Write", filepath.Join(m.project, ".githooks", "pre-commit")))
	if hs := out.HookSpecificOutput; hs != nil && hs.PermissionDecision != "allow" {
		t.Errorf("Write of .githooks/pre-commit with no hooksPath set: %+v", hs)
	}
}

// TestConfirmBinding (red team 14 AP1): the confirm command the hook
// prints binds a command's approval to the directory it runs in and a
// Write's to its content; the same call sent again passes, the same
// command from another directory and another content of the same file
// are asked about again. An approval given without the binding (the
// seed's form) still approves the operation anywhere.
func TestConfirmBinding(t *testing.T) {
	m := newMachine(t)
	base := filepath.Dir(m.home)
	for _, d := range []string{"outside/old", "elsewhere/sub"} {
		os.MkdirAll(filepath.Join(base, d), 0o755)
	}
	gr := filepath.Join(base, "guardrails.json")
	os.WriteFile(gr, []byte(`{"version": 1, "safe_paths": ["~/.claude"], "blocked_paths": ["/etc", "~/.ssh"], "rules": {"bash": []}}`), 0o644)
	m.env["CORRAL_POLICY"] = gr
	confirmFrom := func(reason string) []string {
		t.Helper()
		i := strings.Index(reason, "corral confirm ")
		if i < 0 {
			t.Fatalf("no confirm command in %q", reason)
		}
		line := reason[i+len("corral confirm "):]
		line = line[:strings.IndexByte(line, '\n')]
		words, err := shlex.Split(line)
		if err != nil {
			t.Fatal(err)
		}
		return append([]string{"confirm"}, words...)
	}
	// A command: approved in the project, asked from another directory.
	cmd := "rm -r ../../outside/old"
	in := bashInput(cmd)
	in["cwd"] = filepath.Join(base, "home", "project")
	out, _, _ := m.hook(in)
	if decisionOf(out) != "ask" || !strings.Contains(out.HookSpecificOutput.PermissionDecisionReason, "--cwd '"+m.project+"'") {
		t.Fatalf("ask without the directory: %+v", out.HookSpecificOutput)
	}
	if code, _, stderr := m.run("", confirmFrom(out.HookSpecificOutput.PermissionDecisionReason)...); code != 0 {
		t.Fatalf("confirm: %d %s", code, stderr)
	}
	if out, _, _ := m.hook(bashInput(cmd)); decisionOf(out) != "allow" {
		t.Errorf("the approved command in its directory: %q", decisionOf(out))
	}
	other := bashInput(cmd)
	other["cwd"] = filepath.Join(base, "elsewhere", "sub")
	if out, _, _ := m.hook(other); decisionOf(out) == "allow" {
		t.Errorf("the approved command from another directory was allowed")
	}
	// A Write: approved with its content, asked with another.
	target := filepath.Join(base, "outside", "notes.txt")
	w := writeInput("Write", target)
	out, _, _ = m.hook(w)
	if decisionOf(out) != "ask" || !strings.Contains(out.HookSpecificOutput.PermissionDecisionReason, "--content-sha256 ") {
		t.Fatalf("Write ask without the content hash: %+v", out.HookSpecificOutput)
	}
	if code, _, stderr := m.run("", confirmFrom(out.HookSpecificOutput.PermissionDecisionReason)...); code != 0 {
		t.Fatalf("confirm: %d %s", code, stderr)
	}
	if out, _, _ := m.hook(writeInput("Write", target)); decisionOf(out) != "allow" {
		t.Errorf("the approved Write again: %q", decisionOf(out))
	}
	w2 := writeInput("Write", target)
	w2["tool_input"].(map[string]any)["content"] = "something else"
	if out, _, _ := m.hook(w2); decisionOf(out) != "ask" {
		t.Errorf("another content of the approved file: %q, want ask", decisionOf(out))
	}
	// Bad bindings are refused; the seed's unbound form approves anywhere.
	if code, _, _ := m.run("", "confirm", "--session", "s1", "--cwd", "rel/dir", "ls"); code == 0 {
		t.Errorf("confirm --cwd with a relative directory was accepted")
	}
	if code, _, _ := m.run("", "confirm", "--session", "s1", "--tool", "Write", "--content-sha256", "xyz", target); code == 0 {
		t.Errorf("confirm --content-sha256 with a bad hash was accepted")
	}
	if code, _, stderr := m.run("", "confirm", "--session", "s1", cmd); code != 0 {
		t.Fatalf("confirm: %d %s", code, stderr)
	}
	if out, _, _ := m.hook(other); decisionOf(out) != "allow" {
		t.Errorf("an unbound approval from another directory: %q, want allow", decisionOf(out))
	}
}
