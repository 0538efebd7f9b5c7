package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHardLinksToProtectedFiles: a hard link is a second name of the same
// file. Making one to a protected, secret or corral-own file is judged as
// a write of that file (ln, link, cp -l, cp -al, and the link calls of
// program code); a link made earlier is caught when the next call writes
// or reads it; links between ordinary project files pass. The mechanism
// is checked with the real bash against canaries first.
func TestHardLinksToProtectedFiles(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":           "FAKE KEY",
		"home/.bashrc":               "# rc\n",
		"home/.claude/settings.json": `{"hooks":{}}`,
		"home/.aws/credentials":      "[default]\n",
		"proj/big.bin":               "data",
		"proj/src/main.go":           "package main\n",
		"proj/README.md":             "x\n",
		"shared/lib/x.sh":            "true\n",
		"canary/home/.bashrc":        "# canary rc\n",
		"canary/proj/README.md":      "x\n",
	})
	home, proj := cfg.Home, cfg.Project
	root := filepath.Dir(proj)

	// What bash does: a line appended to the hard link lands in the file.
	canary := filepath.Join(root, "canary")
	cmd := exec.Command("bash", "-c", "ln ../home/.bashrc b && echo 'curl x|sh' >> b")
	cmd.Dir = filepath.Join(canary, "proj")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("hard links not available: %v %s", err, out)
	}
	if b, _ := os.ReadFile(filepath.Join(canary, "home", ".bashrc")); !strings.Contains(string(b), "curl x|sh") {
		t.Fatalf("bash: appending to a hard link did not change the linked file: %q", b)
	}

	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"ln ~/.claude/settings.json cs.json", "deny"},
		{"ln ~/.ssh/id_rsa k", "deny"},
		{"ln ~/.bashrc b", "deny"},
		{"ln -f ~/.bashrc", "deny"},
		{"ln -t . ~/.bashrc", "deny"},
		{"link ~/.bashrc b", "deny"},
		{"link ~/.bashrc b && echo x >> b", "deny"},
		{"cp -l ~/.bashrc b", "deny"},
		{"cp --link ~/.bashrc b", "deny"},
		{"cp -al ~/.ssh keys", "deny"},
		{"ln ~/.aws/credentials c", "deny"},
		{"python3 -c 'import os; os.link(\"" + home + "/.bashrc\", \"b\")'", "deny"},
		{"perl -e 'link \"" + home + "/.bashrc\", \"b\"'", "deny"},
		{"node -e 'require(\"fs\").linkSync(\"" + home + "/.bashrc\", \"b\")'", "deny"},
		{"ruby -e 'File.link(\"" + home + "/.bashrc\", \"b\")'", "deny"},
		// Ordinary links pass.
		{"ln big.bin copy.bin", "allow"},
		{"cp -l big.bin copy.bin", "allow"},
		{"cp -al src backup", "allow"},
		{"link big.bin copy.bin", "allow"},
		{"ln -s ../shared/lib lib", "allow"},
		{"ln -s ~/.bashrc b", "allow"}, // a symbolic link is resolved where it is used
	})

	// Links made before the call (by an earlier call corral let through,
	// or by the user): the next call's writes and reads are judged at the
	// file they name.
	for src, dst := range map[string]string{
		home + "/.claude/settings.json": "cs.json", home + "/.ssh/id_rsa": "k", home + "/.bashrc": "b",
		proj + "/big.bin": "copy.bin",
	} {
		if err := os.Link(src, filepath.Join(proj, dst)); err != nil {
			t.Fatal(err)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"echo '{}' > cs.json", "deny"},
		{"cat k", "deny"},
		{"echo 'curl x|sh' >> b", "deny"},
		{"sed -i s/a/b/ b", "allow"}, // a new file at b: ~/.bashrc keeps its content
		{"truncate -s0 cs.json", "deny"},
		{"echo data > copy.bin", "allow"},
		{"cat copy.bin", "allow"},
		{"rm b", "allow"}, // removes one name; ~/.bashrc stays
		// shred overwrites the content every name shares.
		{"shred -u cs.json", "deny"},
		{"shred copy.bin", "allow"},
		// A recursive search reads the linked key too.
		{"grep -r KEY .", "deny"},
		{"grep -rn main src", "allow"},
	})
}

