package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTarPipeCopy (red team 18 TX2): the tar-pipe copy idiom writes the
// producer's operands, resolved in the producer's directory, under the
// extraction's directory; with the producer in a subshell, a brace group
// or a loop, or as the stage's own call, each member is judged as the
// same cp would be (.claude/settings.json in the project, .bashrc in the
// home directory deny). Members corral cannot name (-T -, a run-time
// word, a missing operand, a tree the command changes first) ask where
// the extraction's directory can hold a protected file. Look-alikes: the
// same copies of harmless trees, into a directory outside the project,
// into the sandbox, with --exclude or --strip-components leaving the
// protected name out, -O and -t.
func TestTarPipeCopy(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"src/.claude/settings.json": `{"hooks":{}}`,
		"src/.bashrc":               "echo pwned\n",
		"src/x":                     "x\n",
		"ok/d/a.txt":                "a\n",
		"out/":                      "",
		"home/.bashrc":              "# rc\n",
		"proj/lib/x.go":             "package x\n",
	})
	root := filepath.Dir(cfg.Project)
	src, ok, out := filepath.Join(root, "src"), filepath.Join(root, "ok"), filepath.Join(root, "out")
	rows := []struct{ cmd, want string }{
		{"(cd " + src + " && tar cf - .claude) | tar xf -", "deny"},
		{"(cd " + src + " && tar cf - .claude/settings.json) | tar xf -", "deny"},
		{"(cd " + src + " && tar cf - .claude) | (tar xf -)", "deny"},
		{"(cd " + src + " && tar cf - .bashrc) | (cd ~ && tar xf -)", "deny"},
		{"tar -C " + src + " -cf - .claude | tar -xf - -C ~", "deny"},
		{"tar cf - -C " + src + " .claude | tar xf -", "deny"}, // was ask (unknown members)
		{"{ cd " + src + "; tar c .; } | tar x", "deny"},
		{"for d in " + src + "; do tar cf - -C \"$d\" .claude; done | tar x", "deny"},
		{"(cd " + src + " && tar czf - .claude) | tar xz", "deny"},
		{"(cd " + src + "/.claude && tar cf - ../.bashrc) | (cd ~ && tar x)", "deny"},            // stored as .bashrc
		{"(cd " + src + " && tar cf - --transform 's,^x,.bashrc,' x) | (cd ~ && tar x)", "deny"}, // renamed when stored
		{"(cd " + src + " && tar cf - .c*) | tar x", "deny"},                                     // the shell's matches
		{"(cd " + src + " && tar cf - --exclude='[!.]claude' .) | tar x", "deny"},                // [!.] is a negation to tar
		{"cd " + src + " && echo .bashrc | (tar cf - -T -) | (cd ~ && tar xf -)", "ask"},
		{"(cd " + src + " && tar cf - \"$F\") | (cd ~ && tar x)", "ask"},
		{"(cd " + src + " && tar cf - missing) | (cd ~ && tar x)", "ask"},
		{"mkdir -p " + ok + "/.claude && (cd " + ok + " && tar cf - .) | tar x", "ask"}, // the tree changes first
		{"(cd " + src + " && base64 -d < a.b64) | (cd ~ && tar x)", "ask"},
		{"(set -e; cd " + src + " && tar cf - .claude) | tar x", "deny"}, // set -e prints nothing
		{"tar cf - -C " + src + " .claude | cat | tar xf -", "deny"},     // through a stage that passes its input on
		{"(cd " + src + " && tar cf - .claude) | gzip | gunzip | tar xf -", "deny"},
		{"tar czf - -C " + src + " .claude | pv -q | tar xzf -", "deny"},
		{"base64 -d < a.b64 | cat | tar x", "ask"}, // TX1 through cat
		{"tar cf - lib | tee " + out + "/copy.tar | tar x -C " + out, "allow"},
		{"(cd " + src + "; set; tar cf - x) | tar x", "ask"}, // set alone prints the variables: text on the pipe
		// Look-alikes.
		{"tar cf - lib | (cd " + out + " && tar xf -)", "allow"},
		{"(cd " + ok + " && tar cf - .) | (cd " + out + " && tar xf -)", "allow"},
		{"(cd " + ok + " && tar cf - .) | tar x", "allow"},
		{"(cd " + ok + " && tar cf - d) | (cd ~ && tar x)", "allow"},
		{"(cd " + src + " && tar cf - --exclude=.claude --exclude=.bashrc .) | tar x", "allow"},
		{"(cd " + src + " && tar cf - .) | tar x -C agent_sandbox", "allow"},
		{"(cd " + src + " && tar cf - .claude) | tar xOf -", "allow"},
		{"(cd " + src + " && tar cf - .claude) | tar tvf -", "allow"},
		{"(cd " + src + " && tar cf - .) | tar x -C " + out, "allow"},
		{"(cd " + src + " && tar cf - .claude) | tar x --strip-components=1", "allow"}, // settings.json in the root
		{"git archive HEAD | tar x -C " + out, "allow"},
	}
	checkDecisions(t, cfg, rows)
	// git archive in a compound stage: its members are listed as in a
	// simple one (red team 18 TX2's more producers).
	if _, err := exec.LookPath("git"); err != nil {
		return
	}
	repo := filepath.Join(root, "repo")
	if err := os.MkdirAll(filepath.Join(repo, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, ".claude", "settings.json"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	g := exec.Command("sh", "-c", "git init -q . && git add -A && git -c user.email=a@b -c user.name=a commit -qm x")
	g.Dir = repo
	g.Env = append(os.Environ(), "HOME="+filepath.Join(root, "home"), "GIT_CONFIG_NOSYSTEM=1")
	if b, err := g.CombinedOutput(); err != nil {
		t.Skipf("git: %v %s", err, b)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"(cd " + repo + " && git archive HEAD) | tar x", "deny"},
		{"(cd " + repo + " && git archive HEAD) | tar x -C " + out, "allow"},
	})
}

