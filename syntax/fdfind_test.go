package syntax

import (
	"strings"
	"testing"
)

// TestFd checks fd's reading from fd(1): the command of -x/--exec and
// -X/--exec-batch (up to ";") is a call fd runs, the first operand the
// pattern and the rest the search paths (with --search-path; else
// --base-directory, else "."), and which patterns and filters select
// only some paths.
func TestFd(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cmd      string
		run      string // the call fd runs, name and words
		roots    string
		filtered bool
		selects  string
	}{
		{cmd: "fd . ~/x -x rm -rf", run: "rm -rf", roots: "/home/u/x", selects: "*"},
		{cmd: "fd -H . a b -X rm", run: "rm", roots: "a b", selects: "*"},
		{cmd: "fd --search-path a --exec-batch=rm -rf", run: "rm -rf", roots: "a", selects: "*"},
		{cmd: "fd . a -x=rm -rf", run: "rm -rf", roots: "a", selects: "*"},
		{cmd: "fd . a -xrm -rf", run: "rm -rf", roots: "a", selects: "*"},
		{cmd: "fd -e pyc -x rm {} ; -d 3", run: "rm {}", roots: ".", filtered: true, selects: "*.pyc"},
		{cmd: "fd -t d node_modules -x rm -rf", run: "rm -rf", roots: ".", filtered: true, selects: "*node_modules*"},
		{cmd: "fd -g '*.bak' . ~ -x rm", run: "rm", roots: ". /home/u", filtered: true, selects: "*.bak"}, // -g is a flag: . and ~ are paths
		{cmd: "fd 'a.*b' --base-directory src", roots: "src", filtered: true, selects: "*"},
		{cmd: "fdfind -S +1m . /tmp", roots: "/tmp", filtered: true, selects: "*"},
	}
	for _, tt := range tests {
		m, err := Analyze(tt.cmd, opts)
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		fd := m.Calls[0]
		var run *Call
		for _, c := range m.Calls {
			if c.RunBy == fd {
				run = c
			}
		}
		if tt.run != "" {
			if run == nil {
				t.Errorf("%q: no call run by fd", tt.cmd)
			} else if got := strings.TrimSpace(run.Name + " " + strings.Join(run.Words(), " ")); got != tt.run {
				t.Errorf("%q: fd runs %q, want %q", tt.cmd, got, tt.run)
			} else if !run.ExtraArgs {
				t.Errorf("%q: the call fd runs does not take the paths at run time", tt.cmd)
			}
		} else if run != nil {
			t.Errorf("%q: fd runs %s, want nothing", tt.cmd, run.Name)
		}
		var roots []string
		for _, r := range FdRoots(fd) {
			roots = append(roots, r.Value)
		}
		if got := strings.Join(roots, " "); got != tt.roots {
			t.Errorf("%q: roots %q, want %q", tt.cmd, got, tt.roots)
		}
		filtered, selects := FdSelects(fd)
		if filtered != tt.filtered || selects != tt.selects {
			t.Errorf("%q: selects %v %q, want %v %q", tt.cmd, filtered, selects, tt.filtered, tt.selects)
		}
	}
}
