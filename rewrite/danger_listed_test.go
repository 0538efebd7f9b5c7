package rewrite

import (
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"testing"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// listedRepo makes a scratch project whose proj/ tracks README.md,
// main.go, src/main.go, src/gen.pyc, src/deep/x.pyc, docs/guide.md and a
// .gitignore of *.log (plus extra), and then holds notes.txt and
// src/new.go untracked and debug.log ignored.
func listedRepo(t *testing.T, gitBin string, extra map[string]string) (*Config, string) {
	t.Helper()
	files := map[string]string{"proj/README.md": "r\n", "proj/main.go": "package main\n", "proj/src/main.go": "package main\n",
		"proj/src/gen.pyc": "p\n", "proj/src/deep/x.pyc": "p\n", "proj/docs/guide.md": "g\n", "proj/.gitignore": "*.log\n"}
	for k, v := range extra {
		files[k] = v
	}
	cfg, proj := gitScratchRepo(t, gitBin, files)
	for _, f := range []string{"notes.txt", "src/new.go", "debug.log"} {
		if err := os.WriteFile(filepath.Join(proj, f), []byte("work\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return cfg, proj
}

// TestGitListedDeletions: what git ls-files prints, handed to rm by xargs
// (-0, -n, -I), a command substitution or a while-read loop, is deleted
// as the files it names are, and is judged with the path guards and the
// messages of rm (issue 8, the same deletion judged the same way): every
// tracked file of the project asks (rm-root), as a deletion of every
// file in the project does; a tracked .env or .claude/settings.json is
// judged as rm of it is (the real git lists them when the hook runs); a
// listing of untracked files (-o, with or without --exclude-standard)
// asks as git clean -f does, for it deletes work never committed. The
// look-alikes pass: a name pattern (git ls-files '*.pyc' | xargs rm, as
// find . -name '*.pyc' | xargs rm), a program that only reads the names,
// -d (files already gone), a format without the path, and an untracked
// listing that finds nothing.
func TestGitListedDeletions(t *testing.T) {
	t.Parallel()
	gitBin, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	cfg, _ := listedRepo(t, gitBin, nil)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`git ls-files | xargs rm -f`, "ask"},
		{`git ls-files | xargs rm`, "ask"},
		{`rm $(git ls-files)`, "ask"},
		{`rm -f "$(git ls-files)"`, "ask"},
		{`git ls-files | while read f; do rm "$f"; done`, "ask"},
		{`git ls-files | while IFS= read -r f; do rm -f -- "$f"; done`, "ask"},
		{`git ls-files -z | xargs -0 rm -f`, "ask"},
		{`git ls-files | xargs -I{} rm {}`, "ask"},
		{`git ls-files | xargs -n1 rm -f`, "ask"},
		{`git ls-files --cached -- . | xargs rm`, "ask"},
		{`git ls-files --cach | xargs rm`, "ask"}, // git takes an unambiguous prefix
		{`git ls-files -s | xargs rm`, "ask"},     // the path is a word of each line
		{`git ls-files -t | xargs rm -f`, "ask"},
		{`git ls-files --format='%(path)' | xargs rm`, "ask"},
		{`git ls-files -m | xargs rm`, "ask"},
		{`git ls-files ':!*.pyc' | xargs rm`, "ask"},
		{`git ls-files -o | xargs rm`, "ask"},
		{`git ls-files -o --exclude-standard | xargs rm`, "ask"},
		{`git ls-files --oth --exclude-standard | xargs rm -f`, "ask"},
		{`git ls-files -o -i --exclude-standard | xargs rm`, "ask"},
		{`rm $(git ls-files -o --exclude-standard)`, "ask"},
		{`git clean -f`, "ask"}, // the same deletion as the two rows above
		// Filters between: a grep that keeps every line or -v, sort.
		{`git ls-files | grep -v README | xargs rm`, "ask"},
		{`git ls-files | grep . | xargs rm -f`, "ask"},
		{`git ls-files | sort | xargs rm -f`, "ask"},
		{`rm -f $(git ls-files | grep -v pyc)`, "ask"},
		{`for f in $(git ls-files); do rm "$f"; done`, "ask"},
		{`git ls-files | parallel rm`, "ask"},
		{`git ls-files -o --directory | xargs rm -rf`, "ask"},
		// xargs reading a process substitution, as a pipe.
		{`xargs rm < <(git ls-files)`, "ask"},
		{`xargs -0 rm -f < <(git ls-files -z)`, "ask"},
		{`xargs rm -rf < <(find ~)`, "deny"}, // as find ~ | xargs rm -rf
		{`git ls-files -o | grep txt | xargs rm`, "ask"},
		// Files the command makes before an untracked listing runs.
		{`touch zzz; git ls-files -o | grep zzz | xargs rm`, "ask"},
		// Look-alikes.
		{`git ls-files | xargs wc -l`, "allow"},
		{`git ls-files | xargs -I{} wc -l {}`, "allow"},
		{`git ls-files '*.pyc' | xargs rm`, "allow"},
		{`git ls-files '*.pyc' | xargs rm -f`, "allow"},
		{`rm $(git ls-files '*.pyc')`, "allow"},
		{`git ls-files -z '*.pyc' | xargs -0 rm -f`, "allow"},
		{`git ls-files -d | xargs rm -f`, "allow"},
		{`git ls-files --format='%(objectname)' | xargs rm -f`, "allow"},
		{`git ls-files -o --exclude-standard | xargs wc -l`, "allow"},
		{`git ls-files -o --exclude-standard docs | xargs rm`, "allow"}, // none untracked there
		{`git ls-files | xargs cat`, "allow"},
		{`echo "$(git ls-files) rm"`, "allow"},
		{`git ls-files | grep '\.pyc$' | xargs rm`, "allow"},
		{`git ls-files -o | grep zzz | xargs rm`, "allow"}, // none listed
		{`rm -f $(git ls-files | grep pyc)`, "allow"},
		{`git ls-files | xargs -I{} rm -f {}.orig`, "allow"}, // other names
		{`git ls-files '*.go' | xargs -I{} rm -f build/{}`, "allow"},
		{`xargs rm < <(git ls-files '*.pyc')`, "allow"},
		{`xargs wc -l < <(git ls-files)`, "allow"},
		{`xargs rm < <(git ls-files) < /dev/null`, "allow"}, // the last redirection wins
		{`git ls-files | grep py | xargs wc -l`, "allow"},
	})

	// In the sandbox, untracked files are what the agent fetched: an
	// untracked listing passes there, as git clean -f does.
	if cfg.Sandbox == "" {
		t.Fatal("no sandbox configured")
	}
	box := *cfg
	box.Cwd = filepath.Join(cfg.Sandbox, "clone")
	if err := os.MkdirAll(box.Cwd, 0o755); err != nil {
		t.Fatal(err)
	}
	runScratchGit(t, gitBin, cfg.Home, box.Cwd, "init", "-q")
	if err := os.WriteFile(filepath.Join(box.Cwd, "fetched.txt"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, &box, []struct{ cmd, want string }{
		{`git ls-files -o | xargs rm`, "allow"},
		{`git clean -f`, "allow"},
	})

	// The same deletion written out, judged the same (decision and rule).
	sec, _ := listedRepo(t, gitBin, map[string]string{"proj/.env": "SECRET=1\n", "proj/.claude/settings.json": "{}\n"})
	for _, pair := range [][2]string{
		{`git ls-files .env | xargs rm`, `rm .env`},
		{`rm $(git ls-files .env)`, `rm -- .env`},
		{`git ls-files .claude | xargs rm -f`, `rm -f .claude/settings.json`},
		{`git ls-files '*.pyc' | xargs rm`, `find . -name '*.pyc' | xargs rm`},
		{`git ls-files src | xargs rm`, `find src -type f | xargs rm`},
		{`git ls-files -o --exclude-standard | xargs rm`, `git clean -f`},
		{`git ls-files | grep env | xargs rm`, `rm .env`},
		{`rm $(git ls-files | grep env)`, `rm .env`},
		{`git ls-files .env | xargs -I{} rm -f build/{}`, `rm -f build/.env`},
		{`git ls-files .claude | xargs -I% rm -f ./%`, `rm -f ./.claude/settings.json`},
	} {
		got, want := Check(sec, pair[0]), Check(sec, pair[1])
		if got.Decision != want.Decision {
			t.Errorf("%s: %s (%v); %s: %s", pair[0], got.Decision, got.Findings, pair[1], want.Decision)
		}
		if len(got.Findings) > 0 && len(want.Findings) > 0 && got.Findings[0].Rule != want.Findings[0].Rule {
			t.Errorf("%s: rule %s, %s: rule %s", pair[0], got.Findings[0].Rule, pair[1], want.Findings[0].Rule)
		}
	}
	checkDecisions(t, sec, []struct{ cmd, want string }{
		{`git ls-files | xargs rm -f`, "deny"}, // .claude/settings.json among them
		{`git ls-files -z | xargs -0 rm -f`, "deny"},
		{`git ls-files | while read f; do rm "$f"; done`, "deny"},
		{`git ls-files '*.md' | xargs rm`, "allow"},
		{`git ls-files | grep '\.md$' | xargs rm`, "allow"},
	})
}

// TestGitListedDeletionsOracle runs each pipeline with the real git, xargs
// and bash in a fresh repository and compares the files it deleted with
// what corral reads: the names the real git lists for the deleter
// (placed in the deleter's directory: git -C src ls-files | xargs rm
// deletes main.go at the top, not under src) and the static deletion
// (a root and a name: git's * matches a / too, so 'src/*.pyc' reaches
// src/deep/x.pyc).
func TestGitListedDeletionsOracle(t *testing.T) {
	t.Parallel()
	gitBin, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	for _, prog := range []string{"bash", "xargs"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skip("no " + prog)
		}
	}
	tracked := []string{".gitignore", "README.md", "docs/guide.md", "main.go", "src/deep/x.pyc", "src/gen.pyc", "src/main.go"}
	tests := []struct {
		cmd     string
		deleted []string
	}{
		{`git ls-files | xargs rm -f`, tracked},
		{`git ls-files -z | xargs -0 rm -f`, tracked},
		{`git ls-files | xargs -n1 rm`, tracked},
		{`git ls-files | while read f; do rm "$f"; done`, tracked},
		{`rm $(git ls-files docs)`, []string{"docs/guide.md"}},
		{`xargs rm < <(git ls-files docs)`, []string{"docs/guide.md"}},
		{`git ls-files '*.pyc' | xargs rm`, []string{"src/deep/x.pyc", "src/gen.pyc"}},
		{`git ls-files 'src/*.pyc' | xargs rm`, []string{"src/deep/x.pyc", "src/gen.pyc"}},
		{`git ls-files src | xargs rm`, []string{"src/deep/x.pyc", "src/gen.pyc", "src/main.go"}},
		{`git -C src ls-files | xargs rm -f`, []string{"main.go"}},
		{`cd src && git ls-files | xargs rm`, []string{"src/deep/x.pyc", "src/gen.pyc", "src/main.go"}},
		{`git ls-files -o --exclude-standard | xargs rm`, []string{"notes.txt", "src/new.go"}},
		{`git ls-files -o | xargs rm`, []string{"debug.log", "notes.txt", "src/new.go"}},
		{`git ls-files -d | xargs rm -f`, nil},
		{`git ls-files | grep '\.pyc$' | xargs rm`, []string{"src/deep/x.pyc", "src/gen.pyc"}},
	}
	for _, tt := range tests {
		cfg, proj := listedRepo(t, gitBin, nil)
		before := repoFiles(t, proj)
		c := exec.Command("bash", "-c", tt.cmd)
		c.Dir = proj
		c.Env = []string{"HOME=" + cfg.Home, "PATH=" + os.Getenv("PATH"), "GIT_CONFIG_NOSYSTEM=1"}
		_ = c.Run() // rm of a name that is not there fails: the others still go
		after := repoFiles(t, proj)
		var gone []string
		for _, f := range before {
			if !slices.Contains(after, f) {
				gone = append(gone, f)
			}
		}
		if !slices.Equal(gone, tt.deleted) {
			t.Errorf("%s: bash deleted %q, the test says %q", tt.cmd, gone, tt.deleted)
		}
		// The same repository, restored: corral's reading of it.
		restore := exec.Command(gitBin, "checkout", "--", ".")
		restore.Dir, restore.Env = proj, c.Env
		if out, err := restore.CombinedOutput(); err != nil && len(tt.deleted) > 0 {
			t.Fatalf("git checkout: %v %s", err, out)
		}
		for _, f := range []string{"notes.txt", "src/new.go", "debug.log"} {
			_ = os.WriteFile(filepath.Join(proj, f), []byte("work\n"), 0o644)
		}
		m, err := syntax.Analyze(tt.cmd, syntax.Options{Cwd: proj, Home: cfg.Home, Project: proj})
		if err != nil {
			t.Fatal(err)
		}
		p := &Pass{Config: cfg, Model: m, calls: map[int]*syntax.Call{}}
		var rm *syntax.Call
		for _, o := range m.Calls {
			if o.Name == "rm" {
				rm = o
			}
		}
		if rm == nil {
			t.Fatalf("%s: no rm call", tt.cmd)
		}
		var listed []string
		var static []deletion
		for _, d := range deletions(p, rm) {
			if d.lister == nil {
				t.Errorf("%s: a deletion not from the listing: %+v", tt.cmd, d.arg)
				continue
			}
			static = append(static, d)
			if len(listed) > 0 {
				continue
			}
			names, ok := p.lsFilesNames(d.lister)
			if !ok {
				t.Errorf("%s: the real git was not asked", tt.cmd)
			}
			for _, n := range names {
				if d.lines != nil && !d.lines.MatchString(n) {
					continue
				}
				if rel, err := filepath.Rel(proj, filepath.Join(rm.Dir.Path, n)); err == nil {
					if _, err := os.Stat(filepath.Join(proj, rel)); err == nil {
						listed = append(listed, filepath.ToSlash(rel))
					}
				}
			}
		}
		if tt.cmd == `git ls-files -d | xargs rm -f` {
			if len(static) != 0 {
				t.Errorf("%s: deletions %v, want none", tt.cmd, static)
			}
			continue
		}
		slices.Sort(listed)
		if !slices.Equal(listed, tt.deleted) {
			t.Errorf("%s: corral's listing names %q on disk, bash deleted %q", tt.cmd, listed, tt.deleted)
		}
		for _, f := range tt.deleted {
			abs := filepath.Join(proj, f)
			if !slices.ContainsFunc(static, func(d deletion) bool {
				root := rm.Dir.Join(d.arg.Value).Path
				ok, _ := path.Match(d.selects, path.Base(abs))
				return guards.Within(root, abs) && ok
			}) {
				t.Errorf("%s: %s is under none of the static deletions", tt.cmd, f)
			}
		}
	}
}

// repoFiles lists the files under proj (not .git), sorted, relative.
func repoFiles(t *testing.T, proj string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(proj, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && e.Name() == ".git" {
			return filepath.SkipDir
		}
		if !e.IsDir() {
			rel, _ := filepath.Rel(proj, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}
