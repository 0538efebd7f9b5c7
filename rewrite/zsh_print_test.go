package rewrite

import "testing"

// TestZshPrintIntoShell (red team 16 ZS1, the rest): zsh's print builtin
// (zshbuiltins(1)) prints its words with echo's escapes decoded unless -r
// or -R, so print piped into a shell in the agent's zsh hands it that
// text; -l prints each word on a line, and options corral does not model
// (or words only known at run time) leave the text to run time, judged for
// what the words hold. Under bash, print is no builtin: a program corral
// does not know, whose output into a shell asks.
func TestZshPrintIntoShell(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/notes.txt": "x"})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	zsh := *cfg
	zsh.Shell = "/bin/zsh"
	rows := []struct {
		cmd       string
		zsh, bash Decision
	}{
		{`print 'rm -rf ~' | sh`, Deny, Ask},
		{`print -n 'rm -rf ~' | bash`, Deny, Ask},
		{`print 'echo pwned \x3e ~/.bashrc' | sh`, Deny, Ask},
		{`print -r 'rm -rf ~' | sh`, Deny, Ask},
		{`print -l 'cd /' 'rm -rf ~' | sh`, Deny, Ask},
		{`print -- 'rm -rf ~' | sh`, Deny, Ask},
		// Look-alikes.
		{`print 'echo hi' | sh`, Allow, Ask},
		{`print -r 'echo pwned \x3e notes.txt' | sh`, Allow, Ask},
		{`print 'rm -rf ~'`, Allow, Allow},
		{`print -r -- x`, Allow, Allow},
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
