package guards

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

var scratchNow = time.Date(2026, 2, 4, 23, 30, 0, 0, time.UTC)

func TestCreateScratch(t *testing.T) {
	t.Parallel()
	proj := t.TempDir()
	dir, err := CreateScratch(proj, "auth-investigation", scratchNow)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(proj, "agent_sandbox", "2026-02-04", "auth-investigation"); dir != want {
		t.Errorf("dir = %s, want %s", dir, want)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		t.Fatalf("scratch dir not created: %v", err)
	}
	// The scratch directory is a safe path under the defaults.
	e := Env{Project: proj, Cwd: proj}
	if d := DefaultPolicy().Decide(e, filepath.Join(dir, "probe.py"), Write); d.Verdict != Allow || d.Pattern != "agent_sandbox/**" {
		t.Errorf("a file in the scratch directory: %+v", d)
	}
	// The same context again is fine; a second one sits beside it.
	for _, c := range []string{"auth-investigation", "api-research"} {
		if _, err := CreateScratch(proj, c, scratchNow); err != nil {
			t.Errorf("%s: %v", c, err)
		}
	}
	got, _ := os.ReadFile(filepath.Join(proj, ".gitignore"))
	if string(got) != "agent_sandbox/\n" {
		t.Errorf(".gitignore = %q", got)
	}
}

func TestCreateScratchGitignore(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		before *string // nil: no .gitignore
		after  string
	}{
		{"missing", nil, "agent_sandbox/\n"},
		{"empty", ptr(""), "agent_sandbox/\n"},
		{"with newline", ptr("node_modules\n"), "node_modules\nagent_sandbox/\n"},
		{"without trailing newline", ptr("node_modules"), "node_modules\nagent_sandbox/"},
		{"crlf", ptr("node_modules\r\n"), "node_modules\r\nagent_sandbox/\r\n"},
		{"present", ptr("a\nagent_sandbox/\nb\n"), "a\nagent_sandbox/\nb\n"},
		{"present without slash", ptr("agent_sandbox\n"), "agent_sandbox\n"},
		{"present anchored", ptr("/agent_sandbox/"), "/agent_sandbox/"},
		{"present with crlf", ptr("agent_sandbox/\r\n"), "agent_sandbox/\r\n"},
		{"a longer name is not it", ptr("agent_sandbox_old/\n"), "agent_sandbox_old/\nagent_sandbox/\n"},
		{"a comment is not it", ptr("# agent_sandbox/\n"), "# agent_sandbox/\nagent_sandbox/\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			proj := t.TempDir()
			gi := filepath.Join(proj, ".gitignore")
			if tt.before != nil {
				if err := os.WriteFile(gi, []byte(*tt.before), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			// Idempotent: three runs give what one gives.
			for i := 0; i < 3; i++ {
				if _, err := CreateScratch(proj, "probe", scratchNow); err != nil {
					t.Fatal(err)
				}
				got, err := os.ReadFile(gi)
				if err != nil || string(got) != tt.after {
					t.Fatalf("run %d: .gitignore = %q (%v), want %q", i+1, got, err, tt.after)
				}
			}
		})
	}
}

func ptr(s string) *string { return &s }

func TestCreateScratchContext(t *testing.T) {
	t.Parallel()
	proj := t.TempDir()
	for c, ok := range map[string]bool{
		"auth-investigation": true, "api_research": true, "v1.2-probe": true, "über-test": true, "x": true, "2026-q1": true,
		"": false, ".": false, "..": false, "a/b": false, "../x": false, "123": false, "٣٤": false, ".hidden": false,
		"a b": false, "a\\b": false, "tab\t": false, "a\x00b": false,
	} {
		dir, err := CreateScratch(proj, c, scratchNow)
		if (err == nil) != ok {
			t.Errorf("context %q: dir %q, err %v; want ok=%v", c, dir, err, ok)
		}
		if ok && filepath.Dir(dir) != filepath.Join(proj, "agent_sandbox", "2026-02-04") {
			t.Errorf("context %q made %s", c, dir)
		}
	}
	entries, _ := os.ReadDir(filepath.Join(proj, "agent_sandbox", "2026-02-04"))
	if len(entries) != 6 {
		t.Errorf("%d scratch directories, want 6", len(entries))
	}
}

func TestCreateScratchProject(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	file := filepath.Join(root, "file")
	os.WriteFile(file, nil, 0o644)
	for _, proj := range []string{"", filepath.Join(root, "missing"), file} {
		if dir, err := CreateScratch(proj, "probe", scratchNow); err == nil {
			t.Errorf("project %q: made %s", proj, dir)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "missing")); !os.IsNotExist(err) {
		t.Error("a missing project was created")
	}
}
