package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// TestExtractMemberOperands (issue 12 class 6): the member names given
// after an archive corral cannot list (and the names of a tar -T list on
// disk or on stdin as static text, as a file < opens or as a file cat
// pipes in, and of a 7z @LIST file) are the paths the extraction writes, under its -C/-d/-o/-D
// directory and with the names the program uses (--strip-components,
// --transform, bsdtar -s, 7z e, unzip -j); a protected file named so is
// denied, a directory or a pattern that can hold one asks, and a
// --transform that puts every unknown member under .claude asks.
// Look-alikes: no operands, ordinary project paths, a listing (tar t,
// unzip -l), unzip -x (names left out), a -T list of ordinary names,
// creating an archive, another directory, the sandbox.
func TestExtractMemberOperands(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.claude/settings.json": "{}\n",
		"proj/src/a.go":              "package a\n",
		"proj/.git/HEAD":             "ref: refs/heads/main\n",
		"out/":                       "",
		"list.txt":                   "docs/a.md\n.claude/settings.json\n",
		"null.txt":                   "docs/a.md\x00.claude/settings.json\x00",
		"ok.txt":                     "docs/a.md\n",
	})
	root := filepath.Dir(cfg.Project)
	x := filepath.Join(root, "missing.tar")
	z := filepath.Join(root, "missing.zip")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"tar xf " + x + " .claude/settings.json", "deny"},
		{"tar -xf " + x + " -- .claude/settings.json", "deny"},
		{"tar xf " + x + " .claude", "ask"},
		{"tar xf " + x + " .claude/", "ask"},
		{"tar xf " + x + " .git/hooks/pre-commit", "deny"},
		{"tar xf " + x + " -C .claude settings.json", "deny"},
		{"tar xf " + x + " --strip-components=1 pkg/.claude/settings.json", "deny"},
		{"tar xf " + x + " --wildcards '.claude/*'", "ask"},
		{"bsdtar -xf " + x + " .claude/settings.json", "deny"},
		{"unzip " + z + " .claude/settings.json", "deny"},
		{"unzip -o " + z + " '.claude/*'", "ask"},
		{"unzip " + z + " -d .claude settings.json", "deny"},
		{"7z x " + z + " .claude/settings.json", "deny"},
		{"7z x " + z + " '-i!.claude/settings.json'", "deny"},
		{"jar xf " + z + " .claude/settings.json", "deny"},
		{"cpio -id '.claude/*' < " + x, "ask"},
		{"cpio -id .claude/settings.json < " + x, "deny"},
		{"somecmd | tar x .claude/settings.json", "deny"},
		// tar -T LIST: the names in the list file, read at hook time.
		{"tar xf " + x + " -T " + root + "/list.txt", "deny"},
		{"tar xf " + x + " --null --files-from=" + root + "/null.txt", "deny"},
		{"printf '.claude/settings.json' > " + root + "/new.txt && tar xf " + x + " -T " + root + "/new.txt", "ask"},
		// tar -T - : the names the command gives on stdin.
		{"printf '.claude/settings.json\\n' | tar xf " + x + " -T -", "deny"},
		{"printf '%s\\n' docs/a.md .claude/settings.json | tar xf " + x + " --files-from=-", "deny"},
		{"echo .claude/settings.json | tar xf " + x + " -T -", "deny"},
		{"tar xf " + x + " -T - <<< .claude/settings.json", "deny"},
		{"tar xf " + x + " -T - <<XEOF\n.claude/settings.json\nXEOF", "deny"},
		{"tar xf " + x + " -T - <<'XEOF'\ndocs/a.md\n.claude/settings.json\nXEOF", "deny"},
		// tar -T - given the list file through stdin: a < redirection
		// (on the call, around a block, by an earlier exec), or cat
		// FILE piped in, through filters that keep a subset of lines.
		{"tar xf " + x + " -T - < " + root + "/list.txt", "deny"},
		{"tar xf " + x + " -T /dev/stdin < " + root + "/list.txt", "deny"},
		{"{ tar xf " + x + " -T -; } < " + root + "/list.txt", "deny"},
		{"exec < " + root + "/list.txt; tar xf " + x + " -T -", "deny"},
		{"cat " + root + "/list.txt | tar xf " + x + " -T -", "deny"},
		{"cat -- " + root + "/list.txt | sort | tar xf " + x + " --files-from=/dev/fd/0", "deny"},
		{"cat " + root + "/null.txt | tar xf " + x + " --null -T -", "deny"},
		{"cat " + root + "/list.txt | cpio -pd .", "deny"},
		{"cpio -pd . < " + root + "/list.txt", "deny"},
		{"printf '.claude/settings.json' > " + root + "/new2.txt; cat " + root + "/new2.txt | tar xf " + x + " -T -", "ask"},
		// 7z @LIST (and -i@LIST): the names in the list file.
		{"7z x " + z + " @" + root + "/list.txt", "deny"},
		{"7z x " + z + " -i@" + root + "/list.txt", "deny"},
		{"printf '.claude/settings.json' > " + root + "/new7.txt && 7z x " + z + " @" + root + "/new7.txt", "ask"},
		// A rename of names corral cannot list into a protected place.
		{"tar xf " + x + " --transform 's,^,.claude/,'", "ask"},
		{"tar xf " + x + " --xform='s,^,.git/hooks/,'", "deny"}, // every name there is a hook
		{"bsdtar -s ',^,.claude/,' -xf " + x, "ask"},
		{"tar xf " + x + " --transform 's,.*,.claude/settings.json,'", "deny"},
		{"tar xf " + x + " --one-top-level=.claude", "ask"},
		{"tar xf " + x + " --one-top-level=.claude settings.json", "deny"},
		{"tar xf " + x + " --transform 's,^,.claude/,' src", "allow"}, // .claude/src holds nothing protected
		// look-alikes
		{"tar xf " + x, "allow"},
		{"tar xf " + x + " docs/", "allow"},
		{"tar xf " + x + " -T " + root + "/ok.txt", "allow"},
		{"printf 'docs/a.md\\n' | tar xf " + x + " -T -", "allow"},
		{"echo .claude/settings.json | tar tf " + x + " -T -", "allow"}, // a listing
		{"tar xf " + x + " -T - <<< docs/a.md", "allow"},
		{"tar xf " + x + " -T - <<XEOF\ndocs/a.md\nXEOF", "allow"},
		{"tar xf " + x + " -T - < " + root + "/ok.txt", "allow"},
		{"cat " + root + "/ok.txt | tar xf " + x + " -T -", "allow"},
		{"cat -n " + root + "/list.txt | tar xf " + x + " -T -", "allow"}, // numbered lines name no member
		{"cat " + root + "/list.txt | tar xf " + x + " -C agent_sandbox -T -", "allow"},
		{"cat " + root + "/list.txt | tar cf " + root + "/out/z.tar -T -", "allow"}, // creating reads them
		{"cat " + root + "/ok.txt | cpio -pd " + root + "/out", "allow"},
		{"echo '.claude/settings.json' > /dev/null; tar xf " + x + " -T " + root + "/ok.txt", "allow"},
		{"7z x " + z + " @" + root + "/ok.txt", "allow"},
		{"7z e " + z + " @" + root + "/list.txt", "allow"},                  // e keeps settings.json only
		{"7z a " + z + " @" + root + "/list.txt", "allow"},                  // adding reads them
		{"tar cf " + root + "/out/y.tar -T " + root + "/list.txt", "allow"}, // creating reads them
		{"tar xf " + x + " .", "allow"},
		{"tar tf " + x + " .claude/settings.json", "allow"},
		{"tar xOf " + x + " .claude/settings.json", "allow"},
		{"unzip -l " + z + " .claude/settings.json", "allow"},
		{"unzip -p " + z + " .claude/settings.json", "allow"},
		{"unzip " + z + " -x .claude/settings.json", "allow"},
		{"tar xf " + x + " -C " + root + "/out .claude/settings.json", "allow"},
		{"tar xf " + x + " -C agent_sandbox .claude/settings.json", "allow"},
		{"7z e " + z + " .claude/settings.json", "allow"}, // e keeps settings.json only
		{"unzip -j " + z + " .claude/settings.json", "allow"},
		{"tar xf " + x + " --transform 's,^,vendor/,'", "allow"},
		{"tar xf " + x + " --transform 's,a,b,'", "allow"},
		{"tar xf " + x + " --one-top-level=vendor", "allow"},
		{"tar xf " + x + " --one-top-level", "allow"}, // ./missing
		{"bsdtar -xf " + x + " -s ',^,vendor/,' src", "allow"},
	})
}

