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

// TestNestedScriptHead: a nested script that does not parse (eval's text,
// bash -c's string, a trap, a mapfile callback, a script file) runs the
// complete commands before the line of its syntax error, as the top level
// does, so those are judged in place; the rest is judged by its words and
// by the parts of it that parse on their own, so a command name spelled
// with quotes (r""m) or a reader no word list names (cat) is no longer
// let through (red team of 2026-12-05: each of these was allowed).
func TestNestedScriptHead(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "a\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// The head runs: judged as the commands it holds.
		{`eval $'r""m -rf ~\n)'`, "deny"},
		{`bash -c $'r""m -rf ~\n)'`, "deny"},
		{`sudo bash -c $'r""m -rf /\n)'`, "deny"},
		{`bash -c $'cat ~/.ssh/id_rsa\n)'`, "deny"},
		{`trap $'cat ~/.ssh/id_rsa\n)' EXIT`, "deny"},
		{`mapfile -C 'cat ~/.ssh/id_rsa #' -c1 a <<< x`, "deny"},
		{`eval $'t""ee -a ~/.bashrc <<< evil\n)'`, "deny"},
		{`bash -c $'corr""al confirm\n)'`, "deny"},
		{`bash -c $'echo ok\ncat ~/.ssh/id_rsa\nfi'`, "deny"},
		// Text bash accepts and corral's parser refuses (! ! cmd): the
		// part that parses on its own is flagged, so the whole asks.
		{`bash -c 'cat ~/.ssh/id_rsa; ! ! true'`, "ask"},
		{`eval 'r""m -rf ~; ! ! :'`, "ask"},
		{`bash -c '! ! :; r""m -rf ~'`, "ask"},
		{`eval 'r""m -rf ~; function f [[ 1 ]]'`, "ask"},
		// Look-alikes: a harmless head, a broken script that holds
		// nothing flagged, the same text as data.
		{`bash -c $'echo hi\n)'`, "allow"},
		{`eval $'ls\nif'`, "allow"},
		{`bash -c $'cat a.txt\n)'`, "allow"},
		{`echo $'r""m -rf ~\n)'`, "allow"},
		{`printf '%s\n' 'cat ~/.ssh/id_rsa; ! ! true'`, "allow"},
	})
	// A script file on disk that does not parse: its head is judged, and
	// the finding names the file and line.
	for name, text := range map[string]string{"broken.sh": "r\"\"m -rf ~\n)\n", "late.sh": "echo ok\ncat ~/.ssh/id_rsa\nfi\n"} {
		if err := os.WriteFile(filepath.Join(cfg.Project, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ cmd, where string }{
		{"bash broken.sh", "broken.sh:1"}, {"source broken.sh", "broken.sh:1"}, {"bash < broken.sh", "broken.sh:1"},
		{"bash late.sh", "late.sh:2"}, {". ./late.sh", "late.sh:2"},
	} {
		r := Check(cfg, c.cmd)
		if r.Decision != Deny || len(r.Findings) == 0 || !strings.Contains(r.Findings[0].Message, c.where) {
			t.Errorf("%s: %s %v, want deny naming %s", c.cmd, r.Decision, r.Findings, c.where)
		}
	}
}

// TestNestedScriptHeadOracle runs the shapes of TestNestedScriptHead in
// the real bash with a canary in place of the deletion: bash runs the
// lines before the syntax error (and all of a text only corral's parser
// refuses) through bash -c, eval and a script file alike.
func TestNestedScriptHeadOracle(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not found")
	}
	for _, text := range []string{"t\"\"ouch canary\n)", "echo ok\ntouch canary\nfi", "! ! :; touch canary", "touch canary; ! ! :"} {
		for _, how := range []string{"-c", "eval", "file"} {
			dir := t.TempDir()
			var cmd *exec.Cmd
			switch how {
			case "-c":
				cmd = exec.Command(bash, "-c", text)
			case "eval":
				cmd = exec.Command(bash, "-c", `eval "$1"`, "_", text)
			default:
				if err := os.WriteFile(filepath.Join(dir, "s.sh"), []byte(text+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				cmd = exec.Command(bash, "s.sh")
			}
			cmd.Dir = dir
			out, _ := cmd.CombinedOutput()
			if _, err := os.Stat(filepath.Join(dir, "canary")); err != nil {
				t.Errorf("bash %s %q: no canary, want the commands before the error run (%s)", how, text, out)
			}
		}
	}
}
