package guards

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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

// TestSymlinkIndexReach: the places the index of protected links reaches
// beyond the project's own hooks: a repository nested three and five
// levels down (beside a wide directory), a .git that is itself a link, a
// worktree and a submodule whose .git file names the git directory
// (made with the real git where it is there); corral's own files given at
// run time (CLAUDE_CONFIG_DIR's settings) that are links stay protected.
func TestSymlinkIndexReach(t *testing.T) {
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
	write(filepath.Join(proj, ".git", "HEAD"), "ref: refs/heads/main\n")
	for i := range 200 {
		write(filepath.Join(proj, "node_modules", "p"+strconv.Itoa(i), "index.js"), "")
	}
	write(filepath.Join(proj, "tools", "h3.sh"), "#!/bin/sh\n")
	write(filepath.Join(proj, "tools", "h5.sh"), "#!/bin/sh\n")
	write(filepath.Join(proj, "tools", "build.sh"), "#!/bin/sh\n")
	write(filepath.Join(proj, "a", "b", "c", ".git", "HEAD"), "ref: refs/heads/main\n")
	symlink(filepath.Join(proj, "tools", "h3.sh"), filepath.Join(proj, "a", "b", "c", ".git", "hooks", "pre-commit"))
	write(filepath.Join(proj, "v", "w", "x", "y", "z", ".git", "HEAD"), "ref: refs/heads/main\n")
	symlink(filepath.Join(proj, "tools", "h5.sh"), filepath.Join(proj, "v", "w", "x", "y", "z", ".git", "hooks", "pre-push"))
	// A nested repository whose .git is a link to a git directory kept
	// elsewhere, and one whose .git file names it (a submodule).
	write(filepath.Join(root, "store", "lib.git", "HEAD"), "ref: refs/heads/main\n")
	write(filepath.Join(root, "store", "lib.git", "hooks", "post-merge"), "#!/bin/sh\n")
	symlink(filepath.Join(root, "store", "lib.git"), filepath.Join(proj, "deps", "lib", ".git"))
	write(filepath.Join(proj, ".git", "modules", "m", "HEAD"), "ref: refs/heads/main\n")
	write(filepath.Join(root, "store", "sub.git", "HEAD"), "ref: refs/heads/main\n")
	write(filepath.Join(proj, "ext", "one", "two", ".git"), "gitdir: ../../../../store/sub.git\n")
	// CLAUDE_CONFIG_DIR's settings, a link into a dotfiles repository.
	write(filepath.Join(home, "dotfiles", "cc.json"), "{}")
	write(filepath.Join(home, "dotfiles", "other.json"), "{}")
	symlink(filepath.Join(home, "dotfiles", "cc.json"), filepath.Join(home, "ccd", "settings.json"))
	// Other agents' settings kept in a dotfiles repository: a linked
	// directory (~/.codex) and a linked file (~/.gemini/settings.json).
	write(filepath.Join(home, "dotfiles", "codex", "config.toml"), "")
	symlink(filepath.Join(home, "dotfiles", "codex"), filepath.Join(home, ".codex"))
	write(filepath.Join(home, "dotfiles", "gemini.json"), "{}")
	symlink(filepath.Join(home, "dotfiles", "gemini.json"), filepath.Join(home, ".gemini", "settings.json"))

	env := Env{Project: proj, Cwd: proj, Home: home}
	pol := DefaultPolicy().WithSelfProtection([]string{filepath.Join(home, "ccd", "settings.json")}, "")
	for _, tc := range []struct {
		path string
		want Verdict
		link string // named in the message
	}{
		{"tools/h3.sh", Deny, "a/b/c/.git/hooks/pre-commit"},
		// Five levels down is past nestedRepoDepth (3): a documented
		// limit, kept for the cost of walking deeper on every write.
		{"tools/h5.sh", Allow, ""},
		{filepath.Join(root, "store", "lib.git", "hooks", "post-merge"), Deny, "deps/lib/.git/hooks"},
		{filepath.Join(root, "store", "sub.git", "hooks", "pre-commit"), Deny, "ext/one/two/.git/hooks"},
		{filepath.Join(root, "store", "sub.git", "config"), Deny, "ext/one/two/.git/config"},
		// corral's own files compare their links resolved already.
		{"~/dotfiles/cc.json", Deny, ""},
		{"~/dotfiles/codex/config.toml", Deny, ""},
		{"~/dotfiles/codex/hooks.json", Deny, ""},
		{"~/dotfiles/gemini.json", Deny, ""},
		// Look-alikes.
		{"tools/build.sh", Allow, ""},
		{"~/dotfiles/other.json", Allow, ""},
	} {
		d := pol.Decide(env, tc.path, Write)
		if d.Verdict != tc.want || tc.link != "" && !strings.Contains(d.Message, tc.link) {
			t.Errorf("Decide(%s) = %v %q, want %v naming %s", tc.path, d.Verdict, d.Message, tc.want, tc.link)
		}
	}

	// A linked worktree made by the real git: its .git file names
	// main/.git/worktrees/wt, whose commondir leads to main/.git, where
	// the hooks every worktree runs are.
	if _, err := exec.LookPath("git"); err != nil {
		return
	}
	main := filepath.Join(root, "main")
	wt := filepath.Join(root, "wt")
	for _, args := range [][]string{
		{"init", "-q", main},
		{"-C", main, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"},
		{"-C", main, "worktree", "add", "-q", wt},
	} {
		if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
			t.Skipf("git %v: %v %s", args, err, out)
		}
	}
	wenv := Env{Project: wt, Cwd: wt, Home: home}
	for _, tc := range []struct {
		path string
		want Verdict
	}{
		{filepath.Join(main, ".git", "hooks", "pre-commit"), Deny},
		{filepath.Join(main, ".git", "config"), Deny},
		{filepath.Join(wt, "notes.md"), Allow},
	} {
		if d := pol.Decide(wenv, tc.path, Write); d.Verdict != tc.want || tc.want == Deny && !strings.Contains(d.Message, filepath.Join(wt, ".git")) {
			t.Errorf("worktree: Decide(%s) = %v %q, want %v through %s/.git", tc.path, d.Verdict, d.Message, tc.want, wt)
		}
	}
}

