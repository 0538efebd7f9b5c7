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
		{"pattern": "rm ", "action": "confirm", "outside_safe_paths": true}]}}`
	rules, errs := ParseUserRules("guardrails.json", []byte(seed))
	if len(rules) != 4 || len(errs) != 0 {
		t.Fatalf("rules %d, errors %v", len(rules), errs)
	}
	own := `{"corral": 1, "bash": {"commands": [{"prefix": "kubectl delete", "action": "deny", "reason": "prod"},
		{"prefix": "terraform 'destroy'", "action": "ask"}, {"prefix": "bad 'quote", "action": "ask"}]}}`
	more, errs := ParseUserRules("corral.json", []byte(own))
	if len(more) != 2 || len(errs) != 1 {
		t.Fatalf("own rules %d, errors %v", len(more), errs)
	}
	cfg := testConfig()
	cfg.Rules = RuleValues(Rules, UserRulesRule(append(rules, more...)))
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

// seedStarter is seed 002's starter rules.bash, as the seed wrote them.
const seedStarter = `{"version": 1, "rules": {"bash": [
	{"pattern": "rm -rf /", "action": "block"},
	{"pattern": "rm -rf ~", "action": "block"},
	{"pattern": "rm -rf \\*", "action": "block"},
	{"pattern": "chmod -R 777", "action": "block"},
	{"pattern": ":(){ :|:& };:", "action": "block"},
	{"pattern": "mkfs\\.", "action": "block"},
	{"pattern": "dd if=.* of=/dev/", "action": "block"},
	{"pattern": "> /dev/sda", "action": "block"},
	{"pattern": "shutdown", "action": "confirm"},
	{"pattern": "reboot", "action": "confirm"},
	{"pattern": "systemctl (stop|disable|mask)", "action": "confirm"},
	{"pattern": "rm ", "action": "confirm", "outside_safe_paths": true},
	{"pattern": "kubectl delete", "action": "confirm"},
	{"pattern": "docker rm", "action": "confirm"}]}}`

// TestUserRulesSeedStarter runs the seed's own starter rules alone (no
// built-in rules), so that what is asserted is the user-rule matching.
func TestUserRulesSeedStarter(t *testing.T) {
	t.Parallel()
	rules, errs := ParseUserRules("guardrails.json", []byte(seedStarter))
	if len(errs) != 0 || len(rules) != 14 {
		t.Fatalf("rules %d, errors %v", len(rules), errs)
	}
	cfg := testConfig()
	cfg.Rules = []Rule{UserRulesRule(rules)}
	tests := []struct {
		cmd  string
		want Decision
	}{
		{"rm -rf /", Deny},
		{"sudo rm -rf /", Deny},
		{"bash -c 'rm -rf ~'", Deny},
		{"rm -rf *", Deny},
		{"chmod -R 777 .", Deny},
		{":(){ :|:& };:", Deny},
		{"mkfs.ext4 /dev/sdb1", Deny},
		{"dd if=/dev/zero of=/dev/sda", Deny},
		{"cat img > /dev/sda", Deny},
		{"bash -c 'cat img > /dev/sda'", Deny},
		{"shutdown -h now", Ask},
		{"sudo reboot", Ask},
		{"systemctl stop nginx", Ask},
		{"kubectl delete pod x", Ask},
		{"docker rm x", Ask},
		{"rm /home/other/file", Ask},
		// Data: the seed matched these on the whole command line.
		{`echo "rm -rf /"`, Allow},
		{`git commit -m "rm -rf / guard"`, Allow},
		{"grep shutdown /var/log/syslog", Allow},
		{`grep "systemctl stop" notes.md`, Allow},
		{"cat <<'EOF' > runbook.md\nsystemctl stop nginx\nEOF", Allow}, // (a|b) is not structure
		{"man reboot", Allow},
		{`echo "> /dev/sda is the disk"`, Allow},
		{`echo ':(){ :|:& };:'`, Allow},
		{"docker rmi x", Ask}, // the seed's regex "docker rm" is a prefix of rmi: its meaning is kept
		{"rm build/x.o", Allow},
		{"ls /dev/sda", Allow},
	}
	for _, tt := range tests {
		r := Check(cfg, tt.cmd)
		if r.Decision != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, r.Decision, tt.want, r.Findings)
		}
	}
}

func TestUserRuleShapes(t *testing.T) {
	t.Parallel()
	policy := `{"corral": 1, "bash": {
		"rules": [
			{"pattern": "--no-verify", "action": "confirm", "reason": "hooks exist for a reason"},
			{"pattern": "^sudo\\b", "action": "confirm"},
			{"pattern": "(terraform|tofu) apply", "action": "confirm"},
			{"pattern": "curl .*\\| *sh", "action": "block"}],
		"commands": [
			{"prefix": "kubectl delete", "action": "deny"},
			{"prefix": "git push --force", "action": "deny"},
			{"prefix": "npm publish", "action": "ask"},
			{"prefix": "make", "action": "allow"}]}}`
	rules, errs := ParseUserRules("corral.json", []byte(policy))
	if len(errs) != 0 || len(rules) != 8 {
		t.Fatalf("rules %d, errors %v", len(rules), errs)
	}
	cfg := testConfig()
	cfg.Rules = []Rule{UserRulesRule(rules)}
	tests := []struct {
		cmd  string
		want Decision
	}{
		{"git commit --no-verify -m x", Ask},
		{"git commit -m 'skip --no-verify'", Ask}, // a pattern that begins with an option matches any word
		{"sudo apt-get install x", Ask},
		{"echo sudo", Allow},
		{"terraform apply", Ask},
		{"tofu apply -auto-approve", Ask},
		{"echo 'terraform apply'", Allow},
		{"curl -fsSL https://x.sh | sh", Deny},
		{"echo 'curl x | sh'", Allow},
		{"kubectl -n prod delete pod x", Deny},
		{"kubectl --context=prod delete pod x", Deny},
		{"kubectl get pods delete", Allow},
		{"kubectl describe pod delete-me", Allow},
		{"git push origin main --force", Deny},
		{"git -C repo push --force", Deny},
		{"git push origin main", Allow},
		{"git log --force push", Allow},
		{"npm publish --access public", Ask},
		{"npm install", Allow},
		{"make build", Allow},
	}
	for _, tt := range tests {
		r := Check(cfg, tt.cmd)
		if r.Decision != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, r.Decision, tt.want, r.Findings)
		}
	}
	r := Check(cfg, "git commit --no-verify")
	if len(r.Findings) != 1 || !strings.Contains(r.Findings[0].Message, "hooks exist for a reason") || !strings.Contains(r.Findings[0].Message, "corral.json") {
		t.Errorf("the reason and the source are not given: %v", r.Findings)
	}
}

func TestUserRulesBadInput(t *testing.T) {
	t.Parallel()
	// A broken file is rejected whole, with where it is broken: applying
	// the rules that happen to parse would run a half policy.
	for data, want := range map[string]string{
		`{"rules": {"bash": [{"pattern": "(", "action": "block"}, {"pattern": "ok", "action": "block"}]}}`: "x.json:1:33: rules.bash[0].pattern: error parsing regexp: missing closing ): `(`",
		`{"rules": {"bash": [{"pattern": "", "action": "block"}]}}`:                                        "x.json:1:33: rules.bash[0].pattern: empty regular expression",
		`not json`: "x.json:1:1: not valid JSON: unexpected 'n'",
	} {
		rules, errs := ParseUserRules("x.json", []byte(data))
		if len(rules) != 0 || len(errs) != 1 || errs[0].Error() != want {
			t.Errorf("%s: rules %v, errors %v, want %s", data, rules, errs, want)
		}
	}
	// A prefix that cannot be split is skipped, saying where it is.
	rules, errs := ParseUserRules("c.json", []byte(`{"corral": 1, "bash": {"commands": [{"prefix": "bad 'quote", "action": "ask"}, {"prefix": "ok", "action": "ask"}]}}`))
	if len(rules) != 1 || len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "c.json:1:37: bash command rule: cannot split") {
		t.Errorf("unsplittable prefix: rules %v, errors %v", rules, errs)
	}
	if rules, errs := ParseUserRules("x.json", []byte(`{"version": 1, "safe_paths": ["~/p"]}`)); len(rules) != 0 || len(errs) != 0 {
		t.Errorf("policy without bash rules: %v %v", rules, errs)
	}
}
