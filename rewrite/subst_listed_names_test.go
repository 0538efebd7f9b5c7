package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSubstListedNames (red team 18 PI2 rest): compgen -f PREFIX, ls of
// the working directory and ls … | grep STRING print names from the
// disk; a word that is only such a substitution stands for every name
// the pattern they match (PREFIX*, *, *STRING*) names, judged as that
// pattern written out is.
func TestSubstListedNames(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/README":                "x\n",
		"proj/a.o":                   "",
		"proj/b.o":                   "",
		"home/.bashrc":               "canary\n",
		"home/.bash_logout":          "canary\n",
		"home/.claude/settings.json": "{}\n",
		"home/.ssh/id_rsa":           "KEY\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`x=$(compgen -f ~/.bash); rm -f $x`, "deny"},
		{`rm -f $(compgen -f ~/.bas)`, "deny"},
		{`rm -f "$(compgen -f ~/.bas)"`, "deny"},
		{`cp README $(compgen -f ~/.bas)`, "deny"},
		{`rm -f $(compgen -A file ~/.bashr)`, "deny"},
		{`cd ~ && rm -f $(ls -a | grep bashrc)`, "deny"},
		{`cd ~ && rm -f "$(ls -a | grep bashrc)"`, "deny"},
		{`cd ~ && rm -f $(ls -A | grep '^\.bashrc$')`, "deny"},
		{`cd ~/.claude && rm -f $(ls)`, "deny"},
		{`cat $(compgen -f ~/.ssh/id)`, "deny"},
		{`cd ~/.ssh && cat $(ls)`, "deny"},
		// Look-alikes: names in the project, a filter corral does not
		// read, a prefix that names nothing now, some of the entries.
		{`rm -f $(ls *.o)`, "allow"},
		{`rm -f $(compgen -f ./a.)`, "allow"},
		{`rm -f $(ls | grep '\.o$')`, "allow"},
		{`rm -f $(ls | grep -v README)`, "allow"},
		{`rm -f $(ls | head -1)`, "allow"},
		{`rm -f $(compgen -f ./zz)`, "allow"},
		{`cd ~ && cat $(ls -a | grep -F .bash_lo)`, "allow"},
		{`for f in $(ls); do echo "$f"; done`, "allow"},
	})
}

// TestSubstListedNamesOracle: real bash prints, for each listing, names
// the modelled pattern matches (compgen -f's hidden files included).
func TestSubstListedNamesOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	home := t.TempDir()
	for _, f := range []string{".bashrc", ".bash_logout", "notes.txt", "sub/x"} {
		p := filepath.Join(home, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct{ script, want string }{
		{`compgen -f ~/.bash`, home + "/.bash_logout\n" + home + "/.bashrc\n"},
		{`compgen -f ~/`, home + "/.bash_logout\n" + home + "/.bashrc\n" + home + "/notes.txt\n" + home + "/sub\n"},
		{`ls -a | grep bashrc`, ".bashrc\n"},
		{`ls -A | grep '^\.bash'`, ".bash_logout\n.bashrc\n"},
		{`ls`, "notes.txt\nsub\n"},
		{`rm -f $(compgen -f ~/.bashr); ls -a | grep -c bashrc`, "0\n"},
	} {
		cmd := exec.Command("bash", "-c", tt.script+" | LC_ALL=C sort")
		cmd.Dir = home
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LC_ALL=C"}
		out, _ := cmd.Output()
		if got := string(out); got != tt.want {
			t.Errorf("%s: bash printed %q, want %q", tt.script, got, tt.want)
		}
		if strings.Contains(tt.script, "rm -f") {
			if err := os.WriteFile(filepath.Join(home, ".bashrc"), []byte("x\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
