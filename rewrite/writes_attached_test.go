package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestAttachedOptionValues (issue 12): a value attached to a short option
// was not split for a program corral has no reading of (mytool
// -o/root/.bashrc passed), and a "~" after -o or --output= was taken as
// the home directory, which bash does not expand there (sort -o~/.bashrc
// writes ./~/.bashrc, and was denied). Attached values are now read at
// each letter getopt can stop at, a "~" inside a word is a name in the
// working directory, and a variable the command sets for an unknown
// program (FOO=~/.bashrc foo, where bash does expand the "~") is judged
// as an option's value is.
func TestAttachedOptionValues(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/hooks/": "", "proj/README.md": "x", "home/.claude/": "",
		"home/.bashrc": "x"})
	home := cfg.Home
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// Unknown programs: the attached value names the file.
		{"mytool -o" + home + "/.bashrc", "ask"},
		{`mytool -o"$HOME/.bashrc"`, "ask"},
		{"mytool -o.git/config", "ask"},
		{"mytool -xo.git/hooks/pre-commit", "ask"},
		{"mytool -ofoo/../.git/config", "ask"},
		{"FOO=~/.bashrc foo", "ask"},
		{"FOO=a:~/.bashrc foo", "ask"},
		{"env FOO=~/.bashrc foo", "ask"},
		{"sudo OUT=.git/config foo", "ask"},
		{"OUT=$HOME/.bashrc mytool", "ask"},
		{"export OUT=~/.bashrc; mytool", "allow"}, // an export is not read: most programs never look at it
		{"foo FOO=~/.bashrc", "ask"},              // bash expands it in an assignment-like word
		{"foo --opt=~/.bashrc", "ask"},            // bash does not; a program such as ssh -o does
		// Known tables: an attached value is the separate one.
		{"sort -o" + home + "/.bashrc x", "deny"},
		{`sort -o"$HOME/.bashrc" x`, "deny"},
		{"gcc -o.git/config x.c", "deny"},
		{"shuf -o.git/hooks/pre-commit x", "deny"},
		{"sort -o ~/.bashrc x", "deny"},
		// Look-alikes: "~" inside a word is a directory named so.
		{"sort -o~/.bashrc x", "allow"},
		{"sort --output=~/.bashrc x", "allow"},
		// Quoting in the option's letters leaves the "~" where it is:
		// bash removes the quotes and still expands no tilde inside
		// the word.
		{`sort \-o~/.bashrc x`, "allow"},
		{`sort $'-o'~/.bashrc x`, "allow"},
		{`sort "-"o~/.bashrc x`, "allow"},
		{`sort \-o ~/.bashrc x`, "deny"},
		{"gcc -o~/.bashrc x.c", "allow"},
		{"mytool -o~/.bashrc", "allow"},
		{"mytool -o build/out", "allow"},
		{"mytool -Iinclude -obuild/x", "allow"},
		{"mytool -d.claude", "allow"},
		{"FOO=build/x foo", "allow"},
		{"PATH=~/.local/bin:$PATH foo", "allow"},
		{"XDG_CONFIG_HOME=~/.config foo", "allow"},
		{"ZDOTDIR=~ foo", "allow"},
		{"GIT_DIR=.git foo", "allow"},
		{"BASH_ENV=~/.bashrc bash x.sh", "allow"},    // the shell reads it
		{"PYTHONSTARTUP=~/.bashrc python3", "allow"}, // the interpreter reads it
		{"FOO=~/.bashrc git status", "allow"},        // git's words are read
		{"FOO=~/.bashrc; foo", "allow"},              // not exported: foo never sees it
	})
}

// TestAttachedTildeExec runs the real sort in a scratch directory: -o~/x
// and --output=~/x write ./~/x, and the home directory's file is left as
// it was, as the allow above says.
func TestAttachedTildeExec(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	if _, err := exec.LookPath("sort"); err != nil {
		t.Skip("no sort")
	}
	root := t.TempDir()
	home := filepath.Join(root, "home")
	for _, d := range []string{home, filepath.Join(root, "w", "~")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(home, ".bashrc"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "w", "x"), []byte("b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bash, "-c", `sort -o~/.bashrc x && sort --output=~/.b2 x && sort \-o~/.b3 x && sort $'-o'~/.b4 x`)
	cmd.Dir = filepath.Join(root, "w")
	cmd.Env = append(os.Environ(), "HOME="+home)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if b, _ := os.ReadFile(filepath.Join(home, ".bashrc")); string(b) != "a\n" {
		t.Errorf("sort -o~/.bashrc changed the home directory's file: %q", b)
	}
	for _, f := range []string{".bashrc", ".b2", ".b3", ".b4"} {
		if b, _ := os.ReadFile(filepath.Join(root, "w", "~", f)); string(b) != "b\n" {
			t.Errorf("./~/%s holds %q, want the sorted input", f, b)
		}
	}
}
