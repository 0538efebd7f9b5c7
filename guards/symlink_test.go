package guards

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSymlinkTargets: a protected name that is a symbolic link to an
// ordinary file (a git hook linked to a project script, agent settings
// linked into a dotfiles repository, a fish snippet, a linked hooks
// directory, a nested repository's hook, a program the settings run
// through a link) protects the file it leads to, for writes and
// deletions, with a reason naming the link; replacing the name itself
// (NormalizeName) is a write of the name. Ordinary scripts no protected link
// points at, and new names, pass.
func TestSymlinkTargets(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	home := filepath.Join(root, "home")
	proj := filepath.Join(root, "proj")
	write := func(p, content string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	symlink := func(target, name string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, name); err != nil {
			t.Skipf("symbolic links not available here: %v", err)
		}
	}
	write(filepath.Join(proj, "scripts", "pre-commit.sh"), "#!/bin/sh\n")
	write(filepath.Join(proj, "scripts", "build.sh"), "#!/bin/sh\n")
	write(filepath.Join(proj, ".git", "HEAD"), "ref: refs/heads/main\n")
	symlink("../../scripts/pre-commit.sh", filepath.Join(proj, ".git", "hooks", "pre-commit"))
	write(filepath.Join(proj, "githooks", "post-merge"), "#!/bin/sh\n")
	write(filepath.Join(proj, "vendor", "lib", ".git", "HEAD"), "ref: refs/heads/main\n")
	write(filepath.Join(proj, "tools", "lib-hook.sh"), "#!/bin/sh\n")
	symlink("../../../../tools/lib-hook.sh", filepath.Join(proj, "vendor", "lib", ".git", "hooks", "pre-push"))
	write(filepath.Join(proj, "conf", "claude.json"), "{}")
	symlink("../conf/claude.json", filepath.Join(proj, ".claude", "settings.local.json"))
	write(filepath.Join(home, "dotfiles", "claude", "settings.json"), "{}")
	write(filepath.Join(home, "dotfiles", ".git", "HEAD"), "ref: refs/heads/main\n")
	symlink("../dotfiles/claude/settings.json", filepath.Join(home, ".claude", "settings.json"))
	write(filepath.Join(home, "dotfiles", "fish", "x.fish"), "")
	symlink(filepath.Join(home, "dotfiles", "fish", "x.fish"), filepath.Join(home, ".config", "fish", "conf.d", "x.fish"))
	write(filepath.Join(home, "src", "tool", "tool"), "ELF")
	write(filepath.Join(home, "src", "tool", ".git", "HEAD"), "ref: refs/heads/main\n")
	symlink("../src/tool/tool", filepath.Join(home, "bin", "tool"))
	write(filepath.Join(home, "dotfiles", "notes.md"), "")

	env := Env{Project: proj, Cwd: proj, Home: home, Sandbox: filepath.Join(proj, "agent_sandbox")}
	pol := DefaultPolicy().WithSelfProtection(nil, env.Sandbox).WithAgentPrograms([]string{filepath.Join(home, "bin", "tool")})
	for _, tc := range []struct {
		path string
		a    Action
		want Verdict
		link string // named in the message
	}{
		{"scripts/pre-commit.sh", Write, Deny, ".git/hooks/pre-commit"},
		{"scripts/pre-commit.sh", Delete, Deny, ".git/hooks/pre-commit"},
		{"tools/lib-hook.sh", Write, Deny, "vendor/lib/.git/hooks/pre-push"},
		{"conf/claude.json", Write, Deny, ".claude/settings.local.json"},
		{"~/dotfiles/claude/settings.json", Write, Deny, ".claude/settings.json"},
		{"~/dotfiles/fish/x.fish", Write, Deny, "conf.d/x.fish"},
		{"~/src/tool/tool", Write, Deny, ""},
		// Look-alikes: files no protected link leads to.
		{"scripts/build.sh", Write, Allow, ""},
		{"scripts/new.sh", Write, Allow, ""},
		{"~/dotfiles/notes.md", Write, Allow, ""},
		{"conf/other.json", Write, Allow, ""},
	} {
		d := pol.Decide(env, tc.path, tc.a)
		if d.Verdict != tc.want || tc.link != "" && !strings.Contains(d.Message, tc.link) {
			t.Errorf("Decide(%s, %v) = %v %q, want %v naming %s", tc.path, tc.a, d.Verdict, d.Message, tc.want, tc.link)
		}
	}

	// A hooks directory that is a link: everything under its target.
	proj2 := filepath.Join(root, "proj2")
	write(filepath.Join(proj2, ".git", "HEAD"), "ref: refs/heads/main\n")
	write(filepath.Join(proj2, "githooks", "pre-commit"), "#!/bin/sh\n")
	write(filepath.Join(proj2, "docs", "x.md"), "")
	symlink("../githooks", filepath.Join(proj2, ".git", "hooks"))
	env2 := Env{Project: proj2, Cwd: proj2, Home: home}
	for _, tc := range []struct {
		path string
		want Verdict
	}{
		{"githooks/pre-commit", Deny},
		{"githooks/post-checkout", Deny},
		{"docs/x.md", Allow},
	} {
		if d := pol.Decide(env2, tc.path, Write); d.Verdict != tc.want || tc.want == Deny && !strings.Contains(d.Message, ".git/hooks") {
			t.Errorf("Decide(%s) under a linked hooks directory = %v %q, want %v", tc.path, d.Verdict, d.Message, tc.want)
		}
	}

	// Replacing the name: ln -sf X .git/hooks/pre-commit writes the name.
	for _, tc := range []struct {
		env  Env
		path string
		want Verdict
	}{
		{env, ".git/hooks/pre-commit", Deny},
		{env, "~/.claude/settings.json", Deny},
		{env, "newlink", Allow},
		{env, "scripts/build.sh", Allow},
		{env2, ".git/hooks/pre-commit", Deny},
	} {
		np := NormalizeName(tc.env, tc.path)
		if d := pol.Decide(tc.env, tc.path, Write); d.Verdict != tc.want {
			t.Errorf("Decide(%s) of the name = %v %q (%s), want %v", tc.path, d.Verdict, d.Message, np.Abs, tc.want)
		}
	}
	if got, want := NormalizeName(env, ".git/hooks/pre-commit").Abs, filepath.Join(resolve(proj), ".git", "hooks", "pre-commit"); got != want {
		t.Errorf("NormalizeName = %s, want %s (the link itself)", got, want)
	}
	if got := NormalizeName(env, "scripts/..").Abs; got != resolve(proj) {
		t.Errorf("NormalizeName(scripts/..) = %s, want the project", got)
	}
}

