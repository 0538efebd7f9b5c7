package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitHelperConfigKeys: configuration that makes git run a program by
// a route other than the URL itself (red team 15 RG3, GX1):
// url.<base>.insteadOf rewrites matching URLs to <base> (an ext:: base
// runs its command, a NAME:: base git-remote-NAME), remote.<name>.vcs
// hands a remote's URL to git-remote-NAME, tar.<format>.command is the
// filter git archive pipes its tar through. Ordinary insteadOf rewrites
// and archive formats pass.
func TestGitHelperConfigKeys(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "a\n"})
	for _, tc := range []struct{ cmd, want string }{
		{`git -c protocol.ext.allow=always -c 'url.ext::sh -c rm% -rf% ~% #.insteadOf=https://x/' fetch https://x/y`, "deny"},
		{`git -c protocol.ext.allow=always -c 'url.ext::sh -c rm% -rf% ~% #.insteadOf=https://x/' clone https://x/y`, "deny"},
		{`git config 'url.ext::sh -c rm% -rf% ~% #.insteadOf' https://x/`, "deny"},
		{`git -c url.foo::.insteadOf=https:// fetch https://example.com/r`, "ask"},
		{`git -c url.foo::.pushInsteadOf=https:// push https://example.com/r`, "ask"},
		{`git -c protocol.allow=always -c remote.x.vcs=ext -c 'remote.x.url=sh -c id' fetch x`, "ask"},
		{`git config remote.x.vcs foo`, "ask"},
		{`git -c tar.x.command='rm -rf ~' archive --format=x HEAD`, "deny"},
		{`git config --global tar.tgz.command 'rm -rf ~'`, "deny"},
		// Look-alikes.
		{`git -c url.https://github.com/.insteadOf=git@github.com: fetch`, "allow"},
		{`git -c url.git@github.com:.insteadOf=https://github.com/ fetch`, "allow"},
		{`git -c remote.origin.url=https://example.com/r.git fetch origin`, "allow"},
		{`git archive --format=tar.gz -o x.tgz HEAD`, "allow"},
		{`git -c tar.umask=022 archive --format=tar HEAD`, "allow"},
	} {
		if got := Check(cfg, tc.cmd).Decision.String(); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got, tc.want)
		}
	}
}

// TestGitHelperConfigKeysOracle: the real git runs the command of an
// ext:: base that url.<base>.insteadOf gives a URL, and a
// tar.<format>.command for git archive (canaries in a temporary
// directory).
func TestGitHelperConfigKeysOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	run := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-c", "user.email=t@example.com", "-c", "user.name=t"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1")
		cmd.CombinedOutput() // the fetch fails after the command ran
	}
	run("init", "-q")
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run("add", "a.txt")
	run("commit", "-qm", "x")
	run("-c", "protocol.ext.allow=always", "-c", "url.ext::sh -c touch% ext-ran% #.insteadOf=https://x/", "fetch", "https://x/y")
	run("-c", "tar.x.command=touch tar-ran", "archive", "--format=x", "-o", "out.x", "HEAD")
	for _, f := range []string{"ext-ran", "tar-ran"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("git did not run the configured command (%s missing): %v", f, err)
		}
	}
}
