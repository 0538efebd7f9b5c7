package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSearchSkipsLinks: a recursive reader that does not follow the
// symbolic links it meets below its root (grep -r, rg and ag without
// their follow option, tar -c without -h, cp -r/-a without -L, rsync
// without -L) reads nothing through a link to ~/.ssh in the project, so
// the directory is not a secret read (deny -> allow); the same reader
// told to follow links, zip (which follows unless -y), and the link named
// as the root keep their deny.
func TestSearchSkipsLinks(t *testing.T) {
	t.Parallel()
	cfg, _ := linkLayout(t)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`grep -r foo .`, "allow"},
		{`grep -rn foo`, "allow"},
		{`rg foo`, "allow"},
		{`ag --hidden foo`, "allow"},
		{`tar czf /tmp/b.tgz .`, "allow"},
		{`cp -r . /tmp/bk`, "allow"},
		{`cp -a . /tmp/bk`, "allow"},
		{`rsync -a . /tmp/bk`, "allow"},
		{`zip -qry /tmp/b.zip .`, "allow"},
		{`grep -R foo .`, "deny"},
		// GNU grep takes a prefix of a long option.
		{`grep --derefer foo .`, "deny"},
		{`grep -r --dereference-rec foo .`, "deny"},
		{`grep --recur foo .`, "allow"},
		{`grep -r foo sshlink`, "deny"},
		{`rg -L foo`, "deny"},
		{`rg --follow foo`, "deny"},
		{`ag --hidden -f foo`, "deny"},
		{`tar czhf /tmp/b.tgz .`, "deny"},
		{`tar -c --dereference -f /tmp/b.tar .`, "deny"},
		{`cp -rL . /tmp/bk`, "deny"},
		{`rsync -aL . /tmp/bk`, "deny"},
		{`rsync -a --copy-unsafe-links . /tmp/bk`, "deny"},
		{`zip -qr /tmp/b.zip .`, "deny"},
		{`grep -r foo ~/.ssh`, "deny"},
	})
}

// TestSearchSkipsLinksOracle runs each reader on a directory holding a
// link to a directory with a marked file and looks for the mark in what
// it produced (its output, its copy, its archive unpacked), searched
// without following links: the mark is found exactly where corral
// judges the same command a secret read.
func TestSearchSkipsLinksOracle(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd   string
		tools []string
	}{
		{`grep -r MARKER . > ../out/r`, []string{"grep"}},
		{`grep -R MARKER . > ../out/r`, []string{"grep"}},
		{`grep --derefer MARKER . > ../out/r`, []string{"grep"}},
		{`grep --recur MARKER . > ../out/r`, []string{"grep"}},
		{`rg MARKER > ../out/r`, []string{"rg"}},
		{`rg -L MARKER > ../out/r`, []string{"rg"}},
		{`tar czf ../out/a.tgz . && tar xzf ../out/a.tgz -C ../out`, []string{"tar", "gzip"}},
		{`tar czhf ../out/a.tgz . && tar xzf ../out/a.tgz -C ../out`, []string{"tar", "gzip"}},
		{`cp -r . ../out/c`, []string{"cp"}},
		{`cp -a . ../out/c`, []string{"cp"}},
		{`cp -rL . ../out/c`, []string{"cp"}},
		{`rsync -a . ../out/c`, []string{"rsync"}},
		{`rsync -aL . ../out/c`, []string{"rsync"}},
		{`zip -qr ../out/a.zip . && unzip -q ../out/a.zip -d ../out/z`, []string{"zip", "unzip"}},
		{`zip -qry ../out/a.zip . && unzip -q ../out/a.zip -d ../out/z`, []string{"zip", "unzip"}},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			for _, tool := range tc.tools {
				if _, err := exec.LookPath(tool); err != nil {
					t.Skip(tool + " is not installed")
				}
			}
			dir := t.TempDir()
			for _, d := range []string{"src", "sec", "out"} {
				if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(filepath.Join(dir, "sec/id_rsa"), []byte("MARKER\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "src/a.txt"), []byte("a\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("../sec", filepath.Join(dir, "src/lnk")); err != nil {
				t.Fatal(err)
			}
			run := exec.Command("bash", "-c", tc.cmd)
			run.Dir = filepath.Join(dir, "src")
			if out, err := run.CombinedOutput(); err != nil && !strings.HasPrefix(tc.cmd, "grep") {
				t.Fatalf("%v: %s", err, out)
			}
			// The mark, looked for without following links.
			look := exec.Command("grep", "-rl", "MARKER", filepath.Join(dir, "out"))
			found, _ := look.Output()
			follows := len(strings.TrimSpace(string(found))) > 0

			cfg, _ := linkLayout(t)
			cmd := strings.ReplaceAll(tc.cmd, "../out", "/tmp/corral-oracle-out")
			r := Check(cfg, cmd)
			if denied := r.Decision == Deny; denied != follows {
				t.Errorf("%s: the real program read through the link: %v; corral: %s (%v)", tc.cmd, follows, r.Decision, r.Findings)
			}
		})
	}
}
