package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// perlInPlaceScript defines $^I in a BEGIN block and prints each line of
// the ARGV files with a change: run on F, perl edits F in place.
const perlInPlaceScript = "BEGIN { $^I = \"\"; }\nwhile (<>) { s/a/b/; print; }\n"

// TestPerlScriptInPlace: a Perl script on disk that defines $^I edits
// the operands after it in place, as perl -i does (red team 13 WS,
// rewrite/writes_perlscript_inplace.go): perl edit.pl ~/.bashrc ask ->
// deny, perl edit.pl .git/config ask -> deny. Look-alikes: a project
// file, a script that never sets $^I or sets it to undef, a script not
// on disk.
func TestPerlScriptInPlace(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/edit.pl":   perlInPlaceScript,
		"proj/undef.pl":  "$^I = undef;\nwhile (<>) { print; }\n",
		"proj/plain.pl":  "while (<>) { print; }\n",
		"proj/notes.txt": "a\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`perl edit.pl ~/.bashrc`, "deny"},
		{`perl -w edit.pl ~/.bashrc`, "deny"},
		{`perl edit.pl .git/config`, "deny"},
		{`perl edit.pl notes.txt`, "allow"},
		{`perl plain.pl notes.txt`, "allow"},
		{`perl undef.pl notes.txt`, "allow"},
		{`perl -e 'print 1' notes.txt`, "allow"},
	})
}

// TestPerlScriptInPlaceOracle runs the real perl (when installed) on the
// script with a canary operand: the canary is rewritten in place, so the
// script's $^I makes perl edit its operands as modelled.
func TestPerlScriptInPlaceOracle(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("perl")
	if err != nil {
		t.Skip("perl not installed")
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "edit.pl")
	canary := filepath.Join(dir, "canary")
	if err := os.WriteFile(script, []byte(perlInPlaceScript), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(canary, []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, script, canary)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("perl: %v %s", err, out)
	}
	if b, _ := os.ReadFile(canary); string(b) != "b\n" {
		t.Errorf("the canary was not edited in place: %q", b)
	}
}
