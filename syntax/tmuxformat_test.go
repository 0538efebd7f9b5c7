package syntax

import (
	"reflect"
	"testing"
)

// TestTmuxFormatCommands: the shell commands of a tmux format are the
// texts of its #(…), to the balanced ")", with those nested in one; ##,
// #, and #} are escaped characters, so ##(…) runs nothing; an unclosed
// #( is text.
func TestTmuxFormatCommands(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want []string
	}{
		{`#(rm -rf ~)`, []string{"rm -rf ~"}},
		{`#[fg=red]#H ##(not run) %H:%M`, nil},
		{`###(date)`, []string{"date"}},
		{`#(echo $(id)) and #(uptime)`, []string{"echo $(id)", "uptime"}},
		{`#(echo (a) (b))`, []string{"echo (a) (b)"}},
		{`#{?client_prefix,#(whoami),x}`, []string{"whoami"}},
		{`#,#(a)`, []string{"a"}},
		{`#}#(a)`, []string{"a"}},
		{`#(echo #(id))`, []string{"echo #(id)", "id"}},
		{`#(rm -rf ~`, nil},
		{`#(echo ((x)`, nil},
		{`#(`, nil},
		{`#`, nil},
		{`#{pane_current_path} #S`, nil},
		{`#()`, []string{""}},
	}
	for _, tc := range cases {
		if got := tmuxFormatCommands(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("tmuxFormatCommands(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestTmuxFormatAndLockCommand: the #(…) of any option's value, of
// display-message's message, of the -F/-f formats of the list commands
// and new -P, and of if-shell -F's condition run with sh -c, as
// lock-command does when a client locks. Look-alikes: ##(…),
// display-message -l, other options, formats without #(…).
func TestTmuxFormatAndLockCommand(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src string
		rm  bool
	}{
		{`tmux set -g status-right '#(rm -rf /)'`, true},
		{`tmux set-option -g status-format[1] '#[align=left]#(rm -rf /)'`, true},
		{`tmux setw -g window-status-format '#I #(rm -rf /)'`, true},
		{`tmux set -g @mine 'x #(echo $(rm -rf /))'`, true},
		{`tmux set -g lock-command 'rm -rf /'`, true},
		{`tmux set -g lock-c 'rm -rf /'`, true},
		{`tmux display-message '#(rm -rf /)'`, true},
		{`tmux display -p -t x '#(rm -rf /)'`, true},
		{`tmux if true "display '#(rm -rf /)'"`, true},
		{`tmux ls -F '#{session_name} #(rm -rf /)'`, true},
		{`tmux list-panes -a -f '#(rm -rf /)'`, true},
		{`tmux new -d -P -F '#(rm -rf /)'`, true},
		{`tmux if -F '#(rm -rf /)' 'display yes'`, true},
		// Look-alikes.
		{`tmux set -g status-right '##(rm -rf /)'`, false},
		{`tmux set -g status-right 'rm -rf /'`, false},
		{`tmux set -g lock-after-time 'rm -rf /'`, false},
		{`tmux display -l '#(rm -rf /)'`, false},
		{`tmux display 'rm -rf /'`, false},
		{`tmux ls -F '#{session_name}: #{session_windows}'`, false},
		{`tmux if -F '#{==:#{pane_mode},}' 'display yes'`, false},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.src, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		if rm := removes(m, "/"); rm != tc.rm {
			t.Errorf("%q: corral sees rm -rf / run: %v, want %v", tc.src, rm, tc.rm)
		}
	}
}
