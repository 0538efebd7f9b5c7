package rewrite

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// findLinkLayout is linkLayout with links to a key file: proj/keylink
// and proj/sub/kl point at ~/.ssh/id_rsa, proj/sub/sl at ~/.ssh.
func findLinkLayout(t *testing.T) *Config {
	t.Helper()
	cfg, root := linkLayout(t)
	if err := os.MkdirAll(filepath.Join(root, "proj/sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		"proj/keylink": filepath.Join(root, "home/.ssh/id_rsa"),
		"proj/sub/kl":  filepath.Join(root, "home/.ssh/id_rsa"),
		"proj/sub/sl":  filepath.Join(root, "home/.ssh"),
	} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	return cfg
}

// TestFindSelectedLinks: find does not follow a symbolic link it meets
// (without -L, or -H for a root), so -delete, and rm or unlink run on
// what it hands them, remove the link (deny -> allow), while a program
// that acts on what a link points at (shred, truncate, chmod, a
// redirection in sh -c) changes the target: a link find selects on disk,
// at any depth, is judged as that program on its target (allow -> deny
// or ask), though no name in the command says where it points.
func TestFindSelectedLinks(t *testing.T) {
	t.Parallel()
	cfg := findLinkLayout(t)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// The link goes, not what it points at.
		{`find sshlink -delete`, "allow"},
		{`find homelink -delete`, "allow"},
		{`find . -name sshlink -delete`, "allow"},
		{`find . -name 'key*' -delete`, "allow"},
		{`find . -name keylink -exec rm {} +`, "allow"},
		{`find . -name keylink -exec unlink {} \;`, "allow"},
		{`find . -name 'k*' | xargs rm`, "allow"},
		{`find sshlink -exec rm -rf {} +`, "allow"},
		{`find -P sshlink -delete`, "allow"},
		{`find -L -P sshlink -delete`, "allow"}, // the last of -H, -L, -P wins
		{`find . -name 'k*' -exec chown -h me {} +`, "allow"},
		// Followed: through the root (-H, -L, -follow, a trailing slash)
		// or below it (-L).
		{`find sshlink/ -delete`, "deny"},
		{`find -H sshlink -delete`, "deny"},
		{`find -P -H sshlink -delete`, "deny"},
		{`find homelink -follow -delete`, "deny"},
		{`find -L . -name 'id*' -delete`, "deny"},
		{`find -L . -name 'id*' -exec rm {} +`, "deny"},
		{`find sshlink -exec rm -rf {}/ +`, "deny"},
		// -D takes a value: the options and roots after it are find's.
		{`find -D tree -P ~ -delete`, "deny"},
		{`find -D stat -L . -name 'id*' -delete`, "deny"},
		{`find -D tree sshlink -delete`, "allow"},
		// A program that acts on the target of a selected link.
		{`find . -name 'key*' -exec shred {} \;`, "deny"},
		{`find . -name 'key*' -execdir shred -u {} \;`, "deny"},
		{`find . -name 'k*' -print0 | xargs -0 shred`, "deny"},
		{`find . -name 'k*' -exec truncate -s0 {} +`, "deny"},
		{`find . -name 'k*' | xargs truncate -s0`, "deny"},
		{`find sub -exec truncate -s0 {} +`, "deny"},
		{`find . -name 'k*' -exec sh -c 'echo x > "$1"' _ {} \;`, "deny"},
		{`find . -name 'k*' -exec chmod 644 {} +`, "ask"},
		{`find . -name kl -exec chown me {} +`, "ask"},
		// Look-alikes: nothing selected is such a link.
		{`find . -name '*.txt' -exec truncate -s0 {} +`, "allow"},
		{`find . -name '*.txt' -exec shred {} +`, "allow"},
		{`find . -name '*.txt' -exec chmod 644 {} +`, "allow"},
		{`find . -name sl -exec shred {} +`, "allow"}, // shred of a directory fails
		{`find . -maxdepth 1 -name kl -exec truncate -s0 {} +`, "allow"},
	})
}

// TestArchiveKeepsLink: tar creating without -h, cp -r/-a/-P/-d without
// -L or -H, rsync without -L/-k/--copy-links and zip -y take a symbolic
// link named on the command line as a link and read nothing through it
// (deny -> allow); the options that follow it, a trailing slash, and cp
// or zip of a link to a file without them, read the target.
func TestArchiveKeepsLink(t *testing.T) {
	t.Parallel()
	cfg := findLinkLayout(t)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`tar czf /tmp/x.tgz sshlink`, "allow"},
		{`tar -czf /tmp/x.tgz keylink homelink`, "allow"},
		{`tar cf - sshlink | gzip > out.tgz`, "allow"},
		{`cp -a keylink out`, "allow"},
		{`cp -P keylink out`, "allow"},
		{`cp -r sshlink out`, "allow"},
		{`rsync -a sshlink out`, "allow"},
		{`rsync keylink out`, "allow"},
		{`zip -y x.zip keylink`, "allow"},
		{`zip -ry x.zip sshlink`, "allow"},
		{`tar czhf /tmp/x.tgz sshlink`, "deny"},
		{`tar czf /tmp/x.tgz --deref sshlink`, "deny"},
		{`tar czf /tmp/x.tgz sshlink/`, "deny"},
		{`tar czf /tmp/x.tgz sshlink/.`, "deny"},
		{`cp keylink out`, "deny"},
		{`cp -rL sshlink out`, "deny"},
		{`cp -rH sshlink out`, "deny"},
		{`cp -r sshlink/ out`, "deny"},
		{`rsync -aL sshlink out`, "deny"},
		{`rsync -a --copy-links sshlink out`, "deny"},
		{`rsync -a sshlink/ out`, "deny"},
		{`zip x.zip keylink`, "deny"},
		{`zip -r x.zip sshlink`, "deny"},
		{`ln -s ~/.ssh/id_rsa k9 && tar czf x.tgz k9`, "allow"},
		{`ln -s ~/.ssh/id_rsa k9 && tar czhf x.tgz k9`, "deny"},
	})
}

