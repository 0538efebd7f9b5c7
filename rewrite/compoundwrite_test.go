package rewrite

import (
	"os/exec"
	"testing"
)

// compoundWriteRows write a file through a compound command's own
// redirection and then run it (red team 17 CS1): the file holds what the
// commands inside print — p.sh's text for cat p.sh — so running it is
// judged as p.sh (p.sh and p.mk write ~/.bashrc); text only run time
// knows in it asks when it runs.
var compoundWriteRows = []struct {
	cmd, want string
	tool      string // the program the row needs besides bash
}{
	{"{ cat p.sh; } > m.sh; sh m.sh", "deny", ""},
	{"(cat p.sh; echo) > m.sh && bash m.sh", "deny", ""},
	{"{ echo set -e; cat p.sh; } > m.sh && bash m.sh", "deny", ""},
	{"if true; then cat p.sh; fi > m.sh; . ./m.sh", "deny", ""},
	{"for f in p.sh; do cat \"$f\"; done > m.sh; sh m.sh", "deny", ""},
	{"(cd sub && cat p.sh) > m.sh && sh m.sh", "deny", ""},
	{"{ echo 'echo pwned > ~/.bashrc'; } > m.sh; bash m.sh", "deny", ""},
	{"{ cat p.mk; } > M && make -f M", "deny", "make"},
	{"{ true; } > m.sh; { cat ok.sh; cat p.sh; } >> m.sh; sh m.sh", "deny", ""},
	// Text only run time knows: asked when it runs.
	{"{ date > /dev/null; git show HEAD:p.sh 2>/dev/null || cat p.sh; } > m.sh; sh m.sh", "ask", ""},
	{"while read -r l; do echo \"$l\"; done < p.sh > m.sh; sh m.sh", "ask", ""},
}

// TestCompoundWriteRun runs each row in real bash (in a scratch project
// whose HOME holds a canary .bashrc, which it must overwrite: the file
// the compound wrote carried p.sh's text), then judges it.
func TestCompoundWriteRun(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"proj/p.sh":     "echo pwned > ~/.bashrc\n",
		"proj/sub/p.sh": "echo pwned > ~/.bashrc\n",
		"proj/p.mk":     "all:\n\techo pwned > ~/.bashrc\n",
		"proj/ok.sh":    "echo ok\n",
		"proj/a.txt":    "a\n",
		"proj/b.txt":    "b\n",
		"proj/list":     "a.txt\nb.txt\n",
	}
	cfg := scratchProject(t, files)
	if _, err := exec.LookPath("bash"); err == nil {
		for _, r := range compoundWriteRows {
			if r.tool != "" {
				if _, err := exec.LookPath(r.tool); err != nil {
					continue
				}
			}
			if b := runCanary(t, files, r.cmd); !pwned(b) {
				t.Errorf("%q: ~/.bashrc = %q: the written file did not carry p.sh's text", r.cmd, b)
			}
		}
	}
	for _, r := range compoundWriteRows {
		if got := Check(cfg, r.cmd).Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s (%v)", r.cmd, got, r.want, Check(cfg, r.cmd).Findings)
		}
	}
	// Look-alikes: files joined or logged and not run, harmless scripts
	// run, an ordinary read loop.
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"{ cat a.txt; cat b.txt; } > c.txt", "allow"},
		{"{ cat a.txt b.txt; } > c.txt && wc -l c.txt", "allow"},
		{"(cat ok.sh; echo) > m.sh && bash m.sh", "allow"},
		{"{ echo '#!/bin/sh'; cat ok.sh; } > run.sh && sh run.sh", "allow"},
		{"{ date; uname -a; } > info.txt", "allow"},
		{"while read f; do echo \"$f\"; done < list", "allow"},
		{"for f in a.txt b.txt; do cat \"$f\"; done > all.txt", "allow"},
		{"{ cat ok.sh; } >> m.sh; sh m.sh", "allow"},
	})
}
