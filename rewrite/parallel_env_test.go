package rewrite

import "testing"

// TestParallelEnvWords: GNU parallel puts the words of $PARALLEL before
// its own (parallel(1), ENVIRONMENT VARIABLES), options and command
// alike, so PARALLEL='rm -rf' parallel ::: ~ runs rm -rf ~. The model
// puts them after the word that starts parallel when the value is
// known: a prefix assignment, an export earlier in the command, env
// NAME=VALUE before parallel.
func TestParallelEnvWords(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa": "k\n",
		"proj/a":           "a\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`PARALLEL='rm -rf' parallel ::: ~`, "deny"},
		{`export PARALLEL='rm -rf'; parallel ::: ~`, "deny"},
		{`env PARALLEL='rm -rf' parallel ::: ~`, "deny"},
		{`PARALLEL='-I{} rm -rf {}' parallel ::: ~`, "deny"},
		{`PARALLEL=cat parallel ::: ~/.ssh/id_rsa`, "deny"},
		{`PARALLEL=-j2 parallel rm -rf ::: ~`, "deny"},
		// Look-alikes: options only, and a parallel that drops it.
		{`PARALLEL='-j4 --bar' parallel gzip ::: a`, "allow"},
		{`PARALLEL=-j2 parallel echo ::: ~`, "allow"},
		{`env -u PARALLEL parallel echo ::: a`, "allow"},
	})
}
