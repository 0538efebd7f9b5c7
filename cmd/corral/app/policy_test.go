package app

import (
	"os"
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
