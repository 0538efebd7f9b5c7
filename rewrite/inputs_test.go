package rewrite

import "testing"

// TestFedInputs: the words GNU parallel gets after ::: and the words xargs
// reads from a here-string or here-document are the command's operands,
// judged as if written there (reads, writes, deletions); parallel with no
// command runs each line of its stdin through the shell. Look-alikes:
// harmless inputs.
func TestFedInputs(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.claude/settings.json": "{}"})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"parallel cat ::: .env", "deny"},
		{"parallel cp /tmp/x ::: .claude/settings.json", "deny"},
		{"parallel cp /tmp/x {} ::: .claude/settings.json", "deny"},
		{"echo 'rm -rf ~' | parallel", "deny"},
		{"echo 'rm -rf ~' | parallel -j4", "deny"},
		{"xargs cat <<< .env", "deny"},
		{"xargs rm -rf <<< ~", "deny"},
		{"xargs -I% cp /tmp/x % <<< .claude/settings.json", "deny"},
		{"xargs rm -rf <<'E'\nbuild\n~\nE", "deny"},
		{"echo .claude/settings.json | xargs cp /tmp/x", "deny"},
		{"rm -rf ${x:=$HOME}", "ask"},
		{"cat ${x:=.env}", "ask"},
		// Look-alikes.
		{"parallel touch ::: a.txt b.txt", "allow"},
		{"parallel echo ::: a b", "allow"},
		{"printf '%s\\n' 'make a' 'make b' | parallel", "allow"},
		{"xargs echo <<< 'a b c'", "allow"},
		{"xargs -n1 touch <<< 'a.txt b.txt'", "allow"},
		{"xargs rm -rf <<< build", "allow"},
		{"echo out/ | xargs cp a.txt", "allow"},
		{"rm -rf ${BUILD:=build}", "allow"},
	})
}
