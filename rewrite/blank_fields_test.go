package rewrite

import (
	"os/exec"
	"strings"
	"testing"
)

// TestBlankFieldInputs: a text that xargs splits at blanks (a
// here-string, what echo prints) and that holds a run-time part still
// gives the words written beside that part, each a word of its own
// whatever the part turns out to be; a command substitution in it is
// read as the listing it prints. Before, one run-time part made the
// whole text unknown, and rm of the written words passed.
func TestBlankFieldInputs(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa": "k\n",
		"proj/x.o":         "o\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// Words beside a run-time part.
		{`xargs rm <<< "$(cat f) $HOME/.ssh/id_rsa"`, "deny"},
		{`xargs rm <<< "$(date +%s) $HOME/.ssh/id_rsa"`, "deny"},
		{`xargs cat <<< "$(cat f) $HOME/.ssh/id_rsa"`, "deny"},
		{`xargs rm <<< "$(cat f)
$HOME/.ssh/id_rsa"`, "deny"},
		{`echo "$(date) $HOME/.ssh/id_rsa" | xargs rm`, "deny"},
		{`echo "$(cat f) $HOME/.ssh/id_rsa" | xargs cat`, "deny"},
		{`printf '%s\n' "$(cat f) $HOME/.ssh/id_rsa" | xargs rm`, "deny"},
		// A substitution among other text: its listing.
		{`xargs rm <<< "a $(find ~/.ssh) b"`, "deny"},
		{`xargs rm <<< "a x$(find ~/.ssh) b"`, "deny"},
		{`xargs cat <<< "a $(find ~/.ssh) b"`, "deny"},
		{`echo "a $(find ~/.ssh)" | xargs rm`, "deny"},
		{`echo "$(find ~/.ssh)" | xargs rm`, "deny"},
		{`echo "$(find ~/.ssh)" | sed p | xargs rm`, "deny"},
		// An unquoted substitution after other text: bash splits what
		// it prints, so the lines after the first are whole paths.
		{`rm x$(find ~/.ssh)`, "deny"},
		// The run-time part alone leaves rm -rf's paths open.
		{`xargs rm -rf <<< "$(cat f) x.o"`, "ask"},
		// Look-alikes: the project's own files, a quoted substitution
		// after text (one word), the run-time part beside a name.
		{`xargs rm <<< "$(date +%s) x.o"`, "allow"},
		{`xargs rm <<< "a $(find . -name x.o) b"`, "allow"},
		{`echo "$(date) x.o" | xargs rm`, "allow"},
		{`echo "$(find . -name x.o)" | xargs rm`, "allow"},
		{`rm x$(find . -name x.o)`, "allow"},
		{`rm "x$(find ~/.ssh)"`, "allow"},
		{`rm -f out/$(basename "$f").o`, "allow"},
		{`xargs echo <<< "$(cat f) $HOME/.ssh/id_rsa"`, "allow"},
	})
}

// TestBlankFieldInputsBash runs the shapes of TestBlankFieldInputs in
// the real bash, with the run-time part set to text that holds blanks
// and echo in place of rm, and checks that the key's path reaches the
// command as a word of its own.
func TestBlankFieldInputsBash(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	cfg := scratchProject(t, map[string]string{"home/.ssh/id_rsa": "k\n", "proj/f": "some words\n"})
	key := cfg.Home + "/.ssh/id_rsa"
	for _, s := range []string{
		`xargs -n1 echo <<< "$(cat f) $HOME/.ssh/id_rsa"`,
		`xargs -n1 echo <<< "$(cat f)
$HOME/.ssh/id_rsa"`,
		`echo "$(cat f) $HOME/.ssh/id_rsa" | xargs -n1 echo`,
		`xargs -n1 echo <<< "a x$(find ~/.ssh) b"`,
		`printf '%s\n' x$(find ~/.ssh)`,
	} {
		cmd := exec.Command(bash, "-c", s)
		cmd.Dir = cfg.Project
		cmd.Env = []string{"HOME=" + cfg.Home, "PATH=/usr/bin:/bin"}
		out, err := cmd.CombinedOutput()
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		found := false
		for _, l := range lines {
			found = found || l == key
		}
		if err != nil || !found {
			t.Errorf("%s: %q (%v), want the line %s", s, out, err, key)
		}
	}
}