// TestExtractMemberOperandsOracle runs the real tar and unzip with a
// member operand (and tar with --strip-components and a --transform)
// and checks that the file they write is the path corral judges
// (memberPath of the operand under the directory).
func TestExtractMemberOperandsOracle(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"tar", "zip", "unzip"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip(p + " is not installed")
		}
	}
	src := t.TempDir()
	for _, f := range []string{"pkg/.claude/settings.json", "pkg/src/a.go"} {
		if err := os.MkdirAll(filepath.Join(src, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(src, f), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	archive := filepath.Join(t.TempDir(), "a.tar")
	zipped := filepath.Join(t.TempDir(), "a.zip")
	for _, cmd := range [][]string{{"tar", "-cf", archive, "pkg"}, {"zip", "-qr", zipped, "pkg"}} {
		c := exec.Command(cmd[0], cmd[1:]...)
		c.Dir = src
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v %s", cmd, err, out)
		}
	}
	tests := []struct {
		cmd  []string // the call, {} the archive
		want string   // the file it writes
	}{
		{[]string{"tar", "-xf", "{}", "pkg/.claude/settings.json"}, "pkg/.claude/settings.json"},
		{[]string{"tar", "-xf", "{}", "--strip-components=1", "pkg/.claude/settings.json"}, ".claude/settings.json"},
		{[]string{"tar", "-xf", "{}", "--transform=s,^pkg/src,.claude,", "pkg/src/a.go"}, ".claude/a.go"},
		{[]string{"unzip", "-q", "{}", "pkg/.claude/settings.json"}, "pkg/.claude/settings.json"},
		{[]string{"unzip", "-qj", "{}", "pkg/.claude/settings.json"}, "settings.json"},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		a := archive
		if tt.cmd[0] == "unzip" {
			a = zipped
		}
		args := append([]string(nil), tt.cmd[1:]...)
		for i := range args {
			if args[i] == "{}" {
				args[i] = a
			}
		}
		c := exec.Command(tt.cmd[0], args...)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v %s", tt.cmd, err, out)
		}
		got := strings.Join(listFiles(t, dir), " ")
		if got != tt.want {
			t.Errorf("real %v wrote %q, want %q", tt.cmd, got, tt.want)
		}
		line := strings.Join(append([]string{tt.cmd[0]}, args...), " ")
		m, ok := extractionOperands(callOf(t, line))
		if !ok || len(m.names) != 1 {
			t.Fatalf("%s: operands not read (%v)", line, m.names)
		}
		if p := memberPath(m.names[0].Value, m.e); p != tt.want {
			t.Errorf("%s: corral judges %q, the program wrote %q", line, p, tt.want)
		}
	}
}

