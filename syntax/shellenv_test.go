package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestShellEnvRunsCode: prompts an interactive shell expands (PS0, PS1,
// PS2), the program $SHELL names where script, tmux, screen, sudo -s,
// su -m, flock -c or unshare without a command start it, git's exec
// path (GIT_EXEC_PATH, --exec-path=DIR), a library LD_PRELOAD loads from
// the project, ruby -r./x (x.rb), and the lines a while-read loop runs
// from a file. Look-alikes: ordinary prompts, a prompt of a shell that
// is not interactive, a system shell in SHELL, git --exec-path alone, a
// system library, a loop printing its lines.
func TestShellEnvRunsCode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"evil.sh":    "#!/bin/sh\nrm -rf /victim\n",
		"bin/git-up": "#!/bin/sh\nrm -rf /victim\n",
		"x.rb":       "system('rm -rf /victim')\n",
		"x":          "puts 1\n",
		"cmds.txt":   "make\nrm -rf /victim\n",
		"ok.txt":     "make\ngo test ./...\n",
		"one.txt":    "rm -rf /victim\n",
		"lib/x.so":   "\x7fELF",
	})
	for _, tc := range []struct {
		cmd  string
		rm   bool
		hide bool
	}{
		{`PS1='$(rm -rf /victim)' bash -i`, true, false},
		{`PS0='$(rm -rf /victim)' bash -i`, true, false},
		{"PS2='`rm -rf /victim`' sh -i", true, false},
		{`export PS1='$(rm -rf /victim)'; bash -i`, true, false},
		{`PS1="$X" bash -i`, false, true},
		{`SHELL=./evil.sh script -q /dev/null`, true, false},
		{`SHELL=./evil.sh tmux new -d`, true, false},
		{`SHELL=./evil.sh sudo -s`, true, false},
		{`SHELL=./evil.sh sudo -Es ls`, true, false},
		{`SHELL=./evil.sh flock /tmp/l -c true`, true, false},
		{`SHELL=./evil.sh unshare -r`, true, false},
		{`export SHELL=$PWD/evil.sh; screen -dmS x`, true, false},
		{`SHELL="$S" script`, false, true},
		{`GIT_EXEC_PATH=bin git up`, true, false},
		{`git --exec-path=bin up`, true, false},
		{`git --exec-path=. status`, false, true},
		{`LD_PRELOAD=./lib/x.so ls`, false, true},
		// A missing library: what is put there before ls starts is
		// loaded (TestLoaderVarsMissingLibrary in rewrite).
		{`LD_PRELOAD=./missing.so ls`, false, true},
		{`RUBYOPT=-r./x ruby -e 1`, true, false},
		{`ruby -r./x -e 1`, true, false},
		{`while read -r l; do $l; done < cmds.txt`, true, false},
		{`while read -r l; do eval "$l"; done < cmds.txt`, true, false},
		{`while IFS= read -r l; do sh -c "$l"; done < one.txt`, true, false},
		// Look-alikes.
		{`PS1='\u@\h:\w\$ ' bash -i`, false, false},
		{`PS1='$(rm -rf /victim)' bash -c true`, false, false},
		{`SHELL=/bin/bash tmux new -d`, false, false},
		{`SHELL=zsh script -q /dev/null`, false, false},
		{`SHELL=./evil.sh sudo ls`, false, false},
		{`SHELL=./evil.sh flock /tmp/l true`, false, false},
		{`SHELL=./evil.sh unshare -r ls`, false, false},
		{`git --exec-path`, false, false},
		{`GIT_EXEC_PATH=/usr/lib/git-core git status`, false, false},
		{`LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2 ls`, false, false},
		{`LD_PRELOAD=libjemalloc.so.2 ls`, false, false},
		{`while read -r l; do echo "$l"; done < cmds.txt`, false, false},
		{`while read -r l; do $l; done < ok.txt`, false, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
		if hide := len(m.Hidden) > 0; hide != tc.hide {
			t.Errorf("%s: hidden %v (%+v), want %v", tc.cmd, hide, m.Hidden, tc.hide)
		}
	}
}

// TestShellEnvOracle runs the real programs with a canary directory the
// code deletes, and checks corral sees the deletion exactly when it
// happens: prompts of an interactive bash (PS1, PS0) and of bash -x
// (PS4), the program SHELL names under script -c and flock -c, git's
// helper from its exec path. Look-alike: PS1 of bash -c.
func TestShellEnvOracle(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	t.Parallel()
	for _, tc := range []struct {
		name, cmd, need string
		gone            bool
	}{
		{"ps1", `echo true | PS1='$(rm -rf canary)' bash --norc --noprofile -i 2>/dev/null`, "", true},
		{"ps0", `echo true | PS0='$(rm -rf canary)' bash --norc --noprofile -i 2>/dev/null`, "", true},
		// bash run as root ignores PS4 from its environment: set inside.
		{"ps4", `bash -c "PS4='\$(rm -rf canary)'; set -x; true" 2>/dev/null`, "", true},
		{"ps1-not-interactive", `PS1='$(rm -rf canary)' bash --norc -c true`, "", false},
		{"script-shell", `SHELL=./sh.sh script -q -c true /dev/null >/dev/null`, "script", true},
		{"flock-shell", `SHELL=./sh.sh flock lockfile -c true`, "flock", true},
		{"git-exec-path", `GIT_EXEC_PATH=$PWD/bin git frob`, "git", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.need != "" {
				if _, err := exec.LookPath(tc.need); err != nil {
					t.Skip(tc.need + " not installed")
				}
			}
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{
				"sh.sh":        "#!/bin/sh\nrm -rf canary\n",
				"bin/git-frob": "#!/bin/sh\nrm -rf canary\n",
				"canary/keep":  "x",
			})
			cmd := exec.Command("bash", "-c", tc.cmd)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "HOME="+dir)
			_ = cmd.Run()
			_, err := os.Stat(filepath.Join(dir, "canary"))
			if gone := err != nil; gone != tc.gone {
				t.Fatalf("real run: canary gone %v, want %v", gone, tc.gone)
			}
			m := analyzeIn(t, dir, tc.cmd)
			if seen := deletes(m, "canary"); seen != tc.gone {
				t.Errorf("%s: corral sees canary deleted: %v, real run %v", tc.cmd, seen, tc.gone)
			}
		})
	}
}
