package rewrite

import (
	"os"
	"path/filepath"
	"testing"
)

// TestChildPWD: a new shell keeps an inherited PWD only when it names the
// directory the shell starts in; otherwise $PWD is that directory. And
// cd sets PWD to the directory it enters, OLDPWD to the value PWD had.
// TestChildPWDAgainstBash (syntax) runs the same readings in real bash.
func TestChildPWD(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.ssh/id_rsa": "k\n", "proj/sub/": ""})
	root := filepath.Dir(cfg.Project)
	home := filepath.Join(root, "home")
	if err := os.Symlink(home, filepath.Join(root, "homelink")); err != nil {
		t.Fatal(err)
	}
	hl := filepath.Join(root, "homelink")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// The child starts in the home directory: $PWD is it, whatever
		// other directory the command says.
		{`cd ~; PWD=/tmp bash -c 'rm -rf "$PWD"/.ssh'`, "deny"},
		{`cd ~; PWD=/tmp; bash -c 'rm -rf "$PWD"/.ssh'`, "deny"},
		{`cd ~; env PWD=/tmp bash -c 'rm -rf "$PWD"/.ssh'`, "deny"},
		{`cd ~; PWD=/tmp sh -c 'rm -rf "$PWD"/.ssh'`, "deny"},
		{`cd ~; PWD=` + hl + ` bash -c 'rm -rf "$PWD"/.ssh'`, "deny"},
		{`PWD=/tmp; cd ~; rm -rf "$PWD"/.ssh`, "deny"},
		{`PWD=/tmp; cd ~ && rm -rf ~+/.ssh`, "deny"},
		{`PWD=~/.ssh; cd /tmp; rm -rf "$OLDPWD"`, "deny"},
		// Look-alikes: the child starts in the project, where a PWD
		// naming the home directory is not kept.
		{`PWD=` + hl + ` bash -c 'rm -rf "$PWD"/.ssh'`, "allow"},
		{`PWD=` + home + ` bash -c 'rm -rf "$PWD"/.ssh'`, "allow"},
		{`PWD=/tmp bash -c 'rm -rf "$PWD"/.ssh'`, "allow"},
		{`PWD=~; cd sub; rm -rf "$PWD"/.ssh`, "allow"},
		{`bash -c 'rm -rf "$PWD"/build'`, "allow"},
	})
}
