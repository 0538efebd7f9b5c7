package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDirStackAgainstBash checks the working directory corral gives the
// last call of a script (the directory stack of pushd/popd, CDPATH, git
// rev-parse --show-toplevel) against the directory real bash is in
// there: each script ends in `pwd`, run by bash in a scratch tree whose
// home is its own. Where corral knows the directory it must be bash's;
// where bash's answer depends on what corral cannot know, want is "?"
// and corral must not claim a directory.
func TestDirStackAgainstBash(t *testing.T) {
	bash, root, home, proj := bashTree(t, "home/.ssh", "home/.claude", "proj/sub/deep", "other/x", "x")
	if out, err := exec.Command("git", "init", "-q", proj).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	tests := []struct {
		src  string
		want string // the directory relative to root, "?" when unknown
	}{
		// pushd with no directory swaps the top two entries.
		{"pushd ~; pushd ../other; pushd; pwd", "home"},
		{"pushd ~; pushd; pwd", "proj"},
		{"pushd; pwd", "proj"}, // no other directory: bash fails, stays
		// +N/-N rotate the stack so that entry is on top.
		{"pushd ~; pushd ../other; pushd +1; pwd", "home"},
		{"pushd ~; pushd ../other; pushd +2; pwd", "proj"},
		{"pushd ~; pushd ../other; pushd -0; pwd", "proj"},
		{"pushd ~; pushd ../other; pushd -2; pwd", "other"},
		{"pushd ~; pushd ../other; pushd +5; pwd", "other"}, // out of range: fails
		// popd removes the top and enters the next; +N/-N remove that
		// entry, entering the next only when it was the top.
		{"pushd ~; pushd ../other; popd; pwd", "home"},
		{"pushd ~; pushd ../other; popd +1; pwd", "other"},
		{"pushd ~; pushd ../other; popd +0; pwd", "home"},
		{"pushd ~; pushd ../other; popd -0; pwd", "other"},
		{"pushd ~; popd +0; pwd", "proj"},
		// -n changes the stack only.
		{"pushd -n ~; pwd", "proj"},
		{"pushd -n ~; pushd; pwd", "home"},
		{"pushd -n ~; pushd -n ../other; pushd +2; pwd", "home"},
		// CDPATH: the first entry holding the name wins, an empty entry
		// is the working directory, and without a match cd falls back to
		// the name here.
		{"CDPATH=" + home + " cd .ssh; pwd", "home/.ssh"},
		{"export CDPATH=" + root + "; cd x; pwd", "x"},
		{"CDPATH=:" + root + " cd sub; pwd", "proj/sub"},
		{"CDPATH=" + root + ":" + home + " cd .claude; pwd", "home/.claude"},
		{"CDPATH=" + root + " cd sub; pwd", "proj/sub"},
		{"CDPATH=\"$(cat f)\" cd sub; pwd", "?"},
		// A tilde at the start and after each colon is the home
		// directory; entries are tried in order, an empty one is the
		// working directory (red team 8, T1).
		{"CDPATH=~:. ; cd .claude; pwd", "home/.claude"},
		{"CDPATH=~:. cd .claude; pwd", "home/.claude"},
		{"CDPATH=:~ ; cd sub; pwd", "proj/sub"},
		{"CDPATH=.:~ ; cd .claude; pwd", "home/.claude"},
		{"CDPATH=~/nope:~ ; cd .ssh; pwd", "home/.ssh"},
		// cd - goes to OLDPWD as set for that command: a prefix
		// assignment too.
		{"OLDPWD=~/.claude cd - ; pwd", "home/.claude"},
		{"OLDPWD=$HOME/.ssh cd -; pwd", "home/.ssh"},
		{"OLDPWD=~/.claude; cd -; pwd", "home/.claude"},
		{"cd sub; OLDPWD=../../home cd -; pwd", "home"},
		{"OLDPWD=\"$(cat f)\" cd -; pwd", "?"},
		// A trap that changes directory: DEBUG runs before every
		// simple command (there, each runs in its directory); ERR after
		// a failure, a signal's at any time: unknown. EXIT runs last.
		{"trap 'cd ~' DEBUG; pwd", "home"},
		{"trap 'cd ~' DEBUG; cd ../other; pwd", "home"},
		{"trap 'cd ~' ERR; false; pwd", "?"},
		{"trap 'cd ~' EXIT; pwd", "proj"},
		{"cd sub && pwd", "proj/sub"},
		// cdable_vars with a value only run time knows.
		{"shopt -s cdable_vars; X=$(cd ~ && pwd); cd X; pwd", "home"},
		{"shopt -s cdable_vars; X=$(cat f 2>/dev/null || echo ~); cd X; pwd", "?"},
		// git's top of the work tree, from a subdirectory.
		{"cd sub/deep && cd \"$(git rev-parse --show-toplevel)\" && pwd", "proj"},
		{"cd ~ && cd \"$(ls -dt ~/.ssh)\" && pwd", "?"},
		// ls -d prints the name back (red team 16 PI1).
		{"cd ~ && cd \"$(ls -d ~/.ssh)\" && pwd", "home/.ssh"},
	}
	read := func(p string) (string, error) { b, err := os.ReadFile(p); return string(b), err }
	o := Options{Cwd: proj, Home: home, ReadFile: read}
	for _, tt := range tests {
		m, err := Analyze(tt.src, o)
		if err != nil {
			t.Fatalf("%q: %v", tt.src, err)
		}
		c := m.Calls[len(m.Calls)-1]
		got := "?"
		if c.Dir.Known {
			if rel, err := filepath.Rel(root, c.Dir.Path); err == nil {
				got = rel
			} else {
				got = c.Dir.Path
			}
		}
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", tt.src)
		cmd.Dir = proj
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "GIT_CEILING_DIRECTORIES=" + root}
		out, _ := cmd.Output()
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		real, _ := filepath.Rel(root, lines[len(lines)-1])
		if got != tt.want {
			t.Errorf("%q: corral reads the last call's directory as %s, want %s (bash: %s)", tt.src, got, tt.want, real)
		}
		if tt.want != "?" && real != tt.want {
			t.Errorf("%q: bash ends in %s, the test says %s", tt.src, real, tt.want)
		}
	}
}
