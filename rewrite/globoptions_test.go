package rewrite

import (
	"os/exec"
	"testing"
)

// TestGlobOptionWords: a file whose name starts with "-" is an option to
// the program that receives it from pathname expansion (wildcard
// injection): tar cf x.tar * in a directory holding
// "--checkpoint-action=exec=sh e.sh" runs e.sh. Each row runs in real
// bash and GNU tar against a canary ~/.bashrc that e.sh overwrites; a row
// that overwrites it must not be allowed, and a look-alike that leaves it
// must keep its decision (syntax/globoptions.go).
func TestGlobOptionWords(t *testing.T) {
	t.Parallel()
	payload := "echo pwned > ~/.bashrc\n"
	files := map[string]string{
		"proj/w/--checkpoint=1":                   "",
		"proj/w/--checkpoint-action=exec=sh e.sh": "",
		"proj/w/e.sh":                             payload,
		"proj/w/a.txt":                            "a\n",
		"proj/u/--use-compress-program=sh e.sh":   "",
		"proj/u/e.sh":                             payload,
		"proj/ok/a.txt":                           "a\n",
		"proj/ok/b.txt":                           "b\n",
	}
	rows := []struct {
		cmd, want string
		pwns      bool
	}{
		{"cd w && tar cf x.tar *", "deny", true},
		{"cd w && tar cf x.tar [-a]*", "deny", true},
		{"cd w; tar cf x.tar *", "deny", true},
		{"cd w; x=*; tar cf x.tar $x", "deny", true},
		{"cd w; a=(*); tar cf x.tar \"${a[@]}\"", "deny", true},
		{"cd u && for f in *; do tar cf x.tar \"$f\" e.sh; done", "deny", true},
		// Look-alikes: a pattern starting with a literal, the words after
		// --, a quoted value, no option-like name in the directory.
		{"cd w && tar cf x.tar ./*", "allow", false},
		{"cd w && tar cf x.tar -- *", "allow", false},
		{"tar cf x.tar w/*", "allow", false},
		{"cd w; x=*; tar cf x.tar \"$x\" || true", "allow", false},
		{"cd ok && tar cf x.tar *", "allow", false},
		{"cd ok && for f in *; do tar cf \"$f.tar\" \"$f\"; done", "allow", false},
		{"cd w && ls -d ./*", "allow", false},
	}
	cfg := scratchProject(t, files)
	if _, err := exec.LookPath("tar"); err == nil {
		for _, r := range rows {
			if got := pwned(runCanary(t, files, r.cmd+" || true")); got != r.pwns {
				t.Errorf("%q in real bash: overwrote ~/.bashrc %v, want %v", r.cmd, got, r.pwns)
			}
		}
	}
	for _, r := range rows {
		if got := Check(cfg, r.cmd).Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s (%v)", r.cmd, got, r.want, Check(cfg, r.cmd).Findings)
		}
	}
}
