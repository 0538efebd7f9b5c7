package rewrite

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestListThroughFile: a list of paths that one program writes into a
// file and another reads back in the same command (> l then < l, xargs
// -a l, cat l |, $(cat l), $(< l), while read … < l, tee l, find -fprint
// l, tar -T l, cpio and zip -@ on the file, copies of it by cp, mv and
// sort -o, filters given it as their file: sort l, head l, tac l, grep P
// l) is judged as the pipe between them is
// (issue 12: follow the bytes through every stage; find ~/.ssh -name
// id_rsa > l; xargs rm < l was allowed). The look-alikes pass: a list of
// the project's own files, a file read before it is written, and a list
// file on disk that names nothing guarded.
func TestListThroughFile(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":   "k\n",
		"home/.bashrc":       "x\n",
		"proj/src/a.go":      "package a\n",
		"proj/docs/a.md":     "a\n",
		"proj/src/b.pyc":     "p\n",
		"proj/keys.txt":      "", // filled below with the key's path
		"proj/names.txt":     "src/a.go\n",
		"proj/stale.txt":     "build/out.o\n",
		"proj/.claude/x.txt": "x\n",
	})
	key := filepath.Join(cfg.Home, ".ssh", "id_rsa")
	writeFile(t, filepath.Join(cfg.Project, "keys.txt"), key+"\n", 0o644)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// Deletions.
		{`find ~/.ssh -name id_rsa > l; xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa >| l; xargs -a l rm`, "deny"},
		{`find ~/.ssh -name id_rsa > l && rm $(cat l)`, "deny"},
		{`find ~/.ssh -name id_rsa > l; rm $(< l)`, "deny"},
		{`find ~/.ssh -name id_rsa > l; while read f; do rm "$f"; done < l`, "deny"},
		{`find ~/.ssh -name id_rsa > l; cat l | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa | tee l > /dev/null; xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa | dd of=l status=none; xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa | sponge l; xargs -a l rm`, "deny"},
		{`find ~/.ssh -name id_rsa | sponge -a l; xargs cat < l`, "deny"},
		{`find ~/.ssh -name id_rsa | awk '{print > "l"}'; xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa | awk '{ print $0 >> "l" }'; xargs -a l rm`, "deny"},
		{`find ~/.ssh -name id_rsa | sed -n 'w l'; xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa | sed 'w l' > /dev/null; xargs cat < l`, "deny"},
		{`find ~/.ssh -name id_rsa &> l; xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa > l; xargs shred < l`, "deny"},
		{`find ~/.ssh -name id_rsa > l; for f in $(cat l); do rm "$f"; done`, "deny"},
		{`find ~/.ssh -name id_rsa > l; xargs rm < <(cat l)`, "deny"},
		// Copies of the list and filters given it as a file.
		{`find ~/.ssh -name id_rsa > l; cp l m; xargs rm < m`, "deny"},
		{`find ~/.ssh -name id_rsa > l; mv l m; xargs -a m rm`, "deny"},
		{`find ~/.ssh -name id_rsa > l; sort -o m l; xargs rm < m`, "deny"},
		{`find ~/.ssh -name id_rsa > l; sort l | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa > l; head -1 l | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa > l; xargs rm < <(tac l)`, "deny"},
		{`find ~/.ssh > l; grep rsa l | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa > l; grep id l > m; xargs rm < m`, "deny"},
		{`find ~/.ssh -name id_rsa -fprint l; xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa > l; sort l | xargs cat`, "deny"},
		// cat with no operand passes its input on, in a pipe or into
		// the file.
		{`find ~/.ssh -name id_rsa | cat | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa | cat > l; xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa | cat | xargs cat`, "deny"},
		{`find . -name '*.pyc' | cat | xargs rm`, "allow"},
		// Writes.
		{`find ~ -maxdepth 1 -name .bashrc > l; xargs -a l sed -i s/a/b/`, "deny"},
		{`find ~ -maxdepth 1 -name .bashrc > l; xargs -I{} cp x {} < l`, "deny"},
		{`find ~ -maxdepth 1 -name .bashrc > l; for f in $(cat l); do echo x >> "$f"; done`, "deny"},
		{`find ~ -maxdepth 1 -name .bashrc > l; while read f; do echo x >> "$f"; done < l`, "deny"},
		// Reads of a secret.
		{`find ~/.ssh -name id_rsa > l; for f in $(cat l); do cat "$f"; done`, "deny"},
		{`find ~/.ssh -name id_rsa > l; xargs cat < l`, "deny"},
		{`find ~/.ssh -name id_rsa > l; xargs -a l cat`, "deny"},
		{`find ~/.ssh -name id_rsa > l; cat l | xargs cat`, "deny"},
		{`find ~/.ssh -name id_rsa > l; while read f; do cat "$f"; done < l`, "deny"},
		{`find ~/.ssh -name id_rsa > l; xargs -I{} cp {} . < l`, "deny"},
		{`find ~/.ssh -name id_rsa > l; tar czf x.tgz -T l`, "deny"},
		{`echo ~/.ssh/id_rsa > l; tar czf x.tgz -T l`, "deny"},
		{`find ~/.ssh -name id_rsa > l; tar czf x.tgz -T - < l`, "deny"},
		{`find ~/.ssh -name id_rsa > l; cpio -o < l > x.cpio`, "deny"},
		{`find ~/.ssh -name id_rsa > l; zip x.zip -@ < l`, "deny"},
		// A list file already on disk, read when the hook runs.
		{`tar czf x.tgz -T keys.txt`, "deny"},
		{`rsync -a --files-from=keys.txt / backup/`, "deny"},
		// Look-alikes.
		{`find . -name '*.pyc' > l; xargs rm < l`, "allow"},
		{`find . -name '*.pyc' | dd of=l status=none; xargs rm < l`, "allow"},
		{`find . -name '*.pyc' | awk '{print > "l"}'; xargs rm -f < l`, "allow"},
		{`find ~/.ssh -name id_rsa | dd of=l conv=ucase; xargs echo < l`, "allow"},
		{`find src -name '*.go' > l; xargs cat < l`, "allow"},
		{`find src -name '*.go' > l; tar czf x.tgz -T l`, "allow"},
		{`tar czf x.tgz -T names.txt`, "allow"},
		{`xargs rm < stale.txt; find ~/.ssh -name id_rsa > stale.txt`, "allow"},
		{`find ~/.ssh -name id_rsa > l; wc -l < l`, "allow"},
		{`find . -name '*.pyc' > l; sort l | xargs rm`, "allow"},
		{`find . -name '*.pyc' > l; cp l m; xargs rm < m`, "allow"},
		{`cp l l; xargs rm < l`, "allow"},
		{`find docs -name '*.md' > l; for f in $(cat l); do echo x >> "$f"; done`, "allow"},
		{`find docs -name '*.md' > l; xargs -a l sed -i s/a/b/`, "allow"},
		{`find ~/.ssh -name id_rsa > l; xargs ls -l < l`, "allow"},
		// A list file a program's own code writes holds what it made
		// of the lines it read; split's pieces hold some of them.
		{`find ~/.ssh -name id_rsa | awk '{print $1 > "l"}'; xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa | awk '{print $1 > "l"}'; xargs cat < l`, "deny"},
		{`find ~/.ssh -name id_rsa | python3 -c 'import sys; open("l", "w").write(sys.stdin.read())'; xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa | split -l 1 - part; xargs rm < partaa`, "deny"},
		{`find ~/.ssh -name id_rsa > l; split -l 1 l part; xargs -a partab rm`, "deny"},
		{`find ~/.ssh -name id_rsa | split -l 1; xargs cat < xaa`, "deny"},
		{`find . -name '*.pyc' | python3 -c 'import sys; open("l", "w").write(sys.stdin.read())'; xargs rm < l`, "allow"},
		{`find . -name '*.pyc' | split -l 100 - chunk; xargs rm < chunkaa`, "allow"},
		{`find ~/.ssh -name id_rsa | split -l 1 --filter='cat > /dev/null' - part; xargs rm < partaa`, "allow"},
		// A writer of its standard input reached by any route: inside a
		// compound stage, from a descriptor, from a file.
		{`find ~/.ssh -name id_rsa | { tee l; } > /dev/null; xargs rm < l`, "deny"},
		{`exec 3< <(find ~/.ssh -name id_rsa); tee l <&3 > /dev/null; xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa > m; tee l < m > /dev/null; xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa | { split -l1 - p; }; xargs rm < paa`, "deny"},
		{`find . -name '*.pyc' | { tee l; } > /dev/null; xargs rm < l`, "allow"},
		// Code may write other paths too: rm -rf of its list asks.
		{`find . -name '*.pyc' | python3 -c 'import sys; open("l", "w").write(sys.stdin.read())'; xargs rm -rf < l`, "ask"},
	})
}

