package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestLocaleTranslatedWords: bash translates $"…" through the message
// catalog TEXTDOMAIN and TEXTDOMAINDIR name, files the command can make
// with msgfmt (red team 7, 0e). With those set by the command a $"…"
// word is a value only run time knows: a command name made of one asks.
// Without them the catalogs are the user's and the word is its text.
// Real bash (with an en_US.UTF-8 locale built by localedef, where the
// machine can) runs $"ls" translated to touch.
func TestLocaleTranslatedWords(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.claude/settings.json": "{}"})
	if bashTranslates(t) {
		t.Log("real bash ran the translated command")
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"TEXTDOMAINDIR=./loc TEXTDOMAIN=y\n$\"ls\" -rf ~", "ask"},
		{"export TEXTDOMAINDIR=$PWD/loc TEXTDOMAIN=y\n$\"ls\" -rf ~", "ask"},
		{"TEXTDOMAIN=y\n$\"ls\" -rf ~", "ask"},
		{"TEXTDOMAINDIR=./loc\n$\"cat\" ~/.bashrc", "ask"},
		// Look-alikes: output only, or no catalog the command chose.
		{"TEXTDOMAINDIR=./loc TEXTDOMAIN=y\necho $\"Hello\"", "allow"},
		{"echo $\"Hello\"", "allow"},
		{"$\"ls\" -la", "allow"},
		{"$\"rm\" -rf ~", "deny"},
	})
}

// bashTranslates builds a locale and a catalog mapping "ls" to "touch"
// and reports whether bash ran touch; it fails the test when bash did
// not while both tools worked, and returns false when the machine lacks
// them.
func bashTranslates(t *testing.T) bool {
	t.Helper()
	for _, p := range []string{"bash", "msgfmt", "localedef"} {
		if _, err := exec.LookPath(p); err != nil {
			return false
		}
	}
	dir := t.TempDir()
	locs := filepath.Join(dir, "locs")
	if err := exec.Command("localedef", "-i", "en_US", "-f", "UTF-8", filepath.Join(locs, "en_US.UTF-8")).Run(); err != nil {
		if _, serr := os.Stat(filepath.Join(locs, "en_US.UTF-8")); serr != nil {
			return false // no locale sources
		}
	}
	msgs := filepath.Join(dir, "loc", "en_US", "LC_MESSAGES")
	if err := os.MkdirAll(msgs, 0o755); err != nil {
		t.Fatal(err)
	}
	po := filepath.Join(dir, "y.po")
	if err := os.WriteFile(po, []byte("msgid \"ls\"\nmsgstr \"touch\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("msgfmt", "-o", filepath.Join(msgs, "y.mo"), po).CombinedOutput(); err != nil {
		t.Logf("msgfmt: %v %s", err, out)
		return false
	}
	canary := filepath.Join(dir, "ran")
	script := "TEXTDOMAINDIR=" + filepath.Join(dir, "loc") + " TEXTDOMAIN=y\n$\"ls\" " + canary + "\n"
	c := exec.Command("bash", "-c", script)
	c.Env = append(os.Environ(), "LOCPATH="+locs, "LC_ALL=en_US.UTF-8")
	out, _ := c.CombinedOutput()
	if _, err := os.Stat(canary); err != nil {
		t.Errorf("bash did not translate $\"ls\" to touch: %s", strings.TrimSpace(string(out)))
		return false
	}
	return true
}
