package rewrite

import (
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// TestBackupCopies: the backup a program keeps of a file it replaces is
// a write of its own name, judged by the path guards: sed -i and perl -i
// with "*" in the suffix (the file's name put there, a "/" making it a
// path), ruby -i, cp/mv/ln/install -b/-S/--suffix and the variables
// SIMPLE_BACKUP_SUFFIX and VERSION_CONTROL, patch's -z, default .orig
// and run-time -B, rsync --backup-dir; a suffix only run time knows as a
// run-time target. Look-alikes: ordinary backups in the project, the
// BSD form sed -i ”, suffixes with a "/" the programs refuse or cannot
// use, templates' backups, backups turned off.
func TestBackupCopies(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/hooks/":    "",
		"proj/src/":           "",
		"proj/lib/a.c":        "x\n",
		"proj/fix.patch":      "--- a/lib/a.c\n+++ b/lib/a.c\n@@ -1 +1 @@\n-x\n+y\n",
		"proj/bash.patch":     "--- a/.bash\n+++ b/.bash\n@@ -1 +1 @@\n-x\n+y\n",
		"proj/notes.txt":      "x\n",
		"proj/.env.example":   "A=\n",
		"home/.bash":          "x\n",
		"home/.ssh/":          "",
		"home/.claude/x.json": "{}",
	})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	if _, err := exec.LookPath("tar"); err == nil {
		// b.tar holds .bash: extracted over ~/.bash, tar --suffix=rc
		// renames the old one to ~/.bashrc.
		mk := exec.Command("tar", "-cf", filepath.Join(cfg.Project, "b.tar"), ".bash")
		mk.Dir = cfg.Home
		if out, err := mk.CombinedOutput(); err != nil {
			t.Fatalf("tar: %v: %s", err, out)
		}
		checkDecisions(t, cfg, []struct{ cmd, want string }{
			{`cd ~ && tar -xf ../proj/b.tar --suffix=rc`, "deny"},
			{`cd ~ && tar --backup=simple --suffix=rc -xf ../proj/b.tar`, "deny"},
			{`tar -xf b.tar -C ~ --suffix=rc`, "deny"},
			{`cd ~ && SIMPLE_BACKUP_SUFFIX=rc tar --backup -xf ../proj/b.tar`, "deny"},
			{`cd ~ && tar -xf ../proj/b.tar --backup`, "allow"},
			{`cd ~ && tar -xf ../proj/b.tar --backup=off --suffix=rc`, "allow"},
			{`tar -xf b.tar --suffix=rc`, "allow"}, // proj/.bashrc: no startup file
		})
	}
	// lb is a link to ~/.bash: sed --follow-symlinks keeps the backup
	// beside ~/.bash.
	if err := os.Symlink(filepath.Join(cfg.Home, ".bash"), filepath.Join(cfg.Project, "lb")); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ cmd, want string }{
		// A suffix only run time knows: FILE+anything (allow before).
		{`SIMPLE_BACKUP_SUFFIX=$(cat notes.txt) cp -b /tmp/a ~/.bash`, "ask"},
		{`cd ~ && SIMPLE_BACKUP_SUFFIX="$(cat ../proj/notes.txt)" mv -b /tmp/a .bash`, "ask"},
		{`export SIMPLE_BACKUP_SUFFIX=$(cat notes.txt); cp -b /tmp/a ~/.bash`, "ask"},
		{`SIMPLE_BACKUP_SUFFIX=$(cat notes.txt) cp -b a.txt b.txt`, "allow"},
		{`sed -i"$X" s/a/b/ ~/.bash`, "ask"},
		// perl's $^I set in the code (allow before).
		{`perl -pe 'BEGIN{$^I="rc"} s/a/b/' ~/.bash`, "deny"},
		{`perl -i -pe 'BEGIN{$^I="rc"} s/a/b/' ~/.bash`, "deny"},
		{`perl -i.bak -ne 'BEGIN { $^I = "rc" } print' ~/.bash`, "deny"},
		{`perl -pe 'BEGIN{$^I=".git/hooks/*"} s/a/b/' pre-commit`, "deny"},
		{`perl -pe 'BEGIN{$^I=$ENV{S}} s/a/b/' ~/.bash`, "ask"},
		{`perl -pe 'BEGIN{$^I=".bak"} s/a/b/' notes.txt`, "allow"},
		{`perl -pe 'BEGIN{$^I=""} s/a/b/' ~/.bash`, "allow"},
		{`perl -pe 'print "$^I=rc"' ~/.bash`, "allow"},
		// sed --follow-symlinks: beside the link's target (allow before).
		{`sed --follow-symlinks -irc s/a/b/ lb`, "deny"},
		{`sed --follow-symlinks -i'rc' -e s/a/b/ lb`, "deny"},
		{`sed -irc s/a/b/ lb`, "allow"}, // the link is replaced: proj/lbrc
		{`sed --follow-symlinks -i.bak s/a/b/ lb`, "allow"},
		// Numbered backups: any N.
		{`cp --backup=numbered a.txt notes.txt`, "allow"},
		// sed and perl: "*" is the file's name, a "/" makes a path.
		{`sed -i'.git/hooks/*' s/x/y/ pre-commit`, "deny"},
		{`sed --in-place='.git/hooks/*' s/x/y/ pre-commit`, "deny"},
		{`sed --in-pl='.git/hooks/*' s/x/y/ pre-commit`, "deny"},
		{`sed -Ei'.git/hooks/*' s/x/y/ pre-commit`, "deny"},
		{`cd src && sed -i'../.git/hooks/*' s/x/y/ pre-commit`, "deny"},
		{`perl -i'.git/hooks/*' -pe s/a/b/ pre-commit`, "deny"},
		{`perl -pi'.git/hooks/*' -e s/a/b/ pre-commit`, "deny"},
		{`cd ~ && sed -irc s/a/b/ .bash`, "deny"},
		{`cd ~ && perl -pirc -e 1 .bash`, "deny"},
		{`cd ~ && ruby -irc -pe 1 .bash`, "deny"},
		{`if [ -n "$Q" ]; then S=.bak; else S=rc; fi; cd ~ && sed -i"$S" s/a/b/ .bash`, "deny"},
		// A suffix a program printed at run time: any file.
		{`X=$(cat notes.txt); sed -i"$X" s/a/b/ notes.txt`, "ask"},
		// The file edited is seen with a run-time suffix (allow before).
		{`sed -i"$X" s/a/b/ .git/hooks/pre-commit`, "deny"},
		// cp, mv, ln, install: -b, -S, --suffix, the variables.
		{`cd ~ && cp -b -S rc /tmp/a .bash`, "deny"},
		{`cd ~ && cp -S rc /tmp/a .bash`, "deny"},
		{`cd ~ && cp --suffix=rc /tmp/a .bash`, "deny"},
		{`cd ~ && cp --suf rc /tmp/a .bash`, "deny"},
		{`cd ~ && mv -S rc /tmp/a .bash`, "deny"},
		{`cd ~ && ln -sfS rc /tmp/a .bash`, "deny"},
		{`cd ~ && install -b -S rc /tmp/a .bash`, "deny"},
		{`cd ~ && SIMPLE_BACKUP_SUFFIX=rc cp -b /tmp/a .bash`, "deny"},
		{`cd ~; export SIMPLE_BACKUP_SUFFIX=rc; cp --backup=simple /tmp/a .bash`, "deny"},
		{`cd ~ && env SIMPLE_BACKUP_SUFFIX=rc mv --backup /tmp/a .bash`, "deny"},
		{`cp -b -S .json /tmp/a ~/.claude/settings`, "deny"},
		// patch: -z, SIMPLE_BACKUP_SUFFIX, the default backup.
		{`cd ~ && patch -z rc .bash ../proj/bash.patch`, "deny"},
		{`cd ~ && patch -p1 -z rc < ../proj/bash.patch`, "deny"},
		{`cd ~ && SIMPLE_BACKUP_SUFFIX=rc patch -p1 < ../proj/bash.patch`, "deny"},
		{`cd ~ && SIMPLE_BACKUP_SUFFIX=rc patch -b -p1 < ../proj/bash.patch`, "deny"},
		{`patch -B .git/hooks/ -p1 < fix.patch`, "deny"},
		// rsync: --backup-dir holds what it replaces.
		{`rsync -b --backup-dir ~/.ssh lib/ out/`, "deny"},
		{`rsync -a --backup-dir=` + cfg.Home + `/.ssh lib/ out/`, "deny"},
		{`rsync -a --backup-dir=../.git/hooks lib/ out/`, "deny"},
		// Look-alikes.
		{`sed -i.bak s/a/b/ notes.txt`, "allow"},
		{`sed -i '' s/a/b/ notes.txt`, "allow"},
		{`sed -i'*' s/a/b/ notes.txt`, "allow"},
		{`sed -i'/home/u/.bashrc' s/a/b/ notes.txt`, "allow"}, // notes.txt/home/…: ENOTDIR
		{`sed -i"$X" s/a/b/ notes.txt`, "allow"},
		{`sed -i'bak/*' s/a/b/ notes.txt`, "allow"},
		{`perl -pi -e s/a/b/ notes.txt`, "allow"},
		{`perl -pi.orig -e s/a/b/ notes.txt`, "allow"},
		{`ruby -i'.git/hooks/*' -pe 1 pre-commit`, "allow"}, // ruby appends, "/": fails
		{`cp -b a.txt b.txt`, "allow"},
		{`cp -b -S /../.git/hooks/pre-commit a.txt b.txt`, "allow"}, // a "/": b.txt~
		{`cp -b template .env.example`, "allow"},
		{`cp --backup=numbered template .env.example`, "allow"},
		{`mv -b new.txt notes.txt`, "allow"},
		{`cd ~ && cp -b /tmp/a .bash`, "allow"}, // ~/.bash~: no startup file
		{`cd ~ && cp --backup=none -S rc /tmp/a .bash`, "allow"},
		{`cd ~ && VERSION_CONTROL=off cp -b -S rc /tmp/a .bash`, "allow"},
		{`cd ~ && cp --backup=numbered -S rc /tmp/a .bash`, "allow"},
		{`patch -p1 -b < fix.patch`, "allow"},
		{`patch -p1 < fix.patch`, "allow"},
		{`patch -B "$P" -p1 < fix.patch`, "allow"}, // "$P"lib/a.c: the environment's, as > "$P"lib/a.c
		{`cd ~ && SIMPLE_BACKUP_SUFFIX=rc patch -p1 --no-backup-if-mismatch < ../proj/bash.patch`, "allow"},
		{`find . -name '*.c' -exec sed -i.bak s/a/b/ {} +`, "allow"},
		{`find . -name '*.c' -exec sed -i'.git/hooks/*' s/a/b/ {} +`, "deny"},
		{`find lib -name '*.c' -exec perl -pi'.git/hooks/*' -e s/a/b/ {} \;`, "deny"},
		{`find ~ -name .bash -exec sed -irc s/a/b/ {} +`, "deny"},
		{`echo pre-commit | xargs sed -i'.git/hooks/*' s/a/b/`, "deny"},
		{`echo ~/.bash | xargs sed -irc s/a/b/`, "deny"},
		{`echo ~/.bash | xargs cp -S rc /tmp/a`, "deny"},
		{`parallel sed -i'.git/hooks/*' s/a/b/ ::: pre-commit`, "deny"},
		{`parallel sed -i.bak s/a/b/ ::: notes.txt`, "allow"},
		{`echo notes.txt | xargs sed -i.bak s/a/b/`, "allow"},
		{`find . -name '*.c' | xargs sed -i.orig s/a/b/`, "allow"},
		{`rsync -a --backup-dir=old lib/ out/`, "allow"},
		{`rsync -a --backup-dir=~/.ssh lib/ out/`, "allow"}, // out/~/.ssh: no tilde there
	}
	checkDecisions(t, cfg, tests)
}

