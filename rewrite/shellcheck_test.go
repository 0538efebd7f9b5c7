package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestShellsRejectedText checks what corral does with text its parser
// refuses: when the machine's shells refuse it too, only the lines before
// the error can run, and only they are judged.
func TestShellsRejectedText(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found")
	}
	cases := []struct {
		cmd  string
		want Decision
		rule string
	}{
		// A placeholder left in: no shell parses the line, nothing runs.
		{"du -s <file>", Allow, ""},
		{"yes no | <command>", Allow, ""},
		{"find -name '*.jpg", Allow, ""},
		{"find . ( -name a.out -o -name *.o ) -print", Allow, ""},
		{"rm -rf ~; find . ( -name x )", Allow, ""},
		// One quote or operator away from a command corral asks about:
		// nothing runs now, but the intent is plain, so the person is
		// asked (the repaired command is what the model runs next).
		{"git reset --hard 'unterminated", Ask, "unparsed"},
		{"rm -rf ~ 'oops", Ask, "unparsed"},
		{"&& git reset --hard", Ask, "unparsed"},
		{"'git reset --hard HEAD", Ask, "unparsed"},
		// Repaired, these are harmless or a rewrite: no near miss.
		{"git restore --help 'unterminated", Allow, ""},
		{"echo \"find . -delete", Allow, ""},
		{"git clone 'https://github.com/a/b.git", Allow, ""},
		// The lines before the error run, and are judged.
		{"rm -rf ~\nfind . ( -name x )", Deny, "bash-delete"},
		{"ls\nfind . ( -name x )", Allow, ""},
		{"git clone https://github.com/a/b\nfind . ( -name x )", Ask, "unparsed"},
		// An alias, a sourced file or a shell option may make the
		// later lines parse: judged as before, by their words.
		{"shopt -s expand_aliases; alias begin='{'\nbegin rm -rf ~; }", Ask, "unparsed"},
		{"alias begin='{'\nbegin rm -rf ~; }", Ask, "unparsed"},
		{". ./defs.sh\nbegin rm -rf ~; }", Ask, "unparsed"},
		// The shells accept it although corral's parser does not.
		{"find -type d -empty -exec rmdir -vp {} `;`", Ask, "unparsed"},
		// A compound command left open runs nothing either, but the
		// line before its end is cut, so the words decide.
		{"echo a\nif true; then\nrm -rf ~", Ask, "unparsed"},
	}
	for _, c := range cases {
		cfg := testConfig()
		cfg.Paths = guards.DefaultPolicy()
		r := Check(cfg, c.cmd)
		if r.Decision != c.want {
			t.Errorf("%q: decision %s, want %s (findings %v, notes %v)", c.cmd, r.Decision, c.want, r.Findings, r.Notes)
			continue
		}
		if c.rule != "" && (len(r.Findings) == 0 || r.Findings[0].Rule != c.rule) {
			t.Errorf("%q: findings %v, want rule %s", c.cmd, r.Findings, c.rule)
		}
		cfg.NoBashCheck = true
		if off := Check(cfg, c.cmd); c.want == Allow && off.Decision != Allow && !strings.Contains(c.cmd, "\n") {
			// Without the check the same text is judged by its words.
			if off.Findings[0].Rule != "unparsed" {
				t.Errorf("%q without the shell check: %v", c.cmd, off.Findings)
			}
		}
	}
}

// TestShellsRejectedRunNothing runs the allowed texts in the real shells:
// a canary that the text names for deletion survives, and a canary named
// on a line before the error does not (so the lines before it are judged).
func TestShellsRejectedRunNothing(t *testing.T) {
	for _, sh := range []string{"bash", "sh", "zsh"} {
		path, err := exec.LookPath(sh)
		if err != nil {
			continue
		}
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		for _, c := range []struct {
			cmd      string
			survives bool
		}{
			{"rm -f canary; find . ( -name x )", true},
			{"rm -f canary; du -s <file>", true},
			{"rm -f canary\nfind . ( -name x )", false},
		} {
			if err := os.WriteFile(canary, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			cfg := &Config{Cwd: dir, Project: dir, Home: "/nonexistent", Sandbox: filepath.Join(dir, "agent_sandbox"), Mode: ModeRewrite, Approve: ApproveAuto}
			r := Check(cfg, c.cmd)
			cmd := exec.Command(path, "-c", c.cmd)
			cmd.Dir = dir
			out, runErr := cmd.CombinedOutput()
			if runErr == nil {
				t.Errorf("%s -c %q: exit 0, want a syntax error", sh, c.cmd)
			}
			_, statErr := os.Stat(canary)
			if survived := statErr == nil; survived != c.survives {
				t.Errorf("%s -c %q: canary survived = %v, want %v (%s)", sh, c.cmd, survived, c.survives, out)
			}
			// corral lets through only the text that runs nothing; the
			// deletion on a line of its own is seen (rm of a project file
			// passes, so it is the finding's absence that is checked).
			if c.survives && r.Decision != Allow {
				t.Errorf("%q: %s, want allow (nothing runs)", c.cmd, r.Decision)
			}
			if !c.survives && (len(r.Notes) == 0 || !strings.Contains(r.Notes[0], "shells reject it at line 2")) {
				t.Errorf("%q: notes %v, want the lines before line 2 judged", c.cmd, r.Notes)
			}
		}
	}
}

// TestCarriageReturnIsAWordCharacter: bash reads \r as part of a word, so
// ./run\r runs the file "run\r" and corral must read that file, not "run".
func TestCarriageReturnIsAWordCharacter(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "run\r"), []byte("rm -rf ~/x\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "run"), []byte("echo hi\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Cwd: dir, Project: dir, Home: "/home/u", Sandbox: filepath.Join(dir, "agent_sandbox"), Mode: ModeRewrite, Approve: ApproveAuto, Paths: guards.DefaultPolicy()}
	if r := Check(cfg, "./run\r"); r.Decision < Ask {
		t.Errorf("./run\\r runs the script run\\r (rm -rf ~/x): %s %v", r.Decision, r.Findings)
	}
	if r := Check(cfg, "./run"); r.Decision != Allow {
		t.Errorf("./run runs echo hi: %s %v", r.Decision, r.Findings)
	}
	// bash looks for a command named "rm\r": nothing is deleted.
	if r := Check(cfg, "rm\r -rf ~"); r.Decision != Allow {
		t.Errorf("rm\\r is not rm: %s %v", r.Decision, r.Findings)
	}
}
