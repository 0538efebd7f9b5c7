package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExplain(t *testing.T) {
	m := newMachine(t)
	code, out, _ := m.run("", "rewrite", "explain", "--cwd", m.project, "git clone https://github.com/acme/widget.git && cd widget")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"git-clone", "before: git clone https://github.com/acme/widget.git", "after:  git clone https://github.com/acme/widget.git " + m.project + "/agent_sandbox/widget",
		"- git clone https://github.com/acme/widget.git && cd widget", "+ git clone", "decision: rewrite (approved by corral"} {
		if !strings.Contains(out, want) {
			t.Errorf("explain output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = m.run("", "rewrite", "explain", "--json", "--cwd", m.project, "--sandbox", "/srv/sb", "curl -o x http://h/x")
	var res struct {
		Decision  string `json:"decision"`
		Rewritten string `json:"rewritten"`
		Findings  []struct {
			Rule string `json:"rule"`
		} `json:"findings"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || res.Decision != "rewrite" || res.Rewritten != "curl -o /srv/sb/x http://h/x" || res.Findings[0].Rule != "curl" {
		t.Errorf("explain --json: %d %s", code, out)
	}
	if code, _, _ := m.run("", "rewrite", "explain", "--exit-code", "rm -rf /"); code != 2 {
		t.Errorf("--exit-code on a deny: %d", code)
	}
	if code, _, stderr := m.run("", "rewrite", "explain", "a", "b"); code != 1 || !strings.Contains(stderr, "exactly one command") {
		t.Errorf("two arguments: %d %s", code, stderr)
	}
}

func TestScan(t *testing.T) {
	m := newMachine(t)
	in := "ls\n\n" + `{"command": "rm -rf /"}` + "\n" + `{"tool_input": {"command": "git clone https://github.com/a/b.git"}}` + "\nnot json {\n{\"x\": 1}\n"
	code, out, stderr := m.run(in, "scan", "--cwd", m.project, "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("want 4 decisions, got %d:\n%s", len(lines), out)
	}
	want := []string{`"decision":"allow"`, `"decision":"deny"`, `"decision":"rewrite"`, `"decision":"allow"`}
	for i, w := range want {
		if !strings.Contains(lines[i], w) {
			t.Errorf("line %d = %s, want %s", i, lines[i], w)
		}
	}
	if !strings.Contains(lines[1], `"rules":["bash-delete","rm-root"]`) {
		t.Errorf("rules of rm -rf /: %s", lines[1])
	}
}

func TestGuardCheck(t *testing.T) {
	m := newMachine(t)
	code, out, _ := m.run("", "guard", "check", "--cwd", m.project, ".env")
	if code != 2 || !strings.Contains(out, "pattern:    .env*") || !strings.Contains(out, "decision:   deny") || !strings.Contains(out, "in project: .env") {
		t.Errorf("guard check .env: %d\n%s", code, out)
	}
	code, out, _ = m.run("", "guard", "check", "--cwd", m.project, "docs/a.md")
	if code != 0 || !strings.Contains(out, "decision:   allow") {
		t.Errorf("guard check docs/a.md: %d\n%s", code, out)
	}
	code, out, _ = m.run("", "guard", "check", "--tool", "Bash-delete", "--cwd", m.project, "node_modules")
	if code != 0 || !strings.Contains(out, "decision:   warn") {
		t.Errorf("guard check delete node_modules: %d\n%s", code, out)
	}
}

func TestSandboxNew(t *testing.T) {
	m := newMachine(t)
	code, out, stderr := m.run("", "sandbox", "new", "--project", m.project, "auth-investigation")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	dir := strings.TrimSpace(out)
	if want := filepath.Join(m.project, "agent_sandbox", "2026-11-22", "auth-investigation"); dir != want {
		t.Errorf("dir %s, want %s", dir, want)
	}
	m.run("", "sandbox", "new", "--project", m.project, "again")
	gi, _ := os.ReadFile(filepath.Join(m.project, ".gitignore"))
	if strings.Count(string(gi), "agent_sandbox/") != 1 {
		t.Errorf(".gitignore: %q", gi)
	}
	if code, _, stderr := m.run("", "sandbox", "new", "--project", m.project, "../x"); code != 1 || !strings.Contains(stderr, "context") {
		t.Errorf("bad context: %d %s", code, stderr)
	}
}

// TestScanBraceGroup: a line that starts with the shell's reserved word
// { is a brace group, not a broken JSON object: it is judged (it was
// skipped as "not JSON"), with a note on stderr; a broken JSON object
// is still skipped.
func TestScanBraceGroup(t *testing.T) {
	m := newMachine(t)
	in := "{ rm -rf /; } 2>&1\n" + `{"command": "ls"` + "\n{\t\"command\": \"ls\"\n{ echo hi; }\n"
	code, out, stderr := m.run(in, "scan", "--cwd", m.project, "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"line":1`) || !strings.Contains(lines[0], `"decision":"deny"`) ||
		!strings.Contains(lines[1], `"line":4`) || !strings.Contains(lines[1], `"decision":"allow"`) {
		t.Fatalf("want the two brace groups judged:\n%s", out)
	}
	for _, want := range []string{"line 1: not JSON", "read as a shell command", "line 2: not JSON", "line 3: not JSON", "skipping"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}
