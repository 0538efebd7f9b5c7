package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// attrCanary is a scratch world for the code-attribute tests: a project
// with a.txt and script.sh, a home with the agent's settings and a
// .bashrc, and corral's program at opt/bin/corral, registered as the
// pass's own file.
func attrCanary(t *testing.T) (*Config, string) {
	t.Helper()
	root := t.TempDir()
	for rel, content := range map[string]string{
		"proj/a.txt": "a\n", "proj/script.sh": "#!/bin/sh\n", "proj/build/x.o": "o",
		"home/.claude/settings.json": "{}\n", "home/.bashrc": "# rc\n", "opt/bin/corral": "#!/bin/sh\nexit 0\n",
	} {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	proj, home := filepath.Join(root, "proj"), filepath.Join(root, "home")
	exe := filepath.Join(root, "opt", "bin", "corral")
	sb := filepath.Join(proj, "agent_sandbox")
	cfg := &Config{Cwd: proj, Project: proj, Home: home, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto,
		Protected: []string{exe}, Paths: guards.DefaultPolicy().WithSelfProtection([]string{exe}, sb)}
	return cfg, root
}

// TestCodeAttrCallsExec runs interpreter one-liners that rename, truncate,
// chmod or chown files (red-team J2) with the real interpreter in a
// scratch world, checks that the program did what the case says (the
// harm is real), and that corral judges the same line as the shell
// command of the same effect: moving the agent's settings away, emptying
// or locking corral's program is denied; renaming or chmod-ing the
// project's own files passes. Interpreters not installed are skipped.
func TestCodeAttrCallsExec(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		prog, code string
		want       Decision
		// effect reports, after the run, whether the program did it.
		effect func(root string) bool
	}{
		{"python3", `import shutil; shutil.move("ROOT/home/.claude", "ROOT/c")`, Deny, canaryGone("home/.claude")},
		{"python3", `import os; os.rename(os.path.expanduser("~/.claude/settings.json"), "ROOT/s")`, Deny, canaryGone("home/.claude/settings.json")},
		{"python3", `import os; os.truncate("ROOT/opt/bin/corral", 0)`, Deny, canaryEmpty("opt/bin/corral")},
		{"python3", `import os; os.chmod("ROOT/opt/bin/corral", 0)`, Deny, canaryMode("opt/bin/corral", 0)},
		{"python3", `import os; os.chown("ROOT/opt/bin/corral", 0, 0)`, Deny, nil},
		{"node", `require("fs").renameSync(require("os").homedir() + "/.claude", "ROOT/c")`, Deny, canaryGone("home/.claude")},
		{"node", `require("fs").truncateSync("ROOT/opt/bin/corral")`, Deny, canaryEmpty("opt/bin/corral")},
		{"node", `require("fs").chmodSync("ROOT/opt/bin/corral", 0)`, Deny, canaryMode("opt/bin/corral", 0)},
		{"perl", `rename "$ENV{HOME}/.claude/settings.json", "ROOT/s"`, Deny, canaryGone("home/.claude/settings.json")},
		{"perl", `truncate "ROOT/opt/bin/corral", 0`, Deny, canaryEmpty("opt/bin/corral")},
		{"perl", `chmod 0, "ROOT/opt/bin/corral"`, Deny, canaryMode("opt/bin/corral", 0)},
		{"ruby", `File.rename(Dir.home + "/.claude", "ROOT/c")`, Deny, canaryGone("home/.claude")},
		{"ruby", `File.truncate("ROOT/opt/bin/corral", 0)`, Deny, canaryEmpty("opt/bin/corral")},
		{"php", `rename(getenv("HOME") . "/.claude", "ROOT/c");`, Deny, canaryGone("home/.claude")},
		// Look-alikes: the project's own files.
		{"python3", `import os; os.rename("a.txt", "b.txt")`, Allow, canaryGone("proj/a.txt")},
		{"python3", `import os; os.chmod("script.sh", 0o700)`, Allow, canaryMode("proj/script.sh", 0o700)},
		{"node", `require("fs").chmodSync("script.sh", 0o700)`, Allow, canaryMode("proj/script.sh", 0o700)},
		{"node", `require("fs").renameSync("a.txt", "b.txt")`, Allow, canaryGone("proj/a.txt")},
		{"perl", `rename "a.txt", "b.txt"; chmod 0700, "script.sh"`, Allow, canaryGone("proj/a.txt")},
		{"perl", `truncate "a.txt", 0`, Allow, canaryEmpty("proj/a.txt")},
	} {
		bin, err := exec.LookPath(tc.prog)
		if err != nil {
			continue
		}
		cfg, root := attrCanary(t)
		code := strings.ReplaceAll(tc.code, "ROOT", root)
		flag := map[string]string{"python3": "-c", "node": "-e", "perl": "-e", "ruby": "-e", "php": "-r"}[tc.prog]
		line := tc.prog + " " + flag + " " + shellQuote(code)
		got := Check(cfg, line)
		if tc.want == Allow && got.Decision > Warn || tc.want != Allow && got.Decision != tc.want {
			t.Errorf("%s: %v, want %v (%v)", line, got.Decision, tc.want, got.Findings)
		}
		cmd := exec.Command(bin, flag, code)
		cmd.Dir = cfg.Project
		cmd.Env = []string{"HOME=" + cfg.Home, "PATH=" + os.Getenv("PATH")}
		if out, err := cmd.CombinedOutput(); err != nil && tc.effect != nil {
			t.Errorf("%s: %v: %s", line, err, out)
			continue
		}
		if tc.effect != nil && !tc.effect(root) {
			t.Errorf("%s: the program did not do what the case says", line)
		}
	}
}

// canaryGone, canaryEmpty and canaryMode report, under root, a file gone,
// emptied, or with mode m.
func canaryGone(rel string) func(string) bool {
	return func(root string) bool {
		_, err := os.Lstat(filepath.Join(root, rel))
		return os.IsNotExist(err)
	}
}

func canaryEmpty(rel string) func(string) bool {
	return func(root string) bool {
		fi, err := os.Stat(filepath.Join(root, rel))
		return err == nil && fi.Size() == 0
	}
}

func canaryMode(rel string, m os.FileMode) func(string) bool {
	return func(root string) bool {
		fi, err := os.Stat(filepath.Join(root, rel))
		return err == nil && fi.Mode().Perm() == m
	}
}
