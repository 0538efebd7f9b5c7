package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSourceThroughPath: . and source look a name without a slash up in
// PATH first (shopt sourcepath), bash FILE in the working directory and
// then PATH; bash prints each line of a file that is no script in its
// errors (id_rsa: line 2: …: command not found). The file found there
// is the one judged, secret or script (rt5 class 3). Real bash on a
// scratch home shows the canary printed where corral refuses, and not
// where it allows.
func TestSourceThroughPath(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":       "-----BEGIN OPENSSH PRIVATE KEY-----\nCANARYKEY\n",
		"home/.aws/credentials":  "[default]\naws_secret_access_key = CANARYKEY\n",
		"home/bin/env.sh":        "echo ready\n",
		"proj/scripts/wipe.sh":   "rm -rf ~\n",
		"proj/scripts/config":    "X=1\n",
		"proj/.git/":             "",
		"proj/.env":              "API_KEY=1\n",
		"proj/notes/credentials": "not a secret here\n",
	})
	proj := filepath.Join(filepath.Dir(cfg.Home), "proj")
	cfg.Cwd = proj
	tests := []struct {
		cmd, want string
		prints    bool // real bash prints the canary
		run       bool // safe to run with real bash
	}{
		{"PATH=~/.ssh . id_rsa", "deny", true, true},
		{"PATH=~/.ssh source id_rsa", "deny", true, true},
		// bash's error names only a line's first word here (key = value);
		// set -v shows every line it reads.
		{"PATH=$HOME/.aws:$PATH; . credentials", "deny", false, true},
		{"set -v; PATH=$HOME/.aws:$PATH; . credentials", "deny", true, true},
		// bash runs the id_rsa PATH finds (~/.ssh's, none in the
		// project): a shell running a secret prints its lines.
		{"PATH=$HOME/.ssh:$PATH bash id_rsa", "deny", true, true},
		{"export PATH=~/.aws:$PATH; bash -v credentials", "ask", true, true},
		{`PATH=$HOME/.ssh:$PATH bash -c '. id_rsa'`, "deny", true, true},
		{`export PATH=$HOME/.aws:$PATH; bash -c 'set -v; . credentials'`, "deny", true, true},
		// A PATH only run time knows: the name in the home directory.
		{`PATH=$(cat p) . id_rsa`, "deny", false, false},
		// A script found in PATH is read as the script it is.
		{"PATH=scripts . wipe.sh", "deny", false, false},
		{"PATH=scripts:$PATH bash wipe.sh", "deny", false, false},
		{"PATH=scripts bash wipe.sh", "deny", false, false},
		{"bash scripts/wipe.sh", "deny", false, false},
		{"PATH=scripts:$PATH . wipe.sh", "deny", false, false},
		// Look-alikes: sourcepath off, a PATH without the file, a file
		// in the working directory, a script that is no secret.
		{"shopt -u sourcepath; PATH=~/.ssh . id_rsa", "allow", false, true},
		{"PATH=~/bin:$PATH . env.sh", "allow", false, true},
		{"PATH=scripts . config", "allow", false, true},
		{"cd notes && PATH=/nowhere . credentials", "allow", false, true},
		{"PATH=~/.ssh:$PATH ls", "allow", false, true},
		{"export PATH=$HOME/.cargo/bin:$PATH; source .env", "allow", false, true},
		{"PATH=/nowhere; . .env", "allow", false, true},
	}
	for _, tt := range tests {
		if got := Check(cfg, tt.cmd).Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, Check(cfg, tt.cmd).Findings)
		}
		if !tt.run {
			continue
		}
		cmd := exec.Command("bash", "-c", tt.cmd)
		cmd.Dir = proj
		cmd.Env = append(os.Environ(), "HOME="+cfg.Home)
		out, _ := cmd.CombinedOutput()
		if got := strings.Contains(string(out), "CANARYKEY"); got != tt.prints {
			t.Errorf("%s: bash prints the canary: %v, the test says %v (%q)", tt.cmd, got, tt.prints, out)
		}
	}
}
