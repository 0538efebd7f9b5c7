package guards

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHardLinkAliases: a hard link in the project to a protected, secret
// or corral-own file is judged as that file, for writes and for secret
// reads; a hard link between ordinary project files is not.
func TestHardLinkAliases(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	home := filepath.Join(root, "home")
	proj := filepath.Join(root, "proj")
	bin := filepath.Join(root, "bin", "corral")
	write := func(p, content string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	link := func(src, dst string) {
		t.Helper()
		if err := os.Link(src, dst); err != nil {
			t.Skipf("hard links not available here: %v", err)
		}
	}
	write(filepath.Join(home, ".ssh", "id_rsa"), "KEY")
	write(filepath.Join(home, ".bashrc"), "# rc")
	write(filepath.Join(home, ".claude", "settings.json"), "{}")
	write(filepath.Join(home, ".netrc"), "machine x password y")
	write(bin, "ELF")
	write(filepath.Join(proj, "README.md"), "x")
	write(filepath.Join(proj, "big.bin"), "data")
	write(filepath.Join(proj, ".git", "config"), "[core]")
	write(filepath.Join(proj, "deep", "dir", "x", ".env"), "TOKEN=1")
	link(filepath.Join(home, ".ssh", "id_rsa"), filepath.Join(proj, "k"))
	link(filepath.Join(home, ".bashrc"), filepath.Join(proj, "b"))
	link(filepath.Join(home, ".claude", "settings.json"), filepath.Join(proj, "cs.json"))
	link(filepath.Join(home, ".netrc"), filepath.Join(proj, "n"))
	link(bin, filepath.Join(proj, "cb"))
	link(filepath.Join(proj, "big.bin"), filepath.Join(proj, "copy.bin"))
	link(filepath.Join(proj, ".git", "config"), filepath.Join(proj, "gc"))
	link(filepath.Join(proj, "deep", "dir", "x", ".env"), filepath.Join(proj, "e"))

	env := Env{Project: proj, Cwd: proj, Home: home, Sandbox: filepath.Join(proj, "agent_sandbox")}
	pol := DefaultPolicy().WithSelfProtection([]string{bin}, env.Sandbox)
	for _, tc := range []struct {
		path string
		want Verdict
		twin string // in the message
	}{
		{"k", Deny, ".ssh/id_rsa"},
		{"b", Deny, ".bashrc"},
		{"cs.json", Deny, ".claude/settings.json"},
		{"cb", Deny, "bin/corral"},
		{"gc", Deny, ".git/config"},
		{"copy.bin", Allow, ""},
		{"README.md", Allow, ""},
		// A .env deep in the tree: found by the walk of the project tree.
		{"e", Deny, "deep/dir/x/.env"},
	} {
		d := pol.Decide(env, tc.path, Write)
		if d.Verdict != tc.want || tc.twin != "" && !strings.Contains(d.Message, "hard link to") || tc.twin != "" && !strings.Contains(d.Message, tc.twin) {
			t.Errorf("Decide(%s, write) = %v %q, want %v naming %s", tc.path, d.Verdict, d.Message, tc.want, tc.twin)
		}
		// A deletion removes one name only: the file stays.
		if del := pol.Decide(env, tc.path, Delete); strings.Contains(del.Message, "hard link") {
			t.Errorf("Decide(%s, delete) = %q: a deletion of a link is not one of its twin", tc.path, del.Message)
		}
	}
	sec := pol.Secrets()
	for _, tc := range []struct {
		path, pattern string
	}{
		{"k", "~/.ssh"},
		{"n", "~/.netrc"},
		{"e", ".env"},
		{"b", ""},
		{"copy.bin", ""},
	} {
		s, ok := sec.Match(env, tc.path)
		if ok != (tc.pattern != "") || ok && (s.Pattern != tc.pattern || s.LinkOf == "" || !strings.Contains(s.Reason("reads"), "hard link to")) {
			t.Errorf("Match(%s) = %+v %v, want pattern %q through a hard link", tc.path, s, ok, tc.pattern)
		}
	}
}

// TestHardLinkAnyDepth: a hard link to a file protected or secret only by
// a pattern that matches at any depth (a .env deep in the project, a key
// under a deploy directory, a .pem in another project under the home
// directory) is found by the breadth-first walk of the trees, even
// beside a wide dependency directory; links between ordinary deep files
// and to an example file pass.
func TestHardLinkAnyDepth(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	home := filepath.Join(root, "home")
	proj := filepath.Join(home, "proj")
	write := func(p, content string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	link := func(src, dst string) {
		t.Helper()
		if err := os.Link(src, dst); err != nil {
			t.Skipf("hard links not available here: %v", err)
		}
	}
	// A wide directory read before sub/ at the same level (by name):
	// 300 packages of 10 files each.
	for i := range 300 {
		for j := range 10 {
			write(filepath.Join(proj, "node_modules", fmt.Sprintf("p%03d", i), fmt.Sprintf("f%d.js", j)), "")
		}
	}
	// And one directory wider than the whole walk's budget.
	for i := range linkTreeBudget + 100 {
		write(filepath.Join(proj, "assets", fmt.Sprintf("i%04d.png", i)), "")
	}
	write(filepath.Join(proj, "sub", "dir", ".env"), "TOKEN=1")
	write(filepath.Join(proj, "deploy", "tls", "server.key"), "-----BEGIN PRIVATE KEY-----")
	write(filepath.Join(proj, "sub", "dir", ".env.example"), "TOKEN=")
	write(filepath.Join(proj, "data", "raw", "a.csv"), "1,2")
	write(filepath.Join(home, "other", "certs", "x.pem"), "-----BEGIN PRIVATE KEY-----")
	link(filepath.Join(proj, "sub", "dir", ".env"), filepath.Join(proj, "notes.txt"))
	link(filepath.Join(proj, "deploy", "tls", "server.key"), filepath.Join(proj, "k.txt"))
	link(filepath.Join(home, "other", "certs", "x.pem"), filepath.Join(proj, "p.txt"))
	link(filepath.Join(proj, "sub", "dir", ".env.example"), filepath.Join(proj, "example.txt"))
	link(filepath.Join(proj, "data", "raw", "a.csv"), filepath.Join(proj, "b.csv"))

	env := Env{Project: proj, Cwd: proj, Home: home}
	pol := DefaultPolicy()
	sec := pol.Secrets()
	for _, tc := range []struct {
		path, pattern, twin string
	}{
		{"notes.txt", ".env", "sub/dir/.env"},
		{"k.txt", "*.key", "deploy/tls/server.key"},
		{"p.txt", "*.pem", "other/certs/x.pem"},
		{"example.txt", "", ""},
		{"b.csv", "", ""},
	} {
		s, ok := sec.Match(env, tc.path)
		if ok != (tc.pattern != "") || ok && (s.Pattern != tc.pattern || !strings.HasSuffix(s.LinkOf, tc.twin)) {
			t.Errorf("Match(%s) = %+v %v, want pattern %q through %s", tc.path, s, ok, tc.pattern, tc.twin)
		}
	}
	if d := pol.Decide(env, "notes.txt", Write); d.Verdict != Deny || !strings.Contains(d.Message, "sub/dir/.env") {
		t.Errorf("Decide(notes.txt, write) = %v %q, want deny through sub/dir/.env", d.Verdict, d.Message)
	}
	if d := pol.Decide(env, "b.csv", Write); d.Verdict != Allow {
		t.Errorf("Decide(b.csv, write) = %v %q, want allow", d.Verdict, d.Message)
	}
}
