package syntax

import "testing"

// TestLastArgOracle: $_ is the last word of the command before, after
// expansion, as bash sets it: in the shell itself (a subshell's and a
// pipeline's commands leave it), a function call's own last word rather
// than its body's. Real bash is the oracle; a last word only run time
// knows (a glob's matches) leaves it dynamic.
func TestLastArgOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	staticAfterOracle(t, bash, dir, []preludeWord{
		{"echo / >/dev/null; ", `"$_"`},
		{"echo a b >/dev/null; ", `$_`},
		{": ~; ", `"$_"`},
		{"echo x \"$d\" >/dev/null; ", `"$_"`},
		{"f() { echo inner >/dev/null; }; f outer; ", `"$_"`},
		{"echo a >/dev/null; (echo inner >/dev/null); ", `"$_"`},
		{"echo a >/dev/null; echo q | cat >/dev/null; ", `"$_"`},
		{"if true; then echo t >/dev/null; fi; ", `"$_"`},
		{"echo one >/dev/null; echo two >/dev/null; ", `"$_"`},
		{"false /tmp || d=$_; ", `"$d"`}, // a command that failed still sets $_
	})
	for _, prelude := range []string{"ls /e* >/dev/null; ", "echo \"$RANDOM\" >/dev/null; ", "x=1; "} {
		if _, st, _ := corralFieldsAfter(t, dir, oraclePrelude+prelude, `"$_"`); st {
			t.Errorf("%q: $_ static, want dynamic", prelude)
		}
	}
}

// TestCdableVarsOracle: with shopt -s cdable_vars, cd NAME goes to $NAME
// when there is no directory NAME (bash(1)); real bash says where.
func TestCdableVarsOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	staticAfterOracle(t, bash, dir, []preludeWord{
		{"shopt -s cdable_vars; h=/; cd h >/dev/null; ", `"$PWD"`},
		{"shopt -s cdable_vars; h=/tmp; cd h >/dev/null; ", `"$PWD"`},
	})
}