// TestListThroughFileGit: git ls-files written to a file and handed to rm
// from it deletes every tracked file, as the pipe does (ask); a narrowing
// pathspec passes as it does through the pipe.
func TestListThroughFileGit(t *testing.T) {
	t.Parallel()
	gitBin, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	cfg, _ := listedRepo(t, gitBin, nil)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`git ls-files | xargs rm`, "ask"},
		{`git ls-files > l; xargs rm < l`, "ask"},
		{`f=files.txt; git ls-files > $f; xargs -a $f rm -f`, "ask"},
		{`git ls-files > l; rm $(cat l)`, "ask"},
		// Look-alikes.
		{`git ls-files '*.pyc' > l; xargs rm < l`, "allow"},
		{`git ls-files > l; xargs wc -l < l`, "allow"},
	})
}

// TestListThroughFileBash: the premise, in the real bash: a list read
// back from the file a program wrote reaches xargs as the same words the
// pipe gives it.
func TestListThroughFileBash(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	cfg := scratchProject(t, map[string]string{"home/.ssh/id_rsa": "k\n", "home/.ssh/id_ed25519": "k\n", "proj/": ""})
	run := func(script string) string {
		cmd := exec.Command(bash, "-c", script)
		cmd.Dir = cfg.Project
		cmd.Env = []string{"HOME=" + cfg.Home, "PATH=/usr/bin:/bin"}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", script, err, out)
		}
		return string(out)
	}
	pipe := run(`find ~/.ssh -name 'id_*' | sort | xargs echo`)
	if !strings.Contains(pipe, "id_rsa") {
		t.Fatalf("the pipe gave %q", pipe)
	}
	for _, s := range []string{
		`find ~/.ssh -name 'id_*' | sort > l; xargs echo < l`,
		`find ~/.ssh -name 'id_*' | sort > l; xargs -a l echo`,
		`find ~/.ssh -name 'id_*' | sort > l; cat l | xargs echo`,
		`find ~/.ssh -name 'id_*' | sort > l; echo $(cat l)`,
		`find ~/.ssh -name 'id_*' | sort > l; echo $(< l)`,
		`find ~/.ssh -name 'id_*' | sort | tee l > /dev/null; xargs echo < l`,
	} {
		if got := run(s); got != pipe {
			t.Errorf("%s: %q, the pipe gives %q", s, got, pipe)
		}
	}
}

