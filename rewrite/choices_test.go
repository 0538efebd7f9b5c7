package rewrite

import (
	"strings"
	"testing"
)

// TestNameChoices checks commands whose name is only known at run time but
// takes one of a bounded set of values: each value is judged as the
// command, the worst verdict wins, and a rewrite is applied only when it is
// right for every value.
func TestNameChoices(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cases := []struct {
		cmd  string
		want Decision
		// rewritten, when set, is the command after the rewrite.
		rewritten string
		// rules, when set, must each have a finding.
		rules []string
	}{
		// A default that deletes the home directory.
		{cmd: `${RM:-rm} -rf ~`, want: Deny, rules: []string{"rm-root"}},
		{cmd: `"${RM:-rm}" -rf ~`, want: Deny, rules: []string{"rm-root"}},
		{cmd: `${RM-rm} -rf ~`, want: Deny, rules: []string{"rm-root"}},
		// A substitution whose output its text gives.
		{cmd: `$(echo rm) -rf ~`, want: Deny, rules: []string{"rm-root"}},
		{cmd: "`echo rm` -rf ~", want: Deny, rules: []string{"rm-root"}},
		{cmd: `$(printf rm) -rf ~`, want: Deny, rules: []string{"rm-root"}},
		// Unquoted, the output is split: the name and an option.
		{cmd: `$(echo rm -rf) ~`, want: Deny, rules: []string{"rm-root"}},
		// Different paths give the variable different values.
		{cmd: `c=rm; [ -n "$x" ] && c=ls; $c -rf ~`, want: Deny, rules: []string{"rm-root"}},
		{cmd: `if [ -n "$x" ]; then c=rm; else c=ls; fi; $c -rf ~`, want: Deny, rules: []string{"rm-root"}},
		// A value that is empty on one path: the next word is the command.
		{cmd: `s=; [ -n "$x" ] && s=sudo; $s rm -rf /`, want: Deny, rules: []string{"rm-root"}},
		// A wrapper in front of the name.
		{cmd: `sudo ${RM:-rm} -rf /`, want: Deny, rules: []string{"rm-root"}},
		// A clone: the default may be replaced by anything at run time,
		// for which adding a destination is not known to be right.
		{cmd: `"${G:-git}" clone https://github.com/a/b`, want: Ask, rules: []string{"git-clone"}},
		// Both values take the destination the same way: rewritten once.
		{cmd: `c=git; [ -n "$x" ] && c=/usr/bin/git; $c clone https://github.com/a/b`, want: Rewrite,
			rewritten: `c=git; [ -n "$x" ] && c=/usr/bin/git; $c clone https://github.com/a/b /home/u/proj/agent_sandbox/b`},
		{cmd: `$(echo git) clone https://github.com/a/b`, want: Rewrite,
			rewritten: `$(echo git) clone https://github.com/a/b /home/u/proj/agent_sandbox/b`},
		// One value clones, the other does not take the rewrite: ask.
		{cmd: `c=git; [ -n "$x" ] && c=ls; $c clone https://github.com/a/b`, want: Ask, rules: []string{"git-clone"}},
		// Look-alikes: every value is harmless.
		{cmd: `${LS:-ls} -la`, want: Allow},
		{cmd: `$(echo ls) -la`, want: Allow},
		{cmd: `c=ls; [ -n "$x" ] && c=cat; $c README.md`, want: Allow},
		{cmd: `"${EDITOR:-vi}" notes.md`, want: Allow},
		{cmd: `${PAGER:-less} README.md`, want: Allow},
		// An unknown name without a default is judged as before.
		{cmd: `"$EDITOR" notes.md`, want: Allow},
		{cmd: `"$TOOL" rm -rf x`, want: Ask, rules: []string{"dynamic-command"}},
		// The value a default may be replaced by is still judged as an
		// unknown name: given the home directory, it asks.
		{cmd: `${LS:-ls} -la ~`, want: Ask, rules: []string{"dynamic-command"}},
	}
	for _, tc := range cases {
		r := Check(cfg, tc.cmd)
		if r.Decision != tc.want {
			t.Errorf("%s: decision %s, want %s (findings %v)", tc.cmd, r.Decision, tc.want, r.Findings)
			continue
		}
		if tc.rewritten != "" && r.Rewritten != tc.rewritten {
			t.Errorf("%s: rewritten to\n\t%s\nwant\n\t%s", tc.cmd, r.Rewritten, tc.rewritten)
		}
		if tc.want != Rewrite && r.Rewritten != "" {
			t.Errorf("%s: rewritten to %s although the decision is %s", tc.cmd, r.Rewritten, r.Decision)
		}
		for _, rule := range tc.rules {
			found := false
			for _, f := range r.Findings {
				found = found || f.Rule == rule
			}
			if !found {
				t.Errorf("%s: no %s finding in %v", tc.cmd, rule, r.Findings)
			}
		}
	}
}

// TestNameChoiceMessage checks that a rewrite refused for a name with
// several values says which values it does not hold for.
func TestNameChoiceMessage(t *testing.T) {
	t.Parallel()
	r := Check(testConfig(), `c=git; [ -n "$x" ] && c=ls; $c clone https://github.com/a/b`)
	for _, f := range r.Findings {
		if f.Rule == "git-clone" {
			if f.Decision != Ask || !strings.Contains(f.Message, "may also be ls") || f.Fix != nil {
				t.Errorf("git-clone finding = %s %q (fix %v), want ask naming ls", f.Decision, f.Message, f.Fix)
			}
			return
		}
	}
	t.Errorf("no git-clone finding in %v", r.Findings)
}