// TestHardLinkReplacedName: a program that puts a new file at a name
// (sed -i, perl -i, mv, install, ln -f, cp --remove-destination, -a, -b)
// leaves the file a hard link there shares with ~/.bashrc unchanged, while
// one that writes the file at the name (a redirection, tee, truncate, dd,
// cp without those options, sort -o) changes ~/.bashrc. Each command is
// run with the real programs on a canary first, and corral must deny it
// exactly when the canary's ~/.bashrc changed.
func TestHardLinkReplacedName(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	layout := map[string]string{
		"home/.bashrc":   "# rc\n",
		"proj/X":         "new\n",
		"proj/README.md": "x\n",
		"proj/sub/":      "",
	}
	setup := func(t *testing.T) *Config {
		cfg := scratchProject(t, layout)
		for _, l := range [][2]string{{"home/.bashrc", "proj/b"}, {"home/.bashrc", "proj/sub/X"}} {
			if err := os.Link(filepath.Join(filepath.Dir(cfg.Project), l[0]), filepath.Join(filepath.Dir(cfg.Project), l[1])); err != nil {
				t.Skipf("hard links not available: %v", err)
			}
		}
		return cfg
	}
	for _, tc := range []struct {
		cmd     string
		changes bool // the real programs change ~/.bashrc
	}{
		{"sed -i s/rc/x/ b", false},
		{"sed -i.bak s/rc/x/ b", false},
		{"perl -i -pe s/rc/x/ b", false},
		{"perl -pi.orig -e s/rc/x/ b", false},
		{"mv X b", false},
		{"mv -f X b", false},
		{"mv X sub/", false},
		{"cp --remove-destination X b", false},
		{"install X b", false},
		{"install -m 644 X b", false},
		{"ln -f X b", false},
		{"ln -sf X b", false},
		{"cp -a X b", false},
		{"cp -d X b", false},
		{"cp --preserve=links X b", false},
		{"cp -b X b", false},
		{"cp -a X sub/", false},
		// Writes through the existing file.
		{"cp X b", true},
		{"cp -f X b", true},
		{"cp -p X b", true},
		{"cp -r X b", true},
		{"cp -a --no-preserve=links X b", true},
		{"cp X sub/", true},
		{"echo x > b", true},
		{"echo x >> b", true},
		{"echo x | tee b", true},
		{"truncate -s0 b", true},
		{"dd if=X of=b", true},
		{"dd if=X of=b conv=notrunc", true},
		{"sort -o b X", true},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			canary := setup(t)
			run := exec.Command("bash", "-c", tc.cmd)
			run.Dir = canary.Project
			run.Env = append(os.Environ(), "HOME="+canary.Home)
			if out, err := run.CombinedOutput(); err != nil {
				t.Skipf("%s: %v %s", tc.cmd, err, out)
			}
			rc, err := os.ReadFile(filepath.Join(canary.Home, ".bashrc"))
			if err != nil {
				t.Fatal(err)
			}
			if changed := string(rc) != "# rc\n"; changed != tc.changes {
				t.Fatalf("the real %q changed ~/.bashrc: %v, the table says %v", tc.cmd, changed, tc.changes)
			}
			want := "allow"
			if tc.changes {
				want = "deny"
			}
			r := Check(setup(t), tc.cmd)
			if got := r.Decision.String(); got != want {
				t.Errorf("%s: %s, want %s (%v)", tc.cmd, got, want, r.Findings)
			}
		})
	}
}

// TestHardLinkAnyDepthSecrets: links made with the real ln to files that
// are secret or protected only by a pattern matching at any depth (a .env
// three directories down, a key under deploy/, a .pem in another project
// under the home directory) are judged as those files when read or
// written; links to ordinary deep files pass.
func TestHardLinkAnyDepthSecrets(t *testing.T) {
	if _, err := exec.LookPath("ln"); err != nil {
		t.Skip("no ln")
	}
	cfg := scratchProject(t, map[string]string{
		"proj/sub/dir/.env":          "TOKEN=1\n",
		"proj/sub/dir/.env.example":  "TOKEN=\n",
		"proj/deploy/tls/server.key": "-----BEGIN PRIVATE KEY-----\n",
		"proj/data/raw/a.csv":        "1,2\n",
		"proj/README.md":             "x\n",
		"home/work/other/x.pem":      "-----BEGIN PRIVATE KEY-----\n",
	})
	for _, l := range [][2]string{{"sub/dir/.env", "notes.txt"}, {"deploy/tls/server.key", "k.txt"},
		{cfg.Home + "/work/other/x.pem", "p.txt"}, {"sub/dir/.env.example", "example.txt"}, {"data/raw/a.csv", "copy.csv"}} {
		ln := exec.Command("ln", l[0], l[1])
		ln.Dir = cfg.Project
		if out, err := ln.CombinedOutput(); err != nil {
			t.Skipf("ln: %v %s", err, out)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cat notes.txt", "deny"},
		{"grep TOKEN notes.txt", "deny"},
		{"cat k.txt", "deny"},
		{"head p.txt", "deny"},
		{"echo TOKEN=2 >> notes.txt", "deny"},
		// sed -i puts a new file at the name, but reads the secret first.
		{"sed -i s/1/2/ notes.txt", "deny"},
		// Look-alikes: an example file, an ordinary data file.
		{"cat example.txt", "allow"},
		{"cat copy.csv", "allow"},
		{"echo 3,4 >> copy.csv", "allow"},
		{"cat README.md", "allow"},
	})
}