// TestGitArchiveUnlistedOpaque (issue 12 class 6): git archive REV | tar
// x whose members corral cannot list (a revision git cannot resolve when
// the hook runs) is an archive of unknown members, decided as tar xf of
// such a file is: into the home directory it asks. Look-alikes: a
// revision git lists (its files are judged one by one), a directory
// holding nothing protected, a fetch earlier in the command (the
// acquisition rules').
func TestGitArchiveUnlistedOpaque(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cfg := scratchProject(t, map[string]string{"proj/src/a.go": "package a\n", "home/.bashrc": "# rc\n", "out/": ""})
	root := filepath.Dir(cfg.Project)
	for _, args := range [][]string{{"init", "-q"}, {"add", "src"}, {"-c", "user.email=a@b", "-c", "user.name=a", "commit", "-qm", "x"}} {
		c := exec.Command("git", args...)
		c.Dir = cfg.Project
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git archive nosuchrev | tar x -C ~", "ask"},
		{"git archive HEAD~5 | tar x -C ~", "ask"},
		// look-alikes
		{"git archive HEAD | tar x -C ~", "allow"}, // listed: src/a.go
		{"git archive nosuchrev | tar x -C " + root + "/out", "allow"},
		{"git fetch https://github.com/acme/w.git && git archive FETCH_HEAD | tar x -C ~", "rewrite"},
	})
}

