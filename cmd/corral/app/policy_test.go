package app

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/corral-dev/corral/rewrite"
)

// A policy file that is a FIFO, a device or too large is refused at once:
// the hook must not hang or exhaust memory on it.
func TestReadPolicyFileBounded(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, []byte(strings.Repeat(" ", maxPolicyBytes+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		fifo:        "a named pipe, not a regular file",
		"/dev/zero": "a device, not a regular file",
		dir:         "a directory, not a regular file",
		big:         "larger than 1048576 bytes",
	} {
		done := make(chan error, 1)
		go func() { _, err := readPolicyFile(path); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %v, want %q", path, err, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: reading hangs", path)
		}
	}
}

// Presets: strict asks about run-time command names and unparsable
// commands; paranoid also about deletions, network commands and writes
// outside the project; a project policy can raise the preset, not lower it.
func TestPresets(t *testing.T) {
	m := newMachine(t)
	env := func(preset string) func(string) string {
		return func(k string) string {
			switch k {
			case "HOME":
				return m.home
			case "CORRAL_PRESET":
				return preset
			case "CLAUDE_PROJECT_DIR":
				return m.project
			}
			return ""
		}
	}
	tests := []struct {
		cmd                        string
		standard, strict, paranoid rewrite.Decision
	}{
		{"$CMD x", rewrite.Allow, rewrite.Ask, rewrite.Ask},
		{"ls -la", rewrite.Allow, rewrite.Allow, rewrite.Allow},
		{"rm build/x.o", rewrite.Allow, rewrite.Allow, rewrite.Ask},
		{"curl https://example.com", rewrite.Allow, rewrite.Allow, rewrite.Ask},
		{"git push origin main", rewrite.Allow, rewrite.Allow, rewrite.Ask},
		{"echo x > /srv/out.txt", rewrite.Ask, rewrite.Ask, rewrite.Ask},
		{"echo x > " + m.home + "/notes.txt", rewrite.Allow, rewrite.Allow, rewrite.Ask}, // a home under /tmp: safe, but outside the project
	}
	for _, tt := range tests {
		for preset, want := range map[string]rewrite.Decision{"standard": tt.standard, "strict": tt.strict, "paranoid": tt.paranoid} {
			r := &runtimeEnv{getenv: env(preset), now: time.Now}
			s := r.loadSettings(m.project, nil)
			if got := s.check(tt.cmd, "").Decision; got != want {
				t.Errorf("%s under %s: %s, want %s", tt.cmd, preset, got, want)
			}
		}
	}
	// A write outside the project asks under paranoid even in a safe /tmp.
	r := &runtimeEnv{getenv: env("paranoid"), now: time.Now}
	s := r.loadSettings(m.project, nil)
	if d := s.decidePath(s.guardsEnv(), "/tmp/elsewhere/x", 0); d.Rule != "outside-project" {
		t.Errorf("paranoid write to /tmp: %+v", d)
	}
	// A project .corral.json asking for standard does not lower paranoid.
	if err := os.WriteFile(filepath.Join(m.project, ".corral.json"), []byte(`{"corral": 1, "preset": "standard"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if s := r.loadSettings(m.project, nil); s.preset != "paranoid" {
		t.Errorf("project lowered the preset to %s", s.preset)
	}
}

// TestStrictPresetCodeAndUntracked: the strict preset asks about shell
// commands run by code in another language and about deleting files git
// does not track; standard does neither, and a tracked file's deletion
// passes under strict.
func TestStrictPresetCodeAndUntracked(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	m := newMachine(t)
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", m.project}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run("init", "-q")
	for _, f := range []string{"tracked.txt", "untracked.txt", "gen/out.bin"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(m.project, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(m.project, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run("add", "tracked.txt")
	run("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "one")
	env := func(preset string) func(string) string {
		return func(k string) string {
			switch k {
			case "HOME":
				return m.home
			case "CORRAL_PRESET":
				return preset
			case "CLAUDE_PROJECT_DIR":
				return m.project
			}
			return ""
		}
	}
	tests := []struct {
		cmd              string
		standard, strict rewrite.Decision
	}{
		{"rm tracked.txt", rewrite.Allow, rewrite.Allow},
		{"rm untracked.txt", rewrite.Allow, rewrite.Ask},
		{"rm -r gen", rewrite.Allow, rewrite.Ask},
		{"rm -f missing.txt", rewrite.Allow, rewrite.Allow},
		{`python3 -c 'import os; os.system("ls -la")'`, rewrite.Allow, rewrite.Ask},
		{`node -e 'require("child_process").execSync("date")'`, rewrite.Allow, rewrite.Ask},
		{`python3 -c 'print("os.system(\"ls\")")'`, rewrite.Allow, rewrite.Allow},
	}
	for _, tt := range tests {
		for preset, want := range map[string]rewrite.Decision{"standard": tt.standard, "strict": tt.strict} {
			r := &runtimeEnv{getenv: env(preset), now: time.Now}
			s := r.loadSettings(m.project, nil)
			if got := s.check(tt.cmd, "").Decision; got != want {
				t.Errorf("%s under %s: %s, want %s", tt.cmd, preset, got, want)
			}
		}
	}
}
