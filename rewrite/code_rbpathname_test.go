package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestRubyPathnameChains: a Pathname built from the home directory and
// extended with join, + or /, or a ~ path given to expand_path, is that
// file, so its write, read and rmtree are judged as the shell's (before:
// allowed; red team of 2026-12-05). puts (x).read is a read of x.
// Look-alikes: the same methods on project files.
func TestRubyPathnameChains(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/src/a.rb": "a\n", "home/.ssh/id_rsa": "k"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`ruby -e 'require "pathname"; Pathname(Dir.home).join(".bashrc").write("x")'`, "deny"},
		{`ruby -e 'require "pathname"; (Pathname.new(Dir.home) + ".bashrc").write("x")'`, "deny"},
		{`ruby -e 'require "pathname"; puts (Pathname.new(Dir.home) / ".ssh" / "id_rsa").read'`, "deny"},
		{`ruby -e 'require "pathname"; puts Pathname("~/.ssh/id_rsa").expand_path.read'`, "deny"},
		{`ruby -e 'require "pathname"; Pathname("~").expand_path.rmtree'`, "deny"},
		// Look-alikes.
		{`ruby -e 'require "pathname"; Pathname("notes").join("b.txt").write("x")'`, "allow"},
		{`ruby -e 'require "pathname"; puts Pathname("src/a.rb").expand_path.read'`, "allow"},
		{`ruby -e 'require "pathname"; puts Pathname(Dir.home).join(".ssh").exist?'`, "allow"},
	})
}

// TestRubyPathnameChainsOracle runs the real ruby with HOME set to a
// temporary directory: the chains above name the files the test reads
// (the canary is printed) and writes (the file appears in HOME).
func TestRubyPathnameChainsOracle(t *testing.T) {
	rb, err := exec.LookPath("ruby")
	if err != nil {
		t.Skip("ruby not installed")
	}
	const canary = "CANARY_77e1"
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, "secret"), []byte(canary), 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(code string) string {
		cmd := exec.Command(rb, "-e", `require "pathname"; `+code)
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "HOME="+home)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("%s: %v %s", code, err, out)
		}
		return string(out)
	}
	for _, code := range []string{
		`puts (Pathname.new(Dir.home) / "secret").read`,
		`puts Pathname("~/secret").expand_path.read`,
		`puts Pathname(Dir.home).join("secret").readlines`,
	} {
		if out := run(code); out != canary+"\n" {
			t.Errorf("%s printed %q, want the canary", code, out)
		}
	}
	run(`Pathname(Dir.home).join("written").write("x")`)
	run(`(Pathname.new(Dir.home) + "added").write("x")`)
	for _, f := range []string{"written", "added"} {
		if _, err := os.Stat(filepath.Join(home, f)); err != nil {
			t.Errorf("%s was not written in HOME: %v", f, err)
		}
	}
}

// TestRubyHeldPathname: a Pathname held in a name is the same path
// object, so p = Pathname.new(Dir.home); p.rmtree deletes the home
// directory (before: allowed; red team of 2026-12-05). A name whose
// Pathname only run time knows asks for a deletion; look-alikes: a
// project Pathname and String#delete on a string.
func TestRubyHeldPathname(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/notes/a.txt": "a\n", "home/.ssh/id_rsa": "k"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`ruby -e 'require "pathname"; p = Pathname.new(Dir.home); p.rmtree'`, "deny"},
		{`ruby -e 'require "pathname"; p = Pathname.new(Dir.home) + ".ssh/id_rsa"; puts p.read'`, "deny"},
		{`ruby -e 'require "pathname"; p = Pathname("~/.ssh/id_rsa"); puts p.expand_path.read'`, "deny"},
		{`ruby -e 'require "pathname"; p = Pathname.new(ENV["HOME"]) / ".bashrc"; p.write("x")'`, "deny"},
		// Inside an indented body the name is not a constant: its
		// Pathname is one only run time knows, so a deletion asks.
		{"ruby -e 'require \"pathname\"\ndef f\n  p = Pathname.new(Dir.home)\n  p.rmtree\nend\nf'", "ask"},
		{`ruby -e 'require "pathname"; p = Pathname.new(ENV["TARGET"]); p.rmtree'`, "ask"},
		// ruby -e CODE x: ARGV[0] is x, a project path.
		{`ruby -e 'require "pathname"; p = Pathname.new(ARGV[0]); p.rmtree' x`, "allow"},
		// Look-alikes.
		{`ruby -e 'require "pathname"; p = Pathname.new("notes"); p.rmtree'`, "allow"},
		{`ruby -e 'require "pathname"; p = Pathname.new("notes/a.txt"); p.write("x"); puts p.read'`, "allow"},
		{`ruby -e 's = "abc"; puts s.delete("b")'`, "allow"},
		{`ruby -e 'h = Dir.home; puts h.delete("x")'`, "allow"},
	})
}

// TestRubyHeldPathnameOracle runs the real ruby: a Pathname held in a
// name reads and deletes the file it was built from.
func TestRubyHeldPathnameOracle(t *testing.T) {
	rb, err := exec.LookPath("ruby")
	if err != nil {
		t.Skip("ruby not installed")
	}
	const canary = "CANARY_5a0c"
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, "secret"), []byte(canary), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(home, "tree", "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	run := func(code string) string {
		cmd := exec.Command(rb, "-e", `require "pathname"; `+code)
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "HOME="+home)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("%s: %v %s", code, err, out)
		}
		return string(out)
	}
	if out := run(`p = Pathname.new(Dir.home) + "secret"; puts p.read`); out != canary+"\n" {
		t.Errorf("held Pathname read printed %q, want the canary", out)
	}
	run(`p = Pathname.new(Dir.home) / "tree"; p.rmtree`)
	if _, err := os.Stat(filepath.Join(home, "tree")); !os.IsNotExist(err) {
		t.Errorf("held Pathname rmtree left the tree: %v", err)
	}
}
