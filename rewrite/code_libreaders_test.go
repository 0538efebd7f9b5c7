package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestLibraryFileReaders: library calls of other languages that open a
// file by name and give the program its contents read it (before:
// allowed; red team of 2026-12-05). Node's fs.openAsBlob; Ruby's
// YAML/Psych/JSON load_file and Zlib::GzipReader.open (and GzipWriter.open
// as a write); Perl's File::Slurp and File::Slurper readers and
// Path::Tiny's slurp, lines and openr; Lua's os.rename as mv -T; Julia's
// read of a path built from homedir() (asked: its name is assembled at
// run time). Look-alikes: the same calls on project files.
func TestLibraryFileReaders(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/notes/a.txt": "a\n", "home/.ssh/id_rsa": "k", "home/.kube/config": "k"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`node -e 'require("fs").openAsBlob(require("os").homedir() + "/.ssh/id_rsa").then(b => b.text()).then(console.log)'`, "deny"},
		{`ruby -e 'require "yaml"; p YAML.load_file(File.join(Dir.home, ".kube/config"))'`, "deny"},
		{`ruby -e 'require "json"; p JSON.load_file(File.join(Dir.home, ".ssh/id_rsa"))'`, "deny"},
		{`ruby -e 'require "zlib"; puts Zlib::GzipReader.open(File.join(Dir.home, ".ssh/id_rsa")).read'`, "deny"},
		{`ruby -e 'include Zlib; puts GzipReader.open(File.join(Dir.home, ".ssh/id_rsa")).read'`, "deny"},
		{`ruby -e 'require "zlib"; Zlib::GzipWriter.open(File.join(Dir.home, ".bashrc")) { |g| g.write "x" }'`, "deny"},
		{`perl -e 'use File::Slurp; print read_file("$ENV{HOME}/.ssh/id_rsa")'`, "deny"},
		{`perl -e 'use File::Slurper qw(read_text); print read_text("$ENV{HOME}/.ssh/id_rsa")'`, "deny"},
		{`perl -e 'use Path::Tiny; print path("~/.ssh/id_rsa")->slurp'`, "deny"},
		{`perl -e 'use Path::Tiny; my $p = path("~/.ssh/id_rsa"); print $p->lines'`, "deny"},
		{`lua -e 'os.rename(os.getenv("HOME"), "/tmp/h")'`, "deny"},
		{`julia -e 'print(read(joinpath(homedir(), ".ssh/id_rsa"), String))'`, "ask"},
		// Look-alikes.
		{`node -e 'require("fs").openAsBlob("notes/a.txt")'`, "allow"},
		{`ruby -e 'require "yaml"; p YAML.load_file("notes/a.txt")'`, "allow"},
		{`ruby -e 'require "zlib"; Zlib::GzipWriter.open("notes/a.gz") { |g| g.write "x" }'`, "allow"},
		{`perl -e 'use File::Slurp; print read_file("notes/a.txt")'`, "allow"},
		{`perl -e 'use Path::Tiny; print path("notes/a.txt")->slurp'`, "allow"},
		{`lua -e 'os.rename("notes/a.tmp", "notes/a.txt")'`, "allow"},
		{`julia -e 'print(read(stdin, String))'`, "allow"},
	})
}

// TestLibraryFileReadersOracle runs the real node and ruby with HOME set
// to a directory holding a canary: each reader prints it, and
// GzipWriter.open writes the file it names.
func TestLibraryFileReadersOracle(t *testing.T) {
	const canary = "CANARY_9e41"
	home := t.TempDir()
	for name, body := range map[string]string{"secret": canary, "conf.yml": "k: " + canary + "\n", "conf.json": `{"k": "` + canary + `"}`} {
		if err := os.WriteFile(filepath.Join(home, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	run := func(prog string, args ...string) string {
		t.Helper()
		bin, err := exec.LookPath(prog)
		if err != nil {
			t.Logf("%s not installed, skipped", prog)
			return canary
		}
		cmd := exec.Command(bin, args...)
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "HOME="+home)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("%s %v: %v %s", prog, args, err, out)
		}
		return string(out)
	}
	// The gzip file the readers below open, written by GzipWriter.open.
	run("ruby", "-e", `require "zlib"; Zlib::GzipWriter.open(File.join(Dir.home, "secret.gz")) { |g| g.write "`+canary+`" }`)
	for _, r := range [][]string{
		{"node", "-e", `require("fs").openAsBlob(require("os").homedir() + "/secret").then(b => b.text()).then(console.log)`},
		{"ruby", "-e", `require "yaml"; p YAML.load_file(File.join(Dir.home, "conf.yml"))`},
		{"ruby", "-e", `require "json"; p JSON.load_file(File.join(Dir.home, "conf.json"))`},
		{"ruby", "-e", `require "zlib"; puts Zlib::GzipReader.open(File.join(Dir.home, "secret.gz")).read`},
	} {
		if out := run(r[0], r[1:]...); !strings.Contains(out, canary) {
			t.Errorf("%s %s printed %q, want the canary", r[0], r[2], out)
		}
	}
}
