package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTmuxArgvSplitOracle runs the installed tmux with command words
// separated as a shell hands them over (a word ";" or one ending in ";"
// ends a command, "\;" at a word's end is a literal ";", one word holding
// a whole command line names no command) and checks that corral finds
// run-shell's command exactly when tmux runs it.
func TestTmuxArgvSplitOracle(t *testing.T) {
	bin, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed")
	}
	for i, tail := range []string{
		`new-session -d \; run-shell 'touch MARK'`,
		`new-session -d ';' run-shell 'touch MARK'`,
		`new-session -d 'sleep 1;' run-shell 'touch MARK'`,
		`new-session -d 'x\;' run-shell 'touch MARK'`,
		`'run-shell "touch MARK"'`,
		`new-session -d\; run-shell 'touch MARK'`,
	} {
		dir := t.TempDir()
		mark := filepath.Join(dir, "mark")
		sock := filepath.Join(dir, "s")
		line := strings.ReplaceAll(tail, "MARK", mark)
		cmd := exec.Command("/bin/sh", "-c", bin+" -S "+sock+" -f /dev/null "+line)
		cmd.Dir = dir
		_ = cmd.Run()
		ran := false
		for k := 0; k < 20 && !ran; k++ {
			_, err := os.Stat(mark)
			ran = err == nil
			if !ran {
				time.Sleep(50 * time.Millisecond)
			}
		}
		_ = exec.Command(bin, "-S", sock, "kill-server").Run()
		m, err := Analyze("tmux "+line, Options{Cwd: dir, Home: dir})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, c := range m.Calls {
			found = found || c.Name == "touch"
		}
		if found != ran {
			t.Errorf("%d: tmux %s: tmux ran it %v, corral finds it %v", i, tail, ran, found)
		}
	}
}
