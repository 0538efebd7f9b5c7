package rewrite

import "testing"

// ruleCase is a command and what one rule alone must decide about it.
type ruleCase struct {
	cmd  string
	want Decision
}

// testRule checks each command with the built-in table and compares the
// highest decision among the named rule's findings (allow when it has
// none) with the case's.
func testRule(t *testing.T, rule string, cases []ruleCase) {
	t.Helper()
	cfg := testConfig()
	for _, tc := range cases {
		r := Check(cfg, tc.cmd)
		got := Allow
		for _, f := range r.Findings {
			if f.Rule == rule && f.Decision > got {
				got = f.Decision
			}
		}
		if got != tc.want {
			t.Errorf("%s: %s says %s, want %s (findings %v)", tc.cmd, rule, got, tc.want, r.Findings)
		}
	}
}

func TestDangerRulesDocumented(t *testing.T) {
	t.Parallel()
	for _, r := range dangerRules {
		if len(r.Doc) < 80 || r.Name == "" {
			t.Errorf("rule %q: a danger rule needs a name and a doc that says what, which decision and why", r.Name)
		}
	}
}
