package syntax

import (
	"path/filepath"
	"strings"
	"syscall"
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
		{`env ENV=f sh -i -c true`, true},
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
		{`env ENV=f sh -c true`, false},           // ENV: interactive shells only
		{`env BASH_ENV=f sh -c true`, false},      // BASH_ENV: bash only
		{`env BASH_ENV=f bash -i -c true`, false}, // an interactive bash reads .bashrc instead
		{`env BASH_ENV=f zsh -c true`, false},
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

// TestStartupFromChosenHome: a shell reads its start-up files from HOME
// (zsh: ZDOTDIR) — zsh its .zshenv always, a login shell its profile, an
// interactive one its rc file. When the command points HOME or ZDOTDIR at
// a directory the agent can write, those files are read; the user's own
// home is not (its start-up files are protected).
func TestStartupFromChosenHome(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{".zshenv": "rm -rf /victim\n", ".profile": "rm -rf /victim\n", ".bashrc": "rm -rf /victim\n",
		"h/.zshrc": "rm -rf /victim\n"})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`ZDOTDIR=. zsh -c true`, true},
		{`HOME=. zsh -c true`, true},
		{`export ZDOTDIR=$PWD; zsh script.zsh`, true},
		{`HOME=. bash -l -c true`, true},
		{`HOME=. bash --login -c true`, true},
		{`HOME=. bash -i -c true`, true},
		{`env HOME=. sh -l -c true`, true},
		{`HOME=h zsh -i -c true`, true},
		// Look-alikes.
		{`HOME=. bash -c true`, false}, // neither login nor interactive
		{`HOME=. bash --noprofile -l -c true`, false},
		{`HOME=. bash -i --norc -c true`, false},
		{`ZDOTDIR=. zsh -f -c true`, false},
		{`zsh -c true`, false},               // the user's home
		{`ZDOTDIR=. bash -l -c true`, false}, // bash does not read ZDOTDIR
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		if rm := removes(m, "/victim"); rm != tc.rm {
			t.Errorf("%s: rm -rf /victim seen = %v, want %v", tc.cmd, rm, tc.rm)
		}
	}
	m, _ := Analyze(`HOME=$X zsh -c true`, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
	if len(m.Hidden) == 0 {
		t.Error("HOME=$X zsh: a home only known at run time does not ask")
	}
}

// TestStartupFileRead: where corral reads files (the hook), the file
// BASH_ENV or ENV names is read and judged as the script it is: on disk,
// or written earlier in the command. One that cannot be read (a FIFO),
// one that does not exist yet (the command may make it) and a name only
// known at run time ask.
func TestStartupFileRead(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"env.sh": "rm -rf /victim\n", "ok.sh": "export X=1\n"})
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cmd      string
		rm, asks bool
	}{
		{`BASH_ENV=./env.sh bash -c true`, true, false},
		{`export BASH_ENV=env.sh; bash script.sh`, true, false},
		{`env ENV=env.sh sh -i -c true`, true, false},
		{`echo 'rm -rf /victim' > e2; BASH_ENV=e2 bash -c true`, true, false},
		{`BASH_ENV=fifo bash -c true`, false, true},
		{`BASH_ENV=$F bash -c true`, false, true},
		// Look-alikes.
		{`BASH_ENV=ok.sh bash -c true`, false, false},
		{`BASH_ENV=missing.sh bash -c true`, false, true}, // made before the shell starts, perhaps
		{`ENV=env.sh sh -c true`, false, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		asks := false
		for _, h := range m.Hidden {
			asks = asks || h.Always
		}
		if rm := removes(m, "/victim"); rm != tc.rm || asks != tc.asks {
			t.Errorf("%s: rm -rf /victim seen = %v, asks = %v; want %v, %v", tc.cmd, rm, asks, tc.rm, tc.asks)
		}
	}
}
