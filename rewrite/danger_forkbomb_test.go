package rewrite

import "testing"

func TestForkBomb(t *testing.T) {
	t.Parallel()
	testRule(t, "fork-bomb", []ruleCase{
		{":(){ :|:& };:", Deny},
		{":(){ :|: & };:", Deny},
		{"bomb(){ bomb|bomb& }; bomb", Deny},
		{"function b { b | b & }; b", Deny},
		{"f() {\n  f &\n  f\n}\nf", Deny},
		{"bash -c ':(){ :|:& };:'", Deny},
		// Look-alikes.
		{"f() { echo hi; }; f", Allow},
		{"count() { if [ $1 -gt 0 ]; then count $(($1-1)); fi; }; count 3", Allow},
		{"echo ':(){ :|:& };:'", Allow},
		{"grep -F ':(){' notes.md", Allow},
		{"a() { b | b & }; a", Allow}, // calls another function, not itself
		{"f(){ f|f& }; f", Deny},
		{"bomb(){ bomb & bomb; }; bomb", Deny},
		// An endless loop that forks on every turn without waiting.
		{"while true; do sleep 1 & done", Ask},
		{"while :; do sleep 1 & done", Ask},
		{"until false; do sleep 1 & done", Ask},
		{"for ((;;)); do sleep 1 & done", Ask},
		{"while true; do (sleep 1 &); done", Ask},
		{"while true; do if [ -f x ]; then echo; fi; sleep 9 & done", Ask},
		{"bash -c 'while true; do sleep 1 & done'", Ask},
		{"sh -c 'while :\ndo\n  ./worker &\ndone'", Ask}, // on several lines
		// Look-alikes: bounded, waiting, sleeping or breaking loops.
		{"while true; do server & wait; done", Allow},
		{"while true; do notify & sleep 60; done", Allow},
		{"while true; do make; sleep 5; done", Allow},
		{"for i in 1 2 3; do sleep 1 & done", Allow},
		{"while read l; do x \"$l\" & done < list", Allow},
		{"while true; do if x; then break; fi; y & done", Allow},
		{"while [ -f lock ]; do job & done", Allow}, // ends when the file goes
		{"echo 'while true; do sleep 1 & done'", Allow},
		{"ulimit -u unlimited", Allow},
	})
}