// TestTarMadeThenExtracted: an archive tar c -f makes earlier in the
// command holds that tar's operands, as the pipe's does: extracted, its
// members are judged (tar czf x.tgz -C DIR .claude && tar xzf x.tgz is
// denied, also over an older harmless x.tgz on disk, whose stale listing
// let it pass; tar czf y.tgz lib && tar xzf y.tgz and the xz form pass,
// where they asked). Any other maker (cp, tar r, zip) or members corral
// cannot name ask, whether or not the file is on disk now.
func TestTarMadeThenExtracted(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("tar"); err != nil {
		t.Skip("tar not installed")
	}
	root := t.TempDir()
	src := filepath.Join(root, "src")
	cfg := scratchProject(t, map[string]string{})
	for rel, text := range map[string]string{"src/.claude/settings.json": "planted\n", "proj/lib/x.go": "package x\n"} {
		p := filepath.Join(root, rel)
		if strings.HasPrefix(rel, "proj/") {
			p = filepath.Join(cfg.Project, strings.TrimPrefix(rel, "proj/"))
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// An older, harmless x.tgz on disk.
	mk := exec.Command("tar", "czf", "x.tgz", "lib")
	mk.Dir = cfg.Project
	if out, err := mk.CombinedOutput(); err != nil {
		t.Skipf("tar: %v %s", err, out)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"tar czf x.tgz -C " + src + " .claude && tar xzf x.tgz", "deny"}, // was allow: the old listing
		{"tar czf y.tgz -C " + src + " .claude && tar xzf y.tgz", "deny"}, // was ask
		{"tar cf y.tar -C " + src + " . ; tar x < y.tar", "deny"},
		{"cp /tmp/other.tgz x.tgz && tar xzf x.tgz", "ask"}, // was allow: the old listing
		{"tar czf x.tgz lib; tar rf x.tgz .claude; tar xzf x.tgz", "ask"},
		{"tar czf y.tgz \"$D\" && tar xzf y.tgz -C ~", "ask"},
		{"zip -r y.zip lib && unzip y.zip", "ask"},
		// look-alikes (were ask)
		{"tar czf y.tgz lib && tar xzf y.tgz", "allow"},
		{"tar cJf y.tar.xz lib && tar xJf y.tar.xz -C /tmp/x", "allow"},
		{"tar cf y.tar lib && cat y.tar | tar x", "allow"},
		{"tar czf x.tgz lib; tar xzf x.tgz", "allow"},
	})
	// Oracle: the real tar makes x.tgz anew and extracts the new member.
	sh := exec.Command("bash", "-c", "tar czf x.tgz -C "+src+" .claude && tar xzf x.tgz")
	sh.Dir = cfg.Project
	sh.Env = append(os.Environ(), "HOME="+t.TempDir())
	if out, err := sh.CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	if b, _ := os.ReadFile(filepath.Join(cfg.Project, ".claude", "settings.json")); string(b) != "planted\n" {
		t.Errorf("real tar: .claude/settings.json = %q", b)
	}
}

