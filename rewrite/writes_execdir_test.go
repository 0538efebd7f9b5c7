package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestExecDirWrites: find -execdir and -okdir run their command in the
// directory of each file found, with {} as ./NAME; a relative path it
// writes that climbs with ".." lands above the starting point for the
// files near its top (writes_execdir.go). Look-alikes: writes that stay
// in the tree, backups beside the files, no {} appended.
func TestExecDirWrites(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/hooks/":  "",
		"proj/.git/config":  "[core]\n",
		"proj/src/config":   "a\n",
		"proj/src/x":        "a\n",
		"proj/src/sub/y.go": "package y\n",
		"proj/main.go":      "package main\n",
		"home/.bashrc":      "x\n",
	})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// Backup names: sed and perl put ./config where "*" is, from
		// src: ../.git/config.
		{`find src -name config -execdir sed -i'../.git/*' s/a/b/ {} +`, "deny"},
		{`find src -name config -okdir sed -i'../.git/*' s/a/b/ {} \;`, "deny"},
		{`find src -name config -execdir perl -i'../.git/*' -pe s/a/b/ {} +`, "deny"},
		{`find src -execdir sed --in-place='../.git/hooks/*' s/a/b/ {} +`, "deny"},
		// A word around {}: ../.git/./x.
		{`find src -name x -execdir mv {} ../.git/{} \;`, "deny"},
		{`find src -name config -execdir cp {} ../.git/ \;`, "deny"},
		// Deeper: from src/sub (depth 1), ../../.git/config.
		{`find src -mindepth 1 -execdir sh -c 'cat {} > ../../.git/config' \;`, "deny"},
		{`find src -mindepth 1 -execdir tee ../../../home/.bashrc \;`, "deny"},
		// The starting point itself runs in the directory of the word
		// (.), where .git/config is the project's.
		{`find src -execdir tee .git/config \;`, "deny"},
		{`find src -maxdepth 0 -execdir tee ../home/.bashrc \;`, "deny"},
		{`find src -name src -execdir sh -c 'echo x > ../home/.bashrc' \;`, "deny"},
		// A positional parameter the shell is given {} for.
		{`find src -name config -execdir sh -c 'sed -i"../.git/*" s/a/b/ "$1"' _ {} \;`, "deny"},
		// Already right, kept.
		{`find src -name x -execdir cp {} ../.git/hooks/pre-commit \;`, "deny"},
		{`find src -name x -execdir sh -c 'cat {} > ../.git/config' \;`, "deny"},
		{`cd src && sed -i'../.git/*' s/a/b/ config`, "deny"},
		// Look-alikes: in the tree, beside the files (a write in the
		// project warns).
		{`find . -name '*.go' -execdir gofmt -w {} +`, "allow"},
		// No {}: find appends no name (the found file is not touched);
		// but find . also runs it in .git, which holds files.
		{`find . -name '*.go' -execdir touch ./stamp \;`, "allow"},
		{`find . -execdir touch ./stamp \;`, "deny"},
		// Plain -exec without {} runs in find's own directory and gets
		// no path either: ./stamp is touched there, once a file found.
		{`find . -exec touch ./stamp \;`, "allow"},
		{`find . -exec sed -i s/a/b/ \;`, "allow"},
		{`find . -exec touch {} +`, "deny"},
		{`find src -mindepth 1 -execdir touch ../stamp \;`, "warn"},
		{`find src -name '*.go' -execdir cp {} {}.orig \;`, "warn"},
		{`find src -execdir sh -c 'sed -i.bak s/a/b/ "$1"' _ {} \;`, "warn"},
		// A directory named by {} below S: files of that name there,
		// not every file of the tree (.git/config is not reached).
		{`find . -name '*.txt' -execdir mv {} ../{} \;`, "allow"},
		{`find . -name '*.c' -execdir gcc -c {} -o ../build/{}.o \;`, "allow"},
		// The starting point is not selected: -mindepth 1, -type f.
		{`find src -mindepth 1 -execdir tee ../home/.bashrc \;`, "warn"},
		{`find src -type f -execdir tee ../home/.bashrc \;`, "warn"},
		// A starting point only run time knows: from an unknown directory.
		{`find "$D" -name config -execdir sed -i'../.git/*' s/a/b/ {} +`, "ask"},
	})
	for _, cmd := range []string{
		`find src -execdir sed -i.bak s/a/b/ {} +`,
		`find src -name config -execdir sed -i'../bak/*' s/a/b/ {} +`,
	} {
		if got := Check(cfg, cmd).Decision.String(); got == "deny" || got == "ask" {
			t.Errorf("%s: %s, want no deny or ask", cmd, got)
		}
	}
	// The found files are named from S, not S/src again.
	for _, f := range Check(cfg, `find src -execdir sed -i s/a/b/ {} +`).Findings {
		if strings.Contains(f.Message, "src/src") {
			t.Errorf("doubled start point in %q", f.Message)
		}
	}
}

