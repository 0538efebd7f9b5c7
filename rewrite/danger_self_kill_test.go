package rewrite

import "testing"

// TestSelfKill: a signal to corral's own hook process switches corral off
// (an agent runs the tool call when its hook dies or times out), so pkill,
// killall and kill of the pids pgrep or pidof print that can select it
// are denied, whatever signal ends or stops it (each passed). Look-alikes:
// signal 0 and CONT, names and patterns that cannot select corral (pkill
// -x corra, pkill -f webhook-server), pkill -v, a pattern every process
// matches (power asks), pgrep alone.
func TestSelfKill(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Protected = []string{"/home/u/.local/bin/corral", "/home/u/.local/state/corral"}
	testRuleWith(t, cfg, "corral-self", []ruleCase{
		{"pkill -f corral", Deny},
		{`pkill -f "corral hook"`, Deny},
		{"pkill -9 corr", Deny},
		{"pkill -STOP -f corral", Deny},
		{"pkill --signal=KILL -if CORRAL", Deny},
		{`pkill -f "[c]orral"`, Deny},
		{"pkill -f hook", Deny},
		{"killall corral", Deny},
		{"killall -s STOP corral", Deny},
		{"killall -r '^cor'", Deny},
		{"killall /home/u/.local/bin/corral", Deny},
		{"kill $(pgrep corral)", Deny},
		{"kill -9 $(pidof corral)", Deny},
		{"pgrep -f corral | xargs kill -9", Deny},
		{"while :; do pkill -f corral; done &", Deny},
		{"bash -c 'pkill -f corral'", Deny},
		// Look-alikes.
		{"kill -0 $(pgrep corral)", Allow},
		{"pkill -CONT corral", Allow},
		{"pgrep corral", Allow},
		{"pkill -x corra", Allow},
		{"pkill -f webhook-server", Allow},
		{"killall python3", Allow},
		{"killall corr", Allow},
		{"pkill -v corral", Allow},
		{"pkill -9 .", Allow},
		{"kill %1", Allow},
	})
}
