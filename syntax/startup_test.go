package syntax

import (
	"strings"
	"testing"
)

// TestStartupThroughWrappers: BASH_ENV and ENV reach the shell however
// the environment is handed over (a prefix assignment, env's NAME=value
// words after any of its options, sudo's, env -S's text), and are
// reported the same way; a shell not started, an empty value or another
// name is no start-up file.
func TestStartupThroughWrappers(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src  string
		want bool
	}{
		{`BASH_ENV=f bash -c true`, true},
		{`env BASH_ENV=f bash -c true`, true},
		{`env ENV=f sh -c true`, true},
		{`env -i BASH_ENV=f bash -c true`, true},
		{`env -u X BASH_ENV=f bash -c true`, true},
		{`command env BASH_ENV=f bash -c true`, true},
		{`sudo BASH_ENV=f bash -c true`, true},
		{`sudo env BASH_ENV=f bash -c true`, true},
		{`nice env BASH_ENV=f bash -c true`, true},
		{`timeout 5 env BASH_ENV=f bash x.sh`, true},
		{`env -S 'BASH_ENV=f bash -c true'`, true},
		{`export BASH_ENV=f; env bash -c true`, true},
		// Look-alikes.
		{`env FOO=f bash -c true`, false},
		{`env BASH_ENV= bash -c true`, false},
		{`env BASH_ENV=f python3 -c 'print(1)'`, false},
		{`echo BASH_ENV=f bash`, false},
		{`env BASH_ENV=f true; bash -c true`, false},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.src, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		found := false
		for _, h := range m.Hidden {
			found = found || strings.Contains(h.What, "names a file the shell runs first")
		}
		if found != tc.want {
			t.Errorf("%q: start-up file reported %v, want %v", tc.src, found, tc.want)
		}
	}
}
