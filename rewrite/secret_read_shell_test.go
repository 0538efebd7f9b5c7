package rewrite

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestShellReadChannels: bash reads a file through channels other than
// its script (start-up files, history, readline bindings) and prints its
// lines: a key's body lines are quoted one by one in "command not found"
// errors, a history is listed, readline quotes each bad binding. Each
// row runs in the real bash (or dash for sh) on canary files, with HOME
// pointed at the scratch home; the look-alikes read files that are no
// secret.
func TestShellReadChannels(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa": "-----BEGIN OPENSSH PRIVATE KEY-----\nCANARYKEYLINE\n-----END OPENSSH PRIVATE KEY-----\n",
		"home/.inputrc":    "set editing-mode vi\n",
		"proj/.env":        "API_KEY=CANARY\n",
		"proj/notes.env":   "\n",
		"proj/setup.sh":    "echo setup\n",
		"proj/hist.txt":    "ls\n",
		"proj/.git/":       "",
	})
	proj := filepath.Join(filepath.Dir(cfg.Home), "proj")
	cfg.Cwd = proj
	tests := []struct {
		cmd, want string
		prints    bool // the real shell prints the canary
		run       bool
	}{
		{`bash --rcfile ~/.ssh/id_rsa -i -c :`, "deny", true, true},
		{`bash --init-file ~/.ssh/id_rsa -ic :`, "deny", true, true},
		{`BASH_ENV=~/.ssh/id_rsa bash -c :`, "deny", true, true},
		{`env BASH_ENV=~/.ssh/id_rsa bash -c :`, "deny", true, true},
		{`export BASH_ENV=~/.ssh/id_rsa; bash -c 'echo hi'`, "deny", true, true},
		{`ENV=~/.ssh/id_rsa sh -ic :`, "deny", true, true},
		{`ENV=~/.ssh/id_rsa bash --posix -ic :`, "deny", true, true},
		{`history -r .env; history`, "deny", true, true},
		{`HISTFILE=.env; history -r; history`, "deny", true, true},
		{`history -n ~/.ssh/id_rsa; fc -l`, "deny", true, true},
		{`HISTFILE=.env; set -o history; history`, "deny", true, true},
		{`bind -f .env`, "deny", true, true},
		{`bind -f ~/.ssh/id_rsa`, "deny", true, true},
		{`INPUTRC=.env bash -i`, "deny", true, true},
		// A program that may start a bash (a recipe, a hook, a script),
		// and a project .env whose lines are assignments: its values are
		// left in variables corral does not follow there.
		{`export BASH_ENV=~/.ssh/id_rsa; git status`, "ask", false, false},
		{`BASH_ENV=~/.ssh/id_rsa make`, "ask", false, false},
		{`BASH_ENV=.env bash -c 'echo $API_KEY'`, "ask", true, true},
		// Look-alikes: the same channels on files that are no secret.
		{`BASH_ENV=./setup.sh bash -c 'echo hi'`, "allow", false, true},
		{`export BASH_ENV=./setup.sh; make`, "allow", false, false},
		{`bash --rcfile setup.sh -i -c :`, "allow", false, true},
		{`ENV=setup.sh sh -i -c :`, "allow", false, true},
		{`history -r hist.txt; history`, "allow", false, true},
		{`history 10`, "allow", false, true},
		{`bind -f ~/.inputrc`, "allow", false, true},
		{`INPUTRC=~/.inputrc bash -i -c :`, "allow", false, true},
		{`HISTFILE=hist.txt; set -o history; history`, "allow", false, true},
		{`bash -c 'history -r; history'`, "allow", false, true},
		{`export BASH_ENV=~/.ssh/id_rsa; echo hi`, "allow", false, true}, // echo starts no bash
	}
	for _, tt := range tests {
		r := Check(cfg, tt.cmd)
		if got := r.Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, r.Findings)
		}
		if tt.want != "allow" && !strings.Contains(r.Findings[0].Rule, "secret-read") {
			t.Errorf("%s: found by %s, want secret-read", tt.cmd, r.Findings[0].Rule)
		}
		if !tt.run {
			continue
		}
		// sh is the system's /bin/sh (dash on Debian), which reads ENV
		// as bash --posix does.
		cmd := exec.Command("bash", "-c", tt.cmd)
		cmd.Dir = proj
		cmd.Env = append(cmd.Environ(), "HOME="+cfg.Home, "HISTFILE=", "BASH_ENV=", "ENV=", "INPUTRC=")
		out, _ := cmd.CombinedOutput()
		if got := strings.Contains(string(out), "CANARY"); got != tt.prints {
			t.Errorf("%s: the shell prints the canary: %v, the test says %v (%q)", tt.cmd, got, tt.prints, out)
		}
	}
}
