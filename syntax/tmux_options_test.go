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

// TestNestedTmuxScreenCommands: tmux and screen commands that hold other
// commands run them: if-shell's commands, set-hook's, confirm-before's,
// bind-key's, the files of source-file and tmux -f; screen -X exec,
// screen, eval, source, bind, and the screenrc of screen -c. Look-alikes
// hold commands that run nothing.
func TestNestedTmuxScreenCommands(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"t.conf":    "# tmux\nset -g mouse on\nbind r \\\n  run-shell 'rm -rf /'\n",
		"ok.conf":   "set -g mouse on\nbind r source-file ~/.tmux.conf\n",
		"s.rc":      "startup_message off\nscreen -t top 2 rm -rf /\n",
		"loop.conf": "source-file loop.conf\n",
	})
	cases := []struct {
		src string
		rm  bool
	}{
		{`tmux if-shell true "run-shell 'rm -rf /'"`, true},
		{`tmux if -F 1 "display hi" "run-shell 'rm -rf /'"`, true},
		{`tmux set-hook -g after-new-window "run-shell 'rm -rf /'"`, true},
		{`tmux confirm-before -p ok? "run-shell 'rm -rf /'"`, true},
		{`tmux bind-key -T root x run-shell 'rm -rf /'`, true},
		{`tmux bind x if true "run 'rm -rf /'"`, true},
		{`tmux source-file t.conf`, true},
		{`tmux -f t.conf new -d`, true},
		{`screen -X exec rm -rf /`, true},
		{`screen -X exec '!.|' rm -rf /`, true},
		{`screen -S s -X screen -t w 3 rm -rf /`, true},
		{`screen -X eval 'exec rm -rf /'`, true},
		{`screen -X source s.rc`, true},
		{`screen -c s.rc -dmS x`, true},
		{`screen -X bind x exec rm -rf /`, true},
		// Look-alikes.
		{`tmux if-shell "test -f x" "display yes" "display no"`, false},
		{`tmux set-hook -g pane-exited "display 'rm -rf /'"`, false},
		{`tmux source-file ok.conf`, false},
		{`tmux source-file loop.conf`, false},
		{`screen -X exec ls`, false},
		{`screen -X eval 'echo "rm -rf /"'`, false},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		if rm := removes(m, "/"); rm != tc.rm {
			t.Errorf("%q: corral sees rm -rf / run: %v, want %v", tc.src, rm, tc.rm)
		}
	}
}
