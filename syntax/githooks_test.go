package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// callNames lists the calls of a command's model, each with the script
// it comes from.
func callNames(t *testing.T, cmd string, opts Options) []string {
	t.Helper()
	m, err := Analyze(cmd, opts)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range m.Calls {
		s := c.Name
		if w := c.Script.Where(); w != "" {
			s += " " + filepath.Base(w)
		}
		got = append(got, s)
	}
	return got
}

// deletes reports whether the model holds a call rm PATH: what the
// readers of files and program code turn a deletion into.
func deletes(m *Model, path string) bool {
	for _, c := range m.Calls {
		for _, a := range c.Args {
			if c.Name == "rm" && a.Value == path {
				return true
			}
		}
	}
	return false
}

// analyzeIn analyses cmd run in dir, reading the files there.
func analyzeIn(t *testing.T, dir, cmd string) *Model {
	t.Helper()
	m, err := Analyze(cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
	if err != nil {
		t.Fatalf("%q: %v", cmd, err)
	}
	return m
}

// wantVictim checks whether corral sees cmd delete the canary /victim.
func wantVictim(t *testing.T, m *Model, cmd string, want bool) {
	t.Helper()
	if rm := deletes(m, "/victim"); rm != want {
		t.Errorf("%s: corral sees /victim deleted: %v, want %v", cmd, rm, want)
	}
}

// nestedScripts returns the texts of the scripts nested in m's command.
func nestedScripts(m *Model) []string {
	var out []string
	for _, s := range m.Scripts {
		if s.Parent != nil {
			out = append(out, s.Src)
		}
	}
	return out
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for n, c := range files {
		p := filepath.Join(dir, n)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// git runs the hooks of the directory core.hooksPath sets when a command
// reaches them (githooks(5)); the default .git/hooks, which the agent
// cannot write, is not read.
func TestGitHooksPath(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	dir := filepath.Join(t.TempDir(), "proj")
	writeFiles(t, dir, map[string]string{
		".git/config":          "[core]\n\trepositoryformatversion = 0\n[Core]\n\thooksPath = \".husky\" ; set by husky\n",
		".git/hooks/pre-push":  "#!/bin/sh\nshred -u notes\n",
		".husky/pre-commit":    "#!/bin/sh\nrm -rf build\n",
		".husky/commit-msg":    "npx commitlint --edit \"$1\"\n",
		".husky/post-checkout": "#!/usr/bin/env python3\nimport os\nos.system('touch x')\n",
		".husky/pre-push":      "#!/bin/sh\nnpm test\n",
		".husky/_/husky.sh":    "echo helper\n",
		"src/main.go":          "package main\n",
	})
	opts := Options{Cwd: dir, Home: home, ReadFile: ReadScript}
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"git commit -m x", []string{"git", "rm pre-commit", "npx commit-msg", "commitlint commit-msg"}},
		{"git -C src commit -m x", []string{"git", "rm pre-commit", "npx commit-msg", "commitlint commit-msg"}},
		{"git switch main", []string{"git", "touch post-checkout:3): os.system"}},
		{"git push", []string{"git", "npm pre-push"}},
		// --no-verify (commit's -n) skips the hooks that check
		// (git-commit(1), git-push(1)); the last of it and --verify wins.
		{"git commit --no-verify -m x", []string{"git"}},
		{"git commit -n -m x", []string{"git"}},
		{"git commit --no-verify --verify -m x", []string{"git", "rm pre-commit", "npx commit-msg", "commitlint commit-msg"}},
		{"git push --no-verify", []string{"git"}},
		{"git log -1", []string{"git"}},
		{"git diff", []string{"git"}},
		{"git --git-dir=/elsewhere/.git commit -m x", []string{"git"}},
		{"git --git-dir=.git --work-tree=. commit -m x", []string{"git", "rm pre-commit", "npx commit-msg", "commitlint commit-msg"}},
		{"git --git-dir .git commit -m x", []string{"git", "rm pre-commit", "npx commit-msg", "commitlint commit-msg"}},
		{"cd src && git --git-dir=../.git --work-tree=.. commit -m x", []string{"cd", "git", "rm pre-commit", "npx commit-msg", "commitlint commit-msg"}},
		{"git --git-dir=\"$G\" commit -m x", []string{"git"}},
	} {
		got := callNames(t, tc.cmd, opts)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: calls = %q, want %q", tc.cmd, got, tc.want)
		}
	}
	// Without core.hooksPath, .git/hooks (the user's, protected) is not read.
	plain := filepath.Join(t.TempDir(), "plain")
	writeFiles(t, plain, map[string]string{".git/config": "[core]\n\tbare = false\n", ".git/hooks/pre-commit": "rm -rf build\n"})
	if got := callNames(t, "git commit -m x", Options{Cwd: plain, Home: home, ReadFile: ReadScript}); strings.Join(got, "|") != "git" {
		t.Errorf("default hooks: calls = %q, want only git", got)
	}
	// A hooks directory set in the user's configuration, with ~.
	writeFiles(t, home, map[string]string{".gitconfig": "[core]\n  hooksPath = ~/hooks\n", "hooks/pre-commit": "rm -rf build\n"})
	if got := callNames(t, "git commit -m x", Options{Cwd: plain, Home: home, ReadFile: ReadScript}); strings.Join(got, "|") != "git|rm pre-commit" {
		t.Errorf("global hooksPath: calls = %q, want git|rm pre-commit", got)
	}
}

