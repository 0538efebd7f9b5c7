package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// dirStackPathRows are scripts, one statement a string, with the working
// directory corral must give after each: relative to the tree's root
// (home, proj, proj/sub and other exist; proj/nope does not), several
// joined by | when it is one of them, ? when not known. The stack after
// a command that may fail (red team ra): pushd D && X; popd is back
// where it started whether pushd worked or not, since a failed pushd
// leaves the stack empty and the popd then fails and stays.
var dirStackPathRows = []struct {
	stmts []string
	want  []string
}{
	// The copy-out shape: pushd may fail, popd is back either way.
	{[]string{"pushd nope && true", "popd", "ls"}, []string{"proj|proj/nope", "proj", "proj"}},
	{[]string{"pushd sub && true", "popd", "ls"}, []string{"proj|proj/sub", "proj", "proj"}},
	{[]string{"pushd sub && false", "popd"}, []string{"proj|proj/sub", "proj"}},
	{[]string{"pushd sub >/dev/null && true", "popd >/dev/null"}, []string{"proj|proj/sub", "proj"}},
	// A second popd: the stack is known (empty) again after the first.
	{[]string{"pushd sub && true", "popd", "popd"}, []string{"proj|proj/sub", "proj", "proj"}},
	// From somewhere else: the start is where popd returns.
	{[]string{"cd ~", "pushd ../proj/sub && true", "popd"}, []string{"home", "home|proj/sub", "home"}},
	// Nested: an inner pushd that may fail, popped inside, then the
	// outer one popped.
	{[]string{"pushd sub && { pushd ../../other && true; popd; }", "popd"}, []string{"proj|proj/sub", "proj"}},
	{[]string{"pushd sub && pushd ../../other && true", "popd", "popd"}, []string{"other|proj|proj/sub", "proj|proj/sub", "proj"}},
	// A known stack under the pushd that may fail.
	{[]string{"pushd ~", "pushd ../other && true", "popd", "popd"}, []string{"home", "home|other", "home|proj", "proj"}},
	{[]string{"pushd ~", "pushd ../other && true", "popd +1", "popd"}, []string{"home", "home|other", "home|other", "home|proj"}},
	// pushd with no directory, and +N, on each stack: with an empty
	// one it fails and stays.
	{[]string{"pushd nope && true", "pushd", "popd"}, []string{"proj|proj/nope", "proj", "proj|proj/nope"}},
	{[]string{"pushd sub && true", "pushd +1", "popd"}, []string{"proj|proj/sub", "proj", "proj|proj/sub"}},
	// popd -n removes the top entry pushd saved and stays.
	{[]string{"pushd sub && true", "popd -n", "popd"}, []string{"proj|proj/sub", "proj|proj/sub", "proj|proj/sub"}},
	{[]string{"pushd ~", "pushd ../other", "popd -n", "popd"}, []string{"home", "other", "other", "proj"}},
	{[]string{"pushd ~", "pushd ../other", "popd -n +0", "ls"}, []string{"home", "other", "other", "other"}},
	{[]string{"pushd ~", "popd -n +1", "popd"}, []string{"home", "home", "home"}},
	{[]string{"pushd ~", "pushd ../other", "popd -n -2", "popd"}, []string{"home", "other", "other", "proj"}},
	{[]string{"pushd ~", "pushd ../other", "popd -n -0", "popd"}, []string{"home", "other", "other", "home"}},
	{[]string{"pushd nope && true", "popd -n -0", "popd"}, []string{"proj|proj/nope", "proj|proj/nope", "proj|proj/nope"}},
	// dirs -c empties the stack: the next popd fails and stays.
	{[]string{"pushd ~", "dirs -c", "popd"}, []string{"home", "home", "home"}},
	{[]string{"pushd sub && true", "dirs -c", "popd"}, []string{"proj|proj/sub", "proj|proj/sub", "proj|proj/sub"}},
	{[]string{"pushd ~", "dirs -v", "popd"}, []string{"home", "home", "proj"}},
	{[]string{"pushd ~", "dirs -c +x 2>/dev/null", "popd"}, []string{"home", "home", "proj"}}, // invalid: nothing cleared
	// A cd moves every path: popd goes to the start or stays there.
	{[]string{"pushd sub && true", "cd ~", "popd"}, []string{"proj|proj/sub", "home", "home|proj"}},
	// A pushd that may fail (nothing there when the hook runs): the
	// stack as it was is kept too, where the shell stayed; the popd
	// then goes back to the start or to where pushd was.
	{[]string{"pushd ~", "pushd ./nope", "popd"}, []string{"home", "home|home/nope", "home|proj"}},
	// A subshell's pushd is gone after it; one inside sees the stack.
	{[]string{"(pushd sub && true)", "popd"}, []string{"proj", "proj"}},
	{[]string{"pushd nope && true", "(popd; pwd >&3)", "ls"}, []string{"proj|proj/nope", "proj", "proj|proj/nope", "proj|proj/nope"}},
	{[]string{"pushd ~", "(popd; pwd >&3)"}, []string{"home", "proj", "home"}},
	// A new shell starts with an empty stack: popd fails and stays.
	{[]string{"pushd ~", "bash -c 'popd; pwd >&3'"}, []string{"home", "home", "home"}},
	{[]string{"pushd ~", "X=1 bash -c 'popd; pwd >&3'"}, []string{"home", "home", "home"}},
	{[]string{"pushd nope && true", "bash -c 'popd; pwd >&3'"}, []string{"proj|proj/nope", "proj|proj/nope", "proj|proj/nope"}},
	// A function's pushd is the shell's.
	{[]string{"f() { pushd sub && true; }", "f", "popd"}, []string{"proj", "proj|proj/sub", "proj"}},
	{[]string{"f() { pushd nope && true; popd; }", "f", "ls"}, []string{"proj", "proj", "proj"}},
	// Loops: a body that pops what it pushed is back each pass; one
	// that only pushes grows the stack past what is kept.
	{[]string{"for i in 1 2; do pushd sub && true; popd; done", "ls"}, []string{"proj", "proj"}},
	{[]string{"for d in sub nope; do pushd $d && true; popd; done", "ls"}, []string{"proj", "proj"}},
	{[]string{"while true; do pushd nope && break; popd; break; done", "popd"}, []string{"proj|proj/nope", "proj"}},
	{[]string{"for i in 1 2 3 4 5 6; do pushd sub && true; done", "popd"}, []string{"?", "?"}},
	// || and if: the path where pushd failed goes on.
	{[]string{"pushd nope || true", "popd"}, []string{"proj|proj/nope", "proj"}},
	{[]string{"if pushd sub; then true; fi", "popd"}, []string{"proj/sub", "proj"}},
	{[]string{"if pushd \"$1\"; then true; fi", "popd"}, []string{"?", "proj"}},
}

