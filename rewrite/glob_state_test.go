package rewrite

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestGlobShellOptions: the shell options a command sets change what its
// patterns name (bash's "Pathname Expansion" and "The Shopt Builtin"):
// dotglob (and a non-empty GLOBIGNORE) lets * name hidden files,
// nocaseglob matches either case, extended patterns (@(…), +(…), !(…))
// name what they match, and set -f leaves a pattern as a literal name. A
// subshell's options end with it. Look-alikes: globstar and extglob in
// the project, set -f with a harmless word.
func TestGlobShellOptions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.bashrc": "", "home/.claude/x": "", "home/notes": "", "proj/build/keep": "", "proj/build/a.o": "", "proj/main.go": "",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"shopt -s extglob\nrm -rf ~/!(x)", "deny"},
		{"shopt -s extglob\nrm -rf /+(etc)", "deny"},
		{"rm -rf /@(e)tc", "deny"},
		{"shopt -s nocaseglob; rm -rf ~/.CLAUD[E]", "deny"},
		{"shopt -s dotglob; rm -f ~/*rc", "deny"},
		{"GLOBIGNORE=x; rm -f ~/*rc", "deny"},
		{"set -f; set +f; rm -rf ~/*", "deny"},
		// Look-alikes (the scratch home is under the temporary
		// directory, a safe path: what is not denied passes).
		{"rm -f ~/*rc", "allow"}, // without dotglob * skips .bashrc
		{"(shopt -s nocaseglob); rm -rf ~/.CLAUD[E]", "allow"},
		{"GLOBIGNORE=; rm -f ~/*rc", "allow"},
		{"set -f; rm -rf ~/*", "allow"}, // a file named * in the home directory
		{"shopt -s globstar; ls **/*.go", "allow"},
		{"shopt -s extglob\nrm -f build/!(keep)", "allow"},
		{"set -f; echo *", "allow"},
		{"for f in *.nomatch; do echo \"$f\"; done", "allow"},
	})
}

// TestGlobWritesIntoProtected: a write whose target is a pattern, or a
// copy into a directory of files named by a pattern or at run time, can
// land on a protected file whether or not it is there now: cp /tmp/x/*
// ~/.claude/ writes ~/.claude/settings.json when /tmp/x holds one.
// Look-alikes: a pattern that cannot name one (*.txt), a named file into
// the same directory, copies into the project.
func TestGlobWritesIntoProtected(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.claude/projects/": "", "proj/build/": ""})
	// The source directory is the scratch tree's, never the machine's
	// /tmp/x, whose files would decide what the pattern names.
	drop := filepath.Join(filepath.Dir(cfg.Project), "drop")
	rows := []struct{ cmd, want string }{
		{"cp /tmp/x/* ~/.claude/", "ask"},
		{"mv /tmp/x/* ~/.claude/", "ask"},
		{"install -t ~/.claude /tmp/x/*", "ask"},
		{"cp /tmp/x/*.json ~/.claude/", "ask"},
		{"sed -i s/a/b/ ~/.claude/settings.j*", "ask"},
		{"cp \"$F\" ~/.claude/", "ask"},
		{"shopt -s dotglob; cp /tmp/x/* ~/", "ask"},
		// Look-alikes.
		{"cp /tmp/x/*.txt ~/.claude/", "allow"},
		{"cp x ~/.claude/", "allow"},
		{"install -t ~/.claude x", "allow"},
		{"cp /tmp/x/* build/", "allow"},
		{"sed -i s/a/b/ *.json", "allow"},
	}
	for i := range rows {
		rows[i].cmd = strings.ReplaceAll(rows[i].cmd, "/tmp/x", drop)
	}
	checkDecisions(t, cfg, rows)
}

