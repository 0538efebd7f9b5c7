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
	})
}
