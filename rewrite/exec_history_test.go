package rewrite

import "testing"

// historyCases (red team 15 HX1): history -s puts text in bash's history
// list even in a shell that is not interactive, and history -p prints
// its arguments after history expansion against that list, so the text
// history -s stored is code once eval, bash -c, sh or source runs what
// history -p prints. Each runs for real in bash (runCodeCase): the denied
// ones remove the canary, the look-alikes leave it.
var historyCases = []codeCase{
	{name: "history-p-bang-bang-eval", prog: "bash", cmd: `set -o history; history -s 'rm -rf {home}'; eval "$(history -p '!!')"`, want: Deny, gone: true},
	{name: "history-p-minus-one-eval", prog: "bash", cmd: `history -s 'rm -rf {home}'; eval "$(history -p '!-1')"`, want: Deny, gone: true},
	{name: "history-p-second-last", prog: "bash", cmd: `history -s 'rm -rf {home}'; history -s 'echo hi'; eval "$(history -p '!-2')"`, want: Deny, gone: true},
	{name: "history-p-bash-c", prog: "bash", cmd: `history -s 'rm -rf {home}'; bash -c "$(history -p '!!')"`, want: Deny, gone: true},
	{name: "history-p-pipe-sh", prog: "bash", cmd: `history -s 'rm -rf {home}'; history -p '!!' | sh`, want: Deny, gone: true},
	{name: "history-p-prefix-source", prog: "bash", cmd: `history -s 'rm -rf {home}'; history -s 'echo hi'; source <(history -p '!rm')`, want: Deny, gone: true},
	{name: "history-p-search", prog: "bash", cmd: `history -s 'rm -rf {home}'; history -s 'echo hi'; eval "$(history -p '!?-rf?')"`, want: Deny, gone: true},
	{name: "history-p-quick-subst", prog: "bash", cmd: `history -s 'ls {home}'; eval "$(history -p '^ls^rm -rf')"`, want: Deny, gone: true},
	{name: "history-p-in-subst", prog: "bash", cmd: `history -c; eval "$(history -s 'rm -rf {home}'; history -p '!!')"`, want: Deny, gone: true},
	{name: "history-p-words-around", prog: "bash", cmd: `history -s '{home}'; eval "$(history -p 'rm -rf !!')"`, want: Deny, gone: true},
	// A substitution of several statements prints what each prints.
	{name: "subst-several-statements", prog: "bash", cmd: `eval "$(true; echo 'rm -rf {home}')"`, want: Deny, gone: true},
	{name: "subst-several-statements-source", prog: "bash", cmd: `source <(echo 'rm -rf {home}'; true)`, want: Deny, gone: true},
	{name: "subst-several-statements-look", prog: "bash", cmd: `eval "$(echo a=1; echo b=2)"; echo "$a$b"`, want: Allow},
	// Look-alikes: a harmless entry, text only printed, history listed.
	{name: "history-p-harmless-look", prog: "bash", cmd: `history -s 'ls -la >/dev/null'; eval "$(history -p '!!')"`, want: Allow},
	{name: "history-p-printed-look", prog: "bash", cmd: `history -s 'rm -rf {home}'; history -p '!!' >/dev/null`, want: Allow},
	{name: "history-list-look", prog: "bash", cmd: `history | grep x; history | tail -n 3`, want: Allow},
	{name: "history-p-not-found-look", prog: "bash", cmd: `history -c; history -s 'echo a'; eval "$(history -p '!rm')"`, want: Allow},
}

func TestExecHistory(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs")
	}
	for _, tc := range historyCases {
		t.Run(tc.name, func(t *testing.T) { runCodeCase(t, tc) })
	}
}

// TestHistoryDecisions: history expansions the model does not compute,
// and listings, ask where they are run.
func TestHistoryDecisions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`history -s 'rm -rf ~'; eval "$(history -p '!!:0-2')"`, "ask"},
		{`history -s 'rm -rf ~'; eval "$(history -p '!$')"`, "ask"},
		{`history -s 'rm -rf ~'; eval "$(history -p '!1')"`, "ask"},
		{`eval "$(history -p '!!')"`, "ask"}, // the list only run time knows
		{`eval "$(fc -ln -1)"`, "ask"},
		{`history | tail -n 1 | sh`, "ask"},
		{`history -s "$X"; eval "$(history -p '!!')"`, "ask"},
		{`history -s 'rm -rf ~'; fc -s`, "deny"},
		{`history -s 'rm -rf ~'; fc -e -`, "deny"},
		{`eval "$(true; python3 -c 'print(1)')"`, "ask"},
		// Look-alikes.
		{`eval "$(cd /tmp; ssh-agent -s)"`, "allow"},
		{`history`, "allow"},
		{`history | grep make`, "allow"},
		{`history -p 'echo hi'`, "allow"},
		{`history -c; eval "$(history -p '!!')"`, "allow"},
	})
}
