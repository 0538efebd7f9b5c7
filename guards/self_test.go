package guards

import (
	"os"
	"path/filepath"
	"testing"
)

// A blocked path wins over a safe temporary directory that holds it: with
// HOME under /tmp, ~/.ssh is still blocked; /var/tmp (inside blocked /var)
// stays safe.
func TestBlockedWinsOverSafeTemp(t *testing.T) {
	t.Parallel()
	e := Env{Project: "/tmp/h/proj", Cwd: "/tmp/h/proj", Home: "/tmp/h"}
	for path, want := range map[string]Verdict{"~/.ssh/id_rsa": Deny, "~/.aws/credentials": Deny, "/tmp/h/notes": Allow, "/var/tmp/x": Allow} {
		if d := DefaultPolicy().Decide(e, path, Write); d.Verdict != want {
			t.Errorf("%s: %+v, want %s", path, d, want)
		}
	}
}

// The sandbox root cannot be deleted or replaced; what is inside it can.
func TestSandboxRootProtected(t *testing.T) {
	t.Parallel()
	e := Env{Project: "/home/u/proj", Cwd: "/home/u/proj", Home: "/home/u", Sandbox: "/home/u/proj/agent_sandbox"}
	p := DefaultPolicy().WithSelfProtection([]string{"/home/u/.local/state/corral"}, e.Sandbox)
	for _, tt := range []struct {
		path string
		a    Action
		want Verdict
	}{
		{"agent_sandbox", Delete, Deny},
		{"agent_sandbox/", Write, Deny},
		{"agent_sandbox/widget", Delete, Allow},
		{"agent_sandbox/widget/x", Write, Allow},
		{"~/.local/state/corral/audit.jsonl", Write, Deny},
	} {
		if d := p.Decide(e, tt.path, tt.a); d.Verdict != tt.want {
			t.Errorf("%s %s: %+v, want %s", tt.a, tt.path, d, tt.want)
		}
	}
}

// A project policy only tightens: its protected and blocked entries apply,
// its safe entries do not.
func TestTighten(t *testing.T) {
	t.Parallel()
	e := Env{Project: "/home/u/proj", Cwd: "/home/u/proj", Home: "/home/u"}
	proj, err := ParsePolicy(".corral.json", []byte(`{"corral": 1, "paths": {"protected": ["db/**"], "safe": [".git/**", ".env*"], "blocked": ["/opt"], "safe_dirs": ["/srv"], "git_aware": false}}`))
	if err != nil {
		t.Fatal(err)
	}
	p, ignored := DefaultPolicy().Tighten(proj)
	if len(ignored) != 3 {
		t.Errorf("ignored: %v", ignored)
	}
	for path, want := range map[string]Verdict{"db/x": Deny, ".env": Deny, ".git/config": Deny, "/opt/x": Deny, "/srv/x": Ask, "src/x": Warn, "docs/x": Allow} {
		if d := p.Decide(e, path, Write); d.Verdict != want {
			t.Errorf("%s: %+v, want %s", path, d, want)
		}
	}
}

