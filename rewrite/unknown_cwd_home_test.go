package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestUnknownCwdHomeDotFiles: a deletion or write of a bare name in a
// directory only known at run time (cd "$(cat d.txt)", cd "$D", cd
// "$1" in a shell find -exec starts) can reach a file of that name in
// one of the home directory's hidden directories: the private key in
// ~/.ssh, the credentials in ~/.aws, and ssh's authorized_keys, which a
// write creates. Each asks, naming the path. Names no hidden directory
// holds pass, and so do reads and writes in a known directory. The
// oracle runs the find -exec shape in real bash with echo in place of
// rm and checks it reaches ~/.ssh.
func TestUnknownCwdHomeDotFiles(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/a.txt":            "x\n",
		"home/.ssh/id_rsa":      "KEY\n",
		"home/.aws/credentials": "[default]\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`cd "$(cat d.txt)"; rm -f id_rsa`, "ask"},
		{`cd "$D" && shred -u id_rsa`, "ask"},
		{`cd "$D" && rm credentials`, "ask"},
		{`cd "$D" && echo k >> authorized_keys`, "ask"},
		{`find ~/.ssh -maxdepth 0 -exec sh -c 'cd "$1"; rm -f id_rsa' _ {} \;`, "ask"},
		{`find ~ -maxdepth 1 -name .ssh -exec sh -c 'cd "$0" && shred -u id_rsa' {} \;`, "ask"},
		// Look-alikes: names no hidden directory holds, a known
		// directory, a read of an ordinary name.
		{`cd "$D" && rm -f out.txt`, "allow"},
		{`cd "$D" && echo x > out.txt`, "allow"},
		{`cd "$D" && rm -rf build`, "allow"},
		{`cd src 2>/dev/null; rm -f id_rsa`, "allow"},
		{`cd "$D" && cat notes.txt`, "allow"},
	})

	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	cmd := exec.Command(bash, "--norc", "--noprofile", "-c", `find ~/.ssh -maxdepth 0 -exec sh -c 'cd "$1"; echo "$PWD/id_rsa"' _ {} \;`)
	cmd.Dir = cfg.Project
	cmd.Env = []string{"HOME=" + cfg.Home, "PATH=" + os.Getenv("PATH")}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash: %v", err)
	}
	if got, want := string(out), filepath.Join(cfg.Home, ".ssh", "id_rsa")+"\n"; got != want {
		t.Errorf("the find -exec shell's bare name is %q, want %q", got, want)
	}
}
