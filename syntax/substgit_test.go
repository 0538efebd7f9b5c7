package syntax

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// gitSubstFields expands word after prelude in corral's model run in dir
// with the machine's PATH lookups on (as the hook runs); static is false
// when some part is left to run time.
func gitSubstFields(t *testing.T, dir, home, prelude, word string) ([]string, bool) {
	t.Helper()
	m, err := Analyze(prelude+"printf '%s\\0' START "+word+" END", Options{Cwd: dir, Home: home, PathLookup: true})
	if err != nil {
		t.Fatalf("%s: %v", word, err)
	}
	var c *Call
	for i := len(m.Calls) - 1; i >= 0 && c == nil; i-- {
		if m.Calls[i].Host == nil && m.Calls[i].Script.Depth == 0 && m.Calls[i].Name == "printf" {
			c = m.Calls[i]
		}
	}
	if c == nil || len(c.Args) < 3 {
		t.Fatalf("%s: no printf call", word)
	}
	fields, static := []string{}, true
	for _, a := range c.Args[2 : len(c.Args)-1] {
		fields = append(fields, a.Value)
		static = static && a.Static
	}
	return fields, static
}

// gitSubstBash runs the same in real bash with git on the PATH.
func gitSubstBash(t *testing.T, bash, dir, home, prelude, word string) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", "set -f; "+prelude+"printf '%s\\0' START "+word+" END")
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin", "LC_ALL=C", "PWD=" + dir, "GIT_CONFIG_NOSYSTEM=1"}
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: bash: %v", word, err)
	}
	f := strings.Split(strings.TrimSuffix(out.String(), "\x00"), "\x00")
	return f[1 : len(f)-1]
}

