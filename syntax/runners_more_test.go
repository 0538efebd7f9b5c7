package syntax

import (
	"slices"
	"strings"
	"testing"
)

// TestMorePrograms checks, from each program's manual, the command that
// terminal emulators, task queues, lldb and other wrappers run: it is a
// nested script (or, for a wrapper, a call) with the text the program
// runs; look-alikes run nothing.
func TestMorePrograms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cmd string
		// script is a nested script's text, call a call's name ("" for
		// none of either).
		script, call string
	}{
		{cmd: "xterm -fg red -geometry 80x24 -e rm -rf x", script: "rm -rf x"},
		{cmd: "xterm -e 'rm -rf x'", script: "rm -rf x"},
		{cmd: "gnome-terminal -- rm -rf x", script: "rm -rf x"},
		{cmd: "gnome-terminal --command='rm -rf x'", script: "rm -rf x"},
		{cmd: "xfce4-terminal -e 'rm -rf x'", script: "rm -rf x"},
		{cmd: "xfce4-terminal -x rm -rf 'a b'", script: "rm -rf 'a b'"},
		{cmd: "kitty --title t -d /tmp rm -rf x", script: "rm -rf x"},
		{cmd: "foot -T t rm x", script: "rm x"},
		{cmd: "alacritty --command rm x", script: "rm x"},
		{cmd: "wezterm start -- rm x", script: "rm x"},
		{cmd: "pueue add -- rm -rf x", script: "rm -rf x"},
		{cmd: "pueue add -w /tmp 'rm -rf x'", script: "rm -rf x"},
		{cmd: "lldb -b -o 'platform shell rm -rf x'", script: "rm -rf x"},
		{cmd: "lldb --one-line='platform shell -h -- rm x'", script: "rm x"},
		{cmd: "distrobox-host-exec rm x", call: "rm"},
		{cmd: "ip netns exec ns1 rm x", call: "rm"},
		{cmd: "tsp -L job rm x", call: "rm"},
		{cmd: "nq rm x", call: "rm"},
		{cmd: "caffeinate -t 5 rm x", call: "rm"},
		{cmd: "rbenv exec rm x", call: "rm"},
		{cmd: "pyenv exec rm x", call: "rm"},
		{cmd: "nodenv exec rm x", call: "rm"},
		{cmd: "devenv shell rm x", call: "rm"},
		// Look-alikes.
		{cmd: "xterm"},
		{cmd: "gnome-terminal --tab"},
		{cmd: "kitty +kitten icat x.png"}, // a kitten, not a program
		{cmd: "kitty +runpy 'print(1)'"},
		{cmd: "pueue status"},
		{cmd: "lldb -b -o bt ./a.out"},
		{cmd: "ip netns list"},
		{cmd: "tsp -l"},
		{cmd: "rbenv versions"},
		{cmd: "devenv shell"},
	}
	for _, tt := range tests {
		m, err := Analyze(tt.cmd, opts)
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		scripts, calls := nestedScripts(m), []string(nil)
		first, _, _ := strings.Cut(tt.cmd, " ")
		for _, c := range m.Calls {
			if c.Name != first {
				calls = append(calls, c.Name)
			}
		}
		if tt.script != "" && !slices.Contains(scripts, tt.script) {
			t.Errorf("%q: nested scripts %q, want %q", tt.cmd, scripts, tt.script)
		}
		if tt.call != "" && !slices.Contains(calls, tt.call) {
			t.Errorf("%q: calls %q, want %s", tt.cmd, calls, tt.call)
		}
		if tt.script == "" && tt.call == "" && len(scripts)+len(calls) > 0 {
			t.Errorf("%q: runs %q %q, want nothing", tt.cmd, scripts, calls)
		}
	}
}
