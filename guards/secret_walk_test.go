package guards

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func writeTree(t *testing.T, root string, files ...string) {
	t.Helper()
	for _, f := range files {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSecretsOnDisk: the bounded walk finds a secret file under a
// directory as the reader would reach it (hidden files, name globs with
// find's leading-dot rule, excludes, a filter, depth, .gitignore), never
// enters .git or node_modules, never follows a link to a directory, and
// stops at its bounds.
func TestSecretsOnDisk(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeTree(t, root, "a/.env", "a/main.go", "b/deep/1/2/3/4/5/6/7/server.key", "c/node_modules/p/x.pem", "c/.git/x.pem", "c/ok.txt", "d/certs/site.pem", "d/.gitignore")
	if err := os.WriteFile(filepath.Join(root, "d/.gitignore"), []byte("# certs\ncerts/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "a"), filepath.Join(root, "c/link")); err != nil {
		t.Fatal(err)
	}
	// A link with an ordinary name whose target is a secret.
	if err := os.MkdirAll(filepath.Join(root, "e"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "a/.env"), filepath.Join(root, "e/settings")); err != nil {
		t.Fatal(err)
	}
	s := DefaultSecrets()
	env := Env{Project: root, Cwd: root, Home: "/nonexistent-home"}
	cases := []struct {
		dir  string
		w    Walk
		want string // the secret's path under root, "" for none
	}{
		{"a", Walk{Hidden: true}, "a/.env"},
		{"a/.env", Walk{}, "a/.env"}, // a file is judged itself
		{"a", Walk{}, ""},            // hidden files skipped
		{"a", Walk{Hidden: true, Names: []string{"*.env"}}, "a/.env"},
		{"a", Walk{Hidden: true, Names: []string{"*.go"}}, ""},
		{"a", Walk{Hidden: true, Exclude: []string{".env"}}, ""},
		{"a", Walk{Hidden: true, Keep: regexp.MustCompile(`main`)}, ""},
		{"a", Walk{Hidden: true, Keep: regexp.MustCompile(`env`)}, "a/.env"},
		{"b", Walk{Hidden: true}, ""}, // deeper than MaxWalkDepth
		{"b/deep/1", Walk{Hidden: true}, "b/deep/1/2/3/4/5/6/7/server.key"},
		{"b/deep/1", Walk{Hidden: true, MaxDepth: 2}, ""},
		{"c", Walk{Hidden: true}, ""}, // node_modules, .git and the link to a are not entered
		{"d", Walk{Hidden: true}, "d/certs/site.pem"},
		{"d", Walk{Hidden: true, Ignores: true}, ""},
		{"missing", Walk{Hidden: true}, ""},
		{"e", Walk{Hidden: true}, "a/.env"},
		// System trees are not walked: /usr holds public certificate
		// bundles named *.pem.
		{"/usr", Walk{Hidden: true}, ""},
		{"/etc/ssl", Walk{Hidden: true}, ""},
	}
	for _, tc := range cases {
		sec, ok := s.OnDisk(env, tc.dir, tc.w)
		got := ""
		if ok {
			got = strings.TrimPrefix(sec.Path.Abs, root+"/")
		}
		if got != tc.want {
			t.Errorf("OnDisk(%s, %+v) = %q, want %q", tc.dir, tc.w, got, tc.want)
		}
	}
}

// TestSecretsOnDiskBound: past MaxWalkEntries entries the walk stops, so a
// secret listed after them is not seen (the documented limit).
func TestSecretsOnDiskBound(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	var files []string
	for i := 0; i < MaxWalkEntries; i++ {
		files = append(files, fmt.Sprintf("a/f%05d", i))
	}
	writeTree(t, root, append(files, "z/.env")...)
	s := DefaultSecrets()
	env := Env{Project: root, Cwd: root, Home: "/nonexistent-home"}
	if _, ok := s.OnDisk(env, ".", Walk{Hidden: true}); ok {
		t.Errorf("OnDisk found the secret past %d entries", MaxWalkEntries)
	}
	if _, ok := s.OnDisk(env, "z", Walk{Hidden: true}); !ok {
		t.Errorf("OnDisk missed z/.env")
	}
}

// TestGitIgnored: .gitignore lines from the file's directory up to the
// repository top and .git/info/exclude name a file; a negated line makes
// it count as not ignored.
func TestGitIgnored(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeTree(t, root, ".git/info/exclude", "sub/.env", "sub/x.pem", "neg/.env", "neg/.gitignore", "top.key", "sub/.gitignore", "inner/deep/.env")
	write := func(f, body string) {
		if err := os.WriteFile(filepath.Join(root, f), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".git/info/exclude", "*.key\n")
	write("sub/.gitignore", "/.env\n")
	write("neg/.gitignore", ".env*\n!.env.example\n")
	if err := os.WriteFile(filepath.Join(root, ".gitignore"), []byte("inner/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for f, want := range map[string]bool{"sub/.env": true, "sub/x.pem": false, "neg/.env": false, "top.key": true, "inner/deep/.env": true} {
		if got := gitIgnored(filepath.Join(root, f)); got != want {
			t.Errorf("gitIgnored(%s) = %v, want %v", f, got, want)
		}
	}
}