// TestGitSubstOracle holds the substitutions whose output the repository
// on disk and the shell's exported variables decide ($(git rev-parse
// --show-toplevel), --git-dir, --absolute-git-dir, --git-common-dir,
// --git-path X, $(printenv NAME)) to real git and bash, from the top of a
// work tree, from below it and through a symbolic link to it; where git
// could look elsewhere the word stays run time.
func TestGitSubstOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	root := oracleDir(t)
	home := filepath.Join(root, "home")
	repo := filepath.Join(root, "r")
	for _, d := range []string{home, filepath.Join(repo, "sub", "deep"), filepath.Join(root, "plain"), filepath.Join(root, "hp")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	git := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM=1"}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git(repo, "init", "-q", ".")
	git(filepath.Join(root, "hp"), "init", "-q", ".")
	git(filepath.Join(root, "hp"), "config", "core.hooksPath", "/elsewhere")
	if err := os.Symlink(repo, filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "plain", ".git"), []byte("gitdir: "+filepath.Join(repo, ".git")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	words := []string{
		`"$(git rev-parse --show-toplevel)/.env"`, "$(git rev-parse --git-dir)", "$(git rev-parse --absolute-git-dir)",
		"$(git rev-parse --git-common-dir)/hooks/pre-commit", `"$(git rev-parse --git-path hooks)/pre-commit"`,
		"$(git rev-parse --git-path hooks/pre-commit)", "$(git rev-parse --git-path config)", `"$(git rev-parse --git-path 'a b')"`,
		`"$(printenv HOME)/.ssh/id_rsa"`, `"$(dirname "$(git rev-parse --git-dir)")/.env"`,
		"$(git rev-parse --path-format=absolute --git-path hooks)", "$(git rev-parse --path-format=relative --git-path hooks)",
		"$(git rev-parse --path-format=absolute --show-toplevel)", "$(git rev-parse --path-format=relative --show-toplevel)",
		"$(git rev-parse --path-format=absolute --git-dir)", "$(git rev-parse --path-format=relative --git-dir)",
		"$(git rev-parse --path-format=relative --git-common-dir)", "$(git rev-parse --path-format=relative --absolute-git-dir)",
	}
	for _, cwd := range []string{repo, filepath.Join(repo, "sub"), filepath.Join(repo, "sub", "deep"), filepath.Join(root, "link"), filepath.Join(root, "link", "sub")} {
		for _, w := range words {
			got, static := gitSubstFields(t, cwd, home, "", w)
			if !static {
				t.Errorf("in %s %s: dynamic, want static", cwd, w)
				continue
			}
			if diff := cmp.Diff(gitSubstBash(t, bash, cwd, home, "", w), got); diff != "" {
				t.Errorf("in %s %s: corral differs from git (-real +corral):\n%s", cwd, w, diff)
			}
		}
	}
	// From a link to a subdirectory the shell's .. would leave the link:
	// corral spells the relative paths absolute, the same directories.
	if err := os.Symlink(filepath.Join(repo, "sub"), filepath.Join(root, "l2")); err != nil {
		t.Fatal(err)
	}
	l2 := filepath.Join(root, "l2")
	for _, w := range words {
		got, static := gitSubstFields(t, l2, home, "", w)
		if !static {
			t.Errorf("in %s %s: dynamic, want static", l2, w)
			continue
		}
		real := gitSubstBash(t, bash, l2, home, "", w)
		for i := range real {
			if !filepath.IsAbs(real[i]) {
				real[i] = filepath.Join(repo, "sub", real[i])
			}
		}
		if diff := cmp.Diff(real, got); diff != "" {
			t.Errorf("in %s %s: corral names another directory than git (-real +corral):\n%s", l2, w, diff)
		}
	}
	// An exported variable the script set is printed; one it did not
	// export may come from the environment, so it stays run time.
	if got, static := gitSubstFields(t, repo, home, "export Z=/q; ", "$(printenv Z)/x"); !static || got[0] != "/q/x" {
		t.Errorf("export Z: %v %v, want static /q/x", got, static)
	}
	// A user's home directory from the user database, as root's is in
	// /etc/passwd on every Unix machine.
	for _, w := range []string{`"$(getent passwd root | cut -d: -f6)/.ssh/id_rsa"`, "$(getent passwd root | cut -f 6 -d :)", "$(getent passwd root | cut --delimiter=: --fields=6)",
		"$(getent passwd root | cut -d: -f6 | head -1)", // head copies its first line (passthrough.go)
		"$(getent passwd root | cut -d: -f6 | rev)",     // and rev reverses it (revfilters.go)
		"$(getent passwd root | cut -d: -f6 | sort)"} {  // sort of one line is the line (textfilters.go)   // and rev reverses it (revfilters.go)
		got, static := gitSubstFields(t, repo, home, "", w)
		if !static {
			t.Errorf("%s: dynamic, want static", w)
			continue
		}
		if diff := cmp.Diff(gitSubstBash(t, bash, repo, home, "", w), got); diff != "" {
			t.Errorf("%s: corral differs from bash (-bash +corral):\n%s", w, diff)
		}
	}
	dynamic := []struct{ dir, prelude, word string }{
		{repo, "", "$(getent passwd 0 | cut -d: -f6)"},
		{repo, "", "$(getent passwd root | cut -d: -f7)"},
		{repo, "", "$(getent passwd root | cut -d: -f6 | sort -r)"},
		{repo, "", "$(getent passwd no-such-user-here | cut -d: -f6)"},
		{repo, "cut() { echo /tmp; }; ", "$(getent passwd root | cut -d: -f6)"},
		{repo, "Y=/q; ", "$(printenv Y)"},
		{repo, "", "$(printenv NOT_KNOWN_HERE)"},
		{repo, "", "$(printenv)"},
		{repo, "GIT_DIR=/x; ", "$(git rev-parse --show-toplevel)"},
		{repo, "export GIT_WORK_TREE=/x; ", "$(git rev-parse --show-toplevel)"},
		{repo, "git() { echo /tmp; }; ", "$(git rev-parse --show-toplevel)"},
		{repo, "", "$(git rev-parse --show-toplevel --git-dir)"},
		{repo, "", "$(git -C sub rev-parse --show-toplevel)"},
		{repo, "", "$(git rev-parse --show-prefix)"},
		{filepath.Join(repo, ".git"), "", "$(git rev-parse --git-dir)"},
		{filepath.Join(repo, ".git", "hooks"), "", "$(git rev-parse --git-dir)"},
		{filepath.Join(root, "plain"), "", "$(git rev-parse --git-dir)"},
		{filepath.Join(root, "hp"), "", "$(git rev-parse --git-path hooks)"},
		{filepath.Join(repo, "nowhere"), "", "$(git rev-parse --show-toplevel)"},
	}
	for _, tc := range dynamic {
		if got, static := gitSubstFields(t, tc.dir, home, tc.prelude, tc.word); static {
			t.Errorf("in %s %q %s: static %q, want dynamic", tc.dir, tc.prelude, tc.word, got)
		}
	}
}
