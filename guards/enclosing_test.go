package guards

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// makeWorkTree makes dir the top of a git work tree (a .git directory with
// HEAD, or a .git file naming one).
func makeWorkTree(t *testing.T, dir string, file bool) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if file {
		if err := os.WriteFile(filepath.Join(dir, ".git"), []byte("gitdir: /elsewhere/.git/worktrees/w\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestEnclosing (red team 15 CW1): the directories above a project root
// up to the top of the git work tree holding it, nearest first; none for
// the work tree's top itself and for a root in no work tree; never the
// home directory or what is above it.
func TestEnclosing(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(base, "home")
	repo := filepath.Join(base, "work", "repo")
	wt := filepath.Join(base, "work", "wt")
	makeWorkTree(t, repo, false)
	makeWorkTree(t, wt, true)
	makeWorkTree(t, home, false) // a dotfiles repository at the home directory
	for _, d := range []string{filepath.Join(repo, "packages", "web", "src"), filepath.Join(wt, "pkg"), filepath.Join(home, "code", "app"), filepath.Join(base, "plain", "sub")} {
		os.MkdirAll(d, 0o755)
	}
	for _, tt := range []struct {
		project string
		want    []string
	}{
		{filepath.Join(repo, "packages", "web", "src"), []string{filepath.Join(repo, "packages", "web"), filepath.Join(repo, "packages"), repo}},
		{filepath.Join(repo, "packages"), []string{repo}},
		{repo, nil},
		{filepath.Join(wt, "pkg"), []string{wt}},
		{filepath.Join(home, "code", "app"), []string{filepath.Join(home, "code")}},
		{filepath.Join(base, "plain", "sub"), nil},
	} {
		got := Enclosing(Env{Project: tt.project, Home: home})
		if !slices.Equal(got, tt.want) {
			t.Errorf("Enclosing(%s) = %q, want %q", tt.project, got, tt.want)
		}
	}
}

// TestEnclosingAgentFiles: the self layer judges a path above a
// subdirectory root by the repository's patterns: its agent settings,
// git hooks and configuration are denied, its MCP file and editor tasks
// ask; its other files, and the same names above a root in no work
// tree, are not the self layer's.
func TestEnclosingAgentFiles(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(base, "home")
	repo := filepath.Join(base, "repo")
	plain := filepath.Join(base, "plain")
	makeWorkTree(t, repo, false)
	os.MkdirAll(filepath.Join(repo, "src"), 0o755)
	os.MkdirAll(filepath.Join(plain, "src"), 0o755)
	os.MkdirAll(home, 0o755)
	p := DefaultPolicy().WithSelfProtection(nil, "")
	env := Env{Project: filepath.Join(repo, "src"), Home: home}
	for _, tt := range []struct {
		rel  string
		a    Action
		want Verdict
		rule string
	}{
		{"../.claude/settings.json", Write, Deny, "self-protection"},
		{"../.corral.json", Write, Deny, "self-protection"},
		{"../.git/hooks/pre-commit", Write, Deny, "self-protection"},
		{"../.git/config", Write, Deny, "self-protection"},
		{"../.codex/config.toml", Write, Deny, "self-protection"},
		{"../.mcp.json", Write, Ask, AgentMCPRule},
		{"../.vscode/tasks.json", Write, Ask, EditorAutoRunRule},
		{"../.claude/commands/x.md", Write, Ask, AgentCodeRule},
		{"../src2/.claude/skills/s/SKILL.md", Write, Ask, AgentCodeRule},
		{"../README.md", Write, Allow, ""},
		{"../src2/x.py", Write, Allow, ""},
	} {
		d := p.Decide(env, tt.rel, tt.a)
		if d.Verdict != tt.want || tt.rule != "" && d.Rule != tt.rule {
			t.Errorf("%s from %s: %v %s, want %v %s", tt.rel, env.Project, d.Verdict, d.Rule, tt.want, tt.rule)
		}
	}
	// No work tree above: the same name is no agent file of a project.
	penv := Env{Project: filepath.Join(plain, "src"), Home: home}
	if d := p.Decide(penv, "../.claude/settings.json", Write); d.Rule == "self-protection" {
		t.Errorf("../.claude/settings.json above a root in no work tree: %v %s", d.Verdict, d.Rule)
	}
	// The repository's fixed agent files that exist are corral's to
	// keep from deletion (rm -rf ../.git reaches .git/config).
	os.WriteFile(filepath.Join(repo, ".git", "config"), []byte("[core]\n"), 0o644)
	if files := p.SelfFiles(env); !slices.Contains(files, filepath.Join(repo, ".git", "config")) {
		t.Errorf("SelfFiles from src = %q, want the repository's .git/config", files)
	}
}