// TestTarOneTopLevelOracle: GNU tar --one-top-level[=DIR] writes every
// member under DIR (the archive's name less its suffixes without =DIR),
// after --strip-components: --one-top-level=.claude --strip-components=1
// writes pkg/settings.json as .claude/settings.json. The real tar's
// files are compared with the names corral judges (memberPath).
func TestTarOneTopLevelOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("tar"); err != nil {
		t.Skip("tar is not installed")
	}
	src := t.TempDir()
	members := []string{"pkg/settings.json", "pkg/src/a.go"}
	for _, f := range members {
		if err := os.MkdirAll(filepath.Join(src, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(src, f), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	archive := filepath.Join(t.TempDir(), "pkg-1.0.tar.gz")
	c := exec.Command("tar", "-czf", archive, "pkg")
	c.Dir = src
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("tar: %v %s", err, out)
	}
	for _, opts := range [][]string{
		{"--one-top-level=.claude"},
		{"--one-top-level=.claude", "--strip-components=1"},
		{"--one-top-level"},
		{"--one-top=out", "--transform=s,^pkg,p,"},
	} {
		dir := t.TempDir()
		c := exec.Command("tar", append([]string{"-xzf", archive}, opts...)...)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("tar %v: %v %s", opts, err, out)
		}
		e, err := extractionFor(t, "tar -xzf "+archive+" "+strings.Join(opts, " "))
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, m := range members {
			want = append(want, memberPath(m, e))
		}
		if got := strings.Join(listFiles(t, dir), " "); got != strings.Join(want, " ") {
			t.Errorf("tar %v wrote %q, corral judges %q", opts, got, want)
		}
	}
}

// TestTarStdinListOracle runs the real tar with a -T - list given on
// stdin (printf, echo, a here-string, a here-document) and checks that
// the files it writes are the names corral reads from the command
// (stdinLines of the tar call).
func TestTarStdinListOracle(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"tar", "bash"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip(p + " is not installed")
		}
	}
	src := t.TempDir()
	for _, f := range []string{"pkg/.claude/settings.json", "pkg/src/a.go", "pkg/docs/x.md"} {
		if err := os.MkdirAll(filepath.Join(src, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(src, f), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	archive := filepath.Join(t.TempDir(), "a.tar")
	c := exec.Command("tar", "-cf", archive, "pkg")
	c.Dir = src
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("tar -cf: %v %s", err, out)
	}
	for _, line := range []string{
		"printf 'pkg/.claude/settings.json\\n' | tar -xf A -T -",
		"printf 'pkg/.claude/settings.json\\npkg/docs/x.md\\n' | tar -xf A -T -",
		"printf '%s\\n' pkg/.claude/settings.json pkg/src/a.go | tar -xf A --files-from=-",
		"echo pkg/.claude/settings.json | tar -xf A -T -",
		"tar -xf A -T - <<< pkg/src/a.go",
		"tar -xf A -T - <<XEOF\npkg/.claude/settings.json\npkg/docs/x.md\nXEOF",
		"tar -xf A -T - <<-XEOF\n\tpkg/src/a.go\n\tXEOF",
		"echo pkg/.claude/settings.json | { tar -xf A -T -; }",
		"echo pkg/docs/x.md | tar -xf A -T - <<< pkg/src/a.go",
	} {
		dir := t.TempDir()
		line = strings.ReplaceAll(line, " A ", " "+archive+" ")
		run := exec.Command("bash", "-c", line)
		run.Dir = dir
		if out, err := run.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", line, err, out)
		}
		got := strings.Join(listFiles(t, dir), " ")
		m, err := syntax.Analyze(line, syntax.Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, call := range m.Calls {
			if call.Name == "tar" {
				names = stdinLines(call)
			}
		}
		sort.Strings(names)
		if want := strings.Join(names, " "); got != want {
			t.Errorf("%s: the real tar wrote %q, corral reads the names %q", line, got, want)
		}
	}
}
