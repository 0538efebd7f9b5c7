package rewrite

import (
	"os/exec"
	"testing"
)

// TestBackgroundReadRace: a command run in the background (cmd &) reads
// the script it runs while the shell goes on with what follows the &, so
// a later write of that file by another command of the same line can
// come first and the background command then runs the new text (bash
// gives either order; the rows marked race force the late read with a
// sleep and run in real bash against a canary ~/.bashrc, which the late
// text writes). corral asks (syntax/bgrace.go). Look-alikes: another
// file, a write after a plain wait, a write inside the same background
// command after its read, an ordinary server started in the background.
func TestBackgroundReadRace(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"proj/ok.sh": "echo ok\n",
		"proj/p.sh":  "echo pwned > ~/.bashrc\n",
	}
	cfg := scratchProject(t, files)
	rows := []struct {
		cmd, want string
		race      bool // run in bash: the canary gets the late text
	}{
		{"echo 'echo hi' > s.sh && bash s.sh & echo 'echo pwned > ~/.bashrc' > s.sh; wait", "ask", false},
		{"echo 'echo hi' > s.sh && sleep 0.3 && bash s.sh & sleep 0.1; echo 'echo pwned > ~/.bashrc' > s.sh; wait", "ask", true},
		{"(cp ok.sh s.sh; sleep 0.3; sh s.sh) & sleep 0.1; cp p.sh s.sh; wait", "ask", true},
		{"{ sleep 0.3; . ./s.sh; } & echo 'echo pwned > ~/.bashrc' > s.sh; wait", "ask", true},
		{"(sleep 0.3; bash ok.sh) & (cat p.sh > ok.sh) & wait", "ask", true},
		// Look-alikes.
		{"echo 'echo hi' > s.sh && bash s.sh & echo 'echo hi' > t.sh; wait", "allow", false},
		{"bash ok.sh & wait; echo 'echo x' > ok.sh", "allow", false},
		{"(echo 'echo hi' > s.sh; bash s.sh; echo 'echo x' > s.sh) & wait", "allow", false},
		{"bash ok.sh & echo x > notes.txt; wait", "allow", false},
	}
	if _, err := exec.LookPath("bash"); err == nil {
		for _, r := range rows {
			if r.race && !pwned(runCanary(t, files, r.cmd)) {
				t.Errorf("%q: ~/.bashrc unchanged: the background command did not run the later text", r.cmd)
			}
		}
	}
	for _, r := range rows {
		if got := Check(cfg, r.cmd).Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s (%v)", r.cmd, got, r.want, Check(cfg, r.cmd).Findings)
		}
	}
}
