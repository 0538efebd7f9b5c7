package rewrite

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// TestInstructionFileLinks (red team 18 AM1, AM2): a link at a file an
// agent loads into the model's context by itself puts the link's target
// there: Claude Code's auto memory (~/.claude/projects/P/memory/MEMORY.md)
// and subagents' persistent memory (.claude/agent-memory/A/MEMORY.md),
// whose @ references are judged as CLAUDE.md's, and other agents' rules
// files. Look-alikes: ordinary notes, a link to a non-secret, files
// beside them that no agent loads by itself.
func TestInstructionFileLinks(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "project")
	for name, text := range map[string]string{".ssh/id_rsa": "KEY\n", "project/docs/build.md": "make\n"} {
		p := filepath.Join(home, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": home, EnvProject: proj}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, proj)
	mem := "~/.claude/projects/-p/memory/MEMORY.md"
	for _, tt := range []struct{ cmd, want string }{
		{"ln -sf ~/.ssh/id_rsa " + mem, "deny"},
		{"mkdir -p .claude/agent-memory/rev && ln -sf ~/.ssh/id_rsa .claude/agent-memory/rev/MEMORY.md", "deny"},
		{"ln -sf ~/.ssh/id_rsa .claude/agent-memory-local/rev/MEMORY.md", "deny"},
		{"ln -sf ~/.ssh/id_rsa ~/.claude/agent-memory/rev/MEMORY.md", "deny"},
		{"echo '@~/.ssh/id_rsa' > " + mem, "deny"},
		{"ln -sf ~/.ssh/id_rsa .cursor/rules/x.mdc", "deny"},
		{"ln -sf ~/.ssh/id_rsa .github/copilot-instructions.md", "deny"},
		{"ln -sf ~/.ssh/id_rsa .github/instructions/a.instructions.md", "deny"},
		{"ln -sf ~/.ssh/id_rsa .kiro/steering/a.md", "deny"},
		{"ln -sf ~/.ssh/id_rsa .windsurfrules", "deny"},
		{"ln -sf ~/.ssh/id_rsa AGENT.md", "deny"},
		{"ln -sf ~/.ssh/id_rsa .clinerules/a.md", "deny"},
		// Red team 19 AM3: more agents' always-loaded files.
		{"ln -sf ~/.ssh/id_rsa AGENTS.override.md", "deny"},
		{"ln -sf ~/.ssh/id_rsa sub/AGENTS.override.md", "deny"},
		{"ln -sf ~/.ssh/id_rsa CRUSH.md", "deny"},
		{"ln -sf ~/.ssh/id_rsa WARP.md", "deny"},
		{"mkdir -p .continue/rules && ln -sf ~/.ssh/id_rsa .continue/rules/x.md", "deny"},
		{"ln -sf ~/.ssh/id_rsa .augment/rules/x.md", "deny"},
		{"ln -sf ~/.ssh/id_rsa .github/agents/x.md", "deny"},
		{"ln -sf ~/.ssh/id_rsa .roo/rules-code/x.md", "deny"},
		{"ln -sf ~/.ssh/id_rsa .kilocode/rules/x.md", "deny"},
		{"ln -sf ~/.ssh/id_rsa .junie/guidelines.md", "deny"},
		{"ln -sf ~/.ssh/id_rsa .goosehints", "deny"},
		{"ln -sf ../docs/build.md .continue/rules/build.md", "allow"},
		{"ln -sf ~/.ssh/id_rsa .continue/config.md", "allow"},
		// Cursor's rules include the files they name with @file.
		{`printf '%s\n' '@~/.ssh/id_rsa' | tee -a .cursor/rules/x.mdc`, "deny"},
		{`echo 'See @docs/build.md' > .cursor/rules/build.mdc`, "allow"},
		// Kiro's steering files include the files they name with
		// #[[file:PATH]], PATH relative to the workspace root.
		{`echo '#[[file:~/.ssh/id_rsa]]' >> .kiro/steering/tech.md`, "deny"},
		{`printf 'See #[[file:%s]]\n' ../.ssh/id_rsa > .kiro/steering/a.md`, "deny"},
		{`echo '#[[file:~/.ssh/id_rsa]]' > ~/.kiro/steering/g.md`, "deny"},
		{`echo 'Follow #[[file:docs/build.md]]' > .kiro/steering/build.md`, "allow"},
		{`echo '#[[file:~/.ssh/id_rsa]]' > docs/kiro-notes.md`, "allow"},
		{`echo '@~/.ssh/id_rsa' > .kiro/specs/a.md`, "allow"},
		// Look-alikes.
		{"ln -sf ../../docs/build.md .cursor/rules/build.mdc", "allow"},
		{"ln -sf ~/.ssh/id_rsa.pub .github/copilot-instructions.md", "allow"},
		{"ln -sf ~/.ssh/id_rsa docs/notes.md", "allow"},
		{"echo '@docs/build.md' >> .claude/agent-memory/rev/MEMORY.md", "allow"},
		{"echo 'use make' > .claude/agent-memory/rev/notes.md", "allow"},
	} {
		if got := Check(cfg, tt.cmd); got.Decision.String() != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got.Decision, tt.want, got.Findings)
		}
	}
	for path, want := range map[string]bool{
		"/h/.claude/projects/-work-p/memory/MEMORY.md": true,
		"/h/.claude/projects/-work-p/memory/notes.md":  false,
		"/p/.claude/agent-memory/rev/MEMORY.md":        true,
		"/p/.claude/agent-memory-local/rev/MEMORY.md":  true,
		"/p/docs/MEMORY.md":                            false,
		"/p/.claude/projects/MEMORY.md":                false,
	} {
		if got := syntax.ReferencingFile(path); got != want {
			t.Errorf("ReferencingFile(%s) = %v, want %v", path, got, want)
		}
	}
}
