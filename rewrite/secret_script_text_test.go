package rewrite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSecretScriptTextNotShown: a secret file read as a script (BASH_ENV
// naming a key, reached by a bash that bash -c or make starts) yields
// findings about its lines; none may carry the file's text, which would
// reach the agent in the answer's reason (and the audit log). The
// findings keep their rule and decision and name the file and line.
func TestSecretScriptTextNotShown(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "project")
	const line = "SECRETLINE42"
	for name, text := range map[string]string{".ssh/id_rsa": "abcdef\n" + line + " x y\n", "project/Makefile": "all:\n\ttrue\n"} {
		p := filepath.Join(home, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": home, EnvProject: proj}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, proj)
	for _, tt := range []struct{ cmd, want string }{
		{"BASH_ENV=~/.ssh/id_rsa bash -c true", "deny"},
		{"BASH_ENV=~/.ssh/id_rsa make", "ask"},
		{"export BASH_ENV=~/.ssh/id_rsa; make", "ask"},
	} {
		r := Check(cfg, tt.cmd)
		if r.Decision.String() != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, r.Decision, tt.want, r.Findings)
		}
		named := false
		for _, f := range r.Findings {
			for _, s := range []string{f.Message, f.Text, f.After} {
				if strings.Contains(s, line) || strings.Contains(s, "abcdef") {
					t.Errorf("%s: a finding shows the secret's text: %+v", tt.cmd, f)
				}
			}
			named = named || strings.Contains(f.Message, "id_rsa:2: a line of")
		}
		if !named {
			t.Errorf("%s: no finding names the secret's line: %v", tt.cmd, r.Findings)
		}
	}
}
