package rewrite

import "testing"

// TestTrapOnOnePath: a DEBUG trap's value is certain before later
// commands only when the trap was set on every path (if c; then trap
// 'D=build' DEBUG; fi leaves D one of its old value and build: with c
// false bash deletes ~), and a RETURN trap's is certain right after a
// function that inherits it (set -T, declare -ft) returns.
// TestTrapVarsAgainstBash (syntax) checks each value in real bash.
func TestTrapOnOnePath(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.claude/settings.json": "{}", "home/.bashrc": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`if test -f x; then trap 'D=build' DEBUG; fi; D=~; rm -rf "$D"`, "deny"},
		{`test -f x && trap 'D=build' DEBUG; D=~; rm -rf "$D"`, "deny"},
		{`(trap 'D=build' DEBUG); D=~; rm -rf "$D"`, "deny"},
		{`trap 'D=~' RETURN; set -T; f(){ :; }; D=build; f; rm -rf "$D"`, "deny"},
		{`trap 'D=build' RETURN; set -T; f(){ :; }; D=~; f; trap - RETURN; rm -rf "$D"`, "allow"},
		// Look-alikes: set on every path, as bash runs them.
		{`trap 'D=build' DEBUG; D=~; rm -rf "$D"`, "allow"},
		{`f(){ trap 'D=build' DEBUG; }; f; D=~; rm -rf "$D"`, "allow"},
		{`trap 'D=build' RETURN; set -T; f(){ :; }; D=~; f; rm -rf "$D"`, "allow"},
		{`trap 'D=build' RETURN; f(){ :; }; declare -ft f; D=~; f; rm -rf "$D"`, "allow"},
	})
}