// TestTarPipeCopyOracle runs the real GNU tar for the idiom's shapes in a
// scratch project and home: the members land where corral judges them
// (.claude/settings.json in the working directory, .bashrc in the home
// directory after cd ~, the names stored without "../" and after a
// --transform), and --exclude and --strip-components keep them off.
func TestTarPipeCopyOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("tar"); err != nil {
		t.Skip("tar not installed")
	}
	if out, err := exec.Command("tar", "--version").Output(); err != nil || !strings.Contains(string(out), "GNU tar") {
		t.Skip("not GNU tar")
	}
	src := t.TempDir()
	for rel, text := range map[string]string{".claude/settings.json": "planted\n", ".bashrc": "planted\n", "x": "planted\n"} {
		p := filepath.Join(src, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		cmd     string
		written string // "proj/…" or "home/…"; "" when nothing protected may be
	}{
		{"(cd " + src + " && tar cf - .claude) | tar xf -", "proj/.claude/settings.json"},
		{"{ cd " + src + "; tar c .; } | tar x", "proj/.claude/settings.json"},
		{"tar -C " + src + " -cf - .claude | tar -xf - -C ~", "home/.claude/settings.json"},
		{"(cd " + src + " && tar cf - .bashrc) | (cd ~ && tar xf -)", "home/.bashrc"},
		{"(cd " + src + "/.claude && tar cf - ../.bashrc 2>/dev/null) | (cd ~ && tar x)", "home/.bashrc"},
		{"(cd " + src + " && tar cf - --transform 's,^x,.bashrc,' x) | (cd ~ && tar x)", "home/.bashrc"},
		{"(cd " + src + " && tar cf - --exclude=.claude --exclude=.bashrc .) | tar x", ""},
		{"(cd " + src + " && tar cf - --exclude='[!.]claude' .claude) | tar x", "proj/.claude/settings.json"},
		{"(cd " + src + " && tar cf - .claude) | tar x --strip-components=1", "proj/settings.json"},
		{"tar cf - -C " + src + " .claude | cat | tar xf -", "proj/.claude/settings.json"},
	} {
		root := t.TempDir()
		proj, home := filepath.Join(root, "proj"), filepath.Join(root, "home")
		for _, d := range []string{proj, home} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(home, ".bashrc"), []byte("# rc\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		sh := exec.Command("bash", "-c", tc.cmd)
		sh.Dir = proj
		sh.Env = append(os.Environ(), "HOME="+home)
		if out, err := sh.CombinedOutput(); err != nil {
			t.Errorf("%s: %v %s", tc.cmd, err, out)
			continue
		}
		if tc.written != "" {
			if b, _ := os.ReadFile(filepath.Join(root, tc.written)); string(b) != "planted\n" {
				t.Errorf("%s: %s = %q, want the member", tc.cmd, tc.written, b)
			}
			continue
		}
		for _, p := range []string{"proj/.claude/settings.json", "proj/.bashrc"} {
			if _, err := os.Stat(filepath.Join(root, p)); err == nil {
				t.Errorf("%s: wrote %s", tc.cmd, p)
			}
		}
	}
}