// TestBackupNamesOracle runs the real programs and requires every file
// they create besides the one they write to be a backup name corral
// judges (writeTargets), so that corral's naming is the programs'.
func TestBackupNamesOracle(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"bash", "sed", "perl", "cp", "mv", "ln", "install", "patch"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("no %s", p)
		}
	}
	const diff = "--- a/f\n+++ b/f\n@@ -2 +2 @@\n-2\n+X\n"
	tests := []struct {
		cmd  string
		want []string // the files made, besides the setup's
	}{
		{`sed -i.bak s/1/y/ f`, []string{"f.bak"}},
		{`sed -i'bak/*' s/1/y/ d/f`, []string{"bak/d/f"}},
		{`sed -i'pre_*.b' s/1/y/ f`, []string{"pre_f.b"}},
		{`sed --in-place=.o s/1/y/ f`, []string{"f.o"}},
		{`sed -i'*' s/1/y/ f`, nil},
		{`sed -i'/../x' s/1/y/ f`, nil},
		{`perl -i'/../x' -pe s/1/y/ f`, nil},
		{`perl -i'bak/*' -pe s/1/y/ d/f`, []string{"bak/d/f"}},
		{`perl -pi.p -e s/1/y/ f`, []string{"f.p"}},
		{`cp -b -S .s a f`, []string{"f.s"}},
		{`cp -S .s a f`, []string{"f.s"}},
		{`cp -b -S /x/y a f`, []string{"f~"}},
		{`SIMPLE_BACKUP_SUFFIX=.e cp -b a f`, []string{"f.e"}},
		{`VERSION_CONTROL=numbered cp -b a f`, []string{"f.~1~"}},
		{`cp --backup=none -S .s a f`, nil},
		{`mv --backup=t a f`, []string{"f.~1~"}},
		{`ln -sfb a f`, []string{"f~"}},
		{`install -b -S .i a f`, []string{"f.i"}},
		{`patch -p1 < p.diff`, []string{"f.orig"}},
		{`patch -p1 -z .zz < p.diff`, []string{"f.zz"}},
		{`SIMPLE_BACKUP_SUFFIX=.s patch -p1 < p.diff`, []string{"f.s"}},
		{`patch -p1 -V numbered < p.diff`, []string{"f.~1~"}},
		{`patch -p1 -Y pre_ < p.diff`, []string{"pre_f"}},
		{`patch -p1 --no-backup-if-mismatch < p.diff`, nil},
		{`SIMPLE_BACKUP_SUFFIX=$(echo .r) cp -b a f`, []string{"f.r"}},
		{`cp --backup=numbered a f; cp --backup=numbered a f; cp --backup=numbered a f`, []string{"f.~1~", "f.~2~", "f.~3~"}},
		{`perl -pe 'BEGIN{$^I=".q"} s/1/y/' f`, []string{"f.q"}},
		{`perl -i.a -pe 'BEGIN{$^I=".q"} s/1/y/' f`, []string{"f.q"}},
		{`sed --follow-symlinks -i.s s/1/y/ l`, []string{"d/f.s"}},
		{`sed --follow-symlinks -i'k_*' s/1/y/ d/l2`, nil}, // k_d/../f: no such directory
		{`sed -i.s s/1/y/ l`, []string{"l.s"}},
	}
	if _, err := exec.LookPath("ruby"); err == nil {
		tests = append(tests, struct {
			cmd  string
			want []string
		}{`ruby -i.r -pe 1 f`, []string{"f.r"}})
	}
	for _, tc := range tests {
		dir := t.TempDir()
		// f is patched with an offset (a line added before the hunk),
		// so that patch keeps its default backup.
		setup := map[string]string{"f": "0\n1\n2\n3\n", "a": "a\n", "d/f": "1\n", "bak/d/": "", "p.diff": diff}
		before := map[string]bool{}
		for rel, content := range setup {
			p := filepath.Join(dir, rel)
			before[strings.TrimSuffix(rel, "/")] = true
			if strings.HasSuffix(rel, "/") {
				if err := os.MkdirAll(p, 0o755); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		before["bak"], before["d"] = true, true
		// l and d/l2 are links to d/f and f.
		for link, to := range map[string]string{"l": "d/f", "d/l2": "../f"} {
			if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
				t.Fatal(err)
			}
			before[link] = true
		}
		cmd := exec.Command("bash", "-c", tc.cmd)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "LC_ALL=C"}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Logf("%s: %v: %s", tc.cmd, err, out)
		}
		var made []string
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			rel, _ := filepath.Rel(dir, p)
			if !before[filepath.ToSlash(rel)] {
				made = append(made, filepath.ToSlash(rel))
			}
			return nil
		})
		sort.Strings(made)
		if strings.Join(made, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s: the real program made %q, want %q", tc.cmd, made, tc.want)
			continue
		}
		m, err := syntax.Analyze(tc.cmd, syntax.Options{Cwd: dir, Home: dir})
		if err != nil {
			t.Fatal(err)
		}
		judged := map[string]bool{}
		var patterns []string // FILE* and FILE.~[1-9]*~: names only run time gives
		for _, c := range m.Calls {
			ts := writeTargets(c)
			if c.Name == "patch" {
				pass := &Pass{Model: m, Config: &Config{Project: dir, Home: dir}}
				ts = append(ts, pass.diffTargets(c)...)
			}
			for _, tt := range ts {
				switch {
				case tt.backup && tt.pattern:
					patterns = append(patterns, tt.path())
				case tt.backup:
					judged[path.Clean(tt.path())] = true
				}
			}
		}
		for _, f := range made {
			if !judged[f] && !slices.ContainsFunc(patterns, func(p string) bool { ok, _ := path.Match(p, f); return ok }) {
				t.Errorf("%s: makes %s, which corral does not judge (it judges %v)", tc.cmd, f, judged)
			}
		}
	}
}