// TestSymlinkIndexBudget: home directories full of files under the self
// layer's places spend their walks' budgets, yet the project's hooks,
// looked at first, are still found.
func TestSymlinkIndexBudget(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	home := filepath.Join(root, "home")
	proj := filepath.Join(root, "proj")
	for _, d := range []string{".codex/sessions", ".copilot", ".claude/plugins/x", ".config/corral", ".claude/shell-snapshots",
		".claude/session-env", ".config/systemd/user", ".config/autostart", ".config/fish/functions", ".cline/hooks"} {
		dir := filepath.Join(home, d)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for i := range 150 {
			if err := os.WriteFile(filepath.Join(dir, "f"+strings.Repeat("x", i%7)+string(rune('a'+i%26))+filepath.Base(d)+string(rune('A'+i/26))), nil, 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := os.MkdirAll(filepath.Join(proj, ".git", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, "hook.sh"), nil, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../hook.sh", filepath.Join(proj, ".git", "hooks", "pre-push")); err != nil {
		t.Skipf("symbolic links not available here: %v", err)
	}
	env := Env{Project: proj, Cwd: proj, Home: home}
	pol := DefaultPolicy().WithSelfProtection(nil, "")
	if d := pol.Decide(env, "hook.sh", Write); d.Verdict != Deny {
		t.Errorf("Decide(hook.sh) = %v %q, want deny through .git/hooks/pre-push", d.Verdict, d.Message)
	}
}
