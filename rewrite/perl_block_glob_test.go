package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestPerlBlockListDeletes: Perl's map { unlink } LIST and grep { unlink }
// LIST call the block with each element of LIST in $_, which unlink with
// no argument deletes; an angle glob after the block (<~/.ssh/*>) was not
// read as a glob there, so the deletion of a path only run time knows was
// asked about. It is now the deletion of what the pattern matches, as
// unlink <~/.ssh/*> and for (<~/.ssh/*>) { unlink } are: denied. A block
// that only transforms the elements keeps its decision.
func TestPerlBlockListDeletes(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "", "home/.ssh/id_rsa": "KEY\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`perl -e 'for (<~/.ssh/*>) { unlink }'`, "deny"}, // the decision the rows below match
		{`perl -e 'map { unlink } <~/.ssh/*>'`, "deny"},
		{`perl -e 'grep { unlink } <~/.ssh/*>'`, "deny"},
		{`perl -e 'map { unlink } glob("~/.ssh/*")'`, "deny"},
		// Look-alikes that keep their decision.
		{`perl -e 'print map { uc } <~/.ssh/*>'`, "allow"},
		{`perl -e 'my @x = map { $_ * 2 } (1, 2); print "@x"'`, "allow"},
		{`perl -e 'unlink <build/*.o>'`, "ask"}, // the decision the row below matches
		{`perl -e 'map { unlink } <build/*.o>'`, "ask"},
	})
}

// TestPerlBlockListDeletesOracle runs the real perl on the denied
// spellings above with a scratch HOME, and requires each to delete
// ~/.ssh/id_rsa.
func TestPerlBlockListDeletesOracle(t *testing.T) {
	t.Parallel()
	perl, err := exec.LookPath("perl")
	if err != nil {
		t.Skip("perl not installed")
	}
	for _, code := range []string{`map { unlink } <~/.ssh/*>`, `grep { unlink } <~/.ssh/*>`, `map { unlink } glob("~/.ssh/*")`} {
		t.Run(code, func(t *testing.T) {
			home := t.TempDir()
			key := filepath.Join(home, ".ssh", "id_rsa")
			if err := os.MkdirAll(filepath.Dir(key), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(key, []byte("KEY\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(perl, "-e", code)
			cmd.Env = append(os.Environ(), "HOME="+home)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Skipf("perl: %v %s", err, out)
			}
			if _, err := os.Stat(key); !os.IsNotExist(err) {
				t.Errorf("perl -e %q left %s", code, key)
			}
		})
	}
}