// TestNamesFileUnderSource: the names in a list file rsync --files-from
// reads are relative to rsync's source directory, with any leading slash
// dropped, and the names tar -T reads are under the -C directory in
// effect (rsync -a --files-from=names.txt ~ dest with .ssh/id_rsa in the
// file, tar czf x.tgz -C ~ -T names.txt: allow -> deny; the names had
// been resolved against the working directory). Look-alikes pass: the
// same names of a project file, and a -C that comes after -T.
func TestNamesFileUnderSource(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":  "k\n",
		"home/notes/a.txt":  "n\n",
		"proj/src/a.go":     "package a\n",
		"proj/keyrel.txt":   ".ssh/id_rsa\n",
		"proj/keyroot.txt":  "/.ssh/id_rsa\n",
		"proj/notes.txt":    "notes/a.txt\n",
		"proj/kuberel.txt":  ".kube/config\n",
		"home/.kube/config": "c\n",
		"proj/projlist.txt": "src/a.go\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`rsync -a --files-from=keyrel.txt ~ /tmp/out`, "deny"},
		{`rsync -a --files-from=keyroot.txt ~/ /tmp/out`, "deny"},
		{`rsync -a --files-from keyrel.txt "$HOME" /tmp/out`, "deny"},
		{`tar czf x.tgz -C ~ -T keyrel.txt`, "deny"},
		{`tar -C ~ -czf x.tgz --files-from=keyrel.txt`, "deny"},
		{`tar czf x.tgz -C ~ -T notes.txt`, "allow"},
		{`rsync -a --files-from=kuberel.txt ~ /tmp/out`, "deny"},
		{`tar czf x.tgz -C ~ -T kuberel.txt`, "deny"},
		{`tar czf x.tgz -T kuberel.txt`, "allow"}, // the project's .kube/config, no secret of the home
		{`rsync -a --files-from=notes.txt ~ /tmp/out`, "allow"},
		{`tar czf x.tgz -T projlist.txt -C ~`, "allow"},
		{`tar czf x.tgz -T projlist.txt`, "allow"},
	})
}

