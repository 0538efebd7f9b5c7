package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestCpioPaxReadTar (issue 12 class 6): GNU cpio -i, bsdcpio -i and
// pax -r read tar archives as well as cpio ones, and pax -r was not
// judged at all: cpio -id < a.tar, bsdcpio -id < a.tar and pax -r -f
// a.tar with a member .git/hooks/pre-commit were allowed. The members of
// a tar the cpio reader cannot read are listed by GNU tar, as tar x's
// are; pax -r's members are judged as cpio -i's, and a pax -s rename
// asks. Look-alikes: listing (cpio -t, pax without -r), an ordinary
// member, the sandbox, an archive that is not there.
func TestCpioPaxReadTar(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("tar"); err != nil {
		t.Skip("no tar")
	}
	cfg := scratchProject(t, map[string]string{"src/.git/hooks/pre-commit": "evil\n", "ok/src/a.c": "ok\n", "proj/agent_sandbox/": ""})
	root := filepath.Dir(cfg.Project)
	for _, mk := range [][]string{{"ev.tar", "src"}, {"ok.tar", "ok"}} {
		if out, err := exec.Command("tar", "-C", filepath.Join(root, mk[1]), "-cf", filepath.Join(cfg.Project, mk[0]), ".").CombinedOutput(); err != nil {
			t.Fatalf("tar: %v %s", err, out)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// Were allow.
		{"cpio -id < ev.tar", "deny"},
		{"cat ev.tar | cpio -i", "deny"},
		{"bsdcpio -id < ev.tar", "deny"},
		{"pax -r -f ev.tar", "deny"},
		{"pax -rf ev.tar", "deny"},
		{"pax -r < ev.tar", "deny"},
		{"cat ev.tar | pax -r", "deny"},
		{"pax -r -f ev.tar -s ',x,y,'", "ask"},
		// Look-alikes.
		{"cpio -it < ev.tar", "allow"},
		{"pax -f ev.tar", "allow"}, // lists
		{"pax -rw src " + root + "/out", "allow"},
		{"cpio -id < ok.tar", "warn"}, // a production path, as tar x of it
		{"tar xf ok.tar", "warn"},
		{"cpio -id -D agent_sandbox < ev.tar", "allow"},
		{"cd agent_sandbox && pax -r -f ../ev.tar", "allow"},
		{"pax -r -f missing.tar", "allow"},
	})
}

// TestCpioPaxReadTarOracle runs the real GNU cpio, bsdcpio and pax on a
// tar archive: each writes the member .git/hooks/pre-commit.
func TestCpioPaxReadTarOracle(t *testing.T) {
	t.Parallel()
	src := t.TempDir()
	if err := os.MkdirAll(filepath.Join(src, ".git", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, ".git", "hooks", "pre-commit"), []byte("evil\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	archive := filepath.Join(t.TempDir(), "ev.tar")
	if out, err := exec.Command("tar", "-C", src, "-cf", archive, ".git/hooks/pre-commit").CombinedOutput(); err != nil {
		t.Skipf("tar: %v %s", err, out)
	}
	ran := 0
	for _, script := range []string{"cpio -id < A", "bsdcpio -id < A", "pax -r -f A"} {
		name := script[:len(script)-len(" -id < A")]
		if script[0] == 'p' {
			name = "pax"
		}
		if _, err := exec.LookPath(name); err != nil {
			continue
		}
		ran++
		dir := t.TempDir()
		cmd := exec.Command("bash", "-c", script)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "A="+archive)
		cmd.Args = []string{"bash", "-c", replaceA(script, archive)}
		out, _ := cmd.CombinedOutput()
		if _, err := os.Stat(filepath.Join(dir, ".git", "hooks", "pre-commit")); err != nil {
			t.Errorf("%s: no .git/hooks/pre-commit (%s)", script, out)
		}
	}
	if ran == 0 {
		t.Skip("no cpio, bsdcpio or pax")
	}
}

func replaceA(script, archive string) string {
	return script[:len(script)-1] + "'" + archive + "'"
}
