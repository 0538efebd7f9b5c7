package syntax

import (
	"strings"
	"testing"
	"time"
)

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

// TestTmuxScreenTypedText: text that reaches a pane's shell by other
// ways than send-keys' words is read as typed commands: send-keys -H
// (hexadecimal codes), set-buffer/load-buffer then paste-buffer, screen's
// readbuf/register then paste; a typed line runs in the directory tmux
// was run from (sh FILE reads FILE); default-command and default-shell
// are what new panes run; BASH_ENV given to tmux's shells is sourced. A
// paste of a buffer this command did not fill is hidden. Commands and
// options are found by a unique prefix, as tmux finds them. Look-alikes
// type or set harmless text, or name no one command or option.
func TestTmuxScreenTypedText(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"e.sh":    "rm -rf /\n",
		"buf.txt": "rm -rf /\n",
		"ok.sh":   "echo hi\n",
	})
	cases := []struct {
		src        string
		rm, hidden bool
	}{
		{`tmux send-keys -t x -H 72 6d 20 2d 72 66 20 2f 0a`, true, false},
		{`tmux send-keys -H -t x 0x72 0x6D 20 2d 72 66 20 2f 0d`, true, false},
		{`tmux set-buffer 'rm -rf /' \; paste-buffer -t x \; send-keys -t x Enter`, true, false},
		{`tmux set-buffer -b b 'rm -rf /'; tmux set-buffer hi; tmux paste-buffer -b b`, true, false},
		{`tmux set-buffer 'rm -rf' \; set-buffer -a ' /' \; paste-buffer`, true, false},
		{`tmux load-buffer buf.txt \; paste-buffer -t x`, true, false},
		{`tmux load-buffer missing.txt \; paste-buffer -t x`, false, true},
		{`tmux load-buffer - \; paste-buffer -t x`, false, true},
		{`tmux paste-buffer -t x`, false, true},
		{`tmux send-keys -t x 'sh e.sh' Enter`, true, false},
		{`tmux set -g default-command 'rm -rf /'; tmux new -d`, true, false},
		{`tmux set-option -g default-shell ./e.sh`, true, false},
		{`tmux set-environment -g BASH_ENV e.sh`, true, false},
		{`tmux setenv -g ENV ./e.sh`, true, false},
		{`tmux new -d -e BASH_ENV=e.sh make`, true, false},
		{`tmux set-environment -g BASH_ENV "$F"`, false, true},
		{`screen -X readbuf buf.txt; screen -X paste .`, true, false},
		{`screen -X register a 'rm -rf /'; screen -X paste a`, true, false},
		{`screen -X paste .`, false, true},
		// tmux takes a command's or an option's unique prefix.
		{`tmux send-k -t x 'rm -rf /' Enter`, true, false},
		{`tmux run-s 'rm -rf /'`, true, false},
		{`tmux set-o -g default-comm 'rm -rf /'`, true, false},
		{`tmux set -g default-sh ./e.sh`, true, false},
		{`tmux se -t x 'rm -rf /' Enter`, false, false},
		{`tmux set -g default-s ./e.sh`, false, false},
		// Look-alikes.
		{`tmux send-keys -t dev 'npm run dev' Enter`, false, false},
		{`tmux send-keys -t x -H 6c 73 0a`, false, false},
		{`tmux send-keys -t x 'sh ok.sh' Enter`, false, false},
		{`tmux set-buffer 'rm -rf /'`, false, false},
		{`tmux set-buffer hello \; paste-buffer`, false, false},
		{`tmux set -g mouse on`, false, false},
		{`tmux set -g default-command 'exec bash'`, false, false},
		{`tmux set-environment -g EDITOR vim`, false, false},
		{`tmux new -d -e FOO=bar -s s`, false, false},
		{`screen -X register a 'rm -rf /'`, false, false},
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
		if hidden := len(m.Hidden) > 0; hidden != tc.hidden {
			t.Errorf("%q: hidden %v (%v), want %v", tc.src, hidden, m.Hidden, tc.hidden)
		}
	}
}

// TestTmuxScreenBuffersBounded: buffers that grow by appends, by a
// separator for each newline or by a register pasted into itself stay
// bounded (MaxSource): the walk ends Truncated, quickly.
func TestTmuxScreenBuffersBounded(t *testing.T) {
	t.Parallel()
	doubling := "screen -X register a " + strings.Repeat("x", 1000)
	for i := 0; i < 40; i++ {
		doubling += "; screen -X paste aa a"
	}
	nl := strings.Repeat(`\n`, 20000)
	srcs := []string{
		doubling + "; screen -X paste a",
		`tmux set-buffer "$(printf '` + nl + `')" \; paste-buffer -s ` + strings.Repeat("y", 200000),
		"tmux set-buffer \"" + strings.Repeat("\n", 15000) + "\" \\; paste-buffer -s " + strings.Repeat("y", 100000),
	}
	for _, src := range srcs {
		start := time.Now()
		m, err := Analyze(src, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil {
			t.Fatalf("%.40q: %v", src, err)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%.40q took %v", src, d)
		}
		_ = m
	}
	m, err := Analyze(srcs[0], Options{Cwd: "/p", Home: "/home/u"})
	if err != nil || !m.Truncated {
		t.Errorf("doubled register: truncated %v, err %v; want true", m != nil && m.Truncated, err)
	}
	m, err = Analyze(srcs[2], Options{Cwd: "/p", Home: "/home/u"})
	if err != nil || !m.Truncated {
		t.Errorf("separator per newline: truncated %v, err %v; want true", m != nil && m.Truncated, err)
	}
}