// TestPolicyLinkTargets: the policy files' protected project files and
// blocked home places that are symbolic links protect the file they lead
// to (.env -> config/env.txt, ~/.ssh/config -> ~/dotfiles/ssh/config),
// without the self layer; a workspace package that node_modules links to
// (a protected tree) stays writable.
func TestPolicyLinkTargets(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	home := filepath.Join(root, "home")
	proj := filepath.Join(root, "proj")
	write := func(p string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
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
	write(filepath.Join(proj, "config", "env.txt"))
	write(filepath.Join(proj, "config", "other.txt"))
	symlink("config/env.txt", filepath.Join(proj, ".env"))
	write(filepath.Join(proj, "packages", "y", "src", "index.ts"))
	symlink("../../packages/y", filepath.Join(proj, "node_modules", "@x", "y"))
	write(filepath.Join(home, "dotfiles", "ssh", "config"))
	write(filepath.Join(home, "dotfiles", "notes.md"))
	symlink(filepath.Join(home, "dotfiles", "ssh", "config"), filepath.Join(home, ".ssh", "config"))

	env := Env{Project: proj, Cwd: proj, Home: home}
	pol := DefaultPolicy()
	for _, tc := range []struct {
		path string
		min  Verdict
		link string
	}{
		{"config/env.txt", Deny, ".env"},
		{"~/dotfiles/ssh/config", Ask, ".ssh/config"},
		// Look-alikes.
		{"config/other.txt", Allow, ""},
		{"packages/y/src/index.ts", Allow, ""},
		{"~/dotfiles/notes.md", Allow, ""},
	} {
		d := pol.Decide(env, tc.path, Write)
		if tc.link == "" && d.Verdict != Allow || tc.link != "" && (d.Verdict < tc.min || !strings.Contains(d.Message, tc.link)) {
			t.Errorf("Decide(%s) = %v %q, want at least %v naming %s", tc.path, d.Verdict, d.Message, tc.min, tc.link)
		}
	}
}