// Deleting a project directory that holds an agent's hook registration
// (rm -rf .claude) is deleting that registration; the same directory
// without it, and .git (whose hooks run nothing when removed), are judged
// as other deletions are.
func TestDeleteHoldsHookRegistration(t *testing.T) {
	t.Parallel()
	proj := t.TempDir()
	for _, f := range []string{".claude/settings.json", ".github/workflows/ci.yml", ".gemini/notes.md", ".git/hooks/pre-commit", ".git/config"} {
		if err := os.MkdirAll(filepath.Join(proj, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(proj, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e := Env{Project: proj, Cwd: proj, Home: "/home/u"}
	p := DefaultPolicy().WithSelfProtection(nil, "")
	for _, tt := range []struct {
		path string
		want bool
	}{
		{".claude", true},
		{"./.claude/", true},
		{".github", false}, // no hooks directory in it
		{".gemini", false}, // no settings.json in it
		{".git", false},
		{".", false}, // the project itself: other rules judge it
		{"src", false},
	} {
		d := p.Decide(e, tt.path, Delete)
		if got := d.Rule == "self-protection"; got != tt.want {
			t.Errorf("delete %s: %+v, want self-protection %v", tt.path, d, tt.want)
		}
	}
	if d := p.Decide(e, ".claude/notes.md", Delete); d.Rule == "self-protection" {
		t.Errorf("delete .claude/notes.md: %+v, want it judged as any project file", d)
	}
}

// HoldsSelf names the self-protected pattern whose files can lie under a
// directory (files that exist or not: a write creates them), or corral's
// own file there; a pattern that matches at any depth is under every
// directory and is left out.
func TestHoldsSelf(t *testing.T) {
	t.Parallel()
	e := Env{Project: "/p", Cwd: "/p", Home: "/home/u"}
	p := DefaultPolicy().WithSelfProtection([]string{"/home/u/.local/state/corral"}, "")
	for _, tt := range []struct{ path, want string }{
		{".claude", ".claude/settings*.json"},
		{".", ".claude/settings*.json"},
		{".git", ".git/hooks/**"},
		{".codex/x", ".codex/**"},
		{"/home/u/.claude", "~/.claude/settings*.json"},
		{"/home/u", "/home/u/.local/state/corral"}, // corral's own files are named first
		{"/home/u/.local", "/home/u/.local/state/corral"},
		{"/home/u/.local/state/corral/x", "/home/u/.local/state/corral"},
		{"src", ""},
		{"docs/site", ""},
		{"/tmp/out", ""},
		{"/home/u/projects/other", ""},
	} {
		if got := p.HoldsSelf(e, tt.path); got != tt.want {
			t.Errorf("HoldsSelf(%s) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

// Writing an agent's commands, skills or subagents asks (their text can
// run shell commands the agent starts outside the hook); reading or
// deleting them, and files beside them, do not; hook registrations stay
// denied.
func TestAgentCommandFiles(t *testing.T) {
	t.Parallel()
	e := Env{Project: "/home/u/proj", Cwd: "/home/u/proj", Home: "/home/u"}
	p := DefaultPolicy().WithSelfProtection(nil, "")
	for _, tt := range []struct {
		path string
		a    Action
		want Verdict
		rule string
	}{
		{".claude/skills/fmt/SKILL.md", Write, Ask, AgentCodeRule},
		{".claude/skills/fmt/scripts/run.sh", Write, Ask, AgentCodeRule},
		{".claude/commands/review.md", Write, Ask, AgentCodeRule},
		{".claude/agents/reviewer.md", Write, Ask, AgentCodeRule},
		{"~/.claude/commands/review.md", Write, Ask, AgentCodeRule},
		{".gemini/commands/git/commit.toml", Write, Ask, AgentCodeRule},
		{"~/.qwen/commands/x.toml", Write, Ask, ""}, // outside the project: asks anyway
		{".opencode/command/test.md", Write, Ask, AgentCodeRule},
		{".claude/skills/fmt/SKILL.md", Delete, Allow, ""},
		{".claude/skillset/notes.md", Write, Allow, ""},
		{"docs/.claude/commands/x.md", Write, Allow, ""},
		{".claude/settings.json", Write, Deny, "self-protection"},
		{".claude/hooks/x.sh", Write, Deny, "self-protection"},
	} {
		d := p.Decide(e, tt.path, tt.a)
		if d.Verdict != tt.want || tt.rule != "" && d.Rule != tt.rule || tt.want == Allow && d.Rule == AgentCodeRule {
			t.Errorf("%s %s: %s %q, want %s %q", tt.a, tt.path, d.Verdict, d.Rule, tt.want, tt.rule)
		}
	}
}

// Compiled Python written by name asks, in the project and outside it;
// deleting it, and sources and other files beside it, pass.
func TestPyBytecodeWrites(t *testing.T) {
	t.Parallel()
	e := Env{Project: "/home/u/proj", Cwd: "/home/u/proj", Home: "/home/u"}
	p := DefaultPolicy().WithSelfProtection(nil, "")
	for _, tt := range []struct {
		path string
		a    Action
		want Verdict
	}{
		{"__pycache__/m.cpython-311.pyc", Write, Ask},
		{"src/pkg/__pycache__/util.cpython-312.opt-1.pyc", Write, Ask},
		{"m.pyc", Write, Ask},
		{"legacy.pyo", Write, Ask},
		{"/tmp/lib/__pycache__/sitecustomize.cpython-311.pyc", Write, Ask},
		{"__pycache__/m.cpython-311.pyc", Delete, Allow},
		{"m.py", Write, Allow},
		{"__pycache__/notes.txt", Write, Allow},
		{"docs/pyc.md", Write, Allow},
	} {
		d := p.Decide(e, tt.path, tt.a)
		if d.Verdict != tt.want || tt.want == Ask && d.Rule != PyBytecodeRule {
			t.Errorf("%s %v: %+v, want %s", tt.path, tt.a, d, tt.want)
		}
	}
}

// Issue 12: Gemini CLI's and Qwen Code's user extensions, the
// .claude.json under ~/.claude and Claude Code's managed settings switch
// corral off or run code: writes, deletions and moves are denied; files
// beside them are not.
func TestSelfAgentConfig(t *testing.T) {
	t.Parallel()
	e := Env{Project: "/home/u/proj", Cwd: "/home/u/proj", Home: "/home/u"}
	p := DefaultPolicy().WithSelfProtection(nil, "")
	for _, tt := range []struct {
		path string
		a    Action
		want Verdict
	}{
		{"~/.gemini/extensions/x/gemini-extension.json", Write, Deny},
		{"~/.gemini/extensions", Delete, Deny},
		{"~/.qwen/extensions/x/qwen-extension.json", Write, Deny},
		{"~/.qwen/extensions/x", Delete, Deny},
		{"~/.claude/.claude.json", Write, Deny},
		{"~/.claude.json", Write, Deny},
		{"/Library/Application Support/ClaudeCode/managed-settings.json", Write, Deny},
		{"/Library/Application Support/ClaudeCode/managed-mcp.json", Delete, Deny},
		{"/etc/claude-code/managed-settings.json", Write, Deny},
		// Look-alikes (Allow here: anything but a denial).
		{"/Library/Application Support/ClaudeCode/notes.txt", Write, Allow},
		{"~/.claude/claude.json.bak", Write, Allow},
		{"~/.gemini/extensions.md", Write, Allow},
		{".gemini/extensions.md", Write, Allow},
	} {
		d := p.Decide(e, tt.path, tt.a)
		if d.Verdict != tt.want && !(tt.want == Allow && d.Verdict != Deny) {
			t.Errorf("%s %s: %+v, want %s", tt.a, tt.path, d, tt.want)
		}
	}
}
