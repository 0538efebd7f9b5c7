package syntax

import "testing"

// TestTmuxOptionsScanned checks tmux's options as the one scanner reads
// them: clusters of letters (-ds NAME, -uc TEXT, -lt PANE), an option's
// value that is not the command (-s 'rm -rf /'), "--".
func TestTmuxOptionsScanned(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src string
		rm  bool // the shell command tmux runs or types is rm -rf /
	}{
		{`tmux new-session -d 'rm -rf /'`, true},
		{`tmux new-session -ds s 'rm -rf /'`, true},
		{`tmux new -d -s s -- 'rm -rf /'`, true},
		{`tmux -uc 'rm -rf /'`, true},
		{`tmux -c 'rm -rf /'`, true},
		{`tmux send-keys -lt p 'rm -rf /' Enter`, true},
		{`tmux send-keys -t p 'rm -rf /' Enter`, true},
		{`tmux run-shell -bd 1 'rm -rf /'`, true},
		// Look-alikes: the text is an option's value.
		{`tmux new-session -d -s 'rm -rf /'`, false},
		{`tmux new-session -ds 'rm -rf /'`, false},
		{`tmux send-keys -t 'rm -rf /'`, false},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.src, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		rm := false
		for _, c := range m.Calls {
			rm = rm || c.Name == "rm" && len(c.Args) == 2 && c.Args[1].Value == "/"
		}
		if rm != tc.rm {
			t.Errorf("%q: corral sees rm -rf / run: %v, want %v", tc.src, rm, tc.rm)
		}
	}
}
