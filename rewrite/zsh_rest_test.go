package rewrite

import "testing"

// TestZshShellRest (red team 16 ZS1, the rest): more of zsh's meanings
// of bash-valid text, from zsh 5.9's manual (zsh is not installed here):
//   - zshbuiltins(1) echo: escapes are interpreted unless -E (BSD_ECHO
//     is off), so an echo piped into a shell hands it the decoded text;
//   - zshexpn(1) "Parameter Expansion": ${~spec} (and $~spec) turn
//     GLOB_SUBST on for spec, so its value is a glob whose qualifier
//     (e:CODE:) runs CODE; a doubled ~ turns it off; ${(e)spec} runs the
//     $(…) of the value (parameter flags fail bash's parser: asked);
//   - zshoptions(1) GLOB_SUBST (setopt globsubst, GLOB_SUBST, glob_subst,
//     unsetopt noglobsubst, set -o globsubst): every unquoted expansion
//     is a glob from then on;
//   - zsh -c TEXT is zsh's text whatever the agent's shell (echo's
//     escapes, glob qualifiers), while bash -c under zsh is bash's;
//   - zshexpn(1) "= expansion": a word =NAME is the path of the program
//     NAME wherever it stands, an argument too (cp x =git writes git's
//     program; '=git' quoted is text).
func TestZshShellRest(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/config": "x", "proj/.git/hooks/README": "x", "proj/notes.txt": "x", "proj/a.py": "x"})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	zsh := *cfg
	zsh.Shell = "/bin/zsh"
	rows := []struct {
		cmd       string
		zsh, bash Decision
	}{
		{`echo 'echo pwned \x3e ~/.bashrc' | sh`, Deny, Allow},
		{`echo 'rm -rf \x7e' | bash`, Deny, Allow},
		{`echo -e 'echo pwned \x3e ~/.bashrc' | sh`, Deny, Deny},
		{`x='*(e:rm -rf ~:)'; ls ${~x}`, Ask, Allow},
		{`x='*(e:rm -rf ~:)'; ls $~x`, Ask, Allow},
		{`ls ${=~x}`, Ask, Allow},
		{`x='$(rm -rf ~)'; echo ${(e)x}`, Ask, Ask},
		{`setopt globsubst; x='*(e:rm -rf ~:)'; ls $x`, Ask, Allow},
		{`setopt GLOB_SUBST`, Ask, Allow},
		{`unsetopt no_glob_subst`, Ask, Allow},
		{`set -o globsubst`, Ask, Allow},
		{`zsh -c 'ls *(e:rm -rf ~:)'`, Ask, Ask},
		{`zsh -c 'cp /tmp/x "$(echo .git\\x2fconfig)"'`, Deny, Deny},
		{`cp /tmp/x =git`, Deny, Allow},
		// Look-alikes.
		{`echo -E 'echo pwned \x3e ~/.bashrc' | sh`, Allow, Allow},
		{`echo 'echo hi' | sh`, Allow, Allow},
		{`echo 'a\nb'`, Allow, Allow},
		{`ls ${~~x} $x ${x} $x~`, Allow, Allow},
		{`echo '$~x' \$~x`, Allow, Allow},
		{`setopt extendedglob; ls *.py`, Allow, Allow},
		{`unsetopt globsubst`, Allow, Allow},
		{`zsh -c 'echo hi'`, Allow, Allow},
		{`bash -c 'cp /tmp/x "$(echo .git\\x2fconfig)"'`, Allow, Allow},
		{`ls =ls '=git' x=git`, Allow, Allow},
		{`cp /tmp/x '=git'`, Allow, Allow},
	}
	for _, r := range rows {
		if got := Check(&zsh, r.cmd).Decision; got != r.zsh {
			t.Errorf("zsh: %s: %s, want %s", r.cmd, got, r.zsh)
		}
		if got := Check(cfg, r.cmd).Decision; got != r.bash {
			t.Errorf("bash: %s: %s, want %s", r.cmd, got, r.bash)
		}
	}
}
