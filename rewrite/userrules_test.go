package rewrite

import (
	"strings"
	"testing"
)

func TestUserRules(t *testing.T) {
	t.Parallel()
	seed := `{"version": 1, "rules": {"bash": [
		{"pattern": "rm -rf /", "action": "block"},
		{"pattern": "shutdown", "action": "confirm"},
		{"pattern": "> /dev/sda", "action": "block"},
		{"pattern": "rm ", "action": "confirm", "outside_safe_paths": true},
		{"pattern": "[unclosed", "action": "block"},
		{"pattern": "x", "action": "explode"}]}}`
	rules, errs := ParseUserRules("guardrails.json", []byte(seed))
	if len(rules) != 4 || len(errs) != 2 {
		t.Fatalf("rules %d, errors %v", len(rules), errs)
	}
	own := `{"corral": 1, "bash": {"commands": [{"prefix": "kubectl delete", "action": "deny", "reason": "prod"},
		{"prefix": "terraform 'destroy'", "action": "ask"}, {"prefix": "bad 'quote", "action": "ask"}]}}`
	more, errs := ParseUserRules("corral.json", []byte(own))
	if len(more) != 2 || len(errs) != 1 {
		t.Fatalf("own rules %d, errors %v", len(more), errs)
	}
	cfg := testConfig()
	cfg.Rules = append(append([]Rule{}, Rules...), UserRulesRule(append(rules, more...)))
	tests := []struct {
		cmd  string
		want Decision
	}{
		{"sudo rm -rf /", Deny},
		{`echo "rm -rf /"`, Allow},
		{"git commit -m 'shutdown handler'", Allow},
		{"shutdown -h now", Ask},
		{"echo x > /dev/sda", Deny},
		{"rm /home/other/file", Ask},
		{"rm build/x.o", Allow},
		{"kubectl -n prod delete pod x", Deny},
		{"kubectl get pods", Allow},
		{"terraform destroy", Ask},
		{"terraform plan", Allow},
	}
	for _, tt := range tests {
		r := Check(cfg, tt.cmd)
		if r.Decision != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, r.Decision, tt.want, r.Findings)
		}
		if tt.want == Deny && tt.cmd == "kubectl -n prod delete pod x" && !strings.Contains(r.Findings[len(r.Findings)-1].Message+r.Findings[0].Message, "prod") {
			t.Errorf("the reason is not given: %v", r.Findings)
		}
	}
}
