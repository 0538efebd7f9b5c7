package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestHeredocExpandedBody: bash expands an unquoted here-document with
// the script's own variables before the shell, the sourced script or the
// interpreter reads it, so x=~; bash <<EOF / rm -rf $x / EOF deletes the
// home directory although x is not exported (found in the final review:
// the body was judged as written, $x unknown). Real bash shows the
// expansion on a canary; corral judges the same shapes with the home
// directory. A quoted delimiter keeps $x as text (and the child's x is
// unset), and an ordinary directory passes.
func TestHeredocExpandedBody(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "victim")
	for _, body := range []string{"bash <<EOF\nrm -rf $x\nEOF", ". /dev/stdin <<EOF\nrm -rf $x\nEOF"} {
		if err := os.MkdirAll(canary, 0o755); err != nil {
			t.Fatal(err)
		}
		c := exec.Command("bash", "-c", "x="+canary+"; "+body)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", body, err, out)
		}
		if _, err := os.Stat(canary); !os.IsNotExist(err) {
			t.Errorf("%s: bash did not expand $x in the here-document (the canary is still there)", body)
		}
	}
	cfg := scratchProject(t, nil)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"x=~; bash <<EOF\nrm -rf $x\nEOF", "deny"},
		{"x=/; sh <<EOF\nrm -rf $x\nEOF", "deny"},
		{"x=~; . /dev/stdin <<EOF\nrm -rf $x\nEOF", "deny"},
		{"x=~; bash /dev/stdin <<EOF\nrm -rf $x\nEOF", "deny"},
		{"x=~; python3 <<EOF\nimport shutil; shutil.rmtree('$x')\nEOF", "deny"},
		{"x=~/.ssh/id_rsa; python3 <<EOF\nprint(open('$x').read())\nEOF", "deny"},
		// Look-alikes.
		{"x=~; bash <<'EOF'\nrm -rf $x\nEOF", "allow"},
		{"x=build; bash <<EOF\nrm -rf $x\nEOF", "allow"},
		{"x=dist; python3 <<EOF\nimport shutil; shutil.rmtree('$x')\nEOF", "allow"},
		{"v=1.2.3; bash <<EOF\necho building $v\nEOF", "allow"},
	})
}