// TestExecDirWhereRealFindRuns runs GNU find and sed where the model of
// writes_execdir.go says: the starting point in the directory of its
// word, the files directly in it in it, {} as ./NAME, and sed's backup
// -i'../.git/*' of src/config landing in .git/config (denied above).
// TestExecDirNewHook: find descends into the repository's own .git, and
// -execdir runs its command in .git/hooks for a hook's sample there: a
// name it makes in the found file's directory is a new hook, which no
// listing of the protected files on disk shows.
func TestExecDirNewHook(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/hooks/pre-commit.sample":   "#!/bin/sh\n",
		"proj/.git/config":                    "[core]\n",
		"proj/src/main.go":                    "package main\n",
		"proj/vendor/lib/.git/HEAD":           "ref: refs/heads/main\n",
		"proj/vendor/lib/.git/hooks/x.sample": "#!/bin/sh\n",
		"proj/vendor/lib/a.go":                "package lib\n",
	})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`find . -execdir sh -c 'echo x > pre-commit' \;`, "deny"},
		// A path with a directory part lands in every directory find
		// runs the command in: hooks/pre-commit from .git (where HEAD
		// and hooks lie), .git/hooks/pre-commit from a repository's
		// top, nested repositories' too.
		{`find . -name hooks -execdir sh -c 'echo x > hooks/pre-commit' \;`, "deny"},
		{`find . -name HEAD -execdir touch hooks/pre-commit \;`, "deny"},
		{`find vendor -name HEAD -execdir sh -c 'echo x > hooks/pre-commit' \;`, "deny"},
		{`find vendor -name .git -execdir sh -c 'echo x > .git/hooks/pre-commit' \;`, "deny"},
		{`find vendor -name '*.sample' -execdir cp /tmp/x pre-commit \;`, "deny"},
		{`find vendor -name '*.go' -execdir gofmt -w {} +`, "allow"},
		{`find vendor -name '*.go' -execdir touch obj/stamp \;`, "allow"},
		{`find . -name '*.sample' -execdir cp /tmp/x pre-commit \;`, "deny"},
		{`find . -name 'pre-*' -execdir tee post-checkout \;`, "deny"},
		// Nothing find selects lies in .git: the command never runs
		// there.
		{`find . -name '*.go' -execdir sh -c 'echo x > pre-commit' \;`, "allow"},
		{`find src -execdir sh -c 'echo x > pre-commit' \;`, "warn"},
		{`find . -name '*.go' -execdir gofmt -w {} +`, "allow"},
	})
}

func TestExecDirWhereRealFindRuns(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"find", "sed", "sh"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip(p + " not installed")
		}
	}
	if out, err := exec.Command("find", "--version").Output(); err != nil || !strings.Contains(string(out), "GNU") {
		t.Skip("not GNU find")
	}
	root := t.TempDir()
	for _, d := range []string{".git", "src/sub"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "src", "config"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		cmd := exec.Command("find", args...)
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("find %v: %v: %s", args, err, out)
		}
		return strings.ReplaceAll(string(out), root, "ROOT")
	}
	got := run("src", "-execdir", "sh", "-c", `echo "$PWD $1"`, "_", "{}", ";")
	want := "ROOT ./src\nROOT/src ./config\nROOT/src ./sub\n"
	if strings.Join(sortedLines(got), "") != strings.Join(sortedLines(want), "") {
		t.Errorf("find src -execdir: %q, want %q", got, want)
	}
	run("src", "-name", "config", "-execdir", "sed", "-i../.git/*", "s/a/b/", "{}", "+")
	b, err := os.ReadFile(filepath.Join(root, ".git", "config"))
	if err != nil || string(b) != "a\n" {
		t.Errorf("backup of src/config: %q, %v; want the old text in .git/config", b, err)
	}
}

// sortedLines returns s's lines (with their newlines), sorted.
func sortedLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	sort.Strings(lines)
	return lines
}

// TestExecDirPlainProject: in a project with no repository, -execdir's
// writes with and without a directory part land in its own directories.
func TestExecDirPlainProject(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/src/a.c":   "int a;\n",
		"proj/lib/obj/":  "",
		"proj/lib/b.c":   "int b;\n",
		"proj/README.md": "x\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`find . -execdir touch stamp \;`, "allow"},
		{`find . -name '*.c' -execdir touch obj/stamp \;`, "allow"},
		{`find . -name '*.c' -execdir sh -c 'echo x > obj/log' \;`, "allow"},
	})
}
