package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestSelfAncestors holds that moving, renaming, mounting over, taking
// the owner's search permission from, or giving the group or others
// write to a directory that holds corral's
// program or the agent's settings is judged as the same action on those
// files (red-team J1): the hook's command then names nothing, and a
// failing hook is no objection. Directories that hold none of them, and
// modes that keep the owner's search permission, pass.
func TestSelfAncestors(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	proj, home := filepath.Join(root, "project"), filepath.Join(root, "home")
	bin := filepath.Join(root, "opt", "bin")
	hooks := filepath.Join(root, "hooks")
	for _, d := range []string{proj, filepath.Join(home, ".claude"), bin, filepath.Join(proj, "build"), hooks} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	exe := filepath.Join(bin, "corral")
	hook := filepath.Join(hooks, "notify.sh")
	for _, f := range []string{exe, hook, filepath.Join(home, ".claude", "settings.json"), filepath.Join(proj, "a.txt")} {
		if err := os.WriteFile(f, []byte("x"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	sb := filepath.Join(proj, "agent_sandbox")
	cfg := &Config{Cwd: proj, Project: proj, Home: home, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto,
		Protected: []string{exe}, Paths: guards.DefaultPolicy().WithSelfProtection([]string{exe}, sb).WithAgentPrograms([]string{hook})}
	opt := filepath.Join(root, "opt")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"mv " + opt + " /tmp/x", "deny"},
		{"mv " + bin + " " + root + "/b2", "deny"},
		{"mv -t /tmp " + opt, "deny"},
		{"rename opt optx " + opt, "deny"},
		{"rename -e 's/opt/x/' " + opt, "deny"},
		{"rename 's/opt/x/' " + opt, "deny"},
		{"rename opt x " + opt + "/bin", "deny"},
		{"chmod 000 " + opt, "deny"},
		{"chmod a-x " + bin, "deny"},
		{"chmod u=rw " + bin, "deny"},
		{"chmod 644 ~/.claude", "deny"},
		{"chmod --reference=/etc/shadow " + opt, "deny"},
		{"chmod 000 " + hooks, "deny"},
		// Write for the group or others: anyone may then rename or
		// replace the settings or the program in it.
		{"chmod 777 ~/.claude", "deny"},
		{"chmod g+w ~/.claude", "deny"},
		{"chmod o+w " + home, "deny"},
		{"chmod g=u " + bin, "deny"},
		{"chmod 757 " + opt, "deny"},
		{"setfacl -m u:nobody:rwx ~/.claude", "deny"},
		{"setfacl -m o::rw " + home, "deny"},
		{"setfacl --modify=d:g:staff:7 " + opt, "deny"},
		{"setfacl -m u::rw " + bin, "deny"},
		{"setfacl -M acl.txt ~/.claude", "deny"},
		// install -d sets the mode of a directory that is there.
		{"install -d -m 777 ~/.claude", "deny"},
		{"install -dm o+w " + home, "deny"},
		{"install --directory --mode=000 " + opt, "deny"},
		{"mount -t tmpfs none " + opt, "deny"},
		{"mount -t tmpfs none " + hooks, "deny"},
		{"perl -e 'rename \"" + opt + "\", \"/tmp/x\"'", "deny"},
		{"python3 -c 'import os; os.rename(\"" + bin + "\", \"/tmp/x\")'", "deny"},
		{"node -e 'require(\"fs\").chmodSync(\"" + opt + "\", 0)'", "deny"},
		// Look-alikes.
		{"chmod 755 " + opt, "allow"},
		{"chmod go-rwx " + opt, "allow"},
		{"chmod 711 " + home, "allow"},
		{"chmod 777 build", "allow"},
		{"setfacl -m u:nobody:rx ~/.claude", "allow"},
		{"setfacl -x u:nobody ~/.claude", "allow"},
		{"setfacl -b " + opt, "allow"},
		{"setfacl -m u:bob:rwx build", "allow"},
		{"install -d -m 755 ~/.claude", "allow"},
		{"install -d -m 777 build", "allow"},
		{"chmod 755 build", "allow"},
		{"chmod 644 build", "allow"},
		{"mv build dist", "allow"},
		{"mv a.txt b.txt", "allow"},
		{"rename 's/a/b/' a.txt", "allow"},
		{"rename .txt .md a.txt", "allow"},
		{"rename '“s/' '/_/g”' a.txt", "allow"},
		{"mount -t tmpfs none build", "allow"},
	})
}

// TestSelfAncestorsExec checks on a canary that the actions
// TestSelfAncestors denies do switch a hook off: after mv or perl's
// rename of its directory the hook's path names nothing; after chmod 000
// of its directory an ordinary user cannot run it (root is not held by
// permission bits, so the hook is run as nobody where runuser is there).
func TestSelfAncestorsExec(t *testing.T) {
	t.Parallel()
	mk := func() (dir, prog string) {
		dir = filepath.Join(t.TempDir(), "opt")
		prog = filepath.Join(dir, "bin", "hook")
		if err := os.MkdirAll(filepath.Dir(prog), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(prog, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		// Let nobody reach the canary through the temporary directories.
		for d := filepath.Dir(dir); d != "/" && d != os.TempDir(); d = filepath.Dir(d) {
			_ = os.Chmod(d, 0o755)
		}
		return dir, prog
	}
	runs := func(prog string) bool { return exec.Command(prog).Run() == nil }
	if dir, prog := mk(); exec.Command("mv", dir, dir+"x").Run() != nil || runs(prog) {
		t.Error("mv of the hook's directory: the hook still runs")
	}
	if perl, err := exec.LookPath("perl"); err == nil {
		dir, prog := mk()
		if exec.Command(perl, "-e", `rename "`+dir+`", "`+dir+`x"`).Run() != nil || runs(prog) {
			t.Error("perl rename of the hook's directory: the hook still runs")
		}
	}
	runuser, err := exec.LookPath("runuser")
	if err != nil || os.Getuid() != 0 {
		return
	}
	dir, prog := mk()
	asNobody := func() bool { return exec.Command(runuser, "-u", "nobody", "--", prog).Run() == nil }
	if !asNobody() {
		t.Skip("nobody cannot run the canary hook even before the chmod")
	}
	if err := exec.Command("chmod", "000", dir).Run(); err != nil {
		t.Fatal(err)
	}
	if asNobody() {
		t.Error("chmod 000 of the hook's directory: the hook still runs as an ordinary user")
	}
}