// TestFindLinksOracle runs each shape with the real find, shred,
// truncate, chmod, tar and cp in a scratch directory whose links point
// out of it at a file holding a marker, and checks corral's reading:
// where corral allows the command, the real program left the target as
// it was (and put no byte of it in an archive or copy); where it does
// not, the program changed or copied the target.
func TestFindLinksOracle(t *testing.T) {
	for _, tool := range []string{"bash", "find", "shred", "truncate", "tar", "cp", "xargs"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip("no " + tool)
		}
	}
	t.Parallel()
	const marker = "MARKER-7f3a"
	// corral's layout is made once: a subtest's scratch directory holds
	// its name, whose {} would be in every path.
	cfg := findLinkLayout(t)
	for _, tc := range []struct {
		cmd     string // run in proj, where k -> ../t/secret, d -> ../t
		touches bool
	}{
		{`find . -name 'k*' -exec truncate -s0 {} +`, true},
		{`find . -name 'k*' -exec shred {} \;`, true},
		{`find . -name 'k*' -print0 | xargs -0 truncate -s0`, true},
		{`find . -name 'k*' -exec chmod 644 {} +`, true},
		{`find . -name 'k*' -delete`, false},
		{`find . -name 'k*' -exec rm {} +`, false},
		{`find . -name 'k*' | xargs rm`, false},
		{`find d -delete`, false},
		{`find -H d -delete`, true},
		{`find d/ -delete`, true},
		{`find -L . -name '*s*' -delete`, true},
		{`find . -name '*.txt' -exec truncate -s0 {} +`, false},
		{`tar cf ../out.tar d k`, false},
		{`tar chf ../out.tar d`, true},
		{`find . -name 'k*' | while read -r f; do truncate -s0 "$f"; done`, true},
		{`for f in $(find . -name 'k*'); do truncate -s0 "$f"; done`, true},
		{`for f in $(find . -name 'k*'); do chmod 644 "$f"; done`, true},
		{`find . -name 'k*' | while read -r f; do rm "$f"; done`, false},
		{`find . -name 'k*' -exec dd if=/dev/null of={} \;`, true},
		{`find . -name '*.txt' -exec dd if=/dev/null of={} \;`, false},
		{`cp -a k d ../out`, false},
		{`cp -rL d ../out`, true},
		{`cp k ../out`, true},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			dir, err := os.MkdirTemp("", "findlinks")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(dir) })
			proj := filepath.Join(dir, "proj")
			secret := filepath.Join(dir, "t/secret")
			for _, d := range []string{proj, filepath.Dir(secret), filepath.Join(dir, "out")} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(secret, []byte(marker+"\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(proj, "a.txt"), []byte("a\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			for link, target := range map[string]string{"k": secret, "d": filepath.Dir(secret)} {
				if err := os.Symlink(target, filepath.Join(proj, link)); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command("bash", "-c", tc.cmd)
			cmd.Dir = proj
			cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + dir}
			_ = cmd.Run() // find -H d -delete reports that d is not a directory
			touched := false
			if fi, err := os.Stat(secret); err != nil || fi.Mode().Perm() != 0o600 {
				touched = true
			} else if b, _ := os.ReadFile(secret); !bytes.Equal(b, []byte(marker+"\n")) {
				touched = true
			}
			_ = filepath.Walk(filepath.Join(dir, "out"), func(p string, fi os.FileInfo, err error) error {
				if err == nil && fi.Mode().IsRegular() {
					if b, _ := os.ReadFile(p); bytes.Contains(b, []byte(marker)) {
						touched = true
					}
				}
				return nil
			})
			if b, err := os.ReadFile(filepath.Join(dir, "out.tar")); err == nil && bytes.Contains(b, []byte(marker)) {
				touched = true
			}
			if touched != tc.touches {
				t.Fatalf("%s: the real programs touched the target: %v, want %v", tc.cmd, touched, tc.touches)
			}
			// The same shape judged by corral, the target being
			// ~/.ssh/id_rsa.
			pre := "rm -f k d; ln -s ~/.ssh/id_rsa k; ln -s ~/.ssh d; "
			r := Check(cfg, pre+tc.cmd)
			if got := r.Decision.String(); (got == "allow") == touched {
				t.Errorf("%s: corral says %s, the real programs touched the target: %v (%v)", tc.cmd, got, touched, r.Findings)
			}
		})
	}
}

// BenchmarkManyFinds judges a command of 200 finds, each selecting its
// own name for truncate, in a project of 2,000 files: the tree is walked
// once per check (foundOnDisk), not once per find.
func BenchmarkManyFinds(b *testing.B) {
	files := map[string]string{}
	for i := 0; i < 2000; i++ {
		files[fmt.Sprintf("proj/d%d/f%d.txt", i%40, i)] = "x\n"
	}
	cfg := scratchProject(b, files)
	var cmd strings.Builder
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&cmd, "find . -name 'k%d*' -exec truncate -s0 {} + ; ", i)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if d := Check(cfg, cmd.String()).Decision.String(); d != "allow" {
			b.Fatalf("decision %s", d)
		}
	}
}