// Ref maintenance and the commands that write notes, replacements or
// symbolic refs update refs, so git runs reference-transaction for them
// (githooks(5); real git 2.39 with a logging hook ran it for gc,
// pack-refs --all, maintenance run, notes add, replace); the index
// writers run post-index-change. A hooks directory with only pre-commit
// runs nothing for them, and read-only commands run neither.
func TestGitHooksRefMaintenance(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	dir := filepath.Join(t.TempDir(), "proj")
	writeFiles(t, dir, map[string]string{
		".git/config":                  "[core]\n\thooksPath = .husky\n",
		".husky/reference-transaction": "#!/bin/sh\nrm -rf build\n",
		".husky/post-index-change":     "#!/bin/sh\nshred notes\n",
		".husky/post-checkout":         "#!/bin/sh\ntouch co\n",
	})
	only := filepath.Join(t.TempDir(), "only")
	writeFiles(t, only, map[string]string{
		".git/config":       "[core]\n\thooksPath = .husky\n",
		".husky/pre-commit": "#!/bin/sh\nrm -rf build\n",
	})
	opts := Options{Cwd: dir, Home: home, ReadFile: ReadScript}
	for _, tc := range []struct {
		cmd  string
		want string
	}{
		{"git gc", "git|rm reference-transaction"},
		{"git pack-refs --all", "git|rm reference-transaction"},
		{"git maintenance run", "git|rm reference-transaction"},
		{"git notes add -m n", "git|rm reference-transaction"},
		{"git replace -f HEAD HEAD~1", "git|rm reference-transaction"},
		{"git symbolic-ref refs/heads/x refs/heads/main", "git|rm reference-transaction"},
		{"git remote rename o o2", "git|rm reference-transaction"},
		{"git fast-import", "git|rm reference-transaction"},
		{"git read-tree HEAD", "git|shred post-index-change"},
		{"git sparse-checkout set src", "git|shred post-index-change"},
		{"git restore f", "git|touch post-checkout|shred post-index-change"},
		{"git bisect reset", "git|touch post-checkout|shred post-index-change|rm reference-transaction"},
		{"git log -1", "git"},
		{"git show-ref", "git"},
		{"git rev-parse HEAD", "git"},
	} {
		if got := strings.Join(callNames(t, tc.cmd, opts), "|"); got != tc.want {
			t.Errorf("%s: calls = %q, want %q", tc.cmd, got, tc.want)
		}
	}
	for _, cmd := range []string{"git gc", "git pack-refs --all", "git notes add -m n"} {
		if got := strings.Join(callNames(t, cmd, Options{Cwd: only, Home: home, ReadFile: ReadScript}), "|"); got != "git" {
			t.Errorf("%s with only pre-commit: calls = %q, want git", cmd, got)
		}
	}
}

