package rewrite

import (
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// TestZshShell (red team 16 ZS1): when the agent's shell is zsh (Claude
// Code runs the Bash tool's command in $SHELL), zsh's meanings of
// bash-valid text are judged. zsh is not installed here: the rows follow
// zsh 5.9's manual (zshbuiltins(1) echo, print, emulate; zshexpn(1)
// "= expansion", "Glob Qualifiers"; zshmisc(1) prompt expansion with
// PROMPT_SUBST).
func TestZshShell(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/config": "x", "proj/.git/hooks/README": "x", "proj/notes.txt": "x", "proj/a.py": "x"})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	zsh := *cfg
	zsh.Shell = "/bin/zsh"
	flagged := []string{
		// echo interprets \xHH by default in zsh: the hook's path.
		`cp /tmp/x "$(echo '.git\x2fhooks\x2fpre-commit')"`,
		`echo '[core] hooksPath=/tmp' >> "$(echo '.git\x2fconfig')"`,
		`printf 'x\n' > "$(print '.git\x2fconfig')"`,
		// =sh is the path of sh.
		`echo 'echo pwned >~/.bashrc' | =sh`,
		// glob qualifiers run code.
		`ls *(e:'echo pwned >~/.bashrc':)`,
		`for f in src/*(e:'echo pwned >~/.bashrc':); do :; done`,
		`echo src(e:'echo pwned >~/.bashrc':)`,
		// emulate … -c runs its text.
		`emulate sh -c 'echo pwned >~/.bashrc'`,
		`emulate -L zsh -c 'rm -rf ~'`,
		// print -P with PROMPT_SUBST runs $(…).
		`print -P '$(echo pwned >~/.bashrc)'`,
	}
	for _, cmd := range flagged {
		if d := Check(&zsh, cmd).Decision; d < Ask {
			t.Errorf("zsh: %s: %s, want ask or deny", cmd, d)
		}
	}
	// The same text in bash means what it always did (these pass there,
	// or are judged as before).
	for _, cmd := range []string{`cp /tmp/x "$(echo '.git\x2fhooks\x2fpre-commit')"`, `emulate sh -c 'echo pwned >~/.bashrc'`, `print -P '$(echo pwned >~/.bashrc)'`} {
		if d := Check(cfg, cmd).Decision; d != Allow {
			t.Errorf("bash: %s: %s, want allow (bash's reading)", cmd, d)
		}
	}
	// A program's own shell is bash's: bash -c runs echo without escapes.
	if d := Check(&zsh, `bash -c 'cp /tmp/x "$(echo .git\\x2fconfig)"'`).Decision; d != Allow {
		t.Errorf("zsh: bash -c with a bash echo: %s, want allow", d)
	}
	for _, cmd := range []string{
		"ls *.py", `echo 'a\nb'`, "print -r -- x", "emulate -L zsh", `echo "rm -rf /"`,
		`cp /tmp/x "$(echo 'notes\x2etxt')"`, "print hello", "print -P '%F{red}hi%f'",
		`x=$(echo 'a\tb'); echo "$x"`, "emulate zsh -c 'ls'",
	} {
		if d := Check(&zsh, cmd).Decision; d != Allow {
			t.Errorf("zsh: %s: %s, want allow", cmd, d)
		}
	}
}

// TestZshConfigShell: the agent's shell is CLAUDE_CODE_SHELL, else SHELL.
func TestZshConfigShell(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{"SHELL": "/bin/zsh"}, true},
		{map[string]string{"SHELL": "/usr/local/bin/zsh"}, true},
		{map[string]string{"SHELL": "/bin/bash"}, false},
		{map[string]string{}, false},
		{map[string]string{"SHELL": "/bin/bash", "CLAUDE_CODE_SHELL": "/bin/zsh"}, true},
		{map[string]string{"SHELL": "/bin/zsh", "CLAUDE_CODE_SHELL": "/bin/bash"}, false},
	} {
		cfg, _ := NewConfig(func(k string) string { return tt.env[k] }, "/home/u/proj")
		if got := syntax.IsZsh(cfg.Shell); got != tt.want {
			t.Errorf("%v: zsh = %v, want %v", tt.env, got, tt.want)
		}
	}
}