// dirStackPathTree makes the tree the rows run in and returns its root,
// home and proj.
func dirStackPathTree(t *testing.T) (root, home, proj string) {
	t.Helper()
	root = t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	for _, d := range []string{"home", "proj/sub", "other"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return root, filepath.Join(root, "home"), filepath.Join(root, "proj")
}

// dirStackPathScript is the row's statements with pwd >&3 after each.
func dirStackPathScript(stmts []string) string {
	var b strings.Builder
	for _, s := range stmts {
		b.WriteString(s + "\npwd >&3\n")
	}
	return b.String()
}

// dirStackPathDirs returns the directory corral gives each pwd call of
// src, in order, as the rows write it.
func dirStackPathDirs(t *testing.T, src, root, home, proj string) []string {
	t.Helper()
	read := func(p string) (string, error) { b, err := os.ReadFile(p); return string(b), err }
	m, err := Analyze(src, Options{Cwd: proj, Home: home, ReadFile: read})
	if err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	var got []string
	for _, c := range m.Calls {
		if c.Name != "pwd" {
			continue
		}
		cands := c.Dir.Candidates()
		if cands == nil {
			got = append(got, "?")
			continue
		}
		var rel []string
		for _, d := range cands {
			r, err := filepath.Rel(root, d)
			if err != nil {
				r = d
			}
			rel = append(rel, r)
		}
		slices.Sort(rel)
		got = append(got, strings.Join(rel, "|"))
	}
	return got
}

// TestDirStackPaths: the working directory corral gives after each
// statement of a script whose directory stack depends on whether a
// command worked.
func TestDirStackPaths(t *testing.T) {
	root, home, proj := dirStackPathTree(t)
	for _, r := range dirStackPathRows {
		src := dirStackPathScript(r.stmts)
		got := dirStackPathDirs(t, src, root, home, proj)
		if !slices.Equal(got, r.want) {
			t.Errorf("%q:\n got  %q\n want %q", r.stmts, got, r.want)
		}
	}
}

// TestDirStackPathsAgainstBash runs each row in real bash, printing pwd
// to descriptor 3 after each statement: the directory bash is in must be
// one corral allows for, and the one when corral knows it.
func TestDirStackPathsAgainstBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	root, home, proj := dirStackPathTree(t)
	for _, r := range dirStackPathRows {
		src := dirStackPathScript(r.stmts)
		got := dirStackPathDirs(t, src, root, home, proj)
		out, err := os.CreateTemp(t.TempDir(), "pwd")
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", src)
		cmd.Dir = proj
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
		cmd.ExtraFiles = []*os.File{out}
		_ = cmd.Run() // a failed popd is part of some rows
		out.Close()
		b, err := os.ReadFile(out.Name())
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		if len(lines) != len(got) {
			t.Errorf("%q: bash printed %d directories %q, corral has %d pwd calls", r.stmts, len(lines), lines, len(got))
			continue
		}
		for i, l := range lines {
			real, err := filepath.Rel(root, l)
			if err != nil {
				real = l
			}
			if got[i] != "?" && !slices.Contains(strings.Split(got[i], "|"), real) {
				t.Errorf("%q: after statement %d bash is in %s, corral says %s", r.stmts, i+1, real, got[i])
			}
		}
	}
}
