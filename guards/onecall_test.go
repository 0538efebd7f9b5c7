package guards

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestOneCallSameAnswers: a process that has called OneCall (remembering
// absent paths, and the paths below them, instead of looking them up
// again) judges every path as a process that has not: links into
// protected names, linked hooks directories, dangling links, absent
// directories with children asked about, names under a file. Each mode
// runs in its own process (the flag is for the whole process, and the
// other tests of this package create files after judging).
func TestOneCallSameAnswers(t *testing.T) {
	if dir := os.Getenv("GUARDS_ONECALL_TREE"); dir != "" {
		return // the child's run of this test: TestOneCallChild answers
	}
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
	write(filepath.Join(proj, "scripts", "pre-commit.sh"))
	write(filepath.Join(proj, ".git", "HEAD"))
	symlink("../../scripts/pre-commit.sh", filepath.Join(proj, ".git", "hooks", "pre-commit"))
	write(filepath.Join(proj, "conf", "claude.json"))
	symlink("../conf/claude.json", filepath.Join(proj, ".claude", "settings.local.json"))
	symlink("missing/target", filepath.Join(proj, "dangling"))
	symlink("../home/.config", filepath.Join(proj, "cfg"))
	write(filepath.Join(home, "dotfiles", "claude", "settings.json"))
	symlink("../dotfiles/claude/settings.json", filepath.Join(home, ".claude", "settings.json"))
	write(filepath.Join(home, ".ssh", "id_rsa"))
	write(filepath.Join(proj, "file"))

	paths := []string{
		"scripts/pre-commit.sh", "conf/claude.json", "conf/other.json",
		".git/hooks/pre-commit", ".claude/settings.local.json", ".claude/skills/x/SKILL.md",
		"dangling", "dangling/x", "cfg/fish/config.fish", "cfg/opencode/opencode.json",
		"~/dotfiles/claude/settings.json", "~/.claude/settings.json", "~/.config/fish/conf.d/a.fish",
		"~/.ssh/id_rsa", "~/.aws/credentials", "~/.qwen/settings.json", "~/.qwen/commands/x.md",
		"file/below", "absent/a/b/c", "absent/a/../b", "src/x.ts", "../outside/x",
		// Names that differ from existing ones only in case, asked after
		// the home and the project have been read (listing.go).
		"~/.SSH/id_rsa", "~/.Claude/settings.json", "SCRIPTS/pre-commit.sh", ".GIT/hooks/pre-commit",
	}
	run := func(once string) string {
		t.Helper()
		cmd := exec.Command(os.Args[0], "-test.run=^TestOneCallChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), "GUARDS_ONECALL_TREE="+root, "GUARDS_ONECALL="+once,
			"GUARDS_ONECALL_PATHS="+strings.Join(paths, "\n"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child (OneCall=%s): %v\n%s", once, err, out)
		}
		return string(out)
	}
	plain, once := run("0"), run("1")
	if plain != once {
		t.Errorf("answers differ with OneCall:\nwithout:\n%s\nwith:\n%s", plain, once)
	}
	for _, want := range []string{"scripts/pre-commit.sh write deny", "conf/claude.json write deny", "~/.ssh/id_rsa write deny", "src/x.ts write warn", "dangling write allow"} {
		if !strings.Contains(plain, want) {
			t.Errorf("answers lack %q (the comparison would prove nothing):\n%s", want, plain)
		}
	}
}

// TestOneCallChild prints the answers TestOneCallSameAnswers compares;
// it does nothing outside that test's child processes.
func TestOneCallChild(t *testing.T) {
	root := os.Getenv("GUARDS_ONECALL_TREE")
	if root == "" {
		t.Skip("run by TestOneCallSameAnswers")
	}
	if os.Getenv("GUARDS_ONECALL") == "1" {
		OneCall()
	}
	home, proj := filepath.Join(root, "home"), filepath.Join(root, "proj")
	env := Env{Project: proj, Cwd: proj, Home: home, Sandbox: filepath.Join(proj, "agent_sandbox")}
	pol := DefaultPolicy().WithSelfProtection(nil, env.Sandbox)
	var b strings.Builder
	for _, p := range strings.Split(os.Getenv("GUARDS_ONECALL_PATHS"), "\n") {
		for _, a := range []Action{Write, Delete} {
			d := pol.Decide(env, p, a)
			name := "write"
			if a == Delete {
				name = "delete"
			}
			fmt.Fprintf(&b, "%s %s %s %q\n", p, name, strings.ToLower(d.Verdict.String()), d.Message)
		}
		fmt.Fprintf(&b, "%s name %s\n", p, NormalizeName(env, p).Abs)
		fmt.Fprintf(&b, "%s norm %s\n", p, Normalize(env, p).Abs)
	}
	fmt.Print(b.String())
}