// TestRunTimeListsIntoWriters: a list printed at run time (ls of a
// pattern, rg -l, grep -l) whose items come from a directory feeds a
// writer that xargs runs: the writer writes there. Look-alikes: the same
// lists of the project's files, git ls-files, a reader.
func TestRunTimeListsIntoWriters(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.claude/settings.json": "{}", "proj/a.json": "{}", "proj/main.go": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"ls ~/.claude/*.json | xargs sed -i s/a/b/", "deny"},
		{"rg -l foo ~/.claude | xargs sed -i s/a/b/", "deny"},
		{"grep -l foo ~/.claude/*.json | xargs sed -i s/a/b/", "deny"},
		{"find ~/.claude -name '*.json' | xargs sed -i s/a/b/", "deny"},
		{"printf '%s\\n' ~/.claude/* | xargs -I{} cp x {}", "deny"},
		// Look-alikes.
		{"rg -l foo | xargs sed -i s/a/b/", "allow"},
		{"rg -l foo . | xargs sed -i s/a/b/", "allow"},
		{"git ls-files | xargs sed -i s/a/b/", "allow"},
		{"git ls-files -z | xargs -0 sed -i s/a/b/", "allow"},
		{"find . -name '*.go' | xargs gofmt -w", "allow"},
		{"ls *.json | xargs cat", "allow"},
		{"ls *.json | xargs sed -i s/a/b/", "allow"},
		{"ls ~/.claude | xargs cat", "allow"},
	})
	// grep -r searches .git too: a file there is on the list when it
	// holds a match (.git/logs/HEAD holds commit messages, .git/index
	// file names), possible rather than certain, so it asks; a search
	// that does not enter .git passes.
	git := scratchProject(t, map[string]string{"proj/.git/config": "[core]\n", "proj/.git/HEAD": "ref: refs/heads/main\n", "proj/a.go": ""})
	checkDecisions(t, git, []struct{ cmd, want string }{
		{"grep -rl foo . | xargs sed -i s/foo/bar/g", "ask"},
		{"grep -rl foo | xargs sed -i s/foo/bar/g", "ask"},
		{"grep -rl foo ~/.claude | xargs sed -i s/a/b/", "deny"},
		{"grep -rl --exclude-dir=.git foo . | xargs sed -i s/foo/bar/g", "allow"},
		{"grep -rl --exclude-dir='.*' foo . | xargs sed -i s/foo/bar/g", "allow"},
		{"grep -rl foo pkg | xargs sed -i s/foo/bar/g", "allow"},
		{"git grep -l foo | xargs sed -i s/foo/bar/g", "allow"},
	})
}

// TestGitInitRepositoryElsewhere: git init puts the repository where
// --separate-git-dir, git's --git-dir or GIT_DIR says (git-init(1)): a
// write there. Look-alikes: git init, a bare repository or a separate
// one in the temporary directory.
func TestGitInitRepositoryElsewhere(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git --git-dir=$HOME/.ssh init", "deny"},
		{"git init --separate-git-dir ~/.ssh", "deny"},
		{"GIT_DIR=$HOME/.ssh git init", "deny"},
		{"export GIT_DIR=~/.ssh; git init", "deny"},
		{"git --git-dir=.git/hooks init", "deny"},
		{"GIT_DIR=/opt/x git init", "ask"},
		// Look-alikes.
		{"git init", "allow"},
		{"git init --bare /tmp/x.git", "allow"},
		{"git --git-dir=/tmp/y.git init", "allow"},
		{"git init --separate-git-dir /tmp/z.git", "allow"},
	})
}

// TestPrintfHashedCommand: printf -v 'BASH_CMDS[NAME]' PATH assigns the
// element as BASH_CMDS[NAME]=PATH does: NAME then runs PATH.
func TestPrintfHashedCommand(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"printf -v 'BASH_CMDS[ls]' /bin/rm; ls -rf ~", "deny"},
		{"printf -v 'BASH_CMDS[ls]' %s /bin/rm; ls -rf ~", "deny"},
		// Look-alikes.
		{"printf -v x /bin/rm; ls -rf ~", "allow"},
		{"(printf -v 'BASH_CMDS[ls]' /bin/rm); ls -la ~", "allow"},
	})
}

// TestLoopUnmatchedPattern: a for list's pattern that matches nothing
// on disk is, as bash reads it, the word as written (the body runs once
// with it), or nothing under nullglob and failglob (the body does not
// run); when an earlier command may make a match (mkdir, touch), the
// variable stays unknown. The rm-root cases are what bash would run (the
// syntax package's TestLoopNoMatchInBash checks the values in bash).
func TestLoopUnmatchedPattern(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/build/": "", "proj/main.go": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`d=build; for f in *.nomatch; do d=; done; rm -rf ~/"$d"`, "deny"},                  // runs once: rm -rf ~/
		{`for f in /nonexistent/*; do rm -rf "${f%%/*}"/*; done`, "deny"},                    // rm -rf /*
		{`shopt -s nullglob; for f in /nonexistent/*; do rm -rf "${f%%/*}"/*; done`, "deny"}, // written, judged
		{`mkdir -p /tmp/k/home; for f in /tmp/k/h[o]me; do rm -rf "/${f#/tmp/k/}"; done`, "deny"},
		{`shopt -s nullglob; touch x.made; d=build; for f in *.made; do d=; done; rm -rf ~/"$d"`, "deny"},
		{"d=build; [ -n \"$X\" ] && shopt -s nullglob\nfor f in *.nomatch; do d=; done; rm -rf ~/\"$d\"", "deny"},
		// Look-alikes: the body does not run.
		{`shopt -s nullglob; d=build; for f in *.nomatch; do d=; done; rm -rf ~/"$d"`, "allow"},
		{`shopt -s failglob; d=build; for f in *.nomatch; do d=; done; rm -rf ~/"$d"`, "allow"},
		{`for f in *.nomatch; do echo "$f"; done`, "allow"},
	})
}

// TestGlobIgnoreDecisions: the names GLOBIGNORE removes from a pattern's
// matches on disk are not read (bash's expansion never gives them), and
// its dotglob effect follows bash (an empty value keeps it, unset ends
// it).
func TestGlobIgnoreDecisions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/src/.env": "K=v\n", "proj/src/a.go": "package a\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"GLOBIGNORE='src/.env'; cat src/*", "allow"},
		{"GLOBIGNORE='*/.env'; cat src/*", "allow"},
		{"GLOBIGNORE='src/.x'; cat src/*", "deny"},
		{"GLOBIGNORE='.env'; cat src/*", "deny"}, // matched as src/.env
		{"GLOBIGNORE=$X; cat src/*", "deny"},
		{"GLOBIGNORE=x; GLOBIGNORE=; cat src/*", "deny"},
		{"GLOBIGNORE=x; unset GLOBIGNORE; cat src/*", "allow"},
	})
}
