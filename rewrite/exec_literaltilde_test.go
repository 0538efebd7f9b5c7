package rewrite

import "testing"

// literalTildeCases: a "~" that printf's %b, an escape or quoting gives
// a value is no tilde to bash (tilde expansion comes before parameter
// expansion and does not apply to quoted text), so rm -rf "$x" of
// x='~/canary' removes ./~/canary in the working directory, never the
// home directory's. Each runs for real in bash (runCodeCase): the home
// canary stays, and the literal directory is what goes.
var literalTildeCases = []codeCase{
	{name: "printf-b-hex-tilde-rm", prog: "bash", cmd: `printf -v x '%b' '\x7e/canary'; rm -rf "$x"`, want: Allow},
	{name: "printf-b-octal-tilde-rm", prog: "bash", cmd: `printf -v x '%b' '\0176/canary/keep.txt'; rm -f "$x"`, want: Allow},
	{name: "quoted-tilde-var-rm", prog: "bash", cmd: `x='~/canary'; rm -rf "$x"`, want: Allow},
	{name: "quoted-tilde-rm", prog: "bash", cmd: `rm -rf '~/canary'`, want: Allow},
	{name: "quoted-tilde-redirect", prog: "bash", cmd: `mkdir -p '~'; printf -v x '%b' '\x7e/.bashrc'; echo hi > "$x"; test -f './~/.bashrc'`, want: Allow},
	{name: "quoted-tilde-dir-rm-r", prog: "bash", cmd: `mkdir -p '~/canary' && rm -rf '~'; test ! -e './~'`, want: Allow},
	{name: "quoted-tilde-find-delete", prog: "bash", cmd: `mkdir -p '~/canary' && find '~' -delete; test ! -e './~'`, want: Allow},
	{name: "quoted-tilde-touch", prog: "bash", cmd: `mkdir -p '~' && touch '~/.bashrc' && cp '~/.bashrc' '~/copy' && echo x | tee '~/t' >/dev/null; test -f './~/copy' && test -f './~/t'`, want: Allow},
	{name: "literal-tilde-dir-removed", prog: "bash", cmd: `mkdir -p '~/canary' && printf -v x '%b' '\x7e/canary'; rm -rf "$x"; test ! -e './~/canary'`, want: Allow},
}

func TestExecLiteralTilde(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs")
	}
	for _, tc := range literalTildeCases {
		t.Run(tc.name, func(t *testing.T) { runCodeCase(t, tc) })
	}
}

// TestLiteralTildeDecisions: the tilde bash does expand (unquoted at the
// start of a word or of an assignment's value) is still the home
// directory; a program's own operand keeps the home reading (it may
// expand the name itself).
func TestLiteralTildeDecisions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.ssh/id_rsa": "k\n", "home/.bashrc": "#\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`printf -v x '%b' '\x7e/.ssh'; rm -rf "$x"`, "allow"},
		{`x='~/.ssh'; rm -rf "$x"`, "allow"},
		{`printf -v x '%b' '\x7e/.bashrc'; echo hi > "$x"`, "allow"},
		{`rm -rf ~/.ssh`, "deny"},
		{`x=~/.ssh; rm -rf "$x"`, "deny"},
		{`echo hi > ~/.bashrc`, "deny"},
		{`printf -v x '%b' "$HOME/.bash\x72c"; echo hi > "$x"`, "deny"},
		{`printf -v x '%b' '\x7e/.ssh'; eval "rm -rf $x"`, "deny"},
		// coreutils and tee open their operands as given: a quoted "~"
		// there is a directory named so, as for a redirection.
		{`cp x '~/.bashrc'`, "allow"},
		{`touch '~/.bashrc'`, "allow"},
		{`touch '~'`, "allow"},
		{`echo x | tee "~/.bashrc"`, "allow"},
		{`mkdir '~' && cp x '~/.bashrc'`, "allow"},
		{`cp x ~/.bashrc`, "deny"},
		{`touch ~/.bashrc`, "deny"},
		{`dd if=x of='~/.bashrc'`, "deny"},
		{`ssh-keygen -f '~/.ssh/id_rsa'`, "deny"}, // ssh-keygen expands ~ itself
		// A link named "~" is that name too: a write through it reaches
		// its target.
		{`ln -s ~ '~' && touch '~/.bashrc'`, "deny"},
		{`ln -s ~/.ssh "~" && cp x '~/authorized_keys'`, "deny"},
		{`ln -s ~ '~' && echo x > '~/.bashrc'`, "deny"},
		// A link copied to that name (cp -P, rsync -l) is one too.
		{`ln -s ~ l && cp -P l '~' && touch '~/.bashrc'`, "deny"},
		{`ln -s ~ l && cp -P l '~' && echo x > '~/.bashrc'`, "deny"},
		{`ln -s ~ l && rsync -l l '~' && touch '~/.bashrc'`, "deny"},
		{`ln -s ~/.ssh '~k' && ln -s ~ -t '~d' && touch '~d/.bashrc'`, "allow"},
		// A ~user prefix bash expands at the assignment is that
		// user's home (root's is outside the safe paths).
		{`x=~root/.ssh; rm -rf "$x"`, "ask"},
		{`declare -A m=([k]=~/.ssh); rm -rf "${m[k]}"`, "deny"},
		{`rm -rf \~/.ssh`, "allow"},
		// A recursive deletion of a directory named ~ (one a script
		// made by quoting "~/x") is not searched for the home
		// directory's corral state, nor is find's starting point.
		{`rm -rf '~'`, "allow"},
		{`rm -r "~"`, "allow"},
		{`x='~'; rm -rf "$x"`, "allow"},
		{`find '~' -delete`, "allow"},
		{`find '~' -name '*.o' -delete`, "allow"},
		{`rm -rf ~`, "deny"},
		{`find ~ -delete`, "deny"},
		{`x=~; rm -rf "$x"`, "deny"},
		{`bash -c "rm -rf ~"`, "deny"},
		{`c='rm -rf ~'; eval "$c"`, "deny"},
		{`bash -c "rm -rf '~/.ssh'"`, "allow"},
		{`x='~/.ssh'; eval "rm -rf $x"`, "deny"},
		{`x='~/.ssh'; bash -c "rm -rf $x"`, "deny"},
		// An unquoted expansion keeps the home reading (the field is
		// literal to bash too, but the name came from a printed value).
		{`c=$(echo cm0gLXJmIH4= | base64 -d); $c`, "deny"},
		// Other programs expand ~ themselves: corral's stand-in text for
		// their effects quotes the path, which stays the home directory.
		{`vim -es -c 'redir > ~/.bashrc' -c q`, "deny"},
		{`ansible localhost -m file -a 'path=~/.ssh state=absent'`, "deny"},
		{`printf '%s\0' '.output ~/.bashrc' 'select 1;' | xargs -0 sqlite3 :memory:`, "deny"},
		{`printf 'exec rm -rf ~\n' > e.tcl && tclsh <<< 'source e.tcl'`, "deny"},
		{`printf 'make\nrm -rf ~\n' > cmds.txt; while read -r l; do eval "$l"; done < cmds.txt`, "deny"},
	})
}
