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
