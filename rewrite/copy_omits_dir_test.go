package rewrite

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// copyOmitsDirRows: cp and install without recursion follow a symbolic
// link on the command line and, when it reaches a directory, say
// "omitting directory" and copy nothing from it, so cp sshlink out/ (a
// link to ~/.ssh) reads no secret (deny -> allow); -t/--target-directory
// makes every operand a source, so cp -t out ~/.ssh/id_rsa copies the key
// (allow -> deny). A recursive copy that follows links, a link to a file,
// a pattern under the link, and a link the command makes there keep
// their reading.
var copyOmitsDirRows = []struct{ cmd, want string }{
	{`cp sshlink out/`, "allow"},
	{`cp sshlink/ out/`, "allow"},
	{`cp -L sshlink out/`, "allow"},
	{`cp -H sshlink out/`, "allow"},
	{`cp ~/.ssh out/`, "allow"},
	{`cp -t out sshlink`, "allow"},
	{`install sshlink out/`, "allow"},
	{`cp -r sshlink out/`, "allow"},
	{`cp -t out a.txt`, "allow"},
	{`cp -rL sshlink out/`, "deny"},
	{`cp -r sshlink/ out/`, "deny"},
	{`cp -r ~/.ssh out/`, "deny"},
	{`cp sshlink/id_rsa out/`, "deny"},
	{`cp sshlink/* out/`, "deny"},
	{`cp -t out ~/.ssh/id_rsa`, "deny"},
	{`cp --target-directory=out sshlink/id_rsa`, "deny"},
	{`cp --target-dir out ~/.ssh/id_rsa`, "deny"},
	{`install -t out ~/.ssh/id_rsa`, "deny"},
	{`ln -s ~/.ssh/id_rsa kl && cp kl out/`, "deny"},
	{`rm sshlink; ln -s ~/.ssh/id_rsa sshlink; cp sshlink out/`, "deny"},
}

func TestCopyOmitsDirectory(t *testing.T) {
	t.Parallel()
	cfg, _ := linkLayout(t)
	checkDecisions(t, cfg, copyOmitsDirRows)
}

// TestCopyOmitsDirectoryOracle runs each row with the real cp and
// install in the same layout and looks for the key's text in what they
// wrote under out/ (links not followed): corral denies exactly the rows
// that copied it.
func TestCopyOmitsDirectoryOracle(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"bash", "cp", "install", "ln"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " is not installed")
		}
	}
	for _, row := range copyOmitsDirRows {
		t.Run(row.cmd, func(t *testing.T) {
			cfg, root := linkLayout(t)
			secret := "MARK-" + filepath.Base(root) + "\n"
			if err := os.WriteFile(filepath.Join(root, "home/.ssh/id_rsa"), []byte(secret), 0o600); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(cfg.Project, "out")
			if err := os.Mkdir(out, 0o755); err != nil {
				t.Fatal(err)
			}
			run := exec.Command("bash", "-c", row.cmd)
			run.Dir = cfg.Project
			run.Env = append(os.Environ(), "HOME="+filepath.Join(root, "home"))
			_, _ = run.CombinedOutput() // "omitting directory" fails
			copied := false
			_ = filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
				if err == nil && d.Type().IsRegular() {
					if b, _ := os.ReadFile(p); string(b) == secret {
						copied = true
					}
				}
				return nil
			})
			cfg2, _ := linkLayout(t)
			r := Check(cfg2, row.cmd)
			if (r.Decision == Deny) != copied {
				t.Errorf("%s: the real program copied the key: %v; corral: %s (%v)", row.cmd, copied, r.Decision, r.Findings)
			}
		})
	}
}
