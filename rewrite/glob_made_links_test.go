package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGlobThroughMadeLinks: bash expands a pattern when the call that
// holds it runs, so a link an earlier call of the command made is an
// entry the pattern matches, and what follows its name goes through it:
// ln -s ~/.ssh l9 && rm -rf l*/ empties ~/.ssh (allow -> deny), as do
// l?/*, a write to l*/id_rsa and reads of k*, k9/* or grep -r of k*.
// A pattern that matches the link alone, for rm, removes the link.
func TestGlobThroughMadeLinks(t *testing.T) {
	t.Parallel()
	cfg, _ := linkLayout(t)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`ln -s ~/.ssh l9 && rm -rf l*/`, "deny"},
		{`ln -s ~/.ssh l9 && rm -rf l9*/.`, "deny"},
		{`ln -s ~/.ssh l9 && rm -rf l?/*`, "deny"},
		{`mkdir -p dd && ln -s ~/.ssh dd/l && rm -rf dd/*/`, "deny"},
		{`ln -s ~/.ssh l9 && echo x > l*/id_rsa`, "deny"},
		{`ln -s ~/.bashrc l9 && echo x >> l*`, "deny"},
		{`mount --bind ~/.ssh m9 && rm -rf m*`, "deny"},
		{`ln -s ~/.ssh/id_rsa k9 && cat k*`, "deny"},
		{`ln -s ~/.ssh k9 && cat k9/*`, "deny"},
		{`ln -s ~/.ssh k9 && cat k*/*`, "deny"},
		{`ln -s ~/.ssh k9 && grep -r . k*`, "deny"},
		{`ln -s ~/.ssh l9 && rm -rf l*`, "allow"},
		{`ln -s ~/.ssh l9 && unlink l*`, "allow"},
		{`ln -s ~/.ssh k9 && ls k*/`, "allow"},
		{`ln -s venv k9 && cat k9/*`, "allow"},
		{`mkdir -p dd && ln -s ../venv dd/l && rm -rf dd/*/`, "warn"},
	})
}

// TestGlobThroughMadeLinksOracle shows the premise in real bash: a
// pattern in a later call matches the link an earlier call made, and a
// trailing slash or a further segment goes through it.
func TestGlobThroughMadeLinksOracle(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	t.Parallel()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "t"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "t/id_rsa"), []byte("k"), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", "-c", `ln -s t l9 && printf '%s\n' l*/ l?/* && rm -rf l*/ ; ls t | wc -l`)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Fields(string(out))
	want := []string{"l9/", "l9/id_rsa", "0"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("bash printed %q, want %q (the pattern matches the made link, and rm -rf l*/ empties its target)", got, want)
	}
}