// TestRsyncFilesFromWrites: with --files-from, rsync copies the listed
// names (no tree: -a's recursion is off), so each lands as DEST/NAME and
// is judged there. rsync -a --files-from=l . ~/.claude/ with settings.json
// in l on disk replaced the agent's settings unseen (allow -> deny; with
// l written by the command it asked: ask -> deny); a project with .git
// copied by a list of its sources was denied for the .git the list does
// not name (deny -> allow). A find's listing selects entries of the tree
// by name (find . -name '*.go' | rsync --files-from=- . backup/ passes,
// and find . | … rsync … backup/, allowed before, is denied for the
// .git it lists).
func TestRsyncFilesFromWrites(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.claude/settings.json": "{}\n",
		"proj/.git/config":           "[core]\n",
		"proj/settings.json":         "{}\n",
		"proj/src/a.go":              "package a\n",
		"proj/setlist.txt":           "src/a.go\nsettings.json\n",
		"proj/srclist.txt":           "src/a.go\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`rsync -a --files-from=setlist.txt . ~/.claude/`, "deny"},
		{`echo settings.json > l; rsync -a --files-from=l . ~/.claude/`, "deny"},
		{`printf '%s\n' /settings.json > l; rsync -a --files-from=l ./ ~/.claude`, "deny"},
		{`rsync -a --files-from=setlist.txt . .git/`, "deny"},
		{`rsync -a --files-from=srclist.txt . backup/`, "allow"},
		{`rsync -a . backup/`, "deny"}, // the tree, .git with it
		// The names printed into its standard input (--files-from=-).
		{`echo settings.json | rsync -a --files-from=- . ~/.claude/`, "deny"},
		{`printf '%s\n' settings.json | rsync -a --files-from - ./ ~/.claude`, "deny"},
		{`echo src/a.go | rsync -a --files-from=- . backup/`, "allow"},
		// Names corral cannot know may be any entry of the source tree,
		// which is judged as rsync -a would copy it.
		{`mytool | rsync -a --files-from=- . ~/.claude/`, "deny"},
		{`rsync -a --files-from="$F" . ~/.claude/`, "deny"},
		{`rsync -a --files-from=missing.txt . ~/.claude/`, "deny"},
		// A find that only lists changes nothing, so the tree is read
		// as it is, and only its entries of the names find selects can
		// be listed: settings.json lands in ~/.claude; a listing of
		// *.md (none is a protected file there) and one of the sources
		// into backup/ (the .git is not among them) pass. A find that
		// deletes or runs a program may change the tree: ask.
		{`find . -name '*.json' | rsync -a --files-from=- . ~/.claude/`, "deny"},
		{`find . | rsync -a --files-from=- . ~/.claude/`, "deny"},
		{`find . -type f | rsync -a --files-from=- . backup/`, "deny"}, // .git/config with them
		{`find . -name '*.md' | rsync -a --files-from=- . ~/.claude/`, "allow"},
		{`find . -name '*.go' | rsync -a --files-from=- . backup/`, "allow"},
		{`find . -name x -delete | rsync -a --files-from=- . ~/.claude/`, "ask"},
		{`mytool | rsync -a --files-from=- src/ backup/`, "allow"},
		{`rsync -a --files-from="$F" src/ backup/`, "allow"},
	})
}
