package rewrite

import "testing"

// TestDebugTrapFunctrace: under set -T (set -o functrace, shopt -s
// extdebug) or a function's trace attribute (declare -ft f) bash runs
// the DEBUG trap before every command inside functions, subshells and
// substitutions too, so a constant the trap assigns is the value there
// (syntax's TestTrapVarsAgainstBash holds each reading to real bash).
// Without them the trap's value stays one of two there: the old value
// is judged too.
func TestDebugTrapFunctrace(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.claude/settings.json": "{}", "proj/build/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`trap 'D=build' DEBUG; set -T; f(){ D=~; rm -rf "$D"; }; f`, "allow"},
		{`trap 'D=build' DEBUG; shopt -s extdebug; (D=~; rm -rf "$D")`, "allow"},
		{`trap 'D=build' DEBUG; f(){ D=~; rm -rf "$D"; }; declare -ft f; f`, "allow"},
		// No functrace in the command: the old value is possible.
		{`trap 'D=build' DEBUG; f(){ D=~; rm -rf "$D"; }; f`, "deny"},
		{`trap 'D=build' DEBUG; (D=~; rm -rf "$D")`, "deny"},
		{`trap 'D=build' DEBUG; set -T; set +T; f(){ D=~; rm -rf "$D"; }; f`, "deny"},
		{`trap 'D=build' DEBUG; g(){ local -; set -T; }; g; f(){ D=~; rm -rf "$D"; }; f`, "deny"},
		// The trap's own value is judged wherever it runs.
		{`trap 'D=~' DEBUG; set -T; f(){ D=build; rm -rf "$D"; }; f`, "deny"},
	})
}
