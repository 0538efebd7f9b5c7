package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestSubstListPrinted (red team 18 HD2 rest): a command substitution
// whose body is a list, a compound command or a function call prints
// what each of its parts prints, files included: in an unquoted
// here-document fed to a shell (also inside a function body), and as
// eval's script, $(cat run.sh; :), $(cat run.sh || true) and $(f) of a
// function that prints run.sh run run.sh's text.
func TestSubstListPrinted(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/README": "x\n",
		"proj/run.sh": "rm -f ~/.bashrc\n",
		"proj/ok.sh":  "echo hi\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"sh <<X\n$(cat run.sh; :)\nX", "deny"},
		{"bash <<X\n$(cat run.sh || true)\nX", "deny"},
		{"sh <<X\n$({ cat run.sh; })\nX", "deny"},
		{"cat <<X | sh\n$(cat run.sh; :)\nX", "deny"},
		{"f() { sh <<X\n$(cat run.sh; :)\nX\n}; f", "deny"},
		{"f() { cat run.sh; }; eval \"$(f)\"", "deny"},
		{"f() { cat run.sh; }; sh <<X\n$(f)\nX", "deny"},
		{"eval \"$(cat run.sh; :)\"", "deny"},
		// Look-alikes: harmless text, output sent elsewhere, a
		// here-document that is only printed, a program's own output.
		{"sh <<X\n$(cat ok.sh; :)\nX", "allow"},
		{"sh <<X\n$(cat run.sh > /dev/null; :)\nX", "allow"},
		{"cat <<X\n$(cat run.sh; :)\nX", "allow"},
		{"cat <<X\nversion: $(git describe; :)\nX", "allow"},
		{"f() { cat ok.sh; }; eval \"$(f)\"", "allow"},
		{"f() { git describe; }; eval \"$(f)\"", "allow"},
	})
}

// TestSubstListPrintedOracle: real bash runs the text a list
// substitution prints from a file, in a here-document fed to sh and as
// eval's script of a function's output, and not when the output goes to
// /dev/null.
func TestSubstListPrintedOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	for _, tt := range []struct {
		script string
		ran    bool
	}{
		{"sh <<X\n$(cat run.sh; :)\nX", true},
		{"bash <<X\n$(cat run.sh || true)\nX", true},
		{"f() { sh <<X\n$(cat run.sh; :)\nX\n}; f", true},
		{"f() { cat run.sh; }; eval \"$(f)\"", true},
		{"sh <<X\n$(cat run.sh > /dev/null; :)\nX", false},
		{"cat <<X\n$(cat run.sh; :)\nX", false},
	} {
		home := t.TempDir()
		canary := filepath.Join(home, "canary")
		if err := os.WriteFile(filepath.Join(home, "run.sh"), []byte("echo pwned > "+canary+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "-c", tt.script)
		cmd.Dir = home
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
		_ = cmd.Run()
		_, err := os.Stat(canary)
		if ran := err == nil; ran != tt.ran {
			t.Errorf("%q: real bash ran run.sh: %v, want %v", tt.script, ran, tt.ran)
		}
	}
}
