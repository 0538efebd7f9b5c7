package guards

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSecretLinkTargets: a secret's name that is a symbolic link to a
// file no pattern names (a project's .env -> config/env.txt, a nested
// service's .env into a shared directory, a key under ~/.ssh linked from
// ~/keys under another name) makes its target a secret, with a reason
// naming the link; the targets of other links, an excepted name and
// ordinary files are not secrets.
func TestSecretLinkTargets(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	home := filepath.Join(root, "home")
	proj := filepath.Join(root, "proj")
	write := func(p string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	symlink := func(target, name string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, name); err != nil {
			t.Skipf("symbolic links not available here: %v", err)
		}
	}
	write(filepath.Join(proj, "config", "env.txt"))
	symlink("config/env.txt", filepath.Join(proj, ".env"))
	write(filepath.Join(proj, "shared", "api-settings.txt"))
	symlink("../../shared/api-settings.txt", filepath.Join(proj, "services", "api", ".env"))
	write(filepath.Join(home, "keys", "work"))
	symlink(filepath.Join(home, "keys", "work"), filepath.Join(home, ".ssh", "work"))
	write(filepath.Join(proj, "config", "sample.txt"))
	symlink("config/sample.txt", filepath.Join(proj, ".env.example"))
	write(filepath.Join(proj, "docs", "guide.md"))
	symlink("docs/guide.md", filepath.Join(proj, "GUIDE.md"))
	write(filepath.Join(proj, "config", "other.txt"))

	env := Env{Project: proj, Cwd: proj, Home: home}
	sec := DefaultPolicy().Secrets()
	for _, tc := range []struct {
		path, pattern, link string
	}{
		{"config/env.txt", ".env", ".env"},
		{"shared/api-settings.txt", ".env", "services/api/.env"},
		{"~/keys/work", "~/.ssh", ".ssh/work"},
		// Look-alikes.
		{"config/sample.txt", "", ""},
		{"docs/guide.md", "", ""},
		{"config/other.txt", "", ""},
	} {
		s, ok := sec.Match(env, tc.path)
		if ok != (tc.pattern != "") || ok && (s.Pattern != tc.pattern || !strings.HasSuffix(s.ViaLink, tc.link) || !strings.Contains(s.Reason("reads"), "symbolic link")) {
			t.Errorf("Match(%s) = %+v %v, want pattern %q through the link %s", tc.path, s, ok, tc.pattern, tc.link)
		}
	}
}
