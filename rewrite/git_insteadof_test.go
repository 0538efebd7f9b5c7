package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitInsteadOfAssembled: git rewrites the start of a URL with the
// longest url.<base>.insteadOf value it starts with (pushInsteadOf first
// for a push), so a base and the URL's rest together can make an ext::
// URL whose command git runs (red team 17 GX1b). The rewritten URL is
// judged, whatever gives the rule (-c, GIT_CONFIG_COUNT, the repository's
// configuration, git config earlier in the command) and the URL (a word,
// a remote's url, git remote add earlier). Look-alikes: ordinary
// rewrites, a longer harmless rule that wins, pushInsteadOf on a fetch.
func TestGitInsteadOfAssembled(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/a.txt":         "a\n",
		"proj/.git/HEAD":     "ref: refs/heads/main\n",
		"proj/.git/objects/": "",
		"proj/.git/refs/":    "",
		"proj/.git/config":   "[core]\n\tbare = false\n[url \"ext::sh\"]\n\tinsteadOf = yy:\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`git -c protocol.allow=always -c url.ext::sh.insteadOf=zz: ls-remote 'zz: -c echo% pwned-ext% >~/.bashrc'`, "deny"},
		{`git -c protocol.ext.allow=always -c url.ext::sh.insteadOf=zz: ls-remote 'zz: -c echo% pwned-ext% >~/.bashrc'`, "deny"},
		{`git -c protocol.allow=always -c url.ext::sh.insteadOf=zz: fetch 'zz: -c rm% -rf% ~'`, "deny"},
		{`git -c protocol.allow=always -c url.ext::sh.insteadOf=zz: clone 'zz: -c rm% -rf% ~' d`, "deny"},
		// The base is only a start of "ext::": the URL's rest ends it.
		{`git -c protocol.allow=always -c url.ext.insteadOf=zz ls-remote 'zz::sh -c rm% -rf% ~'`, "deny"},
		{`git -c protocol.allow=always -c url.e.insteadOf=q ls-remote 'qxt::sh -c rm% -rf% ~'`, "deny"},
		// The longest value wins, whatever the order.
		{`git -c url.https://example.com/.insteadOf=z -c url.ext::sh.insteadOf=zz: ls-remote 'zz: -c rm% -rf% ~'`, "deny"},
		{`git -c url.ext::sh.insteadOf=zz: -c url.https://example.com/.insteadOf=z ls-remote 'zz: -c rm% -rf% ~'`, "deny"},
		// pushInsteadOf for a push.
		{`git -c url.ext::sh.pushInsteadOf=zz: push 'zz: -c rm% -rf% ~' HEAD`, "deny"},
		// A remote's URL from -c, from git remote add earlier.
		{`git -c url.ext::sh.insteadOf=zz: -c 'remote.o.url=zz: -c rm% -rf% ~' fetch o`, "deny"},
		{`git remote add o 'zz: -c rm% -rf% ~' && git -c url.ext::sh.insteadOf=zz: fetch o`, "deny"},
		// The rule from the environment, from git config earlier, from
		// the repository's configuration.
		{`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=url.ext::sh.insteadOf GIT_CONFIG_VALUE_0=zz: git ls-remote 'zz: -c rm% -rf% ~'`, "deny"},
		{`git config --global url.ext::sh.insteadOf zz: && git ls-remote 'zz: -c rm% -rf% ~'`, "deny"},
		{`git ls-remote 'yy: -c rm% -rf% ~'`, "deny"},
		// A URL only run time knows, a prefix only run time knows.
		{`git -c url.ext::sh.insteadOf=zz: ls-remote "$U"`, "ask"},
		{`git -c "url.ext.insteadOf=$P" ls-remote 'zz::sh -c id'`, "ask"},
		// Look-alikes.
		{`git -c url.https://github.com/.insteadOf=gh: ls-remote gh:org/repo`, "allow"},
		{`git -c url.https://github.com/.insteadOf=gh: fetch gh:org/repo`, "allow"},
		{`git -c url.ext::sh.insteadOf=z -c url.https://example.com/.insteadOf=zz: ls-remote 'zz: -c rm% -rf% ~'`, "allow"},
		{`git -c url.ext::sh.pushInsteadOf=zz: fetch 'zz: -c rm% -rf% ~'`, "allow"},
		{`git -c url.ext::sh.insteadOf=zz: ls-remote https://example.com/r 'zq -c rm% -rf% ~'`, "allow"},
		{`git ls-remote 'zz: -c rm% -rf% ~'`, "allow"},
		{`git remote add o https://example.com/r.git && git -c url.https://github.com/.insteadOf=gh: fetch o`, "allow"},
	})
}

// TestGitInsteadOfAssembledOracle: the real git rewrites as modelled: the
// longest value wins in either order, a base that is only the start of
// "ext::" is ended by the URL, pushInsteadOf serves pushes only, and a
// remote's configured URL is rewritten too (canaries in a temporary
// directory, HOME there).
func TestGitInsteadOfAssembledOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	run := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "protocol.allow=always"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0")
		cmd.CombinedOutput() // the transport fails after the command ran
	}
	run("init", "-q")
	run("commit", "-q", "--allow-empty", "-m", "x")
	run("-c", "url.ext::sh.insteadOf=zz:", "ls-remote", "zz: -c touch% ran-a")
	run("-c", "url.ext.insteadOf=zz", "ls-remote", "zz::sh -c touch% ran-b")
	run("-c", "url.ext::sh.insteadOf=z", "-c", "url.https://127.0.0.1:1/.insteadOf=zz:", "ls-remote", "zz: -c touch% no-c")
	run("-c", "url.https://127.0.0.1:1/.insteadOf=z", "-c", "url.ext::sh.insteadOf=zz:", "ls-remote", "zz: -c touch% ran-d")
	run("-c", "url.ext::sh.pushInsteadOf=zz:", "push", "zz: -c touch% ran-e", "HEAD")
	run("-c", "url.ext::sh.pushInsteadOf=zz:", "fetch", "zz: -c touch% no-f")
	run("-c", "url.ext::sh.insteadOf=zz:", "-c", "remote.o.url=zz: -c touch% ran-g", "fetch", "o")
	for _, f := range []string{"ran-a", "ran-b", "ran-d", "ran-e", "ran-g"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("git did not run the rewritten URL's command (%s missing): %v", f, err)
		}
	}
	for _, f := range []string{"no-c", "no-f"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("git ran a command the model says it does not (%s made)", f)
		}
	}
}