// husky 9: core.hooksPath is .husky/_, whose hooks run .husky/NAME.
func TestGitHooksHusky9(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		".git/config":         "[core]\n\thooksPath = .husky/_\n",
		".husky/_/pre-commit": "#!/usr/bin/env sh\n. \"$(dirname \"$0\")/h\"\n",
		".husky/_/h":          "#!/usr/bin/env sh\nn=$(basename \"$0\")\ns=$(dirname \"$(dirname \"$0\")\")/$n\n[ ! -f \"$s\" ] && exit 0\n. \"$XDG_CONFIG_HOME/husky/init.sh\"\nsh -e \"$s\" \"$@\"\n",
		".husky/pre-commit":   "rm -rf build\n",
	})
	got := strings.Join(callNames(t, "git commit -m x", Options{Cwd: dir, ReadFile: ReadScript}), "|")
	if !strings.HasSuffix(got, "|rm pre-commit") || !strings.Contains(got, "basename h") {
		t.Errorf("calls = %q, want the hook, h, and .husky/pre-commit's rm", got)
	}
}

// Installing a project (npm install/ci with no package named, yarn, pnpm
// install) runs its own install lifecycle scripts; adding a package runs
// the package's, which corral does not read.
func TestInstallLifecycleScripts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"package.json": `{"scripts": {"preinstall": "echo pre", "postinstall": "rm -rf dist", "prepare": "husky", "test": "jest"}}`})
	opts := Options{Cwd: dir, ReadFile: ReadScript}
	want := func(tool string) string {
		return tool + "|echo package.json scripts.preinstall (" + tool + ")|rm package.json scripts.postinstall (" + tool + ")|husky package.json scripts.prepare (" + tool + ")"
	}
	for _, tc := range []struct{ cmd, want string }{
		{"npm install", want("npm")},
		{"npm ci", want("npm")},
		{"npm i --omit=dev", want("npm")},
		{"yarn", want("yarn")},
		{"yarn install", want("yarn")},
		{"pnpm install", want("pnpm")},
		{"npm install lodash", "npm"},
		{"yarn add lodash", "yarn"},
		{"npm ls", "npm"},
	} {
		if got := strings.Join(callNames(t, tc.cmd, opts), "|"); got != tc.want {
			t.Errorf("%s: calls = %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

// TestGitHooksPathLayouts: the repository's configuration is found where
// gitrepository-layout(5) puts it: a linked worktree's .git file names
// its git directory, whose commondir leads to the main repository's
// config; a submodule's names .git/modules/NAME; an [include] or
// [includeIf] path is read where it stands (git-config(1), Includes).
func TestGitHooksPathLayouts(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"main/.git/config":                 "[core]\n\thooksPath = hooks\n",
		"main/.git/worktrees/wt/commondir": "../..\n",
		"main/hooks/pre-commit":            "rm -rf /victim\n",
		"wt/.git":                          "gitdir: ../main/.git/worktrees/wt\n",
		"wt/hooks/pre-commit":              "rm -rf /victim\n",
		"super/.git/config":                "[core]\n\tbare = false\n",
		"super/.git/modules/sub/config":    "[core]\n\thooksPath = h\n",
		"super/sub/.git":                   "gitdir: ../.git/modules/sub\n",
		"super/sub/h/pre-commit":           "rm -rf /victim\n",
		"inc/.git/config":                  "[include]\n\tpath = ../extra.cfg\n",
		"inc/extra.cfg":                    "[core]\n\thooksPath = .githooks\n",
		"inc/.githooks/pre-commit":         "rm -rf /victim\n",
		"cond/.git/config":                 "[includeIf \"gitdir:~/work/\"]\n\tpath = ../cond.cfg\n",
		"cond/cond.cfg":                    "[core]\n\thooksPath = .githooks\n",
		"cond/.githooks/pre-commit":        "rm -rf /victim\n",
		"none/.git":                        "gitdir: ../main/.git/worktrees/missing\n",
	})
	for _, tc := range []struct {
		dir string
		rm  bool
	}{
		{"wt", true},        // the main repository's hooksPath, relative to the worktree
		{"super/sub", true}, // the submodule's own config (relative: to its working tree)
		{"inc", true},
		{"cond", true},
		{"super", false}, // the superproject sets none
	} {
		m, err := Analyze("git commit -m x", Options{Cwd: filepath.Join(root, tc.dir), Home: home, ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		rm := deletes(m, "/victim")
		if rm != tc.rm {
			t.Errorf("git commit in %s: hook deleting /victim seen %v, want %v", tc.dir, rm, tc.rm)
		}
	}
}
